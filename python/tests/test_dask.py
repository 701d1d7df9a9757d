"""soumille.dask on a local cluster of two workers: the table of a corpus written as Parquet
parts equals the binary's table, and the check counts equal `check`'s."""

import json
import os
import pathlib
import subprocess

import duckdb
import pytest
from dask.distributed import Client, LocalCluster

import soumille.dask

ROOT = pathlib.Path(__file__).resolve().parents[2]


def binary(*args):
    b = os.environ.get("SOUMILLE_BIN") or str(ROOT / "target/release/soumille")
    assert os.path.exists(b), f"no soumille binary at {b}: run scripts/test-python"
    return subprocess.run([b, *map(str, args)], capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    d = tmp_path_factory.mktemp("dask-corpus")
    for seed in range(6):
        (d / f"gt{seed}.stn").write_text(binary("generate", "--games", "20", "--seed", seed))
        (d / f"bg{seed}.stn").write_text(binary("generate", "--games", "20", "--seed", seed, "--game", "backgammon"))
    return d


@pytest.fixture(scope="module")
def client():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as c:
            yield c


def test_tabulate_on_two_workers(corpus, client, tmp_path):
    out = tmp_path / "throws"
    summary = soumille.dask.tabulate(client, [corpus], out, of="throws", batch=3)
    assert summary["files"] == 12 and len(summary["parts"]) == 4
    csv = binary("table", corpus, "--of", "throws", "--to", "csv").splitlines()
    assert summary["rows"] == len(csv) - 1 > 1000
    con = duckdb.connect()
    rows = con.execute(f"SELECT count(*), count(DISTINCT path) FROM '{out}/*.parquet'").fetchone()
    assert rows == (len(csv) - 1, 12)
    (tmp_path / "b.csv").write_text("\n".join(csv) + "\n")
    order = "ORDER BY path, CAST(record AS INT), CAST(number AS INT)"
    plays = con.execute(f"SELECT play, after FROM '{out}/*.parquet' {order}").fetchall()
    expected = con.execute(f"SELECT play, after FROM read_csv('{tmp_path}/b.csv', all_varchar=true) {order}").fetchall()
    assert plays == expected


def test_check_on_two_workers(corpus, client):
    got = soumille.dask.check(client, [corpus], batch=2)
    summary = json.loads(binary("check", corpus, "--format", "json"))["summary"]
    assert got == {"files": 12, "games": summary["games"], "throws": summary["throws"], "flags": summary["flags"]}
    assert len(client.scheduler_info()["workers"]) == 2
