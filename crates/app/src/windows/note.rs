//! The Note window: the note of one hex, its GM-only flag, Save / Remove / Cancel; a text
//! longer than the document's limit is cut at a character and the window says so.

use crate::Action;
use crate::open_map::OpenMap;
use crate::windows::{EditorWindow, Shown, placed};
use eframe::egui;
use hexmap_hex::Hex;
use hexmap_map::layers::MAX_NOTE_LEN;
use hexmap_map::{CellEdit, Edit, FogEdit, GmItem};

/// The "Note" form: the hex and the text being edited.
#[derive(Clone, Debug, PartialEq)]
pub struct NoteForm {
    /// The hex whose note it is.
    pub hex: Hex,
    /// The text being edited.
    pub text: String,
    /// The note is for the GM only.
    pub gm_only: bool,
    /// Give the text field the keyboard at the next frame (set when it opens).
    pub focus: bool,
    /// Text over the note limit was cut off (pasted or typed past it): the window says so.
    pub cut: bool,
}

impl EditorWindow for Option<NoteForm> {
    fn show(&mut self, ctx: &egui::Context, shown: &mut Shown<'_>, out: &mut Vec<Action>) {
        out.extend(note_window(ctx, self, shown.doc));
    }
}

/// "Note" while its form is open: saving or removing the note is an edit.
fn note_window(ctx: &egui::Context, open: &mut Option<NoteForm>, doc: &OpenMap) -> Option<Action> {
    let NoteForm {
        hex,
        text,
        gm_only,
        focus,
        cut,
    } = open.as_mut()?;
    let hex = *hex;
    let mut save = false;
    let mut remove = false;
    let mut cancel = false;
    placed(ctx, egui::Window::new("Note"))
        .collapsible(false)
        .show(ctx, |ui| {
            let l = ui.label(format!("Hex {}", doc.hex_name(hex)));
            let field = ui.add(egui::TextEdit::multiline(text)).labelled_by(l.id);
            // The document's limit is in bytes: a paste past it keeps what fits, cut at a
            // character, and the window says so (never an error at Save).
            let kept = hexmap_map::shorten_to_bytes(text, MAX_NOTE_LEN).len();
            if kept < text.len() {
                text.truncate(kept);
                *cut = true;
            }
            if *cut {
                ui.label(
                    egui::RichText::new(format!(
                        "{MAX_NOTE_LEN} of {MAX_NOTE_LEN} bytes: the rest was cut"
                    ))
                    .color(ui.visuals().warn_fg_color),
                );
            }
            // Typing goes into the note at once, not to the tool shortcuts.
            if std::mem::take(focus) {
                field.request_focus();
            }
            ui.checkbox(gm_only, "GM only")
                .on_hover_text(crate::panels::feature_palette::GM_ONLY_HINT);
            ui.horizontal(|ui| {
                save = ui.button("Save note").clicked();
                remove = ui.button("Remove note").clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    let text = save.then(|| text.clone()).filter(|t| !t.is_empty());
    let gm_only = *gm_only;
    if save || remove || cancel {
        *open = None;
    }
    if !(save || remove) {
        return None;
    }
    // The text and its flag as one undo step (a removed note takes its flag along).
    let mut edits = vec![Edit::Cell(CellEdit::SetNote {
        hex,
        text: text.clone(),
    })];
    if text.is_some() && gm_only != GmItem::Note(hex).is_gm_only(doc.map()) {
        edits.push(Edit::Fog(FogEdit::SetGmOnly {
            items: vec![GmItem::Note(hex)],
            gm_only,
        }));
    }
    Some(Action::Edits(edits))
}
