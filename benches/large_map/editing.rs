//! Editing a million hexes: a paint stroke, a 500k-hex bucket fill and its undo.

use super::*;

/// A brush stroke across 100 hexes with radius 3, drawn through real pointer events: the
/// frame that applies it (edits, undo record) plus the frame that rebuilds the touched
/// chunks. Undone (untimed) after each sample.
pub(super) fn paint(c: &mut Criterion) {
    let mut g = c.benchmark_group("paint");
    g.sample_size(30).measurement_time(Duration::from_secs(4));
    let (_, map) = maps().swap_remove(0);
    let kind = OffsetKind::OddR;
    let mut ed = Editor::new(map.clone());
    let a = kind.to_hex(OffsetCoord::new(450, 500));
    let b = kind.to_hex(OffsetCoord::new(550, 500));
    let mid = ed
        .app
        .view()
        .doc()
        .layout()
        .hex_to_pixel(kind.to_hex(OffsetCoord::new(500, 500)));
    ed.look_at(mid, ed.radius_for_row_of(100));
    ed.frame(Vec::new());
    eprintln!("stroke zoom: hex radius {:.2} px", ed.radius_px());
    ed.grow_brush_to(3);
    assert_eq!(ed.app.view().prefs().tools.brush_radius, 3, "radius keys");
    let (pa, pb) = (ed.screen_of(a), ed.screen_of(b));
    let stroke_frames = |ed: &mut Editor| {
        let [down_and_move, release] = stroke_events(pa, pb);
        ed.frame(down_and_move);
        ed.frame(release)
    };
    // Check once that the stroke paints what it should and is one undo step.
    let before = ed.app.view().doc().document().history().undo_len();
    stroke_frames(&mut ed);
    assert_eq!(
        ed.app.view().doc().document().history().undo_len(),
        before + 1
    );
    let painted = hex::line(a, b)
        .into_iter()
        .flat_map(|h| hex::range(h, 3))
        .collect::<std::collections::HashSet<_>>();
    let current = ed.app.view().doc().map().palette().terrains()[0].id;
    assert!(
        painted
            .iter()
            .all(|&h| ed.app.view().doc().terrain(h) == Some(current)),
        "the stroke paints every hex within 3 of its line"
    );
    eprintln!(
        "stroke: {} hexes in the line, {} hexes painted, {} chunks rebuilt",
        hex::line(a, b).len(),
        painted.len(),
        ed.app.view().paint_stats().rebuilt
    );
    ed.key(Key::Z, Modifiers::COMMAND);
    ed.frame(Vec::new());
    let base = ed.frame(Vec::new());
    black_box(base);
    // The same stroke in the document alone (101 radius-3 dabs in one undo step).
    let mut doc = Document::new(map.clone());
    let sea = map.palette().terrains()[0].id;
    let line = hex::line(a, b);
    g.bench_function("document_stroke_100_hexes_r3", |bch| {
        bch.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                doc.begin_stroke();
                for &h in &line {
                    doc.apply(&Edit::Cell(CellEdit::Paint {
                        center: h,
                        radius: 3,
                        terrain: Some(sea),
                    }))
                    .expect("paint");
                }
                doc.end_stroke();
                total += t.elapsed();
                doc.undo().expect("undo");
            }
            total
        })
    });
    g.bench_function("idle_frame_at_stroke_zoom", |bch| {
        bch.iter(|| black_box(ed.frame(Vec::new())))
    });
    g.bench_function("stroke_100_hexes_r3_applied_and_redrawn", |bch| {
        bch.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                black_box(stroke_frames(&mut ed));
                total += t.elapsed();
                ed.key(Key::Z, Modifiers::COMMAND);
                ed.frame(Vec::new());
            }
            total
        })
    });
    g.finish();
}

