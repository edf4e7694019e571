/** Options whose lines add to a list rather than replace the value (optionfile/accumulating.ts). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintOptionFile } from "../src/engine.js";
import { ACCUMULATING } from "../src/optionfile/accumulating.js";
import { scratch } from "./helpers/run.js";

async function findings(text: string, target: string) {
  const dir = scratch({ "my.cnf": text });
  const out = await lintOptionFile(join(dir, "my.cnf"), { impact: false, noConfig: true, target, cwd: dir, followIncludes: true });
  expect(out.outcome.errors).toEqual([]);
  return out.outcome.result?.findings.filter((f) => f.rule === "duplicate-option") ?? [];
}

const TARGET: Record<string, string> = { ignore_db_dir: "mysql-5.7.44", ignore_db_dirs: "mariadb-10.11" };

describe("accumulating options", () => {
  it("are these, each with the source that says so", () => {
    expect(ACCUMULATING.map((a) => a.variable).sort()).toEqual([
      "binlog_do_db",
      "binlog_ignore_db",
      "ignore_db_dir",
      "ignore_db_dirs",
      "performance_schema_instrument",
      "plugin_load_add",
      "replicate_do_db",
      "replicate_do_table",
      "replicate_ignore_db",
      "replicate_ignore_table",
      "replicate_rewrite_db",
      "replicate_wild_do_table",
      "replicate_wild_ignore_table",
    ]);
    for (const a of ACCUMULATING) expect(a.source, a.variable).toMatch(/mysqld\.cc/);
  });

  it.each(ACCUMULATING.map((a) => a.variable))("%s repeated is not a duplicate", async (variable) => {
    const name = variable.replace(/_/g, "-");
    expect(await findings(`[mysqld]\n${name} = a.b\n${name} = c.d\n`, TARGET[variable] ?? "mysql-8.0.36")).toEqual([]);
  });

  it("an option that overrides still is one", async () => {
    expect(await findings("[mysqld]\nmax_connections = 10\nmax_connections = 20\n", "mariadb-10.11")).toHaveLength(1);
  });

  // mariadbd 10.11.19 --help --verbose: "lost+found,.snapshot" for the two lines; "tmp" after an empty line.
  it("an empty ignore-db-dirs clears the list: only the lines before it have no effect", async () => {
    const found = await findings(
      "[mysqld]\nignore-db-dirs = lost+found\nignore-db-dirs = .snapshot\nignore-db-dirs =\nignore-db-dirs = tmp\n",
      "mariadb-10.11",
    );
    expect(found.map((f) => [f.range.start.line, f.severity, f.message])).toEqual([
      [2, "warning", "ignore_db_dirs accumulates, but the empty ignore-db-dirs at line 4 clears the list: lost+found here has no effect"],
      [3, "warning", "ignore_db_dirs accumulates, but the empty ignore-db-dirs at line 4 clears the list: .snapshot here has no effect"],
    ]);
  });
});
