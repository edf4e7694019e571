#!/usr/bin/env python3
"""Local measurements for two models of VALIDATION.md, on the MariaDB server installed here.

  warm-up     bp_scan: a table of each size is scanned cold (caches dropped, O_DIRECT) and warm,
              its pages are dumped, the server restarted, the OS caches dropped and the dump
              loaded back (SET GLOBAL innodb_buffer_pool_load_now runs the same buf_load() as
              innodb_buffer_pool_load_at_startup, and is timed to the millisecond by polling
              Innodb_buffer_pool_load_status); one load per size also runs at startup and its
              error-log timestamps are kept as a cross-check.
  partitions  partition_dives: the same rows in 1, 4, 16, ... HASH partitions, a primary-key
              prefix lookup the planner cannot prune, QPS of one mariadb-slap client with the
              data in the buffer pool and with a pool far smaller than the data; dives: the page
              requests of EXPLAIN alone (the planner's records-in-range dives) per table.
  device      sequential (1 MiB) and random (16 KiB) O_DIRECT reads of the data directory's
              device; device-pages: sequential reads by 16 KiB requests.

Run as root (drops the OS page cache); not run by CI. Prints the figures and writes them as JSON
(OUT). Usage: measure-local.py [device] [device-pages] [warmup] [partitions] [dives]  (default: all)
"""
import json
import mmap
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time

# Parameters.
WORK = os.environ.get("MEASURE_DIR", os.path.join(os.path.dirname(__file__), "../../../.scratch/measure"))
OUT = os.environ.get("MEASURE_OUT", os.path.join(os.path.dirname(__file__), "local-measurements.json"))
REPEATS = 3
PAGE = 16384
# Warm-up: table sizes (bytes of clustered-index pages), row payload, and the pool (holds them all).
WARM_SIZES = [256 << 20, 512 << 20, 1024 << 20]
WARM_PAD = 180
WARM_POOL = 2 << 30
# Partitions: keys x rows per key (seq 0..R-1), HASH(seq) partitions, the lookup's LIMIT.
PART_KEYS = 4096
PART_ROWS_PER_KEY = 256
PART_PAD = 150
PART_COUNTS = [1, 4, 16, 64, 256]
PART_LIMIT = 1
PART_QUERIES = 4000
PART_POOLS = {"memory": 1 << 30, "disk": 32 << 20}
# Device: test file size, random reads and their queue depths.
DEV_FILE_BYTES = 2 << 30
DEV_RANDOM_READS = 4000
DEV_DEPTHS = [1, 4]

if os.environ.get("MEASURE_SMOKE"):
    # A quick run of the whole procedure on tiny tables (figures meaningless).
    REPEATS, WARM_SIZES, WARM_POOL, PART_KEYS, PART_COUNTS, PART_QUERIES = 1, [8 << 20], 64 << 20, 64, [1, 4], 200
    PART_POOLS, DEV_FILE_BYTES, DEV_RANDOM_READS = {"memory": 64 << 20, "disk": 8 << 20}, 64 << 20, 200
WORK = os.path.abspath(WORK)
DATA = os.path.join(WORK, "data")
SOCK = os.path.join(WORK, "sock")
ERRLOG = os.path.join(WORK, "err.log")
server = None


def log(*a):
    print(*a, flush=True)


def drop_caches():
    subprocess.run(["sync"], check=True)
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")


