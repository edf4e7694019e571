/**
 * The options of every command that reports findings (lint, review, baseline, live): declared and
 * read in one place, so they parse and fail alike everywhere.
 */
import { type FlagSpec, UsageError } from "./args.js";
import type { Severity } from "./finding.js";
import { HOST_FIELDS, parseHostField, STORAGE_KINDS, type HostInput, type HostValues } from "./host.js";
import { REPORTERS } from "./reporters/index.js";

export const REPORT_FLAGS = {
  target: {
    type: "string",
    value: "flavor-version",
    help: "mysql-8.0.22, percona-8.0.22, mariadb-10.11, aurora-mysql-2.04.9\n(default: the newest MySQL LTS, and findings say so)",
  },
  format: { type: "string", short: "f", value: "name", help: "text (default), json, sarif, github, gitlab, markdown" },
  "fail-on": { type: "string", value: "severity", help: "error, warning (default), info or never" },
  config: { type: "string", short: "c", value: "path", help: "use this .innolint.json instead of discovering one" },
  "no-config": { type: "boolean", help: "ignore configuration files" },
  color: { type: "boolean", help: "force colour on (default: on for a terminal)" },
  "no-color": { type: "boolean", help: "force colour off" },
  "no-impact": { type: "boolean", help: "skip the simulator's impact estimates" },
  "host-memory": {
    type: "string",
    value: "size",
    help: 'the host\'s memory, such as 64G (over an innolint-host directive\nand .innolint.json "host"; rules that need it are silent without it)',
  },
  "host-cpus": { type: "string", value: "n", help: "the host's CPU count" },
  "host-storage": { type: "string", value: "kind", help: `the data directory's storage: ${STORAGE_KINDS.join(", ")}` },
} satisfies Record<string, FlagSpec>;

export interface ReportArgs {
  target?: string;
  format: string;
  failOn: Severity | "never";
  config?: string;
  noConfig: boolean;
  impact: boolean;
  /** --host-memory, --host-cpus, --host-storage. */
  host?: HostInput;
}

const FAIL_ON = ["error", "warning", "info", "never"];

/** The report options among parsed flags, defaults filled in; an unknown format or threshold is a UsageError. */
export function reportArgsOf(flags: Record<string, string | boolean | undefined>): ReportArgs {
  const format = (flags.format as string | undefined) ?? "text";
  const failOn = ((flags["fail-on"] as string | undefined) ?? "warning") as ReportArgs["failOn"];
  if (!REPORTERS[format]) throw new UsageError(`unknown format "${format}" (use ${Object.keys(REPORTERS).join(", ")})`);
  if (!FAIL_ON.includes(failOn)) throw new UsageError("--fail-on takes error, warning, info or never");
  const args: ReportArgs = { format, failOn, noConfig: flags["no-config"] === true, impact: flags["no-impact"] !== true };
  if (typeof flags.target === "string") args.target = flags.target;
  if (typeof flags.config === "string") args.config = flags.config;
  const host: HostValues = {};
  for (const field of HOST_FIELDS) {
    const given = flags[`host-${field}`];
    if (typeof given !== "string") continue;
    const parsed = parseHostField(field, given);
    if ("problem" in parsed) throw new UsageError(`--host-${field}: ${parsed.problem}`);
    Object.assign(host, { [field]: parsed.value });
  }
  if (Object.keys(host).length) args.host = { values: host, source: "the command line" };
  return args;
}
