#!/usr/bin/env python3
"""Merge the extracted snapshots (scripts/catalogue/snapshots/) and the hand-curated facts
(scripts/catalogue/curated.py) into rules/variables/{mysql,percona,mariadb,aurora-mysql}.json.

Usage: build.py            (writes the catalogue)
       build.py --check    (exit 1 if the committed catalogue differs from a fresh build)
"""
import copy
import fnmatch
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SNAP = os.path.join(HERE, "snapshots")
OUT = os.path.join(ROOT, "rules", "variables")
sys.dont_write_bytecode = True  # keep the tree free of __pycache__
sys.path.insert(0, HERE)
import curated as C  # noqa: E402

BEFORE = "0.0.0"  # "present before the earliest release this catalogue covers"
FACT_FIELDS = ("type", "unit", "scope", "dynamic", "option", "optionOnly", "optionType", "optionArg", "default", "min",
               "max", "blockSize", "values", "platform", "aliasOf", "note", "documentedOnly", "ignoredWithWarning")


def vkey(v):
    return tuple(int(x) for x in v.split("."))


def load(name):
    with open(os.path.join(SNAP, name)) as f:
        return json.load(f)


# ----------------------------------------------------------------------------- units / types
def guess_unit(name, t):
    if name in C.UNITS:
        return C.UNITS[name]
    if t not in ("integer", "unsigned", "double", "size"):
        return None
    n = name
    if re.search(r"(_timeout|_seconds|_secs|_interval|_interval_seconds)$", n) or n in ("flush_time", "long_query_time"):
        if re.search(r"innodb_log_.*_timeout$", n):
            return "microseconds"
        return "seconds"
    if re.search(r"(_ms|_millis|_milliseconds)$", n):
        return "ms"
    if re.search(r"(_usec|_us|_microseconds)$", n):
        return "microseconds"
    if re.search(r"_days$", n):
        return "days"
    if re.search(r"(_pct|_percent|_pct_lwm|_pct_hwm)$", n):
        return "percent"
    if re.search(r"_pages$", n):
        return "pages"
    if re.search(r"^performance_schema_.*_size$", n) or re.search(r"(history_size|_cache_size_limit|_hash_size)$", n):
        return "count"
    if n in ("thread_cache_size", "host_cache_size", "thread_pool_size", "thread_pool_max_threads", "stored_program_cache"):
        return "count"
    if re.search(r"(_threads|_instances|_count|_connections|_limit_count|_workers|_tries|_retries)$", n):
        return "count"
    if re.search(r"(_size|_bytes|_packet|_buffer|_memory|_mem_size|_ram|_mmap|_block_size|_max_len|_length)$", n):
        return "bytes"
    return None


def final_type(t, unit):
    if t in ("integer", "unsigned") and unit == "bytes":
        return "size"
    return t


def describe(name, f, flavor_label, flavor="mysql"):
    if name in C.DESCRIPTIONS_BY_FLAVOR.get(flavor, {}):
        return C.DESCRIPTIONS_BY_FLAVOR[flavor][name]
    if name in C.DESCRIPTIONS:
        return C.DESCRIPTIONS[name]
    words = name.replace(".", " ").replace("_", " ")
    plugin = f.get("plugin")
    if f.get("documentedOnly") and flavor == "ndb":
        return (f"Setting '{words}' of the ndbcluster plugin, listed in the {flavor_label} manual; only its name and "
                f"version history are recorded here (the manual copy read lacks its property table). Generated summary.")
    if f.get("documentedOnly"):
        owner = f"the {plugin} plugin or component" if plugin else flavor_label
        return (f"Setting '{words}' of {owner}, listed in the {flavor_label} manual; only its name and version "
                f"history are recorded here (no community source defines it). Generated summary.")
    t = f.get("type")
    kind = {"boolean": "On/off switch", "enum": "Choice", "set": "Set of flags", "flagset": "Set of named on/off flags",
            "size": "Size in bytes", "double": "Number", "string": "Text value", "integer": "Number",
            "unsigned": "Number"}.get(t, "Setting")
    owner = f"the {plugin} plugin" if plugin and plugin not in ("innodb",) else ("InnoDB" if name.startswith("innodb") else flavor_label)
    what = "startup option" if f.get("optionOnly") else "server variable"
    unit = f.get("unit")
    unit_txt = f" in {unit}" if unit and t not in ("size",) and unit not in ("count",) else ""
    return f"{kind}{unit_txt} for '{words}' ({what} of {owner}). Generated summary; see the cited sources for details."


# ----------------------------------------------------------------------------- snapshot facts
def snapshot_source_ids(snap, sid, sources):
    src = snap["source"]
    if src.get("kind") == "live-server":
        sources[sid] = {"title": f"{snap['product']} {snap['versionString']}: information_schema.SYSTEM_VARIABLES and mariadbd --no-defaults --verbose --help (Debian package mariadb-server)",
                        "url": "https://packages.debian.org/bookworm/mariadb-server"}
        return lambda v: [sid]
    repo, commit, prefix = src["repo"], src["commit"], src.get("prefix", "")
    label = f"{snap['product']} {snap['version']} source ({repo} @ {commit[:10]})"

    def ids(v):
        path = v.get("file") or "sql/sys_vars.cc"
        fid = f"{sid}:{path}"
        if fid not in sources:
            sources[fid] = {"title": f"{label}: {path}", "url": f"https://github.com/{repo}/blob/{commit}/{prefix}{path}",
                            "repo": repo, "path": prefix + path, "ref": commit}
        return [fid]
    return ids


