import { githubReporter } from "./github.js";
import { gitlabReporter } from "./gitlab.js";
import { jsonReporter } from "./json.js";
import { markdownReporter } from "./markdown.js";
import { sarifReporter } from "./sarif.js";
import { textReporter } from "./text.js";
import type { Reporter } from "./types.js";

export const REPORTERS: Record<string, Reporter> = {
  text: textReporter,
  json: jsonReporter,
  sarif: sarifReporter,
  github: githubReporter,
  gitlab: gitlabReporter,
  markdown: markdownReporter,
};
