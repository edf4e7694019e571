#!/usr/bin/env python3
"""Snapshot a real MariaDB server's variables into scripts/catalogue/snapshots/.

Usage: extract_mariadb_live.py SOCKET OUT.json
  Reads information_schema.SYSTEM_VARIABLES through the `mariadb` client on SOCKET and
  `mariadbd --no-defaults --verbose --help`, and writes one snapshot (facts only, no
  server comment text). Start a scratch server with /work/shared/tools/mariadb-scratch.sh.
"""
import json
import re
import subprocess
import sys
import os
import tempfile

sys.dont_write_bytecode = True  # keep the tree free of __pycache__
sys.path.insert(0, os.path.dirname(__file__))
from help_parse import option_syntax, parse_descriptions, parse_help, help_value  # noqa: E402

TYPE_MAP = {
    "BIGINT UNSIGNED": "unsigned", "INT UNSIGNED": "unsigned", "BIGINT": "integer", "INT": "integer",
    "DOUBLE": "double", "BOOLEAN": "boolean", "ENUM": "enum", "SET": "set", "FLAGSET": "flagset",
    "VARCHAR": "string",
}


def query(sock, sql):
    out = subprocess.run(["mariadb", "-uroot", "-S", sock, "-N", "-B", "--raw", "-e", sql],
                         check=True, capture_output=True, text=True).stdout
    return [line.split("\t") for line in out.splitlines()]


def num(v):
    if v in (None, "NULL", ""):
        return None
    f = float(v)
    return int(v) if f.is_integer() and "." not in v and "e" not in v.lower() else f


def bare_refused(name):
    """Whether mariadbd refuses the option given without a value in an option file. --help cannot
    show it for booleans: a plugin boolean declared without PLUGIN_VAR_OPCMDARG requires ON or OFF."""
    with tempfile.NamedTemporaryFile("w", suffix=".cnf") as f:
        f.write(f"[mysqld]\n{name}\n")
        f.flush()
        err = subprocess.run(["mariadbd", f"--defaults-file={f.name}", "--verbose", "--help"],
                             capture_output=True, text=True).stderr
    return "requires an argument" in err


def main():
    sock, out = sys.argv[1], sys.argv[2]
    version = query(sock, "select version()")[0][0]
    rows = query(sock, "select VARIABLE_NAME, DEFAULT_VALUE, VARIABLE_SCOPE, VARIABLE_TYPE, "
                       "NUMERIC_MIN_VALUE, NUMERIC_MAX_VALUE, NUMERIC_BLOCK_SIZE, ENUM_VALUE_LIST, "
                       "READ_ONLY, COMMAND_LINE_ARGUMENT from information_schema.SYSTEM_VARIABLES")
    help_text = subprocess.run(["mariadbd", "--no-defaults", "--verbose", "--help"],
                               capture_output=True, text=True).stdout
    options, help_vars, groups = parse_help(help_text)
    descriptions = parse_descriptions(help_text)
    plugins = [r[0].lower() for r in query(sock, "select PLUGIN_NAME from information_schema.PLUGINS")]
    variables = {}
    for name, dflt, scope, vtype, vmin, vmax, blk, enum, ro, cmd in rows:
        name = name.lower()
        t = TYPE_MAP[vtype]
        if dflt == "NULL":
            dflt = None
        if t == "boolean" and dflt is not None:
            dflt = dflt.upper() in ("ON", "1", "TRUE", "YES")
        elif t in ("unsigned", "integer", "double") and dflt is not None:
            dflt = num(dflt)
        v = {
            "type": t,
            "scope": ["global"] if scope == "GLOBAL" else (["session"] if scope == "SESSION ONLY" else ["global", "session"]),
            "dynamic": ro != "YES",
            "option": name in options or name in help_vars,
            "default": dflt,
        }
        if t in ("unsigned", "integer", "double"):
            v["min"], v["max"] = num(vmin), num(vmax)
            b = num(blk)
            if b and b > 1:
                v["blockSize"] = b
        if t in ("enum", "set", "flagset") and enum not in (None, "NULL"):
            v["values"] = enum.split(",")
        if t == "boolean":
            v["values"] = ["OFF", "ON"]
        if name in help_vars:
            v["helpDefault"] = help_value(help_vars[name])
        v.update(option_syntax(options.get(name), t))
        if t == "boolean" and name in options and bare_refused(name):
            v["optionArg"] = "required"
        variables[name] = v
    # Startup options that are not system variables.
    for name in sorted(set(options) | set(help_vars)):
        if name in variables:
            continue
        raw = help_vars.get(name)
        val = help_value(raw)
        variables[name] = {
            "type": "boolean" if isinstance(val, bool) or options.get(name, {}).get("arg") == "none" else
                    ("integer" if isinstance(val, int) else "string"),
            "scope": ["global"], "dynamic": False, "option": True, "optionOnly": True,
            "default": val,
        }
        if name in help_vars:
            variables[name]["helpDefault"] = val
        variables[name].update(option_syntax(options.get(name), variables[name]["type"]))
    # What --help says about deprecation and successors (the only machine-readable hint the server gives).
    for name, v in variables.items():
        text = descriptions.get(name, "")
        if re.search(r"\bdeprecated\b", text, re.I):
            v["deprecatedInHelp"] = True
            if re.search(r"no effect", text, re.I):
                v["noEffect"] = True
            m = re.search(r"[Uu]se --?([a-z0-9_-]+) instead", text)
            if m:
                v["replacedBy"] = m.group(1).replace("-", "_")
        m = re.match(r"Alias for ([a-z0-9_]+)", text)
        if m:
            v["aliasOf"] = m.group(1)
        owner = max((p for p in plugins if name.startswith(p + "_") or name == p), key=len, default=None)
        if owner and owner not in ("sql_sequence", "binlog"):
            v["plugin"] = owner
    snap = {
        "product": "mariadb", "version": version.split("-")[0], "versionString": version,
        "source": {"kind": "live-server", "how": "information_schema.SYSTEM_VARIABLES + mariadbd --no-defaults --verbose --help"},
        "optionGroups": groups,
        "variables": dict(sorted(variables.items())),
    }
    with open(out, "w") as f:
        json.dump(snap, f, indent=1, sort_keys=False)
        f.write("\n")
    print(f"{version}: {len(variables)} names ({sum(1 for v in variables.values() if v.get('optionOnly'))} option-only)")


if __name__ == "__main__":
    main()
