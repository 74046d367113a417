//! The hex key handed to the table as a gazetteer: three write-only formats made from a
//! map's key entries (`hexmap_map::key`), each with the map picture.
//!
//! - `key-md`, a Markdown vault ([`markdown`]): a folder with `index.md` (the map picture
//!   and every keyed hex in label order), `tags.md` (the entries by tag) and one file per
//!   keyed hex named by its label, links between entries as Obsidian-style wiki links.
//! - `key-html`, one self-contained web page ([`html`]): the map picture with every keyed
//!   hex clickable, the entries below it, and a search that works offline.
//! - `key-pdf`, a key booklet ([`booklet`]): the map on its first pages at the print's hex
//!   size, then the entries in label order with a locator map on each page.
//!
//! With `--player-view` each is written from the player map (`player::write_map`): only
//! revealed hexes' public entries, no GM text, links into the fog as `[[?]]`.

pub mod booklet;
pub mod html;
pub mod markdown;

use super::picture::picture_options;
use super::{WriteError, WriteOptions};
use crate::render::{ToPixels, fit_png, picture_transform, render_png};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry, KeyTarget, UNKNOWN_LINK};

pub use booklet::KEY_PDF;
pub use html::KEY_HTML;
pub use markdown::KEY_MD;

/// One entry of the key as the exports list it: a hex's, an icon's or a region's.
#[derive(Clone, Debug)]
pub struct Keyed {
    /// The name people use for it: the hex's label in the map's numbering ("0305"), an
    /// icon's hex label and id ("0305 icon 7"), a region's name.
    pub label: String,
    /// A name unique in the key for files and anchors ("0305", "0305-icon-7",
    /// "region-3").
    pub slug: String,
    /// What it hangs on.
    pub target: KeyTarget,
    /// The hex to show it at: the hex, the icon's hex, the region's middle hex.
    pub hex: Hex,
    /// Every hex it covers (a region's all).
    pub hexes: Vec<Hex>,
    /// The entry (a note read as an entry included).
    pub entry: KeyEntry,
}

impl Keyed {
    /// Its anchor in a page: `hex-0305` for a hex (what a link to the hex names),
    /// `key-0305-icon-7` and `key-region-3` for an icon's and a region's.
    pub fn anchor(&self) -> String {
        match self.target {
            KeyTarget::Hex(_) => html::anchor(&self.label),
            _ => format!("key-{}", file_stem(&self.slug)),
        }
    }

    /// What it is, for a heading: "0305", "0305 icon 7", "Region Mirewood".
    pub fn heading(&self) -> String {
        hexmap_map::key_heading(self.target, &self.label)
    }

    /// Its heading and its entry's title, a region's own name not said twice
    /// ([`hexmap_map::key_title_line`]).
    pub fn title_line(&self) -> String {
        hexmap_map::key_title_line(self.target, &self.label, &self.entry.title)
    }
}

/// Where a `[[label]]` link leads, as the exports show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Link {
    /// To a keyed hex: its label as the key names it.
    Entry(String),
    /// To a hex of the map without an entry (or a label that names no hex): shown as
    /// missing, the label as written.
    Missing(String),
    /// Into the fog (`[[?]]`): named as nothing.
    Unknown,
}

/// What an unknown link reads as.
pub const UNKNOWN_TEXT: &str = "unknown hex";

/// The whole key of `map`: hexes in label order, each hex's icons after it, then the
/// regions by name ([`HexMap::key_items`]).
pub fn keyed(map: &HexMap) -> Vec<Keyed> {
    map.key_items()
        .into_iter()
        .filter_map(|i| {
            Some(Keyed {
                hex: i.anchor()?,
                label: i.label,
                slug: i.slug,
                target: i.target,
                hexes: i.hexes,
                entry: i.entry,
            })
        })
        .collect()
}

/// Where the link written `label` leads in `map`.
pub fn resolve(map: &HexMap, label: &str) -> Link {
    if label == UNKNOWN_LINK {
        return Link::Unknown;
    }
    match map.hex_of_label(label) {
        Some(h) if map.key_entry(h).is_some() => Link::Entry(map.hex_label(h)),
        _ => Link::Missing(label.to_owned()),
    }
}

/// A label as a file name (or fragment) without separators or spaces: letters, digits,
/// `-`, `_` and `.` kept, anything else `_`.
pub fn file_stem(label: &str) -> String {
    label
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The map picture the key shows: a PNG drawn with `opts` (hex size in pixels, labels,
/// grid; the full map's frame for a player view), its size and its world → pixel
/// transform.
pub struct KeyPicture {
    /// The PNG file.
    pub png: Vec<u8>,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// World units to picture pixels.
    pub to_px: ToPixels,
}

impl KeyPicture {
    /// Draw `map` as `opts` ask.
    pub fn draw(map: &HexMap, opts: &WriteOptions) -> Result<Self, WriteError> {
        let options = fit_png(map, &picture_options(map, opts)?)?;
        let to_px = picture_transform(map, &options)?;
        let png = render_png(map, &options, &mut |_| {})?;
        let size = (
            u32::from_be_bytes(png[16..20].try_into().expect("PNG header")),
            u32::from_be_bytes(png[20..24].try_into().expect("PNG header")),
        );
        Ok(KeyPicture { png, size, to_px })
    }

    /// The corners of `h` in picture pixels.
    pub fn corners(&self, map: &HexMap, h: Hex) -> Vec<(f64, f64)> {
        let Ok(layout) = map.layout() else {
            return Vec::new();
        };
        layout
            .corners(h)
            .iter()
            .map(|p| {
                (
                    p.x * self.to_px.scale + self.to_px.offset.0,
                    p.y * self.to_px.scale + self.to_px.offset.1,
                )
            })
            .collect()
    }
}

/// The options every key format takes: the picture's hex size, labels and grid, and the
/// player view.
const KEY_OPTIONS: &[super::FormatOption] = &[
    super::FormatOption::Labels,
    super::FormatOption::Grid,
    super::FormatOption::HexPixels,
    super::FormatOption::PlayerView,
];

#[cfg(test)]
mod tests;
