/** deprecated-variable on loose_ options of MySQL Enterprise plugins (optionfile/rules/enterprise.ts). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintOptionFile } from "../src/engine.js";
import { scratch } from "./helpers/run.js";

async function deprecations(text: string, target: string) {
  const dir = scratch({ "my.cnf": text });
  const out = await lintOptionFile(join(dir, "my.cnf"), { impact: false, noConfig: true, target, cwd: dir });
  return (out.outcome.result?.findings ?? []).filter((f) => f.rule === "deprecated-variable").map((f) => [f.range.start.line, f.severity]);
}

const FILE = "[mysqld]\nloose_audit_log_policy = LOGINS\nloose_keyring_oci_user = ocid1\nloose_ssl = 1\n";

describe("loose_ options of MySQL Enterprise plugins", () => {
  it("are information on a community server, and other loose_ options still warnings", async () => {
    expect(await deprecations(FILE, "mysql-8.0.36")).toEqual([
      [2, "info"],
      [3, "info"],
      [4, "warning"],
    ]);
  });

  it("are warnings where the plugin is Percona's own, or the file loads it, or without loose_", async () => {
    expect(await deprecations(FILE, "percona-8.0.36")).toEqual([
      [3, "info"],
      [4, "warning"],
    ]);
    expect(await deprecations("[mysqld]\nplugin-load-add = audit_log.so\nloose_audit_log_policy = LOGINS\n", "mysql-8.0.36")).toEqual([[3, "warning"]]);
    expect(await deprecations("[mysqld]\naudit_log_policy = LOGINS\n", "mysql-8.0.36")).toEqual([[2, "warning"]]);
  });
});
