import type { Rule } from "./types.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
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

/** Rules the engine itself evaluates rather than a front end. */
export const ENGINE_RULES = ["unused-suppression"] as const;
