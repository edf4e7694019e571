/**
 * A real editor as the LSP client: headless Emacs with eglot (Debian: `apt-get install emacs-nox
 * elpa-eglot`; built into Emacs 29+) runs `innolint lsp --stdio` from the bundle on a my.cnf, and the
 * diagnostic reaches eglot and flymake; then a hover, and a polite shutdown the server obeys.
 * Skips, saying why, when emacs, eglot or the bundle (npm run build) is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratch } from "./helpers/run.js";
import { requireOracle } from "./helpers/require-oracle.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const bundle = resolve(here, "../dist/cli.js");

function why(): string | undefined {
  const emacs = spawnSync("emacs", ["--version"], { encoding: "utf8" });
  if (emacs.error || emacs.status !== 0) return "emacs is not installed (apt-get install emacs-nox elpa-eglot)";
  const eglot = spawnSync(
    "emacs",
    ["--batch", "--eval", `(progn (require 'package) (package-initialize) (princ (if (require 'eglot nil t) "eglot-ok" "none")))`],
    {
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  if (!/eglot-ok/.test(eglot.stdout ?? "")) return "eglot is not available to emacs (apt-get install elpa-eglot)";
  if (!existsSync(bundle)) return `${bundle} is missing (npm run build)`;
  return undefined;
}
const missing = why();
requireOracle("emacs with eglot", missing);
if (missing) console.warn(`lsp-eglot: skipped: ${missing}`);

// After /work/shared/tools/editor-e2e/eglot-test.el. eglot-ensure defers the connection to the next
// command, and --batch runs none: post-command-hook is run by hand.
const CLIENT_EL = String.raw`
(require 'package) (package-initialize)
(require 'eglot)
(require 'json)
(defvar my/got nil)
(cl-defmethod eglot-handle-notification :before
  (_server (_method (eql textDocument/publishDiagnostics)) &key uri diagnostics &allow-other-keys)
  (when (> (length diagnostics) 0) (setq my/got (list :uri uri :diagnostics diagnostics))))
(add-to-list 'eglot-server-programs (cons 'conf-unix-mode (append (json-read-from-string (getenv "LSP_CMD")) nil)))
(find-file "my.cnf")
(conf-unix-mode)
(eglot-ensure)
(run-hooks 'post-command-hook)
(let ((deadline (+ (float-time) 30)))
  (while (and (not my/got) (< (float-time) deadline))
    (accept-process-output nil 0.1)))
(sit-for 1.0) ;; let flymake take the report
(let* ((server (eglot-current-server))
       (proc (and server (jsonrpc--process server)))
       (hover (and server my/got
                   (ignore-errors
                     (jsonrpc-request server :textDocument/hover
                                      (list :textDocument (eglot--TextDocumentIdentifier)
                                            :position (list :line 1 :character 3))))))
       (flymake (mapcar (lambda (d)
                          (list :line (line-number-at-pos (flymake-diagnostic-beg d))
                                :type (symbol-name (flymake-diagnostic-type d))
                                :text (flymake-diagnostic-text d)))
                        (flymake-diagnostics)))
       (exit nil))
  ;; shutdown + exit by hand: eglot-shutdown deletes the process right after "exit" (Emacs 28's
  ;; jsonrpc), which would hide whether the server leaves by itself.
  (when server
    (setf (eglot--shutdown-requested server) t)
    (ignore-errors (jsonrpc-request server :shutdown nil :timeout 10))
    (ignore-errors (jsonrpc-notify server :exit nil))
    (let ((deadline (+ (float-time) 10)))
      (while (and (process-live-p proc) (< (float-time) deadline))
        (accept-process-output nil 0.1)))
    (setq exit (if (process-live-p proc) "running" (format "%s %s" (process-status proc) (process-exit-status proc))))
    (ignore-errors (jsonrpc-shutdown server t)))
  (with-temp-file (getenv "OUT")
    (insert (json-encode (list :server (and server (plist-get (eglot--server-info server) :name))
                               :published my/got
                               :flymake (vconcat flymake)
                               :hover hover
                               :exit exit))))
  (message (if my/got "DIAGNOSTICS RECEIVED" "TIMEOUT"))
  (kill-emacs (if my/got 0 1)))
`;

describe.skipIf(missing !== undefined)("Emacs eglot as the client", () => {
  it("receives innolint's diagnostic over stdio, shows it in flymake, gets a hover, and the server exits on shutdown + exit", () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25" }),
      "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\nmax_connections = 100\n",
      "client.el": CLIENT_EL,
    });
    const out = join(dir, "result.json");
    const run = spawnSync("emacs", ["--batch", "-l", "client.el"], {
      cwd: dir,
      // HOME in the scratch directory: no user package directory or init file comes in.
      env: { ...process.env, HOME: dir, OUT: out, LSP_CMD: JSON.stringify([process.execPath, bundle, "lsp", "--stdio"]) },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status, `emacs: ${run.stderr}\n${run.stdout}`).toBe(0);
    const result = JSON.parse(readFileSync(out, "utf8"));
    expect(result.server).toBe("innolint");
    const published = result.published.diagnostics as {
      code: string;
      severity: number;
      message: string;
      range: { start: { line: number; character: number } };
    }[];
    const sort = published.find((d) => d.code === "sort-buffer-oversized")!;
    expect(sort, JSON.stringify(published)).toBeDefined();
    expect(sort.range.start).toEqual({ line: 1, character: 0 });
    expect(sort.severity).toBe(2);
    expect(sort.message).toMatch(/merge passes/);
    // What flymake holds for the buffer: what the user sees on line 2.
    const shown = result.flymake as { line: number; type: string; text: string }[];
    expect(
      shown.some((d) => d.line === 2 && /warning/.test(d.type) && /innodb_sort_buffer_size=64M/.test(d.text)),
      JSON.stringify(shown),
    ).toBe(true);
    expect(result.hover?.contents?.value).toMatch(/sort-buffer-oversized|innodb_sort_buffer_size/);
    expect(result.exit).toBe("exit 0");
  });
});
