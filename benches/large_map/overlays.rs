//! Overlays on the 1000 × 1000 map: range, A*, movement range, field of view.

use super::*;

/// Passable for the overlays' movement rules (not impassable terrain).
fn passable(map: &HexMap, h: Hex) -> bool {
    map.terrain(h)
        .and_then(|t| map.palette().get(t))
        .is_some_and(|t| t.cost != MoveCost::Impassable)
}

/// Overlays on the 1000 × 1000 map: computing range 50, A* across ~1000 hexes, movement
/// range with budget 100, field of view radius 50; and a frame drawing all four.
pub(super) fn overlays(c: &mut Criterion) {
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
