import { lstatSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Severity } from "./finding.js";
import { jsonLines, lineAt, pathKey } from "./jsonpos.js";
import { checkRuleOverrides, checkRuleSetting, INCLUDES_SETTINGS, type IncludesSetting, SEVERITY_SETTINGS } from "./rules/config-check.js";
import { InputFileError, notRegularReason, readBoundedText } from "./input.js";
import { parseHostObject, type HostValues } from "./host.js";
import { type DeclaredTableSizes, parseTableSizes } from "./config-tables.js";

export type RuleSetting = Severity | "off";

export interface RuleConfig {
  severity?: RuleSetting;
  options?: Record<string, unknown>;
  /**
   * Set by an editor's "off" (LintOptions.ruleOverrides), never by a file: the rule runs and its
   * suppression comments count as used, but its findings are not reported.
   */
  hidden?: boolean;
}

export interface Config {
  /** The configuration file this came from, if any. */
  path?: string;
  root?: boolean;
  /** The directory of the configuration file that says "root": true (the project root, includes.ts). */
  rootDir?: string;
  /** "follow": read every !include/!includedir, also outside the project (default "project"). */
  includes?: IncludesSetting;
  target?: string;
  optionFile?: string;
  /** What the server runs on (host.ts); nearer files override farther ones field by field. */
  host?: HostValues;
  ignore: string[];
  rules: Record<string, RuleConfig>;
  /** Production table sizes for online-DDL estimates (config-tables.ts). */
  tables?: DeclaredTableSizes;
}

export const CONFIG_FILE_NAME = ".innolint.json";

export interface ConfigProblem {
  /** 1-based line of the offending key, when there is one. */
  line?: number;
  message: string;
}

export class ConfigError extends Error {
  /** Every problem found, the first one first (a file's rule settings are all checked; the message lists them). */
  readonly problems: ConfigProblem[];
  constructor(
    readonly file: string,
    message: string,
    readonly line?: number,
    more: ConfigProblem[] = [],
  ) {
    const at = (l?: number) => `${file}${l ? `:${l}` : ""}`;
    super([`${at(line)}: ${message}`, ...more.map((p) => `  ${at(p.line)}: ${p.message}`)].join("\n"));
    this.problems = [{ ...(line ? { line } : {}), message }, ...more];
  }
}

const SETTINGS = new Set<string>(SEVERITY_SETTINGS);
const TARGET = /^(mysql|percona|pxc|ndb|mariadb|aurora-mysql)-\d+(\.\d+){0,2}$/;
const KEYS = new Set(["$schema", "root", "target", "optionFile", "includes", "host", "ignore", "rules", "tables"]);

/** Validates what the JSON schema in schema/innolint.schema.json states; a test keeps the two in step. */
export function parseConfig(text: string, file: string): Config {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const at = /at position (\d+)/.exec((e as Error).message);
    throw new ConfigError(file, `not valid JSON (${(e as Error).message})`, at ? lineAt(text, Number(at[1])) : undefined);
  }
  const lines = jsonLines(text);
  const lineOf = (...path: (string | number)[]) => lines.get(pathKey(path));
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new ConfigError(file, "must be a JSON object");
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!KEYS.has(key)) throw new ConfigError(file, `unknown key "${key}" (allowed: ${[...KEYS].join(", ")})`, lineOf(key));
  }
  const config: Config = { path: file, ignore: [], rules: {} };
  if (obj.root !== undefined) {
    if (typeof obj.root !== "boolean") throw new ConfigError(file, `"root" must be true or false`);
    config.root = obj.root;
    if (obj.root) config.rootDir = dirname(file);
  }
  if (obj.includes !== undefined) {
    if (typeof obj.includes !== "string" || !(INCLUDES_SETTINGS as readonly string[]).includes(obj.includes)) {
      throw new ConfigError(file, `"includes" must be ${INCLUDES_SETTINGS.map((s) => `"${s}"`).join(" or ")}`, lineOf("includes"));
    }
    config.includes = obj.includes as IncludesSetting;
  }
  if (obj.target !== undefined) {
    if (typeof obj.target !== "string" || !TARGET.test(obj.target)) {
      throw new ConfigError(file, `"target" must look like mysql-8.0.22, percona-8.0.22, pxc-8.0.36, ndb-8.4.5, mariadb-10.11 or aurora-mysql-2.04.9`);
    }
    config.target = obj.target;
  }
  if (obj.optionFile !== undefined) {
    if (typeof obj.optionFile !== "string") throw new ConfigError(file, `"optionFile" must be a path`);
    config.optionFile = resolve(dirname(file), obj.optionFile);
  }
  if (obj.host !== undefined) {
    const { values, problems } = parseHostObject(obj.host);
    if (problems.length) {
      const [first, ...more] = problems.map((p) => ({ message: p.message, line: (p.key ? lineOf("host", p.key) : undefined) ?? lineOf("host") }));
      throw new ConfigError(file, first!.message, first!.line, more);
    }
    config.host = values;
  }
  if (obj.ignore !== undefined) {
    if (!Array.isArray(obj.ignore) || obj.ignore.some((g) => typeof g !== "string")) {
      throw new ConfigError(file, `"ignore" must be an array of glob strings`);
    }
    config.ignore = obj.ignore as string[];
  }
  if (obj.tables !== undefined) {
    const { sizes, problems } = parseTableSizes(obj.tables);
    if (problems.length) {
      const [first, ...more] = problems.map((p) => ({ message: p.message, line: lineOf("tables", ...p.path) ?? lineOf("tables") })) as [
        ConfigProblem,
        ...ConfigProblem[],
      ];
      throw new ConfigError(file, first.message, first.line, more);
    }
    const from = basename(file);
    config.tables = Object.fromEntries(Object.entries(sizes).map(([name, size]) => [name, { ...size, from }]));
  }
  if (obj.rules !== undefined) {
    if (typeof obj.rules !== "object" || obj.rules === null || Array.isArray(obj.rules)) {
      throw new ConfigError(file, `"rules" must be an object of rule id to setting`);
    }
    const problems = Object.entries(obj.rules as Record<string, unknown>).flatMap(([id, setting]) =>
      checkRuleSetting(id, setting).map((p) => ({ message: p.message, line: lineOf("rules", ...p.path) ?? lineOf("rules", id) })),
    );
    if (problems.length) {
      const [first, ...more] = problems as [ConfigProblem, ...ConfigProblem[]];
      throw new ConfigError(file, first.message, first.line, more);
    }
    for (const [id, setting] of Object.entries(obj.rules as Record<string, unknown>)) {
      if (typeof setting === "string" && SETTINGS.has(setting)) config.rules[id] = { severity: setting as RuleSetting };
      else if (Array.isArray(setting)) config.rules[id] = { severity: setting[0] as RuleSetting, options: (setting[1] ?? {}) as Record<string, unknown> };
    }
  }
  return config;
}

