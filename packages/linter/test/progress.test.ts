import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { readSnapshot, SNAPSHOT_STEPS } from "../src/live/snapshot.js";
import type { LiveSession } from "../src/live/session.js";
import { createProgress, progressLine, PROGRESS_MIN_FILES } from "../src/progress.js";
import { bundledCli } from "./helpers/bundle.js";
import { scratch } from "./helpers/run.js";

const ERASE = "\r\u001b[2K";

describe("progress bar", () => {
  it("draws a bar with the count, scaled to the terminal", () => {
    expect(progressLine(120, 500, 80)).toBe(`[${"#".repeat(10)}${" ".repeat(30)}] 120/500 files`);
    expect(progressLine(500, 500, 30)).toBe(`[${"#".repeat(13)}] 500/500 files`);
    expect(progressLine(0, 20, 10)).toBe(`[${" ".repeat(10)}] 0/20 files`);
  });

  it("redraws at most once per interval and erases itself at the end", () => {
    let clock = 0;
    const out: string[] = [];
    const p = createProgress({ total: 5, enabled: true, write: (s) => out.push(s), columns: 40, now: () => clock, intervalMs: 100 });
    expect(out).toEqual([`${ERASE}${progressLine(0, 5, 40)}`]);
    p.tick();
    p.tick();
    clock = 50;
    p.tick();
    expect(out).toHaveLength(1);
    clock = 100;
    p.tick();
    expect(out[1]).toBe(`${ERASE}${progressLine(4, 5, 40)}`);
    p.done();
    expect(out).toEqual([`${ERASE}${progressLine(0, 5, 40)}`, `${ERASE}${progressLine(4, 5, 40)}`, ERASE]);
    p.done();
    expect(out).toHaveLength(3);
  });

  it("writes nothing when disabled", () => {
    const out: string[] = [];
    const p = createProgress({ total: 50, enabled: false, write: (s) => out.push(s) });
    p.tick();
    p.done();
    expect(out).toEqual([]);
  });

  const files: Record<string, string> = { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }) };
  for (let i = 0; i < PROGRESS_MIN_FILES + 5; i++) files[`cnf/${String(i).padStart(3, "0")}.cnf`] = "[mysqld]\ninnodb_sort_buffer_size = 64M\n";

  it("on a terminal, a long run shows the bar on stderr and erases it before the report", () => {
    const dir = scratch(files);
    const cli = bundledCli();
    const script = spawnSync("script", ["-qec", `${process.execPath} ${cli} --no-impact --no-color cnf`, "/dev/null"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, TERM: "xterm", COLUMNS: "80" },
    });
    if (script.error) throw script.error;
    const transcript = script.stdout;
    const total = PROGRESS_MIN_FILES + 5;
    expect(transcript).toContain(`${ERASE}${progressLine(0, total, 80)}`);
    expect(transcript).toMatch(new RegExp(`\\] \\d+/${total} files`));
    // Erased, then the report: the last bar is followed by the erase sequence and the first finding.
    const lastErase = transcript.lastIndexOf(ERASE);
    expect(transcript.slice(lastErase + ERASE.length)).toMatch(/^cnf\/000\.cnf:2:1: warning\[sort-buffer-oversized\]/);
    expect(transcript).toContain(`${total} findings`);
    // The bar is on stderr: with stdout redirected to a file, the terminal shows only the bar and the file only the report.
    const redirected = spawnSync("script", ["-qec", `${process.execPath} ${cli} --no-impact cnf > report.txt`, "/dev/null"], { cwd: dir, encoding: "utf8" });
    expect(redirected.stdout).toContain(`${ERASE}${progressLine(0, total, 80)}`);
    expect(redirected.stdout).not.toContain("sort-buffer-oversized");
    const report = readFileSync(join(dir, "report.txt"), "utf8");
    expect(report).toContain("cnf/000.cnf:2:1: warning[sort-buffer-oversized]");
    expect(report).not.toContain("\r");
  });

  it("without a terminal, or with --no-progress, or for a short run, stderr has no bar", () => {
    const dir = scratch(files);
    const cli = bundledCli();
    const piped = spawnSync(process.execPath, [cli, "--no-impact", "cnf"], { cwd: dir, encoding: "utf8" });
    expect(piped.status).toBe(1);
    expect(piped.stderr).toBe("");
    expect(piped.stdout).toContain("cnf/000.cnf:2:1");
    const quiet = spawnSync("script", ["-qec", `${process.execPath} ${cli} --no-impact --no-progress cnf`, "/dev/null"], { cwd: dir, encoding: "utf8" });
    expect(quiet.stdout).not.toContain("files\r");
    expect(quiet.stdout).not.toContain(ERASE);
    const short = spawnSync("script", ["-qec", `${process.execPath} ${cli} --no-impact cnf/000.cnf cnf/001.cnf`, "/dev/null"], { cwd: dir, encoding: "utf8" });
    expect(short.stdout).not.toContain(ERASE);
    expect(existsSync(cli)).toBe(true);
  });
});

describe("progress of a live read", () => {
  it("names the step it waits on, cut to the terminal's width", () => {
    expect(progressLine(3, 6, 80, "", "reading table sizes from information_schema.TABLES")).toBe(
      `[${"#".repeat(10)}${" ".repeat(10)}] 3/6: reading table sizes from information_schema.TABLES`,
    );
    const narrow = progressLine(3, 6, 50, "", "reading table sizes from information_schema.TABLES");
    expect(narrow.length).toBeLessThanOrEqual(50);
    expect(narrow.endsWith("…")).toBe(true);
  });

  it("draws nothing for a read faster than the delay, and the bar once the delay has passed", () => {
    vi.useFakeTimers();
    try {
      const quick: string[] = [];
      const fast = createProgress({ total: 6, enabled: true, write: (s) => quick.push(s), unit: "", label: "a", delayMs: 500 });
      for (let i = 0; i < 6; i++) fast.tick("b");
      fast.done();
      vi.advanceTimersByTime(1000);
      expect(quick).toEqual([]);
      const slow: string[] = [];
      const p = createProgress({ total: 6, enabled: true, write: (s) => slow.push(s), unit: "", label: "reading VERSION()", delayMs: 500, columns: 80 });
      p.tick("reading SHOW GLOBAL VARIABLES");
      expect(slow).toEqual([]);
      vi.advanceTimersByTime(500);
      expect(slow).toEqual([`${ERASE}${progressLine(1, 6, 80, "", "reading SHOW GLOBAL VARIABLES")}`]);
      p.done();
      expect(slow.at(-1)).toBe(ERASE);
    } finally {
      vi.useRealTimers();
    }
  });

  it("readSnapshot announces each statement before it sends it", async () => {
    const log: string[] = [];
    const session = {
      query: async (sql: string) => {
        log.push(`query ${sql.split(" ").slice(0, 3).join(" ")}`);
        return sql.startsWith("SELECT VERSION()") ? [{ version: "10.11.6-MariaDB", comment: "Debian" }] : [];
      },
    } as unknown as LiveSession;
    await readSnapshot(session, "db1:3306", new Date(0), (what) => log.push(`step ${what}`));
    expect(log.filter((l) => l.startsWith("step"))).toHaveLength(SNAPSHOT_STEPS);
    expect(log.filter((l) => l.startsWith("query"))).toHaveLength(SNAPSHOT_STEPS);
    // Every query but the first is announced right before it is sent.
    for (let i = 1; i < log.length - 1; i += 2) {
      expect(log[i]).toMatch(/^step /);
      expect(log[i + 1]).toMatch(/^query /);
    }
    expect(log.at(-1)).toBe("step done");
  });
});
