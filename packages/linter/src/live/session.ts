import { InputFileError, readBounded } from "../input.js";
import { userInfo } from "node:os";
import { assertReadOnly } from "./readonly.js";

/** A connection or input problem with a live server: exit 2, message already free of the password. */
export class LiveError extends Error {}

/** The mysql client's --ssl-mode values innolint supports; without one the connection is not encrypted. */
export type TlsMode = "required" | "verify_ca" | "verify_identity";

export interface ServerAddress {
  user: string;
  host?: string;
  port?: number;
  socket?: string;
  tls?: { mode: TlsMode; ca?: string };
}

export interface Credentials {
  password?: string;
  /** Where the password came from, for messages: never the password itself. */
  passwordSource?: "INNOLINT_PASSWORD" | "MYSQL_PWD" | "prompt";
}

const DEFAULT_PORT = 3306;

function defaultUser(env: Record<string, string | undefined>): string {
  // The mysql client's default: the login name.
  try {
    return env.USER ?? userInfo().username;
  } catch {
    return "root";
  }
}

/**
 * `mysql://user@host:port/` or `mariadb://…`; `?socket=/path` connects through a Unix socket,
 * `ssl-mode=REQUIRED|VERIFY_CA|VERIFY_IDENTITY` and `ssl-ca=/path/ca.pem` as the mysql client's
 * options. A password in the DSN is refused: a command line is visible to every local user and kept
 * in shell history. The error does not repeat the DSN.
 */
export function parseDsn(dsn: string, env: Record<string, string | undefined>): ServerAddress {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    throw new LiveError("--dsn is not a URL: expected mysql://user@host:port/ (or mariadb://…, with ?socket=/path for a Unix socket)");
  }
  if (url.protocol !== "mysql:" && url.protocol !== "mariadb:") {
    throw new LiveError(`--dsn must start with mysql:// or mariadb://, not ${url.protocol}//`);
  }
  if (url.password !== "") {
    throw new LiveError(
      "the DSN contains a password, which innolint refuses: command lines are visible to other users and kept in shell history. Put the password in INNOLINT_PASSWORD (or MYSQL_PWD), or pass -p to type it",
    );
  }
  const address: ServerAddress = { user: url.username ? decodeURIComponent(url.username) : defaultUser(env) };
  for (const key of url.searchParams.keys()) {
    if (!["socket", "ssl-mode", "ssl-ca"].includes(key)) throw new LiveError(`unknown DSN parameter "${key}" (socket, ssl-mode and ssl-ca are understood)`);
  }
  const mode = url.searchParams.get("ssl-mode")?.toLowerCase();
  const ca = url.searchParams.get("ssl-ca") ?? undefined;
  if (mode !== undefined && !["disabled", "required", "verify_ca", "verify_identity"].includes(mode)) {
    throw new LiveError(`ssl-mode=${mode.toUpperCase()} is not supported: use DISABLED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY`);
  }
  if (mode === "disabled" && ca) throw new LiveError("ssl-ca needs TLS: it cannot go with ssl-mode=DISABLED");
  // As the mysql client: a CA without a mode means verify against it.
  if (mode !== "disabled" && (mode || ca)) address.tls = { mode: (mode ?? "verify_ca") as TlsMode, ...(ca ? { ca } : {}) };
  const socket = url.searchParams.get("socket");
  if (socket) address.socket = socket;
  else {
    address.host = url.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost";
    address.port = url.port ? Number(url.port) : DEFAULT_PORT;
  }
  return address;
}

/** How findings and messages name the server: host:port, or the socket. */
export function describeAddress(a: ServerAddress): string {
  if (a.socket) return `localhost (socket ${a.socket})`;
  const host = a.host?.includes(":") ? `[${a.host}]` : a.host;
  return `${host}:${a.port ?? DEFAULT_PORT}`;
}

