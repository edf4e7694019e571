/**
 * Differential test against the real my_print_defaults on generated option files full of the
 * reader's corner cases (quotes, escapes, comments, '=' inside quotes, blanks, \r, U+00A0,
 * directives, includes, long lines). Runs only where my_print_defaults is installed.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { printDefaultsOutput, printDefaultsStatus, readOptionFiles } from "../src/optionfile/model.js";
import { requireOracle } from "./helpers/require-oracle.js";
import { tempDir } from "./helpers/tmp.js";
import { mulberry32 } from "./helpers/random.js";

function haveTool(): boolean {
  try {
    execFileSync("my_print_defaults", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

requireOracle("my_print_defaults", !haveTool() && "my_print_defaults is not on PATH (install mariadb-server)");

const ATOMS = [
  "a",
  "b",
  "x",
  "innodb_buffer_pool_size",
  "loose-",
  "skip-",
  "-",
  "_",
  "1",
  "0",
  "G",
  " ",
  " ",
  "  ",
  "\t",
  "\r",
  "\f",
  "\v",
  "=",
  "=",
  "#",
  "#",
  ";",
  "'",
  "'",
  '"',
  '"',
  "\\",
  "\\",
  "\\n",
  "\\t",
  "\\s",
  "\\\\",
  "\\'",
  '\\"',
  "\\q",
  "[",
  "]",
  "!",
  "é",
  "\u00a0",
  "à",
  "😀",
];

function randomLine(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const kind = r();
  if (kind < 0.08) return pick(["[g]", "[G]", "[ g]", "[g ]", "[g] x", "[h]", "[g", "[]", " [g]\t", "[g]#c", "[gà]"]);
  if (kind < 0.14) {
    return pick([
      "!include sub.cnf",
      "!include missing.cnf",
      "! include sub.cnf",
      "!include\tsub.cnf  ",
      "!include",
      "!include   ",
      "!includedir d",
      "!includedir d/",
      "!includedir missing",
      "!includex sub.cnf",
      "!foo",
      "!",
      "!include sub.cnf # c",
      "!include self.cnf",
    ]);
  }
  if (kind < 0.2) return pick(["# comment", ";comment", "  # c", "", "   ", "\t;x"]);
  let line = "";
  const n = 1 + Math.floor(r() * 12);
  for (let i = 0; i < n; i++) line += pick(ATOMS);
  return line;
}

function randomFile(r: () => number): string {
  const lines: string[] = [];
  if (r() < 0.9) lines.push("[g]");
  const n = 1 + Math.floor(r() * 12);
  for (let i = 0; i < n; i++) lines.push(randomLine(r));
  if (r() < 0.05) lines.push("v=" + "y".repeat(4090 + Math.floor(r() * 10)));
  return (r() < 0.02 ? "\uFEFF" : "") + lines.join("\n") + (r() < 0.85 ? "\n" : "");
}

/** CNF_DIFF_CASES=20000 for a longer run; CNF_DIFF_DUMP=file.json writes the mismatches. */
const CASES = Number(process.env.CNF_DIFF_CASES ?? 400);

describe.skipIf(!haveTool())("differential against my_print_defaults", () => {
  const root = tempDir("innolint-cnf-diff-");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it(`agrees on ${CASES} generated files`, async () => {
    const r = mulberry32(20240611);
    const mismatches: { text: string; expected: string; actual: string; rc: [number, number] }[] = [];
    for (let i = 0; i < CASES; i++) {
      const dir = join(root, String(i));
      mkdirSync(join(dir, "d"), { recursive: true });
      writeFileSync(join(dir, "sub.cnf"), randomFile(r));
      writeFileSync(join(dir, "self.cnf"), "[g]\nself=1\n!include self.cnf\n");
      writeFileSync(join(dir, "d", "b.cnf"), "[g]\nd_b=1\n");
      writeFileSync(join(dir, "d", "a.cnf"), randomFile(r));
      writeFileSync(join(dir, "d", "c.txt"), "[g]\nd_txt=1\n");
      const text = randomFile(r);
      const file = join(dir, "t.cnf");
      writeFileSync(file, text);
      const real = spawnSync("my_print_defaults", [`--defaults-file=${file}`, "g"], { cwd: dir, encoding: "buffer" });
      const expected = real.stdout.toString("latin1");
      const set = await readOptionFiles(file, { cwd: dir });
      const actual = Buffer.from(printDefaultsOutput(set, ["g"]), "utf8").toString("latin1");
      const rc = printDefaultsStatus(set);
      // Bytes that are not valid UTF-8 come out as U+FFFD on our side; compare those loosely.
      const loose = (s: string) => Buffer.from(s, "latin1").toString("utf8");
      if (loose(expected) !== loose(actual) || rc !== real.status) {
        mismatches.push({ text, expected: loose(expected), actual: loose(actual), rc: [real.status ?? -1, rc] });
      }
    }
    if (process.env.CNF_DIFF_DUMP) (await import("node:fs")).writeFileSync(process.env.CNF_DIFF_DUMP, JSON.stringify(mismatches, null, 1));
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
