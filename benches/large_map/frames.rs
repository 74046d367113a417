//! Frame cost at three zooms and the first frame after opening; frames with icons,
//! labels, edge features and roads; the legend's entries.

use super::*;

/// Frame cost with warm caches at "whole map", a middle zoom and one hex ≈ 40 px, and the
/// first frame after a map is opened in a running editor.
pub(super) fn frames(c: &mut Criterion) {
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

/// Frame cost on the 1000 × 1000 map with icons and labels, and with edge features and
/// roads, at whole map, middle and 40 px zooms (warm caches), and the first frame after
/// opening. Results: docs/BENCHMARKS.md, "Annotated frames".
pub(super) fn annotated_frames(c: &mut Criterion) {
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
pub(super) fn legend(c: &mut Criterion) {
    let map = annotated_map();
    c.bench_function("legend_entries/icons_and_labels", |b| {
        b.iter(|| black_box(hexmap::draw::legend::legend_entries(&map)))
    });
    let layout = map.layout().expect("valid hex size");
    c.bench_function("spill_of/icons_and_labels", |b| {
        b.iter(|| black_box(hexmap::draw::spill::Spill::of(&map, &layout)))
    });
}
