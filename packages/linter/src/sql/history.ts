import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Target } from "../target.js";
import { extractFacts, type SqlFacts } from "./facts.js";
import { Schema } from "./schema.js";
import { SQL_STREAM_ABOVE, streamSqlFacts } from "./stream.js";

/** The .sql files directly in a directory on disk. */
export function listSqlFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.toLowerCase().endsWith(".sql"));
  } catch {
    return [];
  }
}

/**
 * The schema a directory of migrations builds before a given file: the .sql files beside it,
 * applied in file-name order. Each earlier file is parsed once per target and run. `readText` and
 * `list` say what the history is made of: the files on disk, or (review) the migrations as the
 * server ran them.
 */
export class MigrationHistory {
  private readonly after = new Map<string, Schema>();
  private readonly parsed = new Map<string, { text: string; facts: SqlFacts }>();
  private prefetched?: (path: string, target: Target) => Promise<{ text: string; facts: SqlFacts } | undefined> | undefined;

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
  usePrefetched(source: (path: string, target: Target) => Promise<{ text: string; facts: SqlFacts } | undefined> | undefined): void {
    this.prefetched = source;
  }

  /** Whether the history replays `file` as it is on disk (not, in a review, its merge-base version). */
  replaysFromDisk(file: string): boolean {
    return this.onDisk(file);
  }

  /** Facts of a file for a target, parsed once per run whether it is linted or only replayed. */
  async facts(path: string, text: string, target: Target): Promise<SqlFacts> {
    const key = `${target.label}\0${path}`;
    const hit = this.parsed.get(key);
    if (hit && hit.text === text) return hit.facts;
    const offered = await this.prefetched?.(path, target);
    const facts = offered && offered.text === text ? offered.facts : await extractFacts(path, text, target);
    this.parsed.set(key, { text, facts });
    return facts;
  }

  private siblings(dir: string): string[] {
    return [...new Set(this.list(dir))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The migrations replayed before `file`, in the order they are applied. */
  earlier(file: string): string[] {
    const dir = dirname(file);
    const names = this.siblings(dir);
    const position = names.indexOf(basename(file));
    return (position >= 0 ? names.slice(0, position) : names.filter((n) => n < basename(file))).map((n) => join(dir, n));
  }

  /** A fresh copy of the schema before `file`. */
  async schemaBefore(file: string, target: Target): Promise<Schema> {
    return (await this.schemaAndOrigin(file, target)).schema;
  }

  /**
   * The same, and the object it was copied from: the same origin twice means the same earlier
   * files, parsed the same way, hence an equal schema.
   */
  async schemaAndOrigin(file: string, target: Target): Promise<{ schema: Schema; origin: object }> {
    const earlier = this.earlier(file);
    let schema = new Schema();
    for (const path of earlier) {
      const key = `${target.label}\0${path}`;
      const cached = this.after.get(key);
      if (cached) {
        schema = cached;
        continue;
      }
      const next = schema.clone();
      if (this.onDisk(path) && sizeOf(path) > SQL_STREAM_ABOVE) {
        // A dump among the migrations: replayed window by window, like the file itself is linted.
        await streamSqlFacts(path, target, (sql) => {
          for (const s of sql.statements) next.apply(s, path);
        });
        this.after.set(key, next);
        schema = next;
        continue;
      }
      const text = this.readText(path);
      if (text !== undefined) {
        const facts = await this.facts(path, text, target);
        for (const s of facts.statements) next.apply(s, path);
      }
      this.after.set(key, next);
      schema = next;
    }
    return { schema: schema.clone(), origin: earlier.length > 0 ? schema : this.empty(target) };
  }

  private readonly empties = new Map<string, object>();

  /** The origin of the empty schema before the first file, per target. */
  private empty(target: Target): object {
    let origin = this.empties.get(target.label);
    if (!origin) {
      origin = {};
      this.empties.set(target.label, origin);
    }
    return origin;
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}
