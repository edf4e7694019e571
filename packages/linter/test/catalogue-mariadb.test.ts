/**
 * The MariaDB 10.11 catalogue against the real server binary: names and defaults must equal what
 * `mariadbd --no-defaults --verbose --help` prints, parsed here at test time.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isAutoDefault, lookupVariable, variableNames } from "../src/catalogue/index.js";
import { parseTarget } from "../src/target.js";
import { requireOracle } from "./helpers/require-oracle.js";

const TARGET = parseTarget("mariadb-10.11");

/** Intentional differences between the catalogue and --help, with the reason. */
const EXCEPTIONS: { name: string; kind: "default"; reason: string }[] = [
  // none so far: machine-dependent defaults are stored as {auto: rule} and skipped below.
];

function findBinary(): string | undefined {
  for (const bin of ["mariadbd", "/usr/sbin/mariadbd", "/usr/local/bin/mariadbd"]) {
    try {
      execFileSync(bin, ["--version"], { stdio: "pipe" });
      return bin;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

interface Help {
  version: string;
  options: Set<string>;
  variables: Map<string, string | null>;
}

function parseHelp(text: string): Help {
  const options = new Set<string>();
  const variables = new Map<string, string | null>();
  const lines = text.split("\n");
  const norm = (n: string) => n.replace(/-/g, "_").toLowerCase();
  let inVars = false;
  for (const line of lines) {
    if (line.startsWith("Variables (--variable-name=value)")) {
      inVars = true;
      continue;
    }
    if (!inVars) {
      const m = /^\s+(?:-\w, )?--([A-Za-z0-9_.-]+)/.exec(line);
      if (m && !m[1]!.endsWith(".")) options.add(norm(m[1]!));
      continue;
    }
    if (line.startsWith("and boolean options") || /^-+ -+/.test(line)) continue;
    if (!line.trim()) {
      if (variables.size) break;
      continue;
    }
    if (line.startsWith("To see what")) break;
    const m = /^(\S+)\s*(.*)$/.exec(line)!;
    const value = m[2]!.trim();
    variables.set(norm(m[1]!), value === "(No default value)" ? null : value);
  }
  const version = /Ver (\S+)/.exec(text)?.[1] ?? "?";
  return { version, options, variables };
}

/** The catalogue's default printed the way --help prints it. */
function printed(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value === true) return "TRUE";
  if (value === false) return "FALSE";
  return String(value);
}

function sameValue(help: string | null, catalogue: unknown): boolean {
  const p = printed(catalogue);
  if (help === p) return true;
  if (help === null || p === null) return (help ?? "") === (p ?? "");
  const a = Number(help);
  const b = Number(p);
  if (help.trim() !== "" && p.trim() !== "" && !Number.isNaN(a) && !Number.isNaN(b)) return a === b;
  return help.toUpperCase() === p.toUpperCase() && ["ON", "OFF", "TRUE", "FALSE"].includes(help.toUpperCase());
}

const binary = findBinary();
requireOracle("mariadbd", !binary && "no mariadbd binary on PATH (install mariadb-server)");
if (!binary) console.warn("catalogue-mariadb: skipped, no mariadbd binary on PATH (install mariadb-server)");

describe.skipIf(!binary)("MariaDB 10.11 catalogue vs the real mariadbd --help", () => {
  const text = binary
    ? execFileSync(binary, ["--no-defaults", "--verbose", "--help"], { encoding: "utf8", maxBuffer: 16 << 20, stdio: ["ignore", "pipe", "pipe"] })
    : "";
  const help = parseHelp(text);

  /**
   * --help --verbose prints these read-only variables' values, yet mariadbd refuses each in an option
   * file ("unknown variable": the option-verdict oracle, test/oracle/option-verdict-oracle.ts).
   */
  const PRINTED_NOT_OPTIONS = new Set([
    "large_files_support",
    "lower_case_file_system",
    "protocol_version",
    "server_uid",
    "system_time_zone",
    "version_comment",
    "version_compile_machine",
    "version_compile_os",
    "version_malloc_library",
    "version_source_revision",
    "version_ssl_library",
    "wsrep_patch_version",
  ]);

  it("is a 10.11 server", () => {
    expect(help.version).toMatch(/^10\.11\./);
    expect(help.variables.size).toBeGreaterThan(500);
  });

  it("names: every startup option in the catalogue is printed by --help, and every printed one is in the catalogue", () => {
    const helpNames = new Set([...help.options, ...help.variables.keys()].filter((n) => !PRINTED_NOT_OPTIONS.has(n)));
    const catalogueOptions = new Set(
      variableNames(TARGET).filter((n) => {
        const r = lookupVariable(TARGET, n);
        return r.status === "known" && r.facts.option;
      }),
    );
    const missingFromCatalogue = [...helpNames].filter((n) => {
      const r = lookupVariable(TARGET, n);
      return !(r.status === "known" && r.facts.option);
    });
    const notInHelp = [...catalogueOptions].filter((n) => !helpNames.has(n));
    expect({ missingFromCatalogue, notInHelp }).toEqual({ missingFromCatalogue: [], notInHelp: [] });
  });

  it("variables that are not startup options are not printed by --help", () => {
    const helpNames = new Set([...help.options, ...help.variables.keys()].filter((n) => !PRINTED_NOT_OPTIONS.has(n)));
    const wrong = variableNames(TARGET).filter((n) => {
      const r = lookupVariable(TARGET, n);
      return r.status === "known" && !r.facts.option && helpNames.has(n);
    });
    expect(wrong).toEqual([]);
  });

  it("defaults equal the printed values (auto-sized ones excepted)", () => {
    const mismatches: string[] = [];
    let compared = 0;
    for (const [name, value] of help.variables) {
      if (EXCEPTIONS.some((e) => e.name === name && e.kind === "default")) continue;
      const r = lookupVariable(TARGET, name);
      if (r.status !== "known") continue; // reported by the names test
      if (isAutoDefault(r.facts.default)) continue;
      compared++;
      if (!sameValue(value, r.facts.default)) mismatches.push(`${name}: --help ${JSON.stringify(value)}, catalogue ${JSON.stringify(r.facts.default)}`);
    }
    expect(compared).toBeGreaterThan(500);
    expect(mismatches).toEqual([]);
  });
});
