/**
 * A real editor as the LSP client: headless Neovim (Debian's 0.7.2, `apt-get install neovim`) runs
 * `innolint lsp --stdio` from the bundle, receives diagnostics, asks for a hover and code actions.
 * Skips, saying why, when nvim or the bundle (npm run build) is missing.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scratch } from "./helpers/run.js";
import { requireOracle } from "./helpers/require-oracle.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const bundle = resolve(here, "../dist/cli.js");
const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const missing = nvim.error ? "nvim is not installed (apt-get install neovim)" : !existsSync(bundle) ? `${bundle} is missing (npm run build)` : undefined;
requireOracle("neovim", missing);
if (missing) console.warn(`lsp-neovim: skipped: ${missing}`);

const LUA = String.raw`
-- Neovim 0.7 has no vim.lsp.start: start_client + buf_attach_client.
local out = os.getenv('OUT')
local result = {}
local got = false
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, res, ctx, config)
  vim.lsp.diagnostic.on_publish_diagnostics(err, res, ctx, config)
  if #res.diagnostics > 0 then result.published = res; got = true end
end
local id = vim.lsp.start_client({ name = 'innolint', cmd = vim.fn.json_decode(os.getenv('LSP_CMD')), root_dir = vim.fn.getcwd() })
vim.lsp.buf_attach_client(0, id)
result.ok = vim.wait(30000, function() return got end, 50)
vim.wait(200)
result.vimdiag = vim.diagnostic.get(0)
local uri = vim.uri_from_bufnr(0)
local function ask(method, params)
  local r = vim.lsp.buf_request_sync(0, method, params, 10000)
  return r and r[id] and r[id].result
end
result.hover = ask('textDocument/hover', { textDocument = { uri = uri }, position = { line = 1, character = 3 } })
if result.published then
  local d = result.published.diagnostics[1]
  result.actions = ask('textDocument/codeAction', { textDocument = { uri = uri }, range = d.range, context = { diagnostics = { d } } })
end
result.completion = ask('textDocument/completion', { textDocument = { uri = uri }, position = { line = 2, character = 11 } })
local f = io.open(out, 'w'); f:write(vim.fn.json_encode(result)); f:close()
vim.lsp.stop_client(id)
vim.cmd(result.ok and 'qa!' or 'cq')
`;

describe.skipIf(missing !== undefined)("Neovim as the client", () => {
  it("shows innolint's diagnostics, hover and code actions", () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25" }),
      "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\ninnodb_flu\n",
      "client.lua": LUA,
    });
    const out = join(dir, "result.json");
    const run = spawnSync("nvim", ["--headless", "--clean", "-c", "luafile client.lua", "my.cnf"], {
      cwd: dir,
      env: { ...process.env, OUT: out, LSP_CMD: JSON.stringify([process.execPath, bundle, "lsp", "--stdio"]) },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(run.status, `nvim: ${run.stderr}\n${run.stdout}`).toBe(0);
    const result = JSON.parse(readFileSync(out, "utf8"));
    writeFileSync(join(dir, "result.pretty.json"), JSON.stringify(result, null, 2));
    const published = result.published.diagnostics as { code: string; message: string; range: { start: { line: number } } }[];
    const sort = published.find((d) => d.code === "sort-buffer-oversized")!;
    expect(sort.message).toMatch(/64× the 1M default[\s\S]*\nbuild .* merge passes/);
    // What Neovim's diagnostic framework holds for the buffer: what the user sees inline.
    const shown = result.vimdiag as { lnum: number; message: string; source: string; severity: number }[];
    expect(shown.find((d) => d.lnum === 1 && d.source === "innolint")?.severity).toBe(2);
    expect(shown.some((d) => d.lnum === 2 && /unknown variable|innodb_flu/i.test(d.message))).toBe(true);
    expect(result.hover.contents.value).toMatch(/\*\*innodb_sort_buffer_size\*\*[\s\S]*Effective value: \*\*64M/);
    expect((result.actions as { title: string }[]).map((a) => a.title)).toContain("Disable sort-buffer-oversized for this line");
    const items = Array.isArray(result.completion) ? result.completion : result.completion.items;
    expect((items as { label: string }[]).some((i) => i.label === "innodb_flush_log_at_trx_commit")).toBe(true);
  });
});
