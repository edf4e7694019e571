/**
 * The host a configuration runs on (memory, CPUs, storage), read from `.innolint.json` "host",
 * an option file's `# innolint-host:` directive, `--host-*` options or the editor's `innolint.host`.
 * Precedence per field: the command line (or editor) over the directive over the configuration.
 */
import type { Range } from "./finding.js";
import type { Comment } from "./suppression.js";

export const STORAGE_KINDS = ["ssd", "hdd", "network"] as const;
export type Storage = (typeof STORAGE_KINDS)[number];

export const HOST_FIELDS = ["memory", "cpus", "storage"] as const;
export type HostField = (typeof HOST_FIELDS)[number];

export interface HostValues {
  /** Bytes of RAM. */
  memory?: number;
  cpus?: number;
  storage?: Storage;
}

export interface Host extends HostValues {
  /** Where each field came from, as findings name it ("--host-memory", "the innolint-host directive", ".innolint.json"). */
  from: Partial<Record<HostField, string>>;
}

/** Host values with the name their source goes by in messages. */
export interface HostInput {
  values: HostValues;
  source: string;
}

const UNITS: Record<string, number> = { "": 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/** A memory size: bytes as a number, or "64G", "512M", "1.5T" (binary units; "GB" and "GiB" read alike). */
export function parseMemory(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(value);
  if (!m) return undefined;
  const bytes = Math.round(Number(m[1]) * (UNITS[(m[2] ?? "").toLowerCase()] as number));
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** One field's value, or why it is not one. */
export function parseHostField(field: HostField, value: unknown): { value: number | Storage } | { problem: string } {
  switch (field) {
    case "memory": {
      const bytes = parseMemory(value);
      return bytes === undefined ? { problem: `host memory must be a size such as "64G" or "512M", not ${JSON.stringify(value)}` } : { value: bytes };
    }
    case "cpus": {
      const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 65536
        ? { value: n }
        : { problem: `host cpus must be a whole number from 1, not ${JSON.stringify(value)}` };
    }
    case "storage": {
      const s = typeof value === "string" ? value.trim().toLowerCase() : value;
      return typeof s === "string" && (STORAGE_KINDS as readonly string[]).includes(s)
        ? { value: s as Storage }
        : { problem: `host storage must be ${STORAGE_KINDS.map((k) => `"${k}"`).join(", ")}, not ${JSON.stringify(value)}` };
    }
  }
}

export interface HostProblem {
  /** The offending key, when there is one. */
  key?: string;
  message: string;
}

/** An object of host fields (the configuration's "host", the editor's `innolint.host`). */
export function parseHostObject(raw: unknown): { values: HostValues; problems: HostProblem[] } {
  const values: HostValues = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { values, problems: [{ message: `"host" must be an object such as {"memory": "64G", "cpus": 16, "storage": "ssd"}` }] };
  }
  const problems: HostProblem[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!(HOST_FIELDS as readonly string[]).includes(key)) {
      problems.push({ key, message: `unknown host key "${key}" (allowed: ${HOST_FIELDS.join(", ")})` });
      continue;
    }
    const parsed = parseHostField(key as HostField, value);
    if ("problem" in parsed) problems.push({ key, message: parsed.problem });
    else Object.assign(values, { [key]: parsed.value });
  }
  return { values, problems };
}

const HOST_DIRECTIVE = /^\s*(?:#|;|--|\/\*)\s*innolint-host\b\s*:?\s*(.*?)\s*(?:\*\/)?\s*$/;

export interface HostDirective {
  values: HostValues;
  problems: { file: string; range: Range; message: string }[];
}

/** `# innolint-host: memory=64G cpus=16 storage=ssd`; several directives add up, a later field winning. */
export function hostDirective(comments: Comment[]): HostDirective | undefined {
  let found: HostDirective | undefined;
  for (const c of comments) {
    const m = HOST_DIRECTIVE.exec(c.text);
    if (!m) continue;
    found ??= { values: {}, problems: [] };
    const items = (m[1] ?? "").split(/[\s,]+/).filter(Boolean);
    if (items.length === 0)
      found.problems.push({ file: c.file, range: c.range, message: "innolint-host names no field (write memory=64G cpus=16 storage=ssd)" });
    for (const item of items) {
      const eq = item.indexOf("=");
      const key = (eq < 0 ? item : item.slice(0, eq)).toLowerCase();
      if (eq < 0 || !(HOST_FIELDS as readonly string[]).includes(key)) {
        found.problems.push({
          file: c.file,
          range: c.range,
          message: `innolint-host: "${item}" is not one of memory=SIZE, cpus=N, storage=${STORAGE_KINDS.join("|")}`,
        });
        continue;
      }
      const parsed = parseHostField(key as HostField, item.slice(eq + 1));
      if ("problem" in parsed) found.problems.push({ file: c.file, range: c.range, message: `innolint-host: ${parsed.problem}` });
      else Object.assign(found.values, { [key]: parsed.value });
    }
  }
  return found;
}

export const DIRECTIVE_SOURCE = "the innolint-host directive";
export const EDITOR_HOST_SETTING = "innolint.host";

/** The host of a lint, field by field from the highest-precedence input that gives it; undefined when none does. */
export function resolveHost(...inputs: (HostInput | undefined)[]): Host | undefined {
  const host: Host = { from: {} };
  for (const input of inputs) {
    if (!input) continue;
    for (const field of HOST_FIELDS) {
      const v = input.values[field];
      if (v === undefined || host[field] !== undefined) continue;
      Object.assign(host, { [field]: v });
      host.from[field] = input.source;
    }
  }
  return Object.keys(host.from).length ? host : undefined;
}

/** The host's declared storage, with where it is declared, as the impact estimates take it. */
export function declaredStorage(host: Host | undefined): { kind: string; from: string } | undefined {
  return host?.storage ? { kind: host.storage, from: host.from.storage ?? "the host" } : undefined;
}
