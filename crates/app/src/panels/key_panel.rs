//! The Key panel (View → Key panel): every entry of the key — the keyed hexes in label
//! order, each hex's icons' entries after it, then the named regions' — with its label and
//! title, a search box over titles, texts and tags and a tag filter. A click on an entry
//! centres the map on its hex (an icon's hex, a region's middle hex), selects it and
//! opens the entry below the list: title, tags,
//! the players' text and the GM's, emphasis and lists shown formatted
//! (`hexmap_map::key_text`), each `[[label]]` link a button that follows it, or shown
//! struck through when the hex it names has no entry.

use crate::Action;
use crate::open_map::OpenMap;
use eframe::egui::{self, RichText};
use hexmap_hex::Hex;
use hexmap_map::key_text::{Span, blocks};
use hexmap_map::{HexMap, KeyItem, KeyTarget};
use std::sync::Arc;

/// The map's whole key in reading order, as [`HexMap::key_items`] gives it.
type LabelledKey = Vec<KeyItem>;

/// What the panel remembers between frames: the search, the tag chosen, the entry open,
/// and the key in label order with the document revision it was read at (labelling and
/// sorting every entry, notes included, is not work for every frame).
#[derive(Clone, Debug, Default)]
struct KeyPanelState {
    search: String,
    tag: Option<String>,
    open: Option<KeyTarget>,
    /// The entry the panel last scrolled into view: a newly opened one is scrolled to once,
    /// so a click in a long list shows its entry without the GM hunting for it below.
    scrolled_to: Option<KeyTarget>,
    key: Option<(u64, Arc<LabelledKey>)>,
}

impl KeyPanelState {
    /// The key of `doc` in label order, read again only when the document has changed.
    fn key(&mut self, doc: &OpenMap) -> Arc<LabelledKey> {
        match &self.key {
            Some((revision, key)) if *revision == doc.revision() => Arc::clone(key),
            _ => {
                let key = Arc::new(doc.map().key_items());
                self.key = Some((doc.revision(), Arc::clone(&key)));
                key
            }
        }
    }
}

/// The id the panel's state is kept under in egui's memory.
fn state_id() -> egui::Id {
    egui::Id::unique("key panel")
}

/// Open `h`'s entry in the panel (the map's Enter on a selected hex, a followed link).
pub(crate) fn open_entry(ctx: &egui::Context, h: Hex) {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<KeyPanelState>(state_id()).open = Some(KeyTarget::Hex(h));
    });
}

/// The panel at the window's right side.
pub(crate) fn panel(ui: &mut egui::Ui, doc: &OpenMap) -> Vec<Action> {
    let mut out = Vec::new();
    let mut state: KeyPanelState = ui.data(|d| d.get_temp(state_id())).unwrap_or_default();
    egui::Panel::right("key")
        .exact_size(super::side_panel_width(ui, 260.0))
        .resizable(false)
        .show(ui, |ui| {
            let key = state.key(doc);
            egui::ScrollArea::vertical().show(ui, |ui| {
                show(ui, doc.map(), &key, &mut state, &mut out);
            });
        });
    ui.data_mut(|d| d.insert_temp(state_id(), state));
    out
}

