/**
 * From the tree-sitter-mycnf tree to the reader's per-line statements, with the value semantics of
 * MariaDB's mysys/my_default.c (search_default_file_with_ext, get_argument, remove_end_comment)
 * applied to each node's bytes.
 */
import type { Node, Parser } from "web-tree-sitter";
import type { Range } from "../finding.js";
import { decodeUtf8, encodeUtf8, isLatin1Space, trimEndLatin1, unquoteValue } from "./bytes.js";
import type { OptionComment, OptionFileError, OptionPrefix } from "./types.js";
import { append } from "../arrays.js";

/** fgets(buff, sizeof(buff) - 1, fp) with buff[4096]: a "line" is at most 4094 bytes. */
export const READER_LINE_BYTES = 4094;

export interface GroupStatement {
  kind: "group";
  line: number;
  /** Name bytes as the reader keeps them (leading blanks kept, trailing latin1 blanks cut). */
  nameBytes: Buffer;
  name: string;
  /** False when the line has no ']' ("Wrong group definition": fatal for the file). */
  closed: boolean;
  range: Range;
  nameRange: Range;
}

export interface DirectiveStatement {
  kind: "directive";
  line: number;
  /** "empty" = !include / !includedir with nothing after it (fatal for the file). */
  directive: "include" | "includedir" | "empty" | "unknown";
  keyword: string;
  /** The path exactly as get_argument() leaves it (include/includedir only). */
  path: string;
  /** Set when the line is the last one and has no newline (get_argument's quirks apply). */
  atEofWithoutNewline: boolean;
  text: string;
  range: Range;
  argumentRange: Range | null;
}

export interface OptionStatement {
  kind: "option";
  line: number;
  rawName: string;
  name: string;
  loose: boolean;
  prefix: OptionPrefix | null;
  value: string | null;
  rawValue: string | null;
  argument: string;
  /** True for "= value" lines: no name at all. */
  emptyName: boolean;
  nameRange: Range;
  valueRange: Range | null;
  lineRange: Range;
}

export interface SyntaxStatement {
  kind: "error";
  line: number;
  range: Range;
  text: string;
}

export type Statement = GroupStatement | DirectiveStatement | OptionStatement | SyntaxStatement;

export interface ParsedText {
  statements: Statement[];
  comments: OptionComment[];
  errors: Omit<OptionFileError, "file">[];
}

interface Offsets {
  /** Added to tree rows (0-based) to give 0-based file lines. */
  row: number;
  /** Added to columns on the tree's first row (chunks of a long line start mid-line). */
  column: number;
}

function position(row: number, column: number, off: Offsets): { line: number; column: number } {
  return { line: row + off.row + 1, column: (row === 0 ? off.column : 0) + column + 1 };
}

function nodeRange(node: Node, off: Offsets): Range {
  return {
    start: position(node.startPosition.row, node.startPosition.column, off),
    end: position(node.endPosition.row, node.endPosition.column, off),
  };
}

function pointRange(row: number, column: number, off: Offsets): Range {
  const p = position(row, column, off);
  return { start: p, end: { ...p } };
}

const PREFIXES: readonly OptionPrefix[] = ["skip", "enable", "disable", "maximum"];

function startsWithPrefix(name: string, prefix: string): boolean {
  const sep = name[prefix.length];
  return name.startsWith(prefix) && (sep === "-" || sep === "_");
}

/**
 * my_getopt.c handle_options(): "loose" and skip/enable/disable/maximum prefixes (compared
 * case-sensitively, '-' and '_' alike) are peeled off one after the other. Without the server's
 * option table we cannot tell a real option that happens to start with "skip-" (mysqld's
 * "skip-grant-tables", ...) from a prefixed one; callers that know the table can use rawName.
 */
export function splitOptionName(rawName: string): { name: string; loose: boolean; prefix: OptionPrefix | null } {
  let rest = rawName;
  let loose = false;
  let prefix: OptionPrefix | null = null;
  for (;;) {
    if (startsWithPrefix(rest, "loose")) {
      loose = true;
      rest = rest.slice(6);
      continue;
    }
    const current = rest;
    const found: OptionPrefix | undefined = prefix === null ? PREFIXES.find((p) => startsWithPrefix(current, p)) : undefined;
    if (found) {
      prefix = found;
      rest = rest.slice(found.length + 1);
      continue;
    }
    break;
  }
  return { name: rest.replaceAll("-", "_"), loose, prefix };
}

function childOfType(node: Node, type: string): Node | null {
  for (const child of node.children) if (child && child.type === type) return child;
  return null;
}

/** Index (in the parsed text) of the start of the node's line. */
function lineStartIndex(node: Node): number {
  return node.startIndex - node.startPosition.column;
}

