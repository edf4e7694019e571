import { defineRule } from "./define.js";

/** The engine reports it after suppressions are applied (suppression.ts, engine.ts finishFindings). */
export default defineRule({
  id: "unused-suppression",
  surfaces: ["script"],
});
