/**
 * The packaged extension in a real VS Code: code-server 4.100.3 (VS Code 1.100.3) in headless
 * Chromium, driven by playwright-core. Installs the .vsix, opens my.cnf, and checks the warning
 * squiggles, a hover with the rule's evidence and the variable's entry, a safe quick fix, the
 * commands, and a re-lint when the configuration file (named by innolint.configPath) changes.
 * Screenshots go to packages/vscode-extension/test-artifacts/.
 *
 * Needs: chromium (Debian), code-server (scripts/install-e2e.sh puts it in /opt/innolint-e2e, or set
 * CODE_SERVER), and the built WebAssembly. Skips, saying why, when one is missing.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../linter/test/helpers/tmp.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const artifacts = join(pkg, "test-artifacts");
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";

function findCodeServer(): string | undefined {
  if (process.env.CODE_SERVER && existsSync(process.env.CODE_SERVER)) return process.env.CODE_SERVER;
  const onPath = spawnSync("sh", ["-c", "command -v code-server"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const local = "/opt/innolint-e2e/node_modules/.bin/code-server";
  return existsSync(local) ? local : undefined;
}

async function loadPlaywright(): Promise<typeof import("playwright-core") | undefined> {
  try {
    return await import("playwright-core");
  } catch {
    return undefined;
  }
}

const codeServer = findCodeServer();
const playwright = await loadPlaywright();
const missing = !existsSync(chromium)
  ? `no Chromium at ${chromium} (apt-get install chromium)`
  : !codeServer
    ? "code-server is not installed (packages/vscode-extension/scripts/install-e2e.sh)"
    : !playwright
      ? "playwright-core is not installed (npm ci)"
      : !existsSync(resolve(pkg, "../linter/wasm/tree-sitter-mycnf.wasm"))
        ? "the grammars' WebAssembly is not built (scripts/setup.sh)"
        : undefined;
if (missing) console.warn(`code-server e2e: skipped: ${missing}`);

const MY_CNF = [
  "[mysqld]",
  "innodb_sort_buffer_size = 64M",
  "innodb_flush_log_at_trx_commit = 2",
  "innodb_buffer_pool_size = 1G",
  "innodb_buffer_pool_dump_at_shutdown = OFF",
  "sort_buffer_size = 2M",
  "sort_buffer_size = 4M",
  "",
].join("\n");

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}

async function waitHealthy(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`code-server did not come up at ${url}`);
}

if (missing && process.env.INNOLINT_REQUIRE_ORACLE === "1") throw new Error(`code-server is required (INNOLINT_REQUIRE_ORACLE=1) but unavailable: ${missing}`);
describe.skipIf(missing !== undefined)("the extension in code-server (headless Chromium)", () => {
  let server: ChildProcess | undefined;
  let url = "";
  let workspace = "";
  let log = "";
  let socketDir = "";

  beforeAll(async () => {
    const built = spawnSync("npm", ["run", "package", "--silent"], { cwd: pkg, encoding: "utf8" });
    if (built.status !== 0) throw new Error(`npm run package failed:\n${built.stdout}\n${built.stderr}`);
    const home = tempDir("innolint-code-server-");
    // VS Code puts its IPC and git sockets in TMPDIR: a short one of its own (a socket path must fit
    // in 107 bytes), removed when the server stops, so the suite's temporary folder stays clean.
    socketDir = mkdtempSync("/tmp/ics-");
    const env = { ...process.env, HOME: home, TMPDIR: socketDir };
    const dirs = ["--user-data-dir", join(home, "data"), "--extensions-dir", join(home, "extensions")];
    const installed = spawnSync(codeServer!, [...dirs, "--install-extension", join(pkg, "innolint.vsix")], { encoding: "utf8", timeout: 120_000, env });
    if (installed.status !== 0) throw new Error(`--install-extension failed:\n${installed.stdout}\n${installed.stderr}`);
    // No update checks, gallery queries or telemetry: the test talks to 127.0.0.1 only.
    mkdirSync(join(home, "data", "User"), { recursive: true });
    writeFileSync(
      join(home, "data", "User", "settings.json"),
      JSON.stringify({
        "update.mode": "none",
        "extensions.autoCheckUpdates": false,
        "extensions.autoUpdate": false,
        "extensions.ignoreRecommendations": true,
        "telemetry.telemetryLevel": "off",
        "workbench.enableExperiments": false,
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
      }),
    );
    workspace = join(home, "workspace");
    mkdirSync(workspace);
    writeFileSync(join(workspace, ".innolint.json"), JSON.stringify({ root: true, target: "mysql-8.0.25" }));
    writeFileSync(join(workspace, "my.cnf"), MY_CNF);
    // Editor settings over the configuration: duplicate-option is off in this workspace, and the
    // configuration file is one of another name (the server asks the editor to watch it).
    mkdirSync(join(workspace, ".vscode"));
    mkdirSync(join(workspace, "lint"));
    writeFileSync(join(workspace, "lint", "editor-rules.json"), JSON.stringify({ root: true, target: "mysql-8.0.25" }));
    writeFileSync(
      join(workspace, ".vscode", "settings.json"),
      JSON.stringify({ "innolint.rules": { "duplicate-option": "off" }, "innolint.configPath": "lint/editor-rules.json" }),
    );
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(
      codeServer!,
      [...dirs, "--bind-addr", `127.0.0.1:${port}`, "--auth", "none", "--disable-workspace-trust", "--disable-telemetry", "--disable-update-check", workspace],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...env, EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: "http://127.0.0.1:9/gallery", itemUrl: "http://127.0.0.1:9/item" }) },
      },
    );
    server.stdout?.on("data", (d) => (log += d));
    server.stderr?.on("data", (d) => (log += d));
    await waitHealthy(url, 60_000);
    mkdirSync(artifacts, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.once("exit", done));
      server.kill();
      await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
    }
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    if (log) writeFileSync(join(artifacts, "code-server.log"), log);
  });

  it("shows squiggles, a hover with evidence and the variable's entry, and applies a safe quick fix", async () => {
    const browser = await playwright!.chromium.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox"] });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const shot = (name: string) => page.screenshot({ path: join(artifacts, name) });
    try {
      await page.goto(`${url}/?folder=${encodeURIComponent(workspace)}`, { waitUntil: "domcontentloaded" });
      await page.waitForSelector(".monaco-workbench", { timeout: 90_000 });
      await page.locator(".explorer-folders-view .monaco-list-row", { hasText: "my.cnf" }).first().dblclick({ timeout: 90_000 });
      await page.waitForSelector(".monaco-editor .view-lines", { timeout: 30_000 });
      await page.waitForSelector(".monaco-editor .squiggly-warning", { timeout: 90_000 });
      expect(await page.locator(".monaco-editor .squiggly-warning").count()).toBeGreaterThanOrEqual(3);
      const language = await page
        .locator("#status\\.editor\\.mode")
        .first()
        .innerText()
        .catch(() => "?");
      expect(language).toMatch(/MySQL option file/);

      await page.keyboard.press("Control+Shift+M");
      const row = page.locator(".markers-panel .monaco-list-row", { hasText: "64× the 1M default" });
      await row.first().waitFor({ timeout: 30_000 });
      await shot("1-squiggles-and-problems.png");
      expect(await page.locator(".markers-panel").innerText()).not.toMatch(/is set again/);

      // Hover the variable name on line 2: the finding's evidence and the variable's entry.
      const line = page.locator(".monaco-editor .view-lines .view-line", { hasText: "innodb_sort_buffer_size" }).first();
      const box = (await line.boundingBox())!;
      await page.mouse.move(box.x + 40, box.y + box.height / 2);
      const hover = page.locator(".monaco-hover", { hasText: "Evidence" });
      await hover.first().waitFor({ timeout: 30_000 });
      const hoverText = await hover.first().innerText();
      expect(hoverText).toMatch(/sort-buffer-oversized/);
      expect(hoverText).toMatch(/CONFIRMED/);
      await page.mouse.wheel(0, 0);
      await shot("2-hover.png");
      await page.keyboard.press("Escape");

      // Quick fix on line 5: the safe fix is preferred; apply it.
      await page
        .locator(".monaco-editor .view-lines")
        .first()
        .click({ position: { x: 5, y: 5 } });
      await page.keyboard.press("Control+g");
      await page.keyboard.type("5:10");
      await page.keyboard.press("Enter");
      await page.locator(".statusbar-item", { hasText: "Ln 5, Col 10" }).first().waitFor({ timeout: 10_000 });
      await page.keyboard.press("Control+.");
      const fix = page.locator(".action-widget .monaco-list-row", { hasText: "Fix (safe)" });
      await fix.first().waitFor({ timeout: 30_000 });
      const menu = await page.locator(".action-widget").first().innerText();
      expect(menu).toMatch(/Disable buffer-pool-dump-disabled for this line/);
      await shot("3-quick-fix-menu.png");
      await page.keyboard.press("Enter"); // the first entry, the preferred safe fix, is selected
      await page.locator(".monaco-editor .view-lines .view-line", { hasText: "innodb_buffer_pool_dump_at_shutdown = ON" }).first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => !document.querySelector(".markers-panel")?.textContent?.includes("no page list is saved"), undefined, {
        timeout: 30_000,
      });
      await shot("4-after-quick-fix.png");

      // Commands: the simulator's chart for the setting under the cursor, and the effective configuration.
      // Focus can sit in a webview after a tab switch, where F1 never reaches the workbench; so the
      // palette is opened until it shows, and the query is filled rather than typed key by key.
      const command = async (title: string) => {
        const entry = page.locator(".quick-input-list .monaco-list-row", { hasText: title.replace(/^innolint: /, "") }).first();
        for (let attempt = 1; ; attempt++) {
          await page.keyboard.press("F1");
          const input = page.locator(".quick-input-widget input").first();
          try {
            await input.waitFor({ state: "visible", timeout: 5_000 });
            await input.fill(`>${title}`);
            await entry.waitFor({ timeout: 10_000 });
            break;
          } catch (e) {
            await page.keyboard.press("Escape");
            if (attempt === 3) throw e;
          }
        }
        await entry.click();
      };
      await page.keyboard.press("Control+g");
      await page.keyboard.type("2:5");
      await page.keyboard.press("Enter");
      await command("innolint: Simulate impact");
      await page.locator(".tab", { hasText: "Simulate innodb_sort_buffer_size" }).first().waitFor({ timeout: 30_000 });
      const chart = page.frameLocator("iframe.webview").frameLocator("iframe").locator("svg");
      await chart.first().waitFor({ timeout: 30_000 });
      expect(await page.frameLocator("iframe.webview").frameLocator("iframe").locator("body").innerText()).toMatch(/innodb_sort_buffer_size = 64M/);
      await shot("5-simulate-impact.png");
      await page.locator(".tab", { hasText: "my.cnf" }).first().click();
      await page
        .locator(".monaco-editor .view-lines")
        .first()
        .click({ position: { x: 5, y: 5 } });
      // Markdown answers open as a rendered preview of a read-only document, inside a webview's frames.
      const webviewShows = async (selector: string, text: string | RegExp, timeout = 30_000) => {
        const deadline = Date.now() + timeout;
        for (;;) {
          for (const frame of page.frames()) {
            if (
              (await frame
                .locator(selector, { hasText: text })
                .count()
                .catch(() => 0)) > 0
            )
              return frame;
          }
          if (Date.now() > deadline) throw new Error(`no webview shows ${selector} with ${String(text)}`);
          await page.waitForTimeout(250);
        }
      };
      await command("innolint: Show effective config");
      await page.locator(".tab", { hasText: "effective-config-my.cnf" }).first().waitFor({ timeout: 30_000 });
      const effective = await webviewShows("table tr", "innodb_buffer_pool_dump_at_shutdown");
      expect(await effective.locator("table tr", { hasText: "innodb_buffer_pool_dump_at_shutdown" }).first().innerText()).toMatch(/ON\s+ON\s+my\.cnf:5/);
      await shot("6-effective-config.png");
      await page.locator(".tab", { hasText: "my.cnf" }).first().click();
      await page.keyboard.press("Control+g");
      await page.keyboard.type("3:5");
      await page.keyboard.press("Enter");
      await command("innolint: Explain rule");
      await page.locator(".tab", { hasText: "relaxed-commit-durability" }).first().waitFor({ timeout: 30_000 });
      await webviewShows("h2", /^Why$/);
      // Read-only: nothing asks to be saved.
      expect(await page.locator(".tab.dirty").count()).toBe(0);
      await shot("7-explain-rule.png");

      // The configuration file changes on disk: the editor's watcher tells the server, which re-lints.
      await page.locator(".tab", { hasText: "my.cnf" }).first().click();
      const problems = () => page.locator(".markers-panel").first().innerText();
      expect(await problems()).toMatch(/relaxed-commit-durability/);
      writeFileSync(
        join(workspace, "lint", "editor-rules.json"),
        JSON.stringify({ root: true, target: "mysql-8.0.25", rules: { "relaxed-commit-durability": "off" } }),
      );
      await page.waitForFunction(() => !document.querySelector(".markers-panel")?.textContent?.includes("relaxed-commit-durability"), undefined, {
        timeout: 60_000,
      });
      expect(await problems()).toMatch(/64× the 1M default/);
      await shot("8-config-file-changed.png");
    } catch (e) {
      await shot("failure.png").catch(() => undefined);
      throw new Error(`${(e as Error).message}\ncode-server log:\n${log.slice(-4000)}`);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
