//! Large maps (1,000,000 hexes): the editor's frame cost at three zooms, the first frame
//! after opening, a paint stroke, a 500k-hex bucket fill and its undo, overlays, files,
//! PNG and SVG pictures.
//!
//! Frames run the real `EditorApp::show` on a bare `egui::Context` (no window, no GPU) and
//! then egui's tessellator: what is timed is all CPU work of a frame up to the triangles
//! handed to the GPU. Results: docs/BENCHMARKS.md, "Large maps".
//!
//! `cargo bench --bench large_map` (add `-- frame` etc. to pick groups).

#[path = "../examples/support/headless.rs"]
mod headless;
#[path = "../examples/support/terrain.rs"]
mod terrain;

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui::{Event, Key, Modifiers, PointerButton};
use headless::{Editor, open, stroke_events};
use hexmap::app::open_map::OpenMap;
use hexmap::app::overlays::OverlayState;
use hexmap::hex::{
    self, Direction, Edge, Hex, OffsetCoord, OffsetKind, Orientation, PathLimits, Point,
};
use hexmap::io::format::{WriteOptions, by_name, write_path};
use hexmap::io::{self, Form};
use hexmap::map::{
    BuiltinIcon, Document, EdgeTypeId, Edit, HexMap, Icon, Label, LabelId, MapPath, MapShape,
    MoveCost, PathTypeId, TerrainId,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Hex radius in screen points at the "one hex ≈ 40 px" zoom: 40 px across the flats
/// (the hex's width for pointy maps), where coordinate labels become legible.
const CLOSE_RADIUS_PX: f64 = 23.1;

/// The three maps of the issue.
fn maps() -> Vec<(&'static str, HexMap)> {
    vec![
        ("pointy_1000x1000", terrain::varied_map(1000, 1000, 7)),
        (
            "flat_1000x1000",
            terrain::varied_shape(
                "Varied flat 1000x1000",
                Orientation::Flat,
                MapShape::rectangle(OffsetKind::OddQ, 1000, 1000).expect("shape"),
                7,
            ),
        ),
        (
            "hexagon_r1000",
            terrain::varied_shape(
                "Varied hexagon r1000",
                Orientation::Pointy,
                MapShape::hexagon(1000).expect("shape"),
                7,
            ),
        ),
    ]
}

/// Frame cost with warm caches at "whole map", a middle zoom and one hex ≈ 40 px, and the
/// first frame after a map is opened in a running editor.
fn frames(c: &mut Criterion) {
    let mut g = c.benchmark_group("frame");
    g.sample_size(30).measurement_time(Duration::from_secs(4));
    for (name, map) in maps() {
        let mut ed = Editor::new(map.clone());
        // Coordinate labels on: drawn wherever they are legible (the 40 px zoom).
        ed.app.set_overlays(OverlayState {
            labels: true,
            ..Default::default()
        });
        let fit = *ed.app.view().camera();
        let fit_px = ed.radius_px();
        let middle_px = (fit_px * CLOSE_RADIUS_PX).sqrt();
        for (zoom, radius_px) in [
            ("whole_map", None),
            ("middle", Some(middle_px)),
            ("hex_40px", Some(CLOSE_RADIUS_PX)),
        ] {
            match radius_px {
                None => ed.app.set_camera(fit),
                Some(px) => ed.look_at(fit.centre, px),
            }
            // Warm the chunk cache, then report what a frame draws.
            let triangles = (0..3).map(|_| ed.frame(Vec::new())).last().unwrap_or(0);
            let stats = ed.app.view().paint_stats();
            eprintln!(
                "{name} {zoom}: hex radius {:.2} px, {} chunks drawn, {} vertices, {triangles} \
                 triangles after tessellation",
                ed.radius_px(),
                stats.drawn,
                stats.vertices
            );
            g.bench_function(format!("{name}/{zoom}"), |b| {
                b.iter(|| black_box(ed.frame(Vec::new())))
            });
        }

        // The first frame after opening the map (egui itself already warm).
        g.bench_function(format!("{name}/first_frame_after_open"), |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    ed.app = open(map.clone());
                    let t = Instant::now();
                    black_box(ed.frame(Vec::new()));
                    total += t.elapsed();
                }
                total
            })
        });
    }
    g.finish();
}

