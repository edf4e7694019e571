/**
 * The one command-line parser (node:util parseArgs) behind every command, and each command's help,
 * generated from the same declaration: `innolint <command> --help` prints it to stdout.
 */
import { parseArgs } from "node:util";
import { didYouMean } from "./rules/didyoumean.js";

export class UsageError extends Error {}

export interface FlagSpec {
  type: "string" | "boolean";
  short?: string;
  /** The value's name in the help (`--target <flavor-version>`). */
  value?: string;
  help: string;
}

export interface CommandSpec {
  /** `lint`, `review`, …: how `--help` and error messages name the command. */
  command: string;
  usage: string[];
  summary: string;
  flags: Record<string, FlagSpec>;
  /** Whether the command takes positional arguments. */
  positionals: boolean;
  /** Text after the options (exit codes, notes). */
  epilogue?: string;
}

export interface Parsed {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
  help: boolean;
}

const HELP_FLAG: FlagSpec = { type: "boolean", short: "h", help: "print this help" };

/** Parses `argv` as `spec` says; a mistake is a UsageError that names the command's --help. */
export function parseCommand(spec: CommandSpec, argv: string[]): Parsed {
  const flags = { ...spec.flags, help: HELP_FLAG };
  const options: Record<string, { type: "string" | "boolean"; short?: string }> = {};
  for (const [name, f] of Object.entries(flags)) options[name] = { type: f.type, ...(f.short ? { short: f.short } : {}) };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(describe(e as Error & { code?: string }, spec, flags));
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (!spec.positionals && parsed.positionals.length > 0 && !values.help) {
    throw new UsageError(`innolint ${spec.command} takes no argument "${parsed.positionals[0]}" (innolint ${spec.command} --help)`);
  }
  const { help, ...rest } = values;
  return { flags: rest, positionals: parsed.positionals, help: help === true };
}

/** parseArgs' errors, reworded: which option, what it needs, what was probably meant. */
function describe(e: Error & { code?: string }, spec: CommandSpec, flags: Record<string, FlagSpec>): string {
  const see = `(innolint ${spec.command} --help lists the options)`;
  const option = /'(-{1,2}[^' ]+)/.exec(e.message)?.[1];
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const name = option?.replace(/^-+/, "").split("=")[0] ?? "";
      const guess = name.length > 1 ? didYouMean(name, Object.keys(flags)) : undefined;
      return `unknown option ${option ?? ""}${guess ? ` (did you mean --${guess}?)` : ""} ${see}`;
    }
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = option?.replace(/^-+/, "").split("=")[0] ?? "";
      // The option as declared, whether it was given long or short.
      const [long, f] = flags[name] ? [name, flags[name]] : (Object.entries(flags).find(([, x]) => x.short === name) ?? []);
      if (f?.type === "boolean") return `--${long} takes no value ${see}`;
      if (/ambiguous/.test(e.message)) return `--${long} needs a value; to give one that starts with a dash, write --${long}=VALUE`;
      return `--${long ?? name} needs a value ${see}`;
    }
    default:
      return `${e.message} ${see}`;
  }
}

/** `innolint <command> --help`. */
export function commandHelp(spec: CommandSpec): string {
  const flags = { ...spec.flags, help: HELP_FLAG };
  const lines = [`innolint ${spec.command}: ${spec.summary}`, "", "Usage:", ...spec.usage.map((u) => `  ${u}`), "", "Options:"];
  const heads = Object.entries(flags).map(
    ([name, f]) => [`${f.short ? `-${f.short}, ` : "    "}--${name}${f.type === "string" ? ` <${f.value ?? "value"}>` : ""}`, f.help] as const,
  );
  const width = Math.min(34, Math.max(...heads.map(([h]) => h.length)) + 2);
  for (const [head, help] of heads) {
    const [first, ...more] = help.split("\n");
    if (head.length + 2 > width) lines.push(`  ${head}`, `  ${" ".repeat(width)}${first}`);
    else lines.push(`  ${head.padEnd(width)}${first}`);
    for (const m of more) lines.push(`  ${" ".repeat(width)}${m}`);
  }
  if (spec.epilogue) lines.push("", spec.epilogue.trimEnd());
  return lines.join("\n") + "\n";
}
