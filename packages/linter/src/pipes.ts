/**
 * A reader that stops early (`innolint facts big.sql | head -c 10`, `innolint rules | true`)
 * closes the pipe: the next write fails with EPIPE. innolint then stops at once and silently, with
 * the status a shell reports for a C tool killed by SIGPIPE (128 + 13), so that a pipeline under
 * `set -o pipefail` sees what it sees for `grep` or `cat`. Node ignores SIGPIPE itself, so the
 * status is set by hand.
 */
export const CLOSED_PIPE_EXIT = 141;

type Exit = (code: number) => never;

export function exitOnClosedPipe(stream: NodeJS.WriteStream, exit: Exit = (code) => process.exit(code)): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    // Writes after the first failure report the stream as destroyed: the same closed pipe.
    if (e.code === "EPIPE" || e.code === "ERR_STREAM_DESTROYED") exit(CLOSED_PIPE_EXIT);
    throw e;
  });
}
