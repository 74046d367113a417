//! Foundry VTT scenes (`--to foundry`): a Scene document as Foundry's "Import Data" reads
//! it (v12 and later), its background picture, and the hex key as Journal entries with
//! map pins ([`super::foundry_journal`]). The grid is set from the map so that Foundry's
//! own centre of every hex lands on that hex of the background.
//!
//! Foundry's hexagonal grid (read from `common/grid/hexagonal.mjs` of Foundry VTT 13,
//! `getCenterPoint` and `calculateDimensions`; docs/EXPORT.md, "Foundry VTT"): `grid.size`
//! is the hex's size flat to flat in whole pixels; types 2 to 5 are odd-r, even-r, odd-q
//! and even-q, with the same shoved rows or columns as hexmap's offset kinds. Cell (0, 0)
//! of an odd grid is centred on the scene's left edge (rows) or top edge (columns), cut in
//! half there; an even grid's cell (0, 0) is shoved half a hex inside. With no padding the
//! grid starts at the scene's top-left corner, where the background starts when its
//! offsets are 0. The board is drawn so that the map's hexes sit on cells of that grid.

use super::board::{Board, board_hex, draw_board};
use super::foundry_journal::{Journals, journals};
use crate::format::{ExportOnly, FormatInfo, WriteError, WriteJob, Written};
use hexmap_hex::{Hex, OffsetCoord, OffsetKind, Orientation};
use hexmap_map::HexMap;
use serde_json::{Value, json};
use std::cell::Cell;

/// Foundry's smallest grid size in pixels (`CONST.GRID_MIN_SIZE`).
pub const FOUNDRY_MIN_GRID: u32 = 20;

/// The Foundry version the documents say they were written for (`_stats.coreVersion`):
/// without one, Foundry treats a hex scene as older than version 10 and rescales its grid.
pub const CORE_VERSION: &str = "12.331";

/// Foundry's grid type for a map's offset kind (`CONST.GRID_TYPES`).
pub fn grid_type(kind: OffsetKind) -> u8 {
    match kind {
        OffsetKind::OddR => 2,
        OffsetKind::EvenR => 3,
        OffsetKind::OddQ => 4,
        OffsetKind::EvenQ => 5,
    }
}

/// Where Foundry puts the board's hexes: the grid and which of its cells is which hex.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FoundryGrid {
    /// `grid.type`: 2 to 5.
    pub kind: OffsetKind,
    /// `grid.size`: pixels flat to flat.
    pub size: u32,
    /// The map's offset column of Foundry's cell (row 0, column 0); cell (i, j) is the
    /// map's offset hex (`column + j`, `row + i`) in the map's offset kind.
    pub column: i32,
    /// See `column`.
    pub row: i32,
}

impl FoundryGrid {
    /// The hex of Foundry's cell at row `i`, column `j`.
    pub fn hex(&self, i: i32, j: i32) -> Hex {
        self.kind
            .to_hex(OffsetCoord::new(self.column + j, self.row + i))
    }
}

/// The centre of Foundry's cell (0, 0) from the scene's top-left corner, for a grid of
/// `kind` and `size` pixels flat to flat with no padding (`getCenterPoint` of
/// hexagonal.mjs at i = j = 0): on the corner-to-corner axis half the hex's long
/// diagonal in; on the other axis 0 for an odd grid, half a hex for an even one.
fn first_centre(kind: OffsetKind, size: f64) -> (f64, f64) {
    let half_long = size / 3f64.sqrt();
    let shove = match kind {
        OffsetKind::OddR | OffsetKind::OddQ => 0.0,
        OffsetKind::EvenR | OffsetKind::EvenQ => size / 2.0,
    };
    match kind.orientation() {
        Orientation::Pointy => (shove, half_long),
        Orientation::Flat => (half_long, shove),
    }
}