/// A brush stroke across 100 hexes with radius 3, drawn through real pointer events: the
/// frame that applies it (edits, undo record) plus the frame that rebuilds the touched
/// chunks. Undone (untimed) after each sample.
fn paint(c: &mut Criterion) {
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
                    doc.apply(&Edit::Paint {
                        center: h,
                        radius: 3,
                        terrain: Some(sea),
                    })
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
fn fill(c: &mut Criterion) {
    let mut g = c.benchmark_group("fill");
    g.sample_size(20).measurement_time(Duration::from_secs(6));
    let map = half_and_half();
    let start = OffsetKind::OddR.to_hex(OffsetCoord::new(10, 10));
    let hills = TerrainId::new(6);
    let fill = Edit::Fill {
        start,
        terrain: hills,
    };
    let mut doc = Document::new(map.clone());
    let changed = doc.apply(&fill).expect("fill");
    assert_eq!(changed.hexes.len(), 500_000, "the region is 500k hexes");
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
    let at = ed.screen_of(start);
    // Press (the fill is applied), then release (the filled chunks are redrawn).
    let click = move |ed: &mut Editor| {
        let button = |pressed| Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        };
        ed.frame(vec![Event::PointerMoved(at), button(true)]);
        ed.frame(vec![button(false)])
    };
    click(&mut ed);
    assert_eq!(
        ed.app.view().doc().terrain(start),
        ed.app
            .view()
            .doc()
            .map()
            .palette()
            .terrains()
            .first()
            .map(|t| t.id)
    );
    ed.key(Key::Z, Modifiers::COMMAND);
    ed.frame(Vec::new());
    assert_eq!(ed.app.view().doc().terrain(start), TerrainId::new(4));
    g.bench_function("editor_fill_click_whole_map", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                black_box(click(&mut ed));
                total += t.elapsed();
                ed.key(Key::Z, Modifiers::COMMAND);
                ed.frame(Vec::new());
            }
            total
        })
    });
    g.bench_function("editor_undo_fill_whole_map", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                click(&mut ed);
                let t = Instant::now();
                ed.key(Key::Z, Modifiers::COMMAND);
                black_box(ed.frame(Vec::new()));
                total += t.elapsed();
            }
            total
        })
    });
    g.finish();
}

/// Passable for the overlays' movement rules (not impassable terrain).
fn passable(map: &HexMap, h: Hex) -> bool {
    map.terrain(h)
        .and_then(|t| map.palette().get(t))
        .is_some_and(|t| t.cost != MoveCost::Impassable)
}

