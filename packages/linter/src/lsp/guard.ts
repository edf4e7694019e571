import { ErrorCodes, ResponseError, type CancellationToken, type Connection } from "vscode-languageserver";
import { EFFECTIVE_CONFIG_REQUEST, RULE_DOC_REQUEST, SIMULATE_REQUEST } from "./commands.js";

/**
 * Every message's params checked before a handler sees them: a client that sends `"text": 5`, a
 * change without a range's numbers or a hover without a position gets a log line (a notification)
 * or an InvalidParams error (a request) naming what is wrong, instead of a TypeError deep in the
 * document store or a handler, and a document that can no longer be linted.
 */
type Check = (params: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function identifier(params: unknown, versioned: boolean): string | undefined {
  if (!isObject(params) || !isObject(params.textDocument)) return "textDocument must be an object";
  const doc = params.textDocument;
  if (typeof doc.uri !== "string") return "textDocument.uri must be a string";
  if (versioned && !(typeof doc.version === "number" && Number.isSafeInteger(doc.version))) return "textDocument.version must be an integer";
  return undefined;
}

function position(v: unknown, at: string): string | undefined {
  if (!isObject(v) || !isCount(v.line) || !isCount(v.character)) return `${at} must have a non-negative integer line and character`;
  return undefined;
}

function range(v: unknown, at: string): string | undefined {
  if (!isObject(v)) return `${at} must be an object`;
  return position(v.start, `${at}.start`) ?? position(v.end, `${at}.end`);
}

/** textDocument and position, as hover and completion take them. */
function atPosition(params: unknown): string | undefined {
  return identifier(params, false) ?? position((params as { position?: unknown }).position, "position");
}

const CHECKS: Record<string, Check> = {
  onDidOpenTextDocument: (params) => {
    const problem = identifier(params, true);
    if (problem) return problem;
    const doc = (params as { textDocument: Record<string, unknown> }).textDocument;
    if (typeof doc.languageId !== "string") return "textDocument.languageId must be a string";
    if (typeof doc.text !== "string") return "textDocument.text must be a string";
    return undefined;
  },
  onDidChangeTextDocument: (params) => {
    const problem = identifier(params, true);
    if (problem) return problem;
    const changes = (params as { contentChanges?: unknown }).contentChanges;
    if (!Array.isArray(changes)) return "contentChanges must be an array";
    for (const [i, c] of changes.entries()) {
      if (!isObject(c) || typeof c.text !== "string") return `contentChanges[${i}].text must be a string`;
      if (c.range === undefined) continue;
      const bad = range(c.range, `contentChanges[${i}].range`);
      if (bad) return bad;
      if (c.rangeLength !== undefined && !isCount(c.rangeLength)) return `contentChanges[${i}].rangeLength must be a non-negative integer`;
    }
    return undefined;
  },
  onDidCloseTextDocument: (params) => identifier(params, false),
  onDidSaveTextDocument: (params) => {
    const problem = identifier(params, false);
    if (problem) return problem;
    const text = (params as { text?: unknown }).text;
    return text === undefined || typeof text === "string" ? undefined : "text must be a string";
  },
  onWillSaveTextDocument: (params) => identifier(params, false),
  onWillSaveTextDocumentWaitUntil: (params) => identifier(params, false),
  onHover: atPosition,
  onCompletion: atPosition,
  onCompletionResolve: (item) => (isObject(item) && typeof item.label === "string" ? undefined : "the completion item must have a string label"),
  onCodeAction: (params) => {
    const problem = identifier(params, false) ?? range((params as { range?: unknown }).range, "range");
    if (problem) return problem;
    const context = (params as { context?: unknown }).context;
    if (!isObject(context) || !Array.isArray(context.diagnostics)) return "context.diagnostics must be an array";
    for (const [i, d] of context.diagnostics.entries()) {
      if (!isObject(d)) return `context.diagnostics[${i}] must be an object`;
      const bad = range(d.range, `context.diagnostics[${i}].range`);
      if (bad) return bad;
    }
    return undefined;
  },
  onExecuteCommand: (params) => {
    if (!isObject(params) || typeof params.command !== "string") return "command must be a string";
    return params.arguments === undefined || Array.isArray(params.arguments) ? undefined : "arguments must be an array";
  },
  onDidChangeWatchedFiles: (params) => {
    if (!isObject(params) || !Array.isArray(params.changes)) return "changes must be an array";
    for (const [i, c] of params.changes.entries()) if (!isObject(c) || typeof c.uri !== "string") return `changes[${i}].uri must be a string`;
    return undefined;
  },
  onDidChangeConfiguration: (params) => (isObject(params) ? undefined : "params must be an object"),
};

/** The custom requests (connection.onRequest(method, …)), by method. */
const REQUEST_CHECKS: Record<string, Check> = {
  [RULE_DOC_REQUEST]: (params) => {
    if (params === undefined || params === null) return undefined;
    if (!isObject(params)) return "params must be an object";
    if (params.id !== undefined && typeof params.id !== "string") return "id must be a string";
    if (params.uri !== undefined && typeof params.uri !== "string") return "uri must be a string";
    return params.position === undefined ? undefined : position(params.position, "position");
  },
  [SIMULATE_REQUEST]: (params) => (isObject(params) && typeof params.uri === "string" ? position(params.position, "position") : "uri must be a string"),
  [EFFECTIVE_CONFIG_REQUEST]: (params) => (isObject(params) && typeof params.uri === "string" ? undefined : "uri must be a string"),
};

/**
 * Requests registered by method rather than through the library's onHover & co., whose wrappers read
 * params.workDoneToken before any handler runs (a TypeError for `"params": null`). innolint reports
 * no work-done progress, so its handlers take (params, token) only.
 */
const BY_METHOD = new Set(["onHover", "onCompletion", "onCompletionResolve", "onCodeAction", "onExecuteCommand"]);

/** Notifications (no answer: the message is dropped and logged) as opposed to requests (InvalidParams). */
const NOTIFICATIONS = new Set([
  "onDidOpenTextDocument",
  "onDidChangeTextDocument",
  "onDidCloseTextDocument",
  "onDidSaveTextDocument",
  "onWillSaveTextDocument",
  "onDidChangeWatchedFiles",
  "onDidChangeConfiguration",
]);

const METHODS: Record<string, string> = {
  onHover: "textDocument/hover",
  onCompletion: "textDocument/completion",
  onCompletionResolve: "completionItem/resolve",
  onCodeAction: "textDocument/codeAction",
  onExecuteCommand: "workspace/executeCommand",
  onDidChangeWatchedFiles: "workspace/didChangeWatchedFiles",
  onDidChangeConfiguration: "workspace/didChangeConfiguration",
  onDidOpenTextDocument: "textDocument/didOpen",
  onDidChangeTextDocument: "textDocument/didChange",
  onDidCloseTextDocument: "textDocument/didClose",
  onDidSaveTextDocument: "textDocument/didSave",
  onWillSaveTextDocument: "textDocument/willSave",
  onWillSaveTextDocumentWaitUntil: "textDocument/willSaveWaitUntil",
};

/** The connection with every handler it registers behind the checks above. */
export function checkedConnection(connection: Connection, log: (message: string) => void): Connection {
  const guard =
    (method: string, check: Check, handler: (params: unknown, ...rest: unknown[]) => unknown, notification: boolean) =>
    (params: unknown, ...rest: unknown[]) => {
      const problem = check(params);
      if (!problem) return handler(params, ...rest);
      if (notification) {
        log(`innolint: ignored a malformed ${method}: ${problem}`);
        return undefined;
      }
      throw new ResponseError(ErrorCodes.InvalidParams, `${method}: ${problem}`);
    };
  return new Proxy(connection, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      const register = value as (...a: unknown[]) => unknown;
      if (prop === "onRequest") {
        return (method: unknown, handler: unknown, ...rest: unknown[]) => {
          const check = typeof method === "string" ? REQUEST_CHECKS[method] : undefined;
          if (!check || typeof handler !== "function") return register.call(target, method, handler, ...rest);
          return register.call(target, method, guard(method as string, check, handler as (p: unknown) => unknown, false), ...rest);
        };
      }
      const check = typeof prop === "string" ? CHECKS[prop] : undefined;
      if (!check) return register.bind(target);
      if (BY_METHOD.has(prop as string)) {
        const method = METHODS[prop as string] as string;
        return (handler: (params: unknown, token: unknown) => unknown) =>
          target.onRequest(
            method,
            guard(method, check, (params, token) => handler(params, token), false) as (params: unknown, token: CancellationToken) => unknown,
          );
      }
      return (handler: (params: unknown, ...rest: unknown[]) => unknown) =>
        register.call(target, guard(METHODS[prop as string] ?? String(prop), check, handler, NOTIFICATIONS.has(prop as string)));
    },
  });
}
