//! The File menu, one home for both menu bars: the editor's (with a map open) and the
//! "No map is open" screen's, which offers what leads to a map (new, open, recent files,
//! samples, Tiled import), the preferences and Quit.

use crate::Action;
use crate::files::prefs::Prefs;
use crate::open_map::OpenMap;
use crate::panels::shortcuts;
use eframe::egui;
use hexmap_io::Form;

/// The File menu's items; `doc` is the open map (`None` on the "No map is open" screen,
/// which has nothing to save, export or print).
pub(crate) fn items(
    ui: &mut egui::Ui,
    prefs: &mut Prefs,
    doc: Option<&OpenMap>,
    out: &mut Vec<Action>,
) {
    command_button(ui, "New…", Action::NewDialog, true, out);
    command_button(ui, "Open…", Action::OpenDialog, true, out);
    ui.menu_button("Open recent", |ui| {
        if prefs.recent.is_empty() {
            ui.label("(none)");
        }
        for path in prefs.recent.clone() {
            if ui.button(path.display().to_string()).clicked() {
                out.push(Action::Open(path));
            }
        }
    });
    ui.menu_button("Open sample", |ui| {
        if ui.button("Island (built in)").clicked() {
            out.push(Action::OpenBundledSample);
        }
        // The samples built into the editor, opened as files so their tile art is found
        // (the same list wherever the editor runs).
        for path in crate::files::sample::folder_samples() {
            let name = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            if ui
                .button(name)
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                out.push(Action::Open(path));
            }
        }
    });
    if let Some(doc) = doc {
        ui.separator();
        command_button(ui, "Save", Action::Save, true, out);
        // Ctrl+Shift+S saves in the map's own form: shown on that item only.
        for (label, form) in [
            ("Save As (offset form)…", Form::Offset),
            ("Save As (cube form)…", Form::Cube),
        ] {
            let own = doc.form() == form;
            command_button(ui, label, Action::SaveAs(form), own, out);
        }
        ui.menu_button("Convert form", |ui| {
            for form in [Form::Offset, Form::Cube] {
                let current = doc.form() == form;
                if ui
                    .selectable_label(current, format!("{form} form"))
                    .clicked()
                {
                    out.push(Action::SetForm(form));
                }
            }
        });
        ui.separator();
        if ui.button("Export…").clicked() {
            out.push(Action::ExportDialog);
        }
        if ui.button("Print / Export PDF…").clicked() {
            out.push(Action::PrintDialog);
        }
    } else {
        ui.separator();
    }
    if ui.button("Import map (Tiled, JSON)…").clicked() {
        out.push(Action::ImportTiledDialog);
    }
    ui.separator();
    ui.horizontal(|ui| {
        let l = ui.label("Autosave every (s, 0 = off)");
        ui.add(egui::DragValue::new(&mut prefs.autosave_secs).range(0..=3600))
            .labelled_by(l.id);
    });
    if crate::files::storage::current().has_files() {
        ui.checkbox(
            &mut prefs.builtin_file_dialog,
            "Always use the built-in file dialog",
        );
    } else {
        // A browser: say here what works otherwise than on the desktop.
        ui.label(WEB_NOTE);
        let store = crate::files::storage::current().autosaves();
        if let Some(line) = store.and_then(|s| crate::files::browser_autosave::usage_text(&*s)) {
            ui.label(line);
        }
    }
    // A page is closed by the browser (which asks first while changes are unsaved).
    if crate::files::storage::current().has_files() {
        ui.separator();
        if ui.button("Quit").clicked() {
            out.push(Action::Quit);
        }
    }
}

/// What the File menu says in a browser about the desktop-only parts.
pub const WEB_NOTE: &str = "In a browser: Open uses the browser's file chooser (or drop a \
    file on the page); Save, Save As and exports download their files. Each tab keeps its \
    unsaved work in this browser's storage (soon after each edit, and when the tab is hidden \
    or closed); a new tab offers back the work of tabs that are gone. Desktop only: native \
    file dialogs, recovery files beside the map, the changed-on-disk check.";

/// The menu bar of the "No map is open" screen: the File menu alone.
pub(crate) fn start_menu_bar(ui: &mut egui::Ui, prefs: &mut Prefs) -> Vec<Action> {
    let mut out = Vec::new();
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| items(ui, prefs, None, &mut out));
        });
    });
    out
}

/// A menu item that shows its command's keyboard shortcut (when `show_keys` and it has
/// one) and asks for the command when clicked.
pub(crate) fn command_button(
    ui: &mut egui::Ui,
    label: &str,
    action: Action,
    show_keys: bool,
    out: &mut Vec<Action>,
) {
    let keys = show_keys
        .then(|| shortcuts::text_for(ui.ctx(), &action))
        .flatten()
        .unwrap_or_default();
    if ui
        .add(egui::Button::new(label).shortcut_text(keys))
        .clicked()
    {
        out.push(action);
    }
}
