import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

interface JsonFinding {
  rule: string;
  notes?: string[];
  impact?: {
    model: string;
    metric: string;
    baseline: { value: number };
    actual: { value: number };
    ratio: number;
    summary: string;
    inputs: { name: string; value: unknown; source: string }[];
    assumptions: string[];
  };
}

async function findings(cnf: string, target: string): Promise<JsonFinding[]> {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target }), "my.cnf": cnf });
  return JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: dir })).stdout).findings;
}

describe("impacts from the simulator on seed-rule findings", () => {
  it("sort buffer: a larger buffer builds a little faster and costs far more memory", async () => {
    const [f] = await findings("[mysqld]\ninnodb_sort_buffer_size = 64M\n", "aurora-mysql-2.04.9");
    expect(f?.rule).toBe("sort-buffer-oversized");
    const impact = f!.impact!;
    expect(impact.model).toBe("index_build");
    expect(impact.ratio).toBeGreaterThan(0.85);
    expect(impact.ratio).toBeLessThan(1);
    expect(impact.inputs).toContainEqual({ name: "innodb_sort_buffer_size", value: 64 * 2 ** 20, source: "config" });
    expect(impact.inputs.some((i) => i.source === "assumed")).toBe(true);
    expect(impact.assumptions.length).toBeGreaterThan(0);
    expect(impact.summary).toMatch(/build −\d/);
    expect(impact.summary).toMatch(/concurrent DML −\d/);
  });

  it("sort buffer: the 64K minimum builds slower", async () => {
    const [f] = await findings("[mysqld]\ninnodb_sort_buffer_size = 64K\n", "mysql-5.7.44");
    expect(f?.impact?.ratio).toBeGreaterThan(1.1);
  });

  it("trx_commit: the throughput gain comes with a loss window", async () => {
    const [f] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\ninnodb_flush_log_at_timeout = 3\n", "mysql-8.0.36");
    expect(f?.rule).toBe("relaxed-commit-durability");
    expect(f!.impact!.model).toBe("redo_commit");
    expect(f!.impact!.ratio).toBeGreaterThan(1.3);
    expect(f!.impact!.summary).toMatch(/loses up to 3 s of commits \(about [\d,]+ at the assumed [\d,]+ QPS\)/);
    expect(f!.impact!.inputs).toContainEqual({ name: "innodb_flush_log_at_timeout", value: 3, source: "config" });
  });

  it("trx_commit: on a host with rotating disks, the gain at one revolution per fsync as well", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", host: { storage: "hdd" } }),
      "my.cnf": "[mysqld]\ninnodb_flush_log_at_trx_commit = 2\n",
    });
    const [f] = JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: dir })).stdout).findings as JsonFinding[];
    const summary = f!.impact!.summary;
    const rotating = Number(/([\d.]+)× with an 8\.3 ms one/.exec(summary)?.[1] ?? Number.NaN);
    expect(summary).toContain("with an 8.3 ms one (this host's rotating disks, from .innolint.json, without a write cache)");
    // A slower fsync makes skipping it worth more.
    expect(rotating).toBeGreaterThan(f!.impact!.ratio);
    expect(f!.impact!.inputs).toContainEqual({ name: "host_storage", value: "hdd", source: "config" });
    const [ssd] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\n", "mysql-8.0.36");
    expect(ssd!.impact!.summary).not.toContain("8.3 ms");
    // sync_binlog too: its binlog fsyncs are what it saves.
    const binlog = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", host: { storage: "hdd" } }),
      "my.cnf": "[mysqld]\nlog-bin\nserver-id = 1\nsync_binlog = 100\n",
    });
    const [sb] = JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: binlog })).stdout).findings as JsonFinding[];
    const onDisk = Number(/([\d.]+)× with an 8\.3 ms one/.exec(sb!.impact!.summary)?.[1] ?? Number.NaN);
    expect(onDisk).toBeGreaterThan(sb!.impact!.ratio);
  });

  it("trx_commit: the advice names the configured window, not the default second", async () => {
    const [slow] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\ninnodb_flush_log_at_timeout = 10\n", "mysql-8.0.36");
    expect(slow?.notes?.join("\n")).toContain("losing up to 10 s of commits");
    expect(slow?.notes?.join("\n")).not.toContain("a second");
    const [usual] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 0\n", "mysql-8.0.36");
    expect(usual?.notes?.join("\n")).toContain("losing up to a second of commits");
  });

  it("text shows the impact in one line, SARIF carries it in full", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }), "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 32M\n" });
    const text = (await run(["my.cnf"], { cwd: dir })).stdout;
    expect(text.split("\n").filter((l) => l.includes("= impact:"))).toHaveLength(1);
    const sarif = JSON.parse((await run(["--format", "sarif", "my.cnf"], { cwd: dir })).stdout);
    expect(sarif.runs[0].results[0].properties.impact.model).toBe("index_build");
  });
});

