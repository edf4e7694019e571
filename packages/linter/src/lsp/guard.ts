import type { Connection } from "vscode-languageserver";

/**
 * The text-document notifications checked before TextDocuments sees them: a client that sends
 * `"text": 5` or a change without a range's numbers gets a log line naming what is wrong, instead
 * of a TypeError deep in the document store and a document that can no longer be linted.
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
      if (!isObject(c.range)) return `contentChanges[${i}].range must be an object`;
      const bad = position(c.range.start, `contentChanges[${i}].range.start`) ?? position(c.range.end, `contentChanges[${i}].range.end`);
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
};

const METHODS: Record<string, string> = {
  onDidOpenTextDocument: "textDocument/didOpen",
  onDidChangeTextDocument: "textDocument/didChange",
  onDidCloseTextDocument: "textDocument/didClose",
  onDidSaveTextDocument: "textDocument/didSave",
  onWillSaveTextDocument: "textDocument/willSave",
  onWillSaveTextDocumentWaitUntil: "textDocument/willSaveWaitUntil",
};

/** The connection as TextDocuments.listen should see it: document events with malformed params dropped and logged. */
export function checkedDocumentEvents(connection: Connection, log: (message: string) => void): Connection {
  return new Proxy(connection, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== "function") return value;
      const check = typeof prop === "string" ? CHECKS[prop] : undefined;
      if (!check) return (value as (...a: unknown[]) => unknown).bind(target);
      return (handler: (params: unknown, ...rest: unknown[]) => unknown) =>
        (value as (h: unknown) => unknown).call(target, (params: unknown, ...rest: unknown[]) => {
          const problem = check(params);
          if (problem) {
            log(`innolint: ignored a malformed ${METHODS[prop as string]}: ${problem}`);
            return undefined;
          }
          return handler(params, ...rest);
        });
    },
  });
}