/// The first cell of Foundry's grid (row, column) whose centre is right of and below
/// `at`, keeping the parity of the shoved lines (rows for pointy grids, columns for flat
/// ones move by two), and that centre.
fn cell_at_or_after(kind: OffsetKind, size: f64, at: (f64, f64)) -> ((i32, i32), (f64, f64)) {
    let (x0, y0) = first_centre(kind, size);
    let stride = size * 3f64.sqrt() / 2.0;
    let up = |from: f64, to: f64, step: f64| ((to - from) / step - 1e-9).ceil() as i32;
    match kind.orientation() {
        Orientation::Pointy => {
            let i = 2 * up(y0, at.1, 2.0 * stride);
            let j = up(x0, at.0, size);
            (
                (i, j),
                (x0 + f64::from(j) * size, y0 + f64::from(i) * stride),
            )
        }
        Orientation::Flat => {
            let j = 2 * up(x0, at.0, 2.0 * stride);
            let i = up(y0, at.1, size);
            (
                (i, j),
                (x0 + f64::from(j) * stride, y0 + f64::from(i) * size),
            )
        }
    }
}

/// Refuse a map Foundry's grid cannot hold: stretched hexes (Foundry's are regular) or a
/// grid under Foundry's smallest size.
fn check(map: &HexMap, size: u32) -> Result<(), WriteError> {
    super::board::require_regular_hexes(map, "Foundry's hex grid")?;
    if size < FOUNDRY_MIN_GRID {
        return Err(WriteError::Option(format!(
            "Foundry's grid is at least {FOUNDRY_MIN_GRID} pixels flat to flat, got {size}"
        )));
    }
    Ok(())
}

/// The map drawn as a background on Foundry's grid, and that grid.
pub fn foundry_board(
    map: &HexMap,
    opts: &crate::format::WriteOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<(Board, FoundryGrid), WriteError> {
    let size = board_hex(opts)?;
    check(map, size)?;
    let kind = map.properties().offset_kind;
    let anchor = kind.to_hex(OffsetCoord::new(0, 0));
    let cell = Cell::new((0, 0));
    let place = |_: (f64, f64), earliest: (f64, f64)| {
        let (ij, centre) = cell_at_or_after(kind, f64::from(size), earliest);
        cell.set(ij);
        centre
    };
    let board = draw_board(map, opts, anchor, &place, progress)?;
    let (i, j) = cell.get();
    let grid = FoundryGrid {
        kind,
        size,
        column: -j,
        row: -i,
    };
    Ok((board, grid))
}

/// A Foundry document id: 16 letters and digits, the same for the same map and purpose
/// (FNV-1a of both), so a second export replaces the first one's documents.
pub fn document_id(map_name: &str, what: &str) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in map_name.bytes().chain([0]).chain(what.bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut id = String::from("hx");
    for _ in 0..14 {
        id.push(char::from(DIGITS[(h % 62) as usize]));
        h = (h / 62) ^ h.rotate_left(17);
    }
    id
}

/// The file names of the background picture and the journals, from the scene's.
pub fn side_names(main: &str) -> (String, String, String) {
    let stem = main.rsplit_once('.').map_or(main, |(s, _)| s);
    (
        format!("{stem}-background.png"),
        format!("{stem}-journal.json"),
        format!("{stem}-gm-journal.json"),
    )
}

/// The Scene document of `map` on `board` under `grid`, with a pin per key entry of
/// `journals`.
pub fn scene(
    map: &HexMap,
    board: &Board,
    grid: &FoundryGrid,
    background: &str,
    journals: &Journals,
) -> Value {
    let name = scene_name(map);
    let (distance, units) = match map.scale() {
        Some(s) => (s.per_hex, s.unit.clone()),
        None => (1.0, String::new()),
    };
    let notes: Vec<Value> = journals
        .pins()
        .map(|pin| {
            let (x, y) = board.centre(pin.hex);
            json!({
                "_id": document_id(&name, &format!("note {}", pin.label)),
                "entryId": pin.entry_id,
                "pageId": pin.page_id,
                "x": x.round() as i64,
                "y": y.round() as i64,
                "iconSize": (grid.size / 2).max(32),
                "text": pin.text,
                "global": false,
                "flags": {"hexmap": {"hex": pin.label}},
            })
        })
        .collect();
    json!({
        "_id": document_id(&name, "scene"),
        "name": name,
        "navigation": true,
        "navName": "",
        "background": {
            "src": background,
            "scaleX": 1, "scaleY": 1, "offsetX": 0, "offsetY": 0, "rotation": 0,
        },
        "width": board.width,
        "height": board.height,
        "padding": 0,
        "backgroundColor": "#ffffff",
        "grid": {
            "type": grid_type(grid.kind),
            "size": grid.size,
            "style": "solidLines",
            "thickness": 1,
            "color": "#000000",
            "alpha": 0.2,
            "distance": distance,
            "units": units,
        },
        "tokenVision": false,
        "notes": notes,
        "flags": {"hexmap": {
            "offset": grid.kind.name(),
            "column": grid.column,
            "row": grid.row,
        }},
        "_stats": stats(),
    })
}

/// The `_stats` of every document written: the core version, so that Foundry reads it as
/// a current document.
pub fn stats() -> Value {
    json!({"coreVersion": CORE_VERSION, "systemId": null, "systemVersion": null})
}

/// The scene's name: the map's, or "Map".
pub fn scene_name(map: &HexMap) -> String {
    if map.name().is_empty() {
        "Map".to_string()
    } else {
        map.name().to_string()
    }
}

/// Pretty JSON bytes with a final newline.
fn json_bytes(v: &Value) -> Vec<u8> {
    let mut out = serde_json::to_vec_pretty(v).expect("JSON values always serialize");
    out.push(b'\n');
    out
}

/// The Foundry VTT format.
pub static FOUNDRY: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "foundry",
        description: "Foundry VTT scene (.json, background and journal beside it)",
        extensions: &["json"],
        options: super::board::BOARD_OPTIONS,
        reads: false,
        writes: true,
        drops: super::super::picture::PICTURE_DROPS,
    },
    write: write_foundry,
    folder_main: None,
};