def normalize(name, v, flavor):
    """Snapshot entry -> catalogue facts (JSON natives, our units/types)."""
    t = v["type"]
    unit = guess_unit(name, t)
    f = {"type": final_type(t, unit), "scope": v["scope"], "dynamic": v["dynamic"], "option": v.get("option", True)}
    if unit:
        f["unit"] = unit
    if v.get("optionOnly"):
        f["optionOnly"] = True
    d = v.get("default")
    hd = v.get("helpDefault", "__absent__")
    if flavor == "mariadb":
        if hd != "__absent__":
            d = hd
            if t == "boolean" and isinstance(hd, str) and hd.upper() in ("ON", "OFF"):
                d = hd.upper() == "ON"
            if t == "double" and isinstance(d, int) and not isinstance(d, bool):
                d = float(d)
        if t == "double" and isinstance(d, float) and d.is_integer():
            d = int(d) if False else d
    else:
        if t in ("enum", "set", "flagset", "string") and hd not in ("__absent__", None):
            d = hd
        elif d is None and hd not in ("__absent__",):
            d = hd
        if t == "boolean" and isinstance(d, str) and d.upper() in ("ON", "OFF", "TRUE", "FALSE"):
            d = d.upper() in ("ON", "TRUE")
        if t == "integer" and d == -1 and name.startswith("performance_schema"):
            d = {"auto": "sized automatically at startup (-1)"}
    if t == "double" and isinstance(d, int) and not isinstance(d, bool):
        d = float(d)
    f["default"] = d
    for k in ("min", "max", "blockSize"):
        if v.get(k) is not None:
            f[k] = v[k]
    if v.get("values") and t != "boolean":
        f["values"] = v["values"]
    if v.get("platform"):
        f["platform"] = v["platform"]
    if v.get("aliasOf"):
        f["aliasOf"] = v["aliasOf"]
    for k in ("optionType", "optionArg"):
        if v.get(k):
            f[k] = v[k]
    return f


def diff(prev, cur):
    out = {}
    for k in FACT_FIELDS:
        if prev.get(k) != cur.get(k):
            out[k] = cur.get(k)
    return out


def merge_entries(history, extra):
    """Merge curated entries into a generated history (same `since` -> field update).
    A curated removal replaces a generated (approximate) one."""
    if any(e.get("removed") for e in extra):
        history = [e for e in history if not (e.get("removed") and e.get("approx"))]
    history.sort(key=lambda e: vkey(e["since"]))
    by_since = {e["since"]: e for e in history}
    for e in extra:
        e = copy.deepcopy(e)
        if history and set(e) <= {"since", "sources", "approx"}:
            # An introduction marker: the variable first appeared in this release.
            first = history[0]
            del by_since[first["since"]]
            first["since"] = e["since"]
            first.pop("approx", None)
            if e.get("approx"):
                first["approx"] = True
            first["sources"] = first.get("sources", []) + [s for s in e.get("sources", []) if s not in first.get("sources", [])]
            by_since[first["since"]] = first
            continue
        if e["since"] in by_since:
            tgt = by_since[e["since"]]
            srcs = tgt.get("sources", []) + [s for s in e.pop("sources", []) if s not in tgt.get("sources", [])]
            tgt.update(e)
            tgt["sources"] = srcs
        else:
            history.append(e)
            by_since[e["since"]] = e
    history.sort(key=lambda e: vkey(e["since"]))
    # A curated default owns the default until the next curated default: drop generated ones in between.
    curated_default_since = sorted(vkey(e["since"]) for e in extra if "default" in e)
    if curated_default_since:
        for h in history:
            k = vkey(h["since"])
            if "default" in h and not any(vkey(e["since"]) == k and "default" in e for e in extra) \
                    and any(c < k for c in curated_default_since):
                del h["default"]
        history = [h for h in history if set(h) - {"since", "sources", "approx"} or h is history[0]]
    return history


def add_values(name, history):
    """Give enum/set variables whose value list the extractor could not see the curated list."""
    if name in C.MYSQL_VALUES and not any(e.get("values") for e in history):
        history[0]["values"] = C.MYSQL_VALUES[name]
        history[0].setdefault("sources", []).append("mysql-sysvars-57")
        if history[0].get("type") == "string":
            history[0]["type"] = "enum"
        for e in history:
            d = e.get("default")
            if isinstance(d, int) and not isinstance(d, bool) and e.get("type", "enum") == "enum" and 0 <= d < len(C.MYSQL_VALUES[name]):
                e["default"] = C.MYSQL_VALUES[name][d]
    values = next((e["values"] for e in history if e.get("values")), None)
    for e in history:
        # a boolean printed for an ON/OFF enum (enforce_gtid_consistency FALSE)
        if isinstance(e.get("default"), bool) and values and "ON" in values and "OFF" in values:
            e["default"] = "ON" if e["default"] else "OFF"
    if name in C.MYSQL_DEFAULTS and history[0].get("default") is None:
        history[0]["default"] = C.MYSQL_DEFAULTS[name]
        if "mysql-sysvars-57" not in history[0].setdefault("sources", []):
            history[0]["sources"].append("mysql-sysvars-57")


