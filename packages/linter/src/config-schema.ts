/**
 * The JSON schema of `.innolint.json`, generated from the rules' declarations so that editors
 * complete and check rule ids and options as `parseConfig` does. `npm run schema -w
 * packages/linter` writes it to schema/innolint.schema.json; a test keeps the two equal.
 */
import { loadRuleDocs } from "./knowledge.js";
import type { OptionSpec } from "./rules/define.js";
import { ALL_RULES } from "./rules/index.js";
import { INCLUDES_SETTINGS, SEVERITY_SETTINGS } from "./rules/config-check.js";
import { STORAGE_KINDS } from "./host.js";
import { TABLES_SCHEMA } from "./config-tables.js";

/** What `sizeValue` reads: digits, then anything starting with one suffix letter (mysqld's parser). */
const SIZE_PATTERN = "^\\s*\\+?[0-9]+([kKmMgGtTpPeE][\\s\\S]*)?$";

function optionSchema(spec: OptionSpec): Record<string, unknown> {
  const common = { description: spec.description, default: spec.default };
  switch (spec.type) {
    case "size":
      return {
        ...common,
        oneOf: [
          { type: "integer", minimum: 0 },
          { type: "string", pattern: SIZE_PATTERN },
        ],
      };
    case "integer":
      return { ...common, type: "integer", ...(spec.minimum !== undefined ? { minimum: spec.minimum } : {}) };
    case "string":
      return { ...common, type: "string" };
    case "string-list":
      return { ...common, type: "array", items: { type: "string" } };
    case "string-list-map":
      return { ...common, type: "object", additionalProperties: { type: "array", items: { type: "string" } } };
  }
}

export function configSchema(): Record<string, unknown> {
  const docs = loadRuleDocs();
  const severity = { $ref: "#/definitions/severity" };
  const rules: Record<string, unknown> = {};
  for (const rule of [...ALL_RULES].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const options = Object.fromEntries(Object.entries(rule.optionSchema).map(([name, spec]) => [name, optionSchema(spec)]));
    rules[rule.id] = {
      description: docs.get(rule.id)?.title ?? rule.id,
      oneOf: [severity, { type: "array", minItems: 1, maxItems: 2, items: [severity, { type: "object", additionalProperties: false, properties: options }] }],
    };
  }
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    $id: "https://innolint.dev/schema/innolint.schema.json",
    title: "innolint configuration (.innolint.json)",
    type: "object",
    additionalProperties: false,
    definitions: { severity: { enum: [...SEVERITY_SETTINGS] } },
    properties: {
      $schema: { type: "string" },
      root: { type: "boolean", description: "Stop looking for configuration files in parent directories." },
      target: {
        type: "string",
        pattern: "^(mysql|percona|pxc|ndb|mariadb|aurora-mysql)-[0-9]+(\\.[0-9]+){0,2}$",
        description:
          "Server flavour and version, for example mysql-8.0.22, percona-8.0.22, pxc-8.0.36 (Percona XtraDB Cluster), ndb-8.4.5 (the SQL node of MySQL NDB Cluster), mariadb-10.11 or aurora-mysql-2.04.9.",
      },
      optionFile: {
        type: "string",
        description: "The server's option file, relative to this configuration file; SQL rules read the effective configuration from it.",
      },
      includes: {
        enum: [...INCLUDES_SETTINGS],
        description:
          "project (default): an !include or !includedir leading outside the project (the directory of the root configuration file, else the git work tree, else the working directory) is reported, not read, so that the verdict does not depend on the machine that lints; follow: read it.",
      },
      host: {
        type: "object",
        additionalProperties: false,
        description:
          "What the server runs on. An option file's `# innolint-host: memory=64G cpus=16 storage=ssd` directive overrides it, and --host-memory, --host-cpus and --host-storage (or the editor's innolint.host) override both, field by field. Rules that need the host are silent without it.",
        properties: {
          memory: {
            description: 'The host\'s memory: bytes, or a size such as "64G" or "512M" (binary units).',
            oneOf: [
              { type: "integer", minimum: 1 },
              { type: "string", pattern: "^\\s*[0-9]+(\\.[0-9]+)?\\s*[kKmMgGtT]?([iI]?[bB])?\\s*$" },
            ],
          },
          cpus: { type: "integer", minimum: 1, maximum: 65536, description: "The host's CPU count." },
          storage: {
            enum: [...STORAGE_KINDS],
            description: "The storage the data directory is on: ssd (local flash), hdd (rotating disks), network (EBS, SAN, NFS).",
          },
        },
      },
      ignore: { type: "array", items: { type: "string" }, description: "Glob patterns, relative to this configuration file, of files not to lint." },
      tables: TABLES_SCHEMA,
      rules: {
        type: "object",
        description: 'Per-rule severity, or off; an array form also sets the rule\'s options. Sizes are a number of bytes or a string such as "128M".',
        additionalProperties: false,
        properties: rules,
      },
    },
  };
}

export function configSchemaText(): string {
  return `${JSON.stringify(configSchema(), null, 2)}\n`;
}
