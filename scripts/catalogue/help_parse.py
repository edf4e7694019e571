"""Parse `mysqld/mariadbd --no-defaults --verbose --help` output.

Shared by the MariaDB live extractor and the MySQL source extractor (whose
mysql-test/r/mysqld--help-notwin.result file is a filtered copy of the same output).
"""
import re


def parse_descriptions(text):
    """{option name: its description text} from the option list (before the variables table)."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith("Variables (--variable-name=value)"):
            break
        m = re.match(r"^\s+(?:-\w, )?--([A-Za-z0-9_.-]+)(\[?=\S*)?\s*(.*)$", line)
        if m and not line.startswith("                      "):
            name = m.group(1).replace("-", "_").lower()
            if name in out:  # wrapped description text that starts with "--name"
                if cur:
                    out[cur] += " " + line.strip()
                continue
            cur = name
            out[cur] = m.group(3).strip()
        elif cur and line.startswith(" "):
            out[cur] += " " + line.strip()
        else:
            cur = None
    return out


def parse_help(text):
    """Return (options, variables, groups).

    options:   {name: {"arg": "none"|"optional"|"required", "kind": "name"|"#"|None}} from the option list
               ("name": a string, enum or set argument; "#": a number; None: a boolean or no argument)
    variables: {name: raw default string or None} from the "Variables (--variable-name=value)" table
    groups:    list of option-file groups the program reads (if printed)
    Names are normalised to lower case with '_' instead of '-'.
    """
    options, variables, groups = {}, {}, []
    m = re.search(r"^The following groups are read: (.*)$", text, re.M)
    if m:
        groups = m.group(1).split()
    lines = text.splitlines()
    in_vars = False
    header_seen = 0
    for line in lines:
        if line.startswith("Variables (--variable-name=value)"):
            in_vars = True
            header_seen = 0
            continue
        if not in_vars:
            # An option line is indented by one or two spaces (wrapped descriptions by more in
            # mariadbd's output) and its argument, if any, is exactly [=name], =name, [=#] or =#:
            # "--upgrade=NONE instead." or "--relay-log-index," in a description is not one.
            om = re.match(r"^ {1,2}(?:-\S, )?--([A-Za-z0-9_.-]+)(?:(\[?=)(name|#)\]?)?(?=\s|$)", line)
            if om:
                name = om.group(1).replace("-", "_").lower()
                if name.endswith(".") or name.endswith("_"):
                    continue
                arg = "none"
                if om.group(2) == "[=":
                    arg = "optional"
                elif om.group(2) == "=":
                    arg = "required"
                kind = om.group(3) if om.group(2) else None
                options.setdefault(name, {"arg": arg, "kind": kind})  # later hits are wrapped description text
            continue
        if line.startswith("and boolean options") or re.match(r"^-+ -+", line):
            continue
        if not line.strip():
            if variables:
                break
            continue
        if line.startswith("To see what"):
            break
        parts = line.split(None, 1)
        name = parts[0].replace("-", "_").lower()
        value = parts[1].strip() if len(parts) > 1 else ""
        if value == "(No default value)":
            value = None
        variables[name] = value
    return options, variables, groups


def help_value(raw):
    """Convert a printed default into a JSON native value."""
    if raw is None:
        return None
    if raw == "TRUE":
        return True
    if raw == "FALSE":
        return False
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if re.fullmatch(r"-?\d+\.\d+(e[+-]?\d+)?", raw):
        return float(raw)
    return raw


STRING_LIKE = ("string", "enum", "set", "flagset")


def option_syntax(spec, var_type):
    """How the startup option differs from the variable, as catalogue facts (empty when it does not).

    The usual: a boolean takes an optional ON/OFF, anything else requires a value of the variable's
    type. my_print_help prints "[=name]"/"=name" for string-like arguments, "[=#]"/"=#" for numbers,
    and nothing for booleans and options without argument.
    """
    if not spec:
        return {}
    out = {}
    kind, arg = spec.get("kind"), spec["arg"]
    if var_type == "boolean":
        if kind == "name":
            out["optionType"] = "string"  # log-bin: the variable says ON/OFF, the option names the files
        elif kind == "#":
            out["optionType"] = "integer"
    elif kind == "name" and var_type not in STRING_LIKE:
        out["optionType"] = "string"
    elif kind == "#" and var_type in STRING_LIKE:
        out["optionType"] = "integer"
    option_type = out.get("optionType", var_type)
    if option_type != "boolean":
        if arg == "optional":
            out["optionArg"] = "optional"
        elif arg == "none":
            out["optionArg"] = "none"
    return out
