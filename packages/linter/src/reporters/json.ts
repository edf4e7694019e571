import type { Reporter } from "./types.js";
import { escapeJsonControls } from "../safe-text.js";

export const JSON_FORMAT_VERSION = 1;

export const jsonReporter: Reporter = (report) => {
  const doc = {
    version: JSON_FORMAT_VERSION,
    targets: Object.fromEntries(report.targets),
    findings: report.findings,
    errors: report.errors,
    ...(report.baseline ? { baseline: report.baseline } : {}),
  };
  return escapeJsonControls(JSON.stringify(doc, null, 2)) + "\n";
};
