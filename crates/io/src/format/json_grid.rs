//! The compact JSON export (`export --to json --compact`, docs/JSON.md "The compact form"):
//! instead of an object per cell, `grid` holds one array per layer over the shape's offset
//! bounding box, row by row in the map's offset kind — terrain ids (`-1` off the map, `0`
//! no terrain), mines and fog as `0`/`1`, the numeric layers ([`super::layers`]) and each
//! cell property some cell sets — and `notes` lists the few cells with a note. The rest of
//! the document is the full export's. Written on one line; read back by `import`, which
//! turns the grid into the full form's cells (`GridIn::cells`) and reads on as for those.

use super::json_custom::{PropsIn, value_json};
use super::json_items::CellIn;
use super::json_value::At;
use hexmap_hex::{Hex, OffsetCoord, OffsetKind};
use hexmap_map::{HexMap, PropOwner};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The grid of layers (written).
#[derive(Serialize)]
pub(super) struct JsonGrid {
    /// `[col, row]` of the first value (the bounding box's top-left).
    first: [i32; 2],
    cols: u32,
    rows: u32,
    /// Terrain ids: `-1` for a hole (not part of the map), `0` for a cell without terrain.
    terrain: Vec<i32>,
    /// `1` for a mine, `0` for none, `null` off the map; left out when the map has none.
    #[serde(skip_serializing_if = "Option::is_none")]
    mine: Option<Vec<Option<u8>>>,
    /// `1` seen by the players, `0` under fog, `null` off the map; left out without fog.
    #[serde(skip_serializing_if = "Option::is_none")]
    revealed: Option<Vec<Option<u8>>>,
    /// The numeric layers the map has, by name; `null` off the map.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    layers: BTreeMap<&'static str, Vec<Option<i64>>>,
    /// Each property some cell sets, by name: the typed value, `null` where the cell sets
    /// none (its type's default applies) or off the map.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    properties: BTreeMap<String, Vec<Value>>,
}

/// A cell's note (written and read).
#[derive(Serialize, Deserialize)]
pub(super) struct JsonNote {
    /// Axial `[q, r]`.
    hex: [i32; 2],
    text: String,
    /// For the GM only; left out when not.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    gm_only: bool,
}

/// The grid and the notes of `map`.
pub(super) fn grid_json(map: &HexMap) -> (JsonGrid, Vec<JsonNote>) {
    let kind = map.properties().offset_kind;
    let b = map.shape().offset_bounds(kind);
    let len = b.cols as usize * b.rows as usize;
    let has_mines = map.mines().next().is_some();
    let fog = map.has_fog();
    let layers: Vec<_> = super::layers::numeric_layers(map).collect();
    let custom = map.custom();
    let mut properties: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (owner, values) in custom.iter_on(map) {
        if let PropOwner::Cell(h) = owner {
            let c = kind.from_hex(h);
            let i = (c.row - b.min_row) as usize * b.cols as usize + (c.col - b.min_col) as usize;
            for (name, v) in values {
                properties
                    .entry(name.clone())
                    .or_insert_with(|| vec![Value::Null; len])[i] = value_json(v);
            }
        }
    }
    let mut grid = JsonGrid {
        first: [b.min_col, b.min_row],
        cols: b.cols,
        rows: b.rows,
        terrain: Vec::with_capacity(len),
        mine: has_mines.then(|| Vec::with_capacity(len)),
        revealed: fog.then(|| Vec::with_capacity(len)),
        layers: layers
            .iter()
            .map(|l| (l.name, Vec::with_capacity(len)))
            .collect(),
        properties,
    };
    let mut notes = Vec::new();
    for row in 0..b.rows as i32 {
        for col in 0..b.cols as i32 {
            let h = kind.to_hex(OffsetCoord::new(b.min_col + col, b.min_row + row));
            let on = map.contains(h);
            grid.terrain.push(match (on, map.terrain(h)) {
                (false, _) => -1,
                (true, t) => t.map_or(0, |t| i32::from(t.get())),
            });
            let flag = |yes: bool| on.then_some(u8::from(yes));
            if let Some(m) = &mut grid.mine {
                m.push(flag(map.is_mine(h)));
            }
            if let Some(r) = &mut grid.revealed {
                r.push(flag(map.is_revealed(h)));
            }
            for l in &layers {
                let values = grid.layers.get_mut(l.name).expect("one per layer");
                values.push((l.value)(map, h));
            }
            if let Some(text) = map.note(h) {
                notes.push(JsonNote {
                    hex: [h.q, h.r],
                    text: text.to_owned(),
                    gm_only: map.note_is_gm_only(h),
                });
            }
        }
    }
    (grid, notes)
}

