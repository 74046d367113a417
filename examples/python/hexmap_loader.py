"""A reference loader for hexmap's JSON export (format "hexmap-cells", versions 1 to 4).

Written from docs/JSON.md alone, with the Python 3.11 standard library only:

    from hexmap_loader import load
    m = load("island.json")
    m.cells[(3, 4)].terrain          # a palette id or None
    m.neighbors((3, 4))              # the cells next to it
    m.pixel_center((3, 4))           # (x, y) in hexmap's world space, y down
    m.corners((3, 4))                # six (x, y), corner 0..5
    m.route((0, 0), (5, -2))         # (cost in hundredths or None, [hexes])
    m.reach((0, 0), 350)             # {hex: cost in hundredths} within 3.5 points
    m.field_of_view((0, 0), 5)       # the cells seen from (0, 0) under the sight rule
    m.cells[(3, 4)].revealed         # False under the fog of war
    m.player_view()                  # only what the players may see (no GM secret)

Hexes are axial (q, r) tuples everywhere. Movement costs are integer hundredths of a point
(docs/JSON.md, "The movement rule"); `points(c)` turns one back into points. Everything the
export holds is read: fog (`revealed`), the game master's secrets (`gm_only`,
`note_gm_only`), heights (`elevation`), the party, named regions and the hex key
(`m.key`: each keyed hex's title, players' text, GM text and tags). A game shows players
`player_view()`, never the map itself.
"""

from __future__ import annotations

import heapq
import json
import math
import re
from dataclasses import dataclass, field
from typing import Iterable

FORMAT = "hexmap-cells"
#: The version this loader was written for; it also reads versions 1 (no map-level data)
#: and 2 (cells and icons keyed "q", "r"; icons without ids).
VERSION = 4
VERSIONS = (1, 2, 3, 4)

#: The double nearest √3, as the program uses it.
SQRT3 = 1.7320508075688772

#: Axial steps of the six directions, by index (docs/JSON.md, "Neighbours and direction names").
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
POINTY_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
FLAT_NAMES = ("SE", "NE", "N", "NW", "SW", "S")

#: Forward matrix (f0, f1, f2, f3) and start angle of each orientation.
FORWARD = {
    "pointy": (SQRT3, SQRT3 / 2.0, 0.0, 1.5),
    "flat": (1.5, 0.0, SQRT3 / 2.0, SQRT3),
}
#: Unit corner vectors (ux, uy), y down, corner 0..5.
UNIT_CORNERS = {
    "pointy": (
        (SQRT3 / 2.0, 0.5),
        (SQRT3 / 2.0, -0.5),
        (0.0, -1.0),
        (-SQRT3 / 2.0, -0.5),
        (-SQRT3 / 2.0, 0.5),
        (0.0, 1.0),
    ),
    "flat": (
        (1.0, 0.0),
        (0.5, -SQRT3 / 2.0),
        (-0.5, -SQRT3 / 2.0),
        (-1.0, 0.0),
        (-0.5, SQRT3 / 2.0),
        (0.5, SQRT3 / 2.0),
    ),
}

OFFSET_KINDS = ("odd-r", "even-r", "odd-q", "even-q")

#: A step's cost is counted in 32-bit hundredths and saturates there (docs/JSON.md, "Limits").
STEP_LIMIT = 2**32 - 1

#: The nudge of the sight rule's two lines (docs/JSON.md, "Sight").
SIGHT_EPSILON = 1e-6
#: The largest sight radius (after cutting it to the map), as `hexmap fov` allows.
MAX_SIGHT = 100

Hex = tuple[int, int]


class HexMapError(ValueError):
    """The JSON is not a hexmap-cells export of versions 1 to 4, or is inconsistent."""


def points(hundredths: int | None) -> float | None:
    """Hundredths of a point as points (None stays None)."""
    return None if hundredths is None else hundredths / 100


def to_hundredths(cost: float) -> int:
    """A cost in points from the file (at most two decimals) as integer hundredths."""
    return int(round(cost * 100))


def _round(x: float) -> int:
    """Round half away from zero (as Rust's f64::round; Python's round() rounds half to even)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def cube_round(fq: float, fr: float) -> Hex:
    """The hex nearest the fractional axial (fq, fr): each of q, r, s rounded (halves away
    from zero), then the one with the largest rounding error set from the other two."""
    fs = -fq - fr
    q, r, s = _round(fq), _round(fr), _round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (q, r)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def neighbor(h: Hex, d: int) -> Hex:
    dq, dr = DIRECTIONS[d % 6]
    return (h[0] + dq, h[1] + dr)


def direction_between(a: Hex, b: Hex) -> int | None:
    """The direction index from a to its neighbour b, or None when not neighbours."""
    try:
        return DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        return None


def sort_key(h: Hex) -> tuple[int, int]:
    """hexmap's hex order: by r, then q."""
    return (h[1], h[0])