/// A 1000 × 1000 map whose left half (500,000 hexes) is one contiguous grassland region
/// and whose right half is forest.
fn half_and_half() -> HexMap {
    let mut map = terrain::varied_map(1000, 1000, 7);
    let kind = OffsetKind::OddR;
    for row in 0..1000 {
        for col in 0..1000 {
            let t = if col < 500 { 4 } else { 5 };
            map.set_terrain(kind.to_hex(OffsetCoord::new(col, row)), TerrainId::new(t))
                .expect("inside");
        }
    }
    map
}

/// Bucket fill of a 500k-hex region and its undo, in the document (the measure),
/// and the same fill clicked in the editor at whole-map zoom (fill frame + redraw frame).
pub(super) fn fill(c: &mut Criterion) {
    let mut g = c.benchmark_group("fill");
    g.sample_size(20).measurement_time(Duration::from_secs(6));
    let map = half_and_half();
    let start = OffsetKind::OddR.to_hex(OffsetCoord::new(10, 10));
    let hills = TerrainId::new(6);
    let fill = Edit::Cell(CellEdit::Fill {
        start,
        terrain: hills,
    });
    let mut doc = Document::new(map.clone());
    let changed = doc.apply(&fill).expect("fill");
    assert_eq!(changed.cell_count(), 500_000, "the region is 500k hexes");
    doc.undo().expect("undo");
    assert_eq!(doc.map().terrain(start), TerrainId::new(4));
    g.bench_function("document_fill_500k", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                black_box(doc.apply(&fill).expect("fill"));
                total += t.elapsed();
                doc.undo().expect("undo");
            }
            total
        })
    });
    g.bench_function("document_undo_fill_500k", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                doc.apply(&fill).expect("fill");
                let t = Instant::now();
                black_box(doc.undo().expect("undo"));
                total += t.elapsed();
            }
            total
        })
    });

    let mut ed = Editor::new(map);
    ed.key(Key::G, Modifiers::NONE); // the Fill tool
    fill_click_and_undo(
        &mut g,
        &mut ed,
        start,
        ["editor_fill_click_whole_map", "editor_undo_fill_whole_map"],
    );
    g.finish();
}

/// A Fill tool click at `start` in the editor (press: the fill is applied, or on a map of
/// a million cells or more its region is looked for off the frame, the frames after it
/// running until it is in; release: the filled chunks are redrawn) and its Ctrl+Z, each
/// timed over its frames as `names`.
/// Checks first that the click fills `start` with the selected terrain (the palette's
/// first) and that Ctrl+Z undoes it.
pub(super) fn fill_click_and_undo(
    g: &mut BenchmarkGroup<'_, WallTime>,
    ed: &mut Editor,
    start: Hex,
    names: [&str; 2],
) {
    let doc = ed.app.view().doc();
    let filled = doc.map().palette().terrains().first().map(|t| t.id);
    let before = doc.terrain(start);
    let at = ed.screen_of(start);
    let click = move |ed: &mut Editor| {
        let button = |pressed| Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        };
        ed.frame(vec![Event::PointerMoved(at), button(true)]);
        let mut triangles = ed.frame(vec![button(false)]);
        while ed.app.view().long_work().is_some() {
            triangles = ed.frame(Vec::new());
        }
        triangles
    };
    click(ed);
    assert_eq!(
        ed.app.view().doc().terrain(start),
        filled,
        "the click fills"
    );
    ed.key(Key::Z, Modifiers::COMMAND);
    ed.frame(Vec::new());
    assert_eq!(
        ed.app.view().doc().terrain(start),
        before,
        "Ctrl+Z undoes it"
    );
    g.bench_function(names[0], |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                black_box(click(ed));
                total += t.elapsed();
                ed.key(Key::Z, Modifiers::COMMAND);
                ed.frame(Vec::new());
            }
            total
        })
    });
    g.bench_function(names[1], |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                click(ed);
                let t = Instant::now();
                ed.key(Key::Z, Modifiers::COMMAND);
                black_box(ed.frame(Vec::new()));
                total += t.elapsed();
            }
            total
        })
    });
}
