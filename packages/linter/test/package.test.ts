// The bin as users get it: executable in a checkout after setup (npx innolint), and from the packed
// package installed elsewhere, with nothing to fetch (the bundle carries its dependencies).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { VERSION } from "../src/cli.js";
import { bundledCli } from "./helpers/bundle.js";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const root = resolve(pkg, "../..");
const tmp = mkdtempSync(join(tmpdir(), "innolint-package-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the innolint bin", () => {
  it("is built executable, with a shebang", () => {
    const cli = bundledCli();
    expect(statSync(cli).mode & 0o111).toBe(0o111);
    expect(readFileSync(cli, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  });

  it("runs as node_modules/.bin/innolint in a checkout after setup", () => {
    const bin = join(root, "node_modules/.bin/innolint");
    // setup.sh links it; a checkout without setup has nothing to test.
    expect(existsSync(bin)).toBe(true);
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" })).toBe(`${VERSION}\n`);
  });

  it("installs from the packed package with no dependency to fetch, and lints", () => {
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { dependencies?: object; bin: Record<string, string> };
    expect(manifest.dependencies ?? {}).toEqual({});
    // The package as npm pack sees it, with a dist built from the current source.
    const staged = join(tmp, "staged");
    mkdirSync(staged);
    copyFileSync(join(pkg, "package.json"), join(staged, "package.json"));
    cpSync(dirname(bundledCli()), join(staged, "dist"), { recursive: true });
    const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", tmp], { cwd: staged, encoding: "utf8" }).trim().split("\n").pop() as string;
    const prefix = join(tmp, "prefix");
    mkdirSync(prefix);
    writeFileSync(join(prefix, "package.json"), "{}");
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--loglevel=error", join(tmp, packed)], { cwd: prefix, stdio: "ignore" });
    const bin = join(prefix, "node_modules/.bin/innolint");
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" })).toBe(`${VERSION}\n`);
    writeFileSync(join(prefix, "my.cnf"), "[mysqld]\ninnodb_sort_buffer_size = 64M\n");
    const r = spawnSync(bin, ["--no-config", "--target", "mysql-8.0.25", "--format", "json", "my.cnf"], { cwd: prefix, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect((JSON.parse(r.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule)).toContain("sort-buffer-oversized");
  }, 120_000);
});
