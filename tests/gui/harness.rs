//! Helpers every GUI test uses: let the editor settle after an event, and a per-test
//! scratch folder.

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use std::path::PathBuf;

/// Run frames until egui stops asking for repaints; animations that never settle (a
/// spinner, a timer) get a fixed number of frames instead.
pub fn settle(h: &mut Harness<'static, EditorApp>) {
    if h.try_run().is_err() {
        h.run_steps(8);
    }
}

/// A fresh scratch folder for one test, unique per test name and process.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hexmap-gui-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every text on screen as a person reads it: widget labels and values (plain labels keep
/// their text as the value, a combo box its selected text), status bar included.
pub fn shown_labels(h: &Harness<'static, EditorApp>) -> Vec<String> {
    h.query_all_by(|_| true)
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect()
}
