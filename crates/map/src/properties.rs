//! The whole-map settings (name, orientation, offset kind, hex size, label settings) and
//! their limits, checked in one function: [`MapProperties::validate`]. Building a map, every
//! loader, the Tiled importer, the CLI and the editor's windows call it, so nothing can
//! make a map that `hexmap validate` would refuse.

use hexmap_hex::xxyy::{LabelError, LabelSettings};
use hexmap_hex::{CoordContext, Layout, LayoutError, OffsetKind, Orientation, Point};

/// Longest map name, in bytes (UTF-8), as documented in docs/FORMAT.md.
pub const MAX_MAP_NAME_LEN: usize = 200;

/// Largest hex size (centre to corner, along x or y), as documented in docs/FORMAT.md.
/// With coordinates within ±10⁹ (the free-form limit) every hex centre stays below 2⁵³
/// world units, where f64 still counts whole units exactly.
pub const MAX_HEX_SIZE: f64 = 1_000_000.0;

/// The hex sizes (centre to corner, along x or y) an editor's number fields offer: from half
/// a world unit to [`MAX_HEX_SIZE`]. Files may hold any positive size up to the maximum.
pub const HEX_SIZE_RANGE: std::ops::RangeInclusive<f64> = 0.5..=MAX_HEX_SIZE;

/// The whole-map settings that are not per cell.
#[derive(Clone, Debug, PartialEq)]
pub struct MapProperties {
    /// Map name.
    pub name: String,
    /// Pointy or flat hexes.
    pub orientation: Orientation,
    /// The offset kind rows are written and labelled in (odd-r … even-q).
    pub offset_kind: OffsetKind,
    /// Hex size (centre to corner) along x and y; unequal for stretched hexes.
    pub hex_size: Point,
    /// How hex labels (XXYY) are printed.
    pub labels: LabelSettings,
}

/// Why map properties are refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PropertyError {
    /// The name is longer than [`MAX_MAP_NAME_LEN`] bytes.
    #[error("map name is {0} bytes, over the limit of {MAX_MAP_NAME_LEN}")]
    NameTooLong(usize),
    /// A hex size component is zero, negative or not finite.
    #[error(transparent)]
    HexSize(LayoutError),
    /// A hex size component is over [`MAX_HEX_SIZE`].
    #[error("hex size must be at most {MAX_HEX_SIZE}, got ({0}, {1})")]
    HexSizeTooLarge(f64, f64),
    /// The label settings are out of range.
    #[error(transparent)]
    Labels(LabelError),
}

impl PropertyError {
    /// The field of the map file (docs/FORMAT.md) the problem is in: `name`, `hex_size`,
    /// `labels.base`, `labels.digits`.
    pub fn field(&self) -> &'static str {
        match self {
            PropertyError::NameTooLong(_) => "name",
            PropertyError::HexSize(_) | PropertyError::HexSizeTooLarge(..) => "hex_size",
            PropertyError::Labels(LabelError::BadBase(_)) => "labels.base",
            PropertyError::Labels(LabelError::BadDigits(_)) => "labels.digits",
            PropertyError::Labels(_) => "labels",
        }
    }

    /// What is wrong, worded to follow the field's name (loaders print
    /// "field FIELD: PROBLEM").
    pub fn problem(&self) -> String {
        match self {
            PropertyError::NameTooLong(n) => {
                format!("{n} bytes, over the limit of {MAX_MAP_NAME_LEN}")
            }
            PropertyError::Labels(LabelError::BadBase(b)) => format!("must be 0 or 1, got {b}"),
            PropertyError::Labels(LabelError::BadDigits(d)) => {
                format!("must be 1 to 4, got {d}")
            }
            other => other.to_string(),
        }
    }
}

impl MapProperties {
    /// Properties with the offset kind that goes with `orientation`
    /// ([`OffsetKind::default_for`]), size 1 × 1 and default labels counted in that same
    /// offset kind (labels counted in odd-q on a pointy map would zig-zag along each row).
    pub fn new(name: impl Into<String>, orientation: Orientation) -> Self {
        let offset_kind = OffsetKind::default_for(orientation);
        MapProperties {
            name: name.into(),
            orientation,
            offset_kind,
            hex_size: Point::new(1.0, 1.0),
            labels: LabelSettings {
                stagger: offset_kind,
                ..LabelSettings::default()
            },
        }
    }

