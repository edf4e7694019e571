/** The context a file is linted in: its configuration (with an editor's overrides) and its target. */
import { dirname, resolve } from "node:path";
import { assertRuleOverrides, discoverConfig, loadConfig, type Config, type RuleSetting } from "./config.js";
import type { LintOptions } from "./core.js";
import { assertCatalogued, newestMysqlLts } from "./catalogue/index.js";
import { assumedTarget, parseTarget, type Target } from "./target.js";

/** The configuration for a file: --config, else discovered upward from the file; none with --no-config. */
export function configFor(file: string, options: LintOptions): Config | undefined {
  return configFrom(dirname(resolve(file)), options);
}

/** The configuration of a run with no file to start from (a live server): discovered from the working directory. */
export function configForRun(options: LintOptions): Config | undefined {
  return configFrom(resolve(options.cwd ?? "."), options);
}

function configFrom(dir: string, options: LintOptions): Config | undefined {
  const config = options.noConfig ? undefined : options.configPath ? loadConfig(resolve(options.configPath)) : discoverConfig(dir);
  return withOverrides(config, options.ruleOverrides);
}

/** The configuration with `ruleOverrides` laid over its rule settings (a copy). */
function withOverrides(config: Config | undefined, overrides: Record<string, RuleSetting> | undefined): Config | undefined {
  assertRuleOverrides(overrides);
  if (!overrides || Object.keys(overrides).length === 0) return config;
  const rules = { ...config?.rules };
  for (const [id, setting] of Object.entries(overrides)) rules[id] = setting === "off" ? { ...rules[id], hidden: true } : { ...rules[id], severity: setting };
  return { ...(config ?? { ignore: [] }), rules };
}

/**
 * Target precedence: a directive in the file, then --target, then the live server, then the config
 * file, then the newest MySQL LTS.
 */
export function resolveTarget(directive: string | undefined, options: LintOptions, config: Config | undefined): Target {
  const label = directive ?? options.target ?? options.live?.target.label ?? config?.target;
  return label ? assertCatalogued(parseTarget(label)) : assumedTarget(newestMysqlLts() ?? "8.4");
}

/** The target of a file without a directive, or undefined when its configuration or target is bad (the lint says why). */
export function targetOrUndefined(file: string, options: LintOptions): Target | undefined {
  try {
    return resolveTarget(undefined, options, configFor(file, options));
  } catch {
    return undefined;
  }
}
