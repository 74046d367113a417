//! Writing the player view (issue 26): the one place an export is cut down to what the
//! players may see, with `hexmap_draw::player::player_map`, before any format sees it.

use super::{Format, FormatOption, WriteError, WriteJob, WriteOptions, Written};
use hexmap_draw::player::{DEFAULT_FOG, PlayerView, player_map};
use hexmap_map::HexMap;
use std::sync::Arc;

/// Write `map` as `format` with `opts`: with [`WriteOptions::player_view`], the player
/// map instead (hidden cells fogged in pictures, `"terrain": null` in JSON), framed as
/// the full map. A format without a player view refuses it, naming the ones that have it.
pub fn write_map(
    map: &HexMap,
    format: &dyn Format,
    opts: &WriteOptions,
    file_name: &str,
    progress: &mut dyn FnMut(f32),
) -> Result<Written, WriteError> {
    if !opts.player_view {
        return format.write(WriteJob::new(map, opts, file_name, progress));
    }
    if !format.options().contains(&FormatOption::PlayerView) {
        return Err(WriteError::Option(format!(
            "{} has no player view; --player-view is for json, png, svg and pdf",
            format.name()
        )));
    }
    // Formats that draw paint the fog; the JSON export leaves hidden cells without terrain.
    let draws = format.options().contains(&FormatOption::Grid);
    let view = PlayerView {
        fog: draws.then_some(DEFAULT_FOG),
    };
    let players = player_map(map, &view);
    let opts = WriteOptions {
        frame_of: Some(Arc::new(map.clone())),
        ..opts.clone()
    };
    format.write(WriteJob::new(&players, &opts, file_name, progress))
}