def dropped(name, patterns):
    return any(fnmatch.fnmatch(name, p) for p in patterns)


def clean_entry(e):
    return {k: v for k, v in e.items() if v is not None or k == "default"}


# ----------------------------------------------------------------------------- MySQL
def build_mysql(sources):
    series = [("5.7", "mysql-5.7.41.json", "8.0.0"), ("8.0", "mysql-8.0.41.json", "8.0.0"), ("8.4", "mysql-8.4.8.json", "8.4.0")]
    snaps, idfns, debug_names = {}, {}, set()
    for s, fn, _ in series:
        snap = load(fn)
        debug_names |= {k for k, v in snap["variables"].items() if v.get("debugOnly")}
        sid = "src-mysql-" + snap["version"]
        snaps[s] = {k: v for k, v in snap["variables"].items()
                    if not v.get("debugOnly") and not dropped(k, C.DROP.get("mysql-" + snap["version"], set()))}
        idfns[s] = snapshot_source_ids(snap, sid, sources)
    changes = load("mysql-optvar-changes.json")["changes"]
    names = set().union(*[set(v) for v in snaps.values()])
    out = {}
    for name in sorted(names):
        ch = changes.get(name, {})
        history, prev, present_before, top = [], None, False, None
        for idx, (s, _, boundary) in enumerate(series):
            v = snaps[s].get(name)
            if v is None:
                if present_before and not any(e.get("removed") for e in history):
                    rem = ch.get("removed")
                    if rem and vkey(rem) > vkey(history[-1]["since"]):
                        history.append({"since": rem, "removed": True,
                                        "sources": ["mysql-optvar-80" if rem.startswith("8.0") else "mysql-optvar-57"]})
                    else:
                        # absent from this series' source: cite the source file it is missing from
                        history.append({"since": boundary, "removed": True, "approx": True,
                                        "sources": idfns[s]({"file": "sql/sys_vars.cc"})})
                continue
            f = normalize(name, v, "mysql")
            if top is None:
                top = {"plugin": v.get("plugin")}
            srcs = idfns[s](v)
            if prev is None:
                intro = ch.get("introduced")
                if s == "5.7":
                    since = intro if intro and intro.startswith("5.7.") and intro != ch.get("removed") else BEFORE
                    approx = False
                else:
                    since = intro if intro and vkey(intro) >= vkey(s + ".0") else {"8.0": "8.0.0", "8.4": "8.1.0"}[s]
                    approx = not intro
                e = {"since": since, **f, "sources": srcs + (["mysql-optvar-57" if since.startswith("5.7") else "mysql-optvar-80"] if intro and since == intro else [])}
                if approx and since != BEFORE:
                    e["approx"] = True
                history.append(e)
            else:
                d = diff(prev, f)
                if "aliasOf" in d and d["aliasOf"]:
                    # The alias relation starts when the new name appears, not at the series start.
                    target_name = d.pop("aliasOf")
                    t_intro = changes.get(target_name, {}).get("introduced")
                    history.append({"since": t_intro or boundary, "aliasOf": target_name,
                                    "sources": srcs + (["mysql-optvar-80"] if t_intro else []),
                                    **({} if t_intro else {"approx": True})})
                if d:
                    since = boundary
                    if s == "8.0" and "default" in d and C.MYSQL_80_PATCH_DEFAULTS.get(name):
                        since, dsrc = C.MYSQL_80_PATCH_DEFAULTS[name]
                        srcs = srcs + [dsrc]
                    e = {"since": since, **d, "sources": srcs}
                    if since == boundary:
                        e["approx"] = True
                    history.append(e)
            prev = f
            present_before = True
        dep = ch.get("deprecated")
        if dep and not (ch.get("introduced") == dep):
            history.append({"since": dep, "deprecated": True,
                            "sources": ["mysql-optvar-80" if dep.startswith("8.0") else "mysql-optvar-57"]})
        history = merge_entries(history, C.MYSQL_HISTORY.get(name, []))
        add_values(name, history)
        out[name] = finish(name, top, history, "MySQL")
    # Names only the curated layer knows (9.x additions and semisync plugins).
    for name, extra in C.MYSQL_HISTORY.items():
        if name not in out and not any(e.get("removed") for e in extra[:1]):
            h = merge_entries([], extra)
            first = h[0]
            first.setdefault("scope", ["global"])
            first.setdefault("dynamic", True)
            first.setdefault("option", True)
            first.setdefault("default", None)
            first.setdefault("type", "string")
            out[name] = finish(name, {"plugin": first.pop("plugin", None)}, h, "MySQL")
        elif name not in out:
            h = merge_entries([], [{"since": BEFORE, "type": "string", "scope": ["global"], "dynamic": False,
                                    "option": True, "optionOnly": True, "default": None, "sources": extra[0]["sources"]}] + extra)
            out[name] = finish(name, {}, h, "MySQL")
    for plugin, (shorts, since, removed) in C.SEMISYNC.items():
        for short in shorts:
            name = f"{plugin}_{short}"
            if name in out:
                # The 8.0/8.4 sources still build the old-named libraries (semisync_master/slave via
                # *_old.cc), so absence from the extracted snapshot is not a removal.
                out[name]["history"] = [e for e in out[name]["history"] if not (e.get("removed") and e.get("approx"))]
                out[name]["history"].append({"since": "8.0.26", "deprecated": True, "sources": ["mysql-optvar-80"]}) \
                    if plugin in ("rpl_semi_sync_master", "rpl_semi_sync_slave") and not any(e.get("deprecated") for e in out[name]["history"]) else None
                out[name]["history"].sort(key=lambda e: vkey(e["since"]))
                continue
            t = {"enabled": "boolean", "wait_no_slave": "boolean", "wait_no_replica": "boolean", "wait_point": "enum"}.get(short, "unsigned")
            e = {"since": since, "type": t, "scope": ["global"], "dynamic": True, "option": True,
                 "default": {"enabled": False, "timeout": 10000, "trace_level": 32, "wait_for_slave_count": 1,
                             "wait_for_replica_count": 1, "wait_no_slave": True, "wait_no_replica": True,
                             "wait_point": "AFTER_SYNC"}[short],
                 "sources": ["src-mysql-8.0.41:plugin/semisync/semisync_source_plugin.cc" if "source" in plugin or "master" in plugin
                             else "src-mysql-8.0.41:plugin/semisync/semisync_replica_plugin.cc"]}
            if t == "enum":
                e["values"] = ["AFTER_SYNC", "AFTER_COMMIT"]
            if short == "timeout":
                e["unit"] = "ms"
            for sid in e["sources"]:
                repo_src = load("mysql-8.0.41.json")["source"]
                path = sid.split(":", 1)[1]
                sources.setdefault(sid, {"title": f"mysql 8.0.41 source ({repo_src['repo']} @ {repo_src['commit'][:10]}): {path}",
                                         "url": f"https://github.com/{repo_src['repo']}/blob/{repo_src['commit']}/{path}",
                                         "repo": repo_src["repo"], "path": path, "ref": repo_src["commit"]})
            out[name] = finish(name, {"plugin": plugin}, [e], "MySQL")
    for name, (since, removed) in C.MYSQL_PLUGIN_OPTIONS.items():
        if name in out:
            continue
        h = [{"since": since, "type": "enum", "scope": ["global"], "dynamic": False, "option": True, "optionOnly": True,
              "default": "ON", "values": ["OFF", "ON", "FORCE", "FORCE_PLUS_PERMANENT"],
              "note": "plugin enable option (--plugin-name); the default applies only when the plugin is loaded",
              "sources": ["src-mysql-8.0.41:sql/sql_plugin.cc"]}]
        if removed:
            h.append({"since": removed, "removed": True, "sources": ["src-mysql-8.0.41:sql/sql_plugin.cc"]})
        out[name] = finish(name, {"plugin": name}, h, "MySQL")
    src80 = load("mysql-8.0.41.json")["source"]
    sources.setdefault("src-mysql-8.0.41:sql/sql_plugin.cc", {
        "title": f"mysql 8.0.41 source ({src80['repo']} @ {src80['commit'][:10]}): sql/sql_plugin.cc (per-plugin enable options)",
        "url": f"https://github.com/{src80['repo']}/blob/{src80['commit']}/sql/sql_plugin.cc",
        "repo": src80["repo"], "path": "sql/sql_plugin.cc", "ref": src80["commit"]})
    # Names the MySQL manual lists (enterprise plugins, components, options) that no community
    # source we read defines: keep the name and its versions so they are not "unknown".
    for name, ch in changes.items():
        if name in out or name in debug_names or name.endswith("_debug") or not re.fullmatch(r"[a-z0-9_.]+", name):
            continue
        intro = ch.get("introduced")
        if intro and ch.get("removed") == intro:
            continue
        since = intro or BEFORE
        src = "mysql-optvar-80" if (intro or ch.get("deprecated") or ch.get("removed") or "8.0").startswith("8.0") else "mysql-optvar-57"
        h = [{"since": since, "type": "string", "scope": ["global"], "dynamic": True, "option": True, "default": None,
              "documentedOnly": True, "sources": [src]}]
        if ch.get("deprecated") and ch.get("deprecated") != intro:
            h.append({"since": ch["deprecated"], "deprecated": True,
                      "sources": ["mysql-optvar-80" if ch["deprecated"].startswith("8.0") else "mysql-optvar-57"]})
        if ch.get("removed") and ch.get("removed") != intro:
            h.append({"since": ch["removed"], "removed": True,
                      "sources": ["mysql-optvar-80" if ch["removed"].startswith("8.0") else "mysql-optvar-57"]})
        h = merge_entries(h, C.MYSQL_HISTORY.get(name, []))
        plugin = next((p for p in ("audit_log", "thread_pool", "mysql_firewall", "keyring_okv", "keyring_aws",
                                   "keyring_hashicorp", "keyring_encrypted_file", "keyring_oci", "authentication_ldap_sasl",
                                   "authentication_ldap_simple", "authentication_kerberos", "authentication_fido",
                                   "authentication_webauthn", "authentication_windows", "group_replication", "ndb",
                                   "mysqlx", "clone", "connection_control", "validate_password", "version_tokens",
                                   "rewriter", "daemon_memcached", "keyring_file", "rpl_semi_sync_master",
                                   "rpl_semi_sync_slave", "rpl_semi_sync_source", "rpl_semi_sync_replica",
                                   "component_", "ddl_rewriter", "telemetry", "replication_")
                       if name.startswith(p)), None)
        out[name] = finish(name, {"plugin": plugin}, h, "MySQL")
    return out