/// Overlays on the 1000 × 1000 map: computing range 50, A* across ~1000 hexes, movement
/// range with budget 100, field of view radius 50; and a frame drawing all four.
fn overlays(c: &mut Criterion) {
    let mut g = c.benchmark_group("overlays");
    g.sample_size(20).measurement_time(Duration::from_secs(4));
    let (_, map) = maps().swap_remove(0);
    let kind = OffsetKind::OddR;
    // A* endpoints: the first and last passable hexes of a row, ≥ 900 apart and connected.
    let mut ends = None;
    'rows: for row in (100..900).step_by(37) {
        let Some(a) = (0..100)
            .map(|c| kind.to_hex(OffsetCoord::new(c, row)))
            .find(|&h| passable(&map, h))
        else {
            continue;
        };
        for c in (900..1000).rev() {
            let b = kind.to_hex(OffsetCoord::new(c, row));
            if !passable(&map, b) {
                continue;
            }
            let cost = |h| map.entry_cost(h);
            if hex::a_star(a, b, map.min_step(), &PathLimits::default(), cost).is_ok() {
                ends = Some((a, b));
                break 'rows;
            }
        }
    }
    let (anchor, target) = ends.expect("a connected pair ≥ 900 hexes apart");
    eprintln!(
        "A* from offset {:?} to {:?}",
        kind.from_hex(anchor),
        kind.from_hex(target)
    );
    let centre = kind.to_hex(OffsetCoord::new(500, 500));
    // The field of view needs an open place to look from: the hex nearest the centre
    // that sees at least a third of its radius-50 disc (most land here is forest).
    let blocks = |h: Hex| map.blocks_sight(h);
    let lookout = (0..300)
        .flat_map(|r| hex::ring(centre, r).collect::<Vec<_>>())
        .step_by(7)
        .find(|&h| !blocks(h) && hex::field_of_view(h, 50, blocks).len() > 7651 / 3)
        .expect("an open lookout");
    let doc = OpenMap::from_map(map.clone());
    let cases: [(&str, OverlayState, Option<Hex>); 4] = [
        (
            "range_50",
            OverlayState {
                range: true,
                range_n: 50,
                ..Default::default()
            },
            Some(centre),
        ),
        (
            "a_star_across_1000",
            OverlayState {
                path: true,
                anchor: Some(anchor),
                target: Some(target),
                ..Default::default()
            },
            None,
        ),
        (
            "movement_budget_100",
            OverlayState {
                movement: true,
                budget: 100,
                ..Default::default()
            },
            Some(centre),
        ),
        (
            "fov_50",
            OverlayState {
                fov: true,
                fov_radius: 50,
                ..Default::default()
            },
            Some(lookout),
        ),
    ];
    for (name, state, hovered) in &cases {
        let r = state.compute(&doc, *hovered);
        let hexes: usize = r.sets.iter().map(|(_, v)| v.len()).sum();
        eprintln!(
            "{name}: {hexes} hexes marked{}",
            match &r.path_cost {
                Some(Ok(cost)) => format!(
                    ", path cost {cost}, {} steps, distance {}",
                    r.path.len() - 1,
                    anchor.distance(target)
                ),
                Some(Err(e)) => format!(", no path: {e}"),
                None => String::new(),
            }
        );
        assert!(hexes > 0, "{name} marks something");
        g.bench_function(format!("compute/{name}"), |b| {
            b.iter(|| black_box(state.compute(&doc, black_box(*hovered))))
        });
    }

    // All four drawn at once at the middle zoom: with the pointer still (cached) and with
    // the pointer moving one hex per frame (recomputed every frame).
    let mut ed = Editor::new(map);
    let middle = (ed.radius_px() * CLOSE_RADIUS_PX).sqrt();
    let world = ed.app.view().doc().layout().hex_to_pixel(centre);
    // Range 50 (101 hexes across) fits in the canvas at this zoom.
    let whole_range_px = f64::from(ed.app.view().canvas_rect().height()) * 0.9 / (101.0 * 1.5);
    ed.look_at(world, middle.min(whole_range_px));
    ed.app.set_overlays(OverlayState {
        range: true,
        range_n: 50,
        path: true,
        movement: true,
        budget: 100,
        fov: true,
        fov_radius: 50,
        anchor: Some(anchor),
        target: Some(target),
        ..Default::default()
    });
    let here = ed.screen_of(centre);
    ed.frame(vec![Event::PointerMoved(here)]);
    g.bench_function("frame_all_four_pointer_still", |b| {
        b.iter(|| black_box(ed.frame(Vec::new())))
    });
    let mut step = 0;
    g.bench_function("frame_all_four_pointer_moving", |b| {
        b.iter(|| {
            step = (step + 1) % 20;
            let h = centre + Hex::new(step - 10, 0);
            let p = ed.screen_of(h);
            black_box(ed.frame(vec![Event::PointerMoved(p)]))
        })
    });
    g.finish();
}

/// Open and save in each form, and export TMX, for the three maps.
fn files(c: &mut Criterion) {
    let mut g = c.benchmark_group("files");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, map) in maps() {
        for form in [Form::Offset, Form::Cube] {
            let path = dir.path().join(format!("{name}-{form}.ron"));
            io::save(&path, &map, form).expect("save");
            g.bench_function(format!("{name}/open_{form}"), |b| {
                b.iter(|| black_box(io::load(&path).expect("load")))
            });
            g.bench_function(format!("{name}/save_{form}"), |b| {
                b.iter(|| io::save(&path, black_box(&map), form).expect("save"))
            });
        }
        let tmx = dir.path().join(format!("{name}.tmx"));
        g.bench_function(format!("{name}/export_tmx"), |b| {
            b.iter(|| {
                write_path(
                    black_box(&map),
                    by_name("tmx").expect("registered"),
                    &WriteOptions::default(),
                    &tmx,
                    &mut |_| {},
                )
                .expect("export")
            })
        });
    }
    g.finish();
}

