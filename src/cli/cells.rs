//! How the CLI reads and names cells: one system per command (`--coords`, by default
//! col,row in the map's offset kind), the checks that a cell is on the map, and the names
//! messages use. Every command that takes or prints a cell goes through here.

use super::CliError;
use hexmap_hex::{CoordChoice, CoordSystem, Hex};
use hexmap_map::HexMap;
use std::path::Path;

/// The system cells are read and printed in: `coords` in the map's context, by default
/// col,row in the map's offset kind.
pub(super) fn read_system(map: &HexMap, coords: Option<CoordChoice>) -> CoordSystem {
    let cx = map.properties().coord_context();
    coords.map_or(CoordSystem::Offset(cx.offset), |c| c.resolve(&cx))
}

/// `text` as a hex in `coords` (in the map's context), or as col,row in the map's offset
/// kind.
pub(super) fn parse_cell(
    map: &HexMap,
    coords: Option<CoordChoice>,
    text: &str,
) -> Result<Hex, CliError> {
    let cx = map.properties().coord_context();
    Ok(read_system(map, coords).parse(text, &cx)?)
}

/// `h` as text in the system cells are read in (so `--coords xxyy` is answered in XXYY);
/// where that system cannot write `h` (an XXYY label left of the first column), the map's
/// own name for it, system named ([`CoordContext::hex_name`](hexmap_hex::CoordContext::hex_name)).
pub(super) fn show(map: &HexMap, coords: Option<CoordChoice>, h: Hex) -> String {
    let cx = map.properties().coord_context();
    read_system(map, coords)
        .try_format(h, &cx)
        .unwrap_or_else(|_| cx.hex_name(h))
}

/// `h` named with its system, as the editor names hexes ("odd-r 4,2", "XXYY 0305").
pub(super) fn show_named(map: &HexMap, coords: Option<CoordChoice>, h: Hex) -> String {
    let cx = map.properties().coord_context();
    cx.hex_name_in(h, read_system(map, coords))
}

/// A cell of the map (read from `path`) read from `text`, or an error naming the file,
/// the argument and what to do.
pub(super) fn cell(
    map: &HexMap,
    path: &Path,
    coords: Option<CoordChoice>,
    what: &str,
    text: &str,
) -> Result<Hex, CliError> {
    let h = parse_cell(map, coords, text)
        .map_err(|CliError(e)| CliError(format!("{}: {what}: {e}", path.display())))?;
    if !map.contains(h) {
        return Err(CliError(format!(
            "{}: {what} {} is not a cell of the map (`hexmap info {}` shows its shape)",
            path.display(),
            show_named(map, coords, h),
            path.display()
        )));
    }
    Ok(h)
}
