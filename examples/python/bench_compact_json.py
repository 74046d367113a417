"""Size and load time of hexmap's full JSON export against its compact form.

    python3 bench_compact_json.py FULL.json COMPACT.json [--runs 5]

Prints each file's bytes and the median of RUNS `json.load` times (the standard library's,
as a game written in Python loads it), then the two ratios. The figures in
docs/BENCHMARKS.md ("Compact JSON") come from this script.
"""

import argparse
import json
import os
import statistics
import time


def load_seconds(path, runs):
    """The median time of `runs` json.load calls of `path`, in seconds (each run opens the
    file afresh; the first run also warms the OS's file cache like the others)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        with open(path, "rb") as f:
            json.load(f)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("full")
    parser.add_argument("compact")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    # One run of each first, so both are timed from the OS's file cache.
    for path in (args.full, args.compact):
        load_seconds(path, 1)
    rows = []
    for name, path in (("full", args.full), ("compact", args.compact)):
        rows.append((name, os.path.getsize(path), load_seconds(path, args.runs)))
    for name, size, seconds in rows:
        print(f"{name:8} {size:>12,} bytes  json.load median {seconds * 1000:9.1f} ms")
    (_, full_size, full_s), (_, compact_size, compact_s) = rows
    print(f"bytes: compact is 1/{full_size / compact_size:.1f} of full")
    print(f"json.load: compact is {full_s / compact_s:.1f}x faster (medians of {args.runs})")


if __name__ == "__main__":
    main()