def finish(name, top, history, label, flavor=None):
    flavor = flavor or {"MySQL": "mysql", "MariaDB": "mariadb", "Percona Server": "percona", "Percona XtraDB Cluster": "pxc", "MySQL NDB Cluster": "ndb", "Aurora MySQL": "aurora-mysql"}[label]
    history = [clean_entry(e) for e in history]
    history.sort(key=lambda e: vkey(e["since"]))
    # entries that ended up stating nothing
    history = [e for i, e in enumerate(history) if i == 0 or set(e) - {"since", "sources", "approx"}]
    first = history[0]
    rec = {}
    succ = C.REPLACED_BY.get(flavor, {}).get(name)
    if succ:
        rec["replacedBy"] = succ
    f_for_desc = {k: first.get(k) for k in FACT_FIELDS}
    if top and top.get("plugin"):
        rec["plugin"] = top["plugin"]
        f_for_desc["plugin"] = top["plugin"]
    unit = next((e["unit"] for e in reversed(history) if e.get("unit")), None)
    f_for_desc["unit"] = unit
    f_for_desc["type"] = next((e["type"] for e in reversed(history) if e.get("type")), first.get("type"))
    f_for_desc["documentedOnly"] = first.get("documentedOnly")
    rec["description"] = describe(name, f_for_desc, label, flavor)
    rec["history"] = history
    return rec


