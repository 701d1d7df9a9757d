"""A corpus of many files checked or tabulated across the workers of a Dask cluster
(``dask.distributed``), written as Parquet (docs/data.md §6).

    from dask.distributed import Client, LocalCluster
    import soumille.dask

    with Client(LocalCluster(n_workers=2, threads_per_worker=1)) as client:
        summary = soumille.dask.tabulate(client, ["archive/"], "out/throws", of="throws")

Each task is one batch of files: the worker reads and replays them with the package (as
``soumille table``) and writes one Parquet file, ``part-00000.parquet``, … into the output
folder, which DuckDB (``'out/throws/*.parquet'``), pandas or ``dask.dataframe`` read as one
table. Only the file names travel to the workers and only counts come back, so the same code
runs on a real cluster whose workers see the same files (a shared file system).
"""

from __future__ import annotations

import os
import pathlib
from typing import Iterable, Union

from . import _soumille

__all__ = ["files_of", "batches", "tabulate", "check"]


def files_of(paths: Iterable[Union[str, os.PathLike]]) -> list:
    """The ``.stn`` files of files and folders, in sorted order (as the binary walks them)."""
    out = []
    for p in paths:
        p = pathlib.Path(p)
        if p.is_dir():
            out.extend(sorted(str(f) for f in p.rglob("*.stn") if f.is_file()))
        else:
            out.append(str(p))
    return out


def batches(files: list, size: int) -> list:
    """The files in batches of ``size`` (the last one shorter)."""
    return [files[k:k + size] for k in range(0, len(files), size)]


def _table_part(files: list, of: str, out: str, part: int) -> dict:
    import pyarrow.parquet as pq
    import io

    data = _soumille.table_parquet(files, of)
    table = pq.read_table(io.BytesIO(data))
    path = os.path.join(out, f"part-{part:05d}.parquet")
    pq.write_table(table, path)
    return {"files": len(files), "rows": table.num_rows, "path": path}


def tabulate(client, paths, out: Union[str, os.PathLike], of: str = "throws", batch: int = 16) -> dict:
    """The table ``of`` (docs/data.md §3) of every ``.stn`` file under ``paths``, computed on
    the client's workers a batch of files a task, written as Parquet parts into ``out``.
    Returns the files, rows and parts written."""
    out = str(out)
    os.makedirs(out, exist_ok=True)
    jobs = batches(files_of(paths), batch)
    futures = [client.submit(_table_part, b, of, out, k, pure=False) for k, b in enumerate(jobs)]
    done = client.gather(futures)
    return {
        "files": sum(d["files"] for d in done),
        "rows": sum(d["rows"] for d in done),
        "parts": [d["path"] for d in done],
    }


def _check_part(files: list) -> dict:
    import json

    games = throws = flags = 0
    for f in files:
        text = pathlib.Path(f).read_bytes().decode("utf-8", "replace")
        for k, rec in enumerate(json.loads(_soumille.read_json(text))):
            if rec["errors"]:
                continue
            rp = json.loads(_soumille.replay_json(text, k))
            games += 1
            throws += len(rec["throws"])
            flags += len(rp["flags"])
    return {"files": len(files), "games": games, "throws": throws, "flags": flags}


def check(client, paths, batch: int = 16) -> dict:
    """Every record of the ``.stn`` files under ``paths`` replayed on the client's workers:
    the files, games, throws and flags counted."""
    futures = [client.submit(_check_part, b, pure=False) for b in batches(files_of(paths), batch)]
    total = {"files": 0, "games": 0, "throws": 0, "flags": 0}
    for d in client.gather(futures):
        for k in total:
            total[k] += d[k]
    return total
