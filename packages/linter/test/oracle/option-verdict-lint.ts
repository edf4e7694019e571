/** Lints every oracle case alone, as the CLI does for `--target mariadb-10.11`, in one run. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { run } from "../helpers/run.js";
import { optionLine, type OptionOracle } from "./option-verdict-oracle.js";

export const ORACLE_TARGET = "mariadb-10.11";

export async function lintCases(oracle: OptionOracle): Promise<Map<string, { findings: { rule: string; severity: string }[]; inputErrors: number }>> {
  const dir = mkdtempSync(join(tmpdir(), "innolint-option-verdicts-"));
  try {
    for (const c of oracle.cases) writeFileSync(join(dir, `${c.name}.cnf`), `[mysqld]\n${optionLine(c.name, c.value)}\n`);
    const { stdout, stderr } = await run(["--format", "json", "--no-config", "--no-impact", "--no-progress", "--target", ORACLE_TARGET, dir]);
    if (!stdout.trim()) throw new Error(`lint of ${dir} printed no report: ${stderr.trim()}`);
    const report = JSON.parse(stdout) as { findings: { rule: string; severity: string; file: string }[]; errors: { file: string }[] };
    const out = new Map<string, { findings: { rule: string; severity: string }[]; inputErrors: number }>();
    const entry = (file: string) => {
      const name = basename(file, ".cnf");
      let e = out.get(name);
      if (!e) out.set(name, (e = { findings: [], inputErrors: 0 }));
      return e;
    };
    for (const f of report.findings) entry(f.file).findings.push({ rule: f.rule, severity: f.severity });
    for (const e of report.errors) entry(e.file).inputErrors++;
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
