import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";
import { mariadbUnavailable, startMariaDB, type TestServer } from "../helpers/mariadb.js";
import { requireOracle } from "../helpers/require-oracle.js";

async function found(text: string, target: string, storage?: "ssd" | "hdd") {
  const found = await ruleFindings("io-capacity-mismatch", text, target, storage ? { host: { storage } } : {});
  return found.map((f) => `${f.range.start.line} ${f.message}`);
}

describe("io-capacity-mismatch", () => {
  it("states what the server lowers innodb_io_capacity to", async () => {
    expect(await found("[mysqld]\ninnodb_io_capacity = 2000\ninnodb_io_capacity_max = 1000\n", "mysql-8.0.36")).toEqual([
      "3 innodb_io_capacity_max=1000 is below innodb_io_capacity=2000: at startup InnoDB lowers innodb_io_capacity to 1000 with a warning, so background flushing runs at 1000 IOPS, not 2000",
    ]);
    // 8.4's default capacity is 10,000: a maximum of 5,000 alone lowers it.
    expect((await found("[mysqld]\ninnodb_io_capacity_max = 5000\n", "mysql-8.4.3"))[0]).toContain("below innodb_io_capacity=10000 (its default)");
    expect(await found("[mysqld]\ninnodb_io_capacity_max = 5000\n", "mysql-8.0.36")).toEqual([]);
    expect(await found("[mariadb]\ninnodb_io_capacity = 3000\n", "mariadb-10.11")).toEqual([]);
  });

  it("judges the capacity against the host's storage", async () => {
    expect(await found("[mysqld]\ninnodb_io_capacity = 4000\n", "mysql-8.0.36", "ssd")).toEqual([]);
    expect(await found("[mysqld]\ninnodb_io_capacity = 4000\n", "mysql-8.0.36")).toEqual([]);
    expect((await found("[mysqld]\ninnodb_io_capacity = 4000\n", "mysql-8.0.36", "hdd"))[0]).toMatch(
      /^2 innodb_io_capacity=4000 on rotating disks .* asks 20× what one disk can do/,
    );
    expect((await found("[mysqld]\ninnodb_buffer_pool_size = 8G\n", "mysql-8.4.3", "hdd"))[0]).toContain(
      "innodb_io_capacity=10000 (this target's default) on rotating disks",
    );
  });
});

const unavailable = mariadbUnavailable();
requireOracle("mariadbd", unavailable);

// --help --verbose prints the pair as given: InnoDB adjusts it when it starts, so a running server answers.
describe.skipIf(Boolean(unavailable))("io-capacity-mismatch against a running MariaDB", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startMariaDB(["--innodb-io-capacity=2000", "--innodb-io-capacity-max=1000", "--innodb-buffer-pool-size=64M"]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("lowers innodb_io_capacity to innodb_io_capacity_max, as the finding says", async () => {
    expect(server.admin("SELECT @@innodb_io_capacity, @@innodb_io_capacity_max").trim()).toBe("1000\t1000");
    const [message] = await found("[mariadb]\ninnodb_io_capacity = 2000\ninnodb_io_capacity_max = 1000\n", "mariadb-10.11");
    expect(message).toContain("lowers innodb_io_capacity to 1000");
  });
});
