import { join } from "node:path";
import { expect } from "vitest";
import { lintOptionFile } from "../../src/engine.js";
import type { Finding } from "../../src/finding.js";
import type { HostValues } from "../../src/host.js";
import { scratch } from "./run.js";

/**
 * One rule's findings on an option file linted alone, without impacts unless asked: with a `.innolint.json`
 * (`config`) or none, and a host given as on the command line.
 */
export async function ruleFindings(
  rule: string,
  text: string,
  target: string,
  extra: { config?: object; host?: HostValues; impact?: boolean } = {},
): Promise<Finding[]> {
  const dir = scratch({ "my.cnf": text, ...(extra.config ? { ".innolint.json": JSON.stringify({ root: true, ...extra.config }) } : {}) });
  const out = await lintOptionFile(join(dir, "my.cnf"), {
    impact: extra.impact ?? false,
    target,
    cwd: dir,
    ...(extra.config ? {} : { noConfig: true }),
    ...(extra.host ? { host: { values: extra.host, source: "the command line" } } : {}),
  });
  expect(out.outcome.errors).toEqual([]);
  return (out.outcome.result?.findings ?? []).filter((f) => f.rule === rule);
}