/// PNG and SVG export of the 1000 × 1000 map with the default options (24 px hexes,
/// grid and mines; the PNG shrunk to fit the 16,384-pixel side limit).
fn pictures(c: &mut Criterion) {
    let mut g = c.benchmark_group("pictures");
    g.sample_size(10).measurement_time(Duration::from_secs(20));
    let dir = tempfile::tempdir().expect("temp dir");
    let map = terrain::varied_map(1000, 1000, 7);
    for name in ["png", "svg"] {
        let format = by_name(name).expect("a picture format");
        let path = dir.path().join(format!("pointy_1000x1000.{name}"));
        g.bench_function(format!("pointy_1000x1000/export_{name}"), |b| {
            b.iter(|| {
                write_path(
                    black_box(&map),
                    format,
                    &WriteOptions::default(),
                    &path,
                    &mut |_| {},
                )
                .expect("export")
            })
        });
    }
    g.finish();
}

/// A small deterministic generator (xorshift), so every run places the same content.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The 1000 × 1000 map with 10,000 icons (one to three per hex on random hexes, every
/// fourth with a caption) and 500 place-name labels (0.5 to 12 hexes high, some
/// rotated) at random places (issue 15).
fn annotated_map() -> HexMap {
    let mut map = terrain::varied_map(1000, 1000, 7);
    let kind = OffsetKind::OddR;
    let mut rng = Rng(0x1c0_5eed_0000_0015);
    let mut placed = 0;
    while placed < 10_000 {
        let hex = kind.to_hex(OffsetCoord::new(
            rng.below(1000) as i32,
            rng.below(1000) as i32,
        ));
        if !map.icons_at(hex).is_empty() {
            continue;
        }
        let n = (1 + rng.below(3) as usize).min(10_000 - placed);
        let icons = (0..n)
            .map(|i| {
                let kinds = BuiltinIcon::ALL;
                let mut icon = Icon::builtin(kinds[rng.below(kinds.len() as u64) as usize]);
                if (placed + i) % 4 == 0 {
                    icon.caption = Some(format!("Place {}", placed + i));
                }
                icon
            })
            .collect();
        map.set_icons(hex, icons).expect("valid icons");
        placed += n;
    }
    // The world extent of the pointy odd-r rectangle.
    let size = map.properties().hex_size;
    let (w, h) = (1000.0 * 3f64.sqrt() * size.x, 1000.0 * 1.5 * size.y);
    for i in 0..500u32 {
        let at = Point::new(
            rng.below(1000) as f64 / 1000.0 * w,
            rng.below(1000) as f64 / 1000.0 * h,
        );
        let mut label = Label::new(format!("Region {i}"), at);
        label.size = [0.5, 1.0, 2.0, 4.0, 12.0][rng.below(5) as usize];
        label.rotation = [0.0, 0.0, -15.0, 30.0][rng.below(4) as usize];
        label.bold = i % 3 == 0;
        map.add_label(LabelId(i), label).expect("valid label");
    }
    map
}