/// The list, the filters and the open entry.
fn show(
    ui: &mut egui::Ui,
    map: &HexMap,
    key: &LabelledKey,
    state: &mut KeyPanelState,
    out: &mut Vec<Action>,
) {
    ui.heading("Key");
    ui.add(
        egui::TextEdit::singleline(&mut state.search)
            .hint_text("Search titles, text, tags")
            .id(egui::Id::unique("key search")),
    );
    let mut tags: Vec<&String> = key.iter().flat_map(|k| &k.entry.tags).collect();
    tags.sort();
    tags.dedup();
    egui::ComboBox::new("key tag", "Tag")
        .selected_text(state.tag.as_deref().unwrap_or("every tag"))
        .show_ui(ui, |ui| {
            ui.selectable_value(&mut state.tag, None, "every tag");
            for t in tags {
                ui.selectable_value(&mut state.tag, Some(t.clone()), t.as_str());
            }
        });
    let shown: Vec<&KeyItem> = key
        .iter()
        .filter(|k| {
            (k.entry.matches(&state.search, true) || k.label.contains(state.search.trim()))
                && state.tag.as_ref().is_none_or(|t| k.entry.tags.contains(t))
        })
        .collect();
    ui.label(format!(
        "{} of {}",
        shown.len(),
        crate::panels::words::count(key.len(), "entry", "entries")
    ));
    for k in shown {
        let text = format!(
            "{}{}",
            k.title_line(),
            if k.entry.gm_only { " (GM only)" } else { "" }
        );
        if ui
            .selectable_label(state.open == Some(k.target), text)
            .clicked()
        {
            state.open = Some(k.target);
            if let Some(h) = k.anchor() {
                out.push(Action::GoToHex(h));
            }
        }
    }
    if let Some(target) = state.open {
        ui.separator();
        let top = ui.cursor().min;
        match key.iter().find(|k| k.target == target) {
            Some(k) => entry(ui, map, k, state, out),
            None => {
                let what = match target {
                    KeyTarget::Hex(h) => map.hex_label(h),
                    KeyTarget::Icon(id) => format!("icon {id}"),
                    KeyTarget::Region(id) => format!("region {id}"),
                };
                ui.label(format!("{what}: no entry"));
            }
        }
        if state.scrolled_to != state.open {
            // As little scrolling as shows the whole entry (its top first when it is taller
            // than the panel), so as much of the list as fits stays in view.
            let shown =
                egui::Rect::from_min_max(top, egui::pos2(ui.max_rect().right(), ui.cursor().min.y));
            ui.scroll_to_rect(shown, None);
            state.scrolled_to = state.open;
        }
    }
}

/// One entry, formatted.
fn entry(
    ui: &mut egui::Ui,
    map: &HexMap,
    k: &KeyItem,
    state: &mut KeyPanelState,
    out: &mut Vec<Action>,
) {
    let e = &k.entry;
    ui.label(RichText::new(k.title_line()).heading());
    if !e.tags.is_empty() {
        ui.label(RichText::new(e.tags.join(", ")).italics());
    }
    if e.gm_only {
        ui.label(RichText::new("For the GM only").italics());
    }
    text(ui, map, &e.player_text, state, out);
    if !e.gm_text.trim().is_empty() {
        ui.label(RichText::new("GM").strong());
        text(ui, map, &e.gm_text, state, out);
    }
}

/// An entry's text: a line per block, list items with a bullet, emphasis as italics and
/// bold, links as buttons.
fn text(
    ui: &mut egui::Ui,
    map: &HexMap,
    body: &str,
    state: &mut KeyPanelState,
    out: &mut Vec<Action>,
) {
    for b in blocks(body) {
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            if b.item {
                ui.label("  • ");
            }
            for span in &b.spans {
                match span {
                    Span::Text { text, italic, bold } => {
                        let mut t = RichText::new(text);
                        if *italic {
                            t = t.italics();
                        }
                        if *bold {
                            t = t.strong();
                        }
                        ui.label(t);
                    }
                    Span::Link(label) => {
                        let target = map
                            .hex_of_label(label)
                            .filter(|h| map.key_entry(*h).is_some());
                        match target {
                            Some(h) => {
                                if ui.link(label.as_str()).clicked() {
                                    state.open = Some(KeyTarget::Hex(h));
                                    out.push(Action::GoToHex(h));
                                }
                            }
                            None => {
                                ui.label(RichText::new(label.as_str()).strikethrough().weak())
                                    .on_hover_text("no entry for this hex");
                            }
                        }
                    }
                }
            }
        });
    }
}
