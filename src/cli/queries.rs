//! The questions a game asks of a map — route, reach, field of view, line of sight, the
//! cost of a given path, distance, line, neighbours, ring and range, the cell under a
//! point, a cell's coordinates — answered as the JSON objects that `--json` prints. One
//! function per question, shared by the single commands and by `hexmap batch`, so that a
//! batch answer is byte for byte what the command alone would print.
//!
//! A hex in these answers is the machine notation of docs/EXPORT.md: axial `[q, r]`. Every
//! answer is one object; a list of hexes is always `"hexes"`, each `[q, r]` or, where each
//! hex carries one more fact (a cost, a direction), `[q, r, fact]`.

use super::CliError;
use hexmap_hex::{CoordSystem, Hex, PathError, Point, Route, SightBlock};
use hexmap_map::HexMap;
use serde_json::{Value, json};

/// Points as JSON: a whole number when whole, else a decimal (hundredths are exact).
pub(super) fn points_json(hundredths: u64) -> Value {
    if hundredths.is_multiple_of(100) {
        Value::from(hundredths / 100)
    } else {
        Value::from(hundredths as f64 / 100.0)
    }
}

/// A hex as the machine notation: `[q, r]`.
pub(super) fn hex_json(h: Hex) -> Value {
    json!([h.q, h.r])
}

/// The cheapest route from `from` to `to`, or `None` when there is none. An error only
/// when the search gave up at its limit.
pub(super) fn find_route(map: &HexMap, from: Hex, to: Hex) -> Result<Option<Route>, CliError> {
    match map.route(from, to) {
        Ok(p) => Ok(Some(p)),
        Err(PathError::Unreachable) => Ok(None),
        Err(e @ PathError::LimitReached) => Err(CliError(e.to_string())),
    }
}

/// A route found or not, as JSON: `{"cost": number|null, "hexes": [[q,r], …]}` (no hexes
/// when unreachable).
pub(super) fn route_json(found: Option<&Route>) -> Value {
    match found {
        Some(p) => json!({
            "cost": points_json(p.cost),
            "hexes": p.hexes.iter().map(|&h| hex_json(h)).collect::<Vec<_>>(),
        }),
        None => json!({ "cost": null, "hexes": [] }),
    }
}

/// [`find_route`] answered as [`route_json`].
pub(super) fn route(map: &HexMap, from: Hex, to: Hex) -> Result<Value, CliError> {
    Ok(route_json(find_route(map, from, to)?.as_ref()))
}

/// Every cell within `budget` hundredths of `from`, with its cost, sorted:
/// `{"hexes": [[q, r, cost], …]}`.
pub(super) fn reach(map: &HexMap, from: Hex, budget: u32) -> Result<Value, CliError> {
    let range = map.reach(from, budget)?;
    let mut cells: Vec<(Hex, u32)> = range.iter().collect();
    cells.sort_unstable_by_key(|&(h, _)| h);
    let hexes: Vec<Value> = cells
        .iter()
        .map(|&(h, c)| json!([h.q, h.r, points_json(u64::from(c))]))
        .collect();
    Ok(json!({ "hexes": hexes }))
}

/// The cells seen from `from` within `radius` under the map's sight rule, sorted:
/// `{"hexes": [[q, r], …]}`. Refused over the sight limit (`hexmap_map::MAX_SIGHT`, after
/// the radius is cut to the map's extent), as `reach` is over its own.
pub(super) fn fov(map: &HexMap, from: Hex, radius: u32) -> Result<Value, CliError> {
    let hexes: Vec<Value> = map
        .field_of_view(from, radius)?
        .into_iter()
        .map(hex_json)
        .collect();
    Ok(json!({ "hexes": hexes }))
}

/// Whether `to` is seen from `from` under the sight rule at any distance, and what blocks
/// the view as seen from `from` (`HexMap::sight_blocker`):
/// `{"visible": bool, "distance": n, "blocked_by": null | {"hex": [q, r]} | {"side": [[q, r], [q, r]]}}`
/// (a side as its two hexes, the one nearer `from` first).
pub(super) fn los(map: &HexMap, from: Hex, to: Hex) -> Value {
    let blocked_by = match map.sight_blocker(from, to) {
        None => Value::Null,
        Some(SightBlock::Hex(h)) => json!({ "hex": hex_json(h) }),
        Some(SightBlock::Side(a, b)) => json!({ "side": [hex_json(a), hex_json(b)] }),
    };
    json!({
        "visible": blocked_by.is_null(),
        "distance": from.distance(to),
        "blocked_by": blocked_by,
    })
}

/// The number of steps between two hexes: `{"distance": n}`.
pub(super) fn distance(from: Hex, to: Hex) -> Value {
    json!({ "distance": from.distance(to) })
}

