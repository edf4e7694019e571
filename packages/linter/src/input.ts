import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { unreadableReason } from "./errno.js";

/**
 * What innolint reads, and how much of it at most. A file above its bound is refused (or, for SQL
 * above SQL_STREAM_ABOVE, streamed by sql/stream.ts), never pulled into memory without limit.
 */
export type InputKind = "config" | "baseline" | "snapshot" | "option-file" | "sql" | "stdin" | "certificate";

const MB = 1024 * 1024;

/**
 * Why these sizes: a configuration is a handful of rule settings (1 MB is a thousand times a large
 * one); a baseline holds about 200 bytes per accepted finding (64 MB is 300,000 findings); a live
 * snapshot about 250 bytes per table (128 MB is half a million tables); an option file follows
 * DEFAULT_MAX_BYTES in optionfile/model.ts; SQL is read whole up to SQL_MAX_BYTES (sql/read.ts)
 * and streamed above SQL_STREAM_ABOVE; standard input cannot be streamed, so it gets the bound a
 * SQL file read whole gets; a CA certificate bundle is a few hundred KB.
 */
export const INPUT_LIMITS: Record<InputKind, number> = {
  config: 1 * MB,
  baseline: 64 * MB,
  snapshot: 128 * MB,
  "option-file": 10 * MB,
  sql: 50 * MB,
  stdin: 50 * MB,
  certificate: 4 * MB,
};

/** A file innolint refuses or cannot read; `message` does not repeat the path. */
export class InputFileError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly code?: string,
  ) {
    super(`${file}: ${reason}`);
  }
}

/** "a FIFO", "a character device", …: what a path is when it is not a regular file. */
export function fileTypeName(st: Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

export function notRegularReason(st: Stats): string {
  const what = fileTypeName(st);
  return what === "not a regular file"
    ? "is not a regular file; innolint reads only regular files"
    : `is ${what}, not a regular file; innolint reads only regular files`;
}

function sizeText(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes} bytes`;
}

/**
 * Opens a path for reading without blocking on a FIFO (O_NONBLOCK) and checks the descriptor, not
 * the path, so that nothing can be swapped in between: only a regular file is accepted. The caller
 * closes the descriptor.
 */
export function openRegular(path: string): { fd: number; stats: Stats } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EISDIR") throw new InputFileError(path, "is a directory, not a regular file", code);
    throw new InputFileError(path, code === "ENOENT" ? "no such file" : unreadableReason(code), code);
  }
  let stats: Stats;
  try {
    stats = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputFileError(path, unreadableReason(code), code);
  }
  if (!stats.isFile()) {
    closeSync(fd);
    throw new InputFileError(path, notRegularReason(stats), "not-regular");
  }
  return { fd, stats };
}

/**
 * Reads up to max + 1 bytes of a descriptor: one more than allowed tells "too large" apart. `sizeHint`
 * (a regular file's fstat size) sizes the first buffer, so a small file costs one buffer of its size
 * rather than a megabyte each: a run over thousands of migrations allocated a gigabyte that way.
 */
function readUpTo(fd: number, max: number, sizeHint = MB): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let chunk = Buffer.allocUnsafe(Math.max(1, Math.min(max + 1, sizeHint + 1, MB)));
  while (total <= max) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, Math.min(chunk.length, max + 1 - total), null);
    } catch (e) {
      // A non-blocking pipe on standard input with nothing yet: wait briefly and read again.
      if ((e as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      throw e;
    }
    if (n <= 0) break;
    chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    total += n;
    // The next read into a buffer of its own (the previous one is kept as read); past the size fstat
    // gave, a small one from Node's pool only finds the end of the file.
    chunk = Buffer.allocUnsafe(Math.min(max + 1 - total, total >= sizeHint ? 4096 : MB) || 1);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
}

/**
 * Reads a whole regular file of a kind, within its bound. Throws InputFileError naming the file
 * for a FIFO, a device, a directory, a missing or unreadable file, or one above the bound (also
 * one that grows past it while being read).
 */
export function readBounded(path: string, kind: InputKind, limit = INPUT_LIMITS[kind]): Buffer {
  const { fd, stats } = openRegular(path);
  try {
    if (stats.size > limit) throw new InputFileError(path, `is ${stats.size} bytes, over the ${sizeText(limit)} limit for ${describe(kind)}`, "too-large");
    let bytes: Buffer;
    try {
      bytes = readUpTo(fd, limit, stats.size);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new InputFileError(path, code === "EISDIR" ? "is a directory, not a regular file" : unreadableReason(code), code);
    }
    if (bytes.length > limit) throw new InputFileError(path, `grew past the ${sizeText(limit)} limit for ${describe(kind)} while being read`, "too-large");
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** As readBounded, decoded as UTF-8 (invalid sequences become U+FFFD, as readFileSync(path, "utf8") did). */
export function readBoundedText(path: string, kind: InputKind, limit?: number): string {
  return readBounded(path, kind, limit).toString("utf8");
}

/** The first bytes of a regular file (to tell its kind by content); "" when it cannot be read. */
export function readHead(path: string, bytes: number): string {
  let opened;
  try {
    opened = openRegular(path);
  } catch {
    return "";
  }
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(opened.fd, head, 0, head.length, 0)).toString("utf8");
  } catch {
    return "";
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Standard input, which may be a pipe or a device (`- < /dev/zero`): read up to its bound, so that
 * an endless input ends with an error instead of growing without limit.
 */
export function readStdinBounded(fd = 0, limit = INPUT_LIMITS.stdin): Buffer {
  let bytes: Buffer;
  try {
    bytes = readUpTo(fd, limit);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EOF") return Buffer.alloc(0);
    throw new InputFileError("standard input", unreadableReason(code), code);
  }
  if (bytes.length > limit) {
    throw new InputFileError(
      "standard input",
      `is over the ${sizeText(limit)} limit for standard input; save it to a file, which innolint streams`,
      "too-large",
    );
  }
  return bytes;
}

function describe(kind: InputKind): string {
  switch (kind) {
    case "config":
      return "a configuration file";
    case "baseline":
      return "a baseline";
    case "snapshot":
      return "a live snapshot";
    case "option-file":
      return "an option file";
    case "sql":
      return "reading a SQL file whole";
    case "stdin":
      return "standard input";
    case "certificate":
      return "a certificate file";
  }
}

/** Standard input as UTF-8 text, or why it cannot be linted. */
export function stdinText(read: () => Buffer): string | { error: string } {
  let bytes: Buffer;
  try {
    bytes = read();
  } catch (e) {
    if (!(e instanceof InputFileError)) throw e;
    return { error: `standard input ${e.reason}` };
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { error: "standard input is not valid UTF-8" };
  }
}
