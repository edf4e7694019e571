import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { escapeMarkdown } from "../src/reporters/markdown.js";
import { run } from "./helpers/run.js";
import { requireOracle } from "./helpers/require-oracle.js";

const fixture = join(__dirname, "..", "..", "..", "fixtures", "markdown", "hostile-identifiers");
const artifacts = join(__dirname, "..", "..", "..", "test-artifacts");
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

requireOracle("chromium", !chromium && "chromium is not installed (apt-get install chromium)");

/**
 * The fixture's report (fixtures.test.ts holds it as a golden file), rendered as a Markdown viewer
 * would, with raw HTML allowed so that anything a table name smuggled in would show.
 */
async function renderGolden(): Promise<string> {
  const spec = JSON.parse(readFileSync(join(fixture, "case.json"), "utf8")) as { args: string[] };
  const res = await run(spec.args, { cwd: fixture });
  return new MarkdownIt({ html: true, linkify: true }).render(res.stdout);
}

describe("markdown report", () => {
  it("escapes markup in one-line cells", () => {
    expect(escapeMarkdown("a|b")).not.toContain("|");
    expect(escapeMarkdown("<img src=x>")).not.toMatch(/[<>]/);
    expect(escapeMarkdown("[x](javascript:y)")).not.toMatch(/[[\]()]/);
    expect(escapeMarkdown("line\nbreak")).not.toContain("\n");
  });

  it("lets no identifier from a migration become markup", async () => {
    const html = await renderGolden();
    expect(html).not.toMatch(/<img|<script|href="javascript|href="https:\/\/evil|class="user-mention"/i);
    // Each details block is closed by the report, not by a table name.
    expect(html.match(/<details>/g)?.length).toBe(html.match(/<\/details>/g)?.length);
    expect(html.match(/<details>/g)?.length).toBe(5);
  });

  it.skipIf(!chromium)(
    "reads well in a browser: one table row per finding, details that open, nothing injected",
    async () => {
      const { chromium: browserType } = await import("playwright-core");
      const browser = await browserType.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox"] });
      try {
        const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
        await page.setContent(
          `<!doctype html><meta charset="utf-8"><style>body{font:14px sans-serif;max-width:1100px;margin:20px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px;vertical-align:top}</style>${await renderGolden()}`,
        );
        const rows = await page.locator("table tbody tr").count();
        expect(rows).toBe(5);
        const header = await page.locator("table thead th").allInnerTexts();
        expect(header.map((h) => h.trim())).toEqual(["", "Location", "Rule", "Finding", "Impact"]);
        expect(await page.locator("img, script, iframe").count()).toBe(0);
        const cells = await page.locator("table tbody tr td:nth-child(4)").allInnerTexts();
        expect(cells.join("\n")).toContain("DROP TABLE </details><img src=x onerror=alert(1)>");
        const links = await page.locator("a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        expect(
          links.every(
            (h) =>
              h.startsWith("https://github.com/innolint/") ||
              h.startsWith("https://dev.mysql.com/") ||
              h.startsWith("https://bugs.mysql.com/") ||
              h.startsWith("https://jira.mariadb.org/") ||
              h.startsWith("https://galeracluster.com/") ||
              h.startsWith("https://mariadb.com/kb/") ||
              h.startsWith("https://docs.aws.amazon.com/") ||
              h.startsWith("https://aws.amazon.com/blogs/") ||
              h.startsWith("https://www.percona.com/") ||
              h.startsWith("https://github.com/mysql/"),
          ),
        ).toBe(true);
        await page.locator("details summary").first().click();
        expect(
          await page
            .locator("details")
            .first()
            .evaluate((d) => (d as HTMLDetailsElement).open),
        ).toBe(true);
        expect(await page.locator("details").first().innerText()).toMatch(/Evidence:/);
        mkdirSync(artifacts, { recursive: true });
        await page.screenshot({ path: join(artifacts, "markdown-report.png"), fullPage: true });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
