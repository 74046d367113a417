//! A map family in hexmap's JSON (version 4): a map's `children`, each with its `link` in
//! the map (`{"hex": [q, r]}`, `{"icon": id}` or `{"region": id}`), its `derived` radius
//! and seed when it was derived from a hex, and the child `map` itself, written as the
//! top level is (and so with children of its own). Left out when a map has none, so a
//! map without children is written as before.

use super::json_value::{At, int, member, object, pair};
use hexmap_hex::Hex;
use hexmap_map::IconId;
use hexmap_map::family::{Derivation, Link};
use hexmap_map::regions::RegionId;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One child as written: its link, its derivation and the child map's document.
#[derive(Serialize)]
pub(super) struct JsonChild<M> {
    link: JsonLink,
    #[serde(skip_serializing_if = "Option::is_none")]
    derived: Option<JsonDerived>,
    map: M,
}

/// What a child is linked to in its parent.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonLink {
    /// A hex, as axial [q, r].
    Hex([i32; 2]),
    /// An icon, by id.
    Icon(u32),
    /// A named region, by id.
    Region(u32),
}

/// How a child was derived from its parent hex.
#[derive(Serialize)]
struct JsonDerived {
    radius: u32,
    seed: u64,
}

impl<M> JsonChild<M> {
    /// The child linked by `link`, derived as `derived`, its map written as `map`.
    pub(super) fn new(link: Link, derived: Option<Derivation>, map: M) -> Self {
        JsonChild {
            link: match link {
                Link::Hex(h) => JsonLink::Hex([h.q, h.r]),
                Link::Icon(id) => JsonLink::Icon(id.0),
                Link::Region(id) => JsonLink::Region(id.0),
            },
            derived: derived.map(|d| JsonDerived {
                radius: d.radius,
                seed: d.seed,
            }),
            map,
        }
    }
}

/// One child as read: link and derivation as JSON values (checked by [`child_parts`]),
/// the map as the reader's document `D`.
#[derive(Deserialize)]
pub(super) struct ChildIn<D> {
    pub(super) link: Value,
    #[serde(default)]
    pub(super) derived: Option<Value>,
    pub(super) map: D,
}

/// The link and derivation of `children[i]` (`at`), each part checked with an error
/// naming its place.
pub(super) fn child_parts(
    link: &Value,
    derived: Option<&Value>,
    at: &At,
) -> Result<(Link, Option<Derivation>), String> {
    let at_link = At(format!("{}.link", at.0));
    let o = object(link, &at_link)?;
    let link = if let Some(v) = o.get("hex") {
        let [q, r] = pair(v, &At(format!("{}.hex", at_link.0)), int::<i32>)?;
        Link::Hex(Hex::new(q, r))
    } else if let Some(v) = o.get("icon") {
        Link::Icon(IconId(int::<u32>(v, &At(format!("{}.icon", at_link.0)))?))
    } else if let Some(v) = o.get("region") {
        Link::Region(RegionId(int::<u32>(
            v,
            &At(format!("{}.region", at_link.0)),
        )?))
    } else {
        return Err(at_link.err("expected one of \"hex\", \"icon\" or \"region\""));
    };
    let derived = match derived {
        None | Some(Value::Null) => None,
        Some(v) => {
            let at_d = At(format!("{}.derived", at.0));
            let o = object(v, &at_d)?;
            let (r, ar) = member(o, "radius", &at_d)?;
            let (s, as_) = member(o, "seed", &at_d)?;
            Some(Derivation {
                radius: int::<u32>(r, &ar)?,
                seed: s
                    .as_u64()
                    .ok_or_else(|| as_.err("expected a whole number from 0 to 2^64 - 1"))?,
            })
        }
    };
    Ok((link, derived))
}

#[cfg(test)]
mod tests {
    use super::super::json_read::read_json;
    use super::super::table::{to_compact_json, to_json};

    fn hexcrawl() -> hexmap_map::HexMap {
        let text = include_str!("../../../../maps/hexcrawl.ron");
        crate::load_bytes(std::path::Path::new("hexcrawl.ron"), text.as_bytes())
            .unwrap()
            .0
    }

    #[test]
    fn a_family_reads_back_from_json_in_both_forms() {
        let family = hexcrawl();
        assert_eq!(family.children().len(), 2);
        for text in [to_json(&family), to_compact_json(&family)] {
            let back = read_json(text.as_bytes(), "family.json").unwrap().map;
            assert_eq!(back, family);
        }
    }

    #[test]
    fn a_bad_child_names_its_place() {
        let family = hexcrawl();
        let mut doc: serde_json::Value = serde_json::from_str(&to_json(&family)).unwrap();
        doc["children"][1]["link"] = serde_json::json!({ "town": 3 });
        let err = read_json(doc.to_string().as_bytes(), "f.json").unwrap_err();
        assert!(err.to_string().contains("children[1].link"), "{err}");
        let mut doc: serde_json::Value = serde_json::from_str(&to_json(&family)).unwrap();
        doc["children"][0]["map"]["cells"][3]["terrain"] = serde_json::json!(999);
        let err = read_json(doc.to_string().as_bytes(), "f.json").unwrap_err();
        assert!(
            err.to_string().contains("children[0].map.cells[3]"),
            "{err}"
        );
        // A link to a hex the parent does not have.
        let mut doc: serde_json::Value = serde_json::from_str(&to_json(&family)).unwrap();
        doc["children"][0]["link"] = serde_json::json!({ "hex": [500, 500] });
        let err = read_json(doc.to_string().as_bytes(), "f.json").unwrap_err();
        assert!(err.to_string().contains("children"), "{err}");
    }
}
