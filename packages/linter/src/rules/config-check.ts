/**
 * A configuration's rule settings checked against the rules' declarations: the rule exists, its
 * options exist, each value has its option's type. Shared by `.innolint.json` and editor settings.
 */
import { didYouMean } from "./didyoumean.js";
import { optionValueProblem } from "./define.js";
import { ALL_RULES } from "./index.js";

export interface SettingProblem {
  /** The path of the offending key under "rules": [id], [id, 0] or [id, 1, option]. */
  path: (string | number)[];
  message: string;
}

export const SEVERITY_SETTINGS = ["off", "info", "warning", "error"] as const;

/** "includes": read only the project's option files (default), or follow every include as the server does. */
export const INCLUDES_SETTINGS = ["project", "follow"] as const;
export type IncludesSetting = (typeof INCLUDES_SETTINGS)[number];

const byId = () => new Map(ALL_RULES.map((r) => [r.id, r]));

const hint = (name: string, candidates: Iterable<string>) => {
  const guess = didYouMean(name, candidates);
  return guess ? `; did you mean "${guess}"?` : "";
};

/** Problems of one setting (severity, or [severity, options]); none when it is valid. */
export function checkRuleSetting(id: string, setting: unknown): SettingProblem[] {
  const rules = byId();
  const rule = rules.get(id);
  if (!rule) return [{ path: [id], message: `unknown rule "${id}"${hint(id, rules.keys())} (innolint rules lists them)` }];
  const isSeverity = (v: unknown) => typeof v === "string" && (SEVERITY_SETTINGS as readonly string[]).includes(v);
  if (isSeverity(setting)) return [];
  const usage = `rule "${id}": use "off", "info", "warning", "error", or [severity, {options}]`;
  if (!Array.isArray(setting) || setting.length < 1 || setting.length > 2) return [{ path: [id], message: usage }];
  if (!isSeverity(setting[0])) return [{ path: [id, 0], message: usage }];
  const options = setting[1] as unknown;
  if (options === undefined) return [];
  if (typeof options !== "object" || options === null || Array.isArray(options)) return [{ path: [id, 1], message: usage }];
  const schema = rule.optionSchema;
  const names = Object.keys(schema);
  const problems: SettingProblem[] = [];
  for (const [name, value] of Object.entries(options)) {
    const spec = schema[name];
    if (!spec) {
      const known = names.length ? ` (its options: ${names.join(", ")})` : " (it takes none)";
      problems.push({ path: [id, 1, name], message: `rule "${id}": unknown option "${name}"${hint(name, names)}${known}` });
      continue;
    }
    const problem = optionValueProblem(spec, value);
    if (problem) problems.push({ path: [id, 1, name], message: `rule "${id}": option "${name}" ${problem}, not ${JSON.stringify(value)}` });
  }
  return problems;
}

/** Editor severities (`innolint.rules`, LintOptions.ruleOverrides): known rules, severity strings only. */
export function checkRuleOverrides(overrides: Readonly<Record<string, unknown>>): SettingProblem[] {
  return Object.entries(overrides).flatMap(([id, setting]) =>
    typeof setting === "string" || !byId().has(id)
      ? checkRuleSetting(id, setting)
      : [{ path: [id], message: `rule "${id}": the editor setting takes "off", "info", "warning" or "error"; options belong in .innolint.json` }],
  );
}