/// Writes a Foundry VTT scene with its background and the hex key as journal entries.
fn write_foundry(job: WriteJob<'_>) -> Result<Written, WriteError> {
    let map = job.map;
    let (board, grid) = foundry_board(map, job.opts, job.progress)?;
    let (background, public, gm) = side_names(job.file_name);
    let journals = journals(map, &scene_name(map));
    let scene = scene(map, &board, &grid, &background, &journals);
    let mut side = vec![(background, board.png)];
    if let Some(entry) = &journals.public {
        side.push((public, json_bytes(entry)));
    }
    if let Some(entry) = &journals.gm_only {
        side.push((gm, json_bytes(entry)));
    }
    Ok(Written {
        main: json_bytes(&scene),
        side,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sixteen_letters_and_digits_and_differ_by_purpose() {
        let a = document_id("Hexcrawl", "scene");
        assert_eq!(a.len(), 16);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()), "{a}");
        assert_eq!(a, document_id("Hexcrawl", "scene"));
        assert_ne!(a, document_id("Hexcrawl", "journal"));
        assert_ne!(a, document_id("Other", "scene"));
    }

    #[test]
    fn the_chosen_cell_is_the_first_at_or_after_the_point_with_the_same_parity() {
        // Odd-r, 64 px: cell (0, 0) is centred at (0, 64/√3); rows 110.85 px apart in
        // pairs, columns 64 px apart.
        let ((i, j), (x, y)) = cell_at_or_after(OffsetKind::OddR, 64.0, (10.0, 30.0));
        assert_eq!((i, j), (0, 1));
        assert!((x - 64.0).abs() < 1e-9 && (y - 64.0 / 3f64.sqrt()).abs() < 1e-9);
        let ((i, _), _) = cell_at_or_after(OffsetKind::OddR, 64.0, (0.0, 40.0));
        assert_eq!(i, 2, "row 1 is shoved: the next unshoved row is 2");
        let ((i, j), (x, y)) = cell_at_or_after(OffsetKind::EvenQ, 64.0, (0.0, 0.0));
        assert_eq!((i, j), (0, 0));
        assert!((x - 64.0 / 3f64.sqrt()).abs() < 1e-9 && (y - 32.0).abs() < 1e-9);
    }
}
