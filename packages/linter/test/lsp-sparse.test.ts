// A file after a long history is linted against a sparse schema, in the editor and by the CLI when
// it lints that file alone: its findings must be the ones a lint of the whole directory (a full
// replay) reports for it.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Finding } from "../src/finding.js";
import { SPARSE_REPLAY_FROM } from "../src/sql/history.js";
import { lspSession } from "./helpers/lsp-session.js";
import { mulberry32 } from "./helpers/random.js";
import { run, scratch } from "./helpers/run.js";

const rand = mulberry32(7);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
const pool = ["t1", "t2", "T3", "t4", "`t5`", "orders", "orders_old", "db1.t1"];
const statement = (): string =>
  pick([
    () => `CREATE TABLE ${pick(pool)} (id INT PRIMARY KEY, v${Math.floor(rand() * 9)} VARCHAR(${1 + Math.floor(rand() * 90)}), PRIMARY KEY (id));`,
    () => `CREATE TABLE IF NOT EXISTS ${pick(pool)} (id BIGINT NOT NULL, note TEXT);`,
    () => `CREATE TABLE ${pick(pool)} LIKE ${pick(pool)};`,
    () => `ALTER TABLE ${pick(pool)} ADD COLUMN c${Math.floor(rand() * 9)} INT NOT NULL;`,
    () => `ALTER TABLE ${pick(pool)} ADD INDEX k${Math.floor(rand() * 3)} (id), ALGORITHM=INSTANT;`,
    () => `ALTER TABLE ${pick(pool)} MODIFY v${Math.floor(rand() * 9)} VARCHAR(${1 + Math.floor(rand() * 90)});`,
    () => `ALTER TABLE ${pick(pool)} DROP COLUMN v${Math.floor(rand() * 9)};`,
    () => `RENAME TABLE ${pick(pool)} TO ${pick(pool)};`,
    () => `DROP TABLE IF EXISTS ${pick(pool)};`,
    () => `TRUNCATE TABLE ${pick(pool)};`,
    () => `UPDATE ${pick(pool)} SET id = id + 1 WHERE v1 = 'x';`,
  ])();

describe("sparse schemas", () => {
  it("give a file after a long history, in the editor and linted alone, the findings a full replay gives", async () => {
    const count = SPARSE_REPLAY_FROM + 40;
    const files: Record<string, string> = { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }) };
    for (let n = 1; n <= count; n++)
      files[`migrations/V${String(n).padStart(4, "0")}.sql`] = Array.from({ length: 1 + Math.floor(rand() * 3) }, statement).join("\n") + "\n";
    const dir = scratch(files);
    const s = await lspSession(dir, {}, false);
    const key = (f: Finding) => `${f.rule} ${f.range.start.line}:${f.range.start.column} ${f.message}`;
    const whole = JSON.parse((await run(["--format", "json", "--fail-on", "never", "migrations"], { cwd: dir })).stdout) as { findings: Finding[] };
    let findings = 0;
    try {
      for (const n of [SPARSE_REPLAY_FROM + 5, SPARSE_REPLAY_FROM + 17, count - 3, count]) {
        const name = `migrations/V${String(n).padStart(4, "0")}.sql`;
        const published = await s.open(name, readFileSync(join(dir, name), "utf8"));
        const editor = published.diagnostics
          .filter((d) => d.data)
          .map((d) => key(d.data as Finding))
          .sort();
        const full = whole.findings
          .filter((f) => resolve(dir, f.file) === resolve(dir, name))
          .map(key)
          .sort();
        const out = await run(["--format", "json", "--fail-on", "never", name], { cwd: dir });
        const alone = (JSON.parse(out.stdout) as { findings: Finding[] }).findings.map(key).sort();
        expect(editor, name).toEqual(full);
        expect(alone, name).toEqual(full);
        findings += full.length;
      }
    } finally {
      await s.close();
    }
    expect(findings).toBeGreaterThan(4);
  });
});