# ----------------------------------------------------------------------------- MariaDB
def build_mariadb(sources):
    snap = load("mariadb-10.11.json")
    idf = snapshot_source_ids(snap, "src-mariadb-" + snap["version"], sources)
    out = {}
    for name, v in snap["variables"].items():
        f = normalize(name, v, "mariadb")
        if name in C.MARIADB_AUTO:
            f["default"] = {"auto": C.MARIADB_AUTO[name]}
        if v.get("aliasOf"):
            f["aliasOf"] = v["aliasOf"]
        e = {"since": BEFORE, **f, "sources": idf(v)}
        hist = [e]
        if v.get("deprecatedInHelp"):
            # --help of 10.11.19 calls it deprecated; the release that deprecated it is not recorded.
            hist.append({"since": "10.11.0", "deprecated": True, "approx": True,
                         **({"note": "accepted but has no effect"} if v.get("noEffect") else {}),
                         "sources": idf(v)})
        history = merge_entries(hist, C.MARIADB_HISTORY.get(name, []))
        rec = finish(name, {"plugin": v.get("plugin")}, history, "MariaDB", "mariadb")
        if v.get("replacedBy") and "replacedBy" not in rec:
            rec = {"replacedBy": v["replacedBy"], **rec}
        out[name] = rec
    for name, extra in C.MARIADB_HISTORY.items():
        if name in out:
            continue
        h = merge_entries([], extra)
        h[0].setdefault("default", None)
        h[0].setdefault("option", True)
        h[0].setdefault("scope", ["global"])
        h[0].setdefault("dynamic", True)
        h[0].setdefault("type", "string")
        out[name] = finish(name, {}, h, "MariaDB", "mariadb")
    return out, snap["optionGroups"]


# ----------------------------------------------------------------------------- Percona XtraDB Cluster
def pxc_source(since):
    return "pxc-84-wsrep" if since.startswith("8.4") else "pxc-80-wsrep" if since.startswith("8.") else "pxc-57-wsrep"


def build_pxc():
    out = {}
    for name, (t, default, values, since, removed) in C.PXC_VARS.items():
        first = {"since": since, "type": t, "scope": ["global"], "dynamic": True, "option": True, "default": default,
                 "sources": [pxc_source(since)]}
        if since.startswith("8.0."):
            first["approx"] = since == "8.0.0"
        if values:
            first["values"] = values
        history = [first]
        for s, d in C.PXC_DEFAULTS.get(name, []):
            if s == BEFORE:
                first["default"] = d
            else:
                history.append({"since": s, "default": d, "approx": True, "sources": [pxc_source(s)]})
        if name in C.PXC_DEPRECATED:
            history.append({"since": C.PXC_DEPRECATED[name][0], "deprecated": True, "sources": ["pxc-8026-rn"]})
        if removed:
            history.append({"since": removed, "removed": True, "approx": True, "sources": ["pxc-80-upgrade"]})
        rec = finish(name, {}, history, "Percona XtraDB Cluster", "pxc")
        if name in C.PXC_DEPRECATED:
            rec = {"replacedBy": C.PXC_DEPRECATED[name][1], **rec}
        out[name] = rec
    return out


