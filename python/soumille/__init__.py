"""soumille for Python: records of French tables games (Grand Trictrac in Soumille's
notation, Trictrac à écrire, Jacquet, Moultezim, Backgammon, the 1982 Tric Trac) read,
replayed, explained, selected and tabulated (docs/data.md §5).

    >>> import soumille
    >>> rec = soumille.read("[Game \\"grand-trictrac\\"]\\n\\n1. 6-5 AG AF\\n")[0]
    >>> rec.throws[0].dice
    '6-5'
    >>> rp = rec.replay()
    >>> rp.steps[0].after.string.split()[0]
    'A13FG/&15'

In a notebook a step shows its board (``_repr_svg_``) and a record its fiche
(``_repr_html_``).
"""

from __future__ import annotations

import io
import json
import os
from dataclasses import dataclass, field
from typing import Iterable, Optional, Union

from . import _soumille

__all__ = [
    "Record", "Throw", "Replay", "Step", "Flag", "End", "Position", "SyntaxError",
    "read", "read_file", "replay", "explain", "select", "table",
]


class SyntaxError(ValueError):  # noqa: A001 - the record's, not Python's
    """A record that could not be read; the message names its line and column."""


@dataclass(frozen=True)
class Position:
    """A position string (docs/format.md §6)."""

    string: str

    def explain(self, dice: str, game: str = "grand-trictrac") -> dict:
        """Every legal play of ``dice`` here (``explain``'s JSON)."""
        return explain(self.string, dice, game)

    def __str__(self) -> str:
        return self.string


@dataclass(frozen=True)
class Throw:
    """One throw as recorded."""

    number: int
    seat: Optional[str]
    dice: Optional[str]
    play: Optional[str]
    text: str


@dataclass(frozen=True)
class Flag:
    """A flag of the replay: its kind, rule, throw, seat and message."""

    kind: str
    rule: Optional[str]
    throw: Optional[int]
    seat: Optional[str]
    message: str
    data: dict = field(repr=False, compare=False, default_factory=dict)


@dataclass(frozen=True)
class End:
    """How the game ended: the winner, what it is worth, and its kind (``gammon``, …)."""

    winner: str
    value: float
    kind: Optional[str]


@dataclass(frozen=True)
class Step:
    """One throw replayed: the play, whether it was lawful, the positions before and after."""

    number: int
    seat: str
    dice: Optional[str]
    play: str
    applied: Optional[str]
    lawful: bool
    before: Position
    after: Position
    points: tuple
    releve: bool
    _record: "Record" = field(repr=False, compare=False, default=None)

    def _repr_svg_(self) -> str:
        return self._record.board(self.number)


@dataclass(frozen=True)
class Replay:
    """A record replayed: its steps, flags and end."""

    steps: list
    flags: list
    end: Optional[End]
    stopped_at: Optional[int]
    last: Optional[Position]


class Record:
    """One record: its tags, game and throws; ``replay()`` plays it through the rules."""

    def __init__(self, data: dict, source: str, index: int, path: Optional[str] = None):
        self._source = source
        self._index = index
        self.path = path
        self.game: str = data["game"]
        self.tags: dict = dict(data["tags"])
        self.throws: list = [Throw(**t) for t in data["throws"]]
        self.text: str = data["text"]

    def __repr__(self) -> str:
        who = " – ".join(self.tags.get(t, "?") for t in ("Top", "Bottom"))
        return f"<Record {self.game} {who}, {len(self.throws)} throws>"

    def replay(self) -> Replay:
        """The replay: every step and flag (docs/rules.md, docs/games.md)."""
        d = json.loads(_soumille.replay_json(self._source, self._index))
        steps = [
            Step(
                number=s["number"], seat=s["seat"], dice=s["dice"], play=s["play"], applied=s["applied"],
                lawful=s["lawful"], before=Position(s["before"]), after=Position(s["after"]),
                points=tuple(s["points"]), releve=s["releve"], _record=self,
            )
            for s in d["steps"]
        ]
        flags = [
            Flag(kind=f["kind"], rule=f.get("rule"), throw=f.get("throw"), seat=f.get("seat"),
                 message=f["message"], data=f)
            for f in d["flags"]
        ]
        end = End(**d["end"]) if d["end"] else None
        last = Position(d["last"]) if d["last"] else None
        return Replay(steps=steps, flags=flags, end=end, stopped_at=d["stopped_at"], last=last)

    def board(self, at: int = 0) -> str:
        """The board after throw ``at`` (0: the start), as SVG."""
        return _soumille.board_svg(self._source, self._index, at)

    def sheet_html(self) -> str:
        """The fiche: the score sheet as an HTML page."""
        return _soumille.sheet_html(self._source, self._index)

    def _repr_html_(self) -> str:
        return self.sheet_html()


def read(text: str, path: Optional[str] = None) -> list:
    """Every record of an STN text; a record with syntax errors raises ``SyntaxError``
    naming its line and column."""
    out = []
    for k, d in enumerate(json.loads(_soumille.read_json(text))):
        if d["errors"]:
            e = d["errors"][0]
            where = f"{path}:" if path else ""
            raise SyntaxError(f"{where}{e['line']}:{e['column']}: {e['message']}")
        out.append(Record(d, text, k, path))
    return out


def read_file(path: Union[str, os.PathLike]) -> list:
    """Every record of an STN file."""
    with open(path, encoding="utf-8") as f:
        return read(f.read(), str(path))


def replay(record: Record) -> Replay:
    """``record.replay()``."""
    return record.replay()


def explain(position: str, dice: str, game: str = "grand-trictrac") -> dict:
    """Every legal play of ``dice`` in ``position`` (and Grand Trictrac's jans), as
    ``soumille explain --format json`` writes it."""
    return json.loads(_soumille.explain_json(game, position, dice))


def _paths(paths) -> list:
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    return [str(p) for p in paths]


def select(paths, *, tags: Iterable[str] = (), games: Iterable[str] = (), players: Iterable[str] = (),
           flags: Iterable[str] = (), events: Iterable[str] = (), positions: Iterable[str] = ()) -> list:
    """The records of files and folders that pass every criterion, as ``soumille select``'s
    options say them (docs/data.md §1): ``tags=["Match>=7"]``, ``events=["cube>=8"]``, …"""
    found = _soumille.select(_paths(paths), list(tags), list(games), list(players), list(flags),
                             list(events), list(positions))
    out = []
    for path, number, text in found:
        out.extend(read(text, f"{path}#{number}"))
    return out


def table(paths, of: str = "throws"):
    """A table of files and folders (docs/data.md §3) as a ``pyarrow.Table``;
    ``.to_pandas()`` gives a DataFrame."""
    import pyarrow.parquet as pq

    return pq.read_table(io.BytesIO(_soumille.table_parquet(_paths(paths), of)))
