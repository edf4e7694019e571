#!/usr/bin/env python3
"""Extract server variable facts from a MySQL-family source tree (MySQL, Percona Server).

Usage: extract_mysql_source.py GIT_DIR COMMIT PRODUCT VERSION OUT.json [--repo owner/name] [--prefix DIR/]
  --prefix: the source tree sits in DIR/ of the repository rather than at its root.

Reads, at COMMIT of the git directory GIT_DIR (no work tree needed):
  sql/sys_vars.cc (+ other sql/*.cc with Sys_var_* definitions)  server variables
  storage/**, plugin/** MYSQL_SYSVAR_* / MYSQL_THDVAR_* definitions joined with the
      plugin's system-variable array and its mysql_declare_plugin name   engine/plugin variables
  mysql-test/r/mysqld--help-notwin.result   printed defaults and option-only startup options
and writes a snapshot of facts (no comment text) to OUT.json.
"""
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # keep the tree free of __pycache__
sys.path.insert(0, os.path.dirname(__file__))
from help_parse import option_syntax, parse_help, help_value  # noqa: E402

U64 = 2**64 - 1
BASE_CONSTS = {
    "ULONG_MAX": U64, "ULLONG_MAX": U64, "ULONGLONG_MAX": U64, "UINT_MAX": 2**32 - 1, "UINT_MAX32": 2**32 - 1,
    "INT_MAX": 2**31 - 1, "INT_MAX32": 2**31 - 1, "LONG_MAX": 2**63 - 1, "LLONG_MAX": 2**63 - 1,
    "INT_MIN": -(2**31), "LONG_MIN": -(2**63), "UINT_MAX16": 65535, "UINT_MAX8": 255, "INT_MAX16": 32767,
    "ULONG_MAX32": 2**32 - 1, "SIZE_T_MAX": U64, "MAX_ULONG_BIT": U64, "HA_POS_ERROR": U64,
    "true": 1, "false": 0, "TRUE": 1, "FALSE": 0, "nullptr": None, "NULL": None, "IO_SIZE": 4096,
    "ULONG_TIMEOUT": 31536000, "LONG_TIMEOUT": 31536000, "DBL_MAX": 1.7976931348623157e308,
    "UINT32_MAX": 2**32 - 1, "INT32_MAX": 2**31 - 1, "UINT64_MAX": U64, "INT64_MAX": 2**63 - 1,
}

DEBUG_MACROS = ("UNIV_DEBUG", "ENABLED_DEBUG_SYNC", "UNIV_IBUF_DEBUG", "UNIV_PERF_DEBUG", "UNIV_LRU_DEBUG",
                "UNIV_BTR_DEBUG", "UNIV_HASH_DEBUG", "UNIV_SYNC_DEBUG", "UNIV_SEARCH_DEBUG", "WITH_DEBUG",
                "UNIV_LOG_LSN_DEBUG", "UNIV_ENABLE_UNIT_TEST",
                # Sanitizer builds are test builds: 8.0's thread_stack minimum is 1M only under UBSAN.
                "HAVE_UBSAN", "HAVE_ASAN", "HAVE_LSAN", "HAVE_TSAN", "HAVE_VALGRIND", "__SANITIZE_ADDRESS__")


