import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Target } from "../target.js";
import { extractFacts } from "./facts.js";
import type { SqlFacts } from "./types.js";
import { appliedTables, Schema } from "./schema.js";
import { compareMigrationNames, isRollbackFile } from "./order.js";
import { SQL_STREAM_ABOVE, streamSqlFacts } from "./stream.js";

/** The .sql files directly in a directory on disk. */
export function listSqlFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.toLowerCase().endsWith(".sql") && !isRollbackFile(n));
  } catch {
    return [];
  }
}

/** A directory's migrations in the order they are applied, and where each name sits. */
export interface Listing {
  dir: string;
  names: string[];
  position: Map<string, number>;
}

/**
 * A file with at least this many earlier migrations not replayed yet is linted against a sparse
 * schema (MigrationHistory.sparseSchemaBefore): exact for the tables it names, built from the
 * migrations that name them, so one file (an editor's document, a review's change) deep in a long
 * directory does not wait for a replay of the directory.
 */
export const SPARSE_REPLAY_FROM = 200;

/** Words of a text as an identifier is spelled: where a table's name can appear in it. */
const WORD = /[\p{L}\p{N}_$]+/gu;
const ONE_WORD = /^[\p{L}\p{N}_$]+$/u;

/**
 * A directory's word index: the words of each of its migrations by file name, lower-cased; null for
 * a migration above INDEXED_UP_TO, which counts as naming every table (a seed file's distinct values
 * would make a large set).
 */
type WordIndex = Map<string, Set<string> | null>;
const INDEXED_UP_TO = 1024 * 1024;

/** A sparse schema kept for one file and target: exact for `names`, until the listing changes. */
interface Sparse {
  listing: Listing;
  count: number;
  names: Set<string>;
  schema: Schema;
  origin: object;
}

/** One directory's migrations replayed for one target: `after[i]` is the schema after `names[i]`. */
interface Chain {
  target: Target;
  listing: Listing;
  after: Schema[];
  /** The origin of the empty schema before the first file. */
  empty: object;
}

/**
 * The schema a directory of migrations builds before a given file: the .sql files beside it,
 * applied in file-name order. `readText` and `list` say what the history is made of: the files on
 * disk, or (review) the migrations as the server ran them.
 *
 * Each directory is listed once, and each file is applied once per target: the schema after every
 * file is kept, sharing all it did not change with the one before (Schema's persistent table map), so
 * the schema before any file, asked in any order (an editor opens a file in the middle), costs one
 * replay of what was not replayed yet, and memory grows with what the migrations change, not with
 * files × tables. Facts parsed for a lint are kept only until the history has applied them.
 */
export class MigrationHistory {
  private readonly listings = new Map<string, Listing>();
  private readonly chains = new Map<string, Chain>();
  /** Facts extracted for a lint (the parse hook), by target and path, until the history applies them. */
  private readonly parsed = new Map<string, { text: string; facts: SqlFacts; fromDisk: boolean }>();
  private prefetched?: (path: string, target: Target) => Promise<{ text: string; facts: SqlFacts } | undefined> | undefined;
  private readonly wordIndexes = new Map<string, WordIndex>();
  private readonly sparse = new Map<string, Sparse>();

  constructor(
    private readonly readText: (file: string) => string | undefined,
    private readonly list: (dir: string) => string[] = listSqlFiles,
    /** Whether the history's version of a file is the one on disk (only such a file is streamed from disk). */
    private readonly onDisk: (file: string) => boolean = () => true,
  ) {}

  /**
   * Facts extracted elsewhere (the CLI's worker threads, sql/pool.ts), with the text they were
   * extracted from: used only when that text is the text asked about, so a file this history reads
   * in another version (review: the merge base) is still parsed from that version.
   */
  usePrefetched(source: ((path: string, target: Target) => Promise<{ text: string; facts: SqlFacts } | undefined> | undefined) | undefined): void {
    this.prefetched = source;
  }

  /** Whether the history replays `file` as it is on disk (not, in a review, its merge-base version). */
  replaysFromDisk(file: string): boolean {
    return this.onDisk(file);
  }

  /**
   * Facts of a file for a target. `fromDisk`: the text is the file as read from disk now, so when the
   * history replays the file from disk it applies these facts instead of reading and parsing again.
   */
  async facts(path: string, text: string, target: Target, fromDisk = false): Promise<SqlFacts> {
    const key = targetKey(target, path);
    const hit = this.parsed.get(key);
    if (hit && hit.text === text) return hit.facts;
    const facts = await this.parse(path, text, target);
    const chain = this.chains.get(targetKey(target, dirname(path)));
    const at = chain?.listing.position.get(basename(path));
    // Kept only for a replay still to come.
    if (at === undefined || !chain || at >= chain.after.length) this.parsed.set(key, { text, facts, fromDisk: fromDisk && this.onDisk(path) });
    return facts;
  }

