/** Helpers several option-file rules share. */
import { mysqlBaseVersion } from "../../catalogue/index.js";
import type { Fix } from "../../finding.js";
import { atLeast, formatVersion, type Target } from "../../target.js";
import type { OptionFacts, ResolvedOption } from "./facts.js";

export const MiB = 2 ** 20;
export const GiB = 2 ** 30;

export function serverName(facts: OptionFacts): string {
  return `${facts.target.flavor === "mariadb" ? "mariadbd" : "mysqld"} ${formatVersion(facts.target.version)}`;
}

/** Keep the user's dash or underscore style when suggesting a name. */
export function styled(o: ResolvedOption, name: string): string {
  return o.entry.rawName.includes("-") && !o.entry.rawName.includes("_") ? name.replace(/_/g, "-") : name;
}

export function looseFix(o: ResolvedOption): Fix {
  return {
    description: "add the loose- prefix so that servers without this option start with a warning",
    safety: "safe",
    edits: [{ file: o.entry.file, range: { start: o.entry.nameRange.start, end: o.entry.nameRange.start }, newText: "loose-" }],
  };
}

/** MySQL 8.0.27 moved index-build sort buffers to innodb_ddl_buffer_size (and parallel DDL threads). */
export function usesDdlBuffer(target: Target): boolean {
  const base = mysqlBaseVersion(target);
  return target.flavor !== "mariadb" && base !== undefined && atLeast(base, "8.0.27");
}

/**
 * Whether a variable MySQL 5.6 added (MariaDB has it from 10.0) exists on the target. The
 * catalogue starts at 5.7, so it cannot tell on older targets by itself.
 */
export function hasSince56(target: Target, mysqlRelease: string): boolean {
  if (target.flavor === "mariadb") return atLeast(target.version, "10.0");
  const base = mysqlBaseVersion(target);
  return base === undefined || atLeast(base, mysqlRelease);
}

/** The option when the files set it and the catalogue knows it. */
export function explicit(facts: OptionFacts, name: string): ResolvedOption | undefined {
  const o = facts.effective.get(name);
  return o && o.lookup.status === "known" ? o : undefined;
}
