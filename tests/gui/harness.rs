//! Helpers every GUI test uses: let the editor settle after an event, and a per-test
//! scratch folder.

use eframe::egui::{Color32, Event, Modifiers, PointerButton, Pos2, Rect, Shape, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::FakeDialogs;
use hexmap::app::open_map::{NewMapSpec, OpenMap};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The editor on `doc` in a window of `size` points, fake file dialogs, one frame run.
pub fn editor_on(doc: OpenMap, size: Vec2) -> Harness<'static, EditorApp> {
    let mut h = Harness::builder()
        .with_size(size)
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(FakeDialogs::default())));
    crate::harness::settle(&mut h);
    h
}

/// The editor on a new default map (24 × 16 pointy hexes), 1280 × 800.
pub fn editor() -> Harness<'static, EditorApp> {
    let doc = OpenMap::new_map(&NewMapSpec::default()).expect("default spec is valid");
    editor_on(doc, Vec2::new(1280.0, 800.0))
}

/// A click of the primary button at `p`: hover, press and release in frames of their own.
pub fn click_at(h: &mut Harness<'static, EditorApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(h);
}

/// Every text painted in the last frame, as shown (an ellipsis of a cut text included),
/// with its box on screen.
pub fn painted_texts(h: &Harness<'static, EditorApp>) -> Vec<(String, Rect)> {
    fn collect(shape: &Shape, out: &mut Vec<(String, Rect)>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            Shape::Text(t) => {
                let shown: String = t
                    .galley
                    .rows
                    .iter()
                    .flat_map(|r| r.glyphs.iter().map(|g| g.chr))
                    .collect();
                out.push((shown, t.visual_bounding_rect()));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// Run frames until egui stops asking for repaints; animations that never settle (a
/// spinner, a timer) get a fixed number of frames instead. Images being loaded and long
/// work on the map (a huge fill, a large file read) run off the UI pass and are waited for
/// (up to a minute: a debug build on a loaded 2-core machine is slow; here they end in
/// tens of milliseconds), as a person waits for the spinner to go.
pub fn settle(h: &mut Harness<'static, EditorApp>) {
    if h.try_run().is_err() {
        h.run_steps(8);
    }
    let busy = |h: &Harness<'static, EditorApp>| {
        let view = h.state().view();
        view.images_loading() || view.long_work().is_some()
    };
    if !busy(h) {
        return;
    }
    run_until(h, Duration::from_secs(60), |h| !busy(h));
    if h.try_run().is_err() {
        h.run_steps(8);
    }
}

/// Run frames, a few milliseconds apart as a person watching the screen sees them, until
/// `done` holds or `timeout` has passed; whether it holds. Waits on what the app shows or
/// keeps (a file written, a job ended, a label on screen), never on a count of frames.
pub fn run_until(
    h: &mut Harness<'static, EditorApp>,
    timeout: Duration,
    mut done: impl FnMut(&Harness<'static, EditorApp>) -> bool,
) -> bool {
    let end = Instant::now() + timeout;
    loop {
        if done(h) {
            return true;
        }
        if Instant::now() >= end {
            return false;
        }
        std::thread::sleep(Duration::from_millis(10));
        h.run_steps(1);
    }
}

/// [`run_until`] that fails the test, naming `what` it waited for, when `done` does not
/// hold within `timeout`; frames are then run until the app settles.
pub fn wait_until(
    h: &mut Harness<'static, EditorApp>,
    timeout: Duration,
    what: &str,
    done: impl FnMut(&Harness<'static, EditorApp>) -> bool,
) {
    assert!(run_until(h, timeout, done), "waited {timeout:?} for {what}");
    settle(h);
}

/// The text the last frame put on the system clipboard, if any.
pub fn copied_text(h: &Harness<'static, EditorApp>) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            eframe::egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
}

/// A fresh scratch folder for one test, unique per test name and process. The first call
/// in a process removes the folders earlier runs left (those of processes no longer
/// running), so they do not pile up in the temporary folder.
pub fn temp_dir(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(sweep_old_scratch);
    let dir = std::env::temp_dir().join(format!("hexmap-gui-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Remove the scratch folders ([`temp_dir`]) of test processes that have ended: their
/// names end in the process id, and a running process has a folder in `/proc` (where
/// there is no `/proc`, nothing is removed).
fn sweep_old_scratch() {
    let proc_fs = std::path::Path::new("/proc/self");
    if !proc_fs.exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("hexmap-gui-")
            .and_then(|rest| rest.rsplit('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
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

/// Every shape drawn in the last frame inside `rect`, nested lists flattened.
pub fn shapes_in(h: &Harness<'static, EditorApp>, rect: Rect) -> Vec<Shape> {
    fn collect(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(v) => v.iter().for_each(|s| collect(s, out)),
            s => out.push(s.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        if rect.contains_rect(clipped.clip_rect) {
            collect(&clipped.shape, &mut out);
        }
    }
    out
}

/// The colour of the last filled triangle (of the meshes in `shapes`) that holds `p`.
pub fn colour_at(shapes: &[Shape], p: Pos2) -> Option<Color32> {
    let inside = |a: Pos2, b: Pos2, c: Pos2| {
        let s = |p1: Pos2, p2: Pos2| (p.x - p2.x) * (p1.y - p2.y) - (p1.x - p2.x) * (p.y - p2.y);
        let (d1, d2, d3) = (s(a, b), s(b, c), s(c, a));
        !((d1 < 0.0 || d2 < 0.0 || d3 < 0.0) && (d1 > 0.0 || d2 > 0.0 || d3 > 0.0))
    };
    let mut found = None;
    for s in shapes {
        if let Shape::Mesh(m) = s {
            for t in m.indices.chunks(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| m.vertices[i as usize]);
                if inside(a.pos, b.pos, c.pos) {
                    found = Some(a.color);
                }
            }
        }
    }
    found
}

/// Run frames as eframe does, from `events` all arriving at once (one frame's input):
/// each frame's input goes through the app's `raw_input_hook` before egui reads it, and
/// frames go on while the app keeps input waiting for the next one.
pub fn frames_as_eframe(h: &mut Harness<'static, EditorApp>, events: Vec<eframe::egui::Event>) {
    use eframe::App as _;
    h.input_mut().events.extend(events);
    for _ in 0..20 {
        let ctx = h.ctx.clone();
        let mut input = h.input_mut().clone();
        h.state_mut().raw_input_hook(&ctx, &mut input);
        *h.input_mut() = input;
        h.step();
        if !h.state().view().input_waiting() {
            break;
        }
    }
    settle(h);
}

/// File → Export…, pick `format`, confirm, and wait for the worker to finish.
pub fn export_via_menu(
    h: &mut Harness<'static, EditorApp>,
    format: &dyn hexmap::io::format::Format,
) {
    h.get_by_label("File").click();
    settle(h);
    h.get_by_label("Export…").click();
    settle(h);
    h.get_by_label(format.description()).click();
    settle(h);
    h.get_by_label("Choose file and export…").click();
    settle(h);
    wait_for_export(h);
}

/// Wait (up to 30 s, as a person watches the progress bar) for the export job to finish,
/// which it must do without an error.
pub fn wait_for_export(h: &mut Harness<'static, EditorApp>) {
    wait_until(h, Duration::from_secs(30), "the export to finish", |h| {
        h.state().view().export_job().is_none()
    });
    assert!(
        h.state().view().error().is_none(),
        "{:?}",
        h.state().view().error()
    );
}

/// A click at `p` with `mods` held, as a person holds a key (Alt, Shift, Ctrl) and clicks,
/// then lets the key go.
pub fn click_with(h: &mut Harness<'static, EditorApp>, p: Pos2, mods: Modifiers) {
    h.hover_at(p);
    h.run();
    h.event(Event::ModifiersChanged(mods));
    h.run();
    let button = |pressed| Event::PointerButton {
        pos: p,
        button: PointerButton::Primary,
        pressed,
        modifiers: mods,
    };
    h.event(button(true));
    h.run();
    h.event(button(false));
    h.run();
    h.event(Event::ModifiersChanged(Modifiers::NONE));
    settle(h);
}

/// A click at `p` as a person makes it: the pointer there, pressed, released.
pub fn click(h: &mut Harness<'static, EditorApp>, p: Pos2) {
    h.hover_at(p);
    h.run();
    h.drag_at(p);
    h.run();
    h.drop_at(p);
    settle(h);
}

/// A click on the centre of `hex` on the canvas.
pub fn click_hex(h: &mut Harness<'static, EditorApp>, hex: hexmap::hex::Hex) {
    let p = h.state().view().hex_to_screen(hex);
    click(h, p);
}

/// A drag from `from` to `to` in four steps.
pub fn drag(h: &mut Harness<'static, EditorApp>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for t in [0.25, 0.5, 0.75, 1.0] {
        h.hover_at(from + (to - from) * t);
        h.run();
    }
    h.drop_at(to);
    settle(h);
}

/// Ctrl+Z.
pub fn undo(h: &mut Harness<'static, EditorApp>) {
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, eframe::egui::Key::Z);
    settle(h);
}

/// Ctrl+C then Ctrl+V as the desktop sends them: the copy's text on the system clipboard,
/// handed back as the paste.
pub fn copy_then_paste(h: &mut Harness<'static, EditorApp>) {
    use eframe::egui::Event;
    h.event(Event::Copy);
    h.step();
    let copied = copied_text(h).expect("text on the system clipboard");
    settle(h);
    h.event(Event::Paste(copied));
    settle(h);
}
