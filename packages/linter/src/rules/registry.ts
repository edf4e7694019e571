import type { Rule } from "./types.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import type { SqlStatementFacts } from "../sql/rules/context.js";
import type { DriftFacts } from "../live/drift.js";
import type { RuleModule, ScriptFacts, Surface } from "./define.js";
import { ALL_RULES } from "./index.js";

/** The rules that declare a surface, in the order of `ALL_RULES`. */
export function rulesFor(surface: Surface): RuleModule[] {
  return ALL_RULES.filter((r) => r.surfaces.includes(surface));
}

/** Every option-file rule; a test checks the rules against the rules/ knowledge base both ways. */
export const optionFileRules = rulesFor("option-file") as Rule<OptionFacts>[];

/** Rules over SQL statements, evaluated with the schema the migrations before them build. */
export const sqlStatementRules = rulesFor("sql-statement") as Rule<SqlStatementFacts>[];

/** Rules that judge SET GLOBAL / PERSIST values mapped onto option lines: one rule speaks for both surfaces. */
export const setStatementRules = rulesFor("set-statement") as Rule<OptionFacts>[];

/**
 * Rules that judge a live server's running values. The others judge a file's syntax or whether the
 * server accepts it (unknown, removed, deprecated, invalid, out of range, duplicate, wrong group):
 * a server reports every variable it has, once, as the value it accepted.
 */
export const liveConfigRules = rulesFor("live-config") as Rule<OptionFacts>[];

/** Rules comparing an option file with a live server. */
export const driftRules = rulesFor("drift") as Rule<DriftFacts>[];

/** Rules over what the engine finds about a file as a whole (a DELIMITER left changed, unused suppressions). */
export const scriptRules = rulesFor("script") as Rule<ScriptFacts>[];

/** The script rules' ids. */
export const ENGINE_RULES: readonly string[] = scriptRules.map((r) => r.id);

/** A rule by id, for configuration checks and `innolint rule`. */
export function ruleById(id: string): RuleModule | undefined {
  return ALL_RULES.find((r) => r.id === id);
}
