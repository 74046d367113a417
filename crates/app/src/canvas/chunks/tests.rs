//! The chunk cache with real scenes: culling, dirty chunks, budgets, zoom buckets, play.

use super::*;
use eframe::egui::{Context, LayerId, Pos2, Vec2};
use hexmap_draw::{GameScene, GameStyle, Layers, MapScene, Style};
use hexmap_map::testing::TestMap;
use hexmap_map::{HexMap, TerrainId};
use hexmap_mines::{Board, MineLayout, PlayState};

/// A `w` × `h` odd-r pointy map of grass, hex radius 10.
fn grass(w: u32, h: u32) -> HexMap {
    let mut m = TestMap::rectangle(OffsetKind::OddR, w, h)
        .named("grass")
        .hex_size(10.0)
        .build();
    for hex in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(hex, TerrainId::new(2)).unwrap();
    }
    m
}

/// A painter on a context that has run once (so it has fonts for chunk texts).
fn painter() -> Painter {
    let ctx = Context::default();
    let mut out = ctx.run_pass(eframe::egui::RawInput::default(), |_| {});
    out.textures_delta.clear();
    Painter::new(ctx, LayerId::background(), Rect::EVERYTHING)
}

fn view(w: f32, h: f32) -> Rect {
    Rect::from_min_size(Pos2::ZERO, Vec2::new(w, h))
}

#[test]
fn chunk_keys_cover_offset_blocks() {
    assert_eq!(chunk_of(Orientation::Pointy, Hex::ORIGIN), (0, 0));
    let h = OffsetKind::OddR.to_hex(OffsetCoord::new(33, 31));
    assert_eq!(chunk_of(Orientation::Pointy, h), (1, 0));
    let h = OffsetKind::OddQ.to_hex(OffsetCoord::new(-1, 64));
    assert_eq!(chunk_of(Orientation::Flat, h), (-1, 2));
}

#[test]
fn only_visible_chunks_are_built_and_dirty_ones_rebuilt() {
    let map = grass(200, 200);
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    let mut cache = ChunkCache::new();
    cache.reset_to_bounds(scene.bounds());
    let painter = painter();
    let camera = Camera {
        centre: Point::new(200.0, 150.0),
        zoom: 1.0,
    };
    let v = ChunkView {
        view: view(400.0, 300.0),
        camera: &camera,
        layout: &layout,
    };
    cache.paint(&painter, &v, &scene);
    let first = cache.stats;
    // 200×200 cells make 7×7 chunks; a 400×300 view at 10-unit hexes needs only a few.
    assert!(first.drawn >= 1 && first.drawn <= 6, "{first:?}");
    assert_eq!(first.rebuilt, first.drawn);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 0);
    cache.mark_dirty(Orientation::Pointy, [Hex::new(1, 1)]);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 1);
    // Zoomed out to the whole map at 3 px hexes, it is drawn as texel blocks: 7 × 7
    // chunks make 2 × 2 blocks of 4 × 4 chunks each, one textured quad each.
    let whole = view(2400.0, 1800.0);
    let coarse = Camera {
        centre: Point::new(1730.0, 1500.0),
        zoom: 0.3,
    };
    let v_far = ChunkView {
        view: whole,
        camera: &coarse,
        layout: &layout,
    };
    assert_eq!(scene.detail(coarse.zoom), Detail::Coarse);
    paint_all(&mut cache, &painter, &v_far, &scene);
    assert_eq!(cache.stats.drawn, 4);
    assert_eq!(
        cache.stats.vertices,
        4 * 4,
        "one textured quad per texel block"
    );
    // Further out the blocks are the same picture: drawn again, not rebuilt.
    let texel = Camera {
        zoom: 0.05,
        ..coarse
    };
    let v_texel = ChunkView {
        camera: &texel,
        ..v_far
    };
    assert_eq!(scene.detail(texel.zoom), Detail::Texel);
    cache.paint(&painter, &v_texel, &scene);
    assert_eq!(cache.stats.drawn, 4);
    assert_eq!(cache.stats.rebuilt, 0);
}

/// Paint until no texel block waits for a later frame; returns how many were rebuilt
/// over all those frames (`cache.stats` is the last frame's).
fn paint_all(
    cache: &mut ChunkCache,
    painter: &Painter,
    v: &ChunkView<'_>,
    scene: &dyn Scene,
) -> usize {
    let mut rebuilt = 0;
    for _ in 0..1000 {
        cache.paint(painter, v, scene);
        rebuilt += cache.stats.rebuilt;
        if cache.stats.pending == 0 {
            return rebuilt;
        }
    }
    panic!("texel blocks still pending after 1000 frames");
}

