/**
 * The online-DDL knowledge tables: rules/online-ddl/mysql.json (also Percona Server and Aurora
 * MySQL, by their MySQL base version) and rules/online-ddl/mariadb.json. Each row answers one
 * operation under conditions for a version range and names the manual's section; the first row
 * that matches wins, so specific rows come before general ones.
 */
import mysqlTable from "../../../../rules/online-ddl/mysql.json" with { type: "json" };
import mariadbTable from "../../../../rules/online-ddl/mariadb.json" with { type: "json" };
import { mysqlBaseVersion } from "../catalogue/index.js";
import { atLeast, formatVersion, type Target, type Version } from "../target.js";
import { remembered } from "../memo.js";

export type LockLevel = "none" | "shared" | "exclusive";

/** What the server allows for one operation. */
export interface Capability {
  /** ALGORITHM=INSTANT (metadata only). */
  instant: boolean;
  /** ALGORITHM=INPLACE: without a rebuild (MariaDB's NOCOPY), with one, or not at all. */
  inplace: "no-rebuild" | "rebuild" | false;
  /** The least lock in place. */
  lock: LockLevel;
  /** The least lock with ALGORITHM=INSTANT, where it is not NONE. */
  instantLock?: LockLevel;
  /** The least lock with ALGORITHM=COPY, where it is not the flavour's default. */
  copyLock?: LockLevel;
  source: string;
  note?: string;
}

export interface KnowledgeRow {
  op: string;
  /** Target flavours the row is limited to (Aurora's own behaviour); versions are still MySQL's. */
  flavors?: string[];
  /** Conditions that must all hold; "!x" holds when x does not. */
  when?: string[];
  /** First release the row applies to, and the first it no longer does. */
  since?: string;
  until?: string;
  instant: boolean;
  inplace: "no-rebuild" | "rebuild" | false;
  lock: LockLevel;
  instantLock?: LockLevel;
  copyLock?: LockLevel;
  /** The manual page kind ("operations" by default) and its section anchor. */
  page?: string;
  section: string;
  note?: string;
}

export interface KnowledgeTable {
  flavor: "mysql" | "mariadb";
  /** Manual pages by kind, each a list of version ranges. */
  pages: Record<string, { since?: string; until?: string; url: string }[]>;
  /** MariaDB 11.2: ALGORITHM=COPY with LOCK=NONE (online COPY). */
  onlineCopySince?: string;
  /** Locks an in-place rebuild needs at least, under conditions (a FULLTEXT index). */
  rebuildLocks?: { when: string[]; lock: LockLevel; note?: string }[];
  /** Releases before online DDL: a copy under a shared lock but for the operations listed. */
  beforeOnlineDdl?: {
    until: string;
    page: string;
    note: string;
    operations: (Omit<KnowledgeRow, "section" | "since" | "until"> & { url?: string })[];
  };
  operations: KnowledgeRow[];
}

export const TABLES: Record<"mysql" | "mariadb", KnowledgeTable> = {
  mysql: mysqlTable as KnowledgeTable,
  mariadb: mariadbTable as KnowledgeTable,
};

function inRange(v: Version, since?: string, until?: string): boolean {
  if (since && !atLeast(v, since)) return false;
  if (until && atLeast(v, until)) return false;
  return true;
}

export interface TargetKnowledge {
  flavor: "mysql" | "mariadb";
  version: Version;
  onlineCopy: boolean;
  lookup(op: string, conditions: ReadonlySet<string>): Capability;
  /** The least lock an in-place rebuild takes under these conditions, beyond the operations' own. */
  rebuildLock(conditions: ReadonlySet<string>): LockLevel | undefined;
}

const holdsIn = (conditions: ReadonlySet<string>) => (c: string) => (c.startsWith("!") ? !conditions.has(c.slice(1)) : conditions.has(c));

function page(table: KnowledgeTable, kind: string, v: Version): string {
  const list = table.pages[kind] ?? table.pages.operations ?? [];
  return (list.find((p) => inRange(v, p.since, p.until)) ?? list[list.length - 1])?.url ?? "";
}

/** The knowledge for a target: MariaDB by its version, MySQL, Percona and Aurora by their MySQL base. */
export function knowledgeFor(target: Target): TargetKnowledge {
  // Every ALTER of a run asks for the same target's knowledge, and looks up the same few operations.
  return remembered(knowledge, `${target.flavor}\0${target.label}`, () => cachedLookups(buildKnowledge(target)));
}

const knowledge = new Map<string, TargetKnowledge>();

function cachedLookups(k: TargetKnowledge): TargetKnowledge {
  const found = new Map<string, Capability>();
  return {
    ...k,
    lookup(op, conditions) {
      const key = conditions.size === 0 ? op : `${op}\0${[...conditions].sort().join("\0")}`;
      return remembered(found, key, () => k.lookup(op, conditions));
    },
  };
}

function buildKnowledge(target: Target): TargetKnowledge {
  const flavor = target.flavor === "mariadb" ? "mariadb" : "mysql";
  const table = TABLES[flavor];
  const version = flavor === "mariadb" ? target.version : (mysqlBaseVersion(target) ?? target.version);
  return {
    flavor,
    version,
    onlineCopy: table.onlineCopySince !== undefined && atLeast(version, table.onlineCopySince),
    rebuildLock(conditions) {
      return (table.rebuildLocks ?? []).find((r) => r.when.every(holdsIn(conditions)))?.lock;
    },
    lookup(op, conditions) {
      const holds = holdsIn(conditions);
      const old = table.beforeOnlineDdl;
      if (old && !atLeast(version, old.until)) {
        const row = old.operations.find((r) => r.op === op && (r.when ?? []).every(holds));
        if (!row) return { instant: false, inplace: false, lock: "shared", source: old.page, note: old.note };
        return { instant: false, inplace: row.inplace, lock: row.lock, source: row.url ?? old.page, note: row.note ?? old.note };
      }
      for (const row of table.operations) {
        if (row.op !== op || !inRange(version, row.since, row.until)) continue;
        if (row.flavors && !row.flavors.includes(target.flavor)) continue;
        if (!(row.when ?? []).every(holds)) continue;
        const cap: Capability = {
          instant: row.instant,
          inplace: row.inplace,
          lock: row.lock,
          source: `${page(table, row.page ?? "operations", version)}#${row.section}`,
        };
        if (row.copyLock) cap.copyLock = row.copyLock;
        if (row.instantLock) cap.instantLock = row.instantLock;
        if (row.note) cap.note = row.note;
        return cap;
      }
      return {
        instant: false,
        inplace: false,
        lock: "shared",
        source: page(table, "operations", version),
        note: `no row for ${op} on ${flavor} ${formatVersion(version)}: assumed ALGORITHM=COPY`,
      };
    },
  };
}
