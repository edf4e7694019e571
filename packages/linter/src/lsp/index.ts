export { startServer, TRUST_NOTIFICATION, type InitOptions, type InnolintServer, type ServerOptions } from "./server.js";
export { runLanguageServer } from "./main.js";
export { EFFECTIVE_CONFIG_REQUEST, RULE_DOC_REQUEST, SIMULATE_REQUEST } from "./commands.js";
export { OPEN_DOCS_COMMAND } from "./actions.js";
export type { Analysis, Settings } from "./analysis.js";
