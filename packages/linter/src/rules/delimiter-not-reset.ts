import { defineRule } from "./define.js";

/** The SQL front end finds it while splitting statements (sql/facts.ts lastDelimiter); this words it. */
export default defineRule({
  id: "delimiter-not-reset",
  surfaces: ["script"],
  check(facts, ctx) {
    const d = facts.unresetDelimiter;
    if (!d) return;
    ctx.report({
      range: d.range,
      message: `DELIMITER ${d.delimiter} is never reset to ; before the end of the file: the mysql client runs this file, but a script sourced or concatenated after it in the same client session would need ${d.delimiter} to end each statement`,
    });
  },
});