# ----------------------------------------------------------------------------- MySQL NDB Cluster
def ndb_default(rec):
    d = rec.get("default")
    if d is None:
        return None
    t = rec.get("type")
    if t == "boolean":
        return {"ON": True, "OFF": False, "1": True, "0": False}.get(d.upper(), d)
    if t in ("integer", "unsigned") and re.fullmatch(r"-?\d+", d):
        return int(d)
    return d


def build_ndb(sources, mysql_names):
    """The SQL node of NDB Cluster: mysqld with the ndbcluster plugin. Its own options and variables from
    the NDB Cluster 8.0 and 9.5 manuals' property tables; everything else resolves through mysql.json."""
    snap = load("ndb-docs.json")
    src = snap["source"]
    for series in snap["series"]:
        sources.setdefault(f"ndb-manual-{series}", {
            "title": f"MySQL NDB Cluster {series} manual, MySQL Server Options and Variables for NDB Cluster "
                     f"(markdown copy {src['repo']} @ {src['commit'][:10]}: {src['paths'][series]})",
            "url": src["urls"][series], "repo": src["repo"], "path": src["paths"][series], "ref": src["commit"]})
    out = {}
    s80, s95 = snap["series"]["8.0"], snap["series"]["9.5"]
    for name in sorted(set(s80) | set(s95)):
        if name in mysql_names:
            continue  # a server variable stock mysqld has too (server_id_bits): MySQL's record applies
        rec = s80.get(name) or s95[name]
        sid = "ndb-manual-8.0" if name in s80 else "ndb-manual-9.5"
        first = {"since": rec.get("introduced") or (BEFORE if name in s80 else "9.0.0"), "sources": [sid]}
        if name not in s80 and not rec.get("introduced"):
            first["approx"] = True
        if rec.get("tableMissing"):
            first.update({"type": "string", "scope": ["global"], "dynamic": False, "option": True, "default": None,
                          "documentedOnly": True})
        else:
            t = rec.get("type") or "boolean"
            if t == "integer" and rec.get("min", -1) >= 0:
                t = "unsigned"
            first.update({"type": t, "scope": rec.get("scope", ["global"]), "dynamic": rec.get("dynamic", False),
                          "option": True, "default": ndb_default({**rec, "type": t})})
            if not rec.get("systemVariable"):
                first["optionOnly"] = True
            if t != "boolean" and "[=" in rec.get("commandLine", ""):
                first["optionArg"] = "optional"  # --ndbcluster[=value]: given bare, it enables the plugin
            for f in ("min", "max"):
                if f in rec:
                    first[f] = rec[f]
            if rec.get("values"):
                vals = list(rec["values"])
                d = rec.get("default")
                if t == "enum" and isinstance(d, str) and d and d not in vals:
                    vals.insert(0, d)
                first["values"] = vals
            unit = {"bytes": "bytes", "seconds": "seconds", "milliseconds": "ms"}.get(rec.get("unit", ""))
            if unit:
                first["unit"] = unit
        history = [first]
        if rec.get("deprecated"):
            history.append({"since": rec["deprecated"], "deprecated": True, "sources": [sid]})
        if rec.get("removed"):
            history.append({"since": rec["removed"], "removed": True, "sources": [sid]})
        out[name] = finish(name, {"plugin": "ndbcluster"}, history, "MySQL NDB Cluster", "ndb")
    return out


