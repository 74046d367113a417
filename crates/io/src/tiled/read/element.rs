//! One view of a TMX element and a TMJ object: named fields (attributes or keys), whole
//! numbers with errors that say where, and custom properties. The map header, tilesets and
//! objects are read once through it for both formats.

use super::{Ctx, TiledError};
use crate::tiled::model::canonical_property_name;

/// A TMX element or a TMJ object, seen as named fields.
pub(super) trait Element {
    /// What the element is called in messages ("map", "tileset" …).
    fn label(&self) -> &str;

    /// A text field.
    fn text(&self, key: &str) -> Option<&str>;

    /// A boolean field (`1`/`true`), false when absent.
    fn flag(&self, key: &str) -> bool;

    /// A decimal field (object positions), 0 when absent or not a number.
    fn decimal(&self, key: &str) -> f64;

    /// A whole-number field: `None` when absent, an error when not a whole number.
    fn number(&self, ctx: &Ctx, key: &str) -> Result<Option<u32>, TiledError>;

    /// The custom properties (name, value as text), in file order.
    fn properties(&self) -> Vec<(String, String)>;

    /// A whole-number field that must be there.
    fn required(&self, ctx: &Ctx, key: &str) -> Result<u32, TiledError> {
        self.number(ctx, key)?
            .ok_or_else(|| ctx.missing(self.label(), key))
    }
}

/// A TMX/TSX element: fields are attributes, properties a `<properties>` child.
#[derive(Clone, Copy)]
pub(super) struct Xml<'a, 'input>(pub roxmltree::Node<'a, 'input>);

impl Element for Xml<'_, '_> {
    fn label(&self) -> &str {
        self.0.tag_name().name()
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.0.attribute(key)
    }

    fn flag(&self, key: &str) -> bool {
        matches!(self.0.attribute(key), Some("1" | "true"))
    }

    fn decimal(&self, key: &str) -> f64 {
        self.0
            .attribute(key)
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0.0)
    }

    fn number(&self, ctx: &Ctx, key: &str) -> Result<Option<u32>, TiledError> {
        match self.0.attribute(key) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<u32>()
                .map(Some)
                .map_err(|_| ctx.bad(self.label(), key, v, "expected a whole number")),
        }
    }

    fn properties(&self) -> Vec<(String, String)> {
        self.0
            .children()
            .filter(|c| c.has_tag_name("properties"))
            .flat_map(|p| p.children().filter(|c| c.has_tag_name("property")))
            .filter_map(|p| {
                let name = canonical_property_name(p.attribute("name")?);
                let value = p
                    .attribute("value")
                    .or_else(|| p.text())
                    .unwrap_or_default()
                    .to_string();
                Some((name, typed_value(p.attribute("type"), value)))
            })
            .collect()
    }
}

/// A TMJ/TSJ object: fields are keys, properties a `properties` array.
#[derive(Clone, Copy)]
pub(super) struct Json<'a> {
    /// The object.
    pub value: &'a serde_json::Value,
    /// Its name in messages.
    pub label: &'a str,
}

impl Element for Json<'_> {
    fn label(&self) -> &str {
        self.label
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.value.get(key).and_then(|v| v.as_str())
    }

    fn flag(&self, key: &str) -> bool {
        self.value.get(key).and_then(|v| v.as_bool()) == Some(true)
    }

    fn decimal(&self, key: &str) -> f64 {
        self.value.get(key).and_then(|v| v.as_f64()).unwrap_or(0.0)
    }

    fn number(&self, ctx: &Ctx, key: &str) -> Result<Option<u32>, TiledError> {
        match self.value.get(key) {
            None | Some(serde_json::Value::Null) => Ok(None),
            Some(x) => x
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| ctx.bad(self.label, key, &x.to_string(), "expected a whole number")),
        }
    }

    fn properties(&self) -> Vec<(String, String)> {
        self.value
            .get("properties")
            .and_then(|p| p.as_array())
            .into_iter()
            .flatten()
            .filter_map(|p| {
                let name = canonical_property_name(p.get("name")?.as_str()?);
                let value = match p.get("value")? {
                    serde_json::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                Some((
                    name,
                    typed_value(p.get("type").and_then(|t| t.as_str()), value),
                ))
            })
            .collect()
    }
}

/// A property's value as text: a Tiled `color` (`#aarrggbb`, as Tiled saves one) as
/// `#rrggbb`, every other value as written.
fn typed_value(kind: Option<&str>, value: String) -> String {
    match kind {
        Some("color") => crate::tiled::property_types::plain_colour(&value),
        _ => value,
    }
}
