#!/usr/bin/env python3
"""Extract "Added / Deprecated / Removed in MySQL x.y.z" per option or variable from the
"Server and Status Variables and Options Added, Deprecated, or Removed" chapters (5.7 and 8.0)
of a markdown copy of the MySQL Reference Manual (github.com/tavaresgerson/mysql-docs).

Usage: extract_mysql_docs_changes.py GIT_DIR COMMIT OUT.json
Only names, the change kind and the version are kept (no manual text).
"""
import re
import sys

from docs_repo import chapters, source, write_json

CHAPTERS = {
    "5.7": "v5/en/02_General_Information/04_Server_and_Status_Variables_and_Options.md",
    "8.0": "v8/en/02_General_Information/04_Server_and_Status_Variables_and_Options.md",
}
URLS = {
    "5.7": "https://dev.mysql.com/doc/refman/5.7/en/added-deprecated-removed.html",
    "8.0": "https://dev.mysql.com/doc/refman/8.0/en/added-deprecated-removed.html",
}


def main():
    gitdir, commit, out = sys.argv[1:4]
    result = {"source": source(commit, CHAPTERS, URLS), "changes": {}}
    for _series, text in chapters(gitdir, commit, CHAPTERS):
        for m in re.finditer(r"^\* `([^`]+)`:.*?\b(Added|Deprecated|Removed) in MySQL (\d+\.\d+\.\d+)\.\s*$", text, re.M):
            name, kind, version = m.group(1), m.group(2).lower(), m.group(3)
            if name[:1].isupper():
                continue  # status variables start with a capital letter
            key = name.replace("-", "_").lower()
            entry = result["changes"].setdefault(key, {})
            field = {"added": "introduced", "deprecated": "deprecated", "removed": "removed"}[kind]
            prev = entry.get(field)
            if prev is None or [int(x) for x in version.split(".")] < [int(x) for x in prev.split(".")]:
                entry[field] = version
            if name != key:
                entry["spelledAs"] = name
    write_json(out, result)
    print(len(result["changes"]), "names")


if __name__ == "__main__":
    main()

