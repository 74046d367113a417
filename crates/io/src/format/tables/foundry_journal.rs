//! The hex key as Foundry Journal entries: one entry for the entries players may be
//! shown (one text page each, in label order, the GM's text in a Foundry secret block
//! that only the GM sees), one for the GM-only entries (the GM keeps it to themselves),
//! and a map pin (a Note of the scene) per entry on its hex (an icon's on the icon's hex, a
//! region's on its middle hex). The player view's map holds
//! only what the players may see (the player filter ran before this), so its journal has
//! no GM text and no GM-only entry.

use super::foundry::{document_id, stats};
use hexmap_hex::Hex;
use hexmap_map::{HexMap, KeyEntry};
use serde_json::{Value, json};

/// Foundry's ownership level that lets a player read a page (`OBSERVER`).
const OBSERVER: u8 = 2;
/// Foundry's ownership level that hides a document from players (`NONE`).
const NONE: u8 = 0;

/// A pin the scene gets: the hex and the journal page it opens.
pub struct Pin {
    /// The keyed hex.
    pub hex: Hex,
    /// Its label ("0305").
    pub label: String,
    /// The pin's text on the map: label and title.
    pub text: String,
    /// The journal entry's id.
    pub entry_id: String,
    /// The page's id.
    pub page_id: String,
}

/// The two journal entries of a map (each `None` when it has no page) and their pins.
pub struct Journals {
    /// The entries players may be shown.
    pub public: Option<Value>,
    /// The GM-only entries.
    pub gm_only: Option<Value>,
    pins: Vec<Pin>,
}

impl Journals {
    /// The pins, in the key's order.
    pub fn pins(&self) -> impl Iterator<Item = &Pin> {
        self.pins.iter()
    }
}

/// What an entry hangs on, as the page's flags say: `hex`, `icon 7`, `region 3`.
fn on(target: hexmap_map::KeyTarget) -> String {
    match target {
        hexmap_map::KeyTarget::Hex(_) => "hex".to_owned(),
        hexmap_map::KeyTarget::Icon(id) => format!("icon {id}"),
        hexmap_map::KeyTarget::Region(id) => format!("region {id}"),
    }
}

/// The journals of `map`'s key (hexes', icons' and regions' entries), named after the
/// scene.
pub fn journals(map: &HexMap, scene: &str) -> Journals {
    let key = crate::format::key::keyed(map);
    let mut pins = Vec::new();
    let mut entry = |gm_only: bool| {
        let what = if gm_only { "GM key" } else { "key" };
        let entry_id = document_id(scene, what);
        let pages: Vec<Value> = key
            .iter()
            .filter(|k| k.entry.gm_only == gm_only)
            .enumerate()
            .map(|(n, k)| {
                let (label, e) = (&k.label, &k.entry);
                // A hex's page keeps the id it has always had; an icon's and a region's
                // are named by their slug ("0305-icon-7", "region-3").
                let page_id = document_id(scene, &format!("page {}", k.slug));
                let text = k.title_line();
                pins.push(Pin {
                    hex: k.hex,
                    label: label.clone(),
                    text: text.clone(),
                    entry_id: entry_id.clone(),
                    page_id: page_id.clone(),
                });
                json!({
                    "_id": page_id,
                    "name": text,
                    "type": "text",
                    "title": {"show": true, "level": 1},
                    "text": {"content": page_html(e, &page_id), "format": 1},
                    "sort": (n as i64 + 1) * 100_000,
                    "ownership": {"default": -1},
                    "flags": {"hexmap": {"hex": map.hex_label(k.hex), "on": on(k.target), "tags": e.tags}},
                })
            })
            .collect();
        (!pages.is_empty()).then(|| {
            json!({
                "_id": entry_id,
                "name": format!("{scene} — {what}"),
                "pages": pages,
                "ownership": {"default": if gm_only { NONE } else { OBSERVER }},
                "flags": {},
                "_stats": stats(),
            })
        })
    };
    let public = entry(false);
    let gm_only = entry(true);
    // In the key's order (hexes by label, each hex's icons after it, then regions).
    let order: Vec<String> = key
        .iter()
        .map(|k| document_id(scene, &format!("page {}", k.slug)))
        .collect();
    pins.sort_by_key(|p| order.iter().position(|id| *id == p.page_id));
    Journals {
        public,
        gm_only,
        pins,
    }
}

/// A page's HTML: the player text as paragraphs and lists, then the GM's text in a
/// Foundry secret block (shown to the page's owners only).
fn page_html(e: &KeyEntry, page_id: &str) -> String {
    let mut html = text_html(&e.player_text);
    if !e.gm_text.trim().is_empty() {
        html.push_str(&format!(
            "<section class=\"secret\" id=\"secret-{page_id}\">{}</section>",
            text_html(&e.gm_text)
        ));
    }
    html
}

/// Text of a key entry as HTML: blank lines part paragraphs, `- ` lines make a list,
/// `**strong**` and `*emphasis*` are kept as such; everything else is escaped.
fn text_html(text: &str) -> String {
    let mut out = String::new();
    for block in text.split("\n\n").map(str::trim).filter(|b| !b.is_empty()) {
        let lines: Vec<&str> = block.lines().map(str::trim).collect();
        if lines.iter().all(|l| l.starts_with("- ")) {
            out.push_str("<ul>");
            for l in lines {
                out.push_str(&format!("<li>{}</li>", inline_html(&l[2..])));
            }
            out.push_str("</ul>");
        } else {
            let inner: Vec<String> = lines.iter().map(|l| inline_html(l)).collect();
            out.push_str(&format!("<p>{}</p>", inner.join("<br>")));
        }
    }
    out
}

/// One line: escaped, with `**strong**` and `*emphasis*` as tags.
fn inline_html(line: &str) -> String {
    let escaped = line
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;");
    let mut out = String::new();
    for (n, part) in escaped.split("**").enumerate() {
        let strong = n % 2 == 1;
        if strong {
            out.push_str("<strong>");
        }
        for (m, bit) in part.split('*').enumerate() {
            if m % 2 == 1 {
                out.push_str(&format!("<em>{bit}</em>"));
            } else {
                out.push_str(bit);
            }
        }
        if strong {
            out.push_str("</strong>");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_becomes_paragraphs_lists_and_emphasis_with_markup_escaped() {
        let html = text_html("A *wet* cave.\nIt **roars**.\n\n- one\n- <two>");
        assert_eq!(
            html,
            "<p>A <em>wet</em> cave.<br>It <strong>roars</strong>.</p>\
             <ul><li>one</li><li>&lt;two&gt;</li></ul>"
        );
    }

    #[test]
    fn the_gm_text_goes_in_a_secret_block() {
        let mut e = KeyEntry::new("Lair", "Bones.");
        e.gm_text = "A dragon.".into();
        assert_eq!(
            page_html(&e, "p1"),
            "<p>Bones.</p><section class=\"secret\" id=\"secret-p1\"><p>A dragon.</p></section>"
        );
    }
}