def git(gitdir, *args):
    return subprocess.run(["git", "-C", gitdir, *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


class Tree:
    def __init__(self, gitdir, commit):
        self.gitdir, self.commit = gitdir, commit
        self.files = git(gitdir, "ls-tree", "-r", "--name-only", commit).splitlines()
        self._cache = {}

    def read(self, path):
        if path not in self._cache:
            try:
                self._cache[path] = git(self.gitdir, "show", f"{self.commit}:{path}")
            except subprocess.CalledProcessError:
                self._cache[path] = None
        return self._cache[path]

    def grep_files(self, pattern, pathspecs):
        try:
            out = git(self.gitdir, "grep", "-l", "-E", pattern, self.commit, "--", *pathspecs)
        except subprocess.CalledProcessError:
            return []
        return [line.split(":", 1)[1] for line in out.splitlines()]


# ---------------------------------------------------------------- preprocessor conditions
def condition_map(text):
    """For each character offset range, report whether it sits in debug-only / windows-only code.
    Returns a function pos -> set of tags ('debug', 'windows', 'notlinux')."""
    events = []  # (pos, stack snapshot)
    stack = []
    for m in re.finditer(r"^[ \t]*#[ \t]*(ifdef|ifndef|if|elif|else|endif)\b(.*)$", text, re.M):
        kind, rest = m.group(1), m.group(2).strip()
        rest = re.sub(r"/\*.*?\*/|//.*$", "", rest).strip()
        if kind == "ifdef":
            stack.append([rest, False])
        elif kind == "ifndef":
            stack.append(["!" + rest, False])
        elif kind == "if":
            stack.append([rest, False])
        elif kind == "elif" and stack:
            stack[-1] = [rest, False]
        elif kind == "else" and stack:
            stack[-1][1] = not stack[-1][1]
        elif kind == "endif" and stack:
            stack.pop()
        events.append((m.end(), [tuple(s) for s in stack]))

    def tags_for(stack):
        tags = set()
        for expr, negated in stack:
            e = expr.replace(" ", "")
            pos_debug = any(d in e for d in DEBUG_MACROS) and not e.startswith("!")
            if e in ("!NDEBUG", "!defined(NDEBUG)") or e.startswith("!defined(DBUG_OFF)") or e == "!DBUG_OFF":
                pos_debug = True
            if e in ("NDEBUG", "defined(NDEBUG)", "DBUG_OFF"):
                pos_debug = negated
            elif pos_debug and negated:
                pos_debug = False
            if pos_debug:
                tags.add("debug")
            win = ("_WIN32" in e or "__WIN__" in e) and not e.startswith("!")
            if win and not negated:
                tags.add("windows")
            if ("__APPLE__" in e or "__FreeBSD__" in e or "__sun" in e) and not e.startswith("!") and not negated:
                tags.add("notlinux")
        return tags

    import bisect
    positions = [p for p, _ in events]

    def at(pos):
        i = bisect.bisect_right(positions, pos) - 1
        return tags_for(events[i][1]) if i >= 0 else set()
    return at


# ---------------------------------------------------------------- C expression helpers
def balanced(text, start):
    """text[start] == '('; return index just past the matching ')'."""
    depth, i, n = 0, start, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "'":
            i += 1
            while i < n and text[i] != "'":
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        elif text.startswith("/*", i):
            j = text.find("*/", i)
            i = n if j < 0 else j + 2
            continue
        i += 1
    return n


def split_args(s):
    args, depth, cur, i = [], 0, [], 0
    while i < len(s):
        c = s[i]
        if c == '"':
            j = i + 1
            while j < len(s) and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            cur.append(s[i:j + 1])
            i = j + 1
            continue
        if s.startswith("//", i):
            j = s.find("\n", i)
            i = len(s) if j < 0 else j
            continue
        if s.startswith("/*", i):
            j = s.find("*/", i)
            i = len(s) if j < 0 else j + 2
            continue
        if c in "([{<" and not (c == "<" and not re.match(r"<\s*[A-Za-z_:]", s[i:])):
            depth += 1
        elif c in ")]}>" and depth > 0 and not (c == ">" and s[i - 1] in "-"):
            depth -= 1
        if c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        args.append("".join(cur).strip())
    return args


def c_string(arg):
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', arg or "")
    return "".join(parts) if parts else None


class Evaluator:
    def __init__(self, defines):
        self.defines = defines

    def eval(self, expr, depth=0):
        if expr is None:
            return None
        e = expr.strip()
        e = re.sub(r"/\*.*?\*/", "", e)
        e = re.sub(r"\bstatic_cast<[^>]*>", "", e)
        e = re.sub(r"\b(std::)?numeric_limits<\s*(unsigned\s+long\s+long|ulonglong|uint64_t|ulong|unsigned\s+long)\s*>::max\(\)", "ULONG_MAX", e)
        e = re.sub(r"\b(std::)?numeric_limits<\s*(uint|uint32_t|unsigned\s+int|unsigned)\s*>::max\(\)", "UINT_MAX", e)
        e = re.sub(r"\b(std::)?numeric_limits<\s*(int|int32_t)\s*>::max\(\)", "INT_MAX", e)
        e = re.sub(r"\b(std::)?numeric_limits<\s*(long|longlong|int64_t|long\s+long)\s*>::max\(\)", "LONG_MAX", e)
        e = re.sub(r"\(\s*(unsigned\s+long\s+long|unsigned\s+long|unsigned\s+int|unsigned|long\s+long|longlong|ulonglong|ulong|uint|int|long|double|size_t|uint32_t|uint64_t|ha_rows|my_off_t|float)\s*\)", "", e)
        e = re.sub(r"\b(ulonglong|ulong|uint|longlong|double|size_t|uint32_t|uint64_t|ha_rows|my_off_t)\s*\(", "(", e)
        e = re.sub(r"(?<=\d)(ULL|LL|UL|ul|ull|U|L|u|l|LU|lu)\b", "", e)
        e = e.replace("~0", str(U64)).replace("&&", " and ").replace("||", " or ")
        for _ in range(12):
            changed = False

            def repl(m):
                nonlocal changed
                name = m.group(0)
                if name in ("and", "or", "not", "e"):
                    return name
                if name in BASE_CONSTS:
                    changed = True
                    v = BASE_CONSTS[name]
                    return "None" if v is None else repr(v)
                if name in self.defines and depth < 8:
                    changed = True
                    return "(" + self.defines[name] + ")"
                return name
            e2 = re.sub(r"\b[A-Za-z_]\w*\b", repl, e)
            e2 = re.sub(r"/\*.*?\*/", "", e2)
            e2 = re.sub(r"(?<=\d)(ULL|LL|UL|ul|ull|U|L|u|l)\b", "", e2)
            e = e2
            if not changed:
                break
        if re.search(r"[A-Za-z_]", re.sub(r"\b(and|or|not|None|e)\b|\d+\.?\d*e[+-]?\d+", "", e)):
            return None
        e = e.replace("/", "//") if "." not in e else e
        try:
            v = eval(e, {"__builtins__": {}}, {})
        except Exception:
            return None
        if isinstance(v, bool):
            return int(v)
        if isinstance(v, float) and v.is_integer() and "." not in expr:
            return int(v)
        if isinstance(v, int) and v > U64:
            v &= U64
        return v


def collect_defines(tree):
    defines = {}
    heads = [f for f in tree.files if f.endswith((".h", ".ic", ".cc", ".hpp")) and (
        f.startswith(("sql/", "include/", "storage/innobase/", "plugin/", "storage/perfschema/", "mysys/",
                      "storage/myisam/", "libbinlogevents/include", "components/"))) and "/test" not in f]
    # Reading every file is slow; git grep for #define lines instead.
    out = subprocess.run(["git", "-C", tree.gitdir, "grep", "-h", "-E", r"^\s*#\s*define\s+[A-Z_][A-Za-z0-9_]*\s+\S",
                          tree.commit, "--", "sql", "include", "storage/innobase", "storage/perfschema", "mysys",
                          "storage/myisam", "plugin", "libbinlogevents", "components", "storage/temptable"],
                         capture_output=True, text=True, errors="replace").stdout
    for line in out.splitlines():
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)\s+(.*)$", line)
        if m and "(" not in m.group(1):
            val = re.sub(r"/\*.*?(\*/|$)|//.*$", "", m.group(2)).strip().rstrip("\\").strip()
            if val and m.group(1) not in defines:
                defines[m.group(1)] = val
    # constexpr / const integer declarations, "= value" or brace-initialised "{value}"
    out = subprocess.run(["git", "-C", tree.gitdir, "grep", "-h", "-E",
                          r"^\s*(static\s+)?(inline\s+)?(constexpr|const)\s+[A-Za-z_:<>0-9 ]+\s+[A-Za-z_]\w*\s*(=\s*[^;]+|\{[^}]*\})\s*;",
                          tree.commit, "--", "sql", "include", "storage/innobase", "storage/perfschema", "mysys",
                          "plugin/x", "storage/temptable", "plugin/group_replication", "plugin/clone"],
                         capture_output=True, text=True, errors="replace").stdout
    for line in out.splitlines():
        m = re.match(r"\s*(?:static\s+)?(?:inline\s+)?(?:constexpr|const)\s+[A-Za-z_:<>0-9 ]+?\s+([A-Za-z_]\w*)\s*(?:=\s*([^;]+)|\{([^}]*)\})\s*;", line)
        if m and m.group(1) not in defines:
            val = (m.group(2) if m.group(2) is not None else m.group(3)).strip()
            if val:
                defines[m.group(1)] = val
    return defines


# ---------------------------------------------------------------- sys_vars.cc style
SYSVAR_TYPES = {
    "Sys_var_bool": "boolean", "Sys_var_mybool": "boolean", "Sys_var_have": "boolean", "Sys_var_have_func": "boolean",
    "Sys_var_bit": "boolean", "Sys_var_ulong": "unsigned", "Sys_var_uint": "unsigned", "Sys_var_ulonglong": "unsigned",
    "Sys_var_harows": "unsigned", "Sys_var_int32": "integer", "Sys_var_long": "integer", "Sys_var_int": "integer",
    "Sys_var_double": "double", "Sys_var_enum": "enum", "Sys_var_set": "set", "Sys_var_flagset": "flagset",
    "Sys_var_multi_enum": "enum", "Sys_var_transaction_isolation": "enum", "Sys_var_transaction_read_only": "boolean",
    "Sys_var_keycache": "unsigned", "Sys_var_session_special": "unsigned", "Sys_var_session_special_double": "double",
    "Sys_var_max_user_conn": "unsigned", "Sys_var_dbug": "string", "Sys_var_test_flag": "boolean",
    "Sys_var_enforce_gtid_consistency": "enum", "Sys_var_gtid_mode": "enum", "Sys_var_binlog_encryption": "boolean",
    "Sys_var_tx_isolation": "enum", "Sys_var_tx_read_only": "boolean", "Sys_var_plugin": "string", "Sys_var_tz": "string",
}


def release_view(text, cond_at):
    """text with preprocessor lines and debug or sanitizer branches blanked (offsets kept): a
    definition may give its range once per branch, or close its argument list in each."""
    out, pos = [], 0
    for line in text.splitlines(keepends=True):
        if re.match(r"[ \t]*#", line) or "debug" in cond_at(pos):
            line = re.sub(r"[^\n]", " ", line)
        out.append(line)
        pos += len(line)
    return "".join(out)


def parse_sys_vars(text, path, ev, cond_at, arrays):
    out = {}
    release = release_view(text, cond_at)
    for m in re.finditer(r"\b(?:static\s+)?(Sys_var_\w+(?:\s*<[^;{()]*?>)?)\s+(\w+)\s*\(", text):
        cls = re.sub(r"\s+", "", m.group(1))
        start = m.end() - 1
        if cls.endswith("::") or "(" in cls:
            continue
        tags = cond_at(m.start())
        src = text if "debug" in tags else release
        end = balanced(src, start)
        body = src[start + 1:end - 1]
        args = split_args(body)
        if not args:
            continue
        name = c_string(args[0])
        if not name or not re.fullmatch(r"[a-z_0-9]+(\.[a-z_0-9]+)?", name, re.I):
            continue
        name = name.lower()
        if cls == "Sys_var_deprecated_alias" or cls.startswith("Sys_var_deprecated"):
            target = args[1].strip().lstrip("&") if len(args) > 1 else None
            out[name] = {"aliasOfSym": target, "tags": sorted(tags), "file": path}
            continue
        scope_arg = args[2] if len(args) > 2 else ""
        rest = args[3:]
        v = {"cls": cls, "file": path, "tags": sorted(tags), "sym": m.group(2)}
        base = re.sub(r"<.*", "", cls)
        if base == "Sys_var_struct":
            v["type"] = "string"
        elif base == "Sys_var_charptr" or base == "Sys_var_lexstring" or base == "Sys_var_version" or base == "Sys_var_proxy_user" \
                or base == "Sys_var_external_user" or base == "Sys_var_gtid_set" or base == "Sys_var_gtid_purged" \
                or base == "Sys_var_gtid_next" or base == "Sys_var_gtid_executed" or base == "Sys_var_gtid_owned" \
                or base == "Sys_var_system_time_zone" or base == "Sys_var_dbug" or base == "Sys_var_tz" \
                or base == "Sys_var_plugin" or base == "Sys_var_charptr_func":
            v["type"] = "string"
        else:
            v["type"] = SYSVAR_TYPES.get(base, "string")
        if "SESSION_ONLY" in scope_arg:
            v["scope"] = ["session"]
        elif "SESSION_VAR" in scope_arg:
            v["scope"] = ["global", "session"]
        else:
            v["scope"] = ["global"]
        full = " ".join(args[2:])
        v["readonly"] = bool(re.search(r"\bREAD_ONLY\b|sys_var::READONLY", full))
        cm = re.search(r"\b(NO_CMD_LINE|CMD_LINE\s*\(([^)]*)\))", full)
        v["cmdline"] = bool(cm and cm.group(1) != "NO_CMD_LINE")
        for key, field in (("VALID_RANGE", "range"), ("DEFAULT", "default"), ("BLOCK_SIZE", "block")):
            km = re.search(r"\b" + key + r"\s*\(", full)
            if km:
                e = balanced(full, km.end() - 1)
                inner = full[km.end():e - 1]
                if field == "range":
                    parts = split_args(inner)
                    if len(parts) == 2:
                        v["minExpr"], v["maxExpr"] = parts
                        v["min"], v["max"] = ev.eval(parts[0]), ev.eval(parts[1])
                else:
                    v[field + "Expr"] = inner.strip()
                    v[field] = ev.eval(inner) if not inner.strip().startswith('"') else c_string(inner)
        if v["type"] in ("enum", "set", "flagset"):
            for a in rest:
                a2 = a.strip()
                if re.fullmatch(r"[A-Za-z_]\w*", a2) and a2 in arrays:
                    v["values"] = arrays[a2]
                    break
        if v["type"] == "boolean" and "default" in v and isinstance(v["default"], int):
            v["default"] = bool(v["default"])
        if v["type"] in ("enum",) and isinstance(v.get("default"), int) and v.get("values"):
            if 0 <= v["default"] < len(v["values"]):
                v["default"] = v["values"][v["default"]]
        out[name] = v
    return out


def parse_string_arrays(text):
    arrays = {}
    for m in re.finditer(r"(?:static\s+)?(?:const\s+)?char\s*(?:const\s*)?\*\s*(?:const\s+)?(\w+)\s*\[\s*\w*\s*\]\s*=\s*\{", text):
        end = text.find("};", m.end())
        body = text[m.end():end]
        vals = re.findall(r'"((?:[^"\\]|\\.)*)"', re.sub(r"/\*.*?\*/|//[^\n]*", "", body, flags=re.S))
        if vals:
            arrays[m.group(1)] = vals
    return arrays


# ---------------------------------------------------------------- plugin style
PLUGIN_TYPES = {"BOOL": "boolean", "STR": "string", "ENUM": "enum", "SET": "set", "INT": "integer", "UINT": "unsigned",
                "LONG": "integer", "ULONG": "unsigned", "LONGLONG": "integer", "ULONGLONG": "unsigned", "DOUBLE": "double"}


def parse_plugin_defs(text, path, ev, cond_at, arrays):
    typelibs = {}
    for m in re.finditer(r"TYPELIB\s+(\w+)\s*=\s*\{([^;]*)\};", text):
        am = re.search(r"array_elements\((\w+)\)", m.group(2))
        parts = split_args(m.group(2))
        arr = am.group(1) if am else (parts[2].strip().lstrip("&").strip() if len(parts) >= 3 else None)
        if arr in arrays:
            typelibs[m.group(1)] = arrays[arr]
    defs = {}
    for m in re.finditer(r"\b(MYSQL_SYSVAR|MYSQL_THDVAR)_(BOOL|STR|ENUM|SET|INT|UINT|LONG|ULONG|LONGLONG|ULONGLONG|DOUBLE)\s*\(", text):
        start = m.end() - 1
        end = balanced(text, start)
        args = split_args(text[start + 1:end - 1])
        if not args or not re.fullmatch(r"\w+", args[0]):
            continue
        kind, t = m.group(1), m.group(2)
        short = args[0]
        rest = args[1:] if kind == "MYSQL_THDVAR" else args[2:]
        if len(rest) < 4:
            continue
        flags, comment_arg = rest[0], rest[1]
        tail = rest[4:]  # after check, update
        v = {"type": PLUGIN_TYPES[t], "ctype": t, "file": path, "tags": sorted(cond_at(m.start())),
             "scope": ["global", "session"] if kind == "MYSQL_THDVAR" else ["global"],
             "readonly": "PLUGIN_VAR_READONLY" in flags,
             "cmdline": "PLUGIN_VAR_NOCMDOPT" not in flags,
             "nosysvar": "PLUGIN_VAR_NOSYSVAR" in flags,
             # sql_plugin_var.cc: REQUIRED_ARG unless NOCMDARG or OPCMDARG (--help does not show it for booleans)
             "cmdArg": "none" if "PLUGIN_VAR_NOCMDARG" in flags else "optional" if "PLUGIN_VAR_OPCMDARG" in flags else "required"}
        if t in ("BOOL",):
            if tail:
                d = ev.eval(tail[0])
                v["default"] = bool(d) if d is not None else None
        elif t == "STR":
            if tail:
                v["default"] = c_string(tail[0]) if '"' in tail[0] else None
        elif t in ("ENUM", "SET"):
            if len(tail) >= 2:
                lib = tail[1].strip().lstrip("&").strip()
                vals = typelibs.get(lib)
                if vals:
                    v["values"] = vals
                d = ev.eval(tail[0])
                if t == "ENUM" and vals and isinstance(d, int) and 0 <= d < len(vals):
                    v["default"] = vals[d]
                elif t == "SET" and vals and isinstance(d, int):
                    v["default"] = ",".join(x for i, x in enumerate(vals) if d >> i & 1)
                v["defaultExpr"] = tail[0]
        else:
            if len(tail) >= 4:
                v["defaultExpr"], v["minExpr"], v["maxExpr"], v["blockExpr"] = tail[:4]
                v["default"], v["min"], v["max"], v["block"] = (ev.eval(x) for x in tail[:4])
        defs.setdefault(short, []).append(v)
    return defs


SKIP_PLUGINS = {"null_audit", "test_security_context", "test_plugin_server", "audit_null", "daemon_example"}


def resolve_string(tree, ev, sym):
    """Resolve a plugin name given as a symbol (macro or const char array) to its string."""
    if sym in ev.defines and '"' in ev.defines[sym]:
        return c_string(ev.defines[sym])
    try:
        out = git(tree.gitdir, "grep", "-h", "-E", r"\b" + re.escape(sym) + r"\s*(\[\s*\])?\s*=\s*\"", tree.commit,
                  "--", "storage", "plugin", "rapid", "sql", "include")
    except subprocess.CalledProcessError:
        return None
    m = re.search(r'=\s*"([^"]+)"', out)
    return m.group(1) if m else None


# Plugins whose variable arrays are built through helper classes, so the generic join finds nothing.
FALLBACK_PREFIX = {"plugin/x": "mysqlx", "rapid/plugin/x": "mysqlx"}


def parse_plugins(tree, ev):
    files = tree.grep_files(r"MYSQL_(SYSVAR|THDVAR)_[A-Z]+\(", ["storage", "plugin", "rapid/plugin"])
    files = [f for f in files if not re.search(r"/(test|tests|unittest|example|examples|mock|ndb|ndbcluster)/|test_|_test|ndb", f)]
    decl_files = tree.grep_files(r"mysql_declare_plugin\(", ["storage", "plugin", "rapid/plugin"])
    by_dir = {}
    for f in files:
        parts = f.split("/")
        top = "/".join(parts[:3]) if parts[0] == "rapid" else "/".join(parts[:2])
        by_dir.setdefault(top, []).append(f)
    result = {}
    for top, flist in by_dir.items():
        defs, arrays_of = {}, {}
        for f in flist:
            text = tree.read(f)
            arrays = parse_string_arrays(text)
            cond_at = condition_map(text)
            for short, vs in parse_plugin_defs(text, f, ev, cond_at, arrays).items():
                defs.setdefault(short, []).extend(vs)
            for am in re.finditer(r"(?:SYS_VAR|st_mysql_sys_var)\s*\*\s*(\w+)\s*\[\s*\]\s*=\s*\{", text):
                end = text.find("};", am.end())
                body = text[am.end():end]
                entries = []
                for em in re.finditer(r"MYSQL_SYSVAR\((\w+)\)", body):
                    entries.append((em.group(1), condition_map(text)(am.end() + em.start())))
                arrays_of[am.group(1)] = (f, entries)
        # plugin names from mysql_declare_plugin blocks
        for f in [d for d in decl_files if d.startswith(top + "/")]:
            text = tree.read(f)
            for dm in re.finditer(r"mysql_declare_plugin\(\w+\)|\bmysql_declare_plugin_next\b|\},\s*\{", text):
                pass
            for block in re.finditer(r"\{\s*(MYSQL_\w+_PLUGIN|MYSQL_DAEMON_PLUGIN|MYSQL_STORAGE_ENGINE_PLUGIN)\s*,([^;]*?)\}", text, re.S):
                parts = split_args(block.group(2))
                if len(parts) < 11:
                    continue
                pname = c_string(parts[1]) or resolve_string(tree, ev, parts[1].strip())
                if not re.fullmatch(r"[A-Za-z_]\w*", pname or "") or pname.lower() in SKIP_PLUGINS:
                    continue
                arr = None
                for p in parts[7:]:
                    p = p.strip()
                    if p in arrays_of:
                        arr = p
                        break
                if not arr:
                    continue
                afile, entries = arrays_of[arr]
                for short, tags in entries:
                    cands = defs.get(short, [])
                    same = [c for c in cands if c["file"] == afile] or cands
                    if not same:
                        continue
                    v = dict(same[0])
                    v["tags"] = sorted(set(v["tags"]) | tags)
                    v["plugin"] = pname.lower()
                    full = (pname.lower() + "_" + short).lower()
                    if full not in result:
                        result[full] = v
        if top in FALLBACK_PREFIX:
            for short, cands in defs.items():
                full = FALLBACK_PREFIX[top] + "_" + short.lower()
                if full not in result and cands:
                    v = dict(cands[0])
                    v["plugin"] = FALLBACK_PREFIX[top]
                    result[full] = v
    return result


def norm(x):
    return re.sub(r"[^A-Z0-9]", "", str(x).upper())


def enum_guess(expr, values):
    """Map a C enum constant (e.g. BINLOG_FORMAT_ROW, dblwr::Mode::ON) to one of the value names."""
    if not expr or not values:
        return None
    e = norm(re.sub(r".*::", "", expr.strip()))
    best = None
    for v in values:
        nv = norm(v)
        if nv and e.endswith(nv) and (best is None or len(nv) > len(norm(best))):
            best = v
    return best


def set_guess(expr, values):
    terms = [t.strip() for t in re.split(r"\|", expr or "") if t.strip()]
    out = []
    for t in terms:
        g = enum_guess(t, values)
        if g is None:
            return None
        out.append(g)
    return ",".join(v for v in values if v in out)


# ---------------------------------------------------------------- components
COMPONENT_TYPES = {"PLUGIN_VAR_BOOL": "boolean", "PLUGIN_VAR_INT": "integer", "PLUGIN_VAR_LONG": "integer",
                   "PLUGIN_VAR_LONGLONG": "integer", "PLUGIN_VAR_STR": "string", "PLUGIN_VAR_ENUM": "enum",
                   "PLUGIN_VAR_SET": "set", "PLUGIN_VAR_DOUBLE": "double"}


def parse_components(tree):
    """Component variables: register_variable("component", "name", FLAGS, ...) -> component.name"""
    out = {}
    files = tree.grep_files(r"register_variable\(", ["components"])
    for f in files:
        if re.search(r"/(test|tests)/|test_|mock|example", f):
            continue
        text = tree.read(f) or ""
        cond_at = condition_map(text)
        for m in re.finditer(r"register_variable\(", text):
            end = balanced(text, m.end() - 1)
            args = split_args(text[m.end():end - 1])
            if len(args) < 3:
                continue
            comp, short = c_string(args[0]), c_string(args[1])
            if not comp or not short or not re.fullmatch(r"\w+", comp + short):
                continue
            flags = args[2]
            t = next((v for k, v in COMPONENT_TYPES.items() if re.search(r"\b" + k + r"\b", flags)), "string")
            if t == "integer" and "PLUGIN_VAR_UNSIGNED" in flags:
                t = "unsigned"
            out[f"{comp}.{short}".lower()] = {
                "type": t, "scope": ["global"], "readonly": "PLUGIN_VAR_READONLY" in flags,
                "cmdline": "PLUGIN_VAR_NOCMDOPT" not in flags, "file": f, "tags": sorted(cond_at(m.start())),
                "plugin": "component_" + comp.lower()}
    return out


# ---------------------------------------------------------------- main
def main():
    gitdir, commit, product, version, out = sys.argv[1:6]
    repo = sys.argv[sys.argv.index("--repo") + 1] if "--repo" in sys.argv else None
    prefix = sys.argv[sys.argv.index("--prefix") + 1] if "--prefix" in sys.argv else ""
    commit = git(gitdir, "rev-parse", commit).strip()
    treeish = git(gitdir, "rev-parse", f"{commit}:{prefix}").strip() if prefix else commit
    tree = Tree(gitdir, treeish)
    ev = Evaluator(collect_defines(tree))
    # Value-name arrays (enum/set/flagset) are often defined outside sys_vars.cc (log.cc, binlog.cc, ...).
    global_arrays = {}
    for f in tree.grep_files(r"char\s*(const\s*)?\*\s*(const\s+)?\w+\s*\[\s*\w*\s*\]\s*=", ["sql", "include", "mysys", "sql-common"]):
        if re.search(r"/(test|unittest)/", f):
            continue
        for k, vals in parse_string_arrays(tree.read(f) or "").items():
            global_arrays.setdefault(k, vals)
    server = {}
    sv_files = tree.grep_files(r"static Sys_var_\w+", ["sql"])
    for f in sorted(sv_files, key=lambda p: (p != "sql/sys_vars.cc", p)):
        text = tree.read(f)
        arrays = {**global_arrays, **parse_string_arrays(text)}
        cond_at = condition_map(text)
        for k, v in parse_sys_vars(text, f, ev, cond_at, arrays).items():
            server.setdefault(k, v)
    sym = {v.get("sym"): k for k, v in server.items() if v.get("sym")}
    for k, v in list(server.items()):
        if "aliasOfSym" in v:
            target = sym.get(v["aliasOfSym"])
            if target:
                nv = {kk: vv for kk, vv in server[target].items() if kk not in ("sym",)}
                nv["aliasOf"] = target
                nv["tags"] = v["tags"]
                server[k] = nv
            else:
                del server[k]
    plugins = parse_plugins(tree, ev)
    plugins.update({k: v for k, v in parse_components(tree).items() if k not in plugins})
    help_text = tree.read("mysql-test/r/mysqld--help-notwin.result") or ""
    options, help_vars, _ = parse_help(help_text)
    variables = {}
    for k, v in {**plugins, **server}.items():
        tags = set(v.get("tags", []))
        e = {"type": v["type"], "scope": v["scope"], "dynamic": not v["readonly"],
             "option": bool(v.get("cmdline")), "default": v.get("default")}
        if v.get("nosysvar"):
            e["optionOnly"] = True
        width32 = v.get("ctype") in ("UINT", "INT") or v.get("cls") in ("Sys_var_uint", "Sys_var_int32")
        for f in ("min", "max", "default"):
            x = v.get(f)
            if e["type"] == "unsigned" and isinstance(x, int) and not isinstance(x, bool) and x < 0:
                x &= (2**32 - 1) if width32 else U64  # (ulong)-1 style bounds
                if f == "default":
                    e["default"] = x
            if f != "default" and x is not None:
                e[f] = x
        if isinstance(v.get("block"), int) and v["block"] > 1:
            e["blockSize"] = v["block"]
        if v.get("values"):
            e["values"] = [x for x in v["values"] if re.fullmatch(r"[A-Za-z0-9_.\-]+", x)]
        if e["type"] == "boolean":
            e["values"] = ["OFF", "ON"]
        if v.get("plugin"):
            e["plugin"] = v["plugin"]
        if v.get("aliasOf"):
            e["aliasOf"] = v["aliasOf"]
        if "debug" in tags:
            e["debugOnly"] = True
        if "windows" in tags:
            e["platform"] = "windows"
        if "notlinux" in tags:
            e["platform"] = "other"
        for x in ("defaultExpr", "minExpr", "maxExpr"):
            if x in v and v.get(x.replace("Expr", "")) is None:
                e[x] = v[x]
        if e["default"] is None and v.get("defaultExpr") and e.get("values"):
            if e["type"] == "enum":
                e["default"] = enum_guess(v["defaultExpr"], e["values"])
            elif e["type"] in ("set", "flagset"):
                e["default"] = set_guess(v["defaultExpr"], e["values"])
        hk = k
        if hk in options or hk in help_vars:
            e["option"] = True  # settable at startup (my_long_options even when the sysvar has NO_CMD_LINE)
        e.update(option_syntax(options.get(hk), e["type"]))
        if e["type"] == "boolean" and e["option"] and v.get("cmdArg") == "required":
            e["optionArg"] = "required"  # a bare line is refused: "option '--x' requires an argument"
        if hk in help_vars:
            e["helpDefault"] = help_value(help_vars[hk])
        e["file"] = v.get("file")
        variables[k] = e
    for name in sorted(set(options) | set(help_vars)):
        if name in variables:
            continue
        raw = help_vars.get(name)
        val = help_value(raw)
        variables[name] = {"type": "boolean" if isinstance(val, bool) or options.get(name, {}).get("arg") == "none"
                           else ("integer" if isinstance(val, int) else "string"),
                           "scope": ["global"], "dynamic": False, "option": True, "optionOnly": True, "default": val,
                           "file": "mysql-test/r/mysqld--help-notwin.result"}
        variables[name].update(option_syntax(options.get(name), variables[name]["type"]))
    snap = {"product": product, "version": version,
            "source": {"kind": "source", "repo": repo, "commit": commit, "prefix": prefix,
                       "paths": ["sql/sys_vars.cc", "storage/innobase/handler/ha_innodb.cc",
                                 "mysql-test/r/mysqld--help-notwin.result"]},
            "variables": dict(sorted(variables.items()))}
    with open(out, "w") as f:
        json.dump(snap, f, indent=1)
        f.write("\n")
    n_unres = sum(1 for v in variables.values() if v.get("default") is None and not v.get("optionOnly") and v["type"] not in ("string",))
    print(f"{product} {version}: {len(variables)} names; server {len(server)}, plugin {len(plugins)}; unresolved non-string defaults {n_unres}")


if __name__ == "__main__":
    main()
