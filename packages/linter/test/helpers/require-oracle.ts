/**
 * Oracle and editor tests skip where their tool is missing, so a laptop without MariaDB still runs
 * the suite. CI sets INNOLINT_REQUIRE_ORACLE=1: there a missing tool is a failure, not a silent skip.
 */
export function requireOracle(name: string, unavailable: string | undefined | null | false): void {
  if (unavailable && process.env.INNOLINT_REQUIRE_ORACLE === "1") {
    throw new Error(`${name} is required (INNOLINT_REQUIRE_ORACLE=1) but unavailable: ${unavailable}`);
  }
}