interface FullFinding extends JsonFinding {
  message: string;
  severity: string;
}

async function lintCase(files: Record<string, string>, target: string): Promise<{ findings: FullFinding[]; errors: unknown[]; dir: string }> {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target }), ...files });
  const res = await run(["--format", "json", ...Object.keys(files)], { cwd: dir });
  const out = JSON.parse(res.stdout);
  return { findings: out.findings, errors: out.errors, dir };
}

const PARTITIONED =
  "CREATE TABLE tab (col01 VARCHAR(8) NOT NULL, par_date VARCHAR(8) NOT NULL, col02 INT NOT NULL, PRIMARY KEY (col01, par_date, col02)) " +
  "PARTITION BY RANGE COLUMNS (par_date) (" +
  Array.from({ length: 26 }, (_, i) => `PARTITION p${i} VALUES LESS THAN ('2019${String(i + 10).padStart(4, "0")}')`).join(", ") +
  ");\n";

// One case per seed rule and per distinct finding a seed rule can report.
const SEED_CASES: Array<{ name: string; rule: string; target: string; files: Record<string, string>; model: string }> = [
  {
    name: "sort buffer above 1M",
    rule: "sort-buffer-oversized",
    target: "aurora-mysql-2.04.9",
    files: { "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n" },
    model: "index_build",
  },
  {
    name: "sort buffer on 8.0.27+ (row-log blocks)",
    rule: "sort-buffer-oversized",
    target: "mysql-8.0.36",
    files: { "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n" },
    model: "index_build",
  },
  {
    name: "sort buffer below 1M",
    rule: "sort-buffer-undersized",
    target: "mysql-5.7.44",
    files: { "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64K\n" },
    model: "index_build",
  },
  {
    name: "trx_commit=0",
    rule: "relaxed-commit-durability",
    target: "mysql-8.0.32",
    files: { "my.cnf": "[mysqld]\ninnodb_flush_log_at_trx_commit = 0\n" },
    model: "redo_commit",
  },
  {
    name: "sync_binlog=0",
    rule: "relaxed-commit-durability",
    target: "mysql-8.0.36",
    files: { "my.cnf": "[mysqld]\nsync_binlog = 0\n" },
    model: "redo_commit",
  },
  {
    name: "sync_binlog=100",
    rule: "relaxed-commit-durability",
    target: "mysql-8.0.36",
    files: { "my.cnf": "[mysqld]\nsync_binlog = 100\n" },
    model: "redo_commit",
  },
  {
    name: "instances under 1 GiB",
    rule: "buffer-pool-instances-ignored",
    target: "mysql-5.7.18",
    files: { "my.cnf": "[mysqld]\ninnodb_buffer_pool_instances = 8\n" },
    model: "bp_scan",
  },
  {
    name: "dump disabled",
    rule: "buffer-pool-dump-disabled",
    target: "mysql-5.7.18",
    files: { "my.cnf": "[mysqld]\ninnodb_buffer_pool_dump_at_shutdown = OFF\n" },
    model: "bp_scan",
  },
  {
    name: "DROP before 8.0.23",
    rule: "drop-truncate-buffer-pool-stall",
    target: "mysql-8.0.22",
    files: { "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\n", "m.sql": "DROP TABLE t;\n" },
    model: "drop_stall",
  },
  {
    name: "DROP with AHI after 8.0.23",
    rule: "adaptive-hash-index-drop-stall",
    target: "mysql-8.0.36",
    files: { "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\n", "m.sql": "TRUNCATE TABLE t;\n" },
    model: "drop_stall",
  },
  {
    name: "DROP with AHI of a table the change created",
    rule: "adaptive-hash-index-drop-stall",
    target: "mysql-8.0.36",
    files: { "m.sql": "CREATE TABLE t (id INT PRIMARY KEY);\nDROP TABLE t;\n" },
    model: "drop_stall",
  },
  {
    name: "many partitions",
    rule: "partition-count-high",
    target: "mysql-8.0.36",
    files: { "m.sql": "CREATE TABLE p (id INT, d DATE, PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 200;\n" },
    model: "partition_dives",
  },
  {
    name: "unpruned query",
    rule: "partition-unpruned-query",
    target: "mysql-8.0.36",
    files: { "m.sql": PARTITIONED + "SELECT * FROM tab WHERE col01 = 'A' LIMIT 10;\n" },
    model: "partition_dives",
  },
  {
    name: "multi-index online DDL",
    rule: "ddl-multi-index-memory",
    target: "mysql-5.7.44",
    files: {
      "m.sql":
        "CREATE TABLE c (id BIGINT, d DATE, a INT, b INT, e INT, PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 400;\nALTER TABLE c ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ie (e);\n",
    },
    model: "index_build",
  },
];

