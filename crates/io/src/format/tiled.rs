//! Tiled maps, XML (TMX) and JSON (TMJ), as [`Format`]s: written with a generated tileset
//! image beside them (terrain tile art drawn from [`WriteOptions::images`]), read (either syntax, whatever the extension) through the one Tiled
//! model and converted to a map.

use super::{
    Content, Format, FormatInfo, FormatOption, Imported, ReadError, ReadJob, WriteError, WriteJob,
    Written,
};
use crate::Resources;
use crate::tiled::{
    TILE_SIZES, TiledMap, from_tiled, read_tiled, tileset_image, to_tiled_with_images, to_tmj,
    to_tmx,
};
use hexmap_map::steps::{Steps, block_on, pause};

/// The tileset image's file name for a map file named `main` ("x.tmx" → "x-tiles.png").
pub fn tileset_file_name(main: &str) -> String {
    let stem = main.rsplit_once('.').map_or(main, |(s, _)| s);
    format!("{stem}-tiles.png")
}

/// The map as a Tiled document by `to_text`, and its tileset image, pausing
/// ([`hexmap_map::steps::pause`]) after the Tiled model is built and after each tileset
/// image is drawn.
async fn write_tiled(
    job: WriteJob<'_>,
    to_text: fn(&TiledMap) -> String,
) -> Result<Written, WriteError> {
    let images = job.opts.images.as_deref();
    let tile_size = job.opts.tile_size;
    if !TILE_SIZES.contains(&tile_size) {
        return Err(WriteError::Option(format!(
            "the Tiled tile size must be from {} to {} pixels, not {tile_size}",
            TILE_SIZES.start(),
            TILE_SIZES.end()
        )));
    }
    let file_name = tileset_file_name(job.file_name);
    let players = job.opts.player_view;
    let tiled = to_tiled_with_images(job.map, &file_name, images, (tile_size, players));
    (job.progress)(0.5);
    pause().await;
    let mut side = Vec::new();
    for tileset in &tiled.tilesets {
        if let Some(image) = &tileset.image {
            side.push((
                image.clone(),
                tileset_image(&tiled.geometry, tileset, images)?,
            ));
            pause().await;
        }
    }
    (job.progress)(0.75);
    Ok(Written {
        main: to_text(&tiled).into_bytes(),
        side,
    })
}

/// Read either Tiled syntax (by content) and convert it to a map.
fn read_any_tiled(
    bytes: &[u8],
    file_name: &str,
    side: &dyn Resources,
) -> Result<Imported, ReadError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ReadError::NotText {
        file: file_name.into(),
    })?;
    let tiled = read_tiled(text, file_name, side)?;
    let (map, warnings) = from_tiled(&tiled).map_err(|source| ReadError::FromTiled {
        file: file_name.into(),
        source,
    })?;
    Ok(Imported {
        map,
        form: None,
        warnings,
    })
}

/// The start of a file, without leading white space or a byte-order mark.
fn trimmed(head: &[u8]) -> &[u8] {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = head
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(head.len());
    &head[start..]
}

/// A Tiled map format: [`TMX`] (XML) or [`TMJ`] (JSON). Either reads both syntaxes (by
/// content), as Tiled files are not always named for theirs.
pub struct Tiled {
    info: FormatInfo,
    /// The syntax written.
    to_text: fn(&TiledMap) -> String,
    /// The first byte of the syntax, for files with an unknown extension.
    first_byte: u8,
}

/// What a Tiled map cannot carry: heights, the party, the GM-only flags of notes and the
/// underlay (docs/EXPORT.md).
const TILED_DROPS: &[Content] = &[
    Content::GmOnlyNotes,
    Content::Party,
    Content::Heights,
    Content::Underlay,
    Content::Climate,
    Content::ChildMaps,
];

/// Tiled's XML map format.
pub static TMX: Tiled = Tiled {
    info: FormatInfo {
        name: "tmx",
        description: "Tiled map (TMX) with a generated tileset",
        extensions: &["tmx"],
        options: &[FormatOption::TileSize, FormatOption::PlayerView],
        reads: true,
        writes: true,
        drops: TILED_DROPS,
    },
    to_text: to_tmx,
    first_byte: b'<',
};

/// Tiled's JSON map format (`.tmj`, or `.json` as older Tiled versions name it).
pub static TMJ: Tiled = Tiled {
    info: FormatInfo {
        name: "tmj",
        description: "Tiled map (JSON) with a generated tileset",
        extensions: &["tmj", "json"],
        options: &[FormatOption::TileSize, FormatOption::PlayerView],
        reads: true,
        writes: true,
        drops: TILED_DROPS,
    },
    to_text: to_tmj,
    first_byte: b'{',
};

impl Format for Tiled {
    fn info(&self) -> &FormatInfo {
        &self.info
    }

    fn recognizes(&self, head: &[u8]) -> bool {
        trimmed(head).first() == Some(&self.first_byte)
    }

    fn read(&self, job: ReadJob<'_>) -> Result<Imported, ReadError> {
        read_any_tiled(job.bytes, job.file_name, job.side)
    }

    fn write(&self, job: WriteJob<'_>) -> Result<Written, WriteError> {
        block_on(write_tiled(job, self.to_text))
    }

    fn write_in_steps<'a, 'j: 'a>(
        &'a self,
        job: WriteJob<'j>,
    ) -> Steps<'a, Result<Written, WriteError>> {
        Box::pin(write_tiled(job, self.to_text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tileset_is_named_after_the_map() {
        assert_eq!(tileset_file_name("x.tmx"), "x-tiles.png");
        assert_eq!(tileset_file_name("a.b.tmj"), "a.b-tiles.png");
        assert_eq!(tileset_file_name("plain"), "plain-tiles.png");
    }

    #[test]
    fn content_is_recognized_past_white_space_and_a_bom() {
        assert!(TMX.recognizes(b"\xEF\xBB\xBF\n <?xml version=\"1.0\"?>"));
        assert!(TMJ.recognizes(b"\r\n{}"));
        assert!(!TMX.recognizes(b"{") && !TMJ.recognizes(b"<") && !TMJ.recognizes(b""));
    }

    #[test]
    fn text_that_is_not_utf8_is_refused_by_name() {
        let e = TMX
            .read(ReadJob::new(b"<map \xFF>", "m.tmx", &crate::NoResources))
            .unwrap_err();
        assert_eq!(e.to_string(), "m.tmx: not UTF-8 text");
    }
}
