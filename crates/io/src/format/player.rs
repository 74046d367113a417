//! Writing the player view: the one place an export is cut down to what the players may
//! see, with `hexmap_draw::player::player_export`, before any format sees it. The CLI
//! (`--player-view`) and the editor (the "Player view" switch of File → Export… and
//! Print) both write through here.

use super::{Format, FormatOption, WriteError, WriteJob, WriteOptions, Written};
use hexmap_draw::player::{DEFAULT_FOG, PlayerView, player_export};
use hexmap_map::HexMap;
use hexmap_map::steps::Steps;
use std::sync::Arc;

/// The names of the formats that have a player view, for messages: "json, png, … and tmj".
pub fn player_view_formats() -> String {
    let names: Vec<&str> = (super::writers())
        .filter(|f| f.options().contains(&FormatOption::PlayerView))
        .map(|f| f.name())
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Write `map` as `format` with `opts`: with [`WriteOptions::player_view`], the player
/// map instead (hidden cells fogged in pictures and Tiled maps, `"terrain": null` in
/// JSON; only what it shows listed, ids numbered afresh), framed as the full map. A format
/// without a player view refuses it, naming the ones that have it.
pub fn write_map(
    map: &HexMap,
    format: &dyn Format,
    opts: &WriteOptions,
    file_name: &str,
    progress: &mut dyn FnMut(f32),
) -> Result<Written, WriteError> {
    match players_of(map, format, opts)? {
        None => format.write(WriteJob::new(map, opts, file_name, progress)),
        Some((players, opts)) => format.write(WriteJob::new(&players, &opts, file_name, progress)),
    }
}

/// [`write_map`] as work that may pause between pieces (the editor's export job).
pub fn write_map_in_steps<'a>(
    map: &'a HexMap,
    format: &'a dyn Format,
    opts: &'a WriteOptions,
    file_name: &'a str,
    progress: &'a mut dyn FnMut(f32),
) -> Steps<'a, Result<Written, WriteError>> {
    Box::pin(async move {
        match players_of(map, format, opts)? {
            None => {
                let job = WriteJob::new(map, opts, file_name, progress);
                format.write_in_steps(job).await
            }
            Some((players, opts)) => {
                let job = WriteJob::new(&players, &opts, file_name, progress);
                format.write_in_steps(job).await
            }
        }
    })
}

/// The player map `format` writes of `map` (`player_export`): formats that draw (pictures,
/// Tiled's tile layer) paint the fog, the JSON export leaves hidden cells without terrain.
pub(super) fn players_for(map: &HexMap, format: &dyn Format) -> HexMap {
    let options = format.options();
    let draws = options.contains(&FormatOption::Grid) || options.contains(&FormatOption::TileSize);
    let view = PlayerView {
        fog: draws.then_some(DEFAULT_FOG),
    };
    player_export(map, &view)
}

/// The player map and the options to write it with, when `opts` asks for the player view
/// (`None` when it does not); refused for a format without one.
fn players_of(
    map: &HexMap,
    format: &dyn Format,
    opts: &WriteOptions,
) -> Result<Option<(HexMap, WriteOptions)>, WriteError> {
    if !opts.player_view {
        return Ok(None);
    }
    if !format.options().contains(&FormatOption::PlayerView) {
        return Err(WriteError::Option(format!(
            "{} has no player view; --player-view is for {}",
            format.name(),
            player_view_formats()
        )));
    }
    let players = players_for(map, format);
    let opts = WriteOptions {
        frame_of: Some(Arc::new(map.clone())),
        ..opts.clone()
    };
    Ok(Some((players, opts)))
}
