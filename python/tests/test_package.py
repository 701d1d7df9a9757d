"""The Python package (`pip install ./python`): reading, replaying, explaining, boards and
fiches for notebooks, `select` and `table` to Arrow and pandas, against the samples and the
binary's answers."""

import os
import pathlib
import subprocess

import pytest

import soumille

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def binary(*args):
    b = os.environ.get("SOUMILLE_BIN") or str(ROOT / "target/release/soumille")
    assert os.path.exists(b), f"no soumille binary at {b}: run scripts/test-python"
    return subprocess.run([b, *map(str, args)], capture_output=True, text=True).stdout


def test_read_and_replay_the_teaching_game():
    recs = soumille.read_file(SAMPLES / "lepeintre-teaching-game.stn")
    assert len(recs) == 1
    rec = recs[0]
    assert rec.game == "grand-trictrac" and rec.tags["Bottom"] == "Kermadeuc"
    assert len(rec.throws) == 23 and rec.throws[0].number == 1
    rp = rec.replay()
    assert len(rp.steps) == 23
    assert all(a.after == b.before for a, b in zip(rp.steps, rp.steps[1:]))
    fausse = [f for f in rp.flags if f.kind == "fausse-case"]
    assert [(f.throw, f.rule) for f in fausse][:1] == [(13, "must-fill")]


def test_syntax_errors_name_the_place():
    with pytest.raises(soumille.SyntaxError, match=r"3:4: impossible die"):
        soumille.read_file(SAMPLES / "invalid/bad-die.stn")


def test_boards_and_fiches_for_notebooks():
    rec = soumille.read_file(SAMPLES / "backgammon/gnubg-match3-game2.stn")[0]
    step = rec.replay().steps[3]
    svg = step._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    html = rec._repr_html_()
    assert "<html" in html.lower() and "</table>" in html


def test_explain_gives_the_binarys_plays():
    e = soumille.explain("A13FG/&15 bottom", "4-3")
    assert [p["notation"] for p in e["plays"]] == ["&R", "&X &V"]
    assert soumille.Position("A13FG/&15 bottom").explain("4-3") == e
    with pytest.raises(ValueError):
        soumille.explain("A15 top", "4-3")


def test_select_agrees_with_the_binary():
    for criteria, args in [
        ({"games": ["jacquet"]}, ["--game", "jacquet"]),
        ({"flags": ["ecole"]}, ["--flag", "ecole"]),
        ({"events": ["end=gammon"]}, ["--event", "end=gammon"]),
        ({"tags": ["Result~^top"]}, ["--tag", "Result~^top"]),
    ]:
        got = soumille.select(SAMPLES, **criteria)
        assert len(got) == int(binary("select", SAMPLES, *args, "--count")), criteria
        assert all(isinstance(r, soumille.Record) for r in got)


def test_tables_to_arrow_and_pandas():
    t = soumille.table(SAMPLES / "backgammon", of="throws")
    df = t.to_pandas()
    assert list(df.columns)[:6] == ["path", "record", "game", "number", "seat", "dice"]
    games = soumille.table(SAMPLES / "backgammon", of="games").to_pandas()
    assert len(games) == int(binary("select", SAMPLES / "backgammon", "--count"))
    # the binary's table, row for row
    csv = binary("table", SAMPLES / "backgammon", "--of", "throws", "--to", "csv").splitlines()
    assert len(df) == len(csv) - 1 > 100
    assert df["play"].tolist() == [line.split(",")[6] for line in csv[1:]]
    with pytest.raises(ValueError):
        soumille.table(SAMPLES, of="moves")