/// The hexes of the line from `from` to `to` (`hexmap_hex::line`: distance + 1 hexes, each
/// next to the one before, the line of the sight rule nudged by +ε), cells of the map or
/// not: `{"hexes": [[q, r], …]}`.
pub(super) fn line(from: Hex, to: Hex) -> Value {
    let hexes: Vec<Value> = hexmap_hex::line(from, to)
        .into_iter()
        .map(hex_json)
        .collect();
    json!({ "hexes": hexes })
}

/// The cells next to `h`, in direction order, each with its side's compass name:
/// `{"hexes": [[q, r, "E"], …]}`.
pub(super) fn neighbours(map: &HexMap, h: Hex) -> Value {
    let orientation = map.properties().orientation;
    let hexes: Vec<Value> = map
        .neighbours_on_map(h)
        .into_iter()
        .map(|(d, n)| json!([n.q, n.r, d.name_on(orientation)]))
        .collect();
    json!({ "hexes": hexes })
}

/// The cells exactly `radius` steps from `centre`, in ring order (`HexMap::ring_cells`):
/// `{"hexes": [[q, r], …]}`.
pub(super) fn ring(map: &HexMap, centre: Hex, radius: u32) -> Value {
    hexes_json(map.ring_cells(centre, radius))
}

/// The cells at most `radius` steps from `centre`, whatever lies between, sorted
/// (`HexMap::cells_within`): `{"hexes": [[q, r], …]}`.
pub(super) fn range(map: &HexMap, centre: Hex, radius: u32) -> Value {
    hexes_json(map.cells_within(centre, radius))
}

/// `{"hexes": [[q, r], …]}`.
fn hexes_json(hexes: Vec<Hex>) -> Value {
    json!({ "hexes": hexes.into_iter().map(hex_json).collect::<Vec<_>>() })
}

/// What walking `hexes` costs under the movement rule, step by step.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct PathCost {
    /// Each hex reached with the total spent to reach it (the first at 0), up to the last
    /// one reached.
    pub(super) reached: Vec<(Hex, u64)>,
    /// The first step that is not allowed (impassable terrain or side), if any.
    pub(super) blocked: Option<(Hex, Hex)>,
}

/// The cost of walking `hexes` in order (`HexMap::step_cost` per step), or the index `i`
/// of the first pair `hexes[i]`, `hexes[i + 1]` that are not neighbours. Every hex must be a
/// cell of the map (the callers check, naming it).
pub(super) fn path_cost(map: &HexMap, hexes: &[Hex]) -> Result<PathCost, usize> {
    let mut reached = Vec::with_capacity(hexes.len());
    let Some(&first) = hexes.first() else {
        return Ok(PathCost {
            reached,
            blocked: None,
        });
    };
    reached.push((first, 0));
    if let Some(i) = hexes.windows(2).position(|w| w[0].distance(w[1]) != 1) {
        return Err(i);
    }
    let mut total = 0u64;
    for w in hexes.windows(2) {
        match map.step_cost(w[0], w[1]) {
            Some(cost) => {
                total += u64::from(cost);
                reached.push((w[1], total));
            }
            None => {
                return Ok(PathCost {
                    reached,
                    blocked: Some((w[0], w[1])),
                });
            }
        }
    }
    Ok(PathCost {
        reached,
        blocked: None,
    })
}

/// A [`PathCost`] as JSON, in the shape of a route and a movement range:
/// `{"cost": number | null, "hexes": [[q, r, cost so far], …], "blocked": null | [[q, r], [q, r]]}`
/// (`cost` null and `hexes` ending at the last hex reached when a step is not allowed).
pub(super) fn path_cost_json(walked: &PathCost) -> Value {
    let hexes: Vec<Value> = walked
        .reached
        .iter()
        .map(|&(h, c)| json!([h.q, h.r, points_json(c)]))
        .collect();
    let cost = match (walked.blocked, walked.reached.last()) {
        (None, Some(&(_, c))) => points_json(c),
        _ => Value::Null,
    };
    let blocked = walked
        .blocked
        .map_or(Value::Null, |(a, b)| json!([hex_json(a), hex_json(b)]));
    json!({ "cost": cost, "hexes": hexes, "blocked": blocked })
}

/// What the map holds at `h`: `"on_map"`, and on the map its terrain id and name (both
/// `null` for a cell without terrain) and whether it has a note. Added to `coord --map`
/// and `pick --map` answers so a game need not load the map to ask.
pub(super) fn cell_facts(map: &HexMap, h: Hex) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    let on_map = map.contains(h);
    out.insert("on_map".into(), Value::from(on_map));
    if on_map {
        let id = map.terrain(h);
        let name = id
            .and_then(|t| map.palette().get(t))
            .map(|t| t.name.clone());
        out.insert("terrain".into(), json!(id.map(|t| t.get())));
        out.insert("terrain_name".into(), json!(name));
        out.insert("note".into(), Value::from(map.note(h).is_some()));
    }
    out
}

/// The hex under world point `p` in the map's layout; an error for a point no hex can
/// hold.
pub(super) fn pick_hex(map: &HexMap, p: Point) -> Result<Hex, CliError> {
    map.layout()?.pixel_to_hex(p).ok_or_else(|| unpickable(p))
}