    /// Check every limit: label settings, name length in bytes, hex size finite, positive
    /// and at most [`MAX_HEX_SIZE`]. The one check of map properties.
    pub fn validate(&self) -> Result<(), PropertyError> {
        self.labels.validate().map_err(PropertyError::Labels)?;
        if self.name.len() > MAX_MAP_NAME_LEN {
            return Err(PropertyError::NameTooLong(self.name.len()));
        }
        validate_hex_size(self.orientation, self.hex_size)
    }

    /// What the coordinate systems need from the map: orientation, offset kind, labels.
    pub fn coord_context(&self) -> CoordContext {
        CoordContext {
            orientation: self.orientation,
            offset: self.offset_kind,
            labels: self.labels,
        }
    }
}

/// Check a hex size alone: finite, positive (what a [`Layout`] needs) and at most
/// [`MAX_HEX_SIZE`] along each axis. Part of [`MapProperties::validate`]; an importer
/// choosing between candidate sizes asks here.
pub fn validate_hex_size(orientation: Orientation, size: Point) -> Result<(), PropertyError> {
    Layout::new(orientation, size, Point::new(0.0, 0.0)).map_err(PropertyError::HexSize)?;
    if size.x > MAX_HEX_SIZE || size.y > MAX_HEX_SIZE {
        return Err(PropertyError::HexSizeTooLarge(size.x, size.y));
    }
    Ok(())
}

/// The longest start of `text` that is at most `limit` bytes and ends on a character
/// boundary: how an importer shortens a name it must keep within a byte limit.
///
/// ```
/// use hexmap_map::shorten_to_bytes;
/// assert_eq!(shorten_to_bytes("héllo", 2), "h"); // 'é' is two bytes
/// assert_eq!(shorten_to_bytes("héllo", 3), "hé");
/// ```
pub fn shorten_to_bytes(text: &str, limit: usize) -> &str {
    if text.len() <= limit {
        return text;
    }
    let end = (0..=limit)
        .rev()
        .find(|&i| text.is_char_boundary(i))
        .unwrap_or(0);
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_is_checked_and_names_its_field() {
        let ok = MapProperties::new("fine", Orientation::Flat);
        assert_eq!(ok.validate(), Ok(()));
        let with = |f: &dyn Fn(&mut MapProperties)| {
            let mut p = ok.clone();
            f(&mut p);
            p.validate().unwrap_err()
        };
        let e = with(&|p| p.name = "é".repeat(101));
        assert_eq!(
            (e.field(), e.problem()),
            ("name", "202 bytes, over the limit of 200".into())
        );
        assert_eq!(
            e.to_string(),
            "map name is 202 bytes, over the limit of 200"
        );
        // 200 bytes exactly is allowed.
        let mut p = ok.clone();
        p.name = "é".repeat(100);
        assert_eq!(p.validate(), Ok(()));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = with(&|p| p.hex_size = Point::new(1.0, bad));
            assert_eq!(e.field(), "hex_size");
            assert!(
                e.problem()
                    .contains("hex size must be finite and greater than 0"),
                "{e}"
            );
        }
        let e = with(&|p| p.hex_size = Point::new(MAX_HEX_SIZE * 2.0, 1.0));
        assert_eq!(e.field(), "hex_size");
        assert_eq!(
            e.to_string(),
            "hex size must be at most 1000000, got (2000000, 1)"
        );
        let mut p = ok.clone();
        p.hex_size = Point::new(MAX_HEX_SIZE, MAX_HEX_SIZE);
        assert_eq!(p.validate(), Ok(()));
        let e = with(&|p| p.labels.digits = 9);
        assert_eq!(
            (e.field(), e.problem()),
            ("labels.digits", "must be 1 to 4, got 9".into())
        );
        let e = with(&|p| p.labels.base = 3);
        assert_eq!(
            (e.field(), e.problem()),
            ("labels.base", "must be 0 or 1, got 3".into())
        );
    }

    #[test]
    fn names_shorten_on_character_boundaries() {
        let long = "ж".repeat(150); // 300 bytes
        let short = shorten_to_bytes(&long, MAX_MAP_NAME_LEN);
        assert_eq!(short.len(), 200);
        assert_eq!(short.chars().count(), 100);
        let odd = format!("a{long}");
        assert_eq!(shorten_to_bytes(&odd, MAX_MAP_NAME_LEN).len(), 199);
        assert_eq!(shorten_to_bytes("short", MAX_MAP_NAME_LEN), "short");
        assert_eq!(shorten_to_bytes("€", 2), "");
    }
}