/** Index just past the node's line, newline included (fgets keeps it). */
function lineEndIndex(text: string, from: number): number {
  const nl = text.indexOf("\n", from);
  return nl < 0 ? text.length : nl + 1;
}

function lineRangeOf(text: string, node: Node, off: Offsets): Range {
  const start = lineStartIndex(node);
  let end = lineEndIndex(text, node.endIndex);
  if (text[end - 1] === "\n") end--;
  return {
    start: position(node.startPosition.row, 0, off),
    end: position(node.startPosition.row, end - start, off),
  };
}

function groupStatement(node: Node, off: Offsets): GroupStatement {
  const nameNode = node.childForFieldName("name");
  const nameBytes = nameNode ? trimEndLatin1(encodeUtf8(nameNode.text)) : Buffer.alloc(0);
  const open = node.child(0)!;
  return {
    kind: "group",
    line: node.startPosition.row + off.row + 1,
    nameBytes,
    name: decodeUtf8(nameBytes),
    closed: node.childForFieldName("close") !== null,
    range: nodeRange(node, off),
    nameRange: nameNode ? nodeRange(nameNode, off) : pointRange(open.endPosition.row, open.endPosition.column, off),
  };
}

function directiveStatement(node: Node, text: string, off: Offsets): DirectiveStatement {
  const keywordNode = node.childForFieldName("keyword");
  const argumentNode = node.childForFieldName("argument");
  const lineEnd = lineEndIndex(text, node.endIndex);
  const base = {
    kind: "directive" as const,
    line: node.startPosition.row + off.row + 1,
    keyword: keywordNode?.text ?? "",
    path: "",
    atEofWithoutNewline: text[lineEnd - 1] !== "\n",
    text: node.text,
    range: nodeRange(node, off),
    argumentRange: argumentNode ? nodeRange(argumentNode, off) : null,
  };
  if (!keywordNode) return { ...base, directive: "unknown" };
  const keyword = keywordNode.text;
  // strncmp(ptr, "include[dir]", n) && my_isspace(ptr[n]): at the very end of the file ptr[n]
  // is the terminating NUL, which is not a blank, so the line is silently ignored.
  const after = text.charCodeAt(keywordNode.endIndex); // NaN at the end of the text
  const blankAfter = after === 0x20 || (after >= 0x09 && after <= 0x0d);
  if ((keyword !== "include" && keyword !== "includedir") || !blankAfter) {
    return { ...base, directive: "unknown" };
  }
  // get_argument(): skip the blanks after the keyword, then cut trailing blanks with
  // `for (end= ptr + strlen(ptr) - 1; my_isspace(*(end - 1)); end--)`, which assumes the line
  // ends in '\n' (without one, the last character of the path is lost); nothing left is an error.
  const line = encodeUtf8(text.slice(keywordNode.startIndex, lineEnd));
  let p = encodeUtf8(keyword).length;
  while (isLatin1Space(line[p])) p++;
  let e = line.length - 1;
  while (e > 0 && isLatin1Space(line[e - 1])) e--;
  if (e <= p) return { ...base, directive: "empty" };
  return { ...base, directive: keyword, path: decodeUtf8(line.subarray(p, e)) };
}

function optionStatement(node: Node, text: string, off: Offsets): OptionStatement {
  // One pass over the children (each child access crosses into WebAssembly): an option is
  // [option_name] ['=' [option_value]] [comment], and the node types tell the parts apart.
  let nameNode: Node | null = null;
  let valueNode: Node | null = null;
  let eqNode: Node | null = null;
  let commentNode: Node | null = null;
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === "option_name") nameNode = child;
    else if (child.type === "option_value") valueNode = child;
    else if (child.type === "=") eqNode = child;
    else if (child.type === "comment") commentNode = child;
  }
  const row = node.startPosition.row;

  const nameBytes = nameNode ? trimEndLatin1(encodeUtf8(nameNode.text)) : Buffer.alloc(0);
  let argumentName = nameBytes;
  if (!nameNode && lineStartIndex(node) < node.startIndex) {
    // "   = value": the reader walks `end` back from '=' over the leading blanks to before the
    // name, and strmake(option, ptr, end - ptr) with that negative length copies the whole rest
    // of the line (up to the comment, else including the newline) into the name.
    const stop = commentNode ? commentNode.startIndex : lineEndIndex(text, node.endIndex);
    argumentName = encodeUtf8(text.slice(node.startIndex, stop));
  }

  let valueBytes: Buffer | null = null;
  let rawValue: string | null = null;
  if (eqNode) {
    const raw = valueNode ? trimEndLatin1(encodeUtf8(valueNode.text)) : Buffer.alloc(0);
    rawValue = valueNode ? valueNode.text : "";
    valueBytes = unquoteValue(raw);
  }

  const argument = decodeUtf8(Buffer.concat([Buffer.from("--"), argumentName, ...(valueBytes ? [Buffer.from("="), valueBytes] : [])]));
  const rawName = decodeUtf8(nameBytes);
  return {
    kind: "option",
    line: row + off.row + 1,
    rawName,
    ...splitOptionName(rawName),
    value: valueBytes ? decodeUtf8(valueBytes) : null,
    rawValue,
    argument,
    emptyName: !nameNode,
    nameRange: nameNode ? nodeRange(nameNode, off) : pointRange(row, node.startPosition.column, off),
    valueRange: valueNode ? nodeRange(valueNode, off) : eqNode ? pointRange(eqNode.endPosition.row, eqNode.endPosition.column, off) : null,
    lineRange: lineRangeOf(text, node, off),
  };
}