/// The 1000 × 1000 map with 10,000 edge features of the five standard types at random
/// sides and a road along every 50th row and column (issue 14).
fn featured_map() -> HexMap {
    let mut map = terrain::varied_map(1000, 1000, 7);
    let kind = OffsetKind::OddR;
    let mut rng = Rng(0x0ed9_e5ee_d000_0014);
    let mut placed = 0;
    while placed < 10_000 {
        let hex = kind.to_hex(OffsetCoord::new(
            rng.below(1000) as i32,
            rng.below(1000) as i32,
        ));
        let edge = Edge::new(hex, Direction::from_index(rng.below(6) as usize));
        let id = EdgeTypeId::new(rng.below(5) as u16 + 1);
        if map.edge(edge).is_none() && map.set_edge(edge, id).is_ok() {
            placed += 1;
        }
    }
    let road = PathTypeId::new(1).expect("the standard road");
    for line in (0..1000).step_by(50) {
        let row: Vec<Hex> = (0..1000)
            .map(|c| kind.to_hex(OffsetCoord::new(c, line)))
            .collect();
        // Columns of odd-r cells zigzag: consecutive cells are joined by a hex line.
        let mut column = vec![kind.to_hex(OffsetCoord::new(line, 0))];
        for r in 1..1000 {
            let next = kind.to_hex(OffsetCoord::new(line, r));
            let last = *column.last().expect("non-empty");
            column.extend(hex::line(last, next).into_iter().skip(1));
        }
        for hexes in [row, column] {
            let id = map.paths().next_id();
            map.insert_path(MapPath {
                gm_only: false,
                id,
                kind: road,
                hexes,
            })
            .expect("a road of neighbouring cells");
        }
    }
    map
}

/// Frame cost on the 1000 × 1000 map with icons and labels, and with edge features and
/// roads, at whole map, middle and 40 px zooms (warm caches), and the first frame after
/// opening. Results: docs/BENCHMARKS.md, "Annotated frames".
fn annotated_frames(c: &mut Criterion) {
    let mut g = c.benchmark_group("annotated_frame");
    g.sample_size(20).measurement_time(Duration::from_secs(3));
    for (name, map) in [
        ("icons_and_labels", annotated_map()),
        ("edges_and_roads", featured_map()),
    ] {
        let mut ed = Editor::new(map.clone());
        let fit = *ed.app.view().camera();
        let fit_px = ed.radius_px();
        let middle_px = (fit_px * CLOSE_RADIUS_PX).sqrt();
        for (zoom, radius_px) in [
            ("whole_map", None),
            ("middle", Some(middle_px)),
            ("hex_40px", Some(CLOSE_RADIUS_PX)),
        ] {
            match radius_px {
                None => ed.app.set_camera(fit),
                Some(px) => ed.look_at(fit.centre, px),
            }
            let triangles = (0..3).map(|_| ed.frame(Vec::new())).last().unwrap_or(0);
            let stats = ed.app.view().paint_stats();
            eprintln!(
                "{name} {zoom}: hex radius {:.2} px, {} chunks drawn, {} vertices, {} chunk \
                 texts, {} labels, {triangles} triangles",
                ed.radius_px(),
                stats.drawn,
                stats.vertices,
                stats.texts,
                stats.free_texts
            );
            g.bench_function(format!("{name}/{zoom}"), |b| {
                b.iter(|| black_box(ed.frame(Vec::new())))
            });
        }
        for (zoom, radius_px) in [("whole_map", None), ("hex_40px", Some(CLOSE_RADIUS_PX))] {
            g.bench_function(format!("{name}/first_frame_{zoom}"), |b| {
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        ed.app = open(map.clone());
                        match radius_px {
                            None => ed.app.set_camera(fit),
                            Some(px) => ed.look_at(fit.centre, px),
                        }
                        let t = Instant::now();
                        black_box(ed.frame(Vec::new()));
                        total += t.elapsed();
                    }
                    total
                })
            });
        }
    }
    g.finish();
}

/// The legend's entries of the 1000 × 1000 map with 10,000 icons: what the editor's
/// legend works out again after each edit while it is shown.
fn legend(c: &mut Criterion) {
    let map = annotated_map();
    c.bench_function("legend_entries/icons_and_labels", |b| {
        b.iter(|| black_box(hexmap::draw::legend::legend_entries(&map)))
    });
    let layout = map.layout().expect("valid hex size");
    c.bench_function("spill_of/icons_and_labels", |b| {
        b.iter(|| black_box(hexmap::draw::spill::Spill::of(&map, &layout)))
    });
}

criterion_group!(
    benches,
    frames,
    annotated_frames,
    legend,
    paint,
    fill,
    overlays,
    files,
    pictures
);
criterion_main!(benches);
