//! A map's scale: the distance one hex stands for ("6 mi", "5 km", "1 league"), kept with
//! the map (RON version 4, JSON `scale`, Tiled map properties) and changed through the one
//! edit path ([`crate::MapEdit::SetScale`]). The Measure tool, the scale bar and the CLI's
//! distances all read it from here.

use super::hexmap::HexMap;

/// Longest unit text, in bytes.
pub const MAX_UNIT_LEN: usize = 32;
/// Largest distance per hex (a whole continent per hex is far below it; keeps sums finite).
pub const MAX_PER_HEX: f64 = 1e9;

/// The distance one hex stands for, centre to centre of two neighbours.
#[derive(Clone, Debug, PartialEq)]
pub struct MapScale {
    /// Distance per hex in `unit`: finite and greater than 0.
    pub per_hex: f64,
    /// The unit as the user writes it ("mi", "km", "league"): free text, not empty.
    pub unit: String,
}

/// Why a scale is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScaleError {
    /// Zero, negative, NaN, infinite or over [`MAX_PER_HEX`].
    #[error("distance per hex must be a number greater than 0 and at most {MAX_PER_HEX}, got {0}")]
    BadDistance(f64),
    /// An empty unit.
    #[error("the unit is empty: write one, e.g. mi, km or league")]
    EmptyUnit,
    /// A unit over [`MAX_UNIT_LEN`] bytes.
    #[error("the unit is {0} bytes, over the limit of {MAX_UNIT_LEN}")]
    UnitTooLong(usize),
    /// A unit with a control character (line break, tab …).
    #[error("the unit contains a control character")]
    UnitControl,
}

impl ScaleError {
    /// The field of the map file the problem is in: `scale.per_hex` or `scale.unit`.
    pub fn field(&self) -> &'static str {
        match self {
            ScaleError::BadDistance(_) => "scale.per_hex",
            _ => "scale.unit",
        }
    }
}

impl MapScale {
    /// A checked scale.
    pub fn new(per_hex: f64, unit: impl Into<String>) -> Result<MapScale, ScaleError> {
        let s = MapScale {
            per_hex,
            unit: unit.into(),
        };
        s.validate()?;
        Ok(s)
    }

    /// The one check of a scale (loaders, the editor, the CLI).
    pub fn validate(&self) -> Result<(), ScaleError> {
        if !(self.per_hex.is_finite() && self.per_hex > 0.0 && self.per_hex <= MAX_PER_HEX) {
            return Err(ScaleError::BadDistance(self.per_hex));
        }
        if self.unit.trim().is_empty() {
            return Err(ScaleError::EmptyUnit);
        }
        if self.unit.len() > MAX_UNIT_LEN {
            return Err(ScaleError::UnitTooLong(self.unit.len()));
        }
        if self.unit.chars().any(char::is_control) {
            return Err(ScaleError::UnitControl);
        }
        Ok(())
    }

    /// The map distance of `hexes` hex steps.
    pub fn distance(&self, hexes: f64) -> f64 {
        hexes * self.per_hex
    }

    /// A distance as people write it: up to two decimals, trailing zeros dropped, then the
    /// unit ("18 mi", "7.5 km").
    pub fn format(&self, distance: f64) -> String {
        format!("{} {}", format_number(distance), self.unit)
    }
}

/// A number with up to two decimals, trailing zeros dropped ("6", "7.5", "0.25").
pub fn format_number(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

impl HexMap {
    /// The map's scale, if it has one.
    pub fn scale(&self) -> Option<&MapScale> {
        self.scale.as_ref()
    }

    /// Set or clear the scale (checked); returns the old one. The low level without undo:
    /// editors use [`crate::MapEdit::SetScale`].
    pub fn set_scale(&mut self, scale: Option<MapScale>) -> Result<Option<MapScale>, ScaleError> {
        if let Some(s) = &scale {
            s.validate()?;
        }
        Ok(std::mem::replace(&mut self.scale, scale))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Document, Edit, MapEdit, MapShape};
    use hexmap_hex::{OffsetKind, Orientation};

    #[test]
    fn bad_distances_and_units_are_refused_with_their_field() {
        for bad in [0.0, -6.0, f64::NAN, f64::INFINITY, 2e9] {
            let e = MapScale::new(bad, "mi").unwrap_err();
            assert_eq!(e.field(), "scale.per_hex");
            assert!(e.to_string().contains("greater than 0"), "{e}");
        }
        assert_eq!(MapScale::new(6.0, " ").unwrap_err(), ScaleError::EmptyUnit);
        assert_eq!(
            MapScale::new(6.0, "m\ni").unwrap_err(),
            ScaleError::UnitControl
        );
        assert_eq!(
            MapScale::new(6.0, "x".repeat(33)).unwrap_err().field(),
            "scale.unit"
        );
        let s = MapScale::new(6.0, "mi").unwrap();
        assert_eq!(s.format(s.distance(3.0)), "18 mi");
        assert_eq!(MapScale::new(2.5, "km").unwrap().format(7.5), "7.5 km");
    }

    #[test]
    fn setting_the_scale_is_one_undo_step_and_a_bad_one_changes_nothing() {
        let shape = MapShape::rectangle(OffsetKind::OddR, 3, 3).unwrap();
        let mut d = Document::new(crate::testing::map_on(Orientation::Pointy, shape));
        let six = MapScale::new(6.0, "mi").unwrap();
        d.apply(&Edit::Map(MapEdit::SetScale(Some(six.clone()))))
            .unwrap();
        assert_eq!(d.map().scale(), Some(&six));
        let bad = MapScale {
            per_hex: 0.0,
            unit: "mi".into(),
        };
        assert!(d.apply(&Edit::Map(MapEdit::SetScale(Some(bad)))).is_err());
        assert_eq!(d.map().scale(), Some(&six));
        d.undo().unwrap();
        assert_eq!(d.map().scale(), None);
        d.redo().unwrap();
        assert_eq!(d.map().scale(), Some(&six));
    }
}
