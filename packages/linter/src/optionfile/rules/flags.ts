import type { ResolvedOption } from "./facts.js";

/** The flag names a flag-list line sets (optimizer_switch = a=off,b=on → a, b). */
export function flagNames(o: ResolvedOption): string[] {
  return (o.entry.value ?? "")
    .split(",")
    .map((f) => f.split("=")[0]!.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * The lines of each flag list whose flags later lines of the same variable all set again (or reset
 * with "default"), so that the line has no effect. One backward pass over each variable's lines
 * with the union of the flags after it: linear in the lines, where comparing each line with the
 * lines after it was quadratic.
 */
export function flagLinesCovered(linesByVariable: Iterable<ResolvedOption[]>): Set<ResolvedOption> {
  const covered = new Set<ResolvedOption>();
  for (const lines of linesByVariable) {
    const later = new Set<string>();
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i] as ResolvedOption;
      const flags = flagNames(line);
      if (later.has("default") || flags.every((f) => later.has(f))) covered.add(line);
      for (const f of flags) later.add(f);
    }
  }
  return covered;
}
