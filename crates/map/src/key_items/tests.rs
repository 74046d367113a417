//! Entries on icons and regions: listed with the hexes' entries, set through their
//! owner's edit with undo, carried by a move, a moved selection and a reshape, gone with a
//! deleted owner and back with its undo, and checked as hex entries are.

use super::*;
use crate::{
    AnnotationEdit, BuiltinIcon, Document, Edit, EditError, Icon, MapError, MapShape, Region,
    RegionEdit, RegionKind, RegionLook, Rgb, selection,
};
use hexmap_hex::OffsetKind;

fn entry(title: &str) -> KeyEntry {
    KeyEntry {
        gm_text: format!("{title}: the GM's part"),
        tags: vec!["ruin".into()],
        ..KeyEntry::new(title, format!("{title}: told"))
    }
}

/// A 6 × 6 map with a hex entry on 0305, a tower icon on 0203 and a region of three hexes.
fn doc() -> (Document, Hex, IconId, RegionId) {
    let mut m = crate::testing::rectangle_map(OffsetKind::OddQ, 6, 6);
    let keyed = m.hex_of_label("0305").unwrap();
    m.set_key_entry(keyed, Some(entry("Ford"))).unwrap();
    let at = m.hex_of_label("0203").unwrap();
    let icon = m.add_icon(at, Icon::builtin(BuiltinIcon::Tower)).unwrap();
    let mut d = Document::new(m);
    d.apply(&Edit::Region(RegionEdit::AddKind(RegionKind {
        name: "Wild".into(),
        exclusive: false,
    })))
    .unwrap();
    let hexes = ["0102", "0202", "0203"]
        .iter()
        .map(|l| d.map().hex_of_label(l).unwrap())
        .collect();
    d.apply(&Edit::Region(RegionEdit::Add(Region {
        id: RegionId(4),
        look: RegionLook::new("Mirewood", "Wild", Rgb([20, 120, 40])),
        hexes,
    })))
    .unwrap();
    (d, at, icon, RegionId(4))
}

fn set(d: &mut Document, target: KeyTarget, e: Option<KeyEntry>) -> Result<(), EditError> {
    let edit = d.map().key_edit(target, e).expect("the owner exists");
    d.apply(&edit).map(|_| ())
}

#[test]
fn the_key_lists_hexes_icons_and_regions_in_reading_order() {
    let (mut d, at, icon, region) = doc();
    set(&mut d, KeyTarget::Icon(icon), Some(entry("Tower"))).unwrap();
    set(&mut d, KeyTarget::Region(region), Some(entry("The Mire"))).unwrap();
    let items = d.map().key_items();
    let seen: Vec<(&str, &str, &str)> = items
        .iter()
        .map(|i| (i.label.as_str(), i.slug.as_str(), i.entry.title.as_str()))
        .collect();
    let icon_label = format!("0203 icon {icon}");
    let icon_slug = format!("0203-icon-{icon}");
    assert_eq!(
        seen,
        [
            (icon_label.as_str(), icon_slug.as_str(), "Tower"),
            ("0305", "0305", "Ford"),
            ("Mirewood", "region-4", "The Mire"),
        ]
    );
    assert_eq!(items[0].hexes, [at]);
    assert_eq!(items[2].hexes.len(), 3);
    // The region's middle hex is 0202, beside both others.
    assert_eq!(items[2].anchor(), d.map().hex_of_label("0202"));
    assert_eq!(
        d.map().key_entry_of(KeyTarget::Icon(icon)),
        Some(entry("Tower"))
    );
}

#[test]
fn an_icon_entry_is_set_and_undone_and_moves_with_its_icon() {
    let (mut d, at, icon, _) = doc();
    let before = d.map().clone();
    set(&mut d, KeyTarget::Icon(icon), Some(entry("Tower"))).unwrap();
    d.undo().unwrap();
    assert_eq!(d.map(), &before);
    d.redo().unwrap();
    assert_eq!(d.map().icon(icon).unwrap().1.key, Some(entry("Tower")));
    // Moved to another hex: the entry goes along, under the same id.
    let to = d.map().hex_of_label("0505").unwrap();
    d.apply(&Edit::Annotation(AnnotationEdit::MoveIcon {
        from: at,
        index: 0,
        to,
    }))
    .unwrap();
    let items = d.map().key_items();
    let tower = items.iter().find(|i| i.entry.title == "Tower").unwrap();
    assert_eq!(
        (tower.target, tower.hexes.as_slice()),
        (KeyTarget::Icon(icon), &[to][..])
    );
    assert_eq!(tower.label, format!("0505 icon {icon}"));
    // A moved selection carries it too.
    let delta = d.map().hex_of_label("0404").unwrap() - to;
    let edits = selection::move_edits(d.map(), &[to], delta);
    d.apply_all(&edits).unwrap();
    let (now, placed) = d.map().icon(icon).map(|(h, p)| (h, p.clone())).unwrap();
    assert_eq!(
        (now, placed.key.clone()),
        (to + delta, Some(entry("Tower")))
    );
}

