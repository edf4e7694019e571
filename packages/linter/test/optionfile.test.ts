/**
 * Unit tests for the option-file front end. Expected outputs were taken from MariaDB 10.11's
 * my_print_defaults (see the comments in src/optionfile/model.ts for the reader rules).
 */
import { spawnSync } from "node:child_process";
import { requireOracle } from "./helpers/require-oracle.js";
import { chmodSync, mkdirSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  entriesForGroups,
  parseOptionText,
  printDefaults,
  printDefaultsOutput,
  printDefaultsStatus,
  readOptionFiles,
  splitOptionName,
  type OptionFileError,
  type ReadOptions,
} from "../src/optionfile/model.js";
import { createParser } from "../src/treesitter.js";
import { tempDir } from "./helpers/tmp.js";

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A temporary directory holding the given files (string or raw bytes); returns its path. */
function scratch(files: Record<string, string | Buffer>): string {
  const root = tempDir("innolint-cnf-");
  roots.push(root);
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    if (name.endsWith("/")) {
      mkdirSync(path, { recursive: true });
      continue;
    }
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return root;
}

/** my_print_defaults --defaults-file=<dir>/t.cnf <groups>, run in <dir>. */
async function print(text: string | Buffer, groups = ["g"], extra: Record<string, string | Buffer> = {}, opts: ReadOptions = {}) {
  const dir = scratch({ "t.cnf": text, ...extra });
  const set = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir, ...opts });
  return { dir, set, lines: printDefaults(set, groups), status: printDefaultsStatus(set) };
}

function kinds(errors: OptionFileError[]): string[] {
  return errors.map((e) => `${e.kind}${e.code ? `/${e.code}` : ""}@${e.line ?? "-"}`);
}

describe("grammar", () => {
  it("gives one statement per line, with fields, and no error nodes on odd input", async () => {
    const parser = await createParser("mycnf");
    const text = '# c\n; c\n[mysqld] junk\n[ g ] # c\n[broken\n  a b = "c # d" # e\nx"y=z#q"#r\n= v\n!include  f.cnf \n!includex y\n!\nname\n';
    const tree = parser.parse(text)!;
    expect(tree.rootNode.hasError).toBe(false);
    const kinds = tree.rootNode.namedChildren.map((n) => n!.type);
    expect(kinds).toEqual([
      "comment",
      "comment",
      "group_header",
      "group_header",
      "group_header",
      "option",
      "option",
      "option",
      "directive",
      "directive",
      "directive",
      "option",
    ]);
    const field = (i: number, f: string) => tree.rootNode.namedChildren[i]!.childForFieldName(f)?.text;
    expect(field(2, "name")).toBe("mysqld");
    expect(field(2, "ignored")).toBe("junk");
    expect(field(3, "name")).toBe(" g");
    expect(field(4, "close")).toBeUndefined(); // "[broken": no ']'
    expect([field(5, "name"), field(5, "value")]).toEqual(["a b", '"c # d"']);
    // The quote opened in the name runs into the value; '=' splits even inside quotes.
    expect([field(6, "name"), field(6, "value")]).toEqual(['x"y', 'z#q"']);
    expect([field(7, "name"), field(7, "value")]).toEqual([undefined, "v"]);
    expect([field(8, "keyword"), field(8, "argument")]).toEqual(["include", "f.cnf"]);
    expect([field(9, "keyword"), field(9, "argument")]).toEqual(["includex", "y"]);
    tree.delete();
    parser.delete();
  });
});

describe("grammar robustness", () => {
  it("never produces error nodes: every line is some statement", async () => {
    const parser = await createParser("mycnf");
    const atoms = [
      "[",
      "]",
      "!",
      "#",
      ";",
      "=",
      "'",
      '"',
      "\\",
      " ",
      "\t",
      "\r",
      "\n",
      "\n",
      "a",
      "include",
      "includedir",
      "é",
      "\u00a0",
      "\uFEFF",
      "\u2028",
      "\x01",
      "😀",
    ];
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 3000; i++) {
      let text = "";
      for (let n = Math.floor(rand() * 40); n > 0; n--) text += atoms[Math.floor(rand() * atoms.length)];
      const tree = parser.parse(text)!;
      expect(tree.rootNode.hasError, JSON.stringify(text)).toBe(false);
      tree.delete();
    }
    parser.delete();
  });
});