describe("every seed rule's findings carry a complete impact", () => {
  it("covers every seed rule", () => {
    const covered = new Set(SEED_CASES.map((c) => c.rule));
    for (const id of [
      "sort-buffer-oversized",
      "sort-buffer-undersized",
      "relaxed-commit-durability",
      "buffer-pool-instances-ignored",
      "buffer-pool-dump-disabled",
      "drop-truncate-buffer-pool-stall",
      "adaptive-hash-index-drop-stall",
      "partition-count-high",
      "partition-unpruned-query",
      "ddl-multi-index-memory",
    ]) {
      expect(covered.has(id), id).toBe(true);
    }
  });

  for (const c of SEED_CASES) {
    it(c.name, async () => {
      const { findings, errors } = await lintCase(c.files, c.target);
      expect(errors).toEqual([]);
      const hits = findings.filter((f) => f.rule === c.rule);
      expect(hits.length, JSON.stringify(findings.map((f) => f.rule))).toBeGreaterThan(0);
      for (const f of hits) {
        const i = f.impact!;
        expect(i, f.message).toBeDefined();
        expect(i.model).toBe(c.model);
        expect(i.metric.length).toBeGreaterThan(3);
        for (const v of [i.baseline.value, i.actual.value, i.ratio]) expect(Number.isFinite(v)).toBe(true);
        if (i.baseline.value > 1) expect(Math.abs(i.ratio * i.baseline.value - i.actual.value) / Math.max(i.actual.value, 1e-9)).toBeLessThan(0.02);
        expect(i.summary).not.toContain("\n");
        expect(i.summary).not.toMatch(/NaN|undefined|Infinity/);
        expect(i.inputs.length).toBeGreaterThan(0);
        for (const input of i.inputs) expect(["config", "schema", "target", "default", "live", "assumed"]).toContain(input.source);
        // At least one input comes from what was linted, not from the reference workload.
        expect(
          i.inputs.some((input) => input.source !== "assumed"),
          JSON.stringify(i.inputs),
        ).toBe(true);
        expect(i.assumptions.length).toBeGreaterThan(0);
      }
    });
  }

  it("sync_binlog: more throughput, and an unbounded binlog loss for 0", async () => {
    const zero = (await lintCase({ "my.cnf": "[mysqld]\nsync_binlog = 0\n" }, "mysql-8.0.36")).findings[0]!.impact!;
    expect(zero.ratio).toBeGreaterThan(1.05);
    expect(zero.summary).toContain("no bound");
    const hundred = (await lintCase({ "my.cnf": "[mysqld]\nsync_binlog = 100\n" }, "mysql-8.0.36")).findings[0]!.impact!;
    // The bound is in commit groups; the time it spans depends on the commit rate, which is assumed.
    expect(hundred.summary).toMatch(/binlog events of up to 100 commit groups \([\d.]+ (ms|s) at the assumed [\d,]+ QPS\)/);
  });

  it("row log on 8.0.27+: a 64M block costs 64× the memory and halves what the log may hold on disk", async () => {
    const f = (await lintCase({ "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n" }, "mysql-8.0.36")).findings[0]!;
    expect(f.impact!.ratio).toBeCloseTo(64, 5);
    expect(f.impact!.summary).toContain("64 MiB on disk (1 block)");
    expect(f.impact!.inputs).toContainEqual({ name: "innodb_online_alter_log_max_size", value: 128 * 2 ** 20, source: "default" });
  });

  it("partition dives run on the table .innolint.json declares and the pool the option file sets", async () => {
    const unpruned = async (pool: string, dataSize: string) => {
      const dir = scratch({
        ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", tables: { tab: { dataSize } } }),
        "my.cnf": `[mysqld]\ninnodb_buffer_pool_size = ${pool}\n`,
        "V1__tab.sql": PARTITIONED,
        "V2__query.sql": "SELECT * FROM tab WHERE col01 = 'A' LIMIT 10;\n",
      });
      const out = JSON.parse((await run(["--format", "json", "my.cnf", "V2__query.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
      return out.findings.find((f) => f.rule === "partition-unpruned-query")!.impact!;
    };
    const big = await unpruned("512G", "200G");
    expect(big.inputs).toContainEqual({ name: "innodb_buffer_pool_size", value: 512 * 2 ** 30, source: "config" });
    expect(big.inputs).toContainEqual({ name: "data_bytes", value: 200 * 2 ** 30, source: "config" });
    expect(big.assumptions[0]).toContain("declared in .innolint.json");
    expect(big.assumptions[0]).toContain("the 512G buffer pool (the option file)");
    // The same table in a pool a fortieth of its size: the dives go to disk.
    const small = await unpruned("5G", "200G");
    expect(small.actual.value).toBeLessThan(big.actual.value / 2);
    expect(small.summary).not.toBe(big.summary);
    // A table ten times smaller in the same small pool loses less.
    const smaller = await unpruned("5G", "20G");
    expect(smaller.actual.value).toBeGreaterThan(small.actual.value);
  });

  it("a table the change creates is modelled at the size .innolint.json declares for it, as its queries are", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", tables: { tab: { dataSize: "100G" } } }),
      "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 8G\n",
      "V1__tab.sql":
        "CREATE TABLE tab (col01 VARCHAR(8) NOT NULL, col02 INT NOT NULL, PRIMARY KEY (col01, col02)) PARTITION BY HASH (col02) PARTITIONS 400;\n" +
        "SELECT * FROM tab WHERE col01 = 'A' LIMIT 10;\n",
    });
    const out = JSON.parse((await run(["--format", "json", "my.cnf", "V1__tab.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
    const create = out.findings.find((f) => f.rule === "partition-count-high")?.impact;
    const query = out.findings.find((f) => f.rule === "partition-unpruned-query")?.impact;
    for (const i of [create, query]) {
      expect(i?.inputs).toContainEqual({ name: "data_bytes", value: 100 * 2 ** 30, source: "config" });
      expect(i?.assumptions[0]).toContain("100 GiB (declared in .innolint.json)");
    }
    // Before the CREATE the table has no columns: its row size is assumed, and says so.
    expect(create?.assumptions[0]).toContain("200-byte rows (assumed)");
  });

  it("a declared size gives the same rows whatever later ALTERs do to the columns", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", tables: { "shop.orders": { dataSize: "70G" } } }),
      "V1__orders.sql":
        "CREATE TABLE shop.orders (id BIGINT NOT NULL, user_id BIGINT NOT NULL, ts INT NOT NULL, payload VARCHAR(200), PRIMARY KEY (id, ts), KEY k_user (user_id)) ENGINE=InnoDB;\n",
      "V2__changes.sql": [
        "ALTER TABLE shop.orders ENGINE=InnoDB;",
        "ALTER TABLE shop.orders MODIFY payload VARCHAR(20);",
        "ALTER TABLE shop.orders ENGINE=InnoDB;",
        "ALTER TABLE shop.orders ADD COLUMN big1 VARCHAR(2000), ADD COLUMN big2 VARCHAR(2000), ALGORITHM=INPLACE;",
        "ALTER TABLE shop.orders ENGINE=InnoDB;",
      ].join("\n"),
    });
    const out = JSON.parse((await run(["--format", "json", "V2__changes.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
    const rebuilds = out.findings.filter((f) => f.rule === "alter-rebuilds-table" && /ENGINE=InnoDB/.test(f.message));
    const rows = rebuilds.map((f) => f.impact!.inputs.find((i) => i.name === "rows")?.value);
    expect(rows.length).toBe(3);
    expect(new Set(rows).size, JSON.stringify(rows)).toBe(1);
    expect(new Set(rebuilds.map((f) => f.impact!.summary)).size).toBe(1);
  });

  it("a declared size gives the same rows whichever migrations built today's columns", async () => {
    const rebuild = async (files: Record<string, string>) => {
      const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", tables: { orders: { dataSize: "70G" } } }), ...files });
      const out = JSON.parse((await run(["--format", "json", "V9__rebuild.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
      return out.findings.find((f) => f.rule === "alter-rebuilds-table")!.impact!;
    };
    const rebuildSql = "ALTER TABLE orders ENGINE=InnoDB;\n";
    const inOne = await rebuild({
      "V1__orders.sql": "CREATE TABLE orders (id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, note VARCHAR(200));\n",
      "V9__rebuild.sql": rebuildSql,
    });
    const grown = await rebuild({
      "V1__orders.sql": "CREATE TABLE orders (id BIGINT PRIMARY KEY);\n",
      "V2__columns.sql": "ALTER TABLE orders ADD COLUMN user_id BIGINT NOT NULL, ADD COLUMN note VARCHAR(200);\n",
      "V9__rebuild.sql": rebuildSql,
    });
    expect(grown.inputs.find((i) => i.name === "rows")).toEqual(inOne.inputs.find((i) => i.name === "rows"));
    expect(grown.summary).toBe(inOne.summary);
  });

  it("AHI cleanup: one batch of hashed pages at least, every page of the declared table in the pool at most", async () => {
    const ahi = async (dataSize: string) => {
      const dir = scratch({
        ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", tables: { orders: { dataSize } } }),
        "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\n",
        "m.sql": "DROP TABLE orders;\n",
      });
      const out = JSON.parse((await run(["--format", "json", "my.cnf", "m.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
      return out.findings.find((f) => f.rule === "adaptive-hash-index-drop-stall")!.impact!;
    };
    const big = await ahi("2T");
    const small = await ahi("1G");
    expect(big.summary).toMatch(
      /if one cleanup batch of the table's pages carries hash entries, up to [\d.]+ (s|min) if all 4,200,000 of its pages in the pool do/,
    );
    expect(big.inputs).toContainEqual({ name: "table_pages_in_pool", value: 4194304, source: "config" });
    expect(small.summary).toContain("all 66,000 of its pages");
    // The lower bound is the same batch either way; the upper one grows with the table.
    expect(small.actual.value).toBe(big.actual.value);
    const upper = (i: typeof big) => Number(/up to ([\d.]+) s/.exec(i.summary)?.[1] ?? Number.NaN);
    expect(upper(big)).toBeGreaterThan(upper(small));
  });

  it("a copy rebuilds row by row on 8.0 as on 5.7; an in-place rebuild on 8.0.27+ reads innodb_ddl_threads", async () => {
    const rebuild = async (target: string, sql: string, cnf = "") => {
      const dir = scratch({
        ".innolint.json": JSON.stringify({ root: true, target, tables: { t: { dataSize: "20G" } } }),
        "my.cnf": `[mysqld]\n${cnf}`,
        "V1__t.sql": "CREATE TABLE t (id BIGINT PRIMARY KEY, a INT, note VARCHAR(200), KEY ka (a));\n",
        "V2__alter.sql": `${sql}\n`,
      });
      const out = JSON.parse((await run(["--format", "json", "my.cnf", "V2__alter.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
      return out.findings.find((f) => f.rule === "alter-rebuilds-table")!.impact!;
    };
    const copy = "ALTER TABLE t MODIFY note VARCHAR(100);";
    expect((await rebuild("mysql-8.0.36", copy)).actual.value).toBe((await rebuild("mysql-5.7.44", copy)).actual.value);
    const inplace = "ALTER TABLE t ENGINE=InnoDB;";
    const one = await rebuild("mysql-8.0.36", inplace, "innodb_ddl_threads = 1\n");
    const many = await rebuild("mysql-8.0.36", inplace, "innodb_ddl_threads = 16\ninnodb_ddl_buffer_size = 1G\n");
    expect(many.inputs).toContainEqual({ name: "innodb_ddl_threads", value: 16, source: "config" });
    expect(many.actual.value).toBeLessThan(one.actual.value);
  });

  it("an online rebuild of a partitioned table weighs each partition's row log against the limit", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", tables: { p: { dataSize: "70G" } } }),
      "V1__p.sql": "CREATE TABLE p (id BIGINT NOT NULL, ts INT NOT NULL, v VARCHAR(100), PRIMARY KEY (id, ts)) PARTITION BY HASH (ts) PARTITIONS 400;\n",
      "V2__rebuild.sql": "ALTER TABLE p ENGINE=InnoDB, ALGORITHM=INPLACE, LOCK=NONE;\n",
    });
    const out = JSON.parse((await run(["--format", "json", "V2__rebuild.sql"], { cwd: dir })).stdout) as { findings: FullFinding[] };
    const impact = out.findings.find((f) => f.rule === "alter-rebuilds-table")!.impact!;
    expect(impact.summary).toMatch(
      /if the table takes [\d,]+ writes\/s meanwhile \(assumed\), the online row logs reach [\d.]+ \w+ to [\d.]+ \w+ per partition \([\d.]+ \w+ to [\d.]+ \w+ in all\), within innodb_online_alter_log_max_size=128M/,
    );
  });

  it("DROP on MariaDB after MDEV-22456 walks no LRU for hash entries, and names a database once", async () => {
    const files = {
      "my.cnf": "[mariadb]\ninnodb_buffer_pool_size = 128G\ninnodb_adaptive_hash_index = ON\n",
      "m.sql": "DROP TABLE old_events;\nDROP DATABASE staging;\nDROP TABLE a, b, c;\n",
    };
    const drops = (await lintCase(files, "mariadb-10.5.8")).findings.filter((f) => f.rule === "drop-truncate-buffer-pool-stall");
    expect(drops).toHaveLength(3);
    expect(drops[0]!.message).not.toContain("adaptive hash index");
    expect(drops[0]!.impact!.summary).not.toContain("LRU walks");
    expect(drops[0]!.notes).toContain("this release frees the table's adaptive-hash-index entries lazily (MDEV-22456): no LRU walks for them");
    expect(drops[1]!.message).toMatch(/^DROP DATABASE staging on MariaDB 10\.5\.8 /);
    expect(drops[2]!.impact!.summary).toContain("pages walked per drop");
    const before = (await lintCase(files, "mariadb-10.5.3")).findings.find((f) => f.rule === "drop-truncate-buffer-pool-stall")!;
    expect(before.message).toContain("the adaptive hash index cleanup adds LRU walks");
  });

  it("DROP and TRUNCATE on MySQL 5.7 add no LRU walks for hash entries: DROP frees them with the extents, TRUNCATE's first walk is their cleanup", async () => {
    const files = { "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_adaptive_hash_index = ON\n", "m.sql": "DROP TABLE a;\nTRUNCATE TABLE b;\n" };
    const [drop, truncate] = (await lintCase(files, "mysql-5.7.44")).findings.filter((f) => f.rule === "drop-truncate-buffer-pool-stall");
    for (const f of [drop!, truncate!]) {
      expect(f.message).not.toContain("adaptive hash index cleanup adds");
      expect(f.impact!.summary).not.toContain("LRU walks");
    }
    expect(drop!.notes).toContain(
      "MySQL 5.6 and 5.7 free the table's adaptive-hash-index entries as DROP frees its extents, a page lookup each, not by walking the pool",
    );
    expect(truncate!.notes?.join(" ")).toContain("buf_LRU_drop_page_hash_for_tablespace");
    const mysql80 = (await lintCase(files, "mysql-8.0.22")).findings.find((f) => f.rule === "drop-truncate-buffer-pool-stall")!;
    expect(mysql80.impact!.summary).toContain("LRU walks");
  });

  it("DROP on Aurora without a configured pool takes Aurora's default, three quarters of the instance's memory", async () => {
    const drop = async (files: Record<string, string>) =>
      (await lintCase({ "m.sql": "DROP TABLE old_events;\n", ...files }, "aurora-mysql-2.11.2")).findings.find(
        (f) => f.rule === "drop-truncate-buffer-pool-stall",
      )!;
    const assumed = await drop({});
    expect(assumed.severity).toBe("warning");
    expect(assumed.message).toContain("on Aurora MySQL 2.11.2 (MySQL 5.7.12)");
    expect(assumed.message).toContain("48G assumed: Aurora's default, 3/4 of an r5.2xlarge's 64 GiB");
    expect(assumed.impact!.inputs).toContainEqual({ name: "innodb_buffer_pool_size", value: 48 * 2 ** 30, source: "assumed" });
    const declared = await drop({ "my.cnf": "# innolint-host: memory=16G\n[mysqld]\n" });
    expect(declared.message).toContain("12G by Aurora's default, 3/4 of the host's memory");
    const configured = await drop({ "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 2G\n" });
    expect(configured.message).toMatch(/\(2G from my\.cnf:2, /);
  });

  it("AHI cleanup of a table created in the change: no hashed pages, no extra stall", async () => {
    const f = (await lintCase({ "m.sql": "CREATE TABLE t (id INT PRIMARY KEY);\nDROP TABLE t;\n" }, "mysql-8.0.36")).findings.find(
      (x) => x.rule === "adaptive-hash-index-drop-stall",
    )!;
    expect(f.impact!.ratio).toBeLessThan(1.01);
    expect(f.impact!.inputs).toContainEqual({ name: "hashed_pages", value: 0, source: "schema" });
  });

  it("the DDL impact's bound is the message's bound", async () => {
    const c = SEED_CASES.find((x) => x.rule === "ddl-multi-index-memory")!;
    const f = (await lintCase(c.files, c.target)).findings.find((x) => x.rule === c.rule)!;
    // 2 × 400 × 3 × ⌊1 MiB ÷ 15⌋ × 8, no FULLTEXT term.
    expect(f.impact!.actual.value).toBe(2 * 400 * 3 * Math.floor(2 ** 20 / 15) * 8);
  });

  it("absurd sizes in the configuration never cost a finding", async () => {
    for (const pool of ["1E", "18446744073709551615", "16384P"]) {
      const { findings, errors } = await lintCase(
        { "my.cnf": `[mysqld]\ninnodb_buffer_pool_size = ${pool}\ninnodb_sort_buffer_size = 64M\n`, "m.sql": "DROP TABLE t;\n" },
        "mysql-8.0.22",
      );
      expect(errors).toEqual([]);
      expect(findings.map((f) => f.rule)).toEqual(expect.arrayContaining(["drop-truncate-buffer-pool-stall", "sort-buffer-oversized"]));
    }
  });

  it("JSON and SARIF carry the whole impact; text shows one line per finding", async () => {
    const c = SEED_CASES.find((x) => x.rule === "drop-truncate-buffer-pool-stall")!;
    const { findings, dir } = await lintCase(c.files, c.target);
    const json = findings.find((f) => f.rule === c.rule)!.impact!;
    const sarif = JSON.parse((await run(["--format", "sarif", ...Object.keys(c.files)], { cwd: dir })).stdout);
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === c.rule);
    expect(result.properties.impact).toEqual(json);
    const text = (await run(Object.keys(c.files), { cwd: dir })).stdout;
    expect(text.split("\n").filter((l) => l.includes("= impact:"))).toEqual([`  = impact: ${json.summary}`]);
  });
});
