/** Reading enumerations, strings and switches the way the safety and replication rules compare them. */
import { lookupVariable, mysqlBaseVersion } from "../../catalogue/index.js";
import { atLeast } from "../../target.js";
import type { Fix } from "../../finding.js";
import type { OptionFacts, ResolvedOption } from "./facts.js";
import { explicit, styled } from "./shared.js";

export interface Setting {
  /** Upper case for enumerations and switches ("OFF", "READ-UNCOMMITTED"), as written for strings. */
  value: string;
  /** The line that set it; absent when it is the target's default. */
  option?: ResolvedOption;
}

function fromInterpretation(o: ResolvedOption): string | undefined {
  const i = o.interpretation;
  if (!i) return undefined;
  switch (i.kind) {
    case "boolean":
      return i.value ? "ON" : "OFF";
    case "enum":
      return i.value.toUpperCase();
    case "set":
      return i.value.map((v) => v.toUpperCase()).join(",");
    case "number":
      return String(i.value);
    case "string":
      return i.value.trim().replace(/^(["'])(.*)\1$/, "$2");
    case "invalid":
      return undefined;
  }
}

/** The value the server runs with, as text: the configured one, else the target's default. */
export function setting(facts: OptionFacts, name: string): Setting | undefined {
  const option = explicit(facts, name);
  if (option) {
    const value = fromInterpretation(option);
    return value === undefined ? undefined : { value, option };
  }
  const lookup = lookupVariable(facts.target, name);
  if (lookup.status !== "known") return undefined;
  const d = lookup.facts.default;
  if (typeof d === "boolean") return { value: d ? "ON" : "OFF" };
  if (typeof d === "string") return { value: lookup.facts.type === "string" ? d : d.toUpperCase() };
  if (typeof d === "number") return { value: String(d) };
  return undefined;
}

/** The first of several names (aliases across versions) that the files set, else the first the target knows. */
export function firstSetting(facts: OptionFacts, names: readonly string[]): (Setting & { name: string }) | undefined {
  for (const name of names) {
    const s = explicit(facts, name) && setting(facts, name);
    if (s) return { ...s, name };
  }
  for (const name of names) {
    const s = setting(facts, name);
    if (s) return { ...s, name };
  }
  return undefined;
}

/** How the line reads in a message: `name=value`, or the bare or prefixed option as written. */
export function written(o: ResolvedOption): string {
  return o.entry.value === null ? o.entry.rawName : `${o.variable}=${o.entry.value}`;
}

/** Replace the line with `name = value`. */
export function lineFix(o: ResolvedOption, name: string, value: string, description: string, safety: Fix["safety"]): Fix {
  return { description, safety, edits: [{ file: o.entry.file, range: o.entry.lineRange, newText: `${styled(o, name)} = ${value}` }] };
}

/** Whether a switch reads ON (1, ON, TRUE, a bare or enable- line). */
export function isOn(s: Setting | undefined): boolean {
  return s !== undefined && /^(ON|1|TRUE)$/i.test(s.value);
}

/**
 * Of names that are one variable under several names (MariaDB's slow_query_log and log_slow_query),
 * the line the server reads last, else the target's default under the first name it knows.
 */
export function lastSetting(facts: OptionFacts, names: readonly string[]): (Setting & { name: string }) | undefined {
  let best: { index: number; name: string } | undefined;
  for (const name of names) {
    const o = explicit(facts, name);
    if (!o) continue;
    const index = facts.options.lastIndexOf(o);
    if (!best || index > best.index) best = { index, name };
  }
  if (best) {
    const s = setting(facts, best.name);
    return s && { ...s, name: best.name };
  }
  for (const name of names) {
    const s = setting(facts, name);
    if (s) return { ...s, name };
  }
  return undefined;
}

/** 3600 → "1 h", 604800 → "7 days", 90 → "1.5 min" (two significant figures at most). */
export function duration(seconds: number): string {
  const round = (v: number) => Number(v.toPrecision(2)).toString();
  if (seconds >= 86400) return `${round(seconds / 86400)} day${seconds === 86400 ? "" : "s"}`;
  if (seconds >= 3600) return `${round(seconds / 3600)} h`;
  if (seconds >= 60) return `${round(seconds / 60)} min`;
  return `${round(seconds)} s`;
}

/** Whether the server writes a binary log: on by default from MySQL 8.0, off by default before and in MariaDB. */
export function binlogEnabled(facts: OptionFacts): boolean {
  // A running server reports log_bin as ON or OFF; in a file log-bin names the log and turns it on.
  if (facts.live) return facts.effective.get("log_bin")?.entry.value?.toUpperCase() === "ON";
  let enabled = facts.target.flavor !== "mariadb" && atLeast(mysqlBaseVersion(facts.target) ?? { major: 8 }, "8.0.0");
  for (const o of facts.options) {
    if (!o.serverGroup) continue;
    const raw = o.entry.rawName
      .replace(/^loose[-_]/i, "")
      .replace(/-/g, "_")
      .toLowerCase();
    if (raw === "log_bin") enabled = true;
    else if (raw === "skip_log_bin" || raw === "disable_log_bin") enabled = false;
  }
  return enabled;
}

/**
 * A Galera node (Percona XtraDB Cluster, MariaDB Galera Cluster): wsrep_on and a provider library.
 * A commit returns only after the write set is replicated to the other nodes and certified, so a
 * crash of this node alone loses no acknowledged commit; it rejoins by IST or SST from the others.
 */
export function galeraNode(facts: OptionFacts): string | undefined {
  const value = (name: string) =>
    facts.effective
      .get(name)
      ?.entry.value?.trim()
      .replace(/^["']|["']$/g, "");
  const on = value("wsrep_on");
  if (on !== undefined && /^(off|0|false)$/i.test(on)) return undefined;
  const provider = value("wsrep_provider");
  if (provider && !/^none$/i.test(provider)) return `wsrep_provider=${provider}`;
  if (on !== undefined && /^(on|1|true)$/i.test(on)) return `wsrep_on=${on}`;
  return undefined;
}