def side_key(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """One key per hexside: the two hexes, the one that sorts first first."""
    return (a, b) if sort_key(a) <= sort_key(b) else (b, a)


def axial_to_offset(kind: str, h: Hex) -> tuple[int, int]:
    """(col, row) of an axial hex in an offset kind. Python's & is two's complement and //
    on an even numerator is exact, as docs/JSON.md asks."""
    q, r = h
    if kind == "odd-r":
        return (q + (r - (r & 1)) // 2, r)
    if kind == "even-r":
        return (q + (r + (r & 1)) // 2, r)
    if kind == "odd-q":
        return (q, r + (q - (q & 1)) // 2)
    if kind == "even-q":
        return (q, r + (q + (q & 1)) // 2)
    raise HexMapError(f"unknown offset kind {kind!r}")


def offset_to_axial(kind: str, col: int, row: int) -> Hex:
    """The axial hex at (col, row) of an offset kind."""
    if kind == "odd-r":
        return (col - (row - (row & 1)) // 2, row)
    if kind == "even-r":
        return (col - (row + (row & 1)) // 2, row)
    if kind == "odd-q":
        return (col, row - (col - (col & 1)) // 2)
    if kind == "even-q":
        return (col, row - (col + (col & 1)) // 2)
    raise HexMapError(f"unknown offset kind {kind!r}")


def shape_hexes(shape: dict) -> set[Hex] | None:
    """The hexes of a version 2 `shape` (docs/JSON.md, "Shape"); None for "cells" (the
    listed cells are the shape)."""
    t = shape["type"]
    if t == "rect":
        return {
            offset_to_axial(shape["kind"], col, row)
            for col in range(shape["width"])
            for row in range(shape["height"])
        }
    if t == "hexagon":
        n = shape["radius"]
        return {(q, r) for q in range(-n, n + 1) for r in range(max(-n, -q - n), min(n, -q + n) + 1)}
    if t == "parallelogram":
        return {(q, r) for q in range(shape["width"]) for r in range(shape["height"])}
    if t == "triangle":
        n = shape["size"]
        return {(q, r) for q in range(n) for r in range(n - q)}
    if t == "cells":
        return None
    raise HexMapError(f"unknown shape type {t!r}")


def offset_bounds(kind: str, hexes: Iterable[Hex]) -> tuple[int, int, int, int]:
    """(first col, first row, cols, rows) of the hexes' offset bounding box in `kind`."""
    cols, rows = zip(*(axial_to_offset(kind, h) for h in hexes))
    return (min(cols), min(rows), max(cols) - min(cols) + 1, max(rows) - min(rows) + 1)


def direction_names(orientation: str) -> tuple[str, ...]:
    return POINTY_NAMES if orientation == "pointy" else FLAT_NAMES


@dataclass(frozen=True)
class Terrain:
    id: int
    name: str
    color: str
    symbol: str
    cost: int | None  # hundredths of a point (the file has points, two decimals); None: impassable
    blocks_sight: bool
    tile_art: tuple[str, ...] = ()
    tile_tint: bool = False


@dataclass(frozen=True)
class EdgeType:
    id: int
    name: str
    color: str
    cost: int | None  # extra hundredths to cross; None: impassable
    blocks_sight: bool


@dataclass(frozen=True)
class PathType:
    id: int
    name: str
    color: str
    cost: int | None  # hundredths per step along it; None: no effect


@dataclass
class Cell:
    q: int
    r: int
    col: int
    row: int
    terrain: int | None
    mine: bool
    count: int
    note: str | None = None
    #: The note is for the game master only (never show it to players).
    note_gm_only: bool = False
    #: False for a cell the players have not seen (fog of war); always True on a map
    #: without fog.
    revealed: bool = True
    #: Height (0 is sea level, below is under the sea); None on a map without heights.
    elevation: int | None = None

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)


@dataclass(frozen=True)
class Path:
    id: int
    type: int
    hexes: tuple[Hex, ...]
    gm_only: bool = False


@dataclass(frozen=True)
class Icon:
    id: int | None
    hex: Hex
    icon: str
    caption: str | None
    scale: float
    color: str | None
    gm_only: bool = False


@dataclass(frozen=True)
class Label:
    id: int
    text: str
    x: float
    y: float
    size: float
    rotation: float
    color: str
    bold: bool
    italic: bool
    halo: bool
    gm_only: bool = False
    # A curved label: the polyline its text follows, (dx, dy) offsets from (x, y); empty
    # for a straight label.
    path: tuple[tuple[float, float], ...] = ()

    def centre(self) -> tuple[float, float]:
        """The point the text is centred on: (x, y), or half way along a curved label's
        path (what the player view asks is hidden)."""
        pts = [(self.x + dx, self.y + dy) for dx, dy in self.path]
        pieces = [math.dist(a, b) for a, b in zip(pts, pts[1:])]
        left = sum(pieces) / 2.0
        for (a, b), length in zip(zip(pts, pts[1:]), pieces):
            if left <= length and length > 0.0:
                t = left / length
                return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            left -= length
        return (self.x, self.y)


@dataclass(frozen=True)
class Region:
    """A named region (kingdom, climate zone …): its cells and how it is drawn."""

    id: int
    name: str
    kind: str
    color: str
    border: str
    tint: float | None
    label: bool
    hexes: frozenset[Hex]
    gm_only: bool = False


@dataclass(frozen=True)
class KeyEntry:
    """A hex's key entry (`key`, version 4): what players may be told, what only the
    game master knows, and tags; `label` is the hex's name in the map's numbering."""

    hex: Hex
    label: str
    title: str
    player_text: str
    gm_text: str
    tags: tuple[str, ...]
    gm_only: bool = False


#: A link between key entries: a hex's label in double brackets.
LINK = re.compile(r"\[\[([^\[\]\n]+)\]\]")


@dataclass
class HexMap:
    name: str
    orientation: str
    offset: str
    hex_size: tuple[float, float]
    palette: dict[int, Terrain]
    edge_types: dict[int, EdgeType]
    path_types: dict[int, PathType]
    cells: dict[Hex, Cell]
    edges: dict[tuple[Hex, Hex], int]  # side_key → edge type id
    paths: list[Path]
    icons: list[Icon]
    labels: list[Label]
    # Version 2's map-level data (None when read from version 1).
    shape: dict | None = None
    bounds: tuple[int, int, int, int] | None = None
    label_settings: dict | None = None
    view: dict | None = None
    #: The map scale {"per_hex": number, "unit": str}, or None when the map has none.
    scale: dict | None = None
    #: The party of a game in progress {"hex": Hex, "sight": int, "trail": path id or
    #: None}, or None when the map has none.
    party: dict | None = None
    #: The hex→pixel transform: forward matrix and origin (version 2's `layout`; the same
    #: values are derived from the orientation for version 1).
    forward: tuple[float, float, float, float] = ()
    origin: tuple[float, float] = (0.0, 0.0)
    #: Named regions by id and their kinds (name → exclusive); empty when the file has none.
    regions: dict[int, Region] = field(default_factory=dict)
    region_kinds: dict[str, bool] = field(default_factory=dict)
    #: Custom property types (version 4) by name: {"kind", "values" (enum), "default",
    #: "gm_only"}.
    property_types: dict[str, dict] = field(default_factory=dict)
    #: Each object's own custom values: key ("map", None), ("cell", Hex) or
    #: (owner, id) → {name: value}; a hex value is a Hex tuple.
    properties: dict[tuple, dict] = field(default_factory=dict)
    #: The hex key (version 4's `key`) by hex; empty when the map has none.
    key: dict[Hex, KeyEntry] = field(default_factory=dict)
    #: The edge features only the game master may see, by side_key.
    gm_edges: set[tuple[Hex, Hex]] = field(default_factory=set)
    # Derived: the cheapest costed path type along each side (hundredths).
    _path_step: dict[tuple[Hex, Hex], int] = field(default_factory=dict, repr=False)

    # ---- geometry -------------------------------------------------------------------

    def pixel_center(self, h: Hex) -> tuple[float, float]:
        """The centre of hex h in world space (y down), bit for bit as hexmap computes it."""
        f0, f1, f2, f3 = self.forward or FORWARD[self.orientation]
        sx, sy = self.hex_size
        ox, oy = self.origin
        q, r = float(h[0]), float(h[1])
        return ((f0 * q + f1 * r) * sx + ox, (f2 * q + f3 * r) * sy + oy)

    def corner_offset(self, i: int) -> tuple[float, float]:
        ux, uy = UNIT_CORNERS[self.orientation][i % 6]
        return (self.hex_size[0] * ux, self.hex_size[1] * uy)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of h, corner 0..5 (counter-clockwise on screen)."""
        cx, cy = self.pixel_center(h)
        return [(cx + ox, cy + oy) for ox, oy in map(self.corner_offset, range(6))]

    def side_corners(self, d: int) -> tuple[int, int]:
        """The two corner indices bounding the side facing direction d."""
        if self.orientation == "pointy":
            return (d % 6, (d + 1) % 6)
        return ((d + 5) % 6, d % 6)

    def edge_points(self, a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two end points of the side between neighbours a and b."""
        d = direction_between(a, b)
        if d is None:
            raise HexMapError(f"{a} and {b} are not neighbours")
        cs = self.corners(a)
        i, j = self.side_corners(d)
        return (cs[i], cs[j])

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex at a world point by inverse matrix and cube rounding."""
        sx, sy = self.hex_size
        u, v = x / sx, y / sy
        if self.orientation == "pointy":
            fq, fr = (SQRT3 / 3.0) * u - v / 3.0, (2.0 / 3.0) * v
        else:
            fq, fr = (2.0 / 3.0) * u, -u / 3.0 + (SQRT3 / 3.0) * v
        return cube_round(fq, fr)

    def direction_name(self, d: int) -> str:
        return direction_names(self.orientation)[d % 6]

    # ---- topology -------------------------------------------------------------------

    def __contains__(self, h: Hex) -> bool:
        return h in self.cells

    def neighbors(self, h: Hex) -> list[Hex]:
        """The cells of the map next to h, in direction order."""
        return [n for n in (neighbor(h, d) for d in range(6)) if n in self.cells]

    def edge_type_between(self, a: Hex, b: Hex) -> EdgeType | None:
        t = self.edges.get(side_key(a, b))
        return None if t is None else self.edge_types[t]

    # ---- the movement rule ------------------------------------------------------------

    def entry_cost(self, h: Hex) -> int | None:
        """Hundredths to enter cell h off any path: its terrain's cost (1 point without
        terrain); None for impassable terrain and for hexes that are not cells."""
        cell = self.cells.get(h)
        if cell is None:
            return None
        if cell.terrain is None:
            return 100
        cost = self.palette[cell.terrain].cost
        return None if cost is None else min(cost, STEP_LIMIT)

    def step_cost(self, a: Hex, b: Hex) -> int | None:
        """The cost in hundredths of the step a → b (neighbours), or None when not allowed."""
        if b not in self.cells or direction_between(a, b) is None:
            return None
        key = side_key(a, b)
        extra = 0
        t = self.edges.get(key)
        if t is not None:
            cost = self.edge_types[t].cost
            if cost is None:
                return None
            extra = cost
        along = self._path_step.get(key)
        if along is not None:
            return along
        entry = self.entry_cost(b)
        if entry is None:
            return None
        return min(entry + extra, STEP_LIMIT)

    def _search(self, start: Hex, goal: Hex | None, budget: int | None):
        best = {start: 0}
        came: dict[Hex, Hex] = {}
        heap = [(0, sort_key(start), start)]
        done: set[Hex] = set()
        while heap:
            c, _, h = heapq.heappop(heap)
            if h in done:
                continue
            done.add(h)
            if h == goal:
                break
            for d in range(6):
                n = neighbor(h, d)
                if n in done:
                    continue
                s = self.step_cost(h, n)
                if s is None:
                    continue
                nc = c + s
                if budget is not None and nc > budget:
                    continue
                if nc < best.get(n, math.inf):
                    best[n] = nc
                    came[n] = h
                    heapq.heappush(heap, (nc, sort_key(n), n))
        return best, came, done

    def route(self, start: Hex, goal: Hex) -> tuple[int | None, list[Hex]]:
        """A cheapest route (Dijkstra): (total hundredths, hexes from start to goal), or
        (None, []) when the goal cannot be reached."""
        if start not in self.cells or goal not in self.cells:
            raise HexMapError(f"{start} or {goal} is not a cell of the map")
        best, came, done = self._search(start, goal, None)
        if goal not in done:
            return (None, [])
        path = [goal]
        while path[-1] != start:
            path.append(came[path[-1]])
        path.reverse()
        return (best[goal], path)

    def reach(self, start: Hex, budget: int) -> dict[Hex, int]:
        """Every cell whose cheapest total from start is at most budget hundredths, with
        that total (the start included at 0)."""
        if start not in self.cells:
            raise HexMapError(f"{start} is not a cell of the map")
        best, _, done = self._search(start, None, budget)
        return {h: best[h] for h in done}

    def path_cost(self, hexes: Iterable[Hex]) -> int | None:
        """The total of a sequence of steps, or None when one is not allowed."""
        hexes = list(hexes)
        total = 0
        for a, b in zip(hexes, hexes[1:]):
            s = self.step_cost(a, b)
            if s is None:
                return None
            total += s
        return total

    # ---- the sight rule (docs/JSON.md, "Sight") --------------------------------------------

    def blocks_sight(self, h: Hex) -> bool:
        """True when the terrain of cell h blocks sight (a hex off the map or without
        terrain does not)."""
        cell = self.cells.get(h)
        return cell is not None and cell.terrain is not None and self.palette[cell.terrain].blocks_sight

    def sight_blocked_between(self, a: Hex, b: Hex) -> bool:
        """True when the side between neighbours a and b holds a feature that blocks sight."""
        t = self.edges.get(side_key(a, b))
        return t is not None and self.edge_types[t].blocks_sight

    def sees(self, a: Hex, b: Hex) -> bool:
        """B is seen from A (and A from B): one of the two nudged lines between them passes
        no blocking hex strictly between them and crosses no blocking side."""
        lo, hi = (a, b) if sort_key(a) <= sort_key(b) else (b, a)
        for delta in (SIGHT_EPSILON, -SIGHT_EPSILON):
            line = sight_line(lo, hi, delta)
            inner = line[1:-1]
            if any(self.blocks_sight(h) for h in inner):
                continue
            if any(self.sight_blocked_between(x, y) for x, y in zip(line, line[1:])):
                continue
            return True
        return False

    def field_of_view(self, origin: Hex, radius: int) -> list[Hex]:
        """The cells seen from `origin` within `radius` hexes, by r then q (what
        `hexmap fov` answers). The radius is first cut to the farthest cell of the map; a
        radius still over MAX_SIGHT is refused, as `hexmap fov` refuses it."""
        if origin not in self.cells:
            raise HexMapError(f"{origin} is not a cell of the map")
        farthest = max(distance(origin, h) for h in self.cells)
        radius = min(radius, farthest)
        if radius > MAX_SIGHT:
            raise HexMapError(f"a sight radius of {radius} is over the limit of {MAX_SIGHT}")
        seen = [h for h in self.cells if distance(origin, h) <= radius and self.sees(origin, h)]
        return sorted(seen, key=sort_key)

    # ---- the hex key ----------------------------------------------------------------------

    def hex_of_label(self, label: str) -> Hex | None:
        """The cell a label in the map's XXYY numbering names (`label_settings`: base,
        digits, stagger, order), or None."""
        ls = self.label_settings
        digits = ls["digits"] if ls else 2
        if ls is None or len(label) != 2 * digits or not label.isdigit():
            return None
        a, b = int(label[:digits]) - ls["base"], int(label[digits:]) - ls["base"]
        col, row = (a, b) if ls["order"] == "column-first" else (b, a)
        h = offset_to_axial(ls["stagger"], col, row)
        return h if h in self.cells else None

    # ---- secrets and the players' view ---------------------------------------------------

    @property
    def has_fog(self) -> bool:
        """True when some cell is hidden from the players."""
        return any(not c.revealed for c in self.cells.values())

    def gm_items(self) -> list[tuple]:
        """Every item only the game master may see: ("note", hex), ("edge", a, b),
        ("path", id), ("icon", id), ("label", id), ("region", id)."""
        out: list[tuple] = [("note", h) for h, c in self.cells.items() if c.note_gm_only]
        out += [("edge", a, b) for a, b in self.gm_edges]
        out += [("path", p.id) for p in self.paths if p.gm_only]
        out += [("icon", i.id) for i in self.icons if i.gm_only]
        out += [("label", lb.id) for lb in self.labels if lb.gm_only]
        out += [("region", r.id) for r in self.regions.values() if r.gm_only]
        return out

    def player_view(self) -> HexMap:
        """What the players may see of this map: what a game must show them instead of
        the map itself (the rules of docs/JSON.md, "The player view"). A cell not seen
        keeps its place but has no terrain, mine or note; no cell has a note (notes are the
        game master's); every GM-only item goes, and so does what lies on a cell not seen:
        its icons, the labels centred on it, the edge features beside it, the steps of paths
        through it (a path keeps its runs of seen cells), a region's cells there (a region
        with none seen goes); heights go when any cell is hidden. Ids are kept (the CLI's
        player export numbers them afresh)."""
        hidden = {h for h, c in self.cells.items() if not c.revealed}
        cells = {}
        for h, c in self.cells.items():
            seen = h not in hidden
            cells[h] = Cell(
                c.q, c.r, c.col, c.row,
                c.terrain if seen else None,
                c.mine and seen,
                0,
                revealed=seen,
                elevation=None if hidden else c.elevation,
            )
        for h, c in cells.items():
            c.count = sum(1 for d in range(6) if (n := neighbor(h, d)) in cells and cells[n].mine)
        edges = {
            k: t for k, t in self.edges.items()
            if k not in self.gm_edges and k[0] not in hidden and k[1] not in hidden
        }
        paths: list[Path] = []
        for p in self.paths:
            if p.gm_only:
                continue
            runs: list[list[Hex]] = [[]]
            for h in p.hexes:
                if h in hidden:
                    runs.append([])
                else:
                    runs[-1].append(h)
            for run in (r for r in runs if len(r) >= 2):
                paths.append(Path(p.id, p.type, tuple(run)))
        icons = [i for i in self.icons if not i.gm_only and i.hex not in hidden]
        labels = [
            lb for lb in self.labels
            if not lb.gm_only and self.pixel_to_hex(*lb.centre()) not in hidden
        ]
        out = HexMap(
            self.name, self.orientation, self.offset, self.hex_size, dict(self.palette),
            dict(self.edge_types), dict(self.path_types), cells, edges, paths, icons, labels,
            shape=self.shape, bounds=self.bounds, label_settings=self.label_settings,
            view=self.view, scale=self.scale, forward=self.forward, origin=self.origin,
        )
        for r in self.regions.values():
            seen = frozenset(h for h in r.hexes if h not in hidden)
            if not r.gm_only and seen:
                out.regions[r.id] = Region(
                    r.id, r.name, r.kind, r.color, r.border, r.tint, r.label, seen
                )
        out.region_kinds = dict(self.region_kinds)
        # Custom properties: GM-only types go with their values; so do the values of hidden
        # cells and of objects the players do not get, and hex values pointing under the fog.
        out.property_types = {
            n: t for n, t in self.property_types.items() if not t.get("gm_only", False)
        }
        kept_ids = {
            "icon": {i.id for i in icons},
            "label": {lb.id for lb in labels},
            "region": set(out.regions),
        }
        for (owner, key), vals in self.properties.items():
            if owner == "cell" and key in hidden:
                continue
            if owner in kept_ids and key not in kept_ids[owner]:
                continue
            seen_vals = {
                n: v for n, v in vals.items()
                if n in out.property_types
                and not (out.property_types[n]["kind"] == "hex" and v in hidden)
            }
            if seen_vals:
                out.properties[(owner, key)] = seen_vals
        # The key: the entries of seen hexes that are not GM-only, without GM text; a link
        # into the fog (or to no cell) names nothing: [[?]].
        def hide(m: re.Match) -> str:
            h = self.hex_of_label(m.group(1))
            return m.group(0) if h is not None and h not in hidden else "[[?]]"

        out.key = {
            h: KeyEntry(e.hex, e.label, e.title, LINK.sub(hide, e.player_text), "", e.tags)
            for h, e in self.key.items()
            if not e.gm_only and h not in hidden
        }
        if self.party is not None:
            trail = self.party["trail"]
            if trail is not None and not any(p.id == trail for p in paths):
                trail = None
            out.party = dict(self.party, trail=trail)
        out._path_step = {}
        for p in paths:
            cost = out.path_types[p.type].cost
            for a, b in zip(p.hexes, p.hexes[1:]):
                k = side_key(a, b)
                if cost is not None and cost < out._path_step.get(k, math.inf):
                    out._path_step[k] = cost
        return out


def sight_line(lo: Hex, hi: Hex, delta: float) -> list[Hex]:
    """The hexes of the line from lo to hi (lo the smaller by r, then q), sampled as the
    sight rule says: exact integer numerators, only the fraction rounded, nudged by delta
    on q and on r (docs/JSON.md, "Sight", steps 1–5)."""
    n = distance(lo, hi)
    if n == 0:
        return [lo]
    out = []
    for i in range(n + 1):
        whole, frac = [], []
        for a, b in zip(lo, hi):
            num = a * n + (b - a) * i
            w = num // n  # Python's // floors, as the rule asks
            whole.append(w)
            frac.append((num - w * n) / n + delta)
        rq, rr = cube_round(*frac)
        out.append((whole[0] + rq, whole[1] + rr))
    return out


def _axial(v, where: str) -> Hex:
    if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)):
        raise HexMapError(f"{where}: expected [q, r], got {v!r}")
    return (v[0], v[1])


def from_json(doc: dict) -> HexMap:
    """A map from the parsed JSON export. Raises HexMapError on another format or version,
    or on references that do not resolve."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise HexMapError(f"not a {FORMAT} export (format {doc.get('format')!r})")
    version = doc.get("version")
    if version not in VERSIONS:
        raise HexMapError(f"{FORMAT} version {version!r} is not supported")
    orientation = doc["orientation"]
    if orientation not in FORWARD:
        raise HexMapError(f"unknown orientation {orientation!r}")
    offset = doc["offset"]
    if offset not in OFFSET_KINDS:
        raise HexMapError(f"unknown offset kind {offset!r}")
    sx, sy = doc["hex_size"]
    palette = {
        t["id"]: Terrain(
            t["id"],
            t["name"],
            t["color"],
            t["symbol"],
            None if t["cost"] is None else to_hundredths(t["cost"]),
            t["blocks_sight"],
            tuple(t.get("tile_art", ())),
            t.get("tile_tint", False),
        )
        for t in doc["palette"]
    }
    edge_types = {
        t["id"]: EdgeType(
            t["id"],
            t["name"],
            t["color"],
            None if t["cost"] is None else to_hundredths(t["cost"]),
            t["blocks_sight"],
        )
        for t in doc["edge_types"]
    }
    path_types = {
        t["id"]: PathType(
            t["id"], t["name"], t["color"], None if t["cost"] is None else to_hundredths(t["cost"])
        )
        for t in doc["path_types"]
    }
    cells: dict[Hex, Cell] = {}
    for i, c in enumerate(doc["cells"]):
        if version >= 3:
            q, r = _axial(c["hex"], f"cells[{i}].hex")
            col, row = c["offset"]
        else:
            q, r, col, row = c["q"], c["r"], c["col"], c["row"]
        cell = Cell(
            q, r, col, row, c["terrain"], c["mine"], c["count"], c.get("note"),
            note_gm_only=c.get("note_gm_only", False),
            revealed=c.get("revealed", True),
            elevation=c.get("elevation"),
        )
        if cell.note_gm_only and cell.note is None:
            raise HexMapError(f"cell {cell.hex}: note_gm_only without a note")
        if cell.hex in cells:
            raise HexMapError(f"cell {cell.hex} listed twice")
        if cell.terrain is not None and cell.terrain not in palette:
            raise HexMapError(f"cell {cell.hex}: unknown terrain {cell.terrain}")
        cells[cell.hex] = cell
    edges: dict[tuple[Hex, Hex], int] = {}
    gm_edges: set[tuple[Hex, Hex]] = set()
    for i, e in enumerate(doc["edges"]):
        a, b = _axial(e["a"], f"edges[{i}].a"), _axial(e["b"], f"edges[{i}].b")
        if direction_between(a, b) is None:
            raise HexMapError(f"edges[{i}]: {a} and {b} are not neighbours")
        if e["type"] not in edge_types:
            raise HexMapError(f"edges[{i}]: unknown edge type {e['type']}")
        edges[side_key(a, b)] = e["type"]
        if e.get("gm_only", False):
            gm_edges.add(side_key(a, b))
    paths = []
    for i, p in enumerate(doc["paths"]):
        hexes = tuple(_axial(h, f"paths[{i}].hexes") for h in p["hexes"])
        if p["type"] not in path_types:
            raise HexMapError(f"paths[{i}]: unknown path type {p['type']}")
        for a, b in zip(hexes, hexes[1:]):
            if direction_between(a, b) is None:
                raise HexMapError(f"paths[{i}]: {a} and {b} are not neighbours")
        paths.append(Path(p["id"], p["type"], hexes, p.get("gm_only", False)))
    icons = [
        Icon(
            i["id"] if version >= 3 else None,
            _axial(i["hex"], f"icons[{n}].hex") if version >= 3 else (i["q"], i["r"]),
            i["icon"],
            i["caption"],
            i["scale"],
            i["color"],
            i.get("gm_only", False),
        )
        for n, i in enumerate(doc["icons"])
    ]
    ids = [i.id for i in icons if i.id is not None]
    if len(ids) != len(set(ids)):
        raise HexMapError("an icon id is listed twice")
    labels = [
        Label(
            lb["id"],
            lb["text"],
            lb["x"],
            lb["y"],
            lb["size"],
            lb["rotation"],
            lb["color"],
            lb["bold"],
            lb["italic"],
            lb["halo"],
            lb.get("gm_only", False),
            tuple((p[0], p[1]) for p in lb.get("path", [])),
        )
        for lb in doc["labels"]
    ]
    m = HexMap(
        doc["name"],
        orientation,
        offset,
        (float(sx), float(sy)),
        palette,
        edge_types,
        path_types,
        cells,
        edges,
        paths,
        icons,
        labels,
        forward=FORWARD[orientation],
        gm_edges=gm_edges,
    )
    elevations = [c.elevation is None for c in cells.values()]
    if any(elevations) and not all(elevations):
        raise HexMapError("elevation is on some cells but not on all")
    if version >= 2:
        _map_level(doc, m)
    _regions(doc, m)
    _key(doc, m)
    # The cheapest path type with a cost along each side (step 3 of the rule).
    for p in paths:
        cost = path_types[p.type].cost
        if cost is None:
            continue
        for a, b in zip(p.hexes, p.hexes[1:]):
            k = side_key(a, b)
            if cost < m._path_step.get(k, math.inf):
                m._path_step[k] = cost
    return m


def _map_level(doc: dict, m: HexMap) -> None:
    """Version 2's shape, bounds, label settings, layout and view, checked against the
    cells: a shape other than "cells" lists exactly its hexes; bounds are the cells'
    offset bounding box."""
    m.shape = doc["shape"]
    want = shape_hexes(m.shape)
    if want is not None and want != set(m.cells):
        raise HexMapError(
            f"the {m.shape['type']} shape has {len(want)} hexes, the cells list {len(m.cells)}"
        )
    b = doc["bounds"]
    m.bounds = (b["first_col"], b["first_row"], b["cols"], b["rows"])
    if m.bounds != offset_bounds(m.offset, m.cells):
        raise HexMapError(f"bounds {m.bounds} are not the cells' {offset_bounds(m.offset, m.cells)}")
    m.label_settings = doc["label_settings"]
    m.view = doc["view"]
    m.scale = doc.get("scale")
    if m.scale is not None:
        d = m.scale.get("per_hex")
        if not isinstance(d, (int, float)) or not math.isfinite(d) or d <= 0:
            raise HexMapError(f"scale.per_hex must be a number greater than 0, got {d!r}")
    party = doc.get("party")
    if party is not None:
        at = tuple(party["hex"])
        if at not in m.cells:
            raise HexMapError(f"party.hex {party['hex']} is not a cell of the map")
        trail = party["trail"]
        if trail is not None and trail not in {p.id for p in m.paths}:
            raise HexMapError(f"party.trail {trail} is not the id of a path")
        m.party = {"hex": at, "sight": party["sight"], "trail": trail}
    _custom(doc, m)
    layout = doc["layout"]
    m.forward = tuple(layout["forward"])
    m.origin = tuple(layout["origin"])
    if tuple(layout["size"]) != m.hex_size:
        raise HexMapError(f"layout size {layout['size']} is not hex_size {m.hex_size}")


def load(path: str) -> HexMap:
    """Load a JSON export from a file."""
    with open(path, encoding="utf-8") as f:
        return from_json(json.load(f))


def _custom(doc: dict, m: HexMap) -> None:
    """Custom properties (`property_types`, `properties`; version 4, left out when none):
    every value checked against its declared kind."""
    for t in doc.get("property_types", []):
        if t["name"] in m.property_types:
            raise HexMapError(f"property {t['name']!r} is declared twice")
        m.property_types[t["name"]] = t
    for i, p in enumerate(doc.get("properties", [])):
        owner = p["owner"]
        key = (
            None if owner == "map"
            else tuple(p["hex"]) if owner == "cell"
            else p["id"]
        )
        if owner == "cell" and key not in m.cells:
            raise HexMapError(f"properties[{i}]: hex {p['hex']} is not a cell of the map")
        vals = {}
        for name, v in p["values"].items():
            t = m.property_types.get(name)
            if t is None:
                raise HexMapError(f"properties[{i}]: property {name!r} is not declared")
            kind = t["kind"]
            ok = {
                "string": isinstance(v, str),
                "enum": isinstance(v, str) and v in t.get("values", []),
                "int": isinstance(v, int) and not isinstance(v, bool),
                "number": isinstance(v, (int, float)) and not isinstance(v, bool),
                "bool": isinstance(v, bool),
                "colour": isinstance(v, str) and len(v) == 7 and v.startswith("#"),
                "hex": isinstance(v, list) and len(v) == 2,
            }.get(kind, False)
            if not ok:
                raise HexMapError(f"properties[{i}], property {name!r}: {v!r} is not a {kind}")
            vals[name] = tuple(v) if kind == "hex" else v
        m.properties[(owner, key)] = vals


def _key(doc: dict, m: HexMap) -> None:
    """The hex key (`key`, version 4; left out when the map has none): one entry per
    keyed cell, in label order."""
    for i, e in enumerate(doc.get("key", [])):
        h = _axial(e["hex"], f"key[{i}].hex")
        if h not in m.cells:
            raise HexMapError(f"key[{i}]: hex {h} is not a cell of the map")
        if h in m.key:
            raise HexMapError(f"key[{i}]: hex {h} has an entry already")
        m.key[h] = KeyEntry(
            h, e["label"], e["title"], e["player_text"], e.get("gm_text", ""),
            tuple(e["tags"]), e.get("gm_only", False),
        )


def _regions(doc: dict, m: HexMap) -> None:
    """Named regions (`region_kinds`, `regions`; left out when the map has none)."""
    for k in doc.get("region_kinds", []):
        if k["name"] in m.region_kinds:
            raise HexMapError(f"region kind {k['name']!r} is listed twice")
        m.region_kinds[k["name"]] = k["exclusive"]
    owner: dict[tuple[str, Hex], int] = {}
    for r in doc.get("regions", []):
        if r["id"] in m.regions:
            raise HexMapError(f"region id {r['id']} is listed twice")
        if r["kind"] not in m.region_kinds:
            raise HexMapError(f"region {r['id']}: unknown kind {r['kind']!r}")
        hexes = frozenset((q, r_) for q, r_ in r["hexes"])
        for h in hexes:
            if h not in m.cells:
                raise HexMapError(f"region {r['id']}: hex {h} is not a cell of the map")
            if m.region_kinds[r["kind"]]:
                other = owner.setdefault((r["kind"], h), r["id"])
                if other != r["id"]:
                    raise HexMapError(
                        f"regions {other} and {r['id']} of exclusive kind {r['kind']!r} share hex {h}"
                    )
        m.regions[r["id"]] = Region(
            r["id"], r["name"], r["kind"], r["color"], r["border"], r["tint"], r["label"], hexes,
            r.get("gm_only", False),
        )
