import { defineRule } from "./define.js";

/** The SQL front end finds it while splitting statements (sql/facts.ts); the engine reports it. */
export default defineRule({
  id: "delimiter-not-reset",
  surfaces: ["script"],
});
