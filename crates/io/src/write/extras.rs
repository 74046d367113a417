//! The version-4 header fields: the map scale and the tracing underlay, each written only
//! when the map has it (so a map without them saves as before apart from the version).

use super::{float, lit};
use hexmap_map::HexMap;
use std::fmt::Write;

/// `scale: (…)` and `underlay: (…)` header lines, when present.
pub(super) fn write_extras(map: &HexMap, o: &mut String) {
    if let Some(s) = map.scale() {
        let _ = writeln!(
            o,
            "    scale: (per_hex: {}, unit: {}),",
            float(s.per_hex),
            lit(&s.unit)
        );
    }
    if let Some(u) = map.underlay() {
        let _ = writeln!(
            o,
            "    underlay: (path: {}, center: ({}, {}), scale: {}, rotation: {}, opacity: {:?}),",
            lit(&u.path),
            float(u.center.x),
            float(u.center.y),
            float(u.scale),
            float(u.rotation),
            u.opacity
        );
    }
}