# ----------------------------------------------------------------------------- Percona
def build_percona(sources, mysql_names):
    # Percona Server 5.7 and 8.0 each from its own source; what MySQL itself defines resolves through mysql.json.
    series = [("5.7", "percona-5.7.22.json", "src-percona-5.7.22"), ("8.0", "percona-8.0.26.json", "src-percona-8.0.26")]
    snaps, idfns = {}, {}
    for s, fn, sid in series:
        snap = load(fn)
        snaps[s] = {k: v for k, v in snap["variables"].items()
                    if not v.get("debugOnly") and not dropped(k, C.DROP.get("percona-" + snap["version"].split("-")[0], set()))}
        idfns[s] = snapshot_source_ids(snap, sid, sources)
    mysql_snaps = {s: load(fn)["variables"] for s, fn in (("5.7", "mysql-5.7.41.json"), ("8.0", "mysql-8.0.41.json"), ("8.4", "mysql-8.4.8.json"))}
    mysql_snap_names = set().union(*[set(v) for v in mysql_snaps.values()])
    out = {}
    for name in sorted(set(snaps["5.7"]) | set(snaps["8.0"])):
        v57, v80 = snaps["5.7"].get(name), snaps["8.0"].get(name)
        if name in mysql_snap_names:
            rec = percona_values(name, v57, v80, mysql_snaps, idfns)
            if rec:
                out[name] = rec
            continue
        if v57:
            history = [{"since": BEFORE, **normalize(name, v57, "percona"), "sources": idfns["5.7"](v57)}]
            if v80:
                d = diff(history[0], normalize(name, v80, "percona"))
                if d:
                    history.append({"since": "8.0.0", **d, "approx": True, "sources": idfns["8.0"](v80)})
            else:
                # in 5.7 and gone from 8.0's source (the query cache, for one, went with MySQL 8.0)
                history.append({"since": "8.0.0", "removed": True, "approx": True,
                                "sources": idfns["8.0"]({"file": v57.get("file") or "sql/sys_vars.cc"})})
        else:
            # Absent from 5.7.22 does not prove absent from later 5.7 releases: assume present rather than
            # report a variable a newer 5.7 has as unknown.
            history = [{"since": BEFORE, **normalize(name, v80, "percona"), "sources": idfns["8.0"](v80),
                        "note": "observed in Percona Server 8.0.26-17 source and not in 5.7.22; assumed present in every covered Percona release unless a later entry says otherwise"}]
        f = history[0]
        if name in C.MYSQL_VALUES and not f.get("values"):
            f["values"] = C.MYSQL_VALUES[name]
        if name.startswith("tokudb"):
            history.append({"since": "8.0.28", "removed": True, "approx": False, "sources": ["percona-rn-8028"]})
        history = merge_entries(history, C.PERCONA_HISTORY.get(name, []))
        out[name] = finish(name, {"plugin": (v57 or v80).get("plugin")}, history, "Percona Server")
    for name, extra in C.PERCONA_HISTORY.items():
        if name not in out:
            out[name] = finish(name, {}, merge_entries([], extra), "Percona Server")
    sources.setdefault("percona-rn-8028", {"title": "Percona Server for MySQL 8.0.28-19 release notes (TokuDB removed)",
                                           "url": "https://docs.percona.com/percona-server/8.0/release-notes/Percona-Server-8.0.28-19.html"})
    return out


def percona_values(name, v57, v80, mysql_snaps, idfns):
    """A MySQL variable to which Percona Server adds values (thread_handling = pool-of-threads): a record
    that extends MySQL's facts with the added values only, so MySQL's own history still applies."""
    history = []
    for s, v in (("5.7", v57), ("8.0", v80)):
        m = mysql_snaps[s].get(name)
        if not v or not m or not v.get("values") or not m.get("values") or v["type"] == "flagset":
            continue
        added = [x for x in v["values"] if x not in m["values"]]
        if added and history and history[-1]["values"] == added:
            continue
        if added and not set(m["values"]) - set(v["values"]) - {"loaded-dynamically"}:
            # a MySQL boolean that Percona makes an enumeration (innodb_redo_log_encrypt = KEYRING_KEY)
            retyped = {"type": v["type"]} if v["type"] != m["type"] else {}
            history.append({"since": BEFORE if s == "5.7" else "8.0.0", **retyped, "values": added, "sources": idfns[s](v),
                            **({"approx": True} if s != "5.7" else {})})
    if not history:
        return None
    desc = f"Percona Server accepts {', '.join(history[-1]['values'])} for {name} in addition to MySQL's values."
    return {"extendsBase": True, "description": desc, "history": history}


# ----------------------------------------------------------------------------- Aurora
def build_aurora(sources):
    out = {}
    for name, (t, scope, dyn, default, since, removed, values) in C.AURORA_VARS.items():
        e = {"since": since, "type": t, "scope": scope, "dynamic": dyn, "option": True, "default": default,
             "sources": ["aurora-params"]}
        unit = guess_unit(name, t)
        if unit:
            e["unit"] = unit
        if values:
            e["values"] = values
        h = [e]
        if removed:
            h.append({"since": removed, "removed": True, "sources": ["aurora-params"]})
        out[name] = finish(name, {}, h, "Aurora MySQL")
    base = [{"since": a, "mysql": ("same" if a == m else m), "sources": [s]} for a, m, s in C.AURORA_BASE]
    return out, base


# ----------------------------------------------------------------------------- main
def used_sources(variables, extra_ids=()):
    ids = set(extra_ids)
    for v in variables.values():
        for e in v["history"]:
            ids.update(e.get("sources", []))
    return ids


