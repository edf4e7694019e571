// Types of lib.mjs for the linter's tests, which share its seeded generator.
/** mulberry32: deterministic numbers in [0, 1), so that a seed replays a run or a test exactly. */
export function mulberry32(seed: number): () => number;
