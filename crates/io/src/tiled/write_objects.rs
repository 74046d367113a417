//! Writes object layers other than the notes (hexmap's edges, paths, icons and labels):
//! polylines, tile objects, text objects and points, with their properties, as TMX
//! elements or TMJ values.

use super::model::{MapObject, ObjectGroup, ObjectShape, TextObject};
use super::xml::XmlWriter;
use serde_json::{Value, json};

/// Writes a property list as TMX `<properties>` (each value under its Tiled type).
pub(super) type TmxProperties<'a> = &'a dyn Fn(&mut XmlWriter, &[(String, String)]);
/// A property list as TMJ's `properties` array.
pub(super) type TmjProperties<'a> = &'a dyn Fn(&[(String, String)]) -> Value;

/// `#rrggbb`.
fn hex_colour(c: [u8; 3]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// One object layer as a TMX `<objectgroup>` with layer id `id`.
pub(super) fn tmx_group(
    x: &mut XmlWriter,
    id: u32,
    group: &ObjectGroup,
    fmt_num: fn(f64) -> String,
    write_properties: TmxProperties<'_>,
) {
    let mut attrs = vec![("id", id.to_string()), ("name", group.name.clone())];
    if let Some(c) = group.color {
        attrs.push(("color", hex_colour(c)));
    }
    if !group.visible {
        attrs.push(("visible", "0".into()));
    }
    x.open("objectgroup", &attrs);
    for o in &group.objects {
        let mut attrs = vec![("id", o.id.to_string())];
        if !o.name.is_empty() {
            attrs.push(("name", o.name.clone()));
        }
        if let ObjectShape::Tile(gid) = o.shape {
            attrs.push(("gid", gid.to_string()));
        }
        attrs.push(("x", fmt_num(o.x)));
        attrs.push(("y", fmt_num(o.y)));
        if o.width != 0.0 || o.height != 0.0 {
            attrs.push(("width", fmt_num(o.width)));
            attrs.push(("height", fmt_num(o.height)));
        }
        if o.rotation != 0.0 {
            attrs.push(("rotation", fmt_num(o.rotation)));
        }
        x.open("object", &attrs);
        write_properties(x, &o.properties);
        match &o.shape {
            ObjectShape::Point => x.empty("point", &[]),
            ObjectShape::Polyline(points) => {
                let text: Vec<String> = points
                    .iter()
                    .map(|(px, py)| format!("{},{}", fmt_num(*px), fmt_num(*py)))
                    .collect();
                x.empty("polyline", &[("points", text.join(" "))]);
            }
            ObjectShape::Polygon(points) => {
                let text: Vec<String> = points
                    .iter()
                    .map(|(px, py)| format!("{},{}", fmt_num(*px), fmt_num(*py)))
                    .collect();
                x.empty("polygon", &[("points", text.join(" "))]);
            }
            ObjectShape::Text(t) => {
                x.text_element("text", &tmx_text_attrs(t), &super::xml::escape(&t.text));
            }
            ObjectShape::Tile(_) | ObjectShape::Other => {}
        }
        x.close("object");
    }
    x.close("objectgroup");
}

fn tmx_text_attrs(t: &TextObject) -> Vec<(&'static str, String)> {
    let mut attrs = vec![
        ("pixelsize", format!("{}", t.pixel_size.round().max(1.0))),
        ("color", hex_colour(t.color)),
    ];
    if t.bold {
        attrs.push(("bold", "1".into()));
    }
    if t.italic {
        attrs.push(("italic", "1".into()));
    }
    if t.centred {
        attrs.push(("halign", "center".into()));
        attrs.push(("valign", "center".into()));
    }
    attrs
}

/// One object as a TMJ value.
fn tmj_object(o: &MapObject, properties: TmjProperties<'_>) -> Value {
    let mut v = json!({
        "id": o.id, "name": o.name, "type": "", "x": o.x, "y": o.y,
        "width": o.width, "height": o.height, "rotation": o.rotation, "visible": true,
    });
    if !o.properties.is_empty() {
        v["properties"] = properties(&o.properties);
    }
    match &o.shape {
        ObjectShape::Point => v["point"] = json!(true),
        ObjectShape::Polyline(points) => {
            v["polyline"] = Value::Array(
                points
                    .iter()
                    .map(|(x, y)| json!({"x": x, "y": y}))
                    .collect(),
            );
        }
        ObjectShape::Polygon(points) => {
            v["polygon"] = Value::Array(
                points
                    .iter()
                    .map(|(x, y)| json!({"x": x, "y": y}))
                    .collect(),
            );
        }
        ObjectShape::Tile(gid) => v["gid"] = json!(gid),
        ObjectShape::Text(t) => {
            let mut text = json!({
                "text": t.text, "pixelsize": t.pixel_size.round().max(1.0) as u32,
                "color": hex_colour(t.color), "wrap": false,
            });
            if t.bold {
                text["bold"] = json!(true);
            }
            if t.italic {
                text["italic"] = json!(true);
            }
            if t.centred {
                text["halign"] = json!("center");
                text["valign"] = json!("center");
            }
            v["text"] = text;
        }
        ObjectShape::Other => {}
    }
    v
}

/// One object layer as a TMJ value with layer id `id`.
pub(super) fn tmj_group(id: usize, group: &ObjectGroup, properties: TmjProperties<'_>) -> Value {
    let objects: Vec<Value> = group
        .objects
        .iter()
        .map(|o| tmj_object(o, properties))
        .collect();
    let mut v = json!({
        "type": "objectgroup", "id": id, "name": group.name,
        "x": 0, "y": 0, "visible": group.visible, "opacity": 1, "draworder": "topdown",
        "objects": objects,
    });
    if let Some(c) = group.color {
        v["color"] = json!(hex_colour(c));
    }
    v
}
