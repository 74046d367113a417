//! Every edit that moves or copies content keeps every GM-only flag: a moved selection, a
//! paste (turned and mirrored), a cut followed by a paste, and a reshape, on random maps
//! with secrets of every kind; each is one undo step that undo and redo take back and
//! forth exactly.
//!
//! Two checks per edit. Nothing public comes from a secret (and nothing secret from a
//! public item): every note, key entry (on a hex, an icon or a region), icon and label in the result has the flag of the item of the
//! same text in the map before; every edge feature and path step is one of the map's
//! before, or its image under the edit, with the same type and flag. Nothing is lost on
//! the way: what the edit carries arrives with its flag. And no flag is left on an empty
//! hex or hexside, where it would wait for new content to mark it secret.

use crate::clipboard::Clipboard;
use crate::edit::{CellEdit, Edit};
use crate::features::{EdgeTypeId, MapPath, PathId, PathTypeId};
use crate::hexmap::HexMap;
use crate::regions::{BorderStyle, Region, RegionEdit, RegionId, RegionKind, RegionLook};
use crate::testing::TestMap;
use crate::{
    BuiltinIcon, CellMove, Document, Icon, Label, LabelId, MapShape, Rgb, TerrainId, selection,
};
use hexmap_hex::{Axis, Edge, Hex, Orientation, reflect};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::{BTreeMap, BTreeSet};

const RADIUS: u32 = 4;

fn cells() -> Vec<Hex> {
    hexmap_hex::range(Hex::ORIGIN, RADIUS).collect()
}

/// A radius-4 hexagon with random terrain and fog, and notes, edge features, paths, icons,
/// labels and regions on random hexes, each GM-only or not at random. Notes, icons,
/// labels and regions have texts of their own, so each can be followed.
fn stocked(seed: u64) -> HexMap {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let cells = cells();
    let pick = |rng: &mut Pcg64Mcg| cells[rng.random_range(0..cells.len())];
    let mut m = TestMap::hexagon(RADIUS, Orientation::Pointy)
        .named("secrets")
        .hex_size(10.0)
        .build();
    for &h in &cells {
        m.set_terrain(h, TerrainId::new(rng.random_range(1..=4)))
            .unwrap();
        m.set_hidden(h, rng.random_bool(0.3)).unwrap();
    }
    for i in 0..12 {
        let h = pick(&mut rng);
        m.set_note(h, Some(format!("note {i}"))).unwrap();
        m.set_note_gm_only(h, rng.random_bool(0.5));
    }
    for i in 0..10 {
        let h = pick(&mut rng);
        let mut entry = crate::KeyEntry::new(format!("entry {i}"), "told");
        entry.gm_text = format!("secret {i}");
        entry.gm_only = rng.random_bool(0.5);
        m.set_key_entry(h, Some(entry)).unwrap();
    }
    for _ in 0..24 {
        let a = pick(&mut rng);
        let b = a.neighbors()[rng.random_range(0..6)];
        if let Some(e) = Edge::between(a, b).filter(|_| m.contains(b)) {
            m.set_edge(e, EdgeTypeId::new(rng.random_range(1..=3)))
                .unwrap();
            m.set_edge_gm_only(e, rng.random_bool(0.5));
        }
    }
    for id in 0..5 {
        let mut hexes = vec![pick(&mut rng)];
        for _ in 0..rng.random_range(1..6) {
            let last = *hexes.last().unwrap();
            let next = last.neighbors()[rng.random_range(0..6)];
            if m.contains(next) && !hexes.contains(&next) {
                hexes.push(next);
            }
        }
        if hexes.len() >= 2 {
            m.insert_path(MapPath {
                id: PathId(id),
                kind: PathTypeId::new(rng.random_range(1..=3)).unwrap(),
                hexes,
                gm_only: rng.random_bool(0.5),
            })
            .unwrap();
        }
    }
    for i in 0..8 {
        let icon = Icon {
            caption: Some(format!("icon {i}")),
            gm_only: rng.random_bool(0.5),
            key: rng.random_bool(0.5).then(|| crate::KeyEntry {
                gm_text: format!("icon secret {i}"),
                gm_only: rng.random_bool(0.5),
                ..crate::KeyEntry::new(format!("icon entry {i}"), "told")
            }),
            ..Icon::builtin(BuiltinIcon::Castle)
        };
        let h = pick(&mut rng);
        if m.icons_at(h).len() < 3 {
            m.add_icon(h, icon).unwrap();
        }
    }
    let layout = m.layout().unwrap();
    for i in 0..5 {
        let mut label = Label::new(format!("label {i}"), layout.hex_to_pixel(pick(&mut rng)));
        label.gm_only = rng.random_bool(0.5);
        m.add_label(LabelId(i), label).unwrap();
    }
    let mut d = Document::new(m);
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Realm".into(),
        exclusive: false,
    })))
    .unwrap();
    for i in 0..3 {
        let hexes: BTreeSet<Hex> = (0..6).map(|_| pick(&mut rng)).collect();
        let region = Region {
            id: RegionId(i),
            look: RegionLook {
                name: format!("region {i}"),
                kind: "Realm".into(),
                color: Rgb([200, 40, 40]),
                border: BorderStyle::Solid,
                tint: None,
                label: true,
                gm_only: rng.random_bool(0.5),
                key: rng.random_bool(0.7).then(|| crate::KeyEntry {
                    gm_only: rng.random_bool(0.5),
                    ..crate::KeyEntry::new(format!("region entry {i}"), "told")
                }),
            },
            hexes,
        };
        d.apply(&Edit::Region(RegionEdit::Add(region))).unwrap();
    }
    d.into_map()
}

