import { bytes2, memoryBound, type MemoryPart } from "../optionfile/rules/memory.js";
import type { ResolvedOption } from "../optionfile/rules/facts.js";
import { defineRule } from "./define.js";

/** What a 64-bit Linux process can address with 4-level page tables: no host holds a larger peak. */
const ADDRESS_SPACE = 2 ** 47;

export default defineRule({
  id: "memory-overcommit",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    percent: {
      type: "integer",
      minimum: 1,
      description: "The peak above this percentage of the host's memory fires (MySQLTuner's bound is 85).",
      default: 85,
    },
  },
  check(facts, ctx) {
    const memory = ctx.host?.memory;
    const bound = memoryBound(facts, memory);
    const limit = memory === undefined ? ADDRESS_SPACE : (memory * ctx.options.percent) / 100;
    if (bound.peak <= limit) return;
    const n = bound.connections;
    const globalSum = bound.global.reduce((s, p) => s + p.bytes, 0);
    const perSum = bound.perConnection.reduce((s, p) => s + p.bytes, 0);
    const parts: { part: MemoryPart; total: number; text: string }[] = [
      ...bound.global.map((p) => ({ part: p, total: p.bytes, text: `${p.variable} ${bytes2(p.bytes)}` })),
      ...bound.perConnection.map((p) => ({ part: p, total: p.bytes * n, text: `${p.variable} ${n} × ${bytes2(p.bytes)} = ${bytes2(p.bytes * n)}` })),
    ].sort((a, b) => b.total - a.total || a.part.variable.localeCompare(b.part.variable));
    // The line that matters most: the largest share a line sets, else max_connections.
    const at: ResolvedOption | undefined = parts.find((p) => p.part.option)?.part.option ?? bound.connectionsOption;
    if (!at) return;
    const top = parts.slice(0, 3).map((p) => p.text);
    const against =
      memory === undefined
        ? `more than a 64-bit Linux process can address (128T)`
        : `${Number(((bound.peak / memory) * 100).toPrecision(2))} % of the host's ${bytes2(memory)} (from ${ctx.host?.from.memory}), above the ${ctx.options.percent} % that leaves room for the OS and the server's other allocations`;
    ctx.report({
      file: at.entry.file,
      range: at.entry.lineRange,
      versionDependent: true,
      message: `at ${n} connections the server may allocate ${bytes2(bound.peak)} (${bytes2(globalSum)} of global buffers + ${n} × ${bytes2(perSum)} per connection), ${against}; largest: ${top.join(", ")}`,
      notes: [
        "assumes every connection holds each of its buffers at once, as MySQLTuner's maximum does; a query can take a join buffer per joined table and a sort buffer per sort, so the real bound is higher",
        ...bound.global.filter((p) => p.note).map((p) => `${p.variable} counts ${p.note}`),
      ],
    });
  },
});
