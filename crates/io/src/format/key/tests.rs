use super::*;
use crate::format::{WriteOptions, write_map};
use hexmap_hex::OffsetKind;
use hexmap_map::HexMap;

/// A map of three keyed hexes: one linking to another, to an unkeyed hex and to nothing.
fn keyed_map() -> HexMap {
    let mut map = hexmap_map::testing::rectangle_map(OffsetKind::OddQ, 6, 5);
    let h = |label: &str| map.hex_of_label(label).unwrap();
    let (a, b) = (h("0102"), h("0304"));
    let mut e = KeyEntry::new(
        "Mill *Ford*",
        "Road to [[0304]], ruin at [[0501]], and [[9999]].",
    );
    e.gm_text = "The **miller** lies.".into();
    e.tags = vec!["settlement".into()];
    map.set_key_entry(a, Some(e)).unwrap();
    map.set_key_entry(b, Some(KeyEntry::new("Tower", "- a bell\n- a ladder")))
        .unwrap();
    map
}

fn written(map: &HexMap, format: &dyn crate::format::Format) -> crate::format::Written {
    write_map(map, format, &WriteOptions::default(), "out", &mut |_| {}).unwrap()
}

#[test]
fn links_lead_to_entries_and_the_rest_is_missing_or_unknown() {
    let map = keyed_map();
    assert_eq!(resolve(&map, "0304"), Link::Entry("0304".into()));
    assert_eq!(resolve(&map, "0501"), Link::Missing("0501".into()));
    assert_eq!(resolve(&map, "9999"), Link::Missing("9999".into()));
    assert_eq!(resolve(&map, "?"), Link::Unknown);
    let labels: Vec<String> = keyed(&map).into_iter().map(|k| k.label).collect();
    assert_eq!(labels, ["0102", "0304"]);
}

#[test]
fn the_vault_has_a_file_per_entry_and_wiki_links_only_to_them() {
    let out = written(&keyed_map(), &KEY_MD);
    let names: Vec<&str> = out.side.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["0102.md", "0304.md", "tags.md", "map.png"]);
    let mill = String::from_utf8(out.side[0].1.clone()).unwrap();
    assert!(mill.starts_with("# 0102 Mill *Ford*\n"), "{mill}");
    assert!(mill.contains("Road to [[0304]], ruin at 0501 (no entry), and 9999 (no entry)."));
    assert!(mill.contains("## GM\n\nThe **miller** lies."), "{mill}");
    let index = String::from_utf8(out.main).unwrap();
    assert!(index.contains("![test](map.png)"), "{index}");
    assert!(index.find("[[0102]]").unwrap() < index.find("[[0304]]").unwrap());
}

#[test]
fn the_page_outlines_each_keyed_hex_and_links_it_to_its_entry() {
    let page = String::from_utf8(written(&keyed_map(), &KEY_HTML).main).unwrap();
    assert_eq!(page.matches("<polygon points=").count(), 2);
    assert!(page.contains("<a href=\"#hex-0304\"><polygon"));
    assert!(page.contains("<article id=\"hex-0102\""));
    assert!(
        page.contains("<h2>0102 Mill *Ford*</h2>"),
        "titles are plain text"
    );
    assert!(
        page.contains("<ul>\n<li>a bell</li>\n<li>a ladder</li>\n</ul>"),
        "{page}"
    );
    assert!(page.contains("<span class=\"missing\" title=\"no entry\">0501</span>"));
    // Nothing is fetched: the only address is the SVG namespace's name.
    assert_eq!(page.matches("http").count(), 1);
    assert!(page.contains("src=\"data:image/png;base64,"));
}

#[test]
fn in_the_player_view_a_link_into_the_fog_names_nothing() {
    let mut map = keyed_map();
    let tower = map.hex_of_label("0304").unwrap();
    map.set_hidden(tower, true);
    let opts = WriteOptions {
        player_view: true,
        ..WriteOptions::default()
    };
    let out = write_map(&map, &KEY_MD, &opts, "out", &mut |_| {}).unwrap();
    let names: Vec<&str> = out.side.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        ["0102.md", "tags.md", "map.png"],
        "no file for the hidden hex"
    );
    let mill = String::from_utf8(out.side[0].1.clone()).unwrap();
    assert!(
        mill.contains("Road to unknown hex, ruin at 0501 (no entry)"),
        "{mill}"
    );
    assert!(!mill.contains("0304") && !mill.contains("miller"), "{mill}");
    let page = write_map(&map, &KEY_HTML, &opts, "out", &mut |_| {}).unwrap();
    let page = String::from_utf8(page.main).unwrap();
    // The text of the page, the picture's data left out.
    let (head, rest) = page.split_once("base64,").unwrap();
    let page = format!("{head}{}", &rest[rest.find('"').unwrap()..]);
    assert!(page.contains("Road to <span class=\"unknown\">unknown hex</span>"));
    assert!(!page.contains("0304") && !page.contains("Tower"));
}