#[test]
fn the_whole_world_view_draws_one_quad_per_texel_block_and_redraws_only_the_edited_one() {
    // 1000 × 1000 cells: 32 × 32 chunks, 8 × 8 texel blocks.
    let map = grass(1000, 1000);
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    let mut cache = ChunkCache::new();
    cache.reset_to_bounds(scene.bounds());
    let painter = painter();
    let camera = Camera {
        centre: Point::new(8660.0, 7500.0),
        zoom: 0.04,
    };
    assert_eq!(scene.detail(camera.zoom), Detail::Texel);
    let v = ChunkView {
        view: view(1200.0, 800.0),
        camera: &camera,
        layout: &layout,
    };
    assert_eq!(paint_all(&mut cache, &painter, &v, &scene), 64);
    assert_eq!(cache.stats.drawn, 64, "{:?}", cache.stats);
    assert_eq!(cache.stats.vertices, 64 * 4);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 0, "kept");
    // An edit in one chunk makes its block stale, and only that block.
    let h = OffsetKind::OddR.to_hex(OffsetCoord::new(300, 700));
    cache.mark_dirty(Orientation::Pointy, [h]);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 1);
    // Zoomed in, the same keys are chunks again: rebuilt as chunks, not taken for blocks.
    let close = Camera {
        centre: Point::new(100.0, 100.0),
        zoom: 1.0,
    };
    cache.paint(
        &painter,
        &ChunkView {
            camera: &close,
            ..v
        },
        &scene,
    );
    assert!(cache.stats.rebuilt > 0);
    assert_eq!(cache.stats.rebuilt, cache.stats.drawn);
    assert!(
        cache.stats.vertices > 4 * cache.stats.drawn,
        "hexes, not texel quads"
    );
}

#[test]
fn a_view_needing_more_than_the_budget_does_not_thrash_and_old_chunks_go() {
    let map = grass(300, 300); // 10 × 10 chunks
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    let mut cache = ChunkCache::new();
    cache.set_extent(Some(((0, 0), ((300 - 1) / CHUNK, (300 - 1) / CHUNK))));
    cache.budget = (40, usize::MAX);
    let painter = painter();
    // 4.5 px hexes: the smallest drawn chunk by chunk (below, texel blocks).
    let whole = Camera {
        centre: Point::new(2600.0, 2250.0),
        zoom: 0.45,
    };
    let v = ChunkView {
        view: view(2400.0, 2100.0),
        camera: &whole,
        layout: &layout,
    };
    assert!(!scene.detail(whole.zoom).is_coarse());
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.drawn, 100);
    assert_eq!(cache.cached(), 100, "chunks drawn this frame stay");
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 0, "no rebuild on the next frame");
    let bytes_all = cache.cached_bytes();
    assert!(bytes_all > 0);
    // Zoom into one corner: the chunks no longer drawn are dropped down to the budget.
    let close = Camera {
        centre: Point::new(100.0, 100.0),
        zoom: 1.0,
    };
    let v = ChunkView {
        view: view(400.0, 300.0),
        camera: &close,
        layout: &layout,
    };
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.cached(), 40);
    assert!(cache.cached_bytes() < bytes_all);
    // A byte budget works the same way.
    cache.budget = (usize::MAX, 1);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.cached(), cache.stats.drawn);
}

#[test]
fn crossing_a_zoom_bucket_or_the_grid_threshold_rebuilds_within_one_it_does_not() {
    let map = grass(40, 40);
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers::editor());
    let scene = MapScene::whole(&map, layout, &style);
    let mut cache = ChunkCache::new();
    cache.reset_to_bounds(scene.bounds());
    let painter = painter();
    let mut rebuilt_at = |zoom: f64| {
        let camera = Camera {
            centre: Point::new(50.0, 50.0),
            zoom,
        };
        let v = ChunkView {
            view: view(100.0, 100.0),
            camera: &camera,
            layout: &layout,
        };
        cache.paint(&painter, &v, &scene);
        cache.stats.rebuilt
    };
    assert!(rebuilt_at(1.0) > 0);
    assert_eq!(rebuilt_at(1.05), 0, "same bucket");
    assert!(rebuilt_at(2.0) > 0, "grid lines redrawn one pixel wide");
    assert!(rebuilt_at(0.55) > 0);
    assert!(rebuilt_at(0.62) > 0, "the grid appears at 6 px");
}

#[test]
fn the_play_scene_is_cached_with_its_numbers() {
    let map = grass(20, 20);
    let layout = map.layout().unwrap();
    let board = Board::from_map(&map);
    let mine = OffsetKind::OddR.to_hex(OffsetCoord::new(5, 5));
    let mut game = PlayState::new(MineLayout::with_mines(board, [mine]).unwrap());
    game.reveal(
        OffsetKind::OddR.to_hex(OffsetCoord::new(15, 15)),
        std::time::Duration::ZERO,
    )
    .unwrap();
    let style = GameStyle::classic();
    let bounds = map.shape().offset_bounds(OffsetKind::OddR);
    let scene = GameScene::new(&game, layout, bounds, None, &style);
    let mut cache = ChunkCache::new();
    cache.reset_to_bounds(bounds);
    let painter = painter();
    let camera = Camera {
        centre: Point::new(170.0, 150.0),
        zoom: 2.0,
    };
    let v = ChunkView {
        view: view(800.0, 700.0),
        camera: &camera,
        layout: &layout,
    };
    cache.paint(&painter, &v, &scene);
    // Everything but the mine opens; its six neighbours show a 1.
    assert_eq!(cache.stats.texts, 6);
    assert!(cache.stats.rebuilt > 0);
    cache.paint(&painter, &v, &scene);
    assert_eq!(cache.stats.rebuilt, 0, "cached");
    assert_eq!(cache.stats.texts, 6, "its texts drawn again from the cache");
}