const discovered = new Map<string, Config | null>();

/** Finds the nearest .innolint.json from a directory upward; nearer files override farther ones unless one is root. */
export function discoverConfig(startDir: string): Config | undefined {
  const chain: Config[] = [];
  let dir = resolve(startDir);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    let config = discovered.get(candidate);
    if (config === undefined) {
      config = configAt(candidate) ? loadConfig(candidate) : null;
      discovered.set(candidate, config);
    }
    if (config) {
      chain.push(config);
      if (config.root) break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (chain.length === 0) return undefined;
  return chain.reduceRight<Config>((merged, c) => mergeConfig(merged, c), { ignore: [], rules: {} });
}

/**
 * Whether discovery should read this candidate: a regular file (or a link to one). Anything else
 * by that name (a FIFO, a device, a link to nothing) is an error, not a silently ignored config.
 */
function configAt(candidate: string): boolean {
  try {
    lstatSync(candidate);
  } catch {
    return false;
  }
  let st;
  try {
    st = statSync(candidate);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ConfigError(
      candidate,
      code === "ENOENT" ? "is a symbolic link to nothing" : code === "ELOOP" ? "is a symbolic link loop" : `cannot read (${code})`,
    );
  }
  if (st.isFile()) return true;
  throw new ConfigError(candidate, notRegularReason(st));
}

export function loadConfig(path: string): Config {
  let text: string;
  try {
    text = readBoundedText(path, "config");
  } catch (e) {
    if (e instanceof InputFileError) throw new ConfigError(path, e.reason);
    throw new ConfigError(path, `cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  return parseConfig(text, path);
}

function mergeConfig(base: Config, over: Config): Config {
  const merged: Config = {
    ...base,
    ...over,
    ignore: [...base.ignore, ...over.ignore],
    rules: { ...base.rules },
  };
  if (base.host || over.host) merged.host = { ...base.host, ...over.host };
  if (base.tables || over.tables) merged.tables = { ...base.tables, ...over.tables };
  for (const [id, rc] of Object.entries(over.rules)) {
    merged.rules[id] = { ...base.rules[id], ...rc, options: { ...base.rules[id]?.options, ...rc.options } };
  }
  return merged;
}

export function clearConfigCache(): void {
  discovered.clear();
}

/** The label an editor's rule settings are reported under. */
export const EDITOR_RULES_SETTING = "innolint.rules";

/** Editor severities are checked like a file's: an unknown rule or a value that is not a severity is an error. */
export function assertRuleOverrides(overrides: Readonly<Record<string, unknown>> | undefined): void {
  const problems = overrides ? checkRuleOverrides(overrides) : [];
  if (problems.length === 0) return;
  const [first, ...more] = problems.map((p) => ({ message: p.message })) as [ConfigProblem, ...ConfigProblem[]];
  throw new ConfigError(EDITOR_RULES_SETTING, first.message, undefined, more);
}