/** The password from the environment: INNOLINT_PASSWORD, else MYSQL_PWD (the mysql client's variable). */
export function passwordFromEnv(env: Record<string, string | undefined>): Credentials {
  if (env.INNOLINT_PASSWORD !== undefined) return { password: env.INNOLINT_PASSWORD, passwordSource: "INNOLINT_PASSWORD" };
  if (env.MYSQL_PWD !== undefined) return { password: env.MYSQL_PWD, passwordSource: "MYSQL_PWD" };
  return {};
}

/** Replaces every occurrence of the secret (raw and URL-encoded) so that no message can leak it. */
export function redact(text: string, secret: string | undefined): string {
  if (!secret) return text;
  let out = text;
  for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join("********");
  return out;
}

interface DriverError extends Error {
  code?: string;
  errno?: number;
  sqlMessage?: string;
  fatal?: boolean;
}

interface Connection {
  query(options: { sql: string; timeout: number }, callback: (err: DriverError | null, rows: unknown) => void): void;
  on(event: "error", listener: (err: DriverError) => void): void;
  once(event: "connect" | "error", listener: (arg: unknown) => void): void;
  destroy(): void;
  end(callback?: () => void): void;
  /** The server's capability flags from its greeting. */
  serverCapabilityFlags?: number;
}

/** CLIENT_SSL: the server can switch to TLS. */
const CLIENT_SSL = 0x800;

/**
 * One connection to a live server. `query` is the only path by which SQL reaches the driver, and
 * it sends nothing that `assertReadOnly` refuses.
 */
export class LiveSession {
  private lost: DriverError | undefined;

  private constructor(
    private readonly connection: Connection,
    readonly address: ServerAddress,
    private readonly credentials: Credentials,
    private readonly timeoutMs: number,
  ) {
    connection.on("error", (err) => {
      this.lost = err;
    });
  }

