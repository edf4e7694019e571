import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "alter-rebuilds-table");

interface Found {
  rule: string;
  message: string;
  range: { start: { line: number } };
  impact?: { summary: string; actual: { value: number }; inputs: { name: string; value: unknown; source: string }[] };
}

async function lint(cwd: string, target = "mysql-8.0.22"): Promise<{ findings: Found[]; errors: unknown[]; status: number }> {
  const res = await run(["--format", "json", "--target", target, "migration.sql"], { cwd });
  return { ...(JSON.parse(res.stdout || "{}") as { findings: Found[]; errors: unknown[] }), status: res.code };
}

const rebuilds = (f: Found[]) => f.filter((x) => x.rule === "alter-rebuilds-table");

describe("alter-rebuilds-table", () => {
  it("reports the in-place rebuild of the declared 70G table and of an assumed one, not the instant ADD COLUMN or the small table", async () => {
    const { findings, errors } = await lint(fixture);
    expect(errors).toEqual([]);
    const found = rebuilds(findings);
    expect(found.map((f) => f.range.start.line)).toEqual([2, 8]);
    expect(found[0]?.message).toContain("70G, 2.0e8 rows, declared in .innolint.json");
    expect(found[1]?.message).toContain("assumed");
    expect(found[0]?.impact?.summary).toMatch(
      /^about [\d.]+ (min|h) on a stock server, [\d.]+ h at the measured Aurora r5\.2xlarge's pace; if the table takes [\d,]+ writes\/s meanwhile \(assumed\), the online row log fills innodb_online_alter_log_max_size=128M after about [\d.]+ s: the rebuild then stops with DB_ONLINE_LOG_TOO_BIG/,
    );
    expect(found[0]?.impact?.inputs).toContainEqual({ name: "rows", value: 2e8, source: "config" });
  });

  it("says a copy of a table no earlier migration defines depends on the column's unknown type, as information", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, tables: { users: { dataSize: "50G" } } }),
      "migration.sql": "ALTER TABLE users MODIFY language VARCHAR(16) NOT NULL DEFAULT 'en_US';\n",
    });
    const [found] = rebuilds((await lint(dir)).findings) as (Found & { severity: string })[];
    expect(found?.severity).toBe("info");
    expect(found?.message).toMatch(
      /^may copy users row by row into a new table on mysql-8\.0\.22 \(language → VARCHAR\(16\)\): the migrations before this one do not define the column/,
    );
    expect(found?.message).toContain("a MODIFY that restates the same type copies nothing");
  });

  it("names the configuration file that declares the size", async () => {
    const dir = scratch({
      "cfg/tables.json": JSON.stringify({ tables: { orders: { dataSize: "70G" } } }),
      "migration.sql": "ALTER TABLE orders ENGINE=InnoDB;\n",
    });
    const res = await run(["--format", "json", "--target", "mysql-8.0.36", "--config", "cfg/tables.json", "migration.sql"], { cwd: dir });
    const [found] = rebuilds((JSON.parse(res.stdout) as { findings: Found[] }).findings);
    expect(found?.message).toContain("(70G, 3.8e8 rows, declared in tables.json, rows from 200-byte rows)");
    // The size is declared, the row size is not: it is labelled as what it is.
    expect(found?.impact?.inputs).toContainEqual({ name: "rows", value: 375809638, source: "config" });
    expect(found?.impact?.inputs).toContainEqual({ name: "row_bytes", value: 200, source: "assumed" });
  });

  it("labels the row size by where it comes from: declared rows and size, the schema's columns, or assumed", async () => {
    const rowBytes = async (files: Record<string, string>) => {
      const [found] = rebuilds((await lint(scratch({ ...files, "migration.sql": "ALTER TABLE orders ENGINE=InnoDB;\n" }))).findings);
      return found?.impact?.inputs.find((i) => i.name === "row_bytes");
    };
    const config = (tables: object) => ({ ".innolint.json": JSON.stringify({ root: true, tables }) });
    expect(await rowBytes(config({ orders: { rows: 2e8, dataSize: "70G" } }))).toEqual({ name: "row_bytes", value: 376, source: "config" });
    expect(
      (await rowBytes({ ...config({ orders: { dataSize: "70G" } }), "0_create.sql": "CREATE TABLE orders (id BIGINT PRIMARY KEY, note VARCHAR(100));\n" }))
        ?.source,
    ).toBe("schema");
    expect(await rowBytes(config({ orders: { dataSize: "70G" } }))).toEqual({ name: "row_bytes", value: 200, source: "assumed" });
  });

  it("scales the estimate with the declared size, and stays silent below minimumSize", async () => {
    const sql = "ALTER TABLE orders ADD COLUMN coupon VARCHAR(32) AFTER id;\n";
    const time = async (rows: number, size: string) => {
      const dir = scratch({ "migration.sql": sql, ".innolint.json": JSON.stringify({ root: true, tables: { orders: { rows, dataSize: size } } }) });
      return rebuilds((await lint(dir)).findings)[0]?.impact?.actual.value;
    };
    const small = await time(2e7, "7G");
    const large = await time(2e8, "70G");
    expect(small).toBeGreaterThan(0);
    expect((large ?? 0) / (small ?? 1)).toBeGreaterThan(5);
    expect(await time(1000, "10M")).toBeUndefined();
  });

  it("takes the table's size from a live server's statistics before the declared one", async () => {
    const snapshot = {
      format: "innolint-live-snapshot",
      version: 1,
      takenAt: "2025-03-04T05:06:07.000Z",
      server: { address: "db1:3306", version: "8.0.22", flavor: "mysql", target: "mysql-8.0.22" },
      variables: { innodb_online_alter_log_max_size: String(2 ** 30) },
      tables: [{ schema: "shop", name: "orders", engine: "InnoDB", rows: 9000000, avgRowLength: 300, dataLength: 2700000000, indexLength: 500000000 }],
    };
    const dir = scratch({
      "migration.sql": "ALTER TABLE shop.orders ADD COLUMN coupon VARCHAR(32) AFTER id;\n",
      "snapshot.json": JSON.stringify(snapshot),
      ".innolint.json": JSON.stringify({ root: true, tables: { "shop.orders": { rows: 2e8, dataSize: "70G" } } }),
    });
    const res = await run(["--format", "json", "--context-snapshot", "snapshot.json", "migration.sql"], { cwd: dir });
    const found = rebuilds((JSON.parse(res.stdout) as { findings: Found[] }).findings)[0];
    expect(found?.message).toContain("(about 2.5G, 9.0e6 rows, from live db1:3306)");
    expect(found?.impact?.inputs).toContainEqual({ name: "rows", value: 9000000, source: "live" });
    expect(found?.impact?.inputs).toContainEqual({ name: "innodb_online_alter_log_max_size", value: 2 ** 30, source: "live" });
  });

  it("takes innodb_online_alter_log_max_size from the server's configuration", async () => {
    const dir = scratch({
      "migration.sql": "ALTER TABLE orders ADD COLUMN coupon VARCHAR(32) AFTER id;\n",
      "my.cnf": "[mysqld]\ninnodb_online_alter_log_max_size = 64G\n",
      ".innolint.json": JSON.stringify({ root: true, optionFile: "my.cnf", tables: { orders: { rows: 2e7, dataSize: "7G" } } }),
    });
    const found = rebuilds((await lint(dir)).findings)[0];
    expect(found?.impact?.summary).toContain("within innodb_online_alter_log_max_size=64G");
    expect(found?.impact?.inputs).toContainEqual({ name: "innodb_online_alter_log_max_size", value: 64 * 2 ** 30, source: "config" });
  });

  it("keeps no row log where the rebuild blocks writes (HASH partitions added under LOCK=SHARED)", async () => {
    const dir = scratch({
      "001.sql": "CREATE TABLE events (id BIGINT, d DATE, PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 40;\n",
      "002.sql": "ALTER TABLE events ADD PARTITION PARTITIONS 8;\n",
      ".innolint.json": JSON.stringify({ root: true, tables: { events: { rows: 1e8, dataSize: "20G" } } }),
    });
    const res = await run(["--format", "json", "--target", "mysql-8.0.22", "."], { cwd: dir });
    const found = rebuilds((JSON.parse(res.stdout) as { findings: Found[] }).findings)[0] as (Found & { notes?: string[] }) | undefined;
    expect(found?.message).toContain("rebuilds events in place on mysql-8.0.22 (ADD PARTITION)");
    expect(found?.impact?.summary).toMatch(/^about [\d.]+ (h|min)/);
    expect(found?.impact?.summary).not.toContain("row log");
    expect(found?.notes ?? []).toEqual([]);
  });

  it('rejects a malformed "tables" entry as a configuration error naming the line', async () => {
    const dir = scratch({
      "migration.sql": "SELECT 1;\n",
      ".innolint.json": '{\n  "root": true,\n  "tables": {\n    "shop.orders": { "rows": 10, "size": "70G" }\n  }\n}\n',
    });
    const res = await run(["--target", "mysql-8.0.22", "migration.sql"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(res.stdout + res.stderr).toContain('.innolint.json:4: input error: "tables"."shop.orders": unknown key "size" (allowed: rows, dataSize)');
  });
});
