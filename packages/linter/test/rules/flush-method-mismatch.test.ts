import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";

async function found(text: string, target: string, storage?: "ssd" | "hdd" | "network") {
  const found = await ruleFindings("flush-method-mismatch", text, target, storage ? { host: { storage } } : {});
  return found.map((f) => `${f.range.start.line} ${f.message}`);
}

const POOL = "[mysqld]\ninnodb_buffer_pool_size = 48G\n";

describe("flush-method-mismatch", () => {
  it("reports values that double-buffer or skip fsync, and leaves O_DIRECT alone", async () => {
    expect(await found(`${POOL}innodb_flush_method = fsync\n`, "mysql-8.0.36")).toEqual([
      "3 innodb_flush_method=fsync writes data files through the operating system's page cache: every page is cached twice (in the buffer pool and by the OS), taking memory from the buffer pool, and writes are copied once more; O_DIRECT bypasses the page cache",
    ]);
    expect((await found(`${POOL}innodb_flush_method = littlesync\n`, "mysql-8.0.36"))[0]).toMatch(
      /^3 innodb_flush_method=littlesync is for internal performance testing and unsupported/,
    );
    for (const ok of ["O_DIRECT", "O_DIRECT_NO_FSYNC"]) expect(await found(`${POOL}innodb_flush_method = ${ok}\n`, "mysql-8.0.36", "ssd")).toEqual([]);
  });

  it("reports MySQL 8.0's fsync default only for a host with local storage, and not on 8.4 or MariaDB", async () => {
    expect(await found(POOL, "mysql-8.0.36")).toEqual([]);
    expect(await found(POOL, "mysql-8.0.36", "network")).toEqual([]);
    expect(await found(POOL, "mysql-8.0.36", "hdd")).toEqual([
      "2 innodb_flush_method is not set, and this target defaults to fsync on Linux: on this host's local hdd storage (from the command line) the data files go through the OS page cache too, caching pages twice beside this buffer pool; set innodb_flush_method = O_DIRECT",
    ]);
    expect(await found(POOL, "mysql-8.4.3", "ssd")).toEqual([]);
    expect(await found("[mariadb]\ninnodb_buffer_pool_size = 48G\n", "mariadb-10.11", "ssd")).toEqual([]);
  });
});
