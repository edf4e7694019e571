/**
 * An open `.innolint.json` (or the file `configPath` names) is checked, not linted: its problems
 * become diagnostics on the lines of their keys, as the CLI reports them with exit 2.
 */
import { basename, resolve } from "node:path";
import { DiagnosticSeverity, type Diagnostic } from "vscode-languageserver";
import { CONFIG_FILE_NAME, ConfigError, parseConfig } from "../config.js";
import { SOURCE } from "./convert.js";

export function isConfigDocument(file: string, configPath: string | undefined): boolean {
  return basename(file) === CONFIG_FILE_NAME || (configPath !== undefined && resolve(configPath) === resolve(file));
}

export function configDiagnostics(text: string, file: string): Diagnostic[] {
  try {
    parseConfig(text, file);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    const lines = text.split("\n");
    return e.problems.map((p) => {
      const line = Math.max(0, (p.line ?? 1) - 1);
      const content = (lines[line] ?? "").replace(/\r$/, "");
      const indent = content.length - content.trimStart().length;
      return {
        range: { start: { line, character: indent }, end: { line, character: content.length } },
        severity: DiagnosticSeverity.Error,
        source: SOURCE,
        message: p.message,
      };
    });
  }
}