  static async open(address: ServerAddress, credentials: Credentials, timeoutMs: number): Promise<LiveSession> {
    // Loaded on demand: only `live` and --context-dsn need the driver.
    const mysql = (await import("mysql2")).default;
    let ca: Buffer | undefined;
    if (address.tls?.ca) {
      try {
        ca = readBounded(address.tls.ca, "certificate");
      } catch (e) {
        if (e instanceof InputFileError) throw new LiveError(`cannot read ssl-ca ${address.tls.ca}: ${e.code === "ENOENT" ? "ENOENT" : e.reason}`);
        throw new LiveError(`cannot read ssl-ca ${address.tls.ca}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      }
    }
    const tls = address.tls;
    const connection = mysql.createConnection({
      user: address.user,
      ...(credentials.password !== undefined ? { password: credentials.password } : {}),
      ...(address.socket ? { socketPath: address.socket } : { host: address.host, port: address.port }),
      connectTimeout: timeoutMs,
      ...(tls ? { ssl: { rejectUnauthorized: tls.mode !== "required", verifyIdentity: tls.mode === "verify_identity", ...(ca ? { ca } : {}) } } : {}),
      multipleStatements: false,
      // A server can ask the client for any local file (LOAD DATA LOCAL); never offer it.
      flags: ["-LOCAL_FILES", "-MULTI_STATEMENTS"],
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
    }) as unknown as Connection;
    const session = new LiveSession(connection, address, credentials, timeoutMs);
    await new Promise<void>((resolve, reject) => {
      connection.once("connect", () => resolve());
      connection.once("error", (err) => reject(session.explain(err as DriverError, "connecting")));
    });
    return session;
  }

  /** Runs one read-only statement; `purpose` names it in errors ("reading SHOW GLOBAL VARIABLES"). */
  async query<Row>(sql: string, purpose?: string): Promise<Row[]> {
    assertReadOnly(sql);
    const during = purpose ?? `running ${sql.split(/\s+/).slice(0, 4).join(" ")}`;
    if (this.lost) throw this.explain(this.lost, during);
    return new Promise<Row[]>((resolve, reject) => {
      this.connection.query({ sql, timeout: this.timeoutMs }, (err, rows) => {
        if (err) {
          // A timed-out query leaves the protocol mid-answer: the connection cannot be reused.
          if (err.fatal || err.code === "PROTOCOL_SEQUENCE_TIMEOUT") this.lost ??= err;
          reject(this.explain(err, during));
        } else resolve(rows as Row[]);
      });
    });
  }

  close(): void {
    // COM_QUIT when the connection is healthy, else just the socket.
    if (this.lost) this.connection.destroy();
    else this.connection.end(() => undefined);
  }

  /** A driver error as a LiveError that names the server and the user, never the password. */
  explain(err: DriverError, during: string): LiveError | Error {
    if (err instanceof LiveError) return err;
    if (err.name === "ReadOnlyViolation") return err;
    const server = describeAddress(this.address);
    const who = `${this.address.user}@${this.address.socket ? "localhost" : this.address.host}`;
    const seconds = `${this.timeoutMs / 1000} s`;
    const text = err.sqlMessage ?? err.message;
    let message: string;
    if (/secure transport/i.test(text)) {
      return new LiveError(
        redact(`${server} requires TLS: add ssl-mode=REQUIRED to the DSN (or VERIFY_IDENTITY with ssl-ca=/path/ca.pem): ${text}`, this.credentials.password),
      );
    }
    if (err.code === "HANDSHAKE_NO_SSL_SUPPORT") {
      return new LiveError(`${server} does not offer TLS, which ssl-mode=${this.address.tls?.mode.toUpperCase()} asks for`);
    }
    if (/HANDSHAKE_SSL_ERROR|CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(err.code ?? "")) {
      return new LiveError(
        redact(
          `${server}'s TLS certificate was refused (${err.code}): ${err.message}; check ssl-ca, or ssl-mode=REQUIRED encrypts without verifying`,
          this.credentials.password,
        ),
      );
    }
    switch (err.code) {
      case "ER_ACCESS_DENIED_ERROR":
      case "ER_ACCESS_DENIED_NO_PASSWORD_ERROR":
        message = `access denied for ${who} (${this.credentials.passwordSource ? `password from ${this.credentials.passwordSource === "prompt" ? "the prompt" : this.credentials.passwordSource}` : "no password given: set INNOLINT_PASSWORD or MYSQL_PWD, or use innolint live -p"}): ${err.sqlMessage ?? err.message}`;
        // MariaDB denies a login without TLS under require_secure_transport with this same error.
        if (!this.address.tls && ((this.connection.serverCapabilityFlags ?? 0) & CLIENT_SSL) !== 0) {
          message += "; the server offers TLS: if it requires it, add ssl-mode=REQUIRED (or VERIFY_IDENTITY with ssl-ca=…) to the DSN";
        }
        break;
      case "ECONNREFUSED":
        message = `connection refused by ${server}: is the server running and listening there?`;
        break;
      case "ENOENT":
        message = `no socket at ${this.address.socket ?? server}`;
        break;
      case "ENOTFOUND":
      case "EAI_AGAIN":
        message = `cannot resolve the host name ${this.address.host ?? ""}`;
        break;
      case "ETIMEDOUT":
        message = `no answer from ${server} within ${seconds} while ${during} (--timeout)`;
        break;
      case "PROTOCOL_SEQUENCE_TIMEOUT":
        message = `no answer from ${server} within ${seconds} while ${during} (--timeout)`;
        break;
      case "PROTOCOL_CONNECTION_LOST":
      case "ECONNRESET":
      case "EPIPE":
        message = `the connection to ${server} was lost while ${during}`;
        break;
      default:
        message = `${server} answered ${err.code ?? "an error"} while ${during}: ${err.sqlMessage ?? err.message}`;
    }
    return new LiveError(redact(message, this.credentials.password));
  }
}
