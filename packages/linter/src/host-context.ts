/** A lint's host: --host-* or the editor's innolint.host, over the option file's directive, over .innolint.json "host". */
import { CONFIG_FILE_NAME, type Config } from "./config.js";
import type { LintOptions } from "./core.js";
import { DIRECTIVE_SOURCE, resolveHost, type Host, type HostValues } from "./host.js";

export function hostFor(options: LintOptions, config: Config | undefined, directive?: HostValues): Host | undefined {
  return resolveHost(
    options.host,
    directive ? { values: directive, source: DIRECTIVE_SOURCE } : undefined,
    config?.host ? { values: config.host, source: CONFIG_FILE_NAME } : undefined,
  );
}
