import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { catalogueDir } from "../src/catalogue/index.js";
import { requireOracle } from "./helpers/require-oracle.js";

const dir = catalogueDir();
const schema = JSON.parse(readFileSync(join(dir, "catalogue.schema.json"), "utf8"));
const files = readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "catalogue.schema.json");

describe("variable catalogue files", () => {
  it("has the six flavour files", () => {
    expect(files.sort()).toEqual(["aurora-mysql.json", "mariadb.json", "mysql.json", "ndb.json", "percona.json", "pxc.json"]);
  });

  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);

  for (const file of files) {
    it(`${file} matches catalogue.schema.json`, () => {
      const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const ok = validate(doc);
      expect(ok ? [] : (validate.errors ?? []).slice(0, 10)).toEqual([]);
    });

    it(`${file}: every cited source id exists, histories are ordered, first entries are not removals`, () => {
      const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const key = (v: string) =>
        v
          .split(".")
          .map((p) => p.padStart(6, "0"))
          .join(".");
      const problems: string[] = [];
      for (const [name, rec] of Object.entries<{ history: { since: string; sources?: string[]; removed?: boolean }[] }>(doc.variables)) {
        const h = rec.history;
        if (h[0]?.removed) problems.push(`${name}: starts with a removal`);
        for (let i = 1; i < h.length; i++) if (key(h[i - 1]!.since) > key(h[i]!.since)) problems.push(`${name}: history out of order`);
        for (const e of h) for (const s of e.sources ?? []) if (!doc.sources[s]) problems.push(`${name}: unknown source ${s}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("variable catalogue is reproducible", () => {
  const python = (() => {
    for (const bin of ["python3", "python"]) {
      try {
        execFileSync(bin, ["--version"], { stdio: "pipe" });
        return bin;
      } catch {
        /* next */
      }
    }
    return undefined;
  })();
  requireOracle("python3", !python && "no python3 on PATH");
  if (!python) console.warn("catalogue: build check skipped, no python3");
  it.skipIf(!python)("rules/variables matches a fresh build from scripts/catalogue (snapshots + curated.py)", () => {
    const root = join(dir, "..", "..");
    const out = execFileSync(python!, [join(root, "scripts", "catalogue", "build.py"), "--check"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
    });
    expect(out).toContain("mysql:");
  });
});