#[test]
fn labels_come_from_the_cache_and_only_those_near_the_view_are_drawn() {
    let map = grass(64, 64);
    let layout = map.layout().unwrap();
    let style = Style::editor(Layers {
        labels: Some(hexmap_hex::CoordSystem::Axial),
        edges: true,
        paths: true,
        ..Layers::editor()
    });
    let scene = MapScene::whole(&map, layout, &style);
    let mut cache = ChunkCache::new();
    cache.reset_to_bounds(scene.bounds());
    let painter = painter();
    // 30 px hexes, a 400 × 300 view near the corner: about 6 × 6 hexes seen of the
    // 32 × 32 of the one chunk in view.
    let camera = Camera {
        centre: Point::new(60.0, 50.0),
        zoom: 3.0,
    };
    let v = ChunkView {
        view: view(400.0, 300.0),
        camera: &camera,
        layout: &layout,
    };
    cache.paint(&painter, &v, &scene);
    let drawn = cache.stats.texts;
    assert!((20..=100).contains(&drawn), "{drawn}");
    // At 0.5 px per unit (5 px hexes) labels are illegible: the chunks are drawn without.
    let far = Camera {
        zoom: 0.5,
        ..camera
    };
    cache.paint(&painter, &ChunkView { camera: &far, ..v }, &scene);
    assert!(cache.stats.rebuilt > 0);
    assert_eq!(cache.stats.texts, 0);
}

#[test]
fn marking_around_changed_hexes_marks_the_chunks_of_every_hex_and_neighbour() {
    // Blobs of cells in storage order, across chunk borders, in both orientations: the
    // chunks marked are those of the cells and of all their neighbours, no more.
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        let kind = OffsetKind::default_for(orientation);
        let mut cells: Vec<OffsetCoord> = (-40..70)
            .flat_map(|row| (-40..100).map(move |col| OffsetCoord::new(col, row)))
            .filter(|c| (c.col * 7 + c.row * 13).rem_euclid(11) < 3 || c.col == 31)
            .collect();
        cells.sort_by_key(|c| (c.row, c.col));
        let hexes: Vec<Hex> = cells.iter().map(|&c| kind.to_hex(c)).collect();
        let mut cache = ChunkCache::new();
        cache.mark_dirty_around(orientation, &hexes);
        let marked: std::collections::BTreeSet<_> = cache.dirty.keys().copied().collect();
        let want: std::collections::BTreeSet<_> = hexes
            .iter()
            .flat_map(|h| std::iter::once(*h).chain(h.neighbors()))
            .map(|h| chunk_of(orientation, h))
            .collect();
        assert_eq!(marked, want, "{orientation:?}");
        let blocks: std::collections::BTreeSet<_> = cache.block_dirty.keys().copied().collect();
        let want_blocks = want.iter().map(|&k| block_of(k)).collect();
        assert_eq!(blocks, want_blocks);
    }
}

#[test]
fn zoomed_in_the_vertices_handed_on_follow_the_view_not_the_chunks_or_the_map() {
    // A 400 × 300 view at 11 px hexes (hex size 10, zoom 1.1) looking into a map: about
    // 22 × 18 hexes show, while the chunks they lie in hold 32 × 32 each.
    let camera = Camera {
        centre: Point::new(1000.0, 900.0),
        zoom: 1.1,
    };
    let drawn = |map: &HexMap| {
        let layout = map.layout().unwrap();
        let style = Style::editor(Layers::editor());
        let scene = MapScene::whole(map, layout, &style);
        let mut cache = ChunkCache::new();
        cache.reset_to_bounds(scene.bounds());
        let v = ChunkView {
            view: view(400.0, 300.0),
            camera: &camera,
            layout: &layout,
        };
        cache.paint(&painter(), &v, &scene);
        cache.stats
    };
    let (big, bigger) = (drawn(&grass(120, 120)), drawn(&grass(300, 300)));
    assert!(big.drawn >= 2, "{big:?}");
    // Grid lines at this size: a hex is its fill (6 vertices) and its outline ring (12).
    let on_view = 24 * 20;
    assert!(
        big.vertices <= on_view * 18,
        "{big:?}: more than the hexes on view"
    );
    assert_eq!(
        bigger.vertices, big.vertices,
        "a larger map hands on the same"
    );
}
