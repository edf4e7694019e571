#!/usr/bin/env python3
"""Statement facts as sqlglot (read="mysql") sees them: the independent oracle for innolint's SQL
front end (see sqlglot-oracle.ts).

stdin:  JSONL, one {"id", "sql"} per line.
stdout: JSONL, one line per statement, in order:
  {"id", "parsed": bool, "kind", "error"?,
   "tables": [{"schema"?, "name"}],            every exp.Table that is a real table (CTE names excluded)
   "indexes"?: [[column, ...], ...],           CREATE INDEX / ALTER TABLE ... ADD INDEX|KEY|UNIQUE|PRIMARY KEY
   "set"?: [{"variable", "scope", "value"}],   SET assignments; "value" is sqlglot's own rendering
                                               (comments left out); {"other": kind} for SET NAMES etc.
   "where"?: [{"table", "columns"}]}           columns each WHERE constrains, per real table
"parsed" is false when sqlglot raises or falls back to an opaque exp.Command.
The first line is {"meta": {"sqlglot": version}}.
"""
import json
import logging
import sys

import sqlglot
from sqlglot import exp

logging.getLogger("sqlglot").setLevel(logging.CRITICAL)  # silence "falling back to Command"

KINDS = {
    exp.Select: "select", exp.Union: "select", exp.Except: "select", exp.Intersect: "select",
    exp.Set: "set", exp.TruncateTable: "truncate-table", exp.Alter: "alter-table",
}
SCOPES = {"GLOBAL": "global", "SESSION": "session", "LOCAL": "session",
          "PERSIST": "persist", "PERSIST_ONLY": "persist_only"}


def table_ref(t):
    out = {"name": t.name}
    if t.db:
        out["schema"] = t.db
    return out


def kind_of(e):
    if isinstance(e, exp.Create) and str(e.args.get("kind", "")).upper() == "INDEX":
        return "create-index"
    if isinstance(e, exp.Drop) and str(e.args.get("kind", "")).upper() == "TABLE":
        return "drop-table"
    for cls, kind in KINDS.items():
        if isinstance(e, cls):
            return kind
    return type(e).__name__.lower()


def cte_names(e):
    return {cte.alias_or_name.lower() for cte in e.find_all(exp.CTE)}


def is_real(t, ctes):
    """A named table: not a CTE reference, not a table function (JSON_TABLE, ...), not the
    exp.Table sqlglot uses for another object's name (ALTER TABLE ... DROP INDEX|FOREIGN KEY name)."""
    if isinstance(t.parent, exp.Drop) and str(t.parent.args.get("kind", "")).upper() != "TABLE":
        return False
    return isinstance(t.this, exp.Identifier) and not (not t.db and t.name.lower() in ctes)


def tables(e, ctes):
    out, seen = [], set()
    for t in e.find_all(exp.Table):
        if not is_real(t, ctes):
            continue
        key = (t.db.lower(), t.name.lower())
        if key not in seen:
            seen.add(key)
            out.append(table_ref(t))
    return out


# ----------------------------------------------------------------------------- indexes

def key_part(p):
    """An index key part as a column name; `b(10)` is column b; an expression as its SQL."""
    if isinstance(p, exp.Ordered):
        p = p.this
    if isinstance(p, (exp.Column, exp.Identifier)):
        return p.name
    if isinstance(p, exp.ColumnPrefix):  # ALTER TABLE ... ADD KEY (b(10))
        return p.this.name
    if isinstance(p, exp.Anonymous) and len(p.expressions) == 1 and isinstance(p.expressions[0], exp.Literal):
        return p.name  # prefix length
    return p.sql(dialect="mysql")


def index_columns(e):
    if isinstance(e, exp.Create):
        params = e.this.args.get("params")
        return [[key_part(p) for p in (params.args.get("columns") or [])]] if params else [[]]
    out = []
    for action in e.args.get("actions") or []:
        if isinstance(action, exp.ColumnDef):  # ADD COLUMN c INT UNIQUE | PRIMARY KEY
            for c in action.constraints:
                if isinstance(c.kind, (exp.UniqueColumnConstraint, exp.PrimaryKeyColumnConstraint)):
                    out.append([action.name])
            continue
        if not isinstance(action, exp.AddConstraint):
            continue
        for c in action.expressions:
            if isinstance(c, exp.UniqueColumnConstraint) and isinstance(c.this, exp.Schema):
                out.append([key_part(p) for p in c.this.expressions])
            elif isinstance(c, (exp.IndexColumnConstraint, exp.PrimaryKey)):
                out.append([key_part(p) for p in c.expressions])
            elif isinstance(c, exp.Constraint):  # CONSTRAINT name UNIQUE|PRIMARY KEY (...)
                for inner in c.expressions:
                    if isinstance(inner, exp.UniqueColumnConstraint) and isinstance(inner.this, exp.Schema):
                        out.append([key_part(p) for p in inner.this.expressions])
                    elif isinstance(inner, (exp.PrimaryKey, exp.PrimaryKeyColumnConstraint)):
                        out.append([key_part(p) for p in inner.expressions])
    return out


