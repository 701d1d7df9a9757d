"""`soumille table` read by DuckDB and pandas (docs/data.md §3, §4): the tables of the real
matches of tests/data/real-matches, their row counts and values against `check` and
`select`, and every SQL query of docs/data.md §4 run on them."""

import json
import os
import pathlib
import re
import subprocess

import duckdb
import pandas
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def soumille(*args, ok=(0,)):
    """Runs the binary (SOUMILLE_BIN, as scripts/test-python builds it); fails when missing."""
    binary = os.environ.get("SOUMILLE_BIN") or str(ROOT / "target/release/soumille")
    assert os.path.exists(binary), f"no soumille binary at {binary}: run scripts/test-python"
    p = subprocess.run([binary, *map(str, args)], capture_output=True)
    assert p.returncode in ok, (args, p.returncode, p.stderr.decode())
    return p.stdout.decode()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The FIBS matches imported as STN files."""
    d = tmp_path_factory.mktemp("real")
    fibs = sorted((ROOT / "tests/data/real-matches/fibs").glob("*.txt"))
    assert len(fibs) > 50
    for f in fibs:
        (d / (f.stem + ".stn")).write_text(soumille("import", f))
    return d


@pytest.fixture(scope="module")
def tables(corpus, tmp_path_factory):
    """Each table as Parquet and as CSV."""
    out = tmp_path_factory.mktemp("tables")
    for of in ["throws", "flags", "games", "matches"]:
        soumille("table", corpus, "--of", of, "--to", "parquet", "-o", out / f"{of}.parquet")
        soumille("table", corpus, "--of", of, "--to", "csv", "-o", out / f"{of}.csv")
    return out


def check_summary(corpus):
    report = json.loads(soumille("check", corpus, "--format", "json", ok=(0, 1)))
    return report["summary"], report["files"]


def test_row_counts_agree_with_check(corpus, tables):
    summary, files = check_summary(corpus)
    con = duckdb.connect()
    games = con.execute(f"SELECT count(*) FROM '{tables}/games.parquet'").fetchone()[0]
    assert games == summary["games"] == 627
    # every throw of a record replayed to its end is a row
    whole = con.execute(
        f"SELECT sum(throws) FROM '{tables}/games.parquet' WHERE stopped_at IS NULL"
    ).fetchone()[0]
    rows = con.execute(
        f"""SELECT count(*) FROM '{tables}/throws.parquet' t JOIN '{tables}/games.parquet' g
            USING (path, record) WHERE g.stopped_at IS NULL"""
    ).fetchone()[0]
    assert rows == whole > 0
    assert con.execute(f"SELECT sum(throws) FROM '{tables}/games.parquet'").fetchone()[0] == summary["throws"]
    flags = con.execute(f"SELECT count(*) FROM '{tables}/flags.parquet'").fetchone()[0]
    assert flags == summary["flags"]
    assert con.execute(f"SELECT count(*) FROM '{tables}/matches.parquet'").fetchone()[0] == len(files)


def test_values_read_back(corpus, tables):
    con = duckdb.connect()
    first = sorted(corpus.glob("*.stn"))[0]
    row = con.execute(
        f"""SELECT game, number, seat, dice, play, lawful, cube, before FROM '{tables}/throws.parquet'
            WHERE path = '{first}' AND record = 1 AND number = 1"""
    ).fetchone()
    text = first.read_text()
    throw1 = re.search(r"^1\. (top|bottom): (\d-\d) (.*)$", text, re.M)
    assert row[0] == "backgammon"
    assert (row[1], row[2], row[3]) == (1, throw1.group(1), throw1.group(2))
    assert row[4] == throw1.group(3).split(" {")[0].strip()
    assert row[5] is True and row[6] == 1
    assert row[7].startswith("A2M5R3T5/F5H3N5&2 ")
    # the Match tag as a number, the winner by the replay
    g = con.execute(
        f"SELECT match_length, winner, result_tag FROM '{tables}/games.parquet' WHERE path = '{first}' AND record = 1"
    ).fetchone()
    assert g[0] == int(re.search(r'\[Match "(\d+)"\]', text).group(1))
    assert g[2].startswith(g[1])


def test_pandas_reads_parquet_and_csv_alike(tables):
    for of in ["throws", "flags", "games", "matches"]:
        p = pandas.read_parquet(tables / f"{of}.parquet")
        c = pandas.read_csv(tables / f"{of}.csv", keep_default_na=False, na_values=[""])
        assert list(p.columns) == list(c.columns)
        assert len(p) == len(c) > 0
        for col in p.columns:
            if p[col].dtype == object:
                a = p[col].fillna("").astype(str).tolist()
                b = c[col].fillna("").astype(str).tolist()
                assert a == b, (of, col)
    t = pandas.read_parquet(tables / "throws.parquet")
    assert t["lawful"].dtype == bool
    assert set(t["seat"]) == {"top", "bottom"}


def sql_blocks():
    doc = (ROOT / "docs/data.md").read_text()
    section = doc[doc.index("## 4. "):doc.index("## 5. ")]
    return re.findall(r"```sql\n(.*?)```", section, re.S)


def test_the_chapters_five_questions_run(corpus, tables):
    blocks = sql_blocks()
    assert len(blocks) == 5
    con = duckdb.connect()
    results = []
    for q in blocks:
        for of in ["throws", "flags", "games", "matches"]:
            q = q.replace(f"'{of}.parquet'", f"'{tables}/{of}.parquet'")
        rows = con.execute(q).fetchall()
        assert rows, q
        results.append(rows)
    # question 1 finds the games `select --event cube>=8` finds
    assert len(results[0]) == int(soumille("select", corpus, "--event", "cube>=8", "--count"))
    # question 5: every game of the corpus is backgammon
    assert [r[0] for r in results[4]] == ["backgammon"] and results[4][0][1] == 627