/// The flag of every note, key entry, icon, label and region, by its text.
fn flags_by_text(m: &HexMap) -> BTreeMap<String, bool> {
    let mut out = BTreeMap::new();
    for e in m.key_entries().values() {
        out.insert(e.title.clone(), e.gm_only);
    }
    for (&h, text) in m.notes() {
        out.insert(text.clone(), m.note_is_gm_only(h));
    }
    for (_, list) in m.icons().iter() {
        for i in list {
            out.insert(i.icon.caption.clone().unwrap(), i.icon.gm_only);
            if let Some(e) = &i.icon.key {
                out.insert(e.title.clone(), e.gm_only);
            }
        }
    }
    for (_, l) in m.labels().iter() {
        out.insert(l.text.clone(), l.gm_only);
    }
    for r in m.regions().iter() {
        out.insert(r.look.name.clone(), r.look.gm_only);
        if let Some(e) = &r.look.key {
            out.insert(e.title.clone(), e.gm_only);
        }
    }
    out
}

/// The key entry of every icon (by caption) and region (by name).
fn owned_entries(m: &HexMap) -> BTreeMap<String, Option<crate::KeyEntry>> {
    let mut out = BTreeMap::new();
    for (_, list) in m.icons().iter() {
        for i in list {
            out.insert(i.icon.caption.clone().unwrap(), i.icon.key.clone());
        }
    }
    for r in m.regions().iter() {
        out.insert(r.look.name.clone(), r.look.key.clone());
    }
    out
}

/// Every item of `after` that has a text carries the flag its text had `before`, and
/// every icon and region its own key entry, whole.
fn texts_keep_their_flags(before: &HexMap, after: &HexMap) -> Result<(), String> {
    let owned = owned_entries(before);
    for (owner, entry) in owned_entries(after) {
        if owned.get(&owner) != Some(&entry) {
            return Err(format!(
                "{owner:?} holds the key entry {entry:?}, held {:?}",
                owned.get(&owner)
            ));
        }
    }
    let was = flags_by_text(before);
    for (text, gm) in flags_by_text(after) {
        if was.get(&text) != Some(&gm) {
            return Err(format!(
                "{text:?} is gm_only {gm}, was {:?}",
                was.get(&text)
            ));
        }
    }
    Ok(())
}

