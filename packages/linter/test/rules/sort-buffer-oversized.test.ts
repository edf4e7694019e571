import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";

async function message(size: string): Promise<string> {
  const [f] = await ruleFindings("sort-buffer-oversized", `[mysqld]\ninnodb_sort_buffer_size = ${size}\n`, "mysql-8.0.22");
  return `${f?.message}\n${f?.notes?.join("\n")}`;
}

describe("sort-buffer-oversized", () => {
  it("quotes the study's figures at the configured size, or at the nearest size it measured, named", async () => {
    // The study: 1M 7,873.2 s and 30,669 QPS; 8M 7,731.5 s and 28,429; 16M 7,548.7 s and 28,085; 64M 7,488.0 s and 27,998.
    const at8 = await message("8M");
    expect(at8).toContain("for builds only about 1.8 % faster than at 1M, while concurrent DML ran 7.3 % slower (measured at 8M)");
    expect(at8).toContain("took 2 h 11 min at 1M and 2 h 09 min at 8M");
    expect(await message("12M")).toContain(
      "about 4.1 % faster than at 1M, while concurrent DML ran 8.4 % slower (measured at 16M, the nearest size the study ran)",
    );
    expect(await message("6M")).toContain("(measured at 8M, the nearest size the study ran)");
    expect(await message("64M")).toContain("about 4.9 % faster than at 1M, while concurrent DML ran 8.7 % slower (measured at 64M)");
  });
});
