// Generators of hostile inputs whose lint cost must grow linearly with `n`: shared by
// bench/hostile.mjs (big sizes, timed) and the linter's tests (small sizes, work counted).

/** CREATE TABLE with `n` explicit RANGE partitions. */
export function explicitPartitions(n) {
  const parts = [];
  for (let i = 0; i < n; i++) parts.push(`PARTITION p${i} VALUES LESS THAN (${i + 1})`);
  return `CREATE TABLE t (a INT NOT NULL, b INT, KEY (b)) PARTITION BY RANGE (a) (\n${parts.join(",\n")}\n);\nSELECT * FROM t WHERE b = 1;\n`;
}

/** A script that sets DELIMITER ;; and never resets it: `n` procedure-like statements of about 80 bytes. */
export function delimiterNeverReset(n) {
  const out = ["DELIMITER ;;\n"];
  for (let i = 0; i < n; i++) out.push(`INSERT INTO log_${i % 97} (id, note) VALUES (${i}, 'row ${i} of the import');;\n`);
  return out.join("");
}

/**
 * DELIMITER ;; and then ordinary statements that end in `;` (a dump whose `DELIMITER ;` after a
 * trigger was lost): to the client the rest of the file is one statement.
 */
export function delimiterSwallowsFile(n) {
  const out = ["CREATE TABLE log_0 (id INT, note TEXT);\nDELIMITER ;;\nCREATE TRIGGER t0 BEFORE INSERT ON log_0 FOR EACH ROW SET NEW.id = NEW.id + 1;;\n"];
  for (let i = 0; i < n; i++) out.push(`INSERT INTO log_0 (id, note) VALUES (${i}, 'row ${i} of the import');\n`);
  return out.join("");
}

/** An option file of `n` distinct unknown variables. */
export function unknownVariables(n) {
  const out = ["[mysqld]\n"];
  for (let i = 0; i < n; i++) out.push(`innodb_bufer_pool_size_${i.toString(36)} = ${i}\n`);
  return out.join("");
}

/** An option file of `n` suppression comments, each followed by the option it suppresses. */
export function suppressionPairs(n) {
  const out = ["[mysqld]\n"];
  for (let i = 0; i < n; i++) out.push(`# innolint-disable-next-line unknown-variable\nnot_a_variable_${i.toString(36)} = 1\n`);
  return out.join("");
}

/** SELECT followed by `n` unclosed parentheses. */
export function unclosedParens(n) {
  return `SELECT ${"(".repeat(n)}\n`;
}

/** An option file that sets one variable `n` times. */
export function repeatedOption(n) {
  return `[mysqld]\n${"sync_binlog=1\n".repeat(n)}`;
}

/** A one-line CREATE TABLE declaring `n` partitions of 2 subpartitions each, as RANGE with one definition. */
export function declaredPartitions(n) {
  return `CREATE TABLE u (a INT) PARTITION BY KEY(a) PARTITIONS ${n} SUBPARTITION BY KEY(a) SUBPARTITIONS 2;\n`;
}

/** An option file of `n` suppression comments that suppress nothing (each one is a finding). */
export function unusedSuppressions(n) {
  const out = ["[mysqld]\n"];
  for (let i = 0; i < n; i++) out.push(`# innolint-disable-next-line unknown-variable\nmax_connections = ${100 + i}\n`);
  return out.join("");
}

/** An option file that sets optimizer_switch `n` times, each line a different flag. */
export function repeatedFlagList(n) {
  const flags = ["index_merge", "mrr", "mrr_cost_based", "block_nested_loop", "batched_key_access", "materialization", "semijoin", "loosescan", "firstmatch"];
  const out = ["[mysqld]\n"];
  for (let i = 0; i < n; i++) out.push(`optimizer_switch = ${flags[i % flags.length]}=${i % 2 ? "on" : "off"}\n`);
  return out.join("");
}