/// Every edge feature and path step of `after` is one of `before` or its image under
/// `f` (where the edit took it), with the same type and flag.
fn lines_keep_their_flags(
    before: &HexMap,
    after: &HexMap,
    f: &dyn Fn(Hex) -> Option<Hex>,
) -> Result<(), String> {
    let image = |e: Edge| {
        let (a, b) = e.hexes();
        Edge::between(f(a)?, f(b)?)
    };
    let mut edges: BTreeSet<(Edge, EdgeTypeId, bool)> = BTreeSet::new();
    for (e, k) in before.edges() {
        let gm = before.edge_is_gm_only(e);
        edges.insert((e, k, gm));
        if let Some(i) = image(e) {
            edges.insert((i, k, gm));
        }
    }
    for (e, k) in after.edges() {
        let found = (e, k, after.edge_is_gm_only(e));
        if !edges.contains(&found) {
            return Err(format!(
                "edge feature {found:?} comes from no feature before"
            ));
        }
    }
    let mut steps: BTreeSet<(Edge, PathTypeId, bool)> = BTreeSet::new();
    for p in before.paths().iter() {
        for e in p.steps() {
            steps.insert((e, p.kind, p.gm_only));
            if let Some(i) = image(e) {
                steps.insert((i, p.kind, p.gm_only));
            }
        }
    }
    for p in after.paths().iter() {
        for e in p.steps() {
            if !steps.contains(&(e, p.kind, p.gm_only)) {
                return Err(format!("path {} step {e} comes from no step before", p.id));
            }
        }
    }
    Ok(())
}

/// What the edit carried arrives with its flag: each note, edge feature and path step of
/// `before` on a hex of `carried` is at its image in `after` (where that is on the map),
/// with the same text or type and flag.
fn carried_arrives(
    before: &HexMap,
    after: &HexMap,
    carried: &BTreeSet<Hex>,
    f: &dyn Fn(Hex) -> Option<Hex>,
) -> Result<(), String> {
    for (&h, text) in before.notes() {
        if let Some(t) = f(h).filter(|_| carried.contains(&h)) {
            let got = (after.note(t), after.note_is_gm_only(t));
            if got != (Some(text.as_str()), before.note_is_gm_only(h)) {
                return Err(format!("note {text:?} arrived at {t} as {got:?}"));
            }
        }
    }
    for (&h, entry) in before.key_entries() {
        if let Some(t) = f(h).filter(|_| carried.contains(&h)) {
            let got = after.key_entries().get(&t);
            if got != Some(entry) {
                return Err(format!(
                    "key entry {:?} arrived at {t} as {got:?}",
                    entry.title
                ));
            }
        }
    }
    let inside = |e: Edge| {
        let (a, b) = e.hexes();
        carried.contains(&a) && carried.contains(&b)
    };
    for (e, k) in before.edges().filter(|(e, _)| inside(*e)) {
        let (a, b) = e.hexes();
        if let (Some(fa), Some(fb)) = (f(a), f(b)) {
            let i = Edge::between(fa, fb).unwrap();
            let got = (after.edge(i), after.edge_is_gm_only(i));
            if got != (Some(k), before.edge_is_gm_only(e)) {
                return Err(format!("edge feature on {e} arrived on {i} as {got:?}"));
            }
        }
    }
    for p in before.paths().iter() {
        for e in p.steps().filter(|e| inside(*e)) {
            let (a, b) = e.hexes();
            if let (Some(fa), Some(fb)) = (f(a), f(b)) {
                let i = Edge::between(fa, fb).unwrap();
                let arrived = after.paths().iter().any(|q| {
                    q.kind == p.kind && q.gm_only == p.gm_only && q.steps().any(|s| s == i)
                });
                if !arrived {
                    return Err(format!("path {} step {e} did not arrive on {i}", p.id));
                }
            }
        }
    }
    Ok(())
}

