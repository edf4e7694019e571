/**
 * Online DDL against a real MariaDB server: for every operation × table-shape case of
 * oracle/online-ddl-cases.ts, innolint's classification for mariadb-10.11 must equal what the
 * server accepts — the least ALGORITHM (NOCOPY accepted: no rebuild), the least LOCK — and an
 * explicit ALGORITHM= or LOCK= clause must be refused exactly when the server refuses it.
 */
import { describe, expect, it } from "vitest";
import { classifyOnlineDdl, type OnlineDdl } from "../src/ddl/classify.js";
import { extractFacts } from "../src/sql/facts.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";
import { CLAUSES, ddlCases, withClause, type DdlCase } from "./oracle/online-ddl-cases.js";
import { loadDdlOracle, type CaseAnswers } from "./oracle/online-ddl-oracle.js";
import { requireOracle } from "./helpers/require-oracle.js";

/** Cases where innolint and the server disagree for a reason that is not innolint's to fix. */
const KNOWN: { id: RegExp; reason: string }[] = [
  {
    id: /^(range-)?partitioned\/(drop|change)-primary-key$/,
    reason:
      "MariaDB 10.11 accepts ALGORITHM=INSTANT and NOCOPY for a primary-key change on a partitioned table yet refuses INPLACE " +
      "and LOCK=NONE: the partition engine lets the weaker requests through and copies the table anyway (it needs LOCK=SHARED). " +
      "innolint says what the server does: a copy",
  },
];

const target = parseTarget("mariadb-10.11");
const oracle = await loadDdlOracle();
requireOracle("MariaDB online-DDL oracle", "unavailable" in oracle && oracle.unavailable);

const ALGORITHMS = ["INSTANT", "NOCOPY", "INPLACE", "COPY"] as const;
const LOCKS = ["NONE", "SHARED", "EXCLUSIVE"] as const;

/** What the server's answers say: the least algorithm and lock it accepts. */
function serverVerdict(a: CaseAnswers): { algorithm: string; rebuildsTable: boolean; lock: string } | undefined {
  const alg = ALGORITHMS.find((x) => a.clauses[`ALGORITHM=${x}`] === "ok");
  const lock = LOCKS.find((x) => a.clauses[`LOCK=${x}`] === "ok");
  if (!alg || !lock) return undefined;
  const algorithm = alg === "INSTANT" ? "instant" : alg === "COPY" ? "copy" : "inplace";
  return { algorithm, rebuildsTable: alg === "INPLACE" || alg === "COPY", lock: lock.toLowerCase() };
}

/** The classification, or "syntax error" when innolint's parser rejects the statement (as the server may). */
async function classify(c: DdlCase, statement: string): Promise<OnlineDdl | "syntax error" | undefined> {
  const schema = new Schema();
  for (const sql of [...c.setup, c.create]) {
    const facts = await extractFacts("setup.sql", sql, target);
    for (const s of facts.statements) schema.apply(s, "setup.sql");
  }
  const facts = await extractFacts("case.sql", statement, target);
  const stmt = facts.statements[0];
  if (!stmt) throw new Error(`${c.id}: innolint finds no statement in ${statement}`);
  if (facts.errors.length > 0) return "syntax error";
  return classifyOnlineDdl(stmt, schema.table("t"), target, { foreignKeyChecks: c.foreignKeyChecks });
}

describe.skipIf("unavailable" in oracle)("online DDL against a real MariaDB server", () => {
  it("classifies every case as the server does", async () => {
    const answers = "answers" in oracle ? oracle.answers : {};
    const cases = ddlCases();
    let compared = 0;
    let checks = 0;
    const disagreements: string[] = [];
    const known = new Map<string, string>();
    for (const c of cases) {
      const a = answers[c.id];
      if (!a) throw new Error(`no oracle answer for ${c.id}`);
      if (a.bare !== "ok") continue; // the statement is invalid for this table shape
      // A statement that takes no clause is classified as the equivalent ALTER TABLE.
      const equivalent = c.id.endsWith("/drop-index-on") ? answers[c.id.replace(/drop-index-on$/, "drop-index")] : a;
      const expected = equivalent && serverVerdict(equivalent);
      // Partition management takes no clause at all (each is a syntax error): only the refusals are compared.
      const clauseless = CLAUSES.every((k) => /error in your SQL syntax/.test(a.clauses[k]));
      if (!expected && !clauseless) throw new Error(`${c.id}: the server accepted no algorithm or no lock`);
      compared++;
      const problems: string[] = [];
      const bare = await classify(c, withClause(c, undefined));
      if (bare === "syntax error") throw new Error(`${c.id}: innolint does not parse ${withClause(c, undefined)}`);
      const got = bare && { algorithm: bare.algorithm, rebuildsTable: bare.rebuildsTable, lock: bare.lock };
      checks++;
      if (expected && JSON.stringify(got) !== JSON.stringify(expected))
        problems.push(
          `classified ${JSON.stringify(got)}, server ${JSON.stringify(expected)} (${bare?.operations.map((o) => `${o.op}:${o.least}/${o.lock}`).join(", ")})`,
        );
      for (const clause of CLAUSES) {
        const result = await classify(c, withClause(c, clause));
        const serverRefused = a.clauses[clause] !== "ok";
        const refused = result === "syntax error" ? "a syntax error" : result?.refused;
        // A syntax error is agreement only when the server says so too.
        const agree = result === "syntax error" ? /error in your SQL syntax/.test(a.clauses[clause]) : Boolean(refused) === serverRefused;
        checks++;
        if (!agree)
          problems.push(
            `${clause}: innolint ${refused ? `refuses (${refused})` : "accepts"}, server ${serverRefused ? `refuses (${a.clauses[clause]})` : "accepts"}`,
          );
      }
      if (problems.length === 0) continue;
      const k = KNOWN.find((x) => x.id.test(c.id));
      if (k) known.set(c.id, k.reason);
      else disagreements.push(`${c.id}: ${problems.join("; ")}`);
    }
    const agreed = compared - disagreements.length - known.size;
    console.log(
      `online-DDL oracle (${"server" in oracle ? oracle.server : ""}): ${agreed}/${compared} cases agree ` +
        `(${((agreed / compared) * 100).toFixed(1)}%; ${checks} classifications and clause verdicts), ${known.size} known disagreements: ${[...known.keys()].join(", ")}`,
    );
    expect(compared).toBeGreaterThan(500);
    expect(disagreements).toEqual([]);
    // A known disagreement that agrees now is stale.
    for (const k of KNOWN)
      expect(
        [...known.keys()].some((id) => k.id.test(id)),
        `stale KNOWN entry ${k.id}`,
      ).toBe(true);
  }, 600_000);
});
