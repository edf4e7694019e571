import { describe, expect, it } from "vitest";
import { binlogGroupCommit } from "../../src/rules/relaxed-commit-durability.js";
import { parseTarget } from "../../src/target.js";
import { ruleFindings } from "../helpers/option-rule.js";

describe("relaxed-commit-durability: binary-log group commit by target", () => {
  it("knows which servers share a binlog fsync among commits (MySQL 5.6, MariaDB 5.3)", () => {
    const has = (label: string) => binlogGroupCommit(parseTarget(label));
    for (const label of ["mysql-5.6.51", "mysql-8.0.36", "percona-5.6.51", "mariadb-5.3.12", "mariadb-5.5.68", "mariadb-10.11", "aurora-mysql-2.04.9"])
      expect(has(label), label).toBe(true);
    for (const label of ["mysql-5.5.62", "mysql-5.1.73", "percona-5.5.62", "mariadb-5.2.14"]) expect(has(label), label).toBe(false);
  });

  it("before group commit, sync_binlog=N counts commits, and relaxing it gains far more", async () => {
    const cnf = "[mysqld]\nlog_bin = mysql-bin\nsync_binlog = 100\n";
    const [old] = await ruleFindings("relaxed-commit-durability", cnf, "mysql-5.5.62", { impact: true });
    const [now] = await ruleFindings("relaxed-commit-durability", cnf, "mysql-5.6.51", { impact: true });
    expect(old?.message).toContain("once per 100 commits: an OS crash or power loss can lose up to 100 commits of binlog events");
    expect(now?.message).toContain("once per 100 commit groups: an OS crash or power loss can lose up to 100 groups of binlog events");
    expect(old?.fix?.description).toBe("fsync the binary log at every commit (1)");
    expect(old?.impact?.assumptions.join(" ")).toContain("prepare_commit_mutex");
    expect(now?.impact?.assumptions.join(" ")).not.toContain("prepare_commit_mutex");
    // One binlog fsync per commit under the mutex caps sync_binlog=1 near 1 / fsync: 0.8 ms → about 1,200 a second.
    expect(old!.impact!.baseline.value).toBeLessThan(1300);
    expect(old!.impact!.ratio).toBeGreaterThan(2 * now!.impact!.ratio);
  });

  it("on Aurora MySQL speaks of the cluster volume's acknowledgement, not of local fsyncs, and quotes no local figure", async () => {
    const cnf = "[mysqld]\ninnodb_flush_log_at_trx_commit = 2\n";
    const [v2] = await ruleFindings("relaxed-commit-durability", cnf, "aurora-mysql-2.11.2", { impact: true });
    const [v3] = await ruleFindings("relaxed-commit-durability", cnf, "aurora-mysql-3.05.2", { impact: true });
    const [local] = await ruleFindings("relaxed-commit-durability", cnf, "mysql-5.7.44", { impact: true });
    expect(v2?.message).toContain("without waiting for the Aurora cluster volume to confirm that their redo records are written and have reached quorum");
    expect(v2?.message).not.toMatch(/fsync|OS crash/);
    expect(v2?.impact).toBeUndefined();
    expect(v2?.notes?.join(" ")).not.toContain("always uses 1");
    expect(v3?.notes?.join(" ")).toContain("Aurora MySQL 3 always uses 1");
    expect(local?.message).toContain("an OS crash or power loss can lose up to 1 s");
    expect(local?.impact).toBeDefined();
  });

  it("with the binary log on, also gives the smaller gain left when each commit still writes its binlog events", async () => {
    const on = "[mysqld]\nlog_bin = binlog\nsync_binlog = 1\ninnodb_flush_log_at_trx_commit = 2\n";
    const off = "[mysqld]\nskip_log_bin\ninnodb_flush_log_at_trx_commit = 2\n";
    const [withLog] = await ruleFindings("relaxed-commit-durability", on, "mysql-8.0.36", { impact: true });
    const [without] = await ruleFindings("relaxed-commit-durability", off, "mysql-8.0.36", { impact: true });
    const binlogGain = /, ([\d.]+)× with this binary log's own writes \(sync_binlog=1\)/.exec(withLog!.impact!.summary);
    expect(binlogGain).not.toBeNull();
    expect(Number(binlogGain![1])).toBeLessThan(withLog!.impact!.ratio);
    expect(withLog!.impact!.inputs).toContainEqual({ name: "sync_binlog", value: 1, source: "config" });
    expect(without!.impact!.summary).not.toContain("binary log's own writes");
    expect(without!.impact!.ratio).toBe(withLog!.impact!.ratio);
  });
});