/// No flag waits on a hex without a note or a side without a feature.
fn no_stray_flags(m: &HexMap) -> Result<(), String> {
    if let Some(h) = m.fog.gm_notes.iter().find(|h| m.note(**h).is_none()) {
        return Err(format!("a GM-only flag on {h}, which has no note"));
    }
    if let Some(e) = m.fog.gm_edges.iter().find(|e| m.edge(**e).is_none()) {
        return Err(format!("a GM-only flag on {e}, which has no feature"));
    }
    Ok(())
}

/// Apply `edits` as the editor does (one stroke, one undo step); check the result, then
/// that undo gives the map back and redo the result.
fn as_one_step(
    before: &HexMap,
    edits: &[Edit],
    whole: bool,
    check: &dyn Fn(&HexMap) -> Result<(), String>,
) -> Result<HexMap, TestCaseError> {
    let mut d = Document::new(before.clone());
    if whole {
        d.apply_all(edits).unwrap();
    } else {
        d.begin_stroke();
        for e in edits {
            d.apply(e).unwrap();
        }
        d.end_stroke();
    }
    let after = d.map().clone();
    check(&after).map_err(TestCaseError::fail)?;
    no_stray_flags(&after).map_err(TestCaseError::fail)?;
    if after != *before {
        d.undo();
        prop_assert!(d.map() == before, "undo does not give the map back");
        d.redo();
        prop_assert!(d.map() == &after, "redo does not give the edit back");
    }
    Ok(after)
}

/// A random piece of the map: a hex and its neighbours within 1 or 2.
fn piece(map: &HexMap, centre: Hex, radius: u32) -> Vec<Hex> {
    let mut out: Vec<Hex> = hexmap_hex::range(centre, radius)
        .filter(|h| map.contains(*h))
        .collect();
    out.sort_unstable();
    out
}

