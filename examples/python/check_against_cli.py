#!/usr/bin/env python3
"""Check the reference loader (and so docs/JSON.md) against the hexmap CLI.

    python3 examples/python/check_against_cli.py --hexmap target/release/hexmap

(a) Every map in maps/: export to JSON, validate against docs/hexmap-cells.schema.json,
    load with hexmap_loader, check the export's own consistency (s, col/row, edges, paths,
    shape, bounds, layout), import it back with `hexmap import` and export it again (the
    same bytes),
    then compare Dijkstra route costs with `hexmap route --json`, reach sets with
    `hexmap reach --json`, offset coordinates with `hexmap coord --json` and pixel centres,
    corners and sides with `hexmap pick`.
    On every map also: its field of view against `hexmap fov --json`, the game master's
    secrets it reads (`gm_only`, `note_gm_only`) against `hexmap secret MAP list --json`,
    and its own player view (fog, secrets, heights) against `export --player-view`: the
    same cells, terrain names, features, paths, icons, labels, regions and party, and
    lists that name only what is seen, with ids that count nothing hidden.
(b) The same on random maps written as RON from docs/FORMAT.md with a fixed seed
    (fractional edge and path costs, blocking edges, roads over impassable terrain, holes,
    every shape and offset kind), also checking that the export holds exactly the terrain,
    edges (named by direction) and paths written; then fogged with `hexmap fog` and given
    secrets with `hexmap secret`, and checked again.
(c) A generated world (heights on every cell), fogged, and tests/fixtures/every-secret.ron
    (a secret of every kind).

Prints "N routes, M reach queries, K disagreements" last and exits 1 on any disagreement
(2 when it cannot run: no jsonschema, no hexmap binary).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True  # leave no __pycache__ in the repository

import hexmap_loader as hl  # noqa: E402
import hexmap_queries as hq  # noqa: E402

try:
    import jsonschema  # noqa: E402
except ImportError:
    print(
        "check_against_cli.py: the Python package 'jsonschema' is missing "
        "(python3 -m pip install jsonschema); it validates the exports against "
        "docs/hexmap-cells.schema.json",
        file=sys.stderr,
    )
    sys.exit(2)


class Checker:
    def __init__(self, hexmap: str, jobs: int, verbose: bool):
        self.hexmap = hexmap
        self.jobs = jobs
        self.verbose = verbose
        self.routes = 0
        self.reaches = 0
        self.fovs = 0
        self.questions: dict[str, int] = {}
        self.compacts = 0
        self.player_views = 0
        self.coords = 0
        self.picks = 0
        self.cli_calls = 0
        self.problems: list[str] = []
        self.cases: dict[str, int] = dict.fromkeys(
            ["along a path", "by path into impassable terrain", "by path across a costly side",
             "across a side with extra cost", "free", "fractional",
             "impassable sides beside the route"], 0)
        schema = json.loads((REPO / "docs" / "hexmap-cells.schema.json").read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        self.validator = jsonschema.Draft202012Validator(schema)

    # ---- running the CLI --------------------------------------------------------------

    def run(self, *args: str) -> subprocess.CompletedProcess:
        self.cli_calls += 1
        return subprocess.run(
            [self.hexmap, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL
        )

    def run_json(self, *args: str):
        p = self.run(*args)
        if p.returncode != 0:
            raise RuntimeError(f"hexmap {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
        return json.loads(p.stdout)

    def parallel(self, fn, items):
        """fn over items, `jobs` at once, in order; a run that fails is reported and its
        result is None (callers skip it)."""

        def safe(item):
            try:
                return fn(item)
            except (RuntimeError, ValueError) as e:  # a failed run, or output that is not JSON
                self.disagree(str(e))
                return None

        if self.jobs <= 1:
            return [safe(i) for i in items]
        with ThreadPoolExecutor(self.jobs) as ex:
            return list(ex.map(safe, items))

    def disagree(self, what: str) -> None:
        self.problems.append(what)
        print(f"DISAGREEMENT: {what}", flush=True)

    # ---- one map ------------------------------------------------------------------

    def export(self, ron: Path, out: Path) -> dict | None:
        p = self.run("export", str(ron), "--to", "json", str(out))
        if p.returncode != 0:
            self.disagree(f"{ron.name}: hexmap export refuses it: {p.stderr.strip()}")
            return None
        doc = json.loads(out.read_text(encoding="utf-8"))
        errors = sorted(self.validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:5]:
            self.disagree(f"{ron.name}: schema: at /{'/'.join(map(str, e.path))}: {e.message}")
        return doc

    def check_schema_bites(self, doc: dict) -> None:
        """The schema must refuse an export with a key missing, a wrong type or an extra key."""
        import copy

        def broken(edit):
            d = copy.deepcopy(doc)
            edit(d)
            return d

        cases = {
            "a cell without terrain key": lambda d: d["cells"][0].pop("terrain"),
            "mine as a string": lambda d: d["cells"][0].update(mine="false"),
            "an extra cell key": lambda d: d["cells"][0].update(height=3),
            "a terrain cost as a string": lambda d: d["palette"][0].update(cost="2"),
            "a negative terrain cost": lambda d: d["palette"][0].update(cost=-1),
            "a terrain cost over the limit": lambda d: d["palette"][0].update(cost=1000001),
            "no edge_types": lambda d: d.pop("edge_types"),
            "version 5": lambda d: d.update(version=5),
            "version 2 (the schema is of version 4)": lambda d: d.update(version=2),
            "version 3 (the schema is of version 4)": lambda d: d.update(version=3),
            "a cell keyed q, r as version 2 was": lambda d: d["cells"][0].update(q=0, r=0),
            "a cell hex of three numbers": lambda d: d["cells"][0].update(hex=[0, 0, 0]),
            "an icon without id": lambda d: d["icons"].append(
                {"hex": [0, 0], "icon": "town", "caption": None, "scale": 1.0, "color": None}),
            "no shape": lambda d: d.pop("shape"),
            "a shape of an unknown type": lambda d: d.update(shape={"type": "circle"}),
            "a layout without origin": lambda d: d["layout"].pop("origin"),
            "an edge type without style": lambda d: d["edge_types"][0].pop("style"),
            "label settings of base 2": lambda d: d["label_settings"].update(base=2),
            "an edge hex of three numbers": lambda d: d["edges"].append(
                {"a": [0, 0, 0], "b": [1, 0], "type": 1}),
            "a path of one hex": lambda d: d["paths"].append({"type": 1, "hexes": [[0, 0]]}),
            "an icon without caption": lambda d: d["icons"].append(
                {"id": 9999, "hex": [0, 0], "icon": "town", "scale": 1.0, "color": None}),
            "a label colour without #": lambda d: d["labels"].append(
                {"text": "x", "x": 0, "y": 0, "size": 1, "rotation": 0, "color": "102030",
                 "bold": False, "italic": False, "halo": True}),
            "a note that is null": lambda d: d["cells"][0].update(note=None),
        }
        for what, edit in cases.items():
            if self.validator.is_valid(broken(edit)):
                self.disagree(f"the schema accepts an export with {what}")

    def check_structure(self, name: str, doc: dict, m: hl.HexMap) -> None:
        """What docs/JSON.md promises beyond the schema."""
        if tuple(doc["layout"]["forward"]) != hl.FORWARD[m.orientation]:
            self.disagree(f"{name}: layout.forward {doc['layout']['forward']} is not the "
                          f"documented matrix {hl.FORWARD[m.orientation]}")
        if doc["layout"]["origin"] != [0.0, 0.0]:
            self.disagree(f"{name}: layout.origin {doc['layout']['origin']} is not [0.0, 0.0]")
        for c in doc["cells"]:
            h = tuple(c["hex"])
            col, row = c["offset"]
            if hl.axial_to_offset(m.offset, h) != (col, row):
                self.disagree(
                    f"{name}: cell {h}: offset {col},{row}, expected "
                    f"{hl.axial_to_offset(m.offset, h)} in {m.offset}"
                )
            if hl.offset_to_axial(m.offset, col, row) != h:
                self.disagree(f"{name}: cell {h}: offset_to_axial does not invert")
            mines = sum(1 for d in range(6) if (n := hl.neighbor(h, d)) in m.cells and m.cells[n].mine)
            if mines != c["count"]:
                self.disagree(f"{name}: cell {h}: count {c['count']}, neighbours with mines {mines}")
        ids = [t["id"] for t in doc["palette"]]
        if len(set(ids)) != len(ids):
            self.disagree(f"{name}: palette ids repeat")
        prev = None
        for e in doc["edges"]:
            a, b = tuple(e["a"]), tuple(e["b"])
            step = (b[0] - a[0], b[1] - a[1])
            if step not in ((1, 0), (-1, 1), (0, 1)):
                self.disagree(f"{name}: edge {a}|{b}: b - a = {step}, not a canonical step")
            if a not in m.cells or b not in m.cells:
                self.disagree(f"{name}: edge {a}|{b}: not between two cells")
            key = (hl.sort_key(a), [(1, 0), (-1, 1), (0, 1)].index(step) if step in ((1, 0), (-1, 1), (0, 1)) else 9)
            if prev is not None and key <= prev:
                self.disagree(f"{name}: edges not sorted at {a}|{b}")
            prev = key
        prev = None
        icon_ids = [i["id"] for i in doc["icons"]]
        if len(set(icon_ids)) != len(icon_ids):
            self.disagree(f"{name}: icon ids repeat")
        for i in doc["icons"]:
            h = tuple(i["hex"])
            k = hl.sort_key(h)
            if h not in m.cells:
                self.disagree(f"{name}: icon on {h}, not a cell")
            if prev is not None and k < prev:
                self.disagree(f"{name}: icons not sorted by r, then q")
            prev = k
        for p in m.paths:
            for h in p.hexes:
                if h not in m.cells:
                    self.disagree(f"{name}: path through {h}, not a cell")

    def compare_routes(self, name: str, ron: Path, m: hl.HexMap, pairs) -> None:
        def ask(pair):
            a, b = pair
            return self.run_json(
                "route", "--coords", "axial", "--json", "--",
                str(ron), f"{a[0]},{a[1]}", f"{b[0]},{b[1]}",
            )

        for (a, b), got in zip(pairs, self.parallel(ask, pairs)):
            if got is None:
                continue
            self.routes += 1
            want, _ = m.route(a, b)
            cli = None if got["cost"] is None else hl.to_hundredths(got["cost"])
            if cli != want:
                self.disagree(
                    f"{name}: route {a} → {b}: loader {hl.points(want)}, "
                    f"hexmap route {got['cost']} via {got['hexes']}"
                )
                continue
            if cli is None:
                if got["hexes"] != []:
                    self.disagree(f"{name}: route {a} → {b}: unreachable but hexes given")
                continue
            hexes = [tuple(h) for h in got["hexes"]]
            if hexes[0] != a or hexes[-1] != b:
                self.disagree(f"{name}: route {a} → {b}: hexes run {hexes[0]} → {hexes[-1]}")
            self.count_cases(m, hexes)
            walked = m.path_cost(hexes)
            if walked != cli:
                self.disagree(
                    f"{name}: route {a} → {b}: the CLI's hexes cost {hl.points(walked)} "
                    f"under the rule, it says {got['cost']}"
                )

    def count_cases(self, m: hl.HexMap, hexes) -> None:
        """Which parts of the movement rule the CLI's routes used (printed at the end)."""
        for a, b in zip(hexes, hexes[1:]):
            key = hl.side_key(a, b)
            edge = m.edges.get(key)
            extra = edge is not None and m.edge_types[edge].cost
            if key in m._path_step:
                self.cases["along a path"] += 1
                if m.entry_cost(b) is None:
                    self.cases["by path into impassable terrain"] += 1
                if extra:
                    self.cases["by path across a costly side"] += 1
            elif extra:
                self.cases["across a side with extra cost"] += 1
            if m.step_cost(a, b) == 0:
                self.cases["free"] += 1
            if m.step_cost(a, b) is not None and m.step_cost(a, b) % 100:
                self.cases["fractional"] += 1
        # Sides a route could not cross: impassable edges next to its hexes.
        for h in hexes:
            for d in range(6):
                e = m.edges.get(hl.side_key(h, hl.neighbor(h, d)))
                if e is not None and m.edge_types[e].cost is None:
                    self.cases["impassable sides beside the route"] += 1

    def compare_reach(self, name: str, ron: Path, m: hl.HexMap, queries) -> None:
        def ask(query):
            a, budget = query
            return self.run_json(
                "reach", "--coords", "axial", "--json", "--",
                str(ron), f"{a[0]},{a[1]}", f"{budget / 100:.2f}",
            )

        for (a, budget), got in zip(queries, self.parallel(ask, queries)):
            if got is None:
                continue
            self.reaches += 1
            want = m.reach(a, budget)
            cli = {(q, r): hl.to_hundredths(c) for q, r, c in got["hexes"]}
            if cli != want:
                only_cli = sorted(set(cli) - set(want))[:5]
                only_mine = sorted(set(want) - set(cli))[:5]
                costs = [(h, want[h], cli[h]) for h in want if h in cli and want[h] != cli[h]][:5]
                self.disagree(
                    f"{name}: reach {a} {budget / 100}: {len(want)} cells (loader) vs "
                    f"{len(cli)} (hexmap); only hexmap {only_cli}, only loader {only_mine}, "
                    f"costs (hex, loader, hexmap) {costs}"
                )
            order = [(q, r) for q, r, _ in got["hexes"]]
            if order != sorted(order, key=hl.sort_key):
                self.disagree(f"{name}: reach {a}: hexes not sorted by r, then q")

    def compare_coords(self, name: str, ron: Path, m: hl.HexMap, cells) -> None:
        def ask(h):
            c = m.cells[h]
            return self.run_json("coord", "offset", f"{c.col},{c.row}", "--map", str(ron), "--json")

        for h, got in zip(cells, self.parallel(ask, cells)):
            if got is None:
                continue
            self.coords += 1
            if tuple(got["axial"]) != h:
                self.disagree(f"{name}: coord offset of {h}: hexmap reads it as {got['axial']}")
            for kind in hl.OFFSET_KINDS:
                if tuple(got[kind]) != hl.axial_to_offset(kind, h):
                    self.disagree(
                        f"{name}: {h} in {kind}: hexmap {got[kind]}, "
                        f"loader {hl.axial_to_offset(kind, h)}"
                    )

    def compare_picks(self, name: str, ron: Path, m: hl.HexMap, rng: random.Random, cells) -> None:
        """Points where the loader's geometry says which hex they are in, and `pick` agrees:
        the centre, a point 90 % of the way to a corner (same hex) and a point 10 % beyond
        the middle of the side facing direction d (the neighbour in direction d)."""
        queries = []
        for h in cells:
            cx, cy = m.pixel_center(h)
            queries.append(((cx, cy), h, "centre"))
            i = rng.randrange(6)
            ox, oy = m.corner_offset(i)
            queries.append(((cx + 0.9 * ox, cy + 0.9 * oy), h, f"corner {i}"))
            d = rng.randrange(6)
            p0, p1 = (m.corners(h)[k] for k in m.side_corners(d))
            mx, my = (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2
            pt = (cx + 1.1 * (mx - cx), cy + 1.1 * (my - cy))
            queries.append((pt, hl.neighbor(h, d), f"beyond side {m.direction_name(d)}"))
            if m.pixel_to_hex(*pt) != hl.neighbor(h, d):
                self.disagree(f"{name}: loader's pixel_to_hex disagrees with its own sides at {h}")

        def ask(query):
            (x, y), _, _ = query
            return self.run_json("pick", repr(x), repr(y), "--map", str(ron), "--json")

        for ((x, y), want, what), got in zip(queries, self.parallel(ask, queries)):
            if got is None:
                continue
            self.picks += 1
            if tuple(got["axial"]) != want:
                self.disagree(
                    f"{name}: pick {x!r} {y!r} ({what} of a hex): hexmap {got['axial']}, "
                    f"loader {want}"
                )

    def compare_fov(self, name: str, ron: Path, m: hl.HexMap, queries) -> None:
        """The loader's field of view (the sight rule of docs/JSON.md) against `hexmap fov`."""
        def ask(query):
            a, radius = query
            return self.run_json(
                "fov", "--coords", "axial", "--json", "--", str(ron), f"{a[0]},{a[1]}", str(radius)
            )

        for (a, radius), got in zip(queries, self.parallel(ask, queries)):
            if got is None:
                continue
            self.fovs += 1
            want = m.field_of_view(a, radius)
            cli = [tuple(h) for h in got["hexes"]]
            if cli != want:
                only_cli = sorted(set(cli) - set(want))[:5]
                only_mine = sorted(set(want) - set(cli))[:5]
                self.disagree(
                    f"{name}: fov {a} {radius}: only hexmap {only_cli}, only loader {only_mine}"
                )

    def compare_info(self, name: str, ron: Path, m: hl.HexMap) -> dict | None:
        """What `hexmap info --json` counts against what the loader read from the export:
        cells, regions, fog, GM-only items, the party, the scale, properties, key entries.
        Returns the info (None when the run fails, reported)."""
        try:
            info = self.run_json("info", str(ron), "--json")
        except (RuntimeError, ValueError) as e:
            self.disagree(f"{name}: {e}")
            return None
        hidden = sum(1 for c in m.cells.values() if not c.revealed)
        want = {
            "cells": len(m.cells),
            "regions": len(m.regions),
            "region_kinds": len(m.region_kinds),
            "fog": {"hidden": hidden, "revealed": len(m.cells) - hidden},
            "gm_only": len(m.gm_items()),
            "party": None if m.party is None else list(m.party["hex"]),
            "scale": m.scale,
            "properties": {
                "types": len(m.property_types),
                "values": sum(len(v) for v in m.properties.values()),
                "objects": len(m.properties),
            },
            "key_entries": len(m.key),
        }
        got = dict((k, info.get(k)) for k in want)
        if info.get("party") is not None:
            got["party"] = info["party"]["hex"]
        if got != want:
            differ = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
            self.disagree(f"{name}: info counts (hexmap, loader): {differ}")
        return info

    def batch(self, ron: Path, queries: list[dict]) -> list[dict] | None:
        """`hexmap batch` asked every query in one run; None when it fails (reported)."""
        self.cli_calls += 1
        p = subprocess.run(
            [self.hexmap, "batch", str(ron)], capture_output=True, text=True,
            input="".join(json.dumps(q) + "\n" for q in queries),
        )
        answers = [json.loads(line) for line in p.stdout.splitlines()]
        if p.returncode != 0 or len(answers) != len(queries):
            self.disagree(f"{ron.name}: batch: exit {p.returncode}, {len(answers)} answers "
                          f"to {len(queries)} queries: {p.stderr.strip()}")
            return None
        return answers

    def compare_questions(self, name: str, ron: Path, m: hl.HexMap, rng: random.Random,
                          n: int) -> None:
        """The loader's own answers (hexmap_queries) to random los, path-cost, distance,
        line, neighbours, ring and range questions against `hexmap batch`'s."""
        cells = sorted(m.cells, key=hl.sort_key)
        pick = lambda: list(rng.choice(cells))  # noqa: E731
        queries: list[dict] = []
        for _ in range(n):
            queries.append({"query": "los", "from": pick(), "to": pick()})
            queries.append({"query": "distance", "from": pick(), "to": pick()})
            queries.append({"query": "line", "from": pick(), "to": pick()})
            queries.append({"query": "neighbours", "hex": pick()})
            queries.append({"query": "ring", "from": pick(), "radius": rng.choice([0, 1, 2, 3, 7, 200])})
            queries.append({"query": "range", "from": pick(), "radius": rng.choice([0, 1, 2, 4, 200])})
            # A random walk: mostly neighbours, sometimes across impassable ground.
            walk = [tuple(pick())]
            for _ in range(rng.randrange(0, 9)):
                steps = m.neighbors(walk[-1])
                if not steps:
                    break
                walk.append(rng.choice(steps))
            queries.append({"query": "path-cost", "hexes": [list(h) for h in walk]})
        # Every cell seen from one eye, so blocked and open lines both come up.
        eye = pick()
        queries += [{"query": "los", "from": eye, "to": list(h)} for h in cells[:400]]
        # The cost of a route is the cost of walking its hexes.
        for _ in range(n):
            cost, hexes = m.route(tuple(pick()), tuple(pick()))
            if cost is not None:
                queries.append({"query": "path-cost", "hexes": [list(h) for h in hexes]})
        answers = self.batch(ron, queries)
        if answers is None:
            return
        for q, got in zip(queries, answers):
            kind = q["query"]
            self.questions[kind] = self.questions.get(kind, 0) + 1
            try:
                want = hq.answer(m, q)
            except hl.HexMapError as e:
                self.disagree(f"{name}: the loader refuses {q}: {e}")
                continue
            if got != want:
                self.disagree(f"{name}: {json.dumps(q)}: hexmap {json.dumps(got)}, "
                              f"loader {json.dumps(want)}")

    def read_export(self, name: str, what: str, doc: dict) -> hl.HexMap | None:
        """An export checked against the schema and read by the loader; None when the
        loader refuses it (reported, as every schema error is)."""
        for e in list(self.validator.iter_errors(doc))[:5]:
            self.disagree(f"{name}: {what}: schema: at /{'/'.join(map(str, e.path))}: {e.message}")
        try:
            return hl.from_json(doc)
        except (hl.HexMapError, KeyError, TypeError) as e:
            self.disagree(f"{name}: the loader refuses the {what}: {e}")
            return None

    def compare_compact(self, name: str, ron: Path, m: hl.HexMap, work: Path,
                        player_view: bool) -> None:
        """The compact export (validated by the schema) read by the loader is the same map
        as the full export."""
        out = work / f"{ron.stem}-compact.json"
        args = ["export", str(ron), "--to", "json", "--compact", str(out), "--force"]
        if player_view:
            args.append("--player-view")
            full = work / f"{ron.stem}-player-full.json"
            p = self.run("export", str(ron), "--to", "json", "--player-view", str(full), "--force")
            if p.returncode != 0:
                self.disagree(f"{name}: player view refused: {p.stderr.strip()}")
                return
            m = hl.from_json(json.loads(full.read_text(encoding="utf-8")))
        p = self.run(*args)
        if p.returncode != 0:
            self.disagree(f"{name}: compact export refused: {p.stderr.strip()}")
            return
        compact = self.read_export(name, "compact export", json.loads(out.read_text(encoding="utf-8")))
        if compact is None:
            return
        self.compacts += 1
        if compact != m:
            differ = [f for f in m.__dataclass_fields__ if getattr(m, f) != getattr(compact, f)]
            self.disagree(f"{name}: the compact export reads as another map ({', '.join(differ)})"
                          + (" (player view)" if player_view else ""))

    def compare_secrets(self, name: str, ron: Path, m: hl.HexMap) -> None:
        """The GM-only items the loader reads against `hexmap secret MAP list --json`."""
        try:
            got = self.run_json("secret", str(ron), "list", "--json")
        except (RuntimeError, ValueError) as e:
            self.disagree(f"{name}: {e}")
            return
        cli = set()
        for i in got["gm_only_items"]:
            kind = i["kind"]
            if kind == "note":
                cli.add(("note", tuple(i["hex"])))
            elif kind == "edge":
                cli.add(("edge", *hl.side_key(tuple(i["a"]), tuple(i["b"]))))
            else:
                cli.add((kind, i["id"]))
        mine = set(m.gm_items())
        if cli != mine:
            self.disagree(
                f"{name}: GM-only items: only hexmap {sorted(cli - mine, key=str)[:5]}, "
                f"only loader {sorted(mine - cli, key=str)[:5]}"
            )

    def compare_player_view(self, name: str, ron: Path, m: hl.HexMap, work: Path) -> None:
        """The loader's player view against hexmap's player export, read with the loader:
        the same map by names (the export numbers ids afresh), lists that name only what
        is seen, ids without gaps, and no secret flag left."""
        out = work / (ron.stem + "-players.json")
        p = self.run("export", str(ron), "--to", "json", str(out), "--player-view", "--force")
        if p.returncode != 0:
            self.disagree(f"{name}: hexmap export --player-view refuses it: {p.stderr.strip()}")
            return
        text = out.read_text(encoding="utf-8")
        doc = json.loads(text)
        if "gm_only" in text:
            self.disagree(f"{name}: the player view holds a gm_only flag")
        cli = self.read_export(name, "player view", doc)
        if cli is None:
            return
        self.player_views += 1
        mine = m.player_view()

        def terrain_name(x: hl.HexMap, t):
            return None if t is None else x.palette[t].name

        def looks(x: hl.HexMap):
            return {
                "cells": {
                    h: (c.revealed, terrain_name(x, c.terrain), c.mine, c.note, c.elevation)
                    for h, c in x.cells.items()
                },
                "edges": {k: x.edge_types[t].name for k, t in x.edges.items()},
                "paths": sorted((x.path_types[p.type].name, p.hexes) for p in x.paths),
                "icons": sorted((i.hex, i.icon, i.caption or "") for i in x.icons),
                "labels": sorted((lb.text, lb.x, lb.y) for lb in x.labels),
                "regions": sorted((r.name, r.kind, tuple(sorted(r.hexes))) for r in x.regions.values()),
                "party": None if x.party is None else (x.party["hex"], x.party["sight"],
                                                       x.party["trail"] is not None),
                "key": {h: (e.label, e.title, e.player_text, e.gm_text, e.tags)
                        for h, e in x.key.items()},
            }

        a, b = looks(mine), looks(cli)
        for key in a:
            if a[key] != b[key]:
                if isinstance(a[key], dict):
                    diff = [(h, a[key].get(h), b[key].get(h)) for h in a[key] | b[key]
                            if a[key].get(h) != b[key].get(h)][:3]
                else:
                    diff = (a[key] or [])[:2], (b[key] or [])[:2]
                self.disagree(f"{name}: player view {key}: loader vs hexmap {diff}")
        seen_terrains = {c.terrain for c in cli.cells.values() if c.terrain is not None}
        lists = {
            "palette": (sorted(cli.palette), sorted(seen_terrains), 1),
            "edge_types": (sorted(cli.edge_types), sorted(set(cli.edges.values())), 1),
            "path_types": (sorted(cli.path_types), sorted({p.type for p in cli.paths}), 1),
            "paths": (sorted({p.id for p in cli.paths}), None, 1),
            "icons": (sorted(i.id for i in cli.icons), None, 0),
            "labels": (sorted(lb.id for lb in cli.labels), None, 0),
            "regions": (sorted(cli.regions), None, 0),
        }
        for what, (ids, used, first) in lists.items():
            if ids != list(range(first, first + len(ids))):
                self.disagree(f"{name}: player view {what} ids {ids[:8]} leave gaps")
            if used is not None and ids != used:
                self.disagree(f"{name}: player view {what} lists {ids} but uses {used}")
        kinds = sorted(cli.region_kinds)
        used_kinds = sorted({r.kind for r in cli.regions.values()})
        if kinds != used_kinds:
            self.disagree(f"{name}: player view region kinds {kinds}, used {used_kinds}")

    def check_map(self, ron: Path, work: Path, rng: random.Random, n_routes: int,
                  n_reach: int, n_geometry: int, expect=None) -> None:
        name = ron.name
        doc = self.export(ron, work / (ron.stem + ".json"))
        if doc is None:
            return
        try:
            m = hl.from_json(doc)
        except (hl.HexMapError, KeyError, TypeError) as e:
            self.disagree(f"{name}: the loader refuses the export: {e}")
            return
        self.check_structure(name, doc, m)
        self.check_reads_back(name, work / (ron.stem + ".json"), doc)
        info = self.compare_info(name, ron, m)
        if expect is not None and info is not None:
            expect(name, m, info)
        cells = sorted(m.cells, key=hl.sort_key)
        pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(n_routes)]
        # Some neighbours too: single steps exercise every case of the rule directly.
        for _ in range(n_routes // 4):
            a = rng.choice(cells)
            ns = m.neighbors(a)
            if ns:
                pairs.append((a, rng.choice(ns)))
        self.compare_routes(name, ron, m, pairs)
        budgets = [0, 50, 100, 133, 275, 300, 433, 600, 1000, 2575]
        queries = [(rng.choice(cells), rng.choice(budgets)) for _ in range(n_reach)]
        self.compare_reach(name, ron, m, queries)
        sample = rng.sample(cells, min(n_geometry, len(cells)))
        self.compare_coords(name, ron, m, sample)
        self.compare_picks(name, ron, m, rng, sample)
        radii = [0, 1, 2, 3, 5, 8, 12]
        fovs = [(rng.choice(cells), rng.choice(radii)) for _ in range(n_reach)]
        # A radius far past the map's extent is cut to it (and costs nothing more).
        fovs.append((rng.choice(cells), 1_000_000))
        self.compare_fov(name, ron, m, fovs)
        self.compare_questions(name, ron, m, rng, n_reach)
        self.compare_compact(name, ron, m, work, player_view=False)
        if m.has_fog:
            self.compare_compact(name, ron, m, work, player_view=True)
        self.compare_secrets(name, ron, m)
        self.compare_player_view(name, ron, m, work)
        if self.verbose:
            print(f"  {name}: {m.orientation} {m.offset}, {len(m.cells)} cells, "
                  f"{len(m.edges)} edges, {len(m.paths)} paths, {len(m.icons)} icons")

    def check_reads_back(self, name: str, exported: Path, doc: dict) -> None:
        """`hexmap import` reads the export back to the same map: exported again it is
        byte for byte the same; and the loader still reads it as version 1 (the keys of
        versions 2 and 3 taken out, cells and icons keyed "q", "r" as before version 3)."""
        back = exported.with_name(exported.stem + "-back.ron")
        again = exported.with_name(exported.stem + "-again.json")
        p = self.run("import", str(exported), str(back))
        if p.returncode != 0:
            self.disagree(f"{name}: hexmap import refuses its own export: {p.stderr.strip()}")
            return
        p = self.run("export", str(back), "--to", "json", str(again))
        if p.returncode != 0 or again.read_bytes() != exported.read_bytes():
            self.disagree(f"{name}: export → import → export does not give the same JSON")
        v1 = {k: v for k, v in doc.items()
              if k not in ("shape", "bounds", "label_settings", "layout", "view")}
        v1["version"] = 1
        v1["cells"] = [
            {k: v for k, v in c.items() if k not in ("hex", "offset")}
            | {"q": c["hex"][0], "r": c["hex"][1], "s": -c["hex"][0] - c["hex"][1],
               "col": c["offset"][0], "row": c["offset"][1]}
            for c in doc["cells"]
        ]
        v1["icons"] = [
            {k: v for k, v in i.items() if k not in ("id", "hex")}
            | {"q": i["hex"][0], "r": i["hex"][1]}
            for i in doc["icons"]
        ]
        try:
            if set(hl.from_json(v1).cells) != {tuple(c["hex"]) for c in doc["cells"]}:
                self.disagree(f"{name}: the loader reads the version 1 form with other cells")
        except (hl.HexMapError, KeyError, TypeError) as e:
            self.disagree(f"{name}: the loader refuses the version 1 form: {e}")

    def fog_and_secrets(self, source: Path, rng: random.Random) -> Path | None:
        """A copy of the map, fogged with `hexmap fog` (all hidden, then what a cell sees)
        and with some of its content made GM-only by `hexmap secret set`; None when a run
        fails (reported)."""
        ron = source.with_name(source.stem + "-fog.ron")
        ron.write_bytes(source.read_bytes())
        exported = ron.with_suffix(".tmp.json")
        self.run("export", str(ron), "--to", "json", str(exported), "--force")
        m = hl.load(str(exported))
        cells = sorted(m.cells, key=hl.sort_key)
        at = rng.choice(cells)
        runs = [
            ("fog", str(ron), "hide-all"),
            ("fog", str(ron), "reveal", "--coords", "axial", "--at", f"{at[0]},{at[1]}",
             "--sight", "6"),
        ]
        items = []
        notes = [h for h, c in m.cells.items() if c.note is not None]
        if notes:
            h = rng.choice(notes)
            items += ["--note", f"{h[0]},{h[1]}"]
        if m.edges:
            a, b = rng.choice(sorted(m.edges))
            items += ["--edge", f"{a[0]},{a[1]}:{b[0]},{b[1]}"]
        if m.paths:
            items += ["--path", str(rng.choice(m.paths).id)]
        items += [f for i in m.icons[:1] for f in ("--icon", str(i.id))]
        items += [f for lb in m.labels[:1] for f in ("--label", str(lb.id))]
        if items:
            runs.append(("secret", str(ron), "set", "--coords", "axial", *items))
        for args in runs:
            p = self.run(*args)
            if p.returncode != 0:
                self.disagree(f"{ron.name}: hexmap {' '.join(args[:3])}: {p.stderr.strip()}")
                return None
        return ron

    def check_direction_names(self) -> None:
        """`hexmap coord` prints each neighbour with its direction name."""
        for orientation in ("pointy", "flat"):
            p = self.run("coord", "axial", "0,0", "--orientation", orientation)
            line = next((ln for ln in p.stdout.splitlines() if ln.startswith("neighbours")), "")
            words = line.split(":", 1)[-1].split()
            got = {words[i]: tuple(map(int, words[i + 1].split(","))) for i in range(0, len(words) - 1, 2)}
            want = {n: hl.DIRECTIONS[d] for d, n in enumerate(hl.direction_names(orientation))}
            if got != want:
                self.disagree(f"direction names ({orientation}): hexmap {got}, loader {want}")


# ---- random maps written from docs/FORMAT.md ------------------------------------------

BUILTIN_ICONS = ["village", "town", "castle", "ruin", "port", "monster_lair", "star"]


def ron_cost_points(h: int) -> str:
    return f"{h // 100}.{h % 100:02d}"


def random_map(rng: random.Random, index: int):
    """A random map as RON text and what the export must then hold."""
    # Every orientation with both offset kinds of its family, in turn.
    orientation = ("pointy", "flat")[index % 2]
    kind = (("odd-r", "even-r"), ("odd-q", "even-q"))[index % 2][index // 2 % 2]
    shape_kind = ["rect", "hexagon", "parallelogram", "triangle", "cells"][index % 5]
    form = "offset" if shape_kind == "rect" or (shape_kind == "cells" and index % 2) else "cube"
    if shape_kind == "rect":
        w, h = rng.randint(3, 14), rng.randint(3, 12)
        cells = [hl.offset_to_axial(kind, c, r) for r in range(h) for c in range(w)]
        shape = f'Rect(kind: "{kind}", width: {w}, height: {h})'
    elif shape_kind == "hexagon":
        n = rng.randint(2, 6)
        cells = [(q, r) for r in range(-n, n + 1) for q in range(-n, n + 1) if abs(q + r) <= n]
        shape = f"Hexagon(radius: {n})"
    elif shape_kind == "parallelogram":
        w, h = rng.randint(3, 12), rng.randint(3, 10)
        cells = [(q, r) for r in range(h) for q in range(w)]
        shape = f"Parallelogram(width: {w}, height: {h})"
    elif shape_kind == "triangle":
        n = rng.randint(4, 14)
        cells = [(q, r) for r in range(n) for q in range(n - r)]
        shape = f"Triangle(size: {n})"
    else:
        # A blob with holes around a random centre (negative coordinates included).
        c0 = (rng.randint(-6, 6), rng.randint(-6, 6))
        n = rng.randint(4, 7)
        cells = [
            (c0[0] + q, c0[1] + r)
            for r in range(-n, n + 1) for q in range(-n, n + 1)
            if abs(q + r) <= n and rng.random() < 0.8
        ]
        shape = "Cells"
    cellset = set(cells)
    # The kind every command reads the file in: docs/JSON.md says a mismatched pair is
    # read (and exported) as the kind of the same parity that goes with the orientation.
    read_kind = kind
    if shape_kind == "cells" and form == "cube" and index % 10 == 4:
        # A mismatched pair (odd-q on pointy hexes …) written in the file.
        kind = {"odd-r": "odd-q", "even-r": "even-q", "odd-q": "odd-r", "even-q": "even-r"}[kind]

    # Terrain palette: ids with gaps, costs with up to two decimals (0 allowed), one or
    # two impassable.
    ids = rng.sample(range(1, 40), 5)
    symbols = ["a", "b", "c", "d", "e"]
    costs = [
        None,
        rng.choice([0, 1, 0.25]),
        rng.choice([1, 1.5]),
        rng.choice([2, 3, 2.75, 3.33]),
        rng.choice([None, 5, 9, 6.05]),
    ]
    palette = []
    for i, (tid, sym, cost) in enumerate(zip(ids, symbols, costs)):
        palette.append((tid, f"T{i}", sym, cost))
    terrain = {h: rng.choice([None] + ids + ids[1:4]) for h in cells}

    standard = index % 7 == 6  # leave the feature palettes out: the standard ones
    if standard:
        edge_types = [(1, 200), (2, 100), (3, None), (4, None), (5, 0)]
        path_types = [(1, 50), (2, 100), (3, None), (4, None)]
    else:
        edge_types = [
            (rng.randint(1, 3), rng.choice([33, 75, 125, 200])),
            (rng.randint(4, 9), None),
            (rng.randint(10, 20), 0),
            (rng.randint(21, 60000), rng.choice([1, 250, 999])),
            (rng.randint(60001, 65535), None),
        ]
        path_types = [
            (rng.randint(1, 5), rng.choice([25, 50, 33])),
            (rng.randint(6, 10), rng.choice([100, 133, 275])),
            (rng.randint(11, 20), None),
            (rng.randint(21, 65535), 0 if rng.random() < 0.3 else 150),
        ]

    names = hl.direction_names(orientation)
    # Edges: random sides between two cells, each side once, named from either cell.
    edges = {}
    edge_lines = []
    for _ in range(len(cells) // 3):
        a = rng.choice(cells)
        d = rng.randrange(6)
        b = hl.neighbor(a, d)
        if b not in cellset or hl.side_key(a, b) in edges:
            continue
        t = rng.choice(edge_types)[0]
        edges[hl.side_key(a, b)] = t
        edge_lines.append((a, names[d], t))

    # Paths: random walks, some crossing impassable terrain; ids out of order.
    paths = []
    for pid in rng.sample(range(1, 100), rng.randint(2, 5)):
        h = rng.choice(cells)
        walk = [h]
        for _ in range(rng.randint(1, 10)):
            ns = [n for n in (hl.neighbor(walk[-1], d) for d in range(6)) if n in cellset]
            if len(walk) > 1:
                ns = [n for n in ns if n != walk[-2]] or ns
            if ns:
                walk.append(rng.choice(ns))
        if len(walk) >= 2:
            paths.append((pid, rng.choice(path_types)[0], walk))
    paths.sort()
    mines = {h for h in cells if rng.random() < 0.05}

    def where(h):
        if form == "offset":
            c, r = hl.axial_to_offset(kind, h)
            return f"({c}, {r})"
        return f"({h[0]}, {h[1]}, {-h[0] - h[1]})"

    def where_flat(h):
        return where(h)[1:-1]

    sym = {tid: s for tid, _, s, _ in palette}
    hex_size = (rng.choice([1.0, 16.0, 24.5]), rng.choice([1.0, 16.0, 20.25]))  # stretched too
    out = [
        "// random map for examples/python/check_against_cli.py (docs/FORMAT.md)",
        "(",
        '    format: "hexmap",',
        "    version: 3,",
        f'    name: "random {index}",',
        f'    orientation: "{orientation}",',
        f'    offset: "{kind}",',
        f"    hex_size: ({hex_size[0]}, {hex_size[1]}),",
        f"    shape: {shape},",
        "    palette: [",
    ]
    for tid, name, s, cost in palette:
        c = "Impassable" if cost is None else f"Cost({cost})"
        out.append(
            f'        (id: {tid}, name: "{name}", color: "#{tid * 5:02x}8040", symbol: "{s}", '
            f"cost: {c}, blocks_sight: {str(rng.random() < 0.3).lower()}),"
        )
    out.append("    ],")
    if not standard:
        out.append("    edge_types: [")
        for tid, cost in edge_types:
            c = "Impassable" if cost is None else f"Extra({ron_cost_points(cost)})"
            out.append(
                f'        (id: {tid}, name: "E{tid}", color: "#4060a0", width: 0.1, '
                f'style: "solid", cost: {c}, blocks_sight: false),'
            )
        out.append("    ],")
        out.append("    path_types: [")
        for tid, cost in path_types:
            c = "None" if cost is None else f"Some({ron_cost_points(cost)})"
            out.append(
                f'        (id: {tid}, name: "P{tid}", color: "#806040", width: 0.1, '
                f'style: "dashed", cost: {c}),'
            )
        out.append("    ],")
    note_cell = rng.choice(cells)
    icon_cell = rng.choice(cells)
    if form == "offset":
        offs = {h: hl.axial_to_offset(kind, h) for h in cells}
        cols = [c for c, _ in offs.values()]
        rows = [r for _, r in offs.values()]
        c0, r0 = min(cols), min(rows)
        grid = {v: h for h, v in offs.items()}
        out.append("    cells: Offset(")
        out.append(f"        origin: ({c0}, {r0}),")
        out.append("        rows: [")
        for r in range(r0, max(rows) + 1):
            line = "".join(
                "." if (c, r) not in grid
                else ("_" if terrain[grid[(c, r)]] is None else sym[terrain[grid[(c, r)]]])
                for c in range(c0, max(cols) + 1)
            )
            out.append(f'            "{line}",')
        out.append("        ],")
        if mines:
            out.append("        mines: [")
            for r in range(r0, max(rows) + 1):
                line = "".join(
                    "*" if (c, r) in grid and grid[(c, r)] in mines else "."
                    for c in range(c0, max(cols) + 1)
                )
                out.append(f'            "{line}",')
            out.append("        ],")
        out.append(f'        notes: [({where_flat(note_cell)}, "a note, with \\"quotes\\""),],')
    else:
        out.append("    cells: Cube(")
        out.append("        cells: [")
        for h in sorted(cells, key=hl.sort_key):
            t = terrain[h] or 0
            out.append(f"            ({h[0]}, {h[1]}, {-h[0] - h[1]}, {t}),")
        out.append("        ],")
        if mines:
            out.append("        mines: [")
            for h in sorted(mines, key=hl.sort_key):
                out.append(f"            ({h[0]}, {h[1]}, {-h[0] - h[1]}),")
            out.append("        ],")
        out.append(f'        notes: [({where_flat(note_cell)}, "a note"),],')
    out.append("        edges: [")
    for a, dname, t in edge_lines:
        out.append(f'            ({where_flat(a)}, "{dname}", {t}),')
    out.append("        ],")
    out.append("        paths: [")
    for pid, t, walk in paths:
        hs = ", ".join(where(h) for h in walk)
        out.append(f"            (id: {pid}, type: {t}, hexes: [{hs}]),")
    out.append("        ],")
    icon_name = rng.choice(BUILTIN_ICONS)
    out.append("        icons: [")
    out.append(
        f'            (id: 5, at: {where(icon_cell)}, icon: "{icon_name}", '
        f'caption: Some("Here"), scale: 0.8, color: Some("#1a3c6e")),'
    )
    out.append(f'            (id: 2, at: {where(icon_cell)}, icon: "image:art/x.png"),')
    out.append("        ],")
    out.append("        labels: [")
    out.append(
        '            (id: 3, text: "Somewhere", x: 1.5, y: -2.25, size: 0.6, rotation: -10.0, '
        'color: "#203040", italic: true),'
    )
    out.append("        ],")
    out.append("    ),")
    out.append(")")

    def expect(name: str, m: hl.HexMap, info: dict) -> None:
        problems = []
        if (m.orientation, m.offset, m.hex_size) != (orientation, read_kind, hex_size):
            problems.append(f"layout {m.orientation} {m.offset} {m.hex_size}")
        if set(m.cells) != cellset:
            problems.append(f"cells: {len(m.cells)} exported, {len(cellset)} written")
        wrong = [h for h in cells if h in m.cells and m.cells[h].terrain != terrain[h]]
        if wrong:
            problems.append(f"terrain differs on {wrong[:5]}")
        if m.edges != edges:
            diff = sorted(set(m.edges.items()) ^ set(edges.items()))[:6]
            problems.append(f"edges differ (named by direction): {diff}")
        got_paths = [(p.type, list(p.hexes)) for p in m.paths]
        want_paths = [(t, walk) for _, t, walk in paths]
        if got_paths != want_paths:
            problems.append(f"paths differ: {got_paths[:2]} vs {want_paths[:2]}")
        if {h for h, c in m.cells.items() if c.mine} != mines:
            problems.append("mines differ")
        if m.cells.get(note_cell) is None or m.cells[note_cell].note is None:
            problems.append("note missing")
        want_edges = {t: c for t, c in edge_types}
        got_edges = {t.id: t.cost for t in m.edge_types.values()}
        if got_edges != want_edges:
            problems.append(f"edge types {got_edges} vs {want_edges}")
        want_pt = {t: c for t, c in path_types}
        got_pt = {t.id: t.cost for t in m.path_types.values()}
        if got_pt != want_pt:
            problems.append(f"path types {got_pt} vs {want_pt}")
        want_icons = [
            hl.Icon(5, icon_cell, icon_name, "Here", 0.8, "#1a3c6e"),
            hl.Icon(2, icon_cell, "image:art/x.png", None, 1.0, None),
        ]
        if m.icons != want_icons:
            problems.append(f"icons {m.icons} vs {want_icons}")
        want_labels = [hl.Label(3, "Somewhere", 1.5, -2.25, 0.6, -10.0, "#203040", False, True, True)]
        if m.labels != want_labels:
            problems.append(f"labels {m.labels} vs {want_labels}")
        for p in problems:
            report_disagreement(f"{name}: the export does not hold what was written: {p}")

    return "\n".join(out) + "\n", expect


def expect_heights(present: bool):
    """The check that the export's cells carry heights, temperatures and moistures (all
    of them) or none, and what `hexmap info --json` counts of each layer."""
    def expect(name: str, m: hl.HexMap, info: dict) -> None:
        for layer in ("elevation", "temperature", "moisture"):
            values = [getattr(c, layer) for c in m.cells.values()]
            have = [v is not None for v in values]
            if any(have) != present or (present and not all(have)):
                report_disagreement(f"{name}: {layer} on {sum(have)} of {len(have)} cells")
                continue
            counted = info["layers"].get(layer)
            want = {"cells": len(values), "min": min(values), "max": max(values)} if present else None
            if counted != want:
                report_disagreement(f"{name}: info counts {layer} {counted}, loader {want}")
    return expect


_CHECKER: Checker | None = None


def report_disagreement(what: str) -> None:
    assert _CHECKER is not None
    _CHECKER.disagree(what)


def main() -> int:
    global _CHECKER
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hexmap", required=True, help="path of the hexmap binary")
    ap.add_argument("--seed", type=int, default=30, help="seed of every random choice")
    ap.add_argument("--random-maps", type=int, default=12, help="random maps to write")
    ap.add_argument("--routes", type=int, default=20, help="route pairs per sample map")
    ap.add_argument("--random-routes", type=int, default=14, help="route pairs per random map")
    ap.add_argument("--reach", type=int, default=6, help="reach queries per map")
    ap.add_argument("--geometry", type=int, default=3, help="cells per map for coord and pick")
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1),
                    help="hexmap processes at once")
    ap.add_argument("--maps", default=str(REPO / "maps"), help="folder of sample maps")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    hexmap = str(Path(args.hexmap).resolve())
    if not os.access(hexmap, os.X_OK):
        print(f"check_against_cli.py: {args.hexmap}: not an executable file", file=sys.stderr)
        return 2
    start = time.monotonic()
    checker = _CHECKER = Checker(hexmap, args.jobs, args.verbose)
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="hexmap-consumer-") as tmp:
        work = Path(tmp)
        checker.check_direction_names()
        samples = sorted(Path(args.maps).glob("*.ron"))
        if not samples:
            checker.disagree(f"no maps in {args.maps}")
        for ron in samples:
            checker.check_map(ron, work, rng, args.routes, args.reach, args.geometry)
            if ron == samples[0]:
                checker.check_schema_bites(json.loads((work / f"{ron.stem}.json").read_text()))
        n_samples = len(samples)
        for i in range(args.random_maps):
            text, expect = random_map(rng, i)
            ron = work / f"random-{i:02d}.ron"
            ron.write_text(text, encoding="utf-8")
            checker.check_map(ron, work, rng, args.random_routes, args.reach, 2, expect)
            # Fogged, with a party's view revealed and secrets of every kind, again.
            if fogged := checker.fog_and_secrets(ron, rng):
                checker.check_map(fogged, work, rng, args.random_routes // 2, args.reach, 1)
        world = work / "world.ron"
        checker.run("generate", str(world), "--shape", "rect:18x12", "--seed", "7", "--force")
        checker.check_map(world, work, rng, args.random_routes, args.reach, 1,
                          expect_heights(True))
        if fogged := checker.fog_and_secrets(world, rng):
            checker.check_map(fogged, work, rng, args.random_routes, args.reach, 1,
                              expect_heights(True))
        fixture = REPO / "tests" / "fixtures" / "every-secret.ron"
        checker.check_map(fixture, work, rng, args.random_routes, args.reach, 2)
    elapsed = time.monotonic() - start
    c = checker
    print(
        f"{n_samples} sample maps and {args.random_maps} random maps (seed {args.seed}); "
        f"{c.coords} coord and {c.picks} pick checks; {c.cli_calls} hexmap runs in {elapsed:.1f} s"
    )
    print("steps of hexmap's routes: " + ", ".join(f"{n} {k}" for k, n in c.cases.items()))
    print(f"{c.fovs} fields of view, {c.player_views} player views")
    asked = ", ".join(f"{n} {k}" for k, n in sorted(c.questions.items()))
    print(f"{sum(c.questions.values())} questions ({asked}), {c.compacts} compact exports")
    print(f"{c.routes} routes, {c.reaches} reach queries, {len(c.problems)} disagreements")
    return 1 if c.problems else 0


if __name__ == "__main__":
    sys.exit(main())