# --------------------------------------------------------------------------------- SET

def assignments(e):
    out = []
    for item in e.expressions:
        eq = item.this
        if not isinstance(eq, (exp.EQ, exp.PropertyEQ)):
            out.append({"other": str(item.args.get("kind") or type(eq).__name__)})
            continue
        var, value = eq.this, eq.expression
        scope = SCOPES.get(str(item.args.get("kind") or "").upper(), "session")
        if isinstance(var, exp.Parameter):
            variable, scope = var.name, "user"
        elif isinstance(var, exp.SessionParameter):
            variable = var.name.lower()
            scope = SCOPES.get(str(var.args.get("kind") or "").upper(), "session")
        elif isinstance(var, exp.Column):
            variable = ".".join(p.name for p in var.parts).lower()
        else:
            variable = var.sql(dialect="mysql").lower()
        out.append({"variable": variable, "scope": scope, "value": value.sql(dialect="mysql", comments=False)})
    return out


# ------------------------------------------------------------------------------- WHERE

def derived(n):
    """A derived table, (SELECT ...) AS d. sqlglot also wraps a parenthesised join in exp.Subquery."""
    return isinstance(n, exp.Subquery) and isinstance(n.this, exp.Query)


def scope_sources(select, ctes):
    """The FROM list of one SELECT, joins included, subqueries not entered:
    (name, schema, alias, derived) per table."""
    out = []
    for part in [select.args.get("from_")] + list(select.args.get("joins") or []):
        if part is None:
            continue
        for node in part.walk(prune=lambda n: derived(n) or (isinstance(n, exp.Query) and not isinstance(n, exp.Subquery))):
            if isinstance(node, exp.Table):
                out.append((node.name, node.db, node.alias or None, not is_real(node, ctes)))
            elif derived(node):
                out.append((node.alias, "", node.alias or None, True))
    return out


def resolve(col, chain):
    """The real table a WHERE column belongs to; "" when ambiguous; None for derived tables."""
    qualifier, schema = col.table.lower(), col.db.lower()
    if not qualifier:
        refs = chain[0] if chain else []
        if len(refs) == 1:
            name, _, _, is_derived = refs[0]
            return None if is_derived else name
        return ""
    for refs in chain:
        hit = next((r for r in refs if r[2] and r[2].lower() == qualifier), None)
        hit = hit or next((r for r in refs if not r[2] and r[0].lower() == qualifier
                           and (not schema or r[1].lower() == schema)), None)
        if hit:
            return None if hit[3] else hit[0]
    return col.table


def where_columns(e, ctes):
    found = {}
    for where in e.find_all(exp.Where):
        # The scopes around this WHERE, innermost first. A CTE's body does not see the FROM list
        # of the query its WITH belongs to, though sqlglot hangs the WITH under that query.
        chain, anc, in_cte = [], where.parent, False
        while anc is not None:
            if isinstance(anc, exp.CTE):
                in_cte = True
            elif isinstance(anc, exp.Select):
                if not in_cte:
                    chain.append(scope_sources(anc, ctes))
                in_cte = False
            anc = anc.parent
        for col in where.this.walk(prune=lambda n: isinstance(n, (exp.Subquery, exp.Query))):
            if not isinstance(col, exp.Column) or isinstance(col.this, exp.Star):
                continue
            table = resolve(col, chain)
            if table is None:
                continue
            cols = found.setdefault(table, [])
            if col.name.lower() not in (c.lower() for c in cols):
                cols.append(col.name)
    return [{"table": t, "columns": c} for t, c in found.items()]


# -------------------------------------------------------------------------------- main

def facts(sql):
    try:
        parsed = [s for s in sqlglot.parse(sql, read="mysql") if s is not None]
    except Exception as error:  # ParseError, TokenError, and sqlglot's occasional internal errors
        return {"parsed": False, "error": f"{type(error).__name__}: {str(error)[:300]}"}
    if len(parsed) != 1:
        return {"parsed": False, "error": f"{len(parsed)} statements"}
    e = parsed[0]
    if isinstance(e, exp.Command):
        return {"parsed": False, "kind": "command", "error": f"opaque Command {e.name}"}
    ctes = cte_names(e)
    out = {"parsed": True, "kind": kind_of(e), "tables": tables(e, ctes)}
    if out["kind"] in ("create-index", "alter-table"):
        out["indexes"] = index_columns(e)
    if out["kind"] == "set":
        out["set"] = assignments(e)
    if out["kind"] == "select":
        out["where"] = where_columns(e, ctes)
    return out


def main():
    print(json.dumps({"meta": {"sqlglot": sqlglot.__version__}}))
    for line in sys.stdin:
        if line.strip():
            row = json.loads(line)
            print(json.dumps({"id": row["id"], **facts(row["sql"])}, ensure_ascii=False))


if __name__ == "__main__":
    main()