describe("comments and blanks", () => {
  it("takes '#' and ';' as whole-line comments, only '#' (outside quotes) as a trailing one", async () => {
    const { lines } = await print('# c\n ; c\n[g]\na=b#c\nd = "e#f" # g\nh = i;j\nl = "m\\"#n"\no=\'p"#q\'\nr=s # t\n');
    expect(lines).toEqual(["--a=b", "--d=e#f", "--h=i;j", '--l=m"#n', '--o=p"#q', "--r=s"]);
  });

  it("trims blanks (\\t \\r \\f \\v space) around names and values, and reads CRLF files", async () => {
    const { lines } = await print("  [g]  \r\n\tv =\t x \t\r\n w\f=\vy\r\n");
    expect(lines).toEqual(["--v=x", "--w=y"]);
  });

  it("lists comments, whole-line and trailing", async () => {
    const file = await parseOptionText("/x/my.cnf", "# a\n[g] # b\nx=1 # c\n;d\n");
    expect(file.comments.map((c) => [c.text, c.trailing, c.range.start.line, c.range.start.column])).toEqual([
      ["# a", false, 1, 1],
      ["# b", true, 2, 5],
      ["# c", true, 3, 5],
      [";d", false, 4, 1],
    ]);
  });
});

describe("groups", () => {
  it("matches whole names case-insensitively, keeps leading blanks, ignores text after ']'", async () => {
    const text = "[ g ]\nx=1\n[G]\ny=2\n[g] junk\nz=3\n[a]b]\nv=1\n[]\nw=2\n[gg]\nq=1\n";
    const { set, lines } = await print(text);
    expect(lines).toEqual(["--y=2", "--z=3"]);
    expect(printDefaults(set, ["a"])).toEqual(["--v=1"]);
    expect(printDefaults(set, [""])).toEqual(["--w=2"]);
    expect(printDefaults(set, [" g"])).toEqual(["--x=1"]);
    expect(set.files[0]!.groups.map((g) => g.name)).toEqual([" g", "G", "g", "a", "", "gg"]);
    expect(set.entries.map((e) => e.group)).toEqual([" g", "G", "g", "a", "", "gg"]);
  });

  it("reads groups in file order, several at once, and with a group suffix", async () => {
    const { set } = await print("[client]\na=1\n[mysqld]\nb=2\n[client]\nc=3\n[mysqld-x]\nd=4\n");
    expect(printDefaults(set, ["mysqld", "client"])).toEqual(["--a=1", "--b=2", "--c=3"]);
    expect(entriesForGroups(set, ["mysqld"], { groupSuffix: "-x" }).map((e) => e.argument)).toEqual(["--b=2", "--d=4"]);
  });

  it("a group line without ']' aborts the top file (my_print_defaults prints nothing, exits 2)", async () => {
    const { set, lines, status } = await print("[g]\na=1\n[broken\nb=2\n");
    expect(lines).toEqual([]);
    expect(status).toBe(2);
    expect(set.fatal?.code).toBe("unterminated-group");
    expect(set.fatal?.line).toBe(3);
    expect(set.entries.map((e) => e.argument)).toEqual(["--a=1"]);
  });

  it("an option before any group aborts the file", async () => {
    const { set, status } = await print("=foo\n[g]\nx\n");
    expect(status).toBe(2);
    expect(kinds(set.errors)).toContain("syntax/option-outside-group@1");
  });
});

