import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";

async function found(text: string, target: string) {
  return (await ruleFindings("per-session-buffer-oversized", text, target)).map((f) => [f.range.start.line, f.severity, f.message]);
}

const FILE = "[mysqld]\nmax_connections = 2000\njoin_buffer_size = 64M\nsort_buffer_size = 64M\nread_buffer_size = 16M\n";

describe("per-session-buffer-oversized", () => {
  it("warns of buffers allocated whole, informs of those allocated as needed (MySQL 8.0.12's sort buffer)", async () => {
    expect(await found(FILE, "mysql-8.0.36")).toEqual([
      [
        3,
        "warning",
        "join_buffer_size=64M is 256× the 256K default, and the buffer is per session, allocated whole for each table a join buffers, so one query can take several; at max_connections=2000 that is up to 125G for this buffer alone; set it per session for the queries that need more",
      ],
      [
        4,
        "info",
        "sort_buffer_size=64M is 256× the 256K default, and the buffer is per session, allocated for each sort (since MySQL 8.0.12 filesort grows its buffer as rows arrive, up to this size); at max_connections=2000 that is up to 125G for this buffer alone; set it per session for the queries that need more",
      ],
      [
        5,
        "info",
        "read_buffer_size=16M is 128× the 128K default, and the buffer is per session, allocated for each sequential scan of a MyISAM table and for some temporary files; at max_connections=2000 that is up to 31G for this buffer alone; set it per session for the queries that need more",
      ],
    ]);
  });

  it("judges the sort buffer by version and flavour, against each one's default", async () => {
    expect((await found(FILE, "mysql-8.0.11")).map((f) => f.slice(0, 2))).toEqual([
      [3, "warning"],
      [4, "warning"],
      [5, "info"],
    ]);
    // MariaDB's sort buffer default is 2M: 64M is 32 times it.
    expect((await found("[mariadb]\nsort_buffer_size = 64M\n", "mariadb-10.11"))[0]).toEqual([
      2,
      "warning",
      "sort_buffer_size=64M is 32× the 2M default, and the buffer is per session, allocated for each sort; set it per session for the queries that need more",
    ]);
    expect(await found("[mariadb]\nsort_buffer_size = 32M\n", "mariadb-10.11")).toEqual([]);
  });
});
