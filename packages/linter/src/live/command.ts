import { commandHelp, parseCommand, UsageError, type CommandSpec, type Parsed } from "../args.js";
import { REPORT_FLAGS, reportArgsOf, type ReportArgs } from "../report-args.js";
import { readHead } from "../input.js";
import { errorLine, messageLine } from "../safe-text.js";
import { errorExitCode } from "../internal.js";
import { resolve } from "node:path";
import type { InputError, LintOptions } from "../core.js";
import { configFor } from "../context.js";
import { lintLiveConfig, lintOptionFile } from "../engine.js";
import { SEVERITY_RANK, type Finding } from "../finding.js";
import { kindFromContent, kindFromName } from "../files.js";
import { REPORTERS } from "../reporters/index.js";
import { assertCatalogued } from "../catalogue/index.js";
import { parseTarget, TargetError } from "../target.js";
import { LiveContext } from "./context.js";
import { describeAddress, LiveError, LiveSession, parseDsn, passwordFromEnv, redact, type Credentials, type ServerAddress } from "./session.js";
import { createProgress } from "../progress.js";
import { loadSnapshot, readSnapshot, SNAPSHOT_STEPS, writeSnapshot, type LiveSnapshot } from "./snapshot.js";

const LIVE_SPEC: CommandSpec = {
  command: "live",
  usage: [
    "innolint live --dsn mysql://user@host:3306/ [options]",
    "innolint live --socket /run/mysqld/mysqld.sock [--user NAME] [options]",
    "innolint live --from-snapshot snapshot.json [options]",
  ],
  summary: "judge a running server's configuration, and what an option file says about it",
  flags: {
    dsn: { type: "string", value: "url", help: "mysql://user@host:port/ or mariadb://…; ?socket=/path for a Unix socket.\nA password in the DSN is refused." },
    socket: { type: "string", value: "path", help: "connect through a Unix socket" },
    user: { type: "string", short: "u", value: "name", help: "the user when the DSN names none (default: the login name)" },
    password: { type: "boolean", short: "p", help: "prompt for the password (no echo); otherwise INNOLINT_PASSWORD, then MYSQL_PWD" },
    timeout: { type: "string", value: "seconds", help: "limit for connecting and for each statement (default 10)" },
    snapshot: { type: "string", value: "file", help: "also write what was read as a JSON snapshot (for --context-snapshot)" },
    "from-snapshot": { type: "string", value: "file", help: "judge a snapshot taken earlier instead of connecting" },
    "defaults-file": {
      type: "string",
      value: "file",
      help: 'config-drift: report running values that differ from this option file\n(default: "optionFile" of .innolint.json, if any); --config my.cnf, naming\nan option file rather than an .innolint.json, does the same',
    },
    ...REPORT_FLAGS,
    target: { ...REPORT_FLAGS.target, help: "as for lint: the server's own version wins unless this is given" },
    config: { ...REPORT_FLAGS.config, help: "use this .innolint.json (or option file, see --defaults-file)" },
  },
  positionals: true,
  epilogue: `Only SELECT and SHOW statements are sent. Exit codes: 0 no findings at or above --fail-on,
1 findings, 2 usage, input or connection error, 3 internal error.`,
};

export const DEFAULT_TIMEOUT_SECONDS = 10;

export class LiveUsageError extends LiveError {}

/** Where live facts come from: a server, or a snapshot file. */
export interface LiveSource {
  dsn?: string;
  socket?: string;
  user?: string;
  prompt?: boolean;
  timeoutSeconds?: number;
  snapshot?: string;
}

export interface LiveIO {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Reads a secret from the terminal without echo; absent when there is no terminal. */
  promptSecret?: (question: string) => Promise<string>;
  /** Where a progress bar goes when standard error is a terminal. */
  stderr?: (s: string) => void;
  stderrIsTTY?: boolean;
  columns?: number;
}

/** A server that takes this long to answer shows what it is reading (on a terminal). */
const LIVE_PROGRESS_DELAY_MS = 500;

export function parseTimeout(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new LiveUsageError(`${flag} takes a number of seconds between 0 and 3600, not "${value}"`);
  return n;
}

