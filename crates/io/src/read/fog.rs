//! Reading the fog and secrets of a version-3 file: hidden cells, GM-only notes and edges,
//! the party. Each entry is checked against the map, the error naming the list, the entry
//! and its cell.

use super::super::error::FormatError;
use super::super::model::{FileCells, FileFog, FileParty};
use super::features::{Coords, FormHex, direction};
use hexmap_hex::{Edge, OffsetCoord};
use hexmap_map::{HexMap, Party, PartyError, PathId};

/// The fog lists of an offset-form file.
type OffsetFog = FileFog<String, (i32, i32), (i32, i32, String)>;
/// The fog lists of a cube-form file.
type CubeFog = FileFog<(i32, i32, i32), (i32, i32, i32), (i32, i32, i32, String)>;

/// The fog lists of either form.
pub(super) enum FogData {
    /// Offset form, with the cell data's origin.
    Offset(OffsetFog, (i32, i32)),
    /// Cube form.
    Cube(CubeFog),
}

/// Take the fog lists out of the cell data (they are small, or as long as the rows).
pub(super) fn take(cells: &mut FileCells<'_>) -> FogData {
    match cells {
        FileCells::Offset {
            origin,
            hidden,
            gm_notes,
            gm_edges,
            party,
            ..
        } => FogData::Offset(
            FileFog {
                hidden: std::mem::take(hidden),
                gm_notes: std::mem::take(gm_notes),
                gm_edges: std::mem::take(gm_edges),
                party: party.take(),
            },
            *origin,
        ),
        FileCells::Cube {
            hidden,
            gm_notes,
            gm_edges,
            party,
            ..
        } => FogData::Cube(FileFog {
            hidden: std::mem::take(hidden),
            gm_notes: std::mem::take(gm_notes),
            gm_edges: std::mem::take(gm_edges),
            party: party.take(),
        }),
    }
}

fn bad(list: &str, message: impl std::fmt::Display) -> FormatError {
    FormatError::Field {
        field: format!("cells.{list}"),
        message: message.to_string(),
    }
}

impl FogData {
    /// True when the file holds any fog or secret.
    fn is_present(&self) -> bool {
        fn any<R, H, E>(f: &FileFog<R, H, E>) -> bool {
            !f.hidden.is_empty()
                || !f.gm_notes.is_empty()
                || !f.gm_edges.is_empty()
                || f.party.is_some()
        }
        match self {
            FogData::Offset(f, _) => any(f),
            FogData::Cube(f) => any(f),
        }
    }
}

/// Put the fog and secrets on `map` (read after its cells, edges and paths).
pub(super) fn apply(
    map: &mut HexMap,
    version: u64,
    coords: Coords,
    data: FogData,
) -> Result<(), FormatError> {
    if version < 3 && data.is_present() {
        return Err(bad(
            "hidden",
            format!(
                "fog, GM-only notes and edges and the party need format version 3 (this file says version {version})"
            ),
        ));
    }
    match data {
        FogData::Offset(f, origin) => {
            hidden_rows(map, coords, origin, &f.hidden)?;
            secrets(map, coords, f, |(c, r, side)| ((c, r), side))
        }
        FogData::Cube(f) => {
            for (i, h) in f.hidden.iter().enumerate() {
                let (h, cell) = h
                    .hex(coords)
                    .map_err(|(cell, m)| bad("hidden", format!("entry {i}, {cell}: {m}")))?;
                if map.set_hidden(h, true).is_none() {
                    return Err(bad(
                        "hidden",
                        format!("entry {i}, {cell}: outside the map's shape"),
                    ));
                }
            }
            secrets(map, coords, f, |(q, r, s, side)| ((q, r, s), side))
        }
    }
}

