//! Fog of war on the 1000 × 1000 map: one reveal by sight of radius 20 (the
//! map's field of view, as the Fog tool's "by sight" and a party move do) and the redraw
//! of the cells it changed, then its undo; the player filter cutting the whole map (what
//! the player window does when it opens, or after a change of palette or shape); and the
//! player map brought up to date after that reveal (what it does after each other edit).
//!
//! `cargo bench --no-default-features --bench fog` (not run in this session; the issue's
//! target is ≤ 4 ms per frame for the reveal and redraw).

#[path = "../examples/support/terrain.rs"]
mod terrain;

use criterion::{Criterion, criterion_group, criterion_main};
use hexmap::draw::player::{PlayerView, player_map, update_player_map};
use hexmap::draw::{Layers, MapScene, Recording, Region, Scene, Style};
use hexmap::hex::{OffsetCoord, OffsetKind};
use hexmap::map::{Document, Edit, FogEdit};
use std::hint::black_box;

fn fog(c: &mut Criterion) {
    let map = terrain::varied_map(1000, 1000, 7);
    let layout = map.layout().expect("valid hex size");
    let mut doc = Document::new(map);
    doc.apply(&Edit::Fog(FogEdit::RevealAll(false)))
        .expect("hide all");
    let from = OffsetKind::OddR.to_hex(OffsetCoord::new(500, 500));
    let style = Style::editor(Layers::editor());
    let mut g = c.benchmark_group("fog");
    g.bench_function("reveal_by_sight_20_redraw_and_undo", |b| {
        b.iter(|| {
            let changed = doc
                .apply(&Edit::Fog(FogEdit::RevealSight { from, radius: 20 }))
                .expect("a cell of the map");
            let scene = MapScene::whole(doc.map(), layout, &style);
            let mut rec = Recording::default();
            scene.draw(&Region::Cells(&changed.hexes), 2.0, &mut rec);
            black_box(rec.items.len());
            doc.undo();
        });
    });
    g.sample_size(10);
    g.bench_function("player_map_1000x1000", |b| {
        b.iter(|| black_box(player_map(doc.map(), &PlayerView::default()).cell_count()));
    });
    // Reveal by sight and undo, each followed by the player map's update: two edits.
    let view = PlayerView::default();
    let mut players = player_map(doc.map(), &view);
    g.sample_size(100);
    g.bench_function("reveal_by_sight_20_then_undo_player_map_updates", |b| {
        b.iter(|| {
            let changed = doc
                .apply(&Edit::Fog(FogEdit::RevealSight { from, radius: 20 }))
                .expect("a cell of the map");
            assert!(update_player_map(
                &mut players,
                doc.map(),
                &view,
                &changed.hexes
            ));
            let changed = doc.undo().expect("the reveal to undo");
            assert!(update_player_map(
                &mut players,
                doc.map(),
                &view,
                &changed.hexes
            ));
            black_box(players.hidden_count());
        });
    });
    g.finish();
}

criterion_group!(benches, fog);
criterion_main!(benches);
