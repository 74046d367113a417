"""The compact form of hexmap's JSON export (`export --to json --compact`; docs/JSON.md,
"The compact form") turned back into the full form's `cells`, so `hexmap_loader` reads
both forms into the same map:

    import hexmap_compact
    full = hexmap_compact.expand(json.load(open("world.json")))   # `grid` → `cells`

Standard library only. `hexmap_loader.from_json` calls `expand` by itself when a document
has a `grid`.
"""

from __future__ import annotations

import hexmap_loader as hl


def expand(doc: dict) -> dict:
    """A copy of the compact document `doc` with `cells` (and the cells' custom property
    values in `properties`) in place of `grid` and `notes`, as the full form writes them.
    Raises HexMapError when the grid does not fit its own box."""
    g = doc["grid"]
    (first_col, first_row), cols, rows = g["first"], g["cols"], g["rows"]
    size = cols * rows
    layers = {"terrain": g["terrain"]}
    for key in ("mine", "revealed"):
        if key in g:
            layers[key] = g[key]
    layers.update(g.get("layers", {}))
    props = g.get("properties", {})
    for name, values in [*layers.items(), *props.items()]:
        if len(values) != size:
            raise hl.HexMapError(f"grid.{name}: {len(values)} values for {cols} × {rows} cells")
    kind = doc["offset"]
    at: dict[hl.Hex, int] = {}
    for i, t in enumerate(g["terrain"]):
        if t != -1:
            col, row = first_col + i % cols, first_row + i // cols
            at[hl.offset_to_axial(kind, col, row)] = i
    mines = g.get("mine")
    notes = {tuple(n["hex"]): n for n in doc.get("notes", [])}
    cells, cell_props = [], []
    for h, i in at.items():
        col, row = hl.axial_to_offset(kind, h)
        count = 0
        if mines is not None:
            count = sum(
                1 for d in range(6)
                if (n := at.get(hl.neighbor(h, d))) is not None and mines[n] == 1
            )
        t = g["terrain"][i]
        cell = {
            "hex": list(h),
            "offset": [col, row],
            "terrain": None if t == 0 else t,
            "mine": mines is not None and mines[i] == 1,
            "count": count,
        }
        note = notes.get(h)
        if note is not None:
            cell["note"] = note["text"]
            if note.get("gm_only", False):
                cell["note_gm_only"] = True
        if "revealed" in g:
            cell["revealed"] = g["revealed"][i] == 1
        for name, values in g.get("layers", {}).items():
            cell[name] = values[i]
        cells.append(cell)
        values = {name: vals[i] for name, vals in props.items() if vals[i] is not None}
        if values:
            cell_props.append({"owner": "cell", "hex": list(h), "values": values})
    for h in notes:
        if h not in at:
            raise hl.HexMapError(f"notes: hex {list(h)} is not a cell of the map")
    full = {k: v for k, v in doc.items() if k not in ("grid", "notes")}
    full["cells"] = cells
    if cell_props:
        full["properties"] = cell_props + list(doc.get("properties", []))
    return full
