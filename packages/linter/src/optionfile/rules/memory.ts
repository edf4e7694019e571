/**
 * The server's memory bound as the configuration sets it: global buffers once, plus max_connections
 * times what one connection may allocate. The shape of MySQLTuner's "maximum possible memory"
 * (mysqltuner.pl, calculations()), with the buffers each flavour and version has.
 */
import { inUnits } from "../../figures.js";
import { lookupVariable } from "../../catalogue/index.js";
import { binlogEnabled } from "./settings.js";
import { effectiveNumber, type OptionFacts, type ResolvedOption } from "./facts.js";
import { GiB } from "./shared.js";

export interface MemoryPart {
  variable: string;
  /** Bytes, once (a global buffer) or per connection. */
  bytes: number;
  /** The line that set it; absent for the server's default. */
  option?: ResolvedOption;
  /** How the part is bounded, when that is not simply the variable's value. */
  note?: string;
}

export interface MemoryBound {
  global: MemoryPart[];
  perConnection: MemoryPart[];
  connections: number;
  connectionsOption?: ResolvedOption;
  /** global + connections × per connection. */
  peak: number;
}

const GLOBAL = [
  "innodb_buffer_pool_size",
  "innodb_log_buffer_size",
  "key_buffer_size",
  "query_cache_size",
  "innodb_additional_mem_pool_size",
  "aria_pagecache_buffer_size",
];
const PER_CONNECTION = ["sort_buffer_size", "join_buffer_size", "read_buffer_size", "read_rnd_buffer_size", "thread_stack", "net_buffer_length"];

function exists(facts: OptionFacts, name: string): boolean {
  return lookupVariable(facts.target, name).status === "known";
}

function part(facts: OptionFacts, name: string, hostMemory: number | undefined): MemoryPart | undefined {
  if (!exists(facts, name)) return undefined;
  const v = effectiveNumber(facts, name);
  if (v) return { variable: name, bytes: v.value, ...(v.option ? { option: v.option } : {}) };
  // 8.4's temptable_max_ram defaults to 3 % of the host's memory, between 1G and 4G.
  if (name === "temptable_max_ram") {
    const bytes = hostMemory === undefined ? GiB : Math.min(4 * GiB, Math.max(GiB, Math.round(hostMemory * 0.03)));
    return { variable: name, bytes, note: hostMemory === undefined ? "its default, at least 1G" : "its default, 3 % of the host's memory within 1G–4G" };
  }
  return undefined;
}

/**
 * In-memory temporary tables: MySQL 8.0's TempTable engine shares temptable_max_ram across all
 * sessions; the MEMORY engine (MariaDB, MySQL 5.7, internal_tmp_mem_storage_engine=MEMORY) bounds
 * each table by min(tmp_table_size, max_heap_table_size), counted once as MySQLTuner does.
 */
function tempTables(facts: OptionFacts, hostMemory: number | undefined): MemoryPart | undefined {
  const engine = facts.effective.get("internal_tmp_mem_storage_engine")?.entry.value?.toLowerCase();
  if (exists(facts, "temptable_max_ram") && engine !== "memory") return part(facts, "temptable_max_ram", hostMemory);
  const tmp = effectiveNumber(facts, "tmp_table_size");
  const heap = effectiveNumber(facts, "max_heap_table_size");
  if (!tmp || !heap) return undefined;
  const smaller = tmp.value <= heap.value ? { v: tmp, name: "tmp_table_size" } : { v: heap, name: "max_heap_table_size" };
  return { variable: smaller.name, bytes: smaller.v.value, ...(smaller.v.option ? { option: smaller.v.option } : {}), note: "one in-memory temporary table" };
}

export function memoryBound(facts: OptionFacts, hostMemory?: number): MemoryBound {
  const global = GLOBAL.map((n) => part(facts, n, hostMemory)).filter((p): p is MemoryPart => p !== undefined);
  const tmp = tempTables(facts, hostMemory);
  if (tmp) global.push(tmp);
  const perConnection = PER_CONNECTION.map((n) => part(facts, n, hostMemory)).filter((p): p is MemoryPart => p !== undefined);
  // Each session that writes the binary log holds a transaction cache of binlog_cache_size.
  if (binlogEnabled(facts)) {
    const b = part(facts, "binlog_cache_size", hostMemory);
    if (b) perConnection.push(b);
  }
  const mc = effectiveNumber(facts, "max_connections");
  const connections = mc?.value ?? 151;
  const sum = (parts: MemoryPart[]) => parts.reduce((s, p) => s + p.bytes, 0);
  return {
    global,
    perConnection,
    connections,
    ...(mc?.option ? { connectionsOption: mc.option } : {}),
    peak: sum(global) + connections * sum(perConnection),
  };
}

/**
 * A byte count in the option files' units: a whole number of its unit as written (512G, 256M, as a
 * setting or an exact quotient reads), anything else to two significant figures (1.9M, 250G).
 */
export function bytes2(n: number): string {
  const { value: v, unit } = inUnits(n, ["B", "K", "M", "G", "T", "P", "E"]);
  const shown = Number.isInteger(v) ? String(v) : v >= 10 ? String(Number(v.toPrecision(2))) : v.toFixed(1).replace(/\.0$/, "");
  return `${shown}${unit === "B" ? " bytes" : unit}`;
}
