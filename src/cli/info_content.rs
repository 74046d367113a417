//! What `hexmap info` tells of a map's content beyond terrain: its edge and path types with
//! how much of each the map holds, its icons and its place names — so a game developer can
//! see what a file carries without opening the editor.

use super::queries::points_json;
use hexmap_map::cost::format_hundredths;
use hexmap_map::{EdgeMove, HexMap};
use serde::Serialize;
use serde_json::Value;

/// The map's content, as `info --json` lists it (axial `[q, r]` for hexes).
#[derive(Serialize)]
pub(super) struct ContentInfo {
    edge_types: Vec<EdgeTypeInfo>,
    path_types: Vec<PathTypeInfo>,
    icons: Vec<IconInfo>,
    labels: Vec<LabelInfo>,
}

#[derive(Serialize)]
struct EdgeTypeInfo {
    id: u16,
    name: String,
    /// Extra points to cross (a whole number when whole), or `null` when it cannot be
    /// crossed.
    cost: Value,
    #[serde(skip)]
    hundredths: Option<u32>,
    blocks_sight: bool,
    /// Hexsides of the map holding it.
    edges: usize,
}

#[derive(Serialize)]
struct PathTypeInfo {
    id: u16,
    name: String,
    /// Points per step along it, or `null` when it does not change movement.
    cost: Value,
    #[serde(skip)]
    hundredths: Option<u32>,
    /// Paths of this type.
    paths: usize,
    /// Steps (pairs of consecutive hexes) of all those paths.
    steps: usize,
}

#[derive(Serialize)]
struct IconInfo {
    id: u32,
    hex: [i32; 2],
    icon: String,
    caption: Option<String>,
}

#[derive(Serialize)]
struct LabelInfo {
    id: u32,
    text: String,
}

impl ContentInfo {
    /// What `map` holds.
    pub(super) fn of(map: &HexMap) -> ContentInfo {
        let json = |h: Option<u32>| h.map_or(Value::Null, |h| points_json(u64::from(h)));
        let edge_types = map
            .edge_palette()
            .types()
            .iter()
            .map(|t| {
                let hundredths = match t.movement {
                    EdgeMove::Extra(c) => Some(c.hundredths()),
                    EdgeMove::Impassable => None,
                };
                EdgeTypeInfo {
                    id: t.id.get(),
                    name: t.name.clone(),
                    cost: json(hundredths),
                    hundredths,
                    blocks_sight: t.blocks_sight,
                    edges: map.edges().filter(|&(_, k)| k == t.id).count(),
                }
            })
            .collect();
        let path_types = map
            .path_palette()
            .types()
            .iter()
            .map(|t| {
                let of_type: Vec<_> = map.paths().iter().filter(|p| p.kind == t.id).collect();
                let hundredths = t.cost.map(|c| c.hundredths());
                PathTypeInfo {
                    id: t.id.get(),
                    name: t.name.clone(),
                    cost: json(hundredths),
                    hundredths,
                    paths: of_type.len(),
                    steps: of_type
                        .iter()
                        .map(|p| p.hexes.len().saturating_sub(1))
                        .sum(),
                }
            })
            .collect();
        let mut icons: Vec<IconInfo> = map
            .icons()
            .iter()
            .flat_map(|(h, list)| {
                list.iter().map(move |i| IconInfo {
                    id: i.id.0,
                    hex: [h.q, h.r],
                    icon: i.source.to_file_text(),
                    caption: i.caption.clone(),
                })
            })
            .collect();
        icons.sort_by_key(|i| i.hex);
        let labels = map
            .labels()
            .iter()
            .map(|(id, l)| LabelInfo {
                id: id.0,
                text: l.text.clone(),
            })
            .collect();
        ContentInfo {
            edge_types,
            path_types,
            icons,
            labels,
        }
    }

    /// The text `info` prints after the terrain table; hexes named as the editor names them.
    pub(super) fn print(&self, map: &HexMap) {
        let cx = map.properties().coord_context();
        let cost = |c: Option<u32>, none: &str| {
            c.map_or(none.to_owned(), |h| format_hundredths(u64::from(h)))
        };
        let edge_rows = self.edge_types.iter().map(|t| {
            [
                t.id.to_string(),
                t.name.clone(),
                cost(t.hundredths, "impassable"),
                (if t.blocks_sight { "block" } else { "clear" }).to_owned(),
                t.edges.to_string(),
            ]
        });
        print_table(
            "edge types:",
            [(5, '>'), (20, '<'), (10, '>'), (5, '<'), (9, '>')],
            ["id", "name", "cross", "sight", "hexsides"],
            edge_rows,
        );
        let path_rows = self.path_types.iter().map(|t| {
            [
                t.id.to_string(),
                t.name.clone(),
                cost(t.hundredths, "terrain"),
                t.paths.to_string(),
                t.steps.to_string(),
            ]
        });
        print_table(
            "path types:",
            [(5, '>'), (20, '<'), (10, '>'), (6, '>'), (7, '>')],
            ["id", "name", "step", "paths", "steps"],
            path_rows,
        );
        println!("icons:       {}", self.icons.len());
        for i in &self.icons {
            let hex = cx.hex_name(hexmap_hex::Hex::new(i.hex[0], i.hex[1]));
            match &i.caption {
                Some(c) => println!("  {:>5}  {hex}  {}  \"{c}\"", i.id, i.icon),
                None => println!("  {:>5}  {hex}  {}", i.id, i.icon),
            }
        }
        println!("labels:      {}", self.labels.len());
        for l in &self.labels {
            println!("  {:>5}  {}", l.id, l.text);
        }
    }
}

/// Print a titled table of five columns, each `(width, '<' or '>')`, head row first; the
/// first two columns set off by two spaces, the rest by one.
fn print_table(
    title: &str,
    columns: [(usize, char); 5],
    head: [&str; 5],
    rows: impl Iterator<Item = [String; 5]>,
) {
    let line = |cells: [&str; 5]| {
        let mut out = String::new();
        for (i, (cell, (width, align))) in cells.iter().zip(columns).enumerate() {
            out.push_str(if i < 2 { "  " } else { " " });
            match align {
                '<' => out.push_str(&format!("{cell:<width$}")),
                _ => out.push_str(&format!("{cell:>width$}")),
            }
        }
        println!("{out}");
    };
    println!("{title}");
    line(head);
    for row in rows {
        line(row.each_ref().map(String::as_str));
    }
}