#[test]
fn a_deleted_icon_or_region_takes_its_entry_and_undo_brings_it_back() {
    let (mut d, at, icon, region) = doc();
    set(&mut d, KeyTarget::Icon(icon), Some(entry("Tower"))).unwrap();
    set(&mut d, KeyTarget::Region(region), Some(entry("The Mire"))).unwrap();
    let keyed = d.map().key_items().len();
    d.apply(&Edit::Annotation(AnnotationEdit::RemoveIcon {
        hex: at,
        index: 0,
    }))
    .unwrap();
    d.apply(&Edit::Region(RegionEdit::Delete(region))).unwrap();
    assert_eq!(d.map().key_items().len(), keyed - 2);
    // A new icon on the hex is a new icon: no entry waits for it.
    let again = d
        .map()
        .clone()
        .add_icon(at, Icon::builtin(BuiltinIcon::Tower))
        .unwrap();
    assert_eq!(again, icon, "the freed id is reused");
    d.undo().unwrap();
    d.undo().unwrap();
    assert_eq!(d.map().key_items().len(), keyed);
    assert_eq!(
        d.map().key_entry_of(KeyTarget::Region(region)),
        Some(entry("The Mire"))
    );
}

#[test]
fn a_reshape_carries_icon_and_region_entries_with_their_hexes() {
    let (mut d, at, icon, region) = doc();
    set(&mut d, KeyTarget::Icon(icon), Some(entry("Tower"))).unwrap();
    set(&mut d, KeyTarget::Region(region), Some(entry("The Mire"))).unwrap();
    let mirewood = d.map().regions().get(region).unwrap().hexes.clone();
    // A hexagon of radius 6 around the old centre: every cell moves by one step.
    let plan = d.map().reshape_plan(MapShape::hexagon(6).unwrap(), None);
    d.apply_all(&plan.edits).unwrap();
    let step = d.map().icon(icon).unwrap().0 - at;
    assert_ne!(step, Hex::ORIGIN, "the reshape moves the content");
    assert_eq!(
        d.map().key_entry_of(KeyTarget::Icon(icon)),
        Some(entry("Tower"))
    );
    let moved: std::collections::BTreeSet<Hex> = mirewood.iter().map(|&h| h + step).collect();
    let now = d.map().regions().get(region).unwrap();
    assert_eq!(
        (&now.hexes, &now.look.key),
        (&moved, &Some(entry("The Mire")))
    );
    assert_eq!(d.map().key_items().len(), 3);
}

#[test]
fn a_bad_entry_on_an_icon_or_region_is_refused_with_its_reason() {
    let (mut d, _, icon, region) = doc();
    let err = set(&mut d, KeyTarget::Icon(icon), Some(KeyEntry::new("", "x"))).unwrap_err();
    assert!(
        matches!(err, EditError::Map(MapError::BadIcon { .. })),
        "{err:?}"
    );
    assert!(err.to_string().contains("needs a title"), "{err}");
    let mut bad = entry("Mire");
    bad.tags = vec!["two words".into()];
    let err = set(&mut d, KeyTarget::Region(region), Some(bad)).unwrap_err();
    assert!(err.to_string().contains("two words"), "{err}");
    assert_eq!(d.map().key_items().len(), 1);
}

#[test]
fn a_region_entry_titled_with_the_regions_name_says_it_once() {
    use crate::{RegionId, key_title_line};
    let region = KeyTarget::Region(RegionId(3));
    assert_eq!(
        key_title_line(region, "Mirewood", " mirewood "),
        "Region Mirewood"
    );
    assert_eq!(
        key_title_line(region, "Mirewood", "The bog's secret"),
        "Region Mirewood The bog's secret"
    );
    let hex = KeyTarget::Hex(hexmap_hex::Hex::new(1, 2));
    assert_eq!(key_title_line(hex, "0305", ""), "0305");
}
