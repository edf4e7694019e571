/** The benchmarks' mulberry32: one small deterministic generator, so that a seed replays a test exactly. */
export { mulberry32 } from "../../../../bench/lib.mjs";
