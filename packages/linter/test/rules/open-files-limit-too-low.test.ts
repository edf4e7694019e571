import { describe, expect, it } from "vitest";
import { adjustForDescriptors } from "../../src/optionfile/rules/open-files.js";
import { ruleFindings } from "../helpers/option-rule.js";
import { requireOracle } from "../helpers/require-oracle.js";
import { openFilesOracle, openFilesUnavailable, type OpenFilesCase } from "../oracle/open-files-oracle.js";

async function found(text: string, target: string) {
  return (await ruleFindings("open-files-limit-too-low", text, target)).map((f) => `${f.range.start.line} ${f.severity} ${f.message}`);
}

const ISSUE = "[mysqld]\nmax_connections = 2000\ntable_open_cache = 100000\nopen_files_limit = 5000\n";

describe("open-files-limit-too-low", () => {
  it("states the request and the values mysqld computes instead (sql/mysqld.cc adjust_table_cache_size)", async () => {
    expect(await found(ISSUE, "mysql-8.0.36")).toEqual([
      "4 warning open_files_limit=5,000 is below the 202,010 descriptors mysqld asks for with max_connections=2,000 and table_open_cache=100,000: where the OS grants only 5,000, mysqld lowers table_open_cache from 100,000 to 1,495 at startup, and tables are closed and reopened as the cache churns",
    ]);
    // MySQL never lowers the cache below TABLE_OPEN_CACHE_MIN (400), and lowers max_connections to files - 10 - 800.
    expect(adjustForDescriptors("mysql", { maxConnections: 5000, tableOpenCache: 4000, instances: 16, openFilesLimit: 2000 }, 2000)).toEqual({
      requested: 25000,
      maxConnections: 1190,
      tableOpenCache: 400,
      instances: 16,
    });
    expect(await found("[mysqld]\nmax_connections = 500\ntable_open_cache = 2000\nopen_files_limit = 10000\n", "mysql-8.0.36")).toEqual([]);
    expect(await found("[mysqld]\nmax_connections = 2000\ntable_open_cache = 100000\n", "mysql-8.0.36")).toEqual([]);
  });

  it("on MariaDB, names at least the request (one descriptor per thread-pool group comes on top)", async () => {
    expect((await found(ISSUE.replace("mysqld", "mariadb"), "mariadb-10.11"))[0]).toBe(
      "4 warning open_files_limit=5,000 is below the at least 1,602,031 descriptors mariadbd asks for with max_connections=2,000 and table_open_cache=100,000: where the OS grants only 5,000, mariadbd lowers table_open_cache from 100,000 to 1,485 at startup, and tables are closed and reopened as the cache churns",
    );
  });

  it("reports innodb_file_per_table = 0", async () => {
    expect(await found("[mysqld]\ninnodb_file_per_table = 0\n", "mysql-8.4.3")).toEqual([
      "2 warning innodb_file_per_table=0 creates new InnoDB tables in the system tablespace (ibdata1): the space DROP TABLE, TRUNCATE TABLE or a rebuild frees is never returned to the file system, ibdata1 only grows, and tables cannot be moved or imported as files",
    ]);
    expect(await found("[mysqld]\ninnodb_file_per_table = ON\n", "mysql-8.4.3")).toEqual([]);
  });
});

const unavailable = openFilesUnavailable();
requireOracle("mariadbd and prlimit", unavailable);

const CASES: OpenFilesCase[] = [
  { maxConnections: 2000, tableOpenCache: 100000, openFilesLimit: 5000, nofile: 5000 },
  { maxConnections: 2000, tableOpenCache: 100000, nofile: 5000 },
  { maxConnections: 500, tableOpenCache: 4000, nofile: 5000 },
  { maxConnections: 500, tableOpenCache: 4000, nofile: 20000 },
  { maxConnections: 151, tableOpenCache: 2000, nofile: 1024 },
  { maxConnections: 4000, tableOpenCache: 2000, nofile: 5000 },
  { maxConnections: 3000, tableOpenCache: 2000, nofile: 2048 },
  { maxConnections: 2010, tableOpenCache: 2000, nofile: 2048 },
  { maxConnections: 100, tableOpenCache: 5000, nofile: 16384 },
];

describe.skipIf(Boolean(unavailable))("open-files adjustment against mariadbd --help --verbose", () => {
  it.each(CASES.map((c, i) => [i, c] as const))("case %i computes what the server computes", (i) => {
    const r = openFilesOracle(CASES)[i]!;
    const model = adjustForDescriptors(
      "mariadb",
      { maxConnections: r.maxConnections, tableOpenCache: r.tableOpenCache, instances: 8, openFilesLimit: r.openFilesLimit ?? 0 },
      r.nofile,
      r.computed.threadPoolSize,
    );
    expect({ maxConnections: model.maxConnections, tableOpenCache: model.tableOpenCache, instances: model.instances }).toEqual({
      maxConnections: r.computed.maxConnections,
      tableOpenCache: r.computed.tableOpenCache,
      instances: r.computed.instances,
    });
    expect(r.computed.openFilesLimit).toBe(Math.min(model.requested, r.nofile));
    if (r.requested !== undefined) expect(model.requested).toBe(r.requested);
  });
});