fn hex_in(i: usize) -> Hex {
    let cells = cells();
    cells[i % cells.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn a_moved_selection_keeps_every_flag(
        seed in any::<u64>(), at in 0usize..61, radius in 1u32..3, dir in 0usize..6, dist in 1i32..4,
    ) {
        let before = stocked(seed);
        let sel = piece(&before, hex_in(at), radius);
        let step = Hex::ORIGIN.neighbor(hexmap_hex::Direction::ALL[dir]);
        let delta = Hex::new(step.q * dist, step.r * dist);
        let edits = selection::move_edits(&before, &sel, delta);
        let carried: BTreeSet<Hex> = sel.iter().copied().collect();
        let f = |h: Hex| Some(h + delta).filter(|_| carried.contains(&h));
        let landed = |h: Hex| f(h).filter(|t| before.contains(*t));
        as_one_step(&before, &edits, false, &|after| {
            texts_keep_their_flags(&before, after)?;
            lines_keep_their_flags(&before, after, &f)?;
            carried_arrives(&before, after, &carried, &landed)
        })?;
    }

    #[test]
    fn a_paste_turned_and_mirrored_keeps_every_flag(
        seed in any::<u64>(), from in 0usize..61, to in 0usize..61, radius in 1u32..3,
        turns in 0i32..6, mirror in any::<bool>(),
    ) {
        let before = stocked(seed);
        let anchor = hex_in(from);
        let region = piece(&before, anchor, radius);
        let mut clip = Clipboard::copy(&before, region.iter().copied(), anchor).rotated(turns);
        if mirror {
            clip = clip.reflected();
        }
        let at = hex_in(to);
        let turn = move |mut h: Hex| {
            for _ in 0..turns {
                h = h.rotate_right();
            }
            if mirror { reflect(h, Hex::ORIGIN, Axis::Q) } else { h }
        };
        let carried: BTreeSet<Hex> = region.iter().copied().collect();
        let f = |h: Hex| Some(at + turn(h - anchor)).filter(|_| carried.contains(&h));
        let landed = |h: Hex| f(h).filter(|t| before.contains(*t));
        let edit = Edit::Cell(CellEdit::Paste { clipboard: clip, anchor: at });
        as_one_step(&before, &[edit], false, &|after| {
            texts_keep_their_flags(&before, after)?;
            lines_keep_their_flags(&before, after, &f)?;
            carried_arrives(&before, after, &carried, &landed)
        })?;
    }

    #[test]
    fn a_cut_then_a_paste_keeps_every_flag(
        seed in any::<u64>(), from in 0usize..61, to in 0usize..61, radius in 1u32..3,
    ) {
        let before = stocked(seed);
        let anchor = hex_in(from);
        let region = piece(&before, anchor, radius);
        let clip = Clipboard::copy(&before, region.iter().copied(), anchor);
        let cut = as_one_step(&before, &selection::delete_edits(&before, &region), false, &|after| {
            texts_keep_their_flags(&before, after)?;
            lines_keep_their_flags(&before, after, &|_| None)
        })?;
        let at = hex_in(to);
        let carried: BTreeSet<Hex> = region.iter().copied().collect();
        let f = |h: Hex| Some(at + (h - anchor)).filter(|_| carried.contains(&h));
        let landed = |h: Hex| f(h).filter(|t| before.contains(*t));
        let edit = Edit::Cell(CellEdit::Paste { clipboard: clip, anchor: at });
        as_one_step(&cut, &[edit], false, &|after| {
            texts_keep_their_flags(&before, after)?;
            lines_keep_their_flags(&before, after, &f)?;
            carried_arrives(&before, after, &carried, &landed)
        })?;
    }

    #[test]
    fn a_reshape_keeps_every_flag_and_the_fog_with_its_cells(
        seed in any::<u64>(), around in 0usize..61, radius in 2u32..6,
    ) {
        let before = stocked(seed);
        let plan = before.reshape_plan(MapShape::hexagon(radius).unwrap(), Some(hex_in(around)));
        let Edit::Map(crate::MapEdit::Relocate { moves, .. }) = plan.edits[0].clone() else {
            panic!("a reshape plan relocates: {:?}", plan.edits);
        };
        let all: BTreeSet<Hex> = before.shape().iter().collect();
        let shape = plan.shape.clone();
        let f = move |h: Hex| Some(moves.apply(h));
        let landed = |h: Hex| f(h).filter(|t| shape.contains(*t));
        as_one_step(&before, &plan.edits, true, &|after| {
            texts_keep_their_flags(&before, after)?;
            lines_keep_their_flags(&before, after, &f)?;
            carried_arrives(&before, after, &all, &landed)?;
            for h in before.shape().iter() {
                if let Some(t) = landed(h) && before.is_revealed(h) != after.is_revealed(t) {
                    return Err(format!("the fog of {h} did not go with it to {t}"));
                }
            }
            Ok(())
        })?;
    }
}

#[test]
fn the_moves_of_a_resized_rectangle_take_the_fog_along() {
    // A rectangle grown by two columns on the left: every cell moves two columns right.
    let shape = MapShape::rectangle(hexmap_hex::OffsetKind::OddR, 5, 4).unwrap();
    let mut m = crate::testing::map_on(Orientation::Pointy, shape);
    let h = hexmap_hex::OffsetKind::OddR.to_hex(hexmap_hex::OffsetCoord::new(1, 1));
    m.set_hidden(h, true).unwrap();
    m.set_note(h, Some("vault".into())).unwrap();
    m.set_note_gm_only(h, true);
    let plan = m.resize_rect_plan(2, 0, 0, 0).unwrap();
    let mut d = Document::new(m);
    d.apply_all(&plan.edits).unwrap();
    let t = CellMove::Offset {
        kind: hexmap_hex::OffsetKind::OddR,
        cols: 2,
        rows: 0,
    }
    .apply(h);
    assert_eq!(d.map().note(t), Some("vault"));
    assert!(d.map().note_is_gm_only(t) && !d.map().is_revealed(t));
    assert!(
        d.map().is_revealed(h),
        "no fog is left on the hex it came from"
    );
}