  /**
   * The facts of a text: a worker's, when it extracted this very text, else extracted here.
   * `scope` "schema": only for applying (a replay), so a worker's schema-only facts serve too.
   */
  private async parse(path: string, text: string, target: Target, scope?: "schema"): Promise<SqlFacts> {
    const offered = await this.prefetched?.(path, target);
    if (offered && offered.text === text && (scope === "schema" || offered.facts.scope === undefined)) return offered.facts;
    return extractFacts(path, text, target, scope);
  }

  /** The directory's migrations, sorted once per history. */
  listing(dir: string): Listing {
    let listing = this.listings.get(dir);
    if (!listing) {
      const names = [...new Set(this.list(dir))].sort(compareMigrationNames);
      listing = { dir, names, position: new Map(names.map((n, i) => [n, i])) };
      this.listings.set(dir, listing);
    }
    return listing;
  }

  /** How many of its directory's migrations come before `file`. */
  earlierCount(file: string): number {
    return this.countBefore(this.listing(dirname(file)), file);
  }

  /** How many of the directory's migrations come before `file` (a file not in the listing sorts by name). */
  private countBefore(listing: Listing, file: string): number {
    const name = basename(file);
    const at = listing.position.get(name);
    if (at !== undefined) return at;
    let lo = 0;
    let hi = listing.names.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareMigrationNames(listing.names[mid] as string, name) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The migrations replayed before `file`, in the order they are applied. */
  earlier(file: string): string[] {
    const listing = this.listing(dirname(file));
    return listing.names.slice(0, this.countBefore(listing, file)).map((n) => join(listing.dir, n));
  }

  /**
   * Files changed on disk (created, edited or deleted): each directory is listed again, and its
   * schemas are kept only up to the first file that changed, so the next lint replays from there,
   * not from the start.
   */
  invalidate(files: string[]): void {
    const byDir = new Map<string, string[]>();
    for (const f of files) {
      const names = byDir.get(dirname(f));
      if (names) names.push(basename(f));
      else byDir.set(dirname(f), [basename(f)]);
    }
    for (const [dir, names] of byDir) {
      // Read again when next asked about.
      const index = this.wordIndexes.get(dir);
      if (index) for (const name of names) index.delete(name);
      const old = this.listings.get(dir);
      if (!old) continue;
      this.listings.delete(dir);
      const fresh = this.listing(dir);
      let from = 0;
      while (from < old.names.length && old.names[from] === fresh.names[from]) from++;
      for (const name of names) from = Math.min(from, old.position.get(name) ?? from, fresh.position.get(name) ?? from);
      for (const chain of this.chains.values()) {
        if (chain.listing.dir !== dir) continue;
        chain.listing = fresh;
        if (chain.after.length > from) chain.after.length = from;
        for (const name of names) this.parsed.delete(targetKey(chain.target, join(dir, name)));
      }
    }
  }

  /**
   * The schema before `file` as far as the tables `names` go, without replaying the whole directory:
   * only the earlier migrations whose words include one of those names (or "database" or "schema",
   * for DROP DATABASE) are parsed, and of them only the statements that name one of the tables;
   * scanning from the last migration backwards, each such statement adds the tables it names (the
   * source of a RENAME or a LIKE), since `Schema.apply` reads and changes only those
   * (`appliedTables`). The tables of `names` are then as the full replay leaves them. Undefined
   * when a name is not one word (its spelling in the text could differ): replay in full.
   *
   * The result is kept per file and target while the directory's listing stands and the names
   * asked for are among those it covers; the same origin means the same schema. `onRead` hears of
   * each migration read for the word index (once per directory, and again for changed files).
   */
  async sparseSchemaBefore(
    file: string,
    target: Target,
    names: Iterable<string>,
    onRead?: (done: number, total: number) => void,
  ): Promise<{ schema: Schema; origin: object } | undefined> {
    const wanted = new Set([...names].map((n) => n.toLowerCase()));
    for (const n of wanted) if (!ONE_WORD.test(n)) return undefined;
    const listing = this.listing(dirname(file));
    const count = this.countBefore(listing, file);
    const key = targetKey(target, file);
    const kept = this.sparse.get(key);
    if (kept && kept.listing === listing && kept.count === count && [...wanted].every((n) => kept.names.has(n))) {
      return { schema: kept.schema.clone(), origin: kept.origin };
    }
    // Exact only for the names asked about: one added during the scan was not looked for in the
    // migrations scanned before it was added.
    const asked = new Set(wanted);
    const index = this.wordIndex(listing, count, onRead);
    const relevant = (name: string) => {
      const words = index.get(name);
      if (words === undefined) return false;
      if (words === null || words.has("database") || words.has("schema")) return true;
      for (const n of wanted) if (words.has(n)) return true;
      return false;
    };
    const chosen: { path: string; statements: SqlFacts["statements"] }[] = [];
    for (let i = count - 1; i >= 0; i--) {
      const name = listing.names[i] as string;
      if (!relevant(name)) continue;
      const path = join(listing.dir, name);
      // A dump among the migrations is streamed by the full replay.
      if (this.onDisk(path) && sizeOf(path) > SQL_STREAM_ABOVE) return undefined;
      const text = this.readText(path);
      if (text === undefined) continue;
      const facts = await extractFacts(path, text, target, "schema");
      const statements: SqlFacts["statements"] = [];
      for (let k = facts.statements.length - 1; k >= 0; k--) {
        const statement = facts.statements[k] as SqlFacts["statements"][number];
        const applied = appliedTables(statement);
        if (!applied.global && statement.kind !== "drop-database" && !applied.names.some((n) => wanted.has(n))) continue;
        statements.unshift(statement);
        for (const n of applied.names) wanted.add(n);
      }
      if (statements.length > 0) chosen.unshift({ path, statements });
    }
    const schema = new Schema();
    for (const { path, statements } of chosen) for (const statement of statements) schema.apply(statement, path);
    const sparse: Sparse = { listing, count, names: asked, schema, origin: {} };
    this.sparse.set(key, sparse);
    return { schema: schema.clone(), origin: sparse.origin };
  }

  /** The word index of a directory, with every migration before `count` read into it. */
  private wordIndex(listing: Listing, count: number, onRead?: (done: number, total: number) => void): WordIndex {
    let index = this.wordIndexes.get(listing.dir);
    if (!index) {
      index = new Map();
      this.wordIndexes.set(listing.dir, index);
    }
    const missing: string[] = [];
    for (let i = 0; i < count; i++) if (!index.has(listing.names[i] as string)) missing.push(listing.names[i] as string);
    for (const [done, name] of missing.entries()) {
      const path = join(listing.dir, name);
      const big = this.onDisk(path) && sizeOf(path) > INDEXED_UP_TO;
      const text = big ? undefined : (this.readText(path) ?? "");
      index.set(name, text === undefined ? null : new Set(text.toLowerCase().match(WORD) ?? []));
      onRead?.(done + 1, missing.length);
    }
    return index;
  }

  /**
   * How many migrations before `file` are not replayed yet for `target`, without listing them: asked
   * on every lint of an editor's document, deep in a directory of thousands.
   */
  unreplayed(file: string, target: Target): number {
    const listing = this.listing(dirname(file));
    const done = this.chains.get(targetKey(target, listing.dir))?.after.length ?? 0;
    return Math.max(0, this.countBefore(listing, file) - done);
  }

  /** The migrations from disk that the schema before `file` still needs replayed, in order. */
  toReplay(file: string, target: Target): string[] {
    const listing = this.listing(dirname(file));
    const done = this.chains.get(targetKey(target, listing.dir))?.after.length ?? 0;
    const count = this.countBefore(listing, file);
    const out: string[] = [];
    for (let i = done; i < count; i++) {
      const path = join(listing.dir, listing.names[i] as string);
      if (this.onDisk(path)) out.push(path);
    }
    return out;
  }

  /** A fresh copy of the schema before `file`. */
  async schemaBefore(file: string, target: Target): Promise<Schema> {
    return (await this.schemaAndOrigin(file, target)).schema;
  }

  /**
   * The same, and the object it was copied from: the same origin twice means the same earlier
   * files, parsed the same way, hence an equal schema. `onApplied` hears of each file replayed.
   */
  async schemaAndOrigin(file: string, target: Target, onApplied?: () => void): Promise<{ schema: Schema; origin: object }> {
    const dir = dirname(file);
    const key = targetKey(target, dir);
    let chain = this.chains.get(key);
    if (!chain) {
      chain = { target, listing: this.listing(dir), after: [], empty: {} };
      this.chains.set(key, chain);
    }
    const count = this.countBefore(chain.listing, file);
    while (chain.after.length < count) {
      await this.applyNext(chain);
      onApplied?.();
    }
    const before = count > 0 ? (chain.after[count - 1] as Schema) : undefined;
    return { schema: before ? before.clone() : new Schema(), origin: before ?? chain.empty };
  }

  /** Applies the chain's next file to a copy of the schema before it. */
  private async applyNext(chain: Chain): Promise<void> {
    const { target } = chain;
    const path = join(chain.listing.dir, chain.listing.names[chain.after.length] as string);
    const previous = chain.after[chain.after.length - 1];
    const next = previous ? previous.clone() : new Schema();
    const key = targetKey(target, path);
    const kept = this.parsed.get(key);
    this.parsed.delete(key);
    if (kept?.fromDisk) {
      for (const s of kept.facts.statements) next.apply(s, path);
    } else if (this.onDisk(path) && sizeOf(path) > SQL_STREAM_ABOVE) {
      // A dump among the migrations: replayed window by window, like the file itself is linted.
      await streamSqlFacts(path, target, (sql) => {
        for (const s of sql.statements) next.apply(s, path);
      });
    } else {
      const text = this.readText(path);
      if (text !== undefined) {
        const facts = kept && kept.text === text ? kept.facts : await this.parse(path, text, target, "schema");
        for (const s of facts.statements) next.apply(s, path);
      }
    }
    chain.after.push(next);
  }
}

/** Chains are kept per target and directory, parsed facts per target and file. */
function targetKey(target: Target, path: string): string {
  return `${target.label}\0${path}`;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}