def sql(q, db="test"):
    r = subprocess.run(["mariadb", "-uroot", "-S", SOCK, "-N", "-B", db, "-e", q], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{q[:80]}: {r.stderr.strip()}")
    return r.stdout.strip()


def start(pool, load_at_startup=False):
    global server
    args = [
        "mariadbd", "--no-defaults", "--user=root", f"--datadir={DATA}", f"--socket={SOCK}", "--skip-networking",
        f"--log-error={ERRLOG}", f"--innodb-buffer-pool-size={pool}", "--innodb-flush-method=O_DIRECT",
        "--innodb-log-file-size=1G", "--innodb-buffer-pool-dump-pct=100", "--innodb-buffer-pool-dump-at-shutdown=ON",
        f"--innodb-buffer-pool-load-at-startup={'ON' if load_at_startup else 'OFF'}", "--query-cache-type=0",
        "--innodb-stats-persistent=ON",
    ]
    server = subprocess.Popen(args)
    for _ in range(600):
        if subprocess.run(["mariadb", "-uroot", "-S", SOCK, "-e", "select 1"], capture_output=True).returncode == 0:
            return
        time.sleep(0.1)
    raise RuntimeError(f"mariadbd did not start; see {ERRLOG}")


def stop():
    global server
    if server:
        subprocess.run(["mariadb-admin", "-uroot", "-S", SOCK, "shutdown"], capture_output=True)
        server.wait()
        server = None


def init():
    if not os.path.isdir(os.path.join(DATA, "mysql")):
        os.makedirs(WORK, exist_ok=True)
        subprocess.run(["mariadb-install-db", "--user=root", f"--datadir={DATA}", "--auth-root-authentication-method=normal"],
                       check=True, capture_output=True)


def timed(q, db="test"):
    """Server-side wall time of one statement, seconds."""
    out = sql(f"SET @t0 = NOW(6); {q}; SELECT TIMESTAMPDIFF(MICROSECOND, @t0, NOW(6)) / 1e6", db)
    return float(out.splitlines()[-1])


# Device.
def device():
    path = os.path.join(WORK, "device.bin")
    os.makedirs(WORK, exist_ok=True)
    if not os.path.exists(path) or os.path.getsize(path) != DEV_FILE_BYTES:
        subprocess.run(["dd", "if=/dev/urandom", f"of={path}", "bs=1M", f"count={DEV_FILE_BYTES >> 20}", "oflag=direct"],
                       check=True, capture_output=True)
    seq = []
    for _ in range(REPEATS):
        drop_caches()
        r = subprocess.run(["dd", f"if={path}", "of=/dev/null", "bs=1M", "iflag=direct"], capture_output=True, text=True)
        m = re.search(r"copied, ([\d.]+) s", r.stderr)
        seq.append(DEV_FILE_BYTES / float(m.group(1)) / 1e6)
    rnd = {}
    pages = DEV_FILE_BYTES // PAGE
    for depth in DEV_DEPTHS:
        runs = []
        for _ in range(REPEATS):
            drop_caches()
            per = DEV_RANDOM_READS // depth
            lat = []

            def worker():
                fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
                buf = mmap.mmap(-1, PAGE)
                rng = random.Random()
                for _ in range(per):
                    t = time.perf_counter()
                    os.preadv(fd, [buf], rng.randrange(pages) * PAGE)
                    lat.append(time.perf_counter() - t)
                os.close(fd)

            ts = [threading.Thread(target=worker) for _ in range(depth)]
            t0 = time.perf_counter()
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            el = time.perf_counter() - t0
            runs.append({"iops": per * depth / el, "latency_us": statistics.median(lat) * 1e6})
        rnd[f"qd{depth}"] = {"iops": statistics.median(r["iops"] for r in runs),
                             "latency_us": statistics.median(r["latency_us"] for r in runs), "runs": runs}
    res = {"seq_read_mbps": statistics.median(seq), "seq_runs_mbps": seq, "random_16k": rnd}
    log("device:", json.dumps(res))
    return res


def device_pages():
    """Sequential O_DIRECT reads by 16 KiB requests, one at a time: InnoDB's unit of I/O."""
    path = os.path.join(WORK, "device.bin")
    runs = []
    for _ in range(REPEATS):
        drop_caches()
        r = subprocess.run(["dd", f"if={path}", "of=/dev/null", f"bs={PAGE}", "iflag=direct"], capture_output=True, text=True)
        runs.append(DEV_FILE_BYTES / float(re.search(r"copied, ([\d.]+) s", r.stderr).group(1)) / 1e6)
    res = {"seq_read_16k_mbps": statistics.median(runs), "runs_mbps": runs}
    log("device, 16 KiB requests:", json.dumps(res))
    return res


# Warm-up.
def table_pages(name):
    # Clustered-index pages as InnoDB counts them (persistent statistics, after ANALYZE).
    sql(f"ANALYZE TABLE {name}")
    return int(sql(f"SELECT stat_value FROM mysql.innodb_index_stats WHERE database_name='test' AND table_name='{name}' "
                   "AND index_name='PRIMARY' AND stat_name='size'"))


def load_status():
    return sql("SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_LOAD_STATUS'")


def data_pages():
    return int(sql("SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_PAGES_DATA'"))


def warmup():
    init()
    start(WARM_POOL)
    sizes = []
    for size in WARM_SIZES:
        name = f"w{size >> 20}"
        # About 0.88 of a page holds rows (fill and headers); rows of WARM_PAD + 30 bytes.
        rows = int(size * 0.88 / (WARM_PAD + 30))
        if not sql(f"SHOW TABLES LIKE '{name}'"):
            sql(f"CREATE TABLE {name} (id INT PRIMARY KEY, pad CHAR({WARM_PAD}) NOT NULL) ENGINE=InnoDB")
            sql(f"INSERT INTO {name} SELECT seq, RPAD(MD5(seq), {WARM_PAD}, 'x') FROM seq_1_to_{rows}")
        sizes.append((size, name, rows, table_pages(name)))
    stop()
    out = []
    for size, name, rows, pages in sizes:
        runs = []
        for rep in range(REPEATS):
            start(WARM_POOL)
            before = data_pages()
            drop_caches()
            q = f"SELECT COUNT(*) FROM {name} WHERE pad = 'none'"
            cold = timed(q)
            warm = timed(q)
            sql("SET GLOBAL innodb_buffer_pool_dump_now = ON")
            while not sql("SELECT variable_value FROM information_schema.global_status "
                          "WHERE variable_name='INNODB_BUFFER_POOL_DUMP_STATUS'").startswith("Buffer pool(s) dump completed"):
                time.sleep(0.05)
            with open(os.path.join(DATA, "ib_buffer_pool")) as f:
                dumped = sum(1 for _ in f)
            stop()
            start(WARM_POOL)
            drop_caches()
            t0 = time.perf_counter()
            sql("SET GLOBAL innodb_buffer_pool_load_now = ON")
            while not load_status().startswith("Buffer pool(s) load completed"):
                time.sleep(0.01)
            load = time.perf_counter() - t0
            loaded = data_pages()
            stop()
            runs.append({"cold_scan_s": cold, "warm_scan_s": warm, "load_s": load, "dumped_pages": dumped,
                         "pages_after_load": loaded, "pages_before_scan": before})
            log(f"warm-up {name} rep {rep + 1}: {json.dumps(runs[-1])}")
        # Cross-check: the same load at startup, from the error log's timestamps (1 s resolution).
        open(ERRLOG, "w").close()
        drop_caches()
        start(WARM_POOL, load_at_startup=True)
        while not load_status().startswith("Buffer pool(s) load completed"):
            time.sleep(0.05)
        stop()
        with open(ERRLOG) as f:
            lines = [ln.rstrip() for ln in f if "Loading buffer pool(s)" in ln or "load completed" in ln]
        med = {k: statistics.median(r[k] for r in runs) for k in ("cold_scan_s", "warm_scan_s", "load_s", "dumped_pages")}
        out.append({"table": name, "target_bytes": size, "rows": rows, "clustered_pages": pages,
                    "clustered_bytes": pages * PAGE, "median": med, "runs": runs, "startup_load_log": lines})
        log(f"warm-up {name}: {pages} pages, median {json.dumps(med)}")
    return out


# Partitions.
def partitions():
    init()
    start(PART_POOLS["memory"])
    base = "pbase"
    rows = PART_KEYS * PART_ROWS_PER_KEY
    if not sql(f"SHOW TABLES LIKE '{base}'"):
        sql(f"CREATE TABLE {base} (k INT NOT NULL, seq INT NOT NULL, pad CHAR({PART_PAD}) NOT NULL, PRIMARY KEY (k, seq))")
        sql(f"INSERT INTO {base} SELECT s DIV {PART_ROWS_PER_KEY}, s MOD {PART_ROWS_PER_KEY}, RPAD(MD5(s), {PART_PAD}, 'x') "
            f"FROM (SELECT seq - 1 AS s FROM seq_1_to_{rows}) x")
    tables = []
    for n in PART_COUNTS:
        name = f"p{n}"
        if not sql(f"SHOW TABLES LIKE '{name}'"):
            sql(f"CREATE TABLE {name} LIKE {base}")
            sql(f"ALTER TABLE {name} PARTITION BY HASH(seq) PARTITIONS {n}")
            sql(f"INSERT INTO {name} SELECT * FROM {base}")
        sql(f"ANALYZE TABLE {name}")
        pages = int(sql(f"SELECT SUM(stat_value) FROM mysql.innodb_index_stats WHERE database_name='test' "
                        f"AND table_name LIKE '{name}#P#%' AND index_name='PRIMARY' AND stat_name='size'") or 0)
        plan = sql(f"EXPLAIN PARTITIONS SELECT * FROM {name} WHERE k = 7 LIMIT {PART_LIMIT}")
        # Pages the planner touches (records-in-range dives): EXPLAIN plans without executing. The
        # counter is global, so purge and statistics work after the load adds to it; `dives` takes
        # the same figure on a quiet server.
        stat = "SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_READ_REQUESTS'"
        r0 = int(sql(stat))
        for i in range(100):
            sql(f"EXPLAIN SELECT * FROM {name} WHERE k = {i * 37 % PART_KEYS} LIMIT {PART_LIMIT}")
        r1 = int(sql(stat))
        plan += f"; page requests per EXPLAIN: {(r1 - r0) / 100}"
        tables.append((n, name, pages, plan))
    stop()
    rng = random.Random(42)
    out = {"rows": rows, "keys": PART_KEYS, "rows_per_key": PART_ROWS_PER_KEY, "limit": PART_LIMIT,
           "queries_per_run": PART_QUERIES, "tables": [], "qps": {}}
    qdir = os.path.join(WORK, "queries")
    os.makedirs(qdir, exist_ok=True)
    for n, name, pages, plan in tables:
        out["tables"].append({"partitions": n, "clustered_pages": pages, "explain": plan})
        with open(os.path.join(qdir, f"{name}.sql"), "w") as f:
            for _ in range(PART_QUERIES):
                f.write(f"SELECT * FROM {name} WHERE k = {rng.randrange(PART_KEYS)} LIMIT {PART_LIMIT};\n")
    for regime, pool in PART_POOLS.items():
        out["qps"][regime] = {"buffer_pool_bytes": pool, "by_partitions": {}}
        for n, name, pages, plan in tables:
            runs = []
            for rep in range(REPEATS):
                start(pool)
                drop_caches()
                # Warm the pool with one pass of the same lookups (in memory: all of the table).
                if regime == "memory":
                    sql(f"SELECT COUNT(*) FROM {name} WHERE pad <> ''")
                slap(name, qdir)
                reads0 = int(sql("SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_READS'"))
                secs = slap(name, qdir)
                reads1 = int(sql("SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_READS'"))
                stop()
                runs.append({"qps": PART_QUERIES / secs, "reads_per_query": (reads1 - reads0) / PART_QUERIES})
                log(f"partitions {regime} {name} rep {rep + 1}: {json.dumps(runs[-1])}")
            med = {"qps": statistics.median(r["qps"] for r in runs),
                   "reads_per_query": statistics.median(r["reads_per_query"] for r in runs)}
            out["qps"][regime]["by_partitions"][str(n)] = {"median": med, "runs": runs}
            log(f"partitions {regime} {name}: median {json.dumps(med)}")
    return out


def dives():
    """Buffer-pool page requests of the planner alone (EXPLAIN), on a quiet server, per table."""
    out = {}
    stat = "SELECT variable_value FROM information_schema.global_status WHERE variable_name='INNODB_BUFFER_POOL_READ_REQUESTS'"
    for n in PART_COUNTS:
        runs = []
        for _ in range(REPEATS):
            start(PART_POOLS["memory"])
            sql(f"SELECT COUNT(*) FROM p{n} WHERE pad <> ''")
            time.sleep(2)
            r0 = int(sql(stat))
            sql("; ".join(f"EXPLAIN SELECT * FROM p{n} WHERE k = {i * 37 % PART_KEYS} LIMIT {PART_LIMIT}" for i in range(100)))
            runs.append((int(sql(stat)) - r0) / 100)
            # Index lookups of executing the statement: one per partition whose index it opens.
            keys = sql(f"FLUSH STATUS; SELECT * FROM p{n} WHERE k = 7 LIMIT {PART_LIMIT}; "
                       "SELECT variable_value FROM information_schema.session_status WHERE variable_name='HANDLER_READ_KEY'")
            stop()
        out[str(n)] = {"median": statistics.median(runs), "runs": runs, "handler_read_key": int(keys.splitlines()[-1])}
        log(f"dives p{n}: page requests per EXPLAIN {json.dumps(out[str(n)])}")
    return out


def slap(name, qdir):
    r = subprocess.run(["mariadb-slap", "-uroot", "-S", SOCK, "--create-schema=test", "--concurrency=1", "--iterations=1",
                        f"--query={os.path.join(qdir, name + '.sql')}", "--delimiter=;"], capture_output=True, text=True)
    m = re.search(r"Average number of seconds to run all queries: ([\d.]+)", r.stdout)
    if not m:
        raise RuntimeError(r.stdout + r.stderr)
    return float(m.group(1))


def machine():
    mem = open("/proc/meminfo").readline().split()[1]
    return {"cores": os.cpu_count(), "mem_kib": int(mem), "server": sql("SELECT VERSION()") if server else None,
            "kernel": os.uname().release, "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def main():
    what = sys.argv[1:] or ["device", "device-pages", "warmup", "partitions", "dives"]
    res = json.load(open(OUT)) if os.path.exists(OUT) else {}
    init()
    start(128 << 20)
    res["machine"] = machine()
    stop()
    try:
        for w in what:
            t0 = time.strftime("%H:%M:%S", time.gmtime())
            res[w] = {"device": device, "device-pages": device_pages, "warmup": warmup, "partitions": partitions,
                      "dives": dives}[w]()
            res[w + "_ran_utc"] = f"{t0}-{time.strftime('%H:%M:%S', time.gmtime())}"
            with open(OUT, "w") as f:
                json.dump(res, f, indent=1)
                f.write("\n")
    finally:
        stop()


if __name__ == "__main__":
    main()
