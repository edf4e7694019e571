/** Shapes of rules/variables/*.json (documented in rules/variables/catalogue.schema.json). */

export type VariableType = "integer" | "unsigned" | "double" | "boolean" | "enum" | "set" | "flagset" | "string" | "size";

export type Scope = "global" | "session";

export type IgnoredKind = "removed" | "mysql-compatibility";

/** A default the server computes at startup (from RAM, CPU count, other variables, paths). */
export interface AutoDefault {
  auto: string;
}

export interface SourceRef {
  title: string;
  url: string;
  /** For source-code citations: repository, path inside it and the commit read. */
  repo?: string;
  path?: string;
  ref?: string;
}

/** Fields a history entry may set; each entry overrides the earlier ones from `since` on. */
export interface HistoryFacts {
  type?: VariableType;
  unit?: string;
  scope?: Scope[];
  dynamic?: boolean;
  /** Settable at startup (command line / option file). */
  option?: boolean;
  /** A startup option that is not a system variable (cannot be SET or SELECTed). */
  optionOnly?: boolean;
  /** The option's argument type where it differs from the variable's (log-bin takes a file base name). */
  optionType?: VariableType;
  /**
   * "optional": may be given bare; "none": takes no value; "required": a boolean that needs ON or OFF.
   * Absent: a boolean may be given bare, anything else needs a value.
   */
  optionArg?: "optional" | "none" | "required";
  default?: unknown;
  min?: number;
  max?: number;
  blockSize?: number;
  values?: string[];
  platform?: "windows" | "other";
  aliasOf?: string;
  note?: string;
  documentedOnly?: boolean;
  deprecated?: boolean;
  removed?: boolean;
  /**
   * From this release the server accepts the option name, warns and ignores the value: "removed" (kept
   * only for old option files) or "mysql-compatibility" (a MySQL option it never implemented).
   */
  ignoredWithWarning?: IgnoredKind;
  /** The release is a series boundary standing in for an unknown exact release. */
  approx?: boolean;
}

export interface HistoryEntry extends HistoryFacts {
  /** First release the entry applies to; "0.0.0" = before the earliest release covered. */
  since: string;
  sources?: string[];
}

export interface VariableRecord {
  description: string;
  plugin?: string;
  /** What to use instead once the variable is deprecated or removed. */
  replacedBy?: string;
  /**
   * The record only adds values to the MySQL variable of the same name (Percona's
   * thread_handling = pool-of-threads): MySQL's facts apply, with these values accepted too.
   */
  extendsBase?: boolean;
  history: HistoryEntry[];
}

export interface VersionMapping {
  since: string;
  /** MySQL version the product behaves like; "same" = the product's own version number. */
  mysql: string;
  note?: string;
  sources?: string[];
}

export interface OptionGroupsEntry {
  since: string;
  /** "{series}" stands for major.minor of the target. */
  groups: string[];
  observed?: string[];
  sources?: string[];
}

export interface CatalogueFile {
  flavor: string;
  base?: string;
  versions: string[];
  lts?: { series: string; since: string; sources?: string[] }[];
  baseVersions?: VersionMapping[];
  optionGroups?: OptionGroupsEntry[];
  sources: Record<string, SourceRef>;
  variables: Record<string, VariableRecord>;
}