def write(name, doc):
    path = os.path.join(OUT, name)
    text = json.dumps(doc, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    if "--check" in sys.argv:
        with open(path) as f:
            if f.read() != text:
                print(f"{path} is out of date; run scripts/catalogue/regenerate.sh")
                sys.exit(1)
        return
    with open(path, "w") as f:
        f.write(text)


def main():
    os.makedirs(OUT, exist_ok=True)
    all_sources = dict(C.SOURCES)

    def cited(ids, *extra):
        """The sources a catalogue file cites: those its entries use, and the extra ones it names."""
        return {k: all_sources[k] for k in sorted(set(ids) | set(extra)) if k in all_sources}

    mysql_vars = build_mysql(all_sources)
    ids = used_sources(mysql_vars, ["mysql-releases-97", "eol-mysql", "aws-rds-97"])
    src80 = load("mysql-8.0.41.json")["source"]
    all_sources.setdefault("src-mysql-8.0.41:sql/mysqld.cc", {
        "title": f"mysql 8.0.41 source ({src80['repo']} @ {src80['commit'][:10]}): sql/mysqld.cc (load_default_groups)",
        "url": f"https://github.com/{src80['repo']}/blob/{src80['commit']}/sql/mysqld.cc",
        "repo": src80["repo"], "path": "sql/mysqld.cc", "ref": src80["commit"]})
    write("mysql.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "mysql",
        "versions": ["5.7", "8.0", "8.1", "8.2", "8.3", "8.4", "9.0", "9.1", "9.2", "9.3", "9.4", "9.5", "9.6", "9.7"],
        "lts": [{"series": "8.4", "since": "8.4.0", "sources": ["mysql-releases-97"]},
                {"series": "9.7", "since": "9.7.0", "sources": ["eol-mysql", "aws-rds-97", "mysql-releases-97"]}],
        "optionGroups": [{"since": BEFORE, "groups": C.MYSQL_OPTION_GROUPS,
                          "sources": ["src-mysql-8.0.41:sql/mysqld.cc"]}],
        "sources": cited(ids, "src-mysql-8.0.41:sql/mysqld.cc"),
        "variables": mysql_vars,
    })

    maria_vars, groups = build_mariadb(all_sources)
    ids = used_sources(maria_vars, ["mariadb-server-groups"])
    write("mariadb.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "mariadb",
        "versions": ["10.6", "10.11", "11.4", "11.8"],
        "optionGroups": [{"since": BEFORE, "groups": C.MARIADB_OPTION_GROUPS,
                          "observed": groups, "sources": ["src-mariadb-10.11.19", "mariadb-server-groups"]}],
        "sources": cited(ids, "src-mariadb-10.11.19"),
        "variables": maria_vars,
    })

    percona_vars = build_percona(all_sources, set(mysql_vars))
    ids = used_sources(percona_vars)
    write("percona.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "percona",
        "base": "mysql",
        "versions": ["5.7", "8.0", "8.4"],
        "baseVersions": [{"since": BEFORE, "mysql": "same", "note": "Percona Server X.Y.Z-N is built on MySQL X.Y.Z"}],
        "optionGroups": [{"since": BEFORE, "groups": C.MYSQL_OPTION_GROUPS, "sources": ["src-mysql-8.0.41:sql/mysqld.cc"]}],
        "sources": cited(ids, "src-mysql-8.0.41:sql/mysqld.cc"),
        "variables": percona_vars,
    })

    pxc_vars = build_pxc()
    write("pxc.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "pxc",
        "base": "percona",
        "versions": ["5.7", "8.0", "8.4"],
        "baseVersions": [{"since": BEFORE, "mysql": "same", "note": "Percona XtraDB Cluster X.Y.Z-N is Percona Server X.Y.Z with the wsrep patches and Galera"}],
        "optionGroups": [{"since": BEFORE, "groups": C.MYSQL_OPTION_GROUPS, "sources": ["src-mysql-8.0.41:sql/mysqld.cc"]}],
        "sources": cited(used_sources(pxc_vars), "src-mysql-8.0.41:sql/mysqld.cc"),
        "variables": pxc_vars,
    })

    ndb_vars = build_ndb(all_sources, set(mysql_vars))
    write("ndb.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "ndb",
        "base": "mysql",
        "versions": ["8.0", "8.4", "9.5"],
        "baseVersions": [{"since": "8.0.0", "mysql": "same", "sources": ["ndb-manual-8.0"],
                          "note": "from 8.0, MySQL NDB Cluster X.Y.Z is mysqld X.Y.Z built with the ndbcluster plugin"}],
        "optionGroups": [{"since": BEFORE, "groups": ["mysql_cluster", *C.MYSQL_OPTION_GROUPS],
                          "sources": ["ndb-manual-8.0", "src-mysql-8.0.41:sql/mysqld.cc"]}],
        "sources": cited(used_sources(ndb_vars), "src-mysql-8.0.41:sql/mysqld.cc"),
        "variables": ndb_vars,
    })

    aurora_vars, base = build_aurora(all_sources)
    ids = used_sources(aurora_vars, [s for b in base for s in b["sources"]])
    write("aurora-mysql.json", {
        "$schema": "./catalogue.schema.json",
        "flavor": "aurora-mysql",
        "base": "mysql",
        "versions": ["2", "3", "8.4"],
        "baseVersions": base,
        "optionGroups": [{"since": BEFORE, "groups": C.MYSQL_OPTION_GROUPS, "sources": ["src-mysql-8.0.41:sql/mysqld.cc"]}],
        "sources": cited(ids, "src-mysql-8.0.41:sql/mysqld.cc"),
        "variables": aurora_vars,
    })
    for fn, vs in (("mysql", mysql_vars), ("mariadb", maria_vars), ("percona", percona_vars), ("pxc", pxc_vars), ("ndb", ndb_vars), ("aurora-mysql", aurora_vars)):
        print(f"{fn}: {len(vs)} names")


if __name__ == "__main__":
    main()
