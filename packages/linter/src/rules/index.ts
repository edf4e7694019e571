/**
 * Every rule module, in the order the engine runs them. A test fails when a file in this directory
 * defines a rule this list misses, or names it other than by its id; `npm run new-rule` adds to it.
 */
import unknownVariable from "./unknown-variable.js";
import removedVariable from "./removed-variable.js";
import deprecatedVariable from "./deprecated-variable.js";
import invalidValue from "./invalid-value.js";
import outOfRange from "./out-of-range.js";
import duplicateOption from "./duplicate-option.js";
import optionInWrongGroup from "./option-in-wrong-group.js";
import sortBufferOversized from "./sort-buffer-oversized.js";
import sortBufferUndersized from "./sort-buffer-undersized.js";
import relaxedCommitDurability from "./relaxed-commit-durability.js";
import bufferPoolInstancesIgnored from "./buffer-pool-instances-ignored.js";
import bufferPoolDumpDisabled from "./buffer-pool-dump-disabled.js";
import dropTruncateBufferPoolStall from "./drop-truncate-buffer-pool-stall.js";
import adaptiveHashIndexDropStall from "./adaptive-hash-index-drop-stall.js";
import partitionCountHigh from "./partition-count-high.js";
import partitionUnprunedQuery from "./partition-unpruned-query.js";
import ddlMultiIndexMemory from "./ddl-multi-index-memory.js";
import configDrift from "./config-drift.js";
import unusedSuppression from "./unused-suppression.js";
import delimiterNotReset from "./delimiter-not-reset.js";
import includeNotFollowed from "./include-not-followed.js";
import memoryOvercommit from "./memory-overcommit.js";
import perSessionBufferOversized from "./per-session-buffer-oversized.js";
import redoLogUndersized from "./redo-log-undersized.js";
import ioCapacityMismatch from "./io-capacity-mismatch.js";
import flushMethodMismatch from "./flush-method-mismatch.js";
import openFilesLimitTooLow from "./open-files-limit-too-low.js";
import alterAlgorithmRefused from "./alter-algorithm-refused.js";
import alterRebuildsTable from "./alter-rebuilds-table.js";
import alterBlocksWrites from "./alter-blocks-writes.js";
import instantDdlLimit from "./instant-ddl-limit.js";
import alterMayLoseData from "./alter-may-lose-data.js";
import tableWithoutPrimaryKey from "./table-without-primary-key.js";
import threeByteUnicodeColumn from "./three-byte-unicode-column.js";
import readUncommittedIsolation from "./read-uncommitted-isolation.js";
import doublewriteDisabled from "./doublewrite-disabled.js";
import strictModeDisabled from "./strict-mode-disabled.js";
import serverCharsetUtf8mb3 from "./server-charset-utf8mb3.js";
import localInfileEnabled from "./local-infile-enabled.js";
import generalLogEnabled from "./general-log-enabled.js";
import slowLogEverything from "./slow-log-everything.js";
import queryCacheAllocated from "./query-cache-allocated.js";
import tmpTableLimits from "./tmp-table-limits.js";
import binlogRetentionShort from "./binlog-retention-short.js";
import binlogDisabled from "./binlog-disabled.js";
import binlogFormatUnsafe from "./binlog-format-unsafe.js";
import binlogRowImage from "./binlog-row-image.js";
import replicaNotReadOnly from "./replica-not-read-only.js";
import upgradeChangesDefault from "./upgrade-changes-default.js";
import gtidConsistencyRequired from "./gtid-consistency-required.js";
import type { RuleModule } from "./define.js";

export const ALL_RULES: readonly RuleModule[] = [
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
  dropTruncateBufferPoolStall,
  adaptiveHashIndexDropStall,
  partitionCountHigh,
  partitionUnprunedQuery,
  ddlMultiIndexMemory,
  configDrift,
  unusedSuppression,
  delimiterNotReset,
  includeNotFollowed,
  memoryOvercommit,
  perSessionBufferOversized,
  redoLogUndersized,
  ioCapacityMismatch,
  flushMethodMismatch,
  openFilesLimitTooLow,
  alterAlgorithmRefused,
  alterRebuildsTable,
  alterBlocksWrites,
  instantDdlLimit,
  alterMayLoseData,
  tableWithoutPrimaryKey,
  threeByteUnicodeColumn,
  readUncommittedIsolation,
  doublewriteDisabled,
  strictModeDisabled,
  serverCharsetUtf8mb3,
  localInfileEnabled,
  generalLogEnabled,
  slowLogEverything,
  queryCacheAllocated,
  tmpTableLimits,
  binlogRetentionShort,
  binlogDisabled,
  binlogFormatUnsafe,
  binlogRowImage,
  replicaNotReadOnly,
  upgradeChangesDefault,
  gtidConsistencyRequired,
];