describe("options and values", () => {
  it("passes '--name' for a line without '=' and '--name=' for an empty value", async () => {
    const { set, lines } = await print("[g]\nskip-name-resolve\nk=\nl= # c\nm =   \n");
    expect(lines).toEqual(["--skip-name-resolve", "--k=", "--l=", "--m="]);
    const [a, b] = set.entries;
    expect(a!.value).toBeNull();
    expect(a!.valueRange).toBeNull();
    expect(b!.value).toBe("");
    expect(b!.valueRange).toEqual({ start: { line: 3, column: 3 }, end: { line: 3, column: 3 } });
  });

  it("strips one pair of equal outer quotes only", async () => {
    const { lines } = await print('[g]\nv="a b" c"\nw=\'abc"\nx="\ny=""\nz= "  "  \nq=\'\'x\'\n');
    expect(lines).toEqual(['--v=a b" c', "--w='abc\"", '--x="', "--y=", "--z=  ", "--q='x"]);
  });

  it("expands \\n \\t \\r \\b \\s \\\" \\' \\\\ and keeps other backslashes", async () => {
    const { dir, set } = await print("[g]\nv=a\\n\\t\\r\\b\\s\\\"\\'\\\\\\q\\\n");
    expect(set.entries[0]!.value).toBe("a\n\t\r\b \"'\\\\q\\");
    // puts() prints the value's newline as is, so the output has one more line.
    expect(printDefaults(set, ["g"])).toEqual(["--v=a", "\t\r\b \"'\\\\q\\"]);
    expect(dir).toBeTruthy();
  });

  it("splits at the first '=' even inside quotes, and keeps the quote state for the comment", async () => {
    const { lines } = await print('[g]\n"a=b"=c\nx"y=z#q"#r\nna\'me#x=1\'\n');
    expect(lines).toEqual(['--"a=b"=c', '--x"y=z#q"', "--na'me#x=1'"]);
  });

  it("reproduces the reader's '   = value' quirk (the rest of the line becomes the name)", async () => {
    const { set, lines } = await print("[g]\n=a\n  =foo\n  =bar # c\n");
    expect(lines).toEqual(["--=a", "--=foo", "=foo", "--=bar =bar"]);
    expect(kinds(set.errors)).toEqual(["syntax/empty-option-name@2", "syntax/empty-option-name@3", "syntax/empty-option-name@4"]);
  });

  it("cuts a trailing 0xA0 byte like latin1 my_isspace() does", async () => {
    const { set } = await print("[g]\nv=voilà\nw=a\u00a0\n");
    expect(set.entries.map((e) => e.value)).toEqual(["voil\uFFFD", "a\uFFFD"]);
  });

  it("splits the name into loose / prefix / variable", () => {
    expect(splitOptionName("loose-innodb-buffer-pool-size")).toEqual({ name: "innodb_buffer_pool_size", loose: true, prefix: null });
    expect(splitOptionName("loose_skip-name_resolve")).toEqual({ name: "name_resolve", loose: true, prefix: "skip" });
    expect(splitOptionName("enable-foo")).toEqual({ name: "foo", loose: false, prefix: "enable" });
    expect(splitOptionName("disable_foo")).toEqual({ name: "foo", loose: false, prefix: "disable" });
    expect(splitOptionName("maximum-foo-bar")).toEqual({ name: "foo_bar", loose: false, prefix: "maximum" });
    expect(splitOptionName("skip-loose-x")).toEqual({ name: "x", loose: true, prefix: "skip" });
    expect(splitOptionName("skip-skip-x")).toEqual({ name: "skip_x", loose: false, prefix: "skip" });
    expect(splitOptionName("Skip-x")).toEqual({ name: "Skip_x", loose: false, prefix: null });
    expect(splitOptionName("skipper")).toEqual({ name: "skipper", loose: false, prefix: null });
  });

  it("gives entries their ranges in 1-based lines and UTF-16 columns", async () => {
    const { set } = await print('[g]\n  é😀 = "ü" # c\n');
    const e = set.entries[0]!;
    expect(e.rawName).toBe("é😀");
    expect(e.value).toBe("ü");
    expect(e.rawValue).toBe('"ü"');
    expect(e.nameRange).toEqual({ start: { line: 2, column: 3 }, end: { line: 2, column: 6 } });
    expect(e.valueRange).toEqual({ start: { line: 2, column: 9 }, end: { line: 2, column: 12 } });
    expect(e.lineRange).toEqual({ start: { line: 2, column: 1 }, end: { line: 2, column: 16 } });
    expect(e.line).toBe(2);
    expect(e.file).toBe(set.files[0]!.path);
  });

  it("masks passwords like MySQL's my_print_defaults when asked", async () => {
    const { set } = await print("[g]\npassword=secret\npassword-history=3\nuser=x\n");
    expect(printDefaults(set, ["g"])).toEqual(["--password=secret", "--password-history=3", "--user=x"]);
    expect(printDefaults(set, ["g"], { maskPasswords: true })).toEqual(["--password=*****", "--password=*****", "--user=x"]);
  });

  it("reads a UTF-8 byte order mark as part of the first line, as the server does", async () => {
    const { set, status } = await print("\uFEFF[g]\nx=1\n");
    expect(status).toBe(2);
    expect(set.fatal?.message).toMatch(/byte order mark/);
  });
});

