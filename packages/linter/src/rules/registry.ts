import type { Rule } from "./types.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import type { SqlStatementFacts } from "../sql/rules/context.js";
import { configDrift, type DriftFacts } from "../live/drift.js";
import { ddlMultiIndexMemory } from "../sql/rules/ddl.js";
import { adaptiveHashIndexDropStall, dropTruncateBufferPoolStall } from "../sql/rules/drop.js";
import { partitionCountHigh, partitionUnprunedQuery } from "../sql/rules/partition.js";
import {
  deprecatedVariable,
  duplicateOption,
  invalidValue,
  optionInWrongGroup,
  outOfRange,
  removedVariable,
  unknownVariable,
} from "../optionfile/rules/generic.js";
import {
  bufferPoolDumpDisabled,
  bufferPoolInstancesIgnored,
  relaxedCommitDurability,
  sortBufferOversized,
  sortBufferUndersized,
} from "../optionfile/rules/seed.js";

/** Every option-file rule; a test checks this list against the rules/ knowledge base both ways. */
export const optionFileRules: Rule<OptionFacts>[] = [
  unknownVariable,
  removedVariable,
  deprecatedVariable,
  invalidValue,
  outOfRange,
  duplicateOption,
  optionInWrongGroup,
  sortBufferOversized,
  sortBufferUndersized,
  relaxedCommitDurability,
  bufferPoolInstancesIgnored,
  bufferPoolDumpDisabled,
];

/** Rules over SQL statements, evaluated with the schema the migrations before them build. */
export const sqlStatementRules: Rule<SqlStatementFacts>[] = [
  dropTruncateBufferPoolStall,
  adaptiveHashIndexDropStall,
  partitionCountHigh,
  partitionUnprunedQuery,
  ddlMultiIndexMemory,
];

/** Option-file rules that also judge SET GLOBAL / PERSIST values: one rule speaks for both surfaces. */
export const setStatementRules: Rule<OptionFacts>[] = [relaxedCommitDurability, bufferPoolDumpDisabled, sortBufferOversized, sortBufferUndersized];

/**
 * Option-file rules that judge a live server's running values. The others judge a file's syntax or
 * whether the server accepts it (unknown, removed, deprecated, invalid, out of range, duplicate,
 * wrong group): a server reports every variable it has, once, as the value it accepted.
 */
export const liveConfigRules: Rule<OptionFacts>[] = [relaxedCommitDurability, bufferPoolDumpDisabled, sortBufferOversized, sortBufferUndersized, bufferPoolInstancesIgnored];

/** Rules comparing an option file with a live server. */
export const driftRules: Rule<DriftFacts>[] = [configDrift];

/** Rules the engine itself evaluates rather than a front end. */
export const ENGINE_RULES = ["unused-suppression", "delimiter-not-reset"] as const;
