import { remembered } from "./memo.js";

/**
 * pxc: Percona XtraDB Cluster, Percona Server with the Galera (wsrep) replication patches.
 * ndb: the SQL node of MySQL NDB Cluster, mysqld built with the ndbcluster plugin.
 */
export type Flavor = "mysql" | "percona" | "pxc" | "ndb" | "mariadb" | "aurora-mysql";

export const FLAVORS: readonly Flavor[] = ["mysql", "percona", "pxc", "ndb", "mariadb", "aurora-mysql"];

/** A version as written. A missing part means "the newest release of that series". */
export interface Version {
  major: number;
  minor?: number;
  patch?: number;
}

export interface Target {
  flavor: Flavor;
  version: Version;
  /** As the user wrote it, or as innolint assumed it. */
  label: string;
  /** True when no target was configured and innolint assumed the default. */
  assumed: boolean;
}

export class TargetError extends Error {}

export function parseVersion(text: string): Version {
  const m = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new TargetError(`not a version: "${text}"`);
  const version: Version = { major: Number(m[1]) };
  if (m[2] !== undefined) version.minor = Number(m[2]);
  if (m[3] !== undefined) version.patch = Number(m[3]);
  return version;
}

export function formatVersion(v: Version): string {
  return [v.major, v.minor, v.patch].filter((p) => p !== undefined).join(".");
}

export function parseTarget(label: string, assumed = false): Target {
  const text = label.trim().toLowerCase();
  const flavor = [...FLAVORS].sort((a, b) => b.length - a.length).find((f) => text.startsWith(f + "-"));
  if (!flavor) {
    throw new TargetError(
      `unknown target "${label}": expected <flavor>-<version> with flavor one of ${FLAVORS.join(", ")} (for example mysql-8.0.22, mariadb-10.11, aurora-mysql-2.04.9)`,
    );
  }
  return { flavor, version: parseVersion(text.slice(flavor.length + 1)), label: text, assumed };
}

/** The assumed target when none is configured: the newest MySQL LTS series, from the catalogue. */
export function assumedTarget(ltsSeries: string): Target {
  return parseTarget(`mysql-${ltsSeries}`, true);
}

/**
 * Compares a target version with a release where something changed. A missing minor or patch in
 * the target stands for the newest release of its series, so it sorts after every explicit one.
 */
export function compareVersions(a: Version, b: Version): number {
  const parts = (v: Version) => [v.major, v.minor ?? Infinity, v.patch ?? Infinity];
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i++) {
    const x = pa[i] as number;
    const y = pb[i] as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** `release` names the first release of a change: "10.5" means 10.5.0, so every 10.5 target is at least it. */
export function atLeast(v: Version, release: string): boolean {
  const r = remembered(releases, release, () => {
    const parsed = parseVersion(release);
    return { ...parsed, minor: parsed.minor ?? 0, patch: parsed.patch ?? 0 };
  });
  return compareVersions(v, r) >= 0;
}

/**
 * Whether `v` has a change that reached several series in point releases: `firstWith` maps each
 * series ("10.6") to its first release with it; a series after every one listed had it from its start.
 */
export function hasBackportedChange(v: Version, firstWith: Readonly<Record<string, string>>): boolean {
  const first = v.minor === undefined ? undefined : firstWith[`${v.major}.${v.minor}`];
  if (first) return atLeast(v, first);
  const latest = Object.keys(firstWith).reduce((a, b) => (compareVersions(parseVersion(a), parseVersion(b)) >= 0 ? a : b));
  return atLeast(v, latest);
}

/** Releases named by the knowledge base, parsed once: rules compare targets with them per statement. */
const releases = new Map<string, Version>();
