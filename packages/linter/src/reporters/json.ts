import type { Reporter } from "./types.js";

export const JSON_FORMAT_VERSION = 1;

export const jsonReporter: Reporter = (report) =>
  JSON.stringify(
    {
      version: JSON_FORMAT_VERSION,
      targets: Object.fromEntries(report.targets),
      findings: report.findings,
      errors: report.errors,
      ...(report.baseline ? { baseline: report.baseline } : {}),
    },
    null,
    2,
  ) + "\n";
