#!/usr/bin/env python3
"""Extract the SQL node's options and system variables of MySQL NDB Cluster (the ndbcluster plugin
of mysqld) from the property tables of "MySQL Server Options and Variables for NDB Cluster"
(sections 25.4.3.9.1 and .2) of a markdown copy of the NDB Cluster manuals
(github.com/tavaresgerson/mysql-docs): NDB Cluster 8.0 and 9.5.

Usage: extract_ndb_docs.py GIT_DIR COMMIT OUT.json
Only names and the tables' facts are kept (no manual text).
"""
import html
import re
import sys

from docs_repo import chapters, source, write_json

CHAPTERS = {
    "8.0": "v8/en/26_MySQL_NDB_Cluster_8.0/04_Configuration_of_NDB_Cluster.md",
    "9.5": "v9/en/26_MySQL_NDB_Cluster_9.5/04_Configuration_of_NDB_Cluster.md",
}
URLS = {
    "8.0": "https://dev.mysql.com/doc/refman/8.0/en/mysql-cluster-options-variables.html",
    "9.5": "https://dev.mysql.com/doc/refman/9.5/en/mysql-cluster-options-variables.html",
}
TYPES = {"Boolean": "boolean", "Integer": "integer", "Enumeration": "enum", "Set": "set", "String": "string",
         "File name": "string", "Directory name": "string", "Numeric": "double"}


def cell(text):
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def release(text):
    """'8.0.28-ndb-8.0.28' -> '8.0.28'."""
    m = re.match(r"(\d+\.\d+\.\d+)", text)
    return m.group(1) if m else None


def number(text):
    return int(text) if re.fullmatch(r"-?\d+", text) else None


def parse(text):
    start = text.index("##### 25.4.3.9.1")
    end = text.index("##### 25.4.3.9.3")
    out = {}
    section = text[start:end]
    bullets = list(re.finditer(r"^\* `([^`]+)`\s*$", section, re.M))
    for i, b in enumerate(bullets):
        body = section[b.end():bullets[i + 1].start() if i + 1 < len(bullets) else len(section)]
        spelled = re.sub(r"[=\[].*$", "", b.group(1).lstrip("-"))
        t = re.search(r'<table[^>]*summary="Properties for ([^"]+)"[^>]*>(.*?)</table>', body, re.S)
        # The markdown copy repeats one table under many variables: a table not named for its entry is not its own.
        own = t and t.group(1).replace("-", "_") == spelled.replace("-", "_")
        rows = {}
        for th, td in re.findall(r"<th>(.*?)</th>\s*<td>(.*?)</td>", t.group(2) if own else "", re.S):
            key = cell(th)
            if key in rows:  # a repeated row (versioned maxima): the unconditioned first one is kept
                continue
            rows[key] = (cell(td), td)
        cmd = rows.get("Command-Line Format", ("", ""))[0]
        sysvar = rows.get("System Variable", ("", ""))[0]
        name = sysvar or spelled
        name = re.sub(r"[=\[].*$", "", name).replace("-", "_").lower()
        if not re.fullmatch(r"[a-z0-9_]+", name):
            continue
        if spelled.startswith("skip_") or spelled.startswith("skip-"):
            continue  # the negation of an option listed on its own
        rec = {"systemVariable": bool(sysvar)} if own else {"tableMissing": True}
        if cmd:
            rec["commandLine"] = cmd
        t = rows.get("Type", ("", ""))[0]
        if t:
            rec["type"] = TYPES.get(t, "string")
        if "Scope" in rows:
            rec["scope"] = [s.strip().lower() for s in rows["Scope"][0].split(",")]
        if "Dynamic" in rows:
            rec["dynamic"] = rows["Dynamic"][0] == "Yes"
        if "Default Value" in rows:
            rec["default"] = rows["Default Value"][0]
        for k, f in (("Minimum Value", "min"), ("Maximum Value", "max")):
            if k in rows and number(rows[k][0]) is not None:
                rec[f] = number(rows[k][0])
        if "Valid Values" in rows:
            rec["values"] = [cell(v) for v in re.findall(r"<code>(.*?)</code>", rows["Valid Values"][1])]
        if "Unit" in rows:
            rec["unit"] = rows["Unit"][0]
        for k, f in (("Introduced", "introduced"), ("Deprecated", "deprecated"), ("Removed", "removed")):
            if k in rows and release(rows[k][0]):
                rec[f] = release(rows[k][0])
        out.setdefault(name, rec)
    return out


def main():
    gitdir, commit, out = sys.argv[1:4]
    result = {"source": source(commit, CHAPTERS, URLS), "series": {}}
    for series, text in chapters(gitdir, commit, CHAPTERS):
        result["series"][series] = parse(text)
    write_json(out, result)
    print({s: len(v) for s, v in result["series"].items()}, "names")


if __name__ == "__main__":
    main()
