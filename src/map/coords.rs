//! Writing one hex in each coordinate system a map can show: the status bar, the label
//! overlay and exported pictures all use these, so they always agree.

use crate::hex::three_axis::ThreeAxis;
use crate::hex::xxyy::LabelSettings;
use crate::hex::{DoubledKind, Hex, OffsetKind, Orientation};
use serde::{Deserialize, Serialize};

/// A coordinate system to show a hex in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoordSystem {
    /// Axial (q, r).
    Axial,
    /// Cube (q, r, s).
    Cube,
    /// Offset (col, row) in the map's offset kind.
    Offset,
    /// Doubled (double-width for pointy maps, double-height for flat maps).
    Doubled,
    /// Wargame XXYY labels with the map's label settings.
    Xxyy,
    /// Three-axis normal form.
    ThreeAxis,
}

impl CoordSystem {
    /// All systems, in the order the status bar lists them.
    pub const ALL: [CoordSystem; 6] = [
        CoordSystem::Axial,
        CoordSystem::Cube,
        CoordSystem::Offset,
        CoordSystem::Doubled,
        CoordSystem::Xxyy,
        CoordSystem::ThreeAxis,
    ];

    /// Short name for menus and the status bar.
    pub const fn name(self) -> &'static str {
        match self {
            CoordSystem::Axial => "axial",
            CoordSystem::Cube => "cube",
            CoordSystem::Offset => "offset",
            CoordSystem::Doubled => "doubled",
            CoordSystem::Xxyy => "XXYY",
            CoordSystem::ThreeAxis => "three-axis",
        }
    }
}

/// What a coordinate depends on besides the hex: the map's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CoordContext {
    /// The map's orientation (chooses the doubled kind).
    pub orientation: Orientation,
    /// The map's offset kind.
    pub offset: OffsetKind,
    /// The map's label settings.
    pub labels: LabelSettings,
}

/// The doubled system that goes with an orientation.
pub fn doubled_kind(orientation: Orientation) -> DoubledKind {
    match orientation {
        Orientation::Pointy => DoubledKind::DoubleWidth,
        Orientation::Flat => DoubledKind::DoubleHeight,
    }
}

/// `h` written in `system`; "–" where the system cannot write it (e.g. an XXYY label of a
/// negative column).
pub fn format(system: CoordSystem, h: Hex, cx: &CoordContext) -> String {
    match system {
        CoordSystem::Axial => format!("{},{}", h.q, h.r),
        CoordSystem::Cube => format!("{},{},{}", h.q, h.r, h.s()),
        CoordSystem::Offset => {
            let c = cx.offset.from_hex(h);
            format!("{},{}", c.col, c.row)
        }
        CoordSystem::Doubled => {
            let [c, r] = doubled_kind(cx.orientation).from_hex(h);
            format!("{c},{r}")
        }
        CoordSystem::Xxyy => cx.labels.format(h).unwrap_or_else(|_| "–".to_string()),
        CoordSystem::ThreeAxis => ThreeAxis::from_hex(h).to_string(),
    }
}

/// One status-bar line with every system, e.g. "axial 1,2 · cube 1,2,-3 · …".
pub fn all_systems(h: Hex, cx: &CoordContext) -> String {
    CoordSystem::ALL
        .iter()
        .map(|&s| {
            let name = match s {
                CoordSystem::Offset => cx.offset.name(),
                CoordSystem::Doubled => match doubled_kind(cx.orientation) {
                    DoubledKind::DoubleWidth => "double-width",
                    DoubledKind::DoubleHeight => "double-height",
                },
                _ => s.name(),
            };
            format!("{name} {}", format(s, h, cx))
        })
        .collect::<Vec<_>>()
        .join("  ·  ")
}

impl CoordContext {
    /// The context of a map's own settings.
    pub fn of(props: &super::MapProperties) -> Self {
        CoordContext {
            orientation: props.orientation,
            offset: props.offset_kind,
            labels: props.labels,
        }
    }
}

impl std::str::FromStr for CoordSystem {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CoordSystem::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown coordinate system '{s}' (expected axial, cube, offset, doubled, xxyy or three-axis)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_for_reference_hexes() {
        let cx = CoordContext {
            orientation: Orientation::Flat,
            offset: OffsetKind::OddQ,
            labels: LabelSettings::default(),
        };
        let h = Hex::new(2, 3);
        assert_eq!(format(CoordSystem::Axial, h, &cx), "2,3");
        assert_eq!(format(CoordSystem::Cube, h, &cx), "2,3,-5");
        assert_eq!(format(CoordSystem::Offset, h, &cx), "2,4");
        assert_eq!(format(CoordSystem::Doubled, h, &cx), "2,8");
        // DESIGN.md §4: XXYY 0305 is axial (2,3).
        assert_eq!(format(CoordSystem::Xxyy, h, &cx), "0305");
        // Three-axis of cube (1,-1,0) is [0,1,0].
        assert_eq!(
            format(CoordSystem::ThreeAxis, Hex::new(1, -1), &cx),
            "[0,1,0]"
        );
        assert_eq!(format(CoordSystem::Xxyy, Hex::new(-5, 0), &cx), "–");
        let line = all_systems(h, &cx);
        assert!(
            line.contains("odd-q 2,4") && line.contains("double-height 2,8"),
            "{line}"
        );
    }
}