/// The `hidden` rows of the offset form: one per row of the cell data from its origin,
/// `#` a hidden cell, `.` a revealed cell or a hole.
fn hidden_rows(
    map: &mut HexMap,
    coords: Coords,
    origin: (i32, i32),
    rows: &[String],
) -> Result<(), FormatError> {
    let Coords::Offset(kind) = coords else {
        unreachable!("rows come from offset files")
    };
    // On a fixed shape the rows cover the cell data's box (the shape's) exactly, as `mines`
    // do: a short or missing row must not quietly show players what the GM hid.
    if !rows.is_empty() && !matches!(map.shape(), hexmap_map::MapShape::Cells(_)) {
        let b = map.shape().offset_bounds(kind);
        if rows.len() != b.rows as usize {
            return Err(bad(
                "hidden",
                format!(
                    "{} rows, expected {} (one per row of `rows`)",
                    rows.len(),
                    b.rows
                ),
            ));
        }
        if let Some((dr, row)) =
            (rows.iter().enumerate()).find(|(_, row)| row.chars().count() != b.cols as usize)
        {
            return Err(bad(
                "hidden",
                format!(
                    "row {}: {} characters, expected {}",
                    origin.1 + dr as i32,
                    row.chars().count(),
                    b.cols
                ),
            ));
        }
    }
    for (dr, row) in rows.iter().enumerate() {
        for (dc, ch) in row.chars().enumerate() {
            let c = OffsetCoord::new(origin.0 + dc as i32, origin.1 + dr as i32);
            match ch {
                '.' => {}
                '#' => {
                    if map.set_hidden(kind.to_hex(c), true).is_none() {
                        return Err(bad(
                            "hidden",
                            format!("row {}, column {}: not a cell of the map", c.row, c.col),
                        ));
                    }
                }
                other => {
                    return Err(bad(
                        "hidden",
                        format!(
                            "row {}, column {}: {other:?} is not '#' (hidden) or '.'",
                            c.row, c.col
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// GM-only notes and edges and the party, in the form's coordinates.
fn secrets<R, H: FormHex, E>(
    map: &mut HexMap,
    coords: Coords,
    f: FileFog<R, H, E>,
    split: impl Fn(E) -> (H, String),
) -> Result<(), FormatError> {
    for (i, h) in f.gm_notes.into_iter().enumerate() {
        let (h, cell) = h
            .hex(coords)
            .map_err(|(cell, m)| bad("gm_notes", format!("entry {i}, {cell}: {m}")))?;
        if map.note(h).is_none() {
            return Err(bad(
                "gm_notes",
                format!("entry {i}, {cell}: the cell has no note"),
            ));
        }
        map.set_note_gm_only(h, true);
    }
    let orientation = map.properties().orientation;
    for (i, e) in f.gm_edges.into_iter().enumerate() {
        let (h, side) = split(e);
        let (h, cell) = h
            .hex(coords)
            .map_err(|(cell, m)| bad("gm_edges", format!("entry {i}, {cell}: {m}")))?;
        let d = direction(orientation, &side)
            .map_err(|m| bad("gm_edges", format!("entry {i}, {cell}: {m}")))?;
        let edge = Edge::new(h, d);
        if map.edge(edge).is_none() {
            return Err(bad(
                "gm_edges",
                format!("entry {i}, {cell} side {side}: no edge feature there"),
            ));
        }
        map.set_edge_gm_only(edge, true);
    }
    if let Some(FileParty { at, sight, trail }) = f.party {
        let (hex, cell) = at
            .hex(coords)
            .map_err(|(cell, m)| bad("party", format!("{cell}: {m}")))?;
        let party = Party {
            hex,
            sight,
            trail: trail.map(PathId),
        };
        // `cell` names the hex as the file writes it (offset or cube form), so the
        // message does not name it again in cube form.
        map.set_party(Some(party)).map_err(|e| {
            let what = match e {
                PartyError::OutsideShape(_) => "the party's hex is not a cell of the map".into(),
                other => other.to_string(),
            };
            bad("party", format!("{cell}: {what}"))
        })?;
    }
    Ok(())
}
