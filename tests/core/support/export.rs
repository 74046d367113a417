//! Writing a map in a named format as `hexmap export` does (through the format registry,
//! default options), panicking with the path on failure: the one helper the file-format
//! tests share.

use hexmap::io::format::{WriteOptions, by_name, write_path};
use hexmap::map::HexMap;
use std::path::Path;

/// Write `map` as `format` (`json`, `tmx`, `tmj`, `csv` …) to `path`.
pub fn export_as(map: &HexMap, format: &str, path: &Path) {
    write_path(
        map,
        None,
        by_name(format).unwrap(),
        &WriteOptions::default(),
        path,
        &mut |_| {},
    )
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Export the map file `map` as `format` into `dir` twice with `hexmap export` and the
/// options `extra`: the GM's picture or file (`full.EXT`) and the players'
/// (`players.EXT`, `--player-view`); their paths.
pub fn full_and_players(
    map: &Path,
    dir: &Path,
    format: &str,
    extra: &[&str],
) -> (std::path::PathBuf, std::path::PathBuf) {
    let full = dir.join(format!("full.{format}"));
    let players = dir.join(format!("players.{format}"));
    for (out, player) in [(&full, false), (&players, true)] {
        let mut cmd = assert_cmd::Command::cargo_bin("hexmap").unwrap();
        cmd.arg("export").arg(map).arg("--to").arg(format).arg(out);
        cmd.args(extra);
        if player {
            cmd.arg("--player-view");
        }
        cmd.assert().success();
    }
    (full, players)
}
