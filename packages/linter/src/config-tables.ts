/**
 * `.innolint.json` "tables": the rows and data size of production tables, declared for CI where no
 * live server is at hand, so that online-DDL findings estimate for the real table. Keys are
 * "db.table" or a bare "table"; each value gives rows, dataSize or both.
 */
import { parseInteger } from "./optionfile/rules/values.js";

export interface DeclaredTableSize {
  rows?: number;
  /** Bytes of the clustered index (information_schema DATA_LENGTH). */
  dataBytes?: number;
  /** The configuration file that declares it, as messages name it (".innolint.json", "tables.json"). */
  from?: string;
}

/** Declared sizes by lower-cased key ("db.table" or "table"). */
export type DeclaredTableSizes = Readonly<Record<string, DeclaredTableSize>>;

export interface TableSizeProblem {
  path: (string | number)[];
  message: string;
}

const NAME = /^(?:[^.\s`]+\.)?[^.\s`]+$/;

/** Checks the "tables" object; the sizes, or the problems with the path of each offending key. */
export function parseTableSizes(raw: unknown): { sizes: Record<string, DeclaredTableSize>; problems: TableSizeProblem[] } {
  const problems: TableSizeProblem[] = [];
  const sizes: Record<string, DeclaredTableSize> = {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return { sizes, problems: [{ path: [], message: `"tables" must be an object of "db.table" to { "rows": …, "dataSize": … }` }] };
  }
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!NAME.test(name)) {
      problems.push({ path: [name], message: `"tables": "${name}" is not a table name ("db.table" or "table")` });
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push({ path: [name], message: `"tables"."${name}" must be an object with "rows" and/or "dataSize"` });
      continue;
    }
    const entry: DeclaredTableSize = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (key === "rows") {
        if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
          problems.push({ path: [name, key], message: `"tables"."${name}".rows must be a non-negative number` });
        else entry.rows = v;
      } else if (key === "dataSize") {
        const parsed =
          typeof v === "number"
            ? Number.isFinite(v) && v >= 0
              ? { value: v }
              : { problem: "" }
            : typeof v === "string"
              ? parseInteger(v.trim())
              : { problem: "" };
        if ("problem" in parsed || parsed.value < 0)
          problems.push({ path: [name, key], message: `"tables"."${name}".dataSize must be a number of bytes or a size such as "70G"` });
        else entry.dataBytes = parsed.value;
      } else problems.push({ path: [name, key], message: `"tables"."${name}": unknown key "${key}" (allowed: rows, dataSize)` });
    }
    if (entry.rows === undefined && entry.dataBytes === undefined && !problems.some((p) => p.path[0] === name))
      problems.push({ path: [name], message: `"tables"."${name}" must give "rows", "dataSize" or both` });
    sizes[name.toLowerCase()] = entry;
  }
  return { sizes, problems };
}

/** The JSON schema of "tables", for config-schema.ts. */
export const TABLES_SCHEMA = {
  type: "object",
  description:
    'Production table sizes for online-DDL estimates where no live server is given: "db.table" (or "table") to its rows and data size (bytes, or a size such as "70G").',
  propertyNames: { pattern: "^(?:[^.\\s`]+\\.)?[^.\\s`]+$" },
  additionalProperties: {
    type: "object",
    additionalProperties: false,
    minProperties: 1,
    properties: {
      rows: { type: "number", minimum: 0, description: "Rows in the table (information_schema TABLE_ROWS)." },
      dataSize: {
        description: 'Bytes of the clustered index (information_schema DATA_LENGTH): a number, or a size such as "70G".',
        oneOf: [
          { type: "number", minimum: 0 },
          { type: "string", pattern: "^\\s*\\+?[0-9]+([kKmMgGtTpPeE][\\s\\S]*)?$" },
        ],
      },
    },
  },
} as const;
