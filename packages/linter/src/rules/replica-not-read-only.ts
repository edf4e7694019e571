import { lookupVariable } from "../catalogue/index.js";
import { effectiveBoolean } from "../optionfile/rules/facts.js";
import { isOn, setting } from "../optionfile/rules/settings.js";
import { styled } from "../optionfile/rules/shared.js";
import { defineRule } from "./define.js";
import { galeraNode } from "../optionfile/rules/settings.js";

/** Options that name a replica's own work; those every node of a shared file carries are left out on purpose. */
const REPLICA_ONLY = /^(relay_log|replicate_(do|ignore|wild_do|wild_ignore)_(db|table)|replicate_rewrite_db|skip_(slave|replica)_start)$/;

export default defineRule({
  id: "replica-not-read-only",
  surfaces: ["option-file"],
  check(facts, ctx) {
    const signals = facts.options.filter(
      (o) =>
        o.serverGroup &&
        REPLICA_ONLY.test(o.variable) &&
        !(o.entry.value !== null && o.entry.value.trim() === "") &&
        // skip_slave_start = 0 turns it off: no signal.
        (!o.variable.startsWith("skip_") || effectiveBoolean(facts, o.variable)?.value === true),
    );
    const first = signals[0];
    if (!first || galeraNode(facts)) return;
    // Group Replication manages super_read_only on secondaries itself.
    if (facts.options.some((o) => o.serverGroup && o.variable.startsWith("group_replication_"))) return;
    const readOnly = setting(facts, "read_only");
    const superReadOnly = lookupVariable(facts.target, "super_read_only").status === "known" ? setting(facts, "super_read_only") : undefined;
    if (isOn(superReadOnly)) return;
    if (isOn(readOnly)) {
      // read_only exempts accounts with SUPER (CONNECTION_ADMIN on 8.0); super_read_only (5.7.8+) does not.
      const o = readOnly?.option;
      if (!superReadOnly || !o) return;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `read_only is on in what looks like a replica's file (${signals[0]?.entry.rawName}), but super_read_only is ${superReadOnly.option ? "OFF" : "OFF by default"}: accounts with SUPER or CONNECTION_ADMIN can still write to the replica behind replication`,
        fix: {
          description: "refuse writes from SUPER and CONNECTION_ADMIN accounts too (super_read_only = ON, which also turns read_only on)",
          safety: "unsafe",
          edits: superReadOnly.option
            ? [
                {
                  file: superReadOnly.option.entry.file,
                  range: superReadOnly.option.entry.lineRange,
                  newText: `${styled(superReadOnly.option, "super_read_only")} = ON`,
                },
              ]
            : [{ file: o.entry.file, range: { start: o.entry.lineRange.start, end: o.entry.lineRange.start }, newText: "super_read_only = ON\n" }],
        },
      });
      return;
    }
    const names = [...new Set(signals.map((o) => o.entry.rawName))];
    const setting_ = superReadOnly ? "super_read_only" : "read_only";
    ctx.report({
      file: first.entry.file,
      range: first.entry.lineRange,
      message: `${names.slice(0, 3).join(", ")}${names.length > 3 ? ` and ${names.length - 3} more` : ""} make this look like a replica's file, but neither read_only nor super_read_only is on: any account with write privileges can change the replica's data behind replication, which then stops on a conflict or drifts from the source. If failover tooling sets read_only at run time, suppress this`,
      fix: {
        description: `refuse client writes (${setting_} = ON); promotion turns it off`,
        safety: "unsafe",
        edits: [{ file: first.entry.file, range: { start: first.entry.lineRange.start, end: first.entry.lineRange.start }, newText: `${setting_} = ON\n` }],
      },
    });
  },
});