/// [`keyed_map`] with a tower icon on 0304 and a region of 0401–0402, each with an entry.
fn owners_map() -> HexMap {
    use hexmap_map::{BuiltinIcon, Document, Edit, Icon, Region, RegionEdit, RegionId};
    let mut map = keyed_map();
    let tower = map.hex_of_label("0304").unwrap();
    let icon = Icon {
        key: Some(KeyEntry {
            gm_text: "A ghost rings it.".into(),
            ..KeyEntry::new("Bell tower", "A bell hangs *high*.")
        }),
        ..Icon::builtin(BuiltinIcon::Tower)
    };
    map.add_icon(tower, icon).unwrap();
    let mut d = Document::new(map);
    d.apply(&Edit::Region(RegionEdit::AddKind(hexmap_map::RegionKind {
        name: "Wild".into(),
        exclusive: false,
    })))
    .unwrap();
    let mut look = hexmap_map::RegionLook::new("Mirewood", "Wild", hexmap_map::Rgb([9, 99, 9]));
    look.key = Some(KeyEntry::new("The Mire", "Fog and reeds; see [[0102]]."));
    let hexes = ["0401", "0402"]
        .iter()
        .map(|l| d.map().hex_of_label(l).unwrap())
        .collect();
    d.apply(&Edit::Region(RegionEdit::Add(Region {
        id: RegionId(2),
        look,
        hexes,
    })))
    .unwrap();
    d.into_map()
}

#[test]
fn every_key_export_lists_the_entries_of_icons_and_regions() {
    let map = owners_map();
    let key = keyed(&map);
    let seen: Vec<(&str, &str)> = key
        .iter()
        .map(|k| (k.heading().leak() as &str, k.entry.title.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("0102", "Mill *Ford*"),
            ("0304", "Tower"),
            ("0304 icon 0", "Bell tower"),
            ("Region Mirewood", "The Mire"),
        ]
    );
    // The vault: a file each, listed in the index, links between them as before.
    let out = written(&map, &KEY_MD);
    let names: Vec<&str> = out.side.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "0102.md",
            "0304.md",
            "0304-icon-0.md",
            "region-2.md",
            "tags.md",
            "map.png"
        ]
    );
    let mire = String::from_utf8(out.side[3].1.clone()).unwrap();
    assert!(mire.starts_with("# Region Mirewood The Mire\n"), "{mire}");
    assert!(mire.contains("see [[0102]]."), "{mire}");
    let index = String::from_utf8(out.main).unwrap();
    assert!(
        index.contains("- [[0304-icon-0|0304 icon 0]] Bell tower")
            && index.contains("- [[region-2|Region Mirewood]] The Mire"),
        "{index}"
    );
    // The page: the icon's hex and the region's two hexes clickable, under the hexes'.
    let page = String::from_utf8(written(&map, &KEY_HTML).main).unwrap();
    assert_eq!(page.matches("<polygon points=").count(), 2 + 1 + 2);
    let region = page.find("<a href=\"#key-region-2\">").unwrap();
    let icon = page.find("<a href=\"#key-0304-icon-0\">").unwrap();
    let hex = page.find("<a href=\"#hex-0304\">").unwrap();
    assert!(region < icon && icon < hex, "drawn region, icon, hex");
    assert!(page.contains("<article id=\"key-0304-icon-0\""));
    assert!(page.contains("<h2>Region Mirewood The Mire</h2>"), "{page}");
    assert!(page.contains("A ghost rings it."));
}

#[test]
fn players_read_the_public_part_of_a_seen_icon_or_region_entry_only() {
    let mut map = owners_map();
    let opts = WriteOptions {
        player_view: true,
        ..WriteOptions::default()
    };
    let vault = |map: &HexMap| {
        let out = write_map(map, &KEY_MD, &opts, "out", &mut |_| {}).unwrap();
        let names: Vec<String> = out.side.iter().map(|(n, _)| n.clone()).collect();
        let all: String = out
            .side
            .iter()
            .filter(|(n, _)| n.ends_with(".md"))
            .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
            .collect();
        (names, all)
    };
    let (names, all) = vault(&map);
    assert!(names.contains(&"0304-icon-0.md".to_owned()), "{names:?}");
    assert!(
        all.contains("A bell hangs *high*.") && !all.contains("ghost"),
        "{all}"
    );
    // The icon's hex and the region hidden: neither entry is told.
    for l in ["0304", "0401", "0402"] {
        let h = map.hex_of_label(l).unwrap();
        map.set_hidden(h, true).unwrap();
    }
    let (names, all) = vault(&map);
    assert_eq!(names, ["0102.md", "tags.md", "map.png"]);
    assert!(!all.contains("Bell") && !all.contains("Mire"), "{all}");
}
