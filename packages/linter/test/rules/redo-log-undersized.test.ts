import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";

async function found(text: string, target: string, config: object = {}) {
  return ruleFindings("redo-log-undersized", text, target, { config });
}

describe("redo-log-undersized", () => {
  it("states the capacity, its share of the pool and where flushing starts", async () => {
    const [f, ...rest] = await found("[mysqld]\ninnodb_buffer_pool_size = 48G\ninnodb_log_file_size = 24M\n", "mysql-8.0.25");
    expect(rest).toEqual([]);
    expect(f?.range.start.line).toBe(3);
    expect(f?.message).toBe(
      "redo capacity 48M (innodb_log_file_size 24M × 2 files) is 0.098 % of the 48G buffer pool: the checkpoint can lag the newest change by at most 48M of redo, so dirty pages are flushed early (adaptive flushing from 10 % = 4.8M) and, as the checkpoint age nears capacity, synchronously, stalling writes",
    );
  });

  it("reads the capacity each version uses", async () => {
    const pool = "[mysqld]\ninnodb_buffer_pool_size = 48G\n";
    // 8.0.30+: innodb_redo_log_capacity wins; the old pair counts only when the capacity is not set.
    expect(await found(`${pool}innodb_redo_log_capacity = 8G\ninnodb_log_file_size = 24M\n`, "mysql-8.0.36")).toEqual([]);
    expect((await found(`${pool}innodb_log_file_size = 24M\n`, "mysql-8.0.36"))[0]?.message).toContain("(innodb_log_file_size 24M × 2 files)");
    expect((await found(pool, "mysql-8.4.3"))[0]?.message).toContain("redo capacity 100M (innodb_redo_log_capacity)");
    // Before 8.0.30 innodb_redo_log_capacity does not exist: 2G × 2 files is 4G.
    expect(await found(`${pool}innodb_log_file_size = 2G\n`, "mysql-8.0.25")).toEqual([]);
    // MariaDB 10.5+: one file; 10.4: two by default.
    expect((await found("[mariadb]\ninnodb_buffer_pool_size = 16G\n", "mariadb-10.11"))[0]?.message).toContain(
      "redo capacity 96M (innodb_log_file_size, MariaDB's single redo file) is 0.59 % of the 16G buffer pool",
    );
    expect(await found("[mariadb]\ninnodb_buffer_pool_size = 16G\ninnodb_log_file_size = 512M\n", "mariadb-10.11")).toEqual([]);
    expect((await found("[mariadb]\ninnodb_buffer_pool_size = 16G\ninnodb_log_file_size = 256M\n", "mariadb-10.4"))[0]?.message).toBeUndefined();
    expect(await found("[mysqld]\ninnodb_buffer_pool_size = 48G\n", "aurora-mysql-3.05")).toEqual([]);
  });

  it("with a write rate, wants an hour of writes; with the host's CPUs, names innodb_dedicated_server's capacity", async () => {
    const text = "# innolint-host: cpus=16\n[mysqld]\ninnodb_buffer_pool_size = 8G\ninnodb_redo_log_capacity = 1G\n";
    expect(await found(text, "mysql-8.0.36")).toEqual([]);
    const [f] = await found(text, "mysql-8.0.36", { rules: { "redo-log-undersized": ["warning", { writeRate: "1M" }] } });
    expect(f?.message).toContain("; at 1M/s of redo it fills in 17 min, less than the hour of writes it should hold");
    expect(f?.notes?.[0]).toContain("up to 16 GB: 8G on this host's 16 CPUs");
  });
});
