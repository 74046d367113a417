"""The questions a game asks of a map, answered from a loaded export (`hexmap_loader`)
as docs/JSON.md ("Sight", "The movement rule", "Answers to queries") defines them, with
Python's standard library only:

    import hexmap_loader as hl, hexmap_queries as hq
    m = hl.load("board.json")
    hq.los(m, (0, 0), (5, -2))        # (True, None) or (False, ("hex", h) | ("side", a, b))
    hq.walk(m, [(0, 0), (1, 0)])      # (cost in hundredths or None, [(hex, so far)], blocked)
    hq.line((0, 0), (4, -1))          # the hexes of the line, on the map or not
    hq.neighbours(m, (3, 4))          # [(hex, side name)] in direction order
    hq.ring(m, (3, 4), 2)             # the cells exactly 2 away, in ring order
    hq.cells_within(m, (3, 4), 2)     # the cells at most 2 away, sorted by r then q
    hq.answer(m, {"query": "los", "from": [0, 0], "to": [5, -2]})   # as `hexmap batch`

Hexes are axial (q, r) tuples; `answer` takes and gives what `hexmap batch` does (hexes as
[q, r] lists, costs in points), so its answers can be compared with the program's.
"""

from __future__ import annotations

from typing import Iterable

import hexmap_loader as hl

Hex = hl.Hex


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes of the line from a to b: the sight rule's line with the +ε nudge (steps
    1–5 of docs/JSON.md, "Sight"), read from a."""
    lo, hi = (a, b) if hl.sort_key(a) <= hl.sort_key(b) else (b, a)
    hexes = hl.sight_line(lo, hi, hl.SIGHT_EPSILON)
    return hexes if lo == a else hexes[::-1]


def _first_block(m: hl.HexMap, hexes: list[Hex]):
    """The first thing that stops the line `hexes` (from the eye): (place, blocker), the
    place in half steps (a side before hex i at 2i − 1, hex i at 2i); None when open."""
    steps = len(hexes) - 1
    for i in range(1, len(hexes)):
        prev, h = hexes[i - 1], hexes[i]
        if m.sight_blocked_between(prev, h):
            return (2 * i - 1, ("side", prev, h))
        if i < steps and m.blocks_sight(h):
            return (2 * i, ("hex", h))
    return None


def los(m: hl.HexMap, a: Hex, b: Hex):
    """Whether a sees b under the sight rule at any distance, and when not what blocks the
    view as seen from a: (True, None) or (False, ("hex", h)) / (False, ("side", x, y)).
    Each nudged line is walked from a; the blocker of the line that got farther is named,
    the +ε line's on a tie (docs/JSON.md, "Sight")."""
    lo, hi = (a, b) if hl.sort_key(a) <= hl.sort_key(b) else (b, a)
    farthest = None
    for delta in (hl.SIGHT_EPSILON, -hl.SIGHT_EPSILON):
        hexes = hl.sight_line(lo, hi, delta)
        if lo != a:
            hexes.reverse()
        block = _first_block(m, hexes)
        if block is None:
            return (True, None)
        if farthest is None or block[0] > farthest[0]:
            farthest = block
    return (False, farthest[1])


def walk(m: hl.HexMap, hexes: Iterable[Hex]):
    """What walking `hexes` in order costs under the movement rule: (total hundredths or
    None, [(hex, hundredths so far)] up to the last hex reached, the step (a, b) not
    allowed or None). Raises HexMapError for a hex off the map or two hexes in a row that
    are not neighbours."""
    hexes = list(hexes)
    for i, h in enumerate(hexes):
        if h not in m.cells:
            raise hl.HexMapError(f"hexes[{i}] {h} is not a cell of the map")
    for i, (a, b) in enumerate(zip(hexes, hexes[1:])):
        if hl.direction_between(a, b) is None:
            raise hl.HexMapError(f"hexes[{i}] {a} and hexes[{i + 1}] {b} are not neighbours")
    reached = [(hexes[0], 0)] if hexes else []
    total = 0
    for a, b in zip(hexes, hexes[1:]):
        step = m.step_cost(a, b)
        if step is None:
            return (None, reached, (a, b))
        total += step
        reached.append((b, total))
    return (total, reached, None)


def neighbours(m: hl.HexMap, h: Hex) -> list[tuple[Hex, str]]:
    """The cells next to h in direction order, each with its side's name."""
    names = hl.direction_names(m.orientation)
    out = []
    for d in range(6):
        n = hl.neighbor(h, d)
        if n in m.cells:
            out.append((n, names[d]))
    return out


def ring(m: hl.HexMap, centre: Hex, radius: int) -> list[Hex]:
    """The cells exactly `radius` steps from centre, in ring order: from centre + radius ×
    direction 4, then `radius` steps along each of directions 0 to 5."""
    if radius == 0:
        return [centre] if centre in m.cells else []
    dq, dr = hl.DIRECTIONS[4]
    h = (centre[0] + dq * radius, centre[1] + dr * radius)
    out = []
    for d in range(6):
        for _ in range(radius):
            if h in m.cells:
                out.append(h)
            h = hl.neighbor(h, d)
    return out


def cells_within(m: hl.HexMap, centre: Hex, radius: int) -> list[Hex]:
    """The cells at most `radius` steps from centre, whatever lies between, by r then q."""
    return sorted((h for h in m.cells if hl.distance(centre, h) <= radius), key=hl.sort_key)


def _points(hundredths: int):
    """Hundredths as the answers write points: a whole number when whole."""
    return hundredths // 100 if hundredths % 100 == 0 else hundredths / 100


def _cell(m: hl.HexMap, q: dict, key: str) -> Hex:
    v = q[key]
    h = (v[0], v[1])
    if h not in m.cells:
        raise hl.HexMapError(f"{key} {h} is not a cell of the map")
    return h


def answer(m: hl.HexMap, q: dict) -> dict:
    """The answer `hexmap batch` gives to the query `q` (los, path-cost, distance, line,
    neighbours, ring, range), in its JSON shape."""
    kind = q["query"]
    if kind == "los":
        a, b = _cell(m, q, "from"), _cell(m, q, "to")
        visible, block = los(m, a, b)
        if block is None:
            by = None
        elif block[0] == "hex":
            by = {"hex": list(block[1])}
        else:
            by = {"side": [list(block[1]), list(block[2])]}
        return {"visible": visible, "distance": hl.distance(a, b), "blocked_by": by}
    if kind == "distance":
        return {"distance": hl.distance(_cell(m, q, "from"), _cell(m, q, "to"))}
    if kind == "line":
        return {"hexes": [list(h) for h in line(_cell(m, q, "from"), _cell(m, q, "to"))]}
    if kind == "neighbours":
        return {"hexes": [[n[0], n[1], side] for n, side in neighbours(m, _cell(m, q, "hex"))]}
    if kind == "ring":
        return {"hexes": [list(h) for h in ring(m, _cell(m, q, "from"), q["radius"])]}
    if kind == "range":
        return {"hexes": [list(h) for h in cells_within(m, _cell(m, q, "from"), q["radius"])]}
    if kind == "path-cost":
        total, reached, blocked = walk(m, [tuple(h) for h in q["hexes"]])
        return {
            "cost": None if total is None else _points(total),
            "hexes": [[h[0], h[1], _points(c)] for h, c in reached],
            "blocked": None if blocked is None else [list(blocked[0]), list(blocked[1])],
        }
    raise hl.HexMapError(f"unknown query {kind!r}")
