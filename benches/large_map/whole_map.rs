//! Whole-map work on ten million hexes as a user meets it: the map `hexmap new --shape
//! rect:3163x3163` makes (10,004,569 empty cells) opened from its file in a running editor,
//! one Fill click that covers all of it at whole-map zoom, and Ctrl+Z. For each action the
//! frames are run until the whole map is drawn again (no texel block pending, no work
//! running), and two figures are printed: the longest frame, and the time from the input
//! until the whole map is drawn. Medians over several runs of each action.
//!
//! `cargo bench --bench large_map -- huge_whole`. Results: docs/BENCHMARKS.md, "Whole-map
//! work at ten million hexes".

use super::*;
use hexmap::app::Action;
use hexmap::app::open_map::NewMapSpec;
use hexmap::map::ShapeSpec;

/// Runs of each action (medians are taken over them).
const RUNS: usize = 7;

/// Most frames an action may take before the bench gives up on it (a hang, not a figure).
const MOST_FRAMES: usize = 5_000;

/// What one run of an action measured.
#[derive(Clone, Copy, Debug)]
struct Run {
    /// The longest frame (the editor's pass plus tessellation).
    longest: Duration,
    /// From the first frame of the action to the end of the first frame that ended with
    /// the action done (the map changed or opened).
    until_done: Duration,
    /// From the first frame of the action to the end of the frame that drew the whole map.
    until_drawn: Duration,
    /// Frames until then.
    frames: usize,
    /// Texels of the textures built until then (each uploaded to the GPU, 4 bytes).
    texels: usize,
}

/// True when nothing is left to draw or to work out: every texel block on view is built
/// and no long work (a fill, an open) is running.
fn settled(ed: &Editor) -> bool {
    let view = ed.app.view();
    view.paint_stats().pending == 0 && view.long_work().is_none()
}

/// Run `first` (the frame with the action's input), then empty frames until a frame that
/// began with the action `done` ends [`settled`] (so its paint saw the change); time each.
fn run_until_drawn(ed: &mut Editor, first: Vec<Event>, done: &dyn Fn(&Editor) -> bool) -> Run {
    let start = Instant::now();
    let mut longest = Duration::ZERO;
    let mut until_done = None;
    let mut texels = 0;
    let mut events = first;
    for frames in 1..=MOST_FRAMES {
        let done_before = done(ed);
        let t = Instant::now();
        black_box(ed.frame(std::mem::take(&mut events)));
        longest = longest.max(t.elapsed());
        texels += ed.app.view().paint_stats().texels;
        if done(ed) {
            until_done.get_or_insert_with(|| start.elapsed());
        }
        if done_before && settled(ed) {
            return Run {
                longest,
                until_done: until_done.unwrap_or_default(),
                until_drawn: start.elapsed(),
                frames,
                texels,
            };
        }
    }
    panic!("the action did not finish within {MOST_FRAMES} frames");
}

/// Median of `f` over the runs, in milliseconds.
fn median_ms(runs: &[Run], f: fn(&Run) -> Duration) -> f64 {
    let mut v: Vec<f64> = runs.iter().map(|r| f(r).as_secs_f64() * 1e3).collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Print the medians (and ranges) of one action's runs.
fn report(name: &str, runs: &[Run]) {
    let range = |f: fn(&Run) -> Duration| {
        let ms = |r: &Run| f(r).as_secs_f64() * 1e3;
        let lo = runs.iter().map(ms).fold(f64::MAX, f64::min);
        let hi = runs.iter().map(ms).fold(0.0, f64::max);
        format!("{:.1} ms ({lo:.1}–{hi:.1})", median_ms(runs, f))
    };
    let mut frames: Vec<usize> = runs.iter().map(|r| r.frames).collect();
    frames.sort_unstable();
    let mut texels: Vec<usize> = runs.iter().map(|r| r.texels).collect();
    texels.sort_unstable();
    eprintln!(
        "whole map {name}: longest frame {}, done after {}, whole map drawn after {}, {} \
         frames, {:.1} MB of textures built (median of {})",
        range(|r| r.longest),
        range(|r| r.until_done),
        range(|r| r.until_drawn),
        frames[frames.len() / 2],
        texels[texels.len() / 2] as f64 * 4.0 / 1e6,
        runs.len()
    );
}

/// Open, fill and undo on the ten-million-hex map of `hexmap new`, each run [`RUNS`]
/// times; prints the longest frame and the time until the whole map is drawn.
pub(super) fn huge_whole_map(_c: &mut Criterion) {
    if !huge::wanted("huge_whole") {
        return;
    }
    let spec = NewMapSpec {
        name: "big".into(),
        shape: ShapeSpec::rect(3163, 3163),
        hex_size: (1.0, 1.0),
        ..NewMapSpec::default()
    };
    let map = spec.to_map().expect("a 3163 × 3163 map");
    assert_eq!(map.cell_count(), 10_004_569);
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.ron");
    io::save(&path, &map, Form::Offset).expect("save");
    drop(map);

    // Open: the small default map is showing; File → Open of the 10M file.
    let mut ed = Editor::new(NewMapSpec::default().to_map().expect("default map"));
    let mut opens = Vec::new();
    for _ in 0..RUNS {
        ed.app = open(NewMapSpec::default().to_map().expect("default map"));
        ed.frame(Vec::new());
        ed.app.push(Action::Open(path.clone()));
        let opened = |ed: &Editor| ed.app.view().doc().map().cell_count() == 10_004_569;
        opens.push(run_until_drawn(&mut ed, Vec::new(), &opened));
    }
    report("open (File → Open of the 10 MB offset-form file)", &opens);

    // Fill at whole-map zoom with the palette's first terrain, then Ctrl+Z.
    ed.key(Key::G, Modifiers::NONE);
    let centre = ed.app.view().canvas_rect().center();
    let kind = OffsetKind::OddR;
    let middle = kind.to_hex(OffsetCoord::new(1581, 1581));
    let first = ed.app.view().doc().map().palette().terrains()[0].id;
    let button = |pressed| Event::PointerButton {
        pos: centre,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    let (mut fills, mut undos) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let filled = move |ed: &Editor| ed.app.view().doc().terrain(middle) == Some(first);
        let click = vec![Event::PointerMoved(centre), button(true), button(false)];
        fills.push(run_until_drawn(&mut ed, click, &filled));
        let empty = |ed: &Editor| ed.app.view().doc().terrain(middle).is_none();
        let ctrl_z = |pressed| Event::Key {
            key: Key::Z,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::COMMAND,
        };
        undos.push(run_until_drawn(
            &mut ed,
            vec![ctrl_z(true), ctrl_z(false)],
            &empty,
        ));
    }
    report("fill (one click, 10,004,569 hexes)", &fills);
    report("undo of that fill (Ctrl+Z)", &undos);
}
