"""Reading the MySQL manuals' markdown copy (tavaresgerson/mysql-docs) at a commit, for the docs extractors."""
import json
import subprocess


def chapters(gitdir, commit, paths):
    """(series, text) of each chapter, read from the repository at the commit."""
    for series, path in paths.items():
        yield series, subprocess.run(["git", "-C", gitdir, "show", f"{commit}:{path}"], check=True,
                                     capture_output=True, text=True).stdout


def source(commit, paths, urls):
    return {"repo": "tavaresgerson/mysql-docs", "commit": commit, "paths": paths, "urls": urls}


def write_json(out, result):
    with open(out, "w") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")
