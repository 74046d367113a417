//! The editor's fonts: egui's own set (Ubuntu Light for text, Hack for monospace, egui's
//! icons; on the desktop also egui's emoji fonts), with Ubuntu Light and Hack read from
//! [`hexmap_draw::fonts`], the bytes every picture is drawn with. The editor and the
//! pictures then share one copy of each font: the web build, which leaves egui's own
//! font set out, carries each once instead of once for egui and once more for the
//! pictures (about 470 KB of the gzipped download).

use eframe::egui::{self, FontData, FontDefinitions, FontFamily, FontTweak};
use hexmap_draw::FontFamily as DrawFamily;
use hexmap_draw::fonts::font_bytes;
use std::sync::Arc;

/// egui's name of its proportional font (kept, so the set reads as egui's own).
const SANS: &str = "Ubuntu-Light";
/// egui's name of its monospace font.
const MONO: &str = "Hack";
/// egui's name of its icon font (the symbols of `egui::special_emojis`).
const ICONS: &str = "egui-icons";

/// Give `ctx` the editor's fonts (before its first frame; every window of a context
/// shares them).
pub(crate) fn install(ctx: &egui::Context) {
    ctx.set_fonts(definitions());
}

/// The editor's font set: egui's default set where the build has it (the desktop, for its
/// emoji fonts), else the same set without the emoji fonts (a browser draws the symbols
/// the other fonts lack with its own fonts), Ubuntu Light and Hack always from
/// [`font_bytes`].
pub(crate) fn definitions() -> FontDefinitions {
    let mut defs = FontDefinitions::default();
    defs.font_data.insert(
        SANS.to_owned(),
        Arc::new(FontData::from_static(font_bytes(DrawFamily::Sans))),
    );
    defs.font_data.insert(
        MONO.to_owned(),
        Arc::new(FontData::from_static(font_bytes(DrawFamily::Mono))),
    );
    defs.font_data.entry(ICONS.to_owned()).or_insert_with(|| {
        // egui's own tweak of its icon font: a little smaller than the text around it.
        Arc::new(
            FontData::from_static(epaint_default_fonts::EGUI_ICONS).tweak(FontTweak {
                scale: 0.90,
                ..Default::default()
            }),
        )
    });
    // egui's order where its set is absent: the family's font, then its fallbacks.
    for (family, fonts) in [
        (FontFamily::Proportional, &[SANS, ICONS][..]),
        (FontFamily::Monospace, &[MONO, SANS, ICONS][..]),
    ] {
        let list = defs.families.entry(family).or_default();
        if list.is_empty() {
            *list = fonts.iter().map(|name| (*name).to_owned()).collect();
        }
    }
    defs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes the editor draws `name` with.
    fn bytes_of<'a>(defs: &'a FontDefinitions, name: &str) -> &'a [u8] {
        (*defs.font_data[name].font).as_ref()
    }

    #[test]
    fn the_editor_draws_with_the_very_bytes_pictures_are_drawn_with() {
        let defs = definitions();
        for (name, family) in [(SANS, DrawFamily::Sans), (MONO, DrawFamily::Mono)] {
            let ours = bytes_of(&defs, name);
            let pictures = font_bytes(family);
            // The same memory, not an equal copy: one copy of the font in the program.
            assert!(std::ptr::eq(ours, pictures), "{name} is a second copy");
        }
    }

    #[test]
    fn the_set_is_egui_s_own_with_every_family_served() {
        let defs = definitions();
        assert_eq!(
            defs.families[&FontFamily::Proportional][..2],
            [SANS.to_owned(), ICONS.to_owned()]
        );
        assert_eq!(
            defs.families[&FontFamily::Monospace][..3],
            [MONO.to_owned(), SANS.to_owned(), ICONS.to_owned()]
        );
        for names in defs.families.values() {
            for name in names {
                assert!(defs.font_data.contains_key(name), "no font data for {name}");
            }
        }
        // Where the build has egui's set (the desktop), nothing of it is lost or reordered.
        let egui_set = FontDefinitions::default();
        if !egui_set.font_data.is_empty() {
            assert_eq!(defs.families, egui_set.families);
            let names = |d: &FontDefinitions| d.font_data.keys().cloned().collect::<Vec<_>>();
            assert_eq!(names(&defs), names(&egui_set));
        }
    }
}
