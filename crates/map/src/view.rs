//! How a map asks to be shown, kept with the map (RON v2, optional): whether and where
//! its legend is drawn, and whether notes are drawn as captions under their hexes.

use std::fmt;
use std::str::FromStr;

/// A corner of a picture or of the screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Corner {
    /// Top left.
    TopLeft,
    /// Top right.
    TopRight,
    /// Bottom left.
    BottomLeft,
    /// Bottom right (the default: maps are read from the top left).
    #[default]
    BottomRight,
}

impl Corner {
    /// Every corner, in reading order.
    pub const ALL: [Corner; 4] = [
        Corner::TopLeft,
        Corner::TopRight,
        Corner::BottomLeft,
        Corner::BottomRight,
    ];

    /// The name used in files and on the command line ("top-left" …).
    pub fn name(self) -> &'static str {
        match self {
            Corner::TopLeft => "top-left",
            Corner::TopRight => "top-right",
            Corner::BottomLeft => "bottom-left",
            Corner::BottomRight => "bottom-right",
        }
    }
}

impl fmt::Display for Corner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A corner name that is not one of [`Corner::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown corner {0:?}: expected top-left, top-right, bottom-left or bottom-right")]
pub struct UnknownCorner(pub String);

impl FromStr for Corner {
    type Err = UnknownCorner;

    fn from_str(s: &str) -> Result<Corner, UnknownCorner> {
        Corner::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| UnknownCorner(s.to_owned()))
    }
}

/// View settings kept with a map: what the editor shows and pictures draw by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ViewSettings {
    /// The legend's corner; `None` when no legend is drawn.
    pub legend: Option<Corner>,
    /// Each hex's note drawn as a caption under it (first line, shortened).
    pub note_captions: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_names_round_trip_and_bad_ones_are_named() {
        for c in Corner::ALL {
            assert_eq!(c.name().parse::<Corner>(), Ok(c));
        }
        let err = "middle".parse::<Corner>().unwrap_err();
        assert!(err.to_string().contains("\"middle\""), "{err}");
    }

    #[test]
    fn a_view_change_is_one_undo_step_that_redraws_the_map() {
        use crate::{Document, Edit, MapEdit, MapShape};
        use hexmap_hex::{OffsetKind, Orientation};
        let shape = MapShape::rectangle(OffsetKind::OddR, 3, 3).unwrap();
        let mut d = Document::new(crate::testing::map_on(Orientation::Pointy, shape));
        let view = ViewSettings {
            legend: Some(Corner::TopLeft),
            note_captions: true,
        };
        let changed = d.apply(&Edit::Map(MapEdit::SetView(view))).unwrap();
        assert!(changed.whole_map);
        assert_eq!(d.map().view(), view);
        d.undo().unwrap();
        assert_eq!(d.map().view(), ViewSettings::default());
        d.redo().unwrap();
        assert_eq!(d.map().view(), view);
    }
}
