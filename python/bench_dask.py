"""Throws a second of soumille.dask.tabulate on a local cluster of 1 and 2 workers, against
the package in one process (docs/data.md §6). Usage: python bench_dask.py CORPUS [FILES...]"""

import shutil
import sys
import tempfile
import time

from dask.distributed import Client, LocalCluster

import soumille
import soumille.dask


def main():
    corpus = sys.argv[1]
    files = soumille.dask.files_of([corpus])
    for n in [int(a) for a in sys.argv[2:]] or [len(files)]:
        some = files[:n]
        t = time.perf_counter()
        rows = soumille.table(some, of="throws").num_rows
        alone = time.perf_counter() - t
        line = [f"{n} files, {rows} throws: one process {rows / alone / 1e6:.2f} M/s"]
        for workers in [1, 2]:
            with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None) as cl, Client(cl) as c:
                out = tempfile.mkdtemp()
                t = time.perf_counter()
                s = soumille.dask.tabulate(c, some, out, of="throws", batch=max(1, n // (4 * workers)))
                took = time.perf_counter() - t
                shutil.rmtree(out)
                line.append(f"{workers} worker(s) {s['rows'] / took / 1e6:.2f} M/s ({took:.2f} s)")
        print("; ".join(line), flush=True)


if __name__ == "__main__":
    main()
