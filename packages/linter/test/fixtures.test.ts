import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers/run.js";

const root = join(__dirname, "..", "..", "..", "fixtures");
const update = process.env.UPDATE_SNAPSHOTS === "1";

interface CaseSpec {
  description: string;
  args: string[];
  exitCode: number;
}

function cases(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (existsSync(join(path, "case.json"))) out.push(path);
    else out.push(...cases(path));
  }
  return out;
}

/**
 * Each fixture directory holds its inputs, case.json (arguments and expected exit code) and
 * expected.txt: the text report exactly as a user sees it, run from the fixture directory.
 */
describe.each(cases(root).map((c) => [relative(root, c), c] as const))("fixture %s", (_, dir) => {
  it("matches its expected report", async () => {
    const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8")) as CaseSpec;
    const res = await run(spec.args, { cwd: dir });
    const expectedPath = join(dir, "expected.txt");
    if (update) writeFileSync(expectedPath, res.stdout);
    // A missing golden file is a failure: writing it here would make a new fixture pass whatever it prints.
    expect(existsSync(expectedPath), `${expectedPath} is missing: review the output and create it with UPDATE_SNAPSHOTS=1`).toBe(true);
    expect(res.stdout).toBe(readFileSync(expectedPath, "utf8"));
    expect(res.code).toBe(spec.exitCode);
  });
});