/// The grid as read.
#[derive(Deserialize)]
pub(super) struct GridIn {
    first: [i32; 2],
    cols: u32,
    rows: u32,
    terrain: Vec<i64>,
    #[serde(default)]
    mine: Option<Vec<Option<i64>>>,
    #[serde(default)]
    revealed: Option<Vec<Option<i64>>>,
    #[serde(default)]
    layers: BTreeMap<String, Vec<Option<i64>>>,
    #[serde(default)]
    properties: BTreeMap<String, Vec<Value>>,
}

/// A `0`/`1` flag of a grid layer at a cell; `null` only off the map.
fn flag(values: &[Option<i64>], i: usize, at: &At) -> Result<bool, String> {
    match values[i] {
        Some(0) => Ok(false),
        Some(1) => Ok(true),
        Some(n) => Err(at.index(i).err(format!("{n} is neither 0 nor 1"))),
        None => Err(at.index(i).err("null on a cell of the map (0 or 1)")),
    }
}

impl GridIn {
    /// The cells of the grid as the full form lists them (holes left out), with their
    /// notes, and the cells' property values; every layer must have `cols × rows` values.
    pub(super) fn cells(
        self,
        kind: OffsetKind,
        notes: Vec<JsonNote>,
    ) -> Result<(Vec<CellIn>, Vec<PropsIn>), String> {
        let grid = At::root("grid");
        let len = u64::from(self.cols) * u64::from(self.rows);
        if len > hexmap_map::shape::MAX_BOX_CELLS {
            return Err(grid.err(format!(
                "{} × {} values, over the limit of {}",
                self.cols,
                self.rows,
                hexmap_map::shape::MAX_BOX_CELLS
            )));
        }
        let len = len as usize;
        let check_len = |n: usize, at: &At| {
            if n == len {
                Ok(())
            } else {
                Err(at.err(format!(
                    "{n} values, expected cols × rows = {} × {} = {len}",
                    self.cols, self.rows
                )))
            }
        };
        check_len(self.terrain.len(), &grid.key("terrain"))?;
        if let Some(m) = &self.mine {
            check_len(m.len(), &grid.key("mine"))?;
        }
        if let Some(r) = &self.revealed {
            check_len(r.len(), &grid.key("revealed"))?;
        }
        for (name, values) in &self.layers {
            check_len(values.len(), &grid.key("layers").key(name))?;
        }
        for (name, values) in &self.properties {
            check_len(values.len(), &grid.key("properties").key(name))?;
        }
        // A numeric layer's value on cell `i`: every cell has one when the grid has the
        // layer, none otherwise.
        let value_of = |name: &str, i: usize| -> Result<Option<i16>, String> {
            let Some(values) = self.layers.get(name) else {
                return Ok(None);
            };
            let at = grid.key("layers").key(name).index(i);
            let v = values[i].ok_or_else(|| at.err("null on a cell of the map"))?;
            let v = i16::try_from(v).map_err(|_| {
                at.err(format!(
                    "{v} is out of range ({} to {})",
                    i16::MIN,
                    i16::MAX
                ))
            })?;
            Ok(Some(v))
        };
        let mut at_hex: BTreeMap<Hex, usize> = BTreeMap::new();
        let mut cells = Vec::new();
        for i in 0..len {
            let at = grid.key("terrain").index(i);
            let terrain = match self.terrain[i] {
                -1 => continue,
                0 => None,
                t => Some(u16::try_from(t).map_err(|_| {
                    at.err(format!(
                        "{t} is not a terrain id (1 to 65535, 0 none, -1 off the map)"
                    ))
                })?),
            };
            let col = self.first[0] + (i % self.cols as usize) as i32;
            let row = self.first[1] + (i / self.cols as usize) as i32;
            let hex = kind.to_hex(OffsetCoord::new(col, row));
            at_hex.insert(hex, cells.len());
            cells.push(CellIn {
                hex,
                s: i64::from(hex.s()),
                offset: (col, row),
                terrain,
                mine: match &self.mine {
                    Some(m) => flag(m, i, &grid.key("mine"))?,
                    None => false,
                },
                note: None,
                note_gm_only: false,
                revealed: match &self.revealed {
                    Some(r) => Some(flag(r, i, &grid.key("revealed"))?),
                    None => None,
                },
                elevation: value_of("elevation", i)?,
                climate: [value_of("temperature", i)?, value_of("moisture", i)?],
            });
        }
        for (n, note) in notes.into_iter().enumerate() {
            let [q, r] = note.hex;
            let at = At::root("notes").index(n);
            let cell = at_hex
                .get(&Hex::new(q, r))
                .map(|&c| &mut cells[c])
                .ok_or_else(|| {
                    at.key("hex")
                        .err(format!("({q}, {r}) is not a cell of the grid"))
                })?;
            if cell.note.is_some() {
                return Err(at.err(format!("({q}, {r}) has a note already")));
            }
            cell.note = Some(note.text);
            cell.note_gm_only = note.gm_only;
        }
        let mut by_cell: BTreeMap<usize, Map<String, Value>> = BTreeMap::new();
        for (name, values) in self.properties {
            for (i, v) in values.into_iter().enumerate() {
                if !v.is_null() {
                    if self.terrain[i] == -1 {
                        let at = grid.key("properties").key(&name).index(i);
                        return Err(at.err("a value off the map (its terrain is -1)"));
                    }
                    by_cell.entry(i).or_default().insert(name.clone(), v);
                }
            }
        }
        let props = by_cell
            .into_iter()
            .map(|(i, values)| {
                let col = self.first[0] + (i % self.cols as usize) as i32;
                let row = self.first[1] + (i / self.cols as usize) as i32;
                let hex = kind.to_hex(OffsetCoord::new(col, row));
                PropsIn::of_grid(PropOwner::Cell(hex), values, i)
            })
            .collect();
        Ok((cells, props))
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::{to_compact_json, to_json};
    use hexmap_hex::{Hex, OffsetKind, Orientation};
    use hexmap_map::{PropKind, PropOwner, PropType, PropValue, TerrainId};

    /// A map with a hole-bearing shape, mines, fog, elevation, temperature and moisture, a
    /// note and a cell property.
    fn sample() -> hexmap_map::HexMap {
        let mut m = hexmap_map::testing::hexagon_map(2, Orientation::Pointy);
        m.set_terrain(Hex::new(1, 0), TerrainId::new(3)).unwrap();
        m.set_mine(Hex::new(0, 1), true).unwrap();
        m.set_note(Hex::new(-1, 0), Some("ford".into())).unwrap();
        m.set_hidden(Hex::new(2, -2), true);
        let mut layer = hexmap_map::ElevationLayer::new(m.cell_count());
        layer.set(0, 7);
        m.set_elevation_layer(Some(layer)).unwrap();
        let n = m.cell_count() as i16;
        m.set_climate(hexmap_map::Climate {
            temperature: Some(hexmap_map::ClimateLayer::from_values(
                (0..n).map(|i| 14 - i).collect(),
            )),
            moisture: Some(hexmap_map::ClimateLayer::from_values(
                (0..n).map(|i| i * 5).collect(),
            )),
        })
        .unwrap();
        let custom = hexmap_map::CustomProps::build(
            vec![PropType {
                name: "victory points".into(),
                kind: PropKind::Int,
                default: PropValue::Int(0),
                gm_only: false,
            }],
            [(
                PropOwner::Cell(Hex::new(0, -1)),
                [("victory points".to_owned(), PropValue::Int(3))].into(),
            )]
            .into(),
        )
        .unwrap();
        m.set_custom(custom).unwrap();
        m
    }

    #[test]
    fn the_grid_runs_row_by_row_over_the_offset_box_with_holes_as_minus_one() {
        let m = sample();
        let v: serde_json::Value = serde_json::from_str(&to_compact_json(&m)).unwrap();
        let b = m.shape().offset_bounds(OffsetKind::OddR);
        assert_eq!(v["grid"]["cols"], b.cols);
        let terrain = v["grid"]["terrain"].as_array().unwrap();
        assert_eq!(terrain.len(), (b.cols * b.rows) as usize);
        assert_eq!(
            terrain.iter().filter(|t| t.as_i64() != Some(-1)).count(),
            m.cell_count(),
            "one value per cell, -1 elsewhere"
        );
        let at = |h: Hex| {
            let c = OffsetKind::OddR.from_hex(h);
            ((c.row - b.min_row) * b.cols as i32 + (c.col - b.min_col)) as usize
        };
        assert_eq!(terrain[at(Hex::new(1, 0))], 3);
        assert_eq!(v["grid"]["mine"][at(Hex::new(0, 1))], 1);
        assert_eq!(v["grid"]["revealed"][at(Hex::new(2, -2))], 0);
        assert_eq!(
            v["grid"]["properties"]["victory points"][at(Hex::new(0, -1))],
            3
        );
        assert_eq!(v["notes"][0]["text"], "ford");
        let first = m.shape().hex_at(0).unwrap();
        assert_eq!(v["grid"]["layers"]["temperature"][at(first)], 14);
        assert_eq!(v["grid"]["layers"]["moisture"][at(first)], 0);
        assert!(v.get("cells").is_none());
        assert!(
            v["properties"].is_null(),
            "cell values live in the grid, not the list"
        );
    }

    #[test]
    fn the_compact_form_reads_back_to_the_map_the_full_form_does() {
        let m = sample();
        let text = to_compact_json(&m);
        assert_eq!(text.lines().count(), 1, "one line");
        let back = super::super::json_read::read_json(text.as_bytes(), "m.json")
            .unwrap()
            .map;
        assert_eq!(to_json(&back), to_json(&m));
        assert!(
            to_json(&m).contains("\"moisture\": 30"),
            "the climate is compared too"
        );
    }

    #[test]
    fn a_short_layer_or_a_bad_flag_is_named_by_its_place() {
        let m = sample();
        let mut v: serde_json::Value = serde_json::from_str(&to_compact_json(&m)).unwrap();
        v["grid"]["mine"].as_array_mut().unwrap().pop();
        let err = super::super::json_read::read_json(v.to_string().as_bytes(), "m.json")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("grid.mine: ") && err.contains("expected cols × rows"),
            "{err}"
        );
        let mut v: serde_json::Value = serde_json::from_str(&to_compact_json(&m)).unwrap();
        let first_cell = v["grid"]["terrain"]
            .as_array()
            .unwrap()
            .iter()
            .position(|t| t != -1)
            .unwrap();
        v["grid"]["mine"][first_cell] = 2.into();
        let err = super::super::json_read::read_json(v.to_string().as_bytes(), "m.json")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("grid.mine[{first_cell}]: 2 is neither 0 nor 1")),
            "{err}"
        );
    }
}
