import type { DropStallParams, IndexBuildParams, PartitionDivesParams, RedoCommitParams } from "./index.js";

/** The Aurora MySQL 2.04.9 r5.2xlarge writer of the sort-buffer study: its per-row CPU and its storage, as calibrated. */
export const AURORA_R5_2XLARGE_BUILD_HOST = {
  cpu_ns_per_row: 34_000,
  data_mbps: 200,
  index_write_mbps: 200,
  temp_mbps: 3000,
  temp_iops: 14_400,
  cpu_cores: 8,
  l2_bytes: 1024 * 1024,
  llc_bytes: 5.5 * 1024 * 1024,
} satisfies IndexBuildParams;

/** The TPC-C stock table (192,659,975 rows, 70 GB) on that writer. */
const STOCK_TABLE_ON_R5_2XLARGE = {
  ...AURORA_R5_2XLARGE_BUILD_HOST,
  code_path: "row0merge",
  rows: 192_659_975,
  row_bytes: 382,
} satisfies IndexBuildParams;

/**
 * Reference workloads: the measured studies' tables and hardware. The calibration tests reproduce the
 * studies' figures from them, and the linter uses them for impacts when it knows nothing better about
 * the user's workload (the impact's inputs then say "assumed").
 */
export const REFERENCE = {
  /** One ADD INDEX over ten CHAR(24) columns of the TPC-C stock table (192,659,975 rows, 70 GB) on an Aurora MySQL 2.04.9 r5.2xlarge writer. */
  indexBuild: {
    ...STOCK_TABLE_ON_R5_2XLARGE,
    indexes: 1,
    key_bytes: 251,
  } satisfies IndexBuildParams,
  /** The same table under 128 sysbench threads (45 % writes) while ALTER … ADD COLUMN rebuilds it online. */
  onlineRebuild: {
    ...STOCK_TABLE_ON_R5_2XLARGE,
    rebuild: true,
    indexes: 2,
    key_bytes: 16,
    dml_qps: 35_661,
    dml_threads: 128,
    dml_write_fraction: 0.45,
    dml_seconds: 210,
  } satisfies IndexBuildParams,
  /** sysbench write transactions on MySQL 8.0.32, one query per transaction, binary log off. */
  redoCommit: {
    cpu_cores: 32,
    cpu_us_per_trx: 234.9,
    client_latency_us: 1057.1,
    fsync_us: 800,
    redo_bytes_per_trx: 2800,
    disk_write_mbps: 100,
  } satisfies RedoCommitParams,
  /** 26 monthly RANGE COLUMNS partitions, data about ten times the 26 GB pool, point SELECTs by a non-partition key. */
  partitionDives: {
    partitions: 26,
    buffer_pool_bytes: 26 * 2 ** 30,
    rows_per_partition: 300_000_000,
    growth: 300,
    rows_per_key: 2.5,
    hot_key_fraction: 0.27,
    row_bytes: 200,
    threads: 50,
    disk_iops: 30_000,
    disk_latency_us: 200,
  } satisfies PartitionDivesParams,
  /** The vendor's test: 100 empty tables dropped concurrently while a big table fills the pool, AHI off. */
  dropStall: {
    concurrent_drops: 100,
    dirty_ratio: 0.9,
    ahi: false,
    version: "8.0.22",
  } satisfies DropStallParams,
} as const;
