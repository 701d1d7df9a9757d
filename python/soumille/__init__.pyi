"""Typed stubs of the soumille package (docs/data.md §5)."""

import os
from dataclasses import dataclass
from typing import Iterable, Optional, Union

import pyarrow

class SyntaxError(ValueError): ...

@dataclass(frozen=True)
class Position:
    string: str
    def explain(self, dice: str, game: str = ...) -> dict: ...

@dataclass(frozen=True)
class Throw:
    number: int
    seat: Optional[str]
    dice: Optional[str]
    play: Optional[str]
    text: str

@dataclass(frozen=True)
class Flag:
    kind: str
    rule: Optional[str]
    throw: Optional[int]
    seat: Optional[str]
    message: str
    data: dict

@dataclass(frozen=True)
class End:
    winner: str
    value: float
    kind: Optional[str]

@dataclass(frozen=True)
class Step:
    number: int
    seat: str
    dice: Optional[str]
    play: str
    applied: Optional[str]
    lawful: bool
    before: Position
    after: Position
    points: tuple[int, int]
    releve: bool
    def _repr_svg_(self) -> str: ...

@dataclass(frozen=True)
class Replay:
    steps: list[Step]
    flags: list[Flag]
    end: Optional[End]
    stopped_at: Optional[int]
    last: Optional[Position]

class Record:
    path: Optional[str]
    game: str
    tags: dict[str, str]
    throws: list[Throw]
    text: str
    def replay(self) -> Replay: ...
    def board(self, at: int = ...) -> str: ...
    def sheet_html(self) -> str: ...
    def _repr_html_(self) -> str: ...

def read(text: str, path: Optional[str] = ...) -> list[Record]: ...
def read_file(path: Union[str, os.PathLike]) -> list[Record]: ...
def replay(record: Record) -> Replay: ...
def explain(position: str, dice: str, game: str = ...) -> dict: ...
def select(
    paths: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]],
    *,
    tags: Iterable[str] = ...,
    games: Iterable[str] = ...,
    players: Iterable[str] = ...,
    flags: Iterable[str] = ...,
    events: Iterable[str] = ...,
    positions: Iterable[str] = ...,
) -> list[Record]: ...
def table(paths: Union[str, os.PathLike, Iterable[Union[str, os.PathLike]]], of: str = ...) -> pyarrow.Table: ...