function trailingComment(node: Node, off: Offsets, comments: OptionComment[]): void {
  const comment = childOfType(node, "comment");
  if (comment) comments.push({ text: comment.text, range: nodeRange(comment, off), trailing: true });
}

function statementsOfTree(root: Node, text: string, off: Offsets, out: Statement[], comments: OptionComment[]): void {
  for (const node of root.children) {
    if (!node) continue;
    switch (node.type) {
      case "group_header":
        out.push(groupStatement(node, off));
        trailingComment(node, off, comments);
        break;
      case "directive":
        out.push(directiveStatement(node, text, off));
        break;
      case "option":
        out.push(optionStatement(node, text, off));
        trailingComment(node, off, comments);
        break;
      case "comment":
        comments.push({ text: node.text, range: nodeRange(node, off), trailing: false });
        break;
      case "\n":
        break;
      default:
        if (node.isError || node.isMissing || node.hasError) {
          out.push({ kind: "error", line: node.startPosition.row + off.row + 1, range: nodeRange(node, off), text: node.text });
        }
    }
  }
}

function parseWith(parser: Parser, text: string): ReturnType<Parser["parse"]> {
  return parser.parse(text);
}

/**
 * Parse one file's text into the reader's statements. Lines longer than the reader's 4094-byte
 * buffer are split where fgets() splits them, and each piece is parsed as the line the reader sees.
 */
export function parseText(parser: Parser, text: string, bytes: Buffer = encodeUtf8(text)): ParsedText {
  const statements: Statement[] = [];
  const comments: OptionComment[] = [];
  const errors: Omit<OptionFileError, "file">[] = [];

  // Byte extents of the lines that overflow the reader's buffer.
  const longLines: { line: number; start: number; end: number }[] = [];
  let lineNo = 1;
  let lineStart = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, lineStart);
    const end = nl < 0 ? bytes.length : nl + 1;
    if (end - lineStart > READER_LINE_BYTES) longLines.push({ line: lineNo, start: lineStart, end });
    if (nl < 0) break;
    lineStart = end;
    lineNo++;
  }

  const tree = parseWith(parser, text);
  if (!tree) throw new Error("innolint: tree-sitter-mycnf failed to parse");
  try {
    statementsOfTree(tree.rootNode, text, { row: 0, column: 0 }, statements, comments);
  } finally {
    tree.delete();
  }

  if (longLines.length > 0) {
    const long = new Set(longLines.map((l) => l.line));
    const kept = statements.filter((s) => !long.has(s.line));
    statements.length = 0;
    append(statements, kept);
    const keptComments = comments.filter((c) => !long.has(c.range.start.line));
    comments.length = 0;
    append(comments, keptComments);
    for (const ll of longLines) {
      errors.push({
        kind: "line-too-long",
        line: ll.line,
        severity: "error",
        message:
          `line ${ll.line} is ${ll.end - ll.start} bytes; the server reads at most ${READER_LINE_BYTES} bytes ` +
          `at a time and treats each further piece as a separate line`,
      });
      const lineBytes = bytes.subarray(ll.start, ll.end);
      for (let at = 0; at < lineBytes.length; at += READER_LINE_BYTES) {
        const piece = decodeUtf8(lineBytes.subarray(at, at + READER_LINE_BYTES));
        const column = decodeUtf8(lineBytes.subarray(0, at)).length;
        const sub = parseWith(parser, piece);
        if (!sub) continue;
        try {
          statementsOfTree(sub.rootNode, piece, { row: ll.line - 1, column }, statements, comments);
        } finally {
          sub.delete();
        }
      }
    }
    statements.sort((a, b) => a.line - b.line || statementRange(a).start.column - statementRange(b).start.column);
    comments.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
  }
  return { statements, comments, errors };
}

export function statementRange(s: Statement): Range {
  return s.kind === "option" ? s.lineRange : s.range;
}
