//! Objects of object layers, read once for both syntaxes through [`Element`]: the parser
//! finds the object's shape (point, polyline, tile, text) in its own syntax, this module
//! reads the rest and sorts notes (text points) from the objects hexmap converts.

use super::element::Element;
use super::{Ctx, TiledError};
use crate::tiled::model::{MapObject, ObjectShape, PointObject, TextObject};

/// Flip and rotation bits of a tile object's gid.
const GID_FLAGS: u32 = 0xF000_0000;
/// The property that marks a point object as one of hexmap's icons, not a note.
const ICON_PROPERTY: &str = "hexmap:icon";

/// An object with the shape its parser found.
pub(super) fn object(
    ctx: &Ctx,
    el: &dyn Element,
    shape: ObjectShape,
) -> Result<MapObject, TiledError> {
    let shape = match shape {
        ObjectShape::Tile(gid) => ObjectShape::Tile(gid & !GID_FLAGS),
        other => other,
    };
    Ok(MapObject {
        // Tiled gives every object an id; a missing or odd one only makes messages vaguer.
        id: el.number(ctx, "id").ok().flatten().unwrap_or(0),
        name: el.text("name").unwrap_or("").to_string(),
        x: el.decimal("x"),
        y: el.decimal("y"),
        width: el.decimal("width"),
        height: el.decimal("height"),
        rotation: el.decimal("rotation"),
        shape,
        properties: el.properties(),
    })
}

/// A note: a point object with text that is not one of hexmap's icons.
pub(super) fn as_note(object: &MapObject) -> Option<PointObject> {
    if object.shape != ObjectShape::Point
        || object.property(ICON_PROPERTY).is_some()
        || crate::tiled::objects::key::is_key_entry(object)
        || crate::tiled::objects::custom::is_values_object(object)
    {
        return None;
    }
    let text = object
        .property("note")
        .map_or_else(|| object.name.clone(), str::to_string);
    (!text.is_empty()).then(|| PointObject {
        name: object.name.clone(),
        x: object.x,
        y: object.y,
        text,
    })
}

/// Polyline points as TMX writes them: `x,y x,y …`.
pub(super) fn tmx_points(ctx: &Ctx, text: &str) -> Result<Vec<(f64, f64)>, TiledError> {
    text.split_whitespace()
        .map(|pair| {
            pair.split_once(',')
                .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
                .filter(|(x, y): &(f64, f64)| x.is_finite() && y.is_finite())
                .ok_or_else(|| ctx.bad("polyline", "points", pair, "expected x,y numbers"))
        })
        .collect()
}

/// A text colour as Tiled writes it: `#rrggbb` or `#aarrggbb` (alpha dropped).
pub(super) fn text_colour(ctx: &Ctx, text: &str) -> Result<[u8; 3], TiledError> {
    let bad = || ctx.bad("text", "color", text, "expected #rrggbb or #aarrggbb");
    let hex = text.strip_prefix('#').ok_or_else(bad)?;
    let rgb = match hex.len() {
        6 => hex,
        8 => &hex[2..],
        _ => return Err(bad()),
    };
    let byte = |i: usize| u8::from_str_radix(rgb.get(i..i + 2).unwrap_or("x"), 16);
    match (byte(0), byte(2), byte(4)) {
        (Ok(r), Ok(g), Ok(b)) => Ok([r, g, b]),
        _ => Err(bad()),
    }
}

/// A text object's text and style from its fields (TMX `<text>` attributes or the TMJ
/// `text` object).
pub(super) fn text_object(
    ctx: &Ctx,
    el: &dyn Element,
    text: String,
) -> Result<TextObject, TiledError> {
    let pixel_size = match el.number(ctx, "pixelsize")? {
        Some(n) => f64::from(n),
        None => 16.0,
    };
    Ok(TextObject {
        text,
        pixel_size,
        color: match el.text("color") {
            Some(c) => text_colour(ctx, c)?,
            None => [0, 0, 0],
        },
        bold: el.flag("bold"),
        italic: el.flag("italic"),
        centred: el.text("halign") == Some("center") && el.text("valign") == Some("center"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoResources;

    #[test]
    fn points_and_colours_are_read_or_refused_by_name() {
        let ctx = Ctx::new("m.tmx", &NoResources);
        assert_eq!(
            tmx_points(&ctx, "0,0 12.5,-3").unwrap(),
            [(0.0, 0.0), (12.5, -3.0)]
        );
        let e = tmx_points(&ctx, "0,0 1;2").unwrap_err().to_string();
        assert!(e.contains("'1;2'"), "{e}");
        assert_eq!(text_colour(&ctx, "#ff2a6fd0").unwrap(), [0x2a, 0x6f, 0xd0]);
        assert_eq!(text_colour(&ctx, "#2A6FD0").unwrap(), [0x2a, 0x6f, 0xd0]);
        assert!(text_colour(&ctx, "#2a6fd").is_err());
        assert!(text_colour(&ctx, "2a6fd0").is_err());
    }
}
