/**
 * The online-DDL oracle: what a real MariaDB server accepts for each case of online-ddl-cases.ts,
 * the bare statement and the statement with each ALGORITHM and LOCK clause. The answers are cached
 * in .oracle/online-ddl-mariadb.json (gitignored) under the installed `mariadbd --version` and a
 * hash of the cases, and asked again when either changes.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CLAUSES, ddlCases, withClause, type DdlCase } from "./online-ddl-cases.js";
import { REPO_ROOT } from "./partition-oracle.js";
import { mariadbUnavailable, startMariaDB } from "../helpers/mariadb.js";

export const DDL_ORACLE_FILE = join(REPO_ROOT, ".oracle", "online-ddl-mariadb.json");

/** "ok", or the server's error message. */
export type Answer = string;

export interface CaseAnswers {
  bare: Answer;
  clauses: Record<(typeof CLAUSES)[number], Answer>;
}

interface OracleFile {
  server: string;
  cases: string;
  answers: Record<string, CaseAnswers>;
}

function serverVersion(): string {
  return execFileSync("mariadbd", ["--version"], { encoding: "utf8" }).trim();
}

function casesHash(cases: DdlCase[]): string {
  return createHash("sha256").update(JSON.stringify(cases)).digest("hex").slice(0, 16);
}

interface Conn {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

async function ask(conn: Conn, cases: DdlCase[]): Promise<Record<string, CaseAnswers>> {
  const out: Record<string, CaseAnswers> = {};
  const run = async (sql: string): Promise<Answer> => {
    try {
      await conn.query(sql);
      return "ok";
    } catch (error) {
      return (error as Error).message;
    }
  };
  for (const c of cases) {
    const fresh = async () => {
      await conn.query("SET SESSION foreign_key_checks = 0");
      await conn.query("DROP TABLE IF EXISTS t, t2, p");
      await conn.query("SET SESSION foreign_key_checks = 1");
      for (const s of c.setup) await conn.query(s);
      await conn.query(c.create);
      await conn.query(`SET SESSION foreign_key_checks = ${c.foreignKeyChecks ? 1 : 0}`);
    };
    await fresh();
    const bare = await run(withClause(c, undefined));
    const clauses = {} as CaseAnswers["clauses"];
    let dirty = bare === "ok";
    for (const clause of CLAUSES) {
      if (dirty) await fresh();
      clauses[clause] = await run(withClause(c, clause));
      dirty = clauses[clause] === "ok";
    }
    out[c.id] = { bare, clauses };
  }
  return out;
}

/** The server's answers for every case, from the cache or a scratch server; or why not. */
export async function loadDdlOracle(): Promise<{ answers: Record<string, CaseAnswers>; server: string } | { unavailable: string }> {
  const why = mariadbUnavailable();
  if (why) return { unavailable: why };
  const cases = ddlCases();
  const server = serverVersion();
  const hash = casesHash(cases);
  if (existsSync(DDL_ORACLE_FILE)) {
    const cached = JSON.parse(readFileSync(DDL_ORACLE_FILE, "utf8")) as OracleFile;
    if (cached.server === server && cached.cases === hash) return { answers: cached.answers, server };
  }
  const srv = await startMariaDB(["--innodb-flush-log-at-trx-commit=0", "--innodb-doublewrite=0", "--innodb-buffer-pool-size=64M"]);
  try {
    srv.admin("CREATE DATABASE oracle");
    const { createConnection } = await import("mysql2/promise");
    const conn = await createConnection({ socketPath: srv.socket, user: "root", database: "oracle" });
    try {
      const answers = await ask(conn as unknown as Conn, cases);
      mkdirSync(dirname(DDL_ORACLE_FILE), { recursive: true });
      const partial = `${DDL_ORACLE_FILE}.partial`;
      writeFileSync(partial, JSON.stringify({ server, cases: hash, answers } satisfies OracleFile));
      renameSync(partial, DDL_ORACLE_FILE);
      return { answers, server };
    } finally {
      await conn.end();
    }
  } finally {
    await srv.stop();
  }
}