describe("directives", () => {
  it("resolves !include against the working directory, not the including file", async () => {
    const dir = scratch({ "sub/t.cnf": "[g]\n!include inc.cnf\n!include sub/inc.cnf\n", "inc.cnf": "[g]\ntop=1\n", "sub/inc.cnf": "[g]\nsub=1\n" });
    const set = await readOptionFiles(join(dir, "sub/t.cnf"), { cwd: dir });
    expect(printDefaults(set, ["g"])).toEqual(["--top=1", "--sub=1"]);
    expect(set.files[0]!.includes.map((i) => [i.kind, i.path, i.resolved])).toEqual([
      ["include", "inc.cnf", join(dir, "inc.cnf")],
      ["include", "sub/inc.cnf", join(dir, "sub/inc.cnf")],
    ]);
  });

  it("accepts blanks after '!', takes the rest of the line as the path, ignores other '!' lines", async () => {
    const { set, lines } = await print("[g]\n!include sub.cnf\n! include sub.cnf\n!\tinclude\tsub.cnf  \n!includex sub.cnf\n!foo\n!\nz=1\n", ["g"], {
      "sub.cnf": "[g]\ninc=1\n",
    });
    expect(lines).toEqual(["--inc=1", "--inc=1", "--inc=1", "--z=1"]);
    expect(kinds(set.errors)).toEqual(["syntax/unknown-directive@5", "syntax/unknown-directive@6", "syntax/unknown-directive@7"]);
  });

  it("does not strip comments from the path", async () => {
    const { set } = await print("[g]\n!include sub.cnf # c\n", ["g"], { "sub.cnf": "[g]\ninc=1\n" });
    expect(set.files[0]!.includes[0]!.path).toBe("sub.cnf # c");
    expect(kinds(set.errors)).toEqual(["missing-include@2"]);
  });

  it("an !include without a path aborts the file", async () => {
    for (const text of ["[g]\na=1\n!include\n", "[g]\na=1\n!include   \nz=1\n", "[g]\n!include  "]) {
      const { set, status } = await print(text);
      expect(status).toBe(2);
      expect(set.fatal?.code).toBe("empty-include");
    }
  });

  it("reproduces get_argument() on a last line without a newline", async () => {
    const extra = { x: "[g]\ninc=x\n", xy: "[g]\ninc=xy\n", xyz: "[g]\ninc=xyz\n" };
    expect((await print("[g]\n!include x", ["g"], extra)).status).toBe(2);
    expect((await print("[g]\n!include xy", ["g"], extra)).lines).toEqual(["--inc=x"]);
    const r = await print("[g]\n!include xyz", ["g"], extra);
    expect(r.lines).toEqual(["--inc=xy"]);
    expect(kinds(r.set.errors)).toEqual(["syntax/include-without-newline@2"]);
    const bare = await print("[g]\na=1\n!include", ["g"], extra);
    expect([bare.status, bare.lines]).toEqual([0, ["--a=1"]]);
  });

  it("an !includedir path ending in '/' on a last line without a newline loses only the slash: the same directory, no warning", async () => {
    const r = await print("[g]\na=1\n!includedir d/", ["g"], { "d/x.cnf": "[g]\nb=1\n" });
    expect(r.lines).toEqual(["--a=1", "--b=1"]);
    expect(kinds(r.set.errors)).toEqual([]);
    const mpd = spawnSync("my_print_defaults", [`--defaults-file=${join(r.dir, "t.cnf")}`, "g"], { cwd: r.dir, encoding: "utf8" });
    requireOracle("my_print_defaults", mpd.error && String(mpd.error));
    if (!mpd.error) expect([mpd.status, mpd.stdout.trim().split("\n")]).toEqual([0, r.lines]);
    // Another last character is lost from the name: still a warning.
    const cut = await print("[g]\n!includedir dd", ["g"], { "d/x.cnf": "[g]\nb=1\n", "dd/y.cnf": "[g]\nc=1\n" });
    expect(cut.lines).toEqual(["--b=1"]);
    expect(kinds(cut.set.errors)).toEqual(["syntax/include-without-newline@2"]);
  });

  it("!includedir reads *.cnf (last extension, case-sensitive, hidden files too) in byte order", async () => {
    const dir = scratch({
      "t.cnf": "[g]\n!includedir d\nafter=1\n",
      "d/b.cnf": "[g]\nb=1\n",
      "d/a.cnf": "[g]\na=1\n",
      "d/B.cnf": "[g]\nB=1\n",
      "d/x.b.cnf": "[g]\nx=1\n",
      "d/.cnf": "[g]\nhidden=1\n",
      "d/i.ini": "[g]\nini=1\n",
      "d/u.CNF": "[g]\nupper=1\n",
      "d/dir.cnf/": "",
    });
    const set = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir });
    expect(printDefaults(set, ["g"])).toEqual(["--hidden=1", "--B=1", "--a=1", "--b=1", "--x=1", "--after=1"]);
    expect(kinds(set.errors)).toEqual(["is-directory@2"]);
    const win = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir, platform: "win32" });
    expect(printDefaults(win, ["g"])).toEqual(["--hidden=1", "--B=1", "--a=1", "--b=1", "--ini=1", "--x=1", "--after=1"]);
  });

  it("a missing !includedir aborts the file that names it", async () => {
    const top = await print("[g]\nz=1\n!includedir nonexist\ny=1\n");
    expect(top.status).toBe(2);
    expect(top.set.fatal?.kind).toBe("missing-include");
    const nested = await print("[g]\na=1\n!include bad.cnf\nb=1\n", ["g"], { "bad.cnf": "[g]\nz=1\n!includedir nonexist\ny=1\n" });
    expect(nested.lines).toEqual(["--a=1", "--z=1", "--b=1"]);
    expect(nested.status).toBe(0);
  });

  it("each included file starts without a group, and its fatal errors abort only that file", async () => {
    const { set, lines, status } = await print("[g]\na=1\n!include noGroup.cnf\nb=1\n!include badInc.cnf\nc=1\n!include badGrp.cnf\nd=1\n", ["g"], {
      "noGroup.cnf": "orphan=1\n[g]\nin1=1\n",
      "badInc.cnf": "[g]\nbad1=1\n!include\nbad2=2\n",
      "badGrp.cnf": "[g]\nq=1\n[broken\nr=1\n",
    });
    expect(lines).toEqual(["--a=1", "--b=1", "--bad1=1", "--c=1", "--q=1", "--d=1"]);
    expect(status).toBe(0);
    expect(set.fatal).toBeUndefined();
    expect(kinds(set.errors)).toEqual(["syntax/option-outside-group@1", "syntax/empty-include@3", "syntax/unterminated-group@3"]);
    expect(set.errors.map((e) => e.file.split("/").pop())).toEqual(["noGroup.cnf", "badInc.cnf", "badGrp.cnf"]);
  });

  it("follows a self-include to depth 10 like the server, and reports the cycle", async () => {
    const { set, lines } = await print("!include self.cnf\n", ["g"], { "self.cnf": "[g]\nself=1\n!include self.cnf\n" });
    expect(lines).toEqual(Array(10).fill("--self=1"));
    expect(set.entries.map((e) => e.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(kinds(set.errors)).toEqual(["include-cycle@3", "include-cycle/depth-limit@3"]);
  });

  it("expands ~/ in !include paths", async () => {
    const home = scratch({ "h.cnf": "[g]\nhome=1\n" });
    const saved = process.env.HOME;
    process.env.HOME = home;
    try {
      const { lines } = await print("[g]\n!include ~/h.cnf\n");
      expect(lines).toEqual(["--home=1"]);
    } finally {
      process.env.HOME = saved;
    }
  });
});

