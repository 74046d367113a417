//! The version-4 header fields: the map scale and the tracing underlay, checked with the
//! map's own checks ([`MapScale::validate`], [`Underlay::validate`]).

use super::field;
use crate::error::FormatError;
use crate::model::{FileScale, FileUnderlay};
use hexmap_hex::Point;
use hexmap_map::{HexMap, MapScale, Underlay};

/// A field that needs format version 4, in a file that says an older one.
fn needs_v4(name: &str, what: &str, version: u64) -> FormatError {
    field(
        name,
        format!("{what} needs format version 4 (this file says version {version})"),
    )
}

/// The scale as written, checked.
pub(super) fn scale(version: u64, s: Option<FileScale>) -> Result<Option<MapScale>, FormatError> {
    let Some(s) = s else { return Ok(None) };
    if version < 4 {
        return Err(needs_v4("scale", "a map scale", version));
    }
    MapScale::new(s.per_hex, s.unit)
        .map(Some)
        .map_err(|e| field(e.field(), e.to_string()))
}

/// The underlay as written, checked.
pub(super) fn underlay(
    version: u64,
    u: Option<FileUnderlay>,
) -> Result<Option<Underlay>, FormatError> {
    let Some(u) = u else { return Ok(None) };
    if version < 4 {
        return Err(needs_v4("underlay", "a tracing underlay", version));
    }
    let underlay = Underlay {
        path: u.path,
        center: Point::new(u.center.0, u.center.1),
        scale: u.scale,
        rotation: u.rotation,
        opacity: u.opacity,
    };
    underlay
        .validate()
        .map_err(|e| field(&e.field(), e.to_string()))?;
    Ok(Some(underlay))
}

/// Put the checked fields on the map.
pub(super) fn set(map: &mut HexMap, scale: Option<MapScale>, underlay: Option<Underlay>) {
    // Both were checked above with the same checks the setters run.
    let _ = map.set_scale(scale);
    let _ = map.set_underlay(underlay);
}
