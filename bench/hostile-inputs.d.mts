// Types of hostile-inputs.mjs for the linter's tests: each generator returns the text for size n.
export function explicitPartitions(n: number): string;
export function delimiterNeverReset(n: number): string;
export function delimiterSwallowsFile(n: number): string;
export function unknownVariables(n: number): string;
export function suppressionPairs(n: number): string;
export function unclosedParens(n: number): string;
export function repeatedOption(n: number): string;
export function declaredPartitions(n: number): string;
export function unusedSuppressions(n: number): string;
export function repeatedFlagList(n: number): string;