describe("long lines", () => {
  it("reads a line over 4094 bytes as several lines, like fgets() into the 4096-byte buffer", async () => {
    const { set, lines } = await print(`[g]\na=${"x".repeat(4998)}\nb=1\n# ${"y".repeat(5000)}\nc=2\n`);
    expect(lines.map((l) => [l.length, l.slice(0, 4)])).toEqual([
      [4096, "--a="],
      [908, "--xx"],
      [5, "--b="],
      [910, "--yy"],
      [5, "--c="],
    ]);
    expect(kinds(set.errors)).toEqual(["line-too-long@2", "line-too-long@4"]);
    const tail = set.entries[1]!;
    expect(tail.line).toBe(2);
    expect(tail.nameRange.start).toEqual({ line: 2, column: 4095 });
  });

  it("survives a 1 MB line", async () => {
    const { set, lines } = await print(`[g]\nv=${"z".repeat(1 << 20)}\nw=1\n`);
    expect(lines.at(-1)).toBe("--w=1");
    expect(kinds(set.errors)).toEqual(["line-too-long@2"]);
  });
});

describe("bad input never throws", () => {
  it("missing-include names the including file and line", async () => {
    const { set, lines } = await print("[g]\na=1\n!include nope.cnf\nb=2\n");
    expect(lines).toEqual(["--a=1", "--b=2"]);
    expect(set.errors).toMatchObject([{ kind: "missing-include", line: 3, severity: "warning" }]);
    expect(set.errors[0]!.file).toBe(set.files[0]!.path);
  });

  it("a missing top file is fatal, as for --defaults-file", async () => {
    const dir = scratch({});
    const set = await readOptionFiles(join(dir, "none.cnf"));
    expect(set.fatal).toMatchObject({ kind: "unreadable", code: "not-found" });
    expect(printDefaultsStatus(set)).toBe(2);
  });

  it("include-cycle through two files", async () => {
    const { set } = await print("[g]\n!include a.cnf\n", ["g"], { "a.cnf": "[g]\n!include b.cnf\n", "b.cnf": "[g]\nb=1\n!include a.cnf\n" });
    expect(set.errors.filter((e) => e.kind === "include-cycle" && !e.code)).toHaveLength(1);
    expect(set.errors.find((e) => e.kind === "include-cycle" && !e.code)).toMatchObject({ line: 3 });
  });

  it("unreadable (errors from the reader) and is-directory", async () => {
    const dir = scratch({ "t.cnf": "[g]\n!include locked.cnf\n!include sub\nx=1\n", "locked.cnf": "[g]\ny=1\n", "sub/": "" });
    const readFile = (p: string) => {
      if (p.endsWith("locked.cnf")) throw Object.assign(new Error("denied"), { code: "EACCES" });
      return undefined;
    };
    const set = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir, readFile });
    expect(printDefaults(set, ["g"])).toEqual(["--x=1"]);
    expect(kinds(set.errors)).toEqual(["unreadable/EACCES@2", "is-directory@3"]);
    const top = await readOptionFiles(dir);
    expect(kinds(top.errors)).toEqual(["is-directory@-"]);
    expect(printDefaultsStatus(top)).toBe(0);
  });

  it("binary files are refused, naming the line of the first NUL", async () => {
    const { set, lines } = await print("[g]\na=1\n!include bin.cnf\nb=1\n", ["g"], { "bin.cnf": Buffer.from("[g]\nx=1\n\0\0\0\n") });
    expect(lines).toEqual(["--a=1", "--b=1"]);
    expect(set.errors).toMatchObject([{ kind: "binary", line: 3 }]);
  });

  it("invalid UTF-8 is reported but the file still loads", async () => {
    const { set, lines } = await print(Buffer.from("[g]\n# caf\xe9\nx=1\n", "latin1"));
    expect(lines).toEqual(["--x=1"]);
    expect(set.errors).toMatchObject([{ kind: "invalid-utf8", line: 2 }]);
  });

  it("too-large: over maxBytes, and a 100 MB file is refused without reading it", async () => {
    const small = await print("[g]\nx=1\n", ["g"], {}, { maxBytes: 5 });
    expect(small.set.errors).toMatchObject([{ kind: "too-large" }]);
    const dir = scratch({ "t.cnf": "[g]\n!include big.cnf\ny=1\n", "big.cnf": "" });
    truncateSync(join(dir, "big.cnf"), 100 * 1024 * 1024);
    const started = Date.now();
    const set = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(printDefaults(set, ["g"])).toEqual(["--y=1"]);
    expect(kinds(set.errors)).toEqual(["too-large@-"]);
  });

  it("world-writable files are ignored like the server does", async () => {
    const dir = scratch({ "t.cnf": "[g]\n!include ww.cnf\nafter=1\n", "ww.cnf": "[g]\nww=1\n" });
    chmodSync(join(dir, "ww.cnf"), 0o666);
    const set = await readOptionFiles(join(dir, "t.cnf"), { cwd: dir });
    expect(printDefaults(set, ["g"])).toEqual(["--after=1"]);
    expect(kinds(set.errors)).toEqual(["unreadable/world-writable@-"]);
  });

  it("feeds unsaved text through readFile", async () => {
    const dir = scratch({ "t.cnf": "[g]\nold=1\n!include inc.cnf\n", "inc.cnf": "[g]\ninc=1\n" });
    const file = join(dir, "t.cnf");
    const set = await readOptionFiles(file, { cwd: dir, readFile: (p) => (p === file ? Buffer.from("[g]\nnew=1\n!include inc.cnf\n") : undefined) });
    expect(printDefaults(set, ["g"])).toEqual(["--new=1", "--inc=1"]);
  });

  it("exposes the exact stdout", async () => {
    const { set } = await print("[g]\na=1\nb\n");
    expect(printDefaultsOutput(set, ["g"])).toBe("--a=1\n--b\n");
  });
});

describe("parseOptionText", () => {
  it("models one file without following includes", async () => {
    const file = await parseOptionText("/etc/mysql/my.cnf", "[mysqld]\n!includedir /etc/mysql/conf.d/\nloose-innodb-buffer-pool-size = 1G\n");
    expect(file.path).toBe("/etc/mysql/my.cnf");
    expect(file.includes).toMatchObject([{ kind: "includedir", path: "/etc/mysql/conf.d/", resolved: "/etc/mysql/conf.d" }]);
    expect(file.entries).toMatchObject([
      {
        group: "mysqld",
        rawName: "loose-innodb-buffer-pool-size",
        name: "innodb_buffer_pool_size",
        loose: true,
        prefix: null,
        value: "1G",
        argument: "--loose-innodb-buffer-pool-size=1G",
        depth: 0,
      },
    ]);
    expect(file.groups).toMatchObject([{ name: "mysqld", range: { start: { line: 1, column: 1 }, end: { line: 1, column: 9 } } }]);
  });
});