function serverAddress(source: LiveSource, env: Record<string, string | undefined>): ServerAddress {
  if (source.dsn && source.socket) throw new LiveUsageError("give either --dsn or --socket, not both (a DSN takes ?socket=/path)");
  const address = source.dsn ? parseDsn(source.dsn, env) : parseDsn(`mysql://localhost?socket=${encodeURIComponent(source.socket ?? "")}`, env);
  if (source.user !== undefined) {
    if (source.dsn && new URL(source.dsn).username) throw new LiveUsageError("the user is given twice: in the DSN and with --user");
    address.user = source.user;
  }
  return address;
}

async function credentials(source: LiveSource, address: ServerAddress, io: LiveIO): Promise<Credentials> {
  if (!source.prompt) return passwordFromEnv(io.env);
  if (!io.promptSecret) throw new LiveUsageError("-p needs a terminal to prompt on: standard input is not one (set INNOLINT_PASSWORD instead)");
  const password = await io.promptSecret(`Password for ${address.user}@${describeAddress(address)}: `);
  return { password, passwordSource: "prompt" };
}

/**
 * Reads a server's facts (connect, read, disconnect) or loads a snapshot. Throws LiveError, whose
 * message never contains the password.
 */
export async function readLive(source: LiveSource, io: LiveIO): Promise<LiveSnapshot> {
  if (source.snapshot) {
    if (source.dsn || source.socket) throw new LiveUsageError("give either a server (--dsn, --socket) or a snapshot, not both");
    return loadSnapshot(resolve(io.cwd, source.snapshot));
  }
  if (!source.dsn && !source.socket) throw new LiveUsageError("no server given: pass --dsn mysql://user@host:port/, --socket PATH or --from-snapshot FILE");
  const address = serverAddress(source, io.env);
  const creds = await credentials(source, address, io);
  try {
    const session = await LiveSession.open(address, creds, (source.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
    try {
      const progress = createProgress({
        total: SNAPSHOT_STEPS,
        enabled: Boolean(io.stderr && io.stderrIsTTY && io.env.TERM !== "dumb"),
        write: (s) => io.stderr?.(s),
        unit: "",
        label: `reading VERSION() from ${describeAddress(address)}`,
        delayMs: LIVE_PROGRESS_DELAY_MS,
        ...(io.columns ? { columns: io.columns } : {}),
      });
      try {
        return await readSnapshot(session, describeAddress(address), new Date(), (what) => progress.tick(what));
      } finally {
        progress.done();
      }
    } finally {
      session.close();
    }
  } catch (e) {
    if (e instanceof LiveError) throw e;
    // Anything else is a bug; its message may still quote what the driver saw.
    const error = new Error(redact((e as Error).message, creds.password));
    error.stack = redact((e as Error).stack ?? "", creds.password);
    throw error;
  }
}

/** Live facts as lint context (--context-dsn, --context-snapshot): never prompts. */
export async function loadLiveContext(source: LiveSource, io: LiveIO): Promise<LiveContext> {
  return new LiveContext(await readLive({ ...source, prompt: false }, io));
}

interface LiveArgs extends LiveSource, ReportArgs {
  writeSnapshot?: string;
  defaultsFile?: string;
  color?: boolean;
}

function parseLiveArgs(argv: string[]): LiveArgs | "help" {
  // Refused by name rather than as "takes no value": the value would be a password in shell history.
  if (argv.some((a) => /^(--password|-p)=/.test(a))) {
    throw new LiveUsageError("innolint does not take a password on the command line: set INNOLINT_PASSWORD (or MYSQL_PWD), or pass -p alone to be prompted");
  }
  let parsed: Parsed;
  let report: ReportArgs;
  try {
    parsed = parseCommand(LIVE_SPEC, argv);
    if (parsed.help) return "help";
    report = reportArgsOf(parsed.flags);
  } catch (e) {
    throw e instanceof UsageError ? new LiveUsageError(e.message) : e;
  }
  if (parsed.positionals.length > 0)
    throw new LiveUsageError(`unexpected argument "${parsed.positionals[0]}": innolint live reads a server, not files (--defaults-file compares one)`);
  const f = parsed.flags;
  const str = (name: string) => f[name] as string | undefined;
  const args: LiveArgs = { ...report };
  const set = <K extends keyof LiveArgs>(key: K, value: LiveArgs[K] | undefined) => {
    if (value !== undefined) args[key] = value;
  };
  set("dsn", str("dsn"));
  set("socket", str("socket"));
  set("user", str("user"));
  if (f.password === true) args.prompt = true;
  const timeout = str("timeout");
  if (timeout !== undefined) args.timeoutSeconds = parseTimeout(timeout, "--timeout");
  set("writeSnapshot", str("snapshot"));
  set("snapshot", str("from-snapshot"));
  set("defaultsFile", str("defaults-file"));
  if (f.color === true) args.color = true;
  if (f["no-color"] === true) args.color = false;
  if (args.target) assertCatalogued(parseTarget(args.target));
  return args;
}

export interface LiveCommandIO extends LiveIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
}

/** An option file rather than an .innolint.json: by name, else by its first meaningful line. */
function isOptionFile(path: string): boolean {
  if (kindFromName(path) === "option-file") return true;
  if (path.toLowerCase().endsWith(".json")) return false;
  try {
    return kindFromContent(readHead(path, 4096)) === "option-file";
  } catch {
    return false;
  }
}

/** `innolint live`: exit 0/1 as lint, 2 for usage, input and connection errors. */
export async function runLive(argv: string[], io: LiveCommandIO): Promise<number> {
  try {
    const args = parseLiveArgs(argv);
    if (args === "help") {
      io.stdout(commandHelp(LIVE_SPEC));
      return 0;
    }
    if (args.config && isOptionFile(resolve(io.cwd, args.config))) {
      // `--config my.cnf` names the server's option file, not innolint's configuration.
      if (args.defaultsFile) throw new LiveUsageError(`${args.config} is an option file: give it once, with --defaults-file`);
      args.defaultsFile = args.config;
      delete args.config;
    }
    const snapshot = await readLive(args, io);
    if (args.writeSnapshot) {
      const path = resolve(io.cwd, args.writeSnapshot);
      writeSnapshot(path, snapshot);
      io.stderr(messageLine(`wrote the snapshot of ${snapshot.server.address} to ${args.writeSnapshot}`));
    }
    const live = new LiveContext(snapshot);
    const options: LintOptions = { cwd: io.cwd, impact: args.impact, noConfig: args.noConfig, live };
    if (args.target) options.target = args.target;
    if (args.host) options.host = args.host;
    if (args.config) options.configPath = resolve(io.cwd, args.config);

    const findings: Finding[] = [];
    const errors: InputError[] = [];
    const sources = new Map<string, string>([[live.file, live.text]]);
    const targets = new Map<string, string>();
    const own = await lintLiveConfig(live, options);
    errors.push(...own.errors);
    if (own.result) {
      findings.push(...own.result.findings);
      targets.set(live.file, own.result.target.label);
    }
    let defaultsFile = args.defaultsFile ? resolve(io.cwd, args.defaultsFile) : undefined;
    if (!defaultsFile) {
      try {
        defaultsFile = configFor(resolve(io.cwd, ".innolint.json"), options)?.optionFile;
      } catch {
        // lintLiveConfig already reported a broken configuration file.
      }
    }
    if (defaultsFile) {
      const drift = await lintOptionFile(defaultsFile, options, "drift");
      errors.push(...drift.outcome.errors);
      for (const f of drift.set.files) sources.set(f.path, f.text);
      if (drift.outcome.result) {
        findings.push(...drift.outcome.result.findings);
        targets.set(drift.outcome.result.file, drift.outcome.result.target.label);
      }
    }
    const color = args.color ?? (io.isTTY && !io.env.NO_COLOR && io.env.TERM !== "dumb");
    const reporter = REPORTERS[args.format] as (typeof REPORTERS)[string];
    io.stdout(reporter({ findings, errors, sources, cwd: io.cwd, targets }, { color: Boolean(color) }));
    const failed = errorExitCode(errors);
    if (failed) {
      if (args.format !== "text") for (const e of errors) io.stderr(errorLine(e));
      return failed;
    }
    if (args.failOn === "never") return 0;
    const threshold = SEVERITY_RANK[args.failOn];
    return findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? 1 : 0;
  } catch (e) {
    if (e instanceof LiveError || e instanceof TargetError) {
      io.stderr(messageLine(e.message));
      return 2;
    }
    throw e;
  }
}