/// What `pick --map --json` answers for the picked hex `h`: its axial, cube and own
/// offset coordinates and [`cell_facts`].
pub(super) fn pick_json(map: &HexMap, h: Hex) -> Value {
    let mut out = picked(map, h);
    out.extend(cell_facts(map, h));
    Value::Object(out)
}

/// The error for a point no hex can hold.
pub(super) fn unpickable(p: Point) -> CliError {
    // Large numbers in exponent form: 1e308 written out is over 300 digits.
    let short = |v: f64| {
        if v.is_finite() && v.abs() < 1e12 {
            format!("{v}")
        } else {
            format!("{v:e}")
        }
    };
    CliError(format!(
        "point ({}, {}) is not finite or lies beyond the 32-bit hex coordinate range",
        short(p.x),
        short(p.y)
    ))
}

/// `h` in axial, cube and the map's own offset kind (keyed by its name, as `coord --json`).
fn picked(map: &HexMap, h: Hex) -> serde_json::Map<String, Value> {
    let cx = map.properties().coord_context();
    let mut out = serde_json::Map::new();
    out.insert("axial".into(), hex_json(h));
    out.insert("cube".into(), json!(h.cube()));
    let own = CoordSystem::Offset(cx.offset);
    out.insert(own.key().into(), json!(own.numbers(h)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap_hex::Orientation;
    use hexmap_map::{MapProperties, MapShape, Palette, TerrainId};

    fn map() -> HexMap {
        let mut m = HexMap::new(
            MapProperties::new("q", Orientation::Pointy),
            MapShape::hexagon(2).unwrap(),
            Palette::standard(),
        )
        .unwrap();
        m.set_terrain(Hex::new(1, 0), Some(TerrainId::new(2).unwrap()))
            .unwrap();
        m
    }

    #[test]
    fn points_are_whole_numbers_when_whole() {
        assert_eq!(points_json(300).to_string(), "3");
        assert_eq!(points_json(250).to_string(), "2.5");
        assert_eq!(points_json(5).to_string(), "0.05");
    }

    #[test]
    fn cell_facts_say_whether_a_hex_is_on_the_map_and_its_terrain() {
        let m = map();
        let on = cell_facts(&m, Hex::new(1, 0));
        let name = m
            .palette()
            .get(TerrainId::new(2).unwrap())
            .unwrap()
            .name
            .clone();
        assert_eq!(on["on_map"], true);
        assert_eq!(on["terrain"], 2);
        assert_eq!(on["terrain_name"], name.as_str());
        let empty = cell_facts(&m, Hex::ORIGIN);
        assert_eq!(empty["terrain"], Value::Null);
        let off = cell_facts(&m, Hex::new(5, 0));
        assert_eq!(off["on_map"], false);
        assert!(!off.contains_key("terrain"));
    }

    #[test]
    fn a_path_costs_its_steps_and_stops_at_the_first_it_cannot_take() {
        let mut m = map();
        // Grass (id 2, 1 point) at (1, 0); the standard Water (impassable) at (2, 0).
        let water = m
            .palette()
            .terrains()
            .iter()
            .find(|t| t.cost.hundredths().is_none())
            .map(|t| t.id)
            .unwrap();
        m.set_terrain(Hex::new(2, 0), Some(water)).unwrap();
        let walk = [Hex::new(-1, 0), Hex::ORIGIN, Hex::new(1, 0)];
        let answer = path_cost_json(&path_cost(&m, &walk).unwrap());
        assert_eq!(
            answer.to_string(),
            r#"{"cost":2,"hexes":[[-1,0,0],[0,0,1],[1,0,2]],"blocked":null}"#
        );
        let walk = [Hex::ORIGIN, Hex::new(1, 0), Hex::new(2, 0)];
        let answer = path_cost_json(&path_cost(&m, &walk).unwrap());
        assert_eq!(answer["cost"], Value::Null);
        assert_eq!(answer["blocked"], json!([[1, 0], [2, 0]]));
        assert_eq!(answer["hexes"], json!([[0, 0, 0], [1, 0, 1]]));
        // Not neighbours: the index of the first bad pair.
        let jump = [Hex::ORIGIN, Hex::new(1, 0), Hex::new(1, 2)];
        assert_eq!(path_cost(&m, &jump), Err(1));
        assert_eq!(path_cost(&m, &[Hex::ORIGIN, Hex::ORIGIN]), Err(0));
        let alone = path_cost_json(&path_cost(&m, &[Hex::ORIGIN]).unwrap());
        assert_eq!(alone["cost"], 0);
    }

    #[test]
    fn an_unreachable_route_has_a_null_cost_and_no_hexes() {
        let m = map();
        let answer = route(&m, Hex::ORIGIN, Hex::new(9, 9)).unwrap();
        assert_eq!(answer.to_string(), r#"{"cost":null,"hexes":[]}"#);
    }
}
