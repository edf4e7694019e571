/**
 * A rule's YAML example carried to the other surfaces the rule declares: an option file's server
 * lines as SET GLOBAL statements, or as the variables a live server would report.
 */
import type { Target } from "../../src/target.js";

const SERVER_GROUP = /^(mysqld(-\d+(\.\d+)*)?|server|mariadb(-\d+(\.\d+)*)?|mariadbd)$/i;
const SIZE = /^(\d+)([kmgt])$/i;
const POWER: Record<string, number> = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

export interface ServerLine {
  name: string;
  /** The value as the server reports it: bytes for sizes, ON/OFF for switches. */
  value: string;
}

/** The server groups' options of an option file, or why the file cannot be carried over. */
export function serverLines(code: string): ServerLine[] | { untranslatable: string } {
  const out: ServerLine[] = [];
  let group = "";
  for (const raw of code.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    if (line.startsWith("!")) return { untranslatable: `an option file directive (${line.split(/\s/)[0]})` };
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      group = header[1] as string;
      continue;
    }
    if (!SERVER_GROUP.test(group)) continue;
    const m = /^([A-Za-z0-9_.-]+)\s*(?:=\s*(.*))?$/.exec(line);
    if (!m) return { untranslatable: `a line that is not name = value (${line})` };
    let name = (m[1] as string)
      .replace(/-/g, "_")
      .toLowerCase()
      .replace(/^loose_/, "");
    let value = m[2]?.trim().replace(/^(["'])(.*)\1$/, "$2");
    if (value === undefined) {
      const off = /^(skip|disable)_/.exec(name);
      name = name.replace(/^(skip|disable|enable)_/, "");
      value = off ? "OFF" : "ON";
    }
    const size = SIZE.exec(value);
    if (size) value = String(Number(size[1]) * (POWER[(size[2] as string).toLowerCase()] as number));
    else if (/^(on|true)$/i.test(value)) value = "ON";
    else if (/^(off|false)$/i.test(value)) value = "OFF";
    out.push({ name, value });
  }
  return out;
}

/** The lines as one SET GLOBAL statement each. */
export function setGlobalScript(lines: ServerLine[]): string {
  const literal = (v: string) => (/^-?\d+(\.\d+)?$/.test(v) || v === "ON" || v === "OFF" ? v : `'${v.replace(/'/g, "''")}'`);
  return lines.map((l) => `SET GLOBAL ${l.name} = ${literal(l.value)};\n`).join("");
}

/** A snapshot of a server of the target running with these values (schema/live-snapshot.schema.json). */
export function liveSnapshot(lines: ServerLine[], target: Target): Record<string, unknown> {
  return {
    format: "innolint-live-snapshot",
    version: 1,
    server: { address: "example:3306", version: target.label.replace(/^[a-z-]+?-(?=\d)/, ""), flavor: target.flavor, target: target.label },
    variables: Object.fromEntries(lines.map((l) => [l.name, l.value])),
  };
}
