/** The host a configuration runs on: every input (configuration, directive, command line, editor) and their precedence. */
import { describe, expect, it } from "vitest";
import { parseConfig } from "../src/config.js";
import { hostFor } from "../src/host-context.js";
import { hostDirective, parseHostObject, parseMemory, resolveHost } from "../src/host.js";
import { reportArgsOf } from "../src/report-args.js";
import { run, scratch } from "./helpers/run.js";

const GiB = 2 ** 30;
const comment = (text: string, line = 1) => ({ file: "/x/my.cnf", text, range: { start: { line, column: 1 }, end: { line, column: text.length + 1 } } });

describe("host values", () => {
  it("reads memory sizes in binary units, and refuses what is not one", () => {
    expect(parseMemory("64G")).toBe(64 * GiB);
    expect(parseMemory("64GB")).toBe(64 * GiB);
    expect(parseMemory("1.5T")).toBe(1.5 * 2 ** 40);
    expect(parseMemory(" 512m ")).toBe(512 * 2 ** 20);
    expect(parseMemory(8589934592)).toBe(8 * GiB);
    for (const bad of ["", "G", "-1G", "0", "64X", "lots", 0, -5, 1.5, null]) expect(parseMemory(bad), String(bad)).toBeUndefined();
  });

  it("checks an object's keys and values", () => {
    expect(parseHostObject({ memory: "64G", cpus: 16, storage: "SSD" })).toEqual({ values: { memory: 64 * GiB, cpus: 16, storage: "ssd" }, problems: [] });
    expect(parseHostObject({ ram: "64G", cpus: 0, storage: "tape" }).problems).toEqual([
      { key: "ram", message: 'unknown host key "ram" (allowed: memory, cpus, storage)' },
      { key: "cpus", message: "host cpus must be a whole number from 1, not 0" },
      { key: "storage", message: 'host storage must be "ssd", "hdd", "network", not "tape"' },
    ]);
    expect(parseHostObject("64G").problems).toHaveLength(1);
  });
});

describe("the innolint-host directive", () => {
  it("gives each field, in any comment style, later fields winning", () => {
    const d = hostDirective([comment("# innolint-host: memory=64G cpus=16"), comment("; innolint-host storage=hdd, memory=32G", 2)]);
    expect(d).toEqual({ values: { memory: 32 * GiB, cpus: 16, storage: "hdd" }, problems: [] });
    expect(hostDirective([comment("# innolint-target: mysql-8.0.36")])).toBeUndefined();
  });

  it("names each bad item with its line", () => {
    const d = hostDirective([comment("# innolint-host: memory=lots cpus 16 disk=ssd", 3), comment("# innolint-host:", 4)]);
    expect(d?.problems.map((p) => [p.range.start.line, p.message])).toEqual([
      [3, 'innolint-host: host memory must be a size such as "64G" or "512M", not "lots"'],
      [3, 'innolint-host: "cpus" is not one of memory=SIZE, cpus=N, storage=ssd|hdd|network'],
      [3, 'innolint-host: "16" is not one of memory=SIZE, cpus=N, storage=ssd|hdd|network'],
      [3, 'innolint-host: "disk=ssd" is not one of memory=SIZE, cpus=N, storage=ssd|hdd|network'],
      [4, "innolint-host names no field (write memory=64G cpus=16 storage=ssd)"],
    ]);
  });
});

describe("precedence", () => {
  it("takes each field from the command line, else the directive, else the configuration", () => {
    const config = { ignore: [], rules: {}, host: { memory: 16 * GiB, cpus: 4, storage: "hdd" as const } };
    const host = hostFor({ host: { values: { memory: 64 * GiB }, source: "the command line" } }, config, { cpus: 8 });
    expect(host).toEqual({
      memory: 64 * GiB,
      cpus: 8,
      storage: "hdd",
      from: { memory: "the command line", cpus: "the innolint-host directive", storage: ".innolint.json" },
    });
    expect(hostFor({}, undefined)).toBeUndefined();
    expect(resolveHost(undefined, { values: {}, source: "x" })).toBeUndefined();
  });

  it("reads .innolint.json's host, and names the line of a bad key", () => {
    expect(parseConfig('{ "host": { "memory": "64G", "storage": "network" } }', "/x/.innolint.json").host).toEqual({ memory: 64 * GiB, storage: "network" });
    expect(() => parseConfig('{\n  "host": {\n    "memory": "64G",\n    "cpus": "many"\n  }\n}\n', "/x/.innolint.json")).toThrow(
      '/x/.innolint.json:4: host cpus must be a whole number from 1, not "many"',
    );
  });

  it("reads --host-* and refuses a bad value as a usage error", async () => {
    expect(reportArgsOf({ "host-memory": "64G", "host-storage": "ssd" }).host).toEqual({
      values: { memory: 64 * GiB, storage: "ssd" },
      source: "the command line",
    });
    const dir = scratch({ "my.cnf": "[mysqld]\n" });
    const res = await run(["--no-config", "--host-storage", "floppy", "my.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--host-storage: host storage must be "ssd", "hdd", "network", not "floppy"');
    expect((await run(["lint", "--help"])).stdout).toMatch(/--host-memory <size>[\s\S]*--host-cpus <n>[\s\S]*--host-storage <kind>/);
  });

  it("reports a bad directive as an input error at its line, and still lints the file", async () => {
    const dir = scratch({ "my.cnf": "[mysqld]\n# innolint-host: memory=64Q\ninnodb_buffer_pool_size = 1G\n" });
    const res = await run(["--no-config", "--no-impact", "--target", "mysql-8.0.36", "--format", "json", "my.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    const out = JSON.parse(res.stdout) as { errors: { file: string; line: number; message: string }[] };
    expect(out.errors).toEqual([{ file: `${dir}/my.cnf`, line: 2, message: 'innolint-host: host memory must be a size such as "64G" or "512M", not "64Q"' }]);
  });

  it("a SQL file's rules see the host its server's option file declares, as the option file's rules do", async () => {
    const partitions = Array.from({ length: 12 }, (_, i) => `PARTITION p${i} VALUES LESS THAN (${(i + 1) * 100})`).join(", ");
    const files = {
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }),
      "m.sql": `CREATE TABLE t (k INT NOT NULL, d INT NOT NULL, PRIMARY KEY (k, d)) PARTITION BY RANGE (d) (${partitions});\nSELECT * FROM t WHERE k = 1 LIMIT 10;\n`,
    };
    const impactOf = async (cnf: string) => {
      const dir = scratch({ ...files, "my.cnf": cnf });
      const out = JSON.parse((await run(["--format", "json", "m.sql", "my.cnf"], { cwd: dir })).stdout) as {
        findings: { rule: string; impact?: { inputs: { name: string; value: unknown }[]; assumptions: string[] } }[];
      };
      return out.findings.find((f) => f.rule === "partition-unpruned-query")!.impact!;
    };
    const hdd = await impactOf("# innolint-host: storage=hdd\n[mysqld]\ninnodb_buffer_pool_size = 8G\n");
    expect(hdd.inputs).toContainEqual({ name: "host_storage", value: "hdd", source: "config" });
    expect(hdd.assumptions.join(" ")).toContain("7,200 rpm disk");
    const undeclared = await impactOf("[mysqld]\ninnodb_buffer_pool_size = 8G\n");
    expect(undeclared.inputs.map((i) => i.name)).not.toContain("host_storage");
  });
});
