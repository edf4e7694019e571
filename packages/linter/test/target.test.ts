import { describe, expect, it } from "vitest";
import { atLeast, parseTarget } from "../src/target.js";

describe("atLeast", () => {
  const v = (label: string) => parseTarget(label).version;
  it("reads a release without patch as its .0 release", () => {
    expect(atLeast(v("mariadb-10.5.9"), "10.5")).toBe(true);
    expect(atLeast(v("mariadb-10.5.0"), "10.5")).toBe(true);
    expect(atLeast(v("mariadb-10.4.30"), "10.5")).toBe(false);
    expect(atLeast(v("mysql-8.0.22"), "8.0.23")).toBe(false);
    expect(atLeast(v("mysql-8.0.23"), "8.0.23")).toBe(true);
  });
  it("reads a target without patch as the newest release of its series", () => {
    expect(atLeast(v("mysql-8.0"), "8.0.23")).toBe(true);
    expect(atLeast(v("mariadb-10.5"), "10.5")).toBe(true);
    expect(atLeast(v("mysql-5.7"), "8.0")).toBe(false);
  });
});
