#!/usr/bin/env bash
# Rebuild the variable catalogue (rules/variables/*.json).
#
# Step 1 (needs the source snapshots and a MariaDB server; the results are committed under
# scripts/catalogue/snapshots/, so step 2 alone reproduces the catalogue):
#   MIRROR=/work/.mirror   # git directories fetched from GitHub (no work tree needed)
#   S=scripts/catalogue/snapshots
#   python3 scripts/catalogue/extract_mysql_source.py $MIRROR/adofsauron+mysql-5.7.41-dev/repo a5933a0c \
#       mysql 5.7.41 $S/mysql-5.7.41.json --repo adofsauron/mysql-5.7.41-dev --prefix origin/mysql-5.7.41/
#   python3 scripts/catalogue/extract_mysql_source.py $MIRROR/enhancedformysql+mysql-8.0.41/repo 7982b094 \
#       mysql 8.0.41 $S/mysql-8.0.41.json --repo enhancedformysql/mysql-8.0.41
#   python3 scripts/catalogue/extract_mysql_source.py $MIRROR/Shannon-Data+ShannonBase/repo d19956264 \
#       mysql 8.4.8 $S/mysql-8.4.8.json --repo Shannon-Data/ShannonBase
#   python3 scripts/catalogue/extract_mysql_source.py $MIRROR/zettadb+kunlun-storage-8.0.26/repo 75f020d0 \
#       percona 8.0.26-17 $S/percona-8.0.26.json --repo zettadb/kunlun-storage-8.0.26
#   python3 scripts/catalogue/extract_mysql_source.py $MIRROR/gaopengcarl+percona-server-locks-detail-5.7.22/repo 2f8823f2 \
#       percona 5.7.22-22 $S/percona-5.7.22.json --repo gaopengcarl/percona-server-locks-detail-5.7.22
#   python3 scripts/catalogue/extract_mysql_docs_changes.py $MIRROR/tavaresgerson+mysql-docs/repo \
#       f44f3499a189ce8a33542a4cb7dbb68464141c59 $S/mysql-optvar-changes.json
#   python3 scripts/catalogue/extract_ndb_docs.py $MIRROR/tavaresgerson+mysql-docs/repo \
#       f44f3499a189ce8a33542a4cb7dbb68464141c59 $S/ndb-docs.json
#   sock=$(/work/shared/tools/mariadb-scratch.sh start .scratch/mariadb)
#   python3 scripts/catalogue/extract_mariadb_live.py "$sock" $S/mariadb-10.11.json
#   /work/shared/tools/mariadb-scratch.sh stop .scratch/mariadb
#
# Step 2: merge snapshots with the hand-curated facts (scripts/catalogue/curated.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 scripts/catalogue/build.py
