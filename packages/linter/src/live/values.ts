import { lookupVariable } from "../catalogue/index.js";
import { parseTarget, type Target } from "../target.js";
import { LiveError } from "./session.js";

/** SHOW GLOBAL VARIABLES prints an integer variable as digits (a sign for the few signed ones). */
const INTEGER = /^-?\d+$/;
/** …and a double with decimals (six after the point, or an exponent). */
const DOUBLE = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Variables innolint reads as numbers whatever the catalogue says of the target (the buffer pool
 * arithmetic of config-drift): checked for every target.
 */
const READ_AS_INTEGERS = new Set(["innodb_buffer_pool_chunk_size", "innodb_buffer_pool_instances", "innodb_buffer_pool_size"]);

/**
 * A snapshot's variable values checked against the types the server gives them: a numeric value
 * that is not a number is an error about the snapshot file, found where it is read, rather than a
 * rule failing on it later. An empty value (a variable without one) passes.
 */
export function checkVariableValues(variables: Record<string, string>, targetLabel: string, file: string): void {
  let target: Target | undefined;
  try {
    target = parseTarget(targetLabel);
  } catch {
    target = undefined;
  }
  for (const [name, value] of Object.entries(variables)) {
    if (value === "") continue;
    let type: string | undefined = READ_AS_INTEGERS.has(name) ? "integer" : undefined;
    if (!type && target) {
      let lookup;
      try {
        lookup = lookupVariable(target, name);
      } catch {
        lookup = undefined;
      }
      if (lookup?.status === "known") type = lookup.facts.type;
    }
    const integer = type === "integer" || type === "unsigned" || type === "size";
    if (integer && !INTEGER.test(value)) {
      throw new LiveError(`${file}: variables.${name}: ${JSON.stringify(value)} is not an integer, and the server reports ${name} as one`);
    }
    if (type === "double" && !DOUBLE.test(value)) {
      throw new LiveError(`${file}: variables.${name}: ${JSON.stringify(value)} is not a number, and the server reports ${name} as one`);
    }
  }
}
