/**
 * The engine options an editor sets: rule severities laid over the configuration
 * (`ruleOverrides`) and the folders of an untrusted workspace (`includeRoots`), through the
 * engine's API as the CLI and the language server both call it.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clearConfigCache } from "../src/config.js";
import type { LintOptions } from "../src/core.js";
import { lintOptionFile, lintSqlFile } from "../src/engine.js";
import { Schema } from "../src/sql/schema.js";
import { scratch } from "./helpers/run.js";

const CNF = [
  "[mysqld]",
  "innodb_sort_buffer_size = 6M",
  "# innolint-disable-next-line relaxed-commit-durability",
  "innodb_flush_log_at_trx_commit = 2",
  "sort_buffer_size = 2M",
  "sort_buffer_size = 4M",
  "",
].join("\n");

async function lint(dir: string, options: LintOptions = {}, name = "my.cnf") {
  clearConfigCache();
  const out = await lintOptionFile(join(dir, name), { impact: false, cwd: dir, ...options });
  return { findings: out.outcome.result?.findings ?? [], errors: out.set.errors, files: out.set.files.map((f) => f.path) };
}

const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule).sort();

describe("ruleOverrides", () => {
  const config = JSON.stringify({
    root: true,
    target: "mysql-8.0.36",
    rules: { "sort-buffer-oversized": ["warning", { threshold: "8M" }], "duplicate-option": "off" },
  });

  it("lays severities over the configuration's, keeping its rule options", async () => {
    const dir = scratch({ ".innolint.json": config, "my.cnf": CNF });
    expect(rules((await lint(dir)).findings)).toEqual([]);
    // The config's 8M threshold still applies under the override: 6M does not fire.
    const over = await lint(dir, { ruleOverrides: { "sort-buffer-oversized": "error", "duplicate-option": "info" } });
    expect(rules(over.findings)).toEqual(["duplicate-option"]);
    expect(over.findings[0]!.severity).toBe("info");
    writeFileSync(join(dir, "my.cnf"), CNF.replace("6M", "64M"));
    const big = await lint(dir, { ruleOverrides: { "sort-buffer-oversized": "error" } });
    expect(big.findings.map((f) => [f.rule, f.severity])).toEqual([["sort-buffer-oversized", "error"]]);
  });

  it("hides a rule turned off without making the comments that suppress it unused", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }), "my.cnf": CNF });
    const plain = await lint(dir);
    expect(rules(plain.findings)).toEqual(["duplicate-option", "sort-buffer-oversized"]);
    const off = await lint(dir, { ruleOverrides: { "relaxed-commit-durability": "off", "duplicate-option": "off" } });
    expect(rules(off.findings)).toEqual(["sort-buffer-oversized"]);
    // Turned off in the configuration instead, the rule does not run and its suppression is unused.
    writeFileSync(join(dir, ".innolint.json"), JSON.stringify({ root: true, target: "mysql-8.0.36", rules: { "relaxed-commit-durability": "off" } }));
    expect(rules((await lint(dir)).findings)).toContain("unused-suppression");
    // An override turns back on what the configuration turned off.
    const on = await lint(dir, { ruleOverrides: { "relaxed-commit-durability": "error" } });
    expect(rules(on.findings)).not.toContain("unused-suppression");
    writeFileSync(join(dir, "my.cnf"), CNF.replace("# innolint-disable-next-line relaxed-commit-durability\n", ""));
    expect(
      (await lint(dir, { ruleOverrides: { "relaxed-commit-durability": "error" } })).findings.find((f) => f.rule === "relaxed-commit-durability")?.severity,
    ).toBe("error");
    expect(rules((await lint(dir, { ruleOverrides: { "unused-suppression": "off" } })).findings)).not.toContain("unused-suppression");
  });

  it("applies to SQL rules", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }), "m.sql": "DROP TABLE t;\n" });
    clearConfigCache();
    const sql = (options: LintOptions) => lintSqlFile(join(dir, "m.sql"), { impact: false, ...options }, { schema: new Schema() });
    expect((await sql({})).result?.findings.map((f) => [f.rule, f.severity])).toEqual([["drop-truncate-buffer-pool-stall", "info"]]);
    expect((await sql({ ruleOverrides: { "drop-truncate-buffer-pool-stall": "error" } })).result?.findings.map((f) => f.severity)).toEqual(["error"]);
    expect((await sql({ ruleOverrides: { "drop-truncate-buffer-pool-stall": "off" } })).result?.findings).toEqual([]);
  });
});

describe("includeRoots", () => {
  function workspace() {
    const outside = scratch({ "secret.cnf": "[mysqld]\nmax_connections = 1\n", "conf.d/a.cnf": "[mysqld]\nmax_connections = 2\n" });
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }),
      "inner.cnf": `[mysqld]\nsort_buffer_size = 1M\n!include ${join(outside, "secret.cnf")}\n`,
      "conf.d/local.cnf": "[mysqld]\nsort_buffer_size = 2M\n",
    });
    symlinkSync(join(outside, "secret.cnf"), join(dir, "link.cnf"));
    symlinkSync(join(outside, "secret.cnf"), join(dir, "conf.d/linked.cnf"));
    const text = [
      "[mysqld]",
      `!include ${join(outside, "secret.cnf")}`,
      "!include inner.cnf",
      "!include link.cnf",
      `!includedir ${join(outside, "conf.d")}`,
      "!includedir conf.d",
      "",
    ].join("\n");
    writeFileSync(join(dir, "my.cnf"), text);
    return { outside, dir };
  }

  it("reads nothing outside them: each include that leads outside is reported where it is written", async () => {
    const { outside, dir } = workspace();
    const trusted = await lint(dir, { followIncludes: true });
    expect(trusted.files).toContain(join(outside, "secret.cnf"));
    expect(trusted.errors.filter((e) => e.kind === "not-followed")).toEqual([]);

    const untrusted = await lint(dir, { includeRoots: [dir] });
    expect(untrusted.files.sort()).toEqual([join(dir, "conf.d/local.cnf"), join(dir, "inner.cnf"), join(dir, "my.cnf")]);
    const blocked = untrusted.errors.filter((e) => e.kind === "not-followed");
    expect(blocked.map((e) => [e.file, e.line, e.severity])).toEqual([
      [join(dir, "my.cnf"), 2, "info"],
      [join(dir, "inner.cnf"), 3, "info"],
      [join(dir, "my.cnf"), 4, "info"],
      [join(dir, "my.cnf"), 5, "info"],
      [join(dir, "my.cnf"), 6, "info"],
    ]);
    expect(blocked[0]!.message).toBe(
      `not followed: ${join(outside, "secret.cnf")} is outside the workspace, and innolint reads nothing outside an untrusted workspace`,
    );
    expect(blocked[0]!.range?.start.line).toBe(2);
    // The duplicate only the followed files make: sort_buffer_size in inner.cnf and conf.d/local.cnf.
    expect(untrusted.findings.filter((f) => f.rule === "duplicate-option")).toHaveLength(1);
  });

  it("reads the top file outside them only when its text is given", async () => {
    const { outside, dir } = workspace();
    const away = await lint(outside, { includeRoots: [dir] }, "secret.cnf");
    expect(away.files).toEqual([]);
    expect(away.errors.map((e) => e.kind)).toEqual(["not-followed"]);
    const given = await lint(outside, { includeRoots: [dir], text: "[mysqld]\nmax_connections = 3\n" }, "secret.cnf");
    expect(given.files).toEqual([join(outside, "secret.cnf")]);
    mkdirSync(join(dir, "sub"));
    expect((await lint(dir, { includeRoots: [join(dir, "sub")] })).errors.map((e) => e.kind)).toEqual(["not-followed"]);
  });
});

describe("includes outside the project", () => {
  const outsideTree = () => scratch({ "secret.cnf": "[mysqld]\nmax_connections = 1\n", "conf.d/a.cnf": "[mysqld]\nmax_connections = 2\n" });

  it("are reported once each as information, not read, not an input error", async () => {
    const outside = outsideTree();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }),
      "my.cnf": `[mysqld]\nmax_connections = 5\n!include ${join(outside, "secret.cnf")}\n!includedir ${join(outside, "conf.d")}\n!includedir /nonexistent-innolint/my.cnf.d\n!include inner.cnf\n`,
      "inner.cnf": "[mysqld]\nsort_buffer_size = 1M\n",
    });
    const out = await lintOptionFile(join(dir, "my.cnf"), { impact: false, cwd: dir });
    clearConfigCache();
    expect(out.set.files.map((f) => f.path).sort()).toEqual([join(dir, "inner.cnf"), join(dir, "my.cnf")]);
    expect(out.outcome.errors).toEqual([]);
    const notFollowed = out.outcome.result?.findings.filter((f) => f.rule === "include-not-followed") ?? [];
    expect(notFollowed.map((f) => [f.range.start.line, f.severity])).toEqual([
      [3, "info"],
      [4, "info"],
      [5, "info"],
    ]);
    expect(notFollowed[0]!.message).toBe(
      `not followed: ${join(outside, "secret.cnf")} is outside the project (whose root is the directory of .innolint.json with "root": true): what it holds depends on the machine that lints, so innolint does not read it; "includes": "follow" in .innolint.json or --follow-includes reads it`,
    );
    // max_connections in secret.cnf would override line 2: not read, so not reported.
    expect(out.outcome.result?.findings.filter((f) => f.rule === "duplicate-option")).toEqual([]);
  });

  it('are read with followIncludes or "includes": "follow"', async () => {
    const outside = outsideTree();
    const text = `[mysqld]\nmax_connections = 5\n!include ${join(outside, "secret.cnf")}\n`;
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }), "my.cnf": text });
    expect((await lint(dir, { followIncludes: true })).files).toContain(join(outside, "secret.cnf"));
    const follows = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", includes: "follow" }), "my.cnf": text });
    const read = await lint(follows);
    expect(read.files).toContain(join(outside, "secret.cnf"));
    expect(rules(read.findings)).toContain("duplicate-option");
    expect(rules(read.findings)).not.toContain("include-not-followed");
  });

  it("are judged against the git work tree without a root configuration, else the working directory", async () => {
    const repo = scratch({
      ".git/HEAD": "ref: refs/heads/main\n",
      "db/my.cnf": "[mysqld]\n!include ../shared.cnf\n!include ../../elsewhere.cnf\n",
      "shared.cnf": "[mysqld]\nmax_connections = 9\n",
    });
    // Relative paths resolve against the working directory, as the server's do.
    const inRepo = await lint(join(repo, "db"), { target: "mysql-8.0.36" });
    expect(inRepo.files.sort()).toEqual([join(repo, "db/my.cnf"), join(repo, "shared.cnf")]);
    const climbed = inRepo.findings.filter((f) => f.rule === "include-not-followed");
    expect(climbed.map((f) => f.range.start.line)).toEqual([3]);
    expect(climbed[0]!.message).toContain("outside the project (whose root is the git work tree)");

    const plain = scratch({ "a/my.cnf": "[mysqld]\n!include ../b.cnf\n", "b.cnf": "[mysqld]\nmax_connections = 9\n" });
    const fromA = await lint(join(plain, "a"), { target: "mysql-8.0.36" });
    expect(fromA.findings.find((f) => f.rule === "include-not-followed")?.message).toContain("outside the project (whose root is the working directory)");
  });
});
