import type { OptionFacts } from "../optionfile/rules/facts.js";
import { parseInteger } from "../optionfile/rules/values.js";
import type { DriftFacts } from "../live/drift.js";
import type { SqlStatementFacts } from "../sql/rules/context.js";
import type { Rule, RuleContext } from "./types.js";
import type { Range } from "../finding.js";
import type { UnusedDirective } from "../suppression.js";
import { remembered } from "../memo.js";

/** What the engine finds about a script or file as a whole, for the `script` rules to word. */
export interface ScriptFacts {
  file: string;
  /** A DELIMITER left changed at the end of a SQL script. */
  unresetDelimiter?: { delimiter: string; range: Range };
  /** Suppression comments that suppress nothing or name unknown rules. */
  unusedDirectives?: UnusedDirective[];
}

/**
 * Where a rule judges: an option file's lines, SET GLOBAL/PERSIST assignments (mapped onto option
 * lines), a live server's running values, an option file against a live server, SQL statements,
 * or a script as a whole (what the engine finds about a file: a DELIMITER left changed, unused
 * suppression comments).
 */
export type Surface = "option-file" | "set-statement" | "live-config" | "drift" | "sql-statement" | "script";

export const SURFACES: readonly Surface[] = ["option-file", "set-statement", "live-config", "drift", "sql-statement", "script"];

/** The facts each surface hands a rule. */
export interface FactsBySurface {
  "option-file": OptionFacts;
  "set-statement": OptionFacts;
  "live-config": OptionFacts;
  drift: DriftFacts;
  "sql-statement": SqlStatementFacts;
  script: ScriptFacts;
}

interface SpecBase {
  /** One sentence for the JSON schema and `innolint rule`. */
  description: string;
}

/**
 * The option types a configuration may give. `size` is a byte count: a non-negative number, or a
 * string mysqld's option parser reads ("128M", "1G", "65536"); the rule receives bytes.
 */
export type OptionSpec =
  | (SpecBase & { type: "size"; default: string | number })
  | (SpecBase & { type: "integer"; default: number; minimum?: number })
  | (SpecBase & { type: "string"; default: string })
  | (SpecBase & { type: "string-list"; default: readonly string[] })
  | (SpecBase & { type: "string-list-map"; default: Readonly<Record<string, readonly string[]>> });

export type OptionSchema = Readonly<Record<string, OptionSpec>>;

type ValueOf<S extends OptionSpec> = S["type"] extends "size" | "integer"
  ? number
  : S["type"] extends "string"
    ? string
    : S["type"] extends "string-list"
      ? readonly string[]
      : Readonly<Record<string, readonly string[]>>;

export type OptionValues<O extends OptionSchema> = { readonly [K in keyof O]: ValueOf<O[K]> };

export interface TypedRuleContext<O extends OptionSchema> extends Omit<RuleContext, "options"> {
  readonly options: OptionValues<O>;
}

/** A rule as its module declares it once: id, surfaces, typed options with their defaults, and its check. */
export interface RuleModule<F = unknown> extends Rule<F> {
  readonly surfaces: readonly Surface[];
  readonly optionSchema: OptionSchema;
}

const MODULE = Symbol.for("innolint.rule-module");

export function isRuleModule(value: unknown): value is RuleModule {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MODULE] === true;
}

export function defineRule<S extends Surface, O extends OptionSchema = Record<never, never>>(def: {
  id: string;
  surfaces: readonly S[];
  options?: O;
  check: (facts: FactsBySurface[S], ctx: TypedRuleContext<O>) => void;
}): RuleModule<FactsBySurface[S]> {
  const schema = (def.options ?? {}) as O;
  const inner = def.check;
  // The options object a run passes is the same for every file, so it is resolved once.
  const resolved = new WeakMap<object, OptionValues<O>>();
  return {
    id: def.id,
    surfaces: def.surfaces,
    optionSchema: schema,
    [MODULE]: true,
    check(facts, ctx) {
      const options = remembered(resolved, ctx.options, () => resolveOptions(def.id, schema, ctx.options));
      inner(facts, { ...ctx, options });
    },
  } as RuleModule<FactsBySurface[S]>;
}

/** Why a value does not fit its option, or undefined when it does. */
export function optionValueProblem(spec: OptionSpec, value: unknown): string | undefined {
  const isStringList = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
  switch (spec.type) {
    case "size":
      return sizeValue(value) === undefined ? `must be a size: a number of bytes, or a string such as "128M" or "1G"` : undefined;
    case "integer":
      return typeof value === "number" && Number.isInteger(value) && value >= (spec.minimum ?? -Infinity)
        ? undefined
        : `must be an integer${spec.minimum !== undefined ? ` of at least ${spec.minimum}` : ""}`;
    case "string":
      return typeof value === "string" ? undefined : "must be a string";
    case "string-list":
      return isStringList(value) ? undefined : "must be an array of strings";
    case "string-list-map":
      return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every(isStringList)
        ? undefined
        : "must be an object whose values are arrays of strings";
  }
}

/** A size as bytes: a non-negative integer, or a string with digits and an optional K…E suffix. */
export function sizeValue(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== "string" || !/^\s*\+?\d/.test(value)) return undefined;
  const parsed = parseInteger(value);
  return "value" in parsed && parsed.value >= 0 ? parsed.value : undefined;
}

/**
 * The options a rule runs with: its defaults, overlaid by what the configuration gives. The
 * configuration was checked when it was read (config.ts), so a bad value here is a bug.
 */
export function resolveOptions<O extends OptionSchema>(id: string, schema: O, given: Readonly<Record<string, unknown>>): OptionValues<O> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(schema)) {
    const value = given[name] ?? spec.default;
    const problem = optionValueProblem(spec, value);
    if (problem) throw new Error(`rule ${id}: option ${name} ${problem}`);
    out[name] = spec.type === "size" ? sizeValue(value) : value;
  }
  return out as OptionValues<O>;
}

/** The defaults as written in the rule's module ("4M", not bytes), for `innolint rule`. */
export function optionDefaults(schema: OptionSchema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).map(([name, spec]) => [name, spec.default]));
}
