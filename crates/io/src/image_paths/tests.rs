use super::*;
use hexmap_draw::RgbaImage;
use hexmap_hex::{Hex, Orientation};
use hexmap_map::testing::TestMap;
use hexmap_map::{BuiltinIcon, Document, Icon, Underlay};

fn moved(path: &str, from: &str, to: &str) -> Option<String> {
    Rebase::between(Some(Path::new(from)), Path::new(to))
        .unwrap()
        .path(path)
}

#[test]
fn relative_paths_name_the_same_file_from_the_new_folder() {
    let from = "/maps/world/map.ron";
    assert_eq!(
        moved("art/a.png", from, "/maps/world/copies/m.tmx").as_deref(),
        Some("../art/a.png")
    );
    assert_eq!(
        moved("art/a.png", from, "/maps/m.json").as_deref(),
        Some("world/art/a.png")
    );
    assert_eq!(
        moved("../shared/b.svg", from, "/other/place/m.ron").as_deref(),
        Some("../../maps/shared/b.svg")
    );
    assert_eq!(
        moved("art/a.png", from, "/maps/tw/m.tmx").as_deref(),
        Some("../world/art/a.png")
    );
    // The same folder: kept as written, even untidy.
    assert_eq!(moved("./a.png", from, "/maps/world/other.ron"), None);
    assert_eq!(moved("art/a.png", from, "/maps/world/./x/../b.ron"), None);
}

#[test]
fn absolute_paths_become_relative_to_the_written_file() {
    let from = "/maps/world/map.ron";
    assert_eq!(
        moved("/maps/world/art/a.png", from, "/maps/world/map.ron").as_deref(),
        Some("art/a.png")
    );
    assert_eq!(
        moved("/abs/wave.png", from, "/maps/out/m.ron").as_deref(),
        Some("../../abs/wave.png")
    );
    // A map from no file: its relative paths are kept, its absolute ones made relative.
    let fresh = Rebase::between(None, Path::new("/maps/out/m.ron")).unwrap();
    assert_eq!(fresh.path("art/a.png"), None);
    assert_eq!(
        fresh.path("/maps/art/a.png").as_deref(),
        Some("../art/a.png")
    );
}

#[test]
fn a_chosen_image_is_named_from_the_map_file() {
    let map = Path::new("/maps/world/map.ron");
    assert_eq!(
        path_for_image(Some(map), Path::new("/maps/world/art/a.png")),
        "art/a.png"
    );
    assert_eq!(
        path_for_image(Some(map), Path::new("/maps/shared/../shared/b.svg")),
        "../shared/b.svg"
    );
    assert_eq!(
        path_for_image(None, Path::new("/maps/shared/b.svg")),
        "/maps/shared/b.svg"
    );
}

/// A map whose sea has art `art/sea.png` and `/abs/wave.png`, with a built-in and an
/// image icon at the origin and an underlay `scan.png`.
fn map_with_images() -> HexMap {
    let mut map = TestMap::hexagon(1, Orientation::Pointy)
        .named("m")
        .tile_art(0, &["art/sea.png", "/abs/wave.png"], true)
        .build();
    let image_icon = Icon {
        gm_only: false,
        source: IconSource::Image("icons/keep.png".into()),
        ..Icon::builtin(BuiltinIcon::Star)
    };
    map.set_icons(
        Hex::ORIGIN,
        vec![Icon::builtin(BuiltinIcon::Town), image_icon],
    )
    .unwrap();
    let mut doc = Document::new(map);
    doc.apply(&Edit::Map(MapEdit::SetUnderlay(Some(Underlay::new(
        "scan.png",
        hexmap_hex::Point::new(0.0, 0.0),
    )))))
    .unwrap();
    doc.into_map()
}

#[test]
fn writing_elsewhere_rewrites_tile_art_icons_and_the_underlay_and_keeps_the_rest() {
    let map = map_with_images();
    let from = Path::new("/maps/world/map.ron");
    let edits = rebase_image_paths(&map, Some(from), Path::new("/maps/out/map.ron")).unwrap();
    assert_eq!(edits.len(), 3, "palette, the image icon, the underlay");
    let mut doc = Document::new(map);
    doc.apply_all(&edits).unwrap();
    let moved = doc.map();
    let art = &moved.palette().terrains()[0].art;
    assert_eq!(art.images, ["../world/art/sea.png", "../../abs/wave.png"]);
    assert!(art.tint);
    let icons = moved.icons().at(Hex::ORIGIN);
    assert_eq!(icons[0].source, IconSource::Builtin(BuiltinIcon::Town));
    assert_eq!(
        icons[1].source,
        IconSource::Image("../world/icons/keep.png".into())
    );
    assert_eq!(moved.underlay().unwrap().path, "../world/scan.png");
}

#[test]
fn for_file_renames_the_loaded_images_as_it_renames_the_map() {
    let map = map_with_images();
    let mut set = ImageSet::new();
    let sea = set.insert(
        "art/sea.png",
        RgbaImage::new(1, 1, vec![0, 0, 255, 255]).unwrap(),
    );
    let set = Arc::new(set);
    let from = Path::new("/maps/world/map.ron");
    // The same folder, absolute paths made relative: the relative image keeps its key.
    let (same, images) = for_file(&map, Some(&set), Some(from), from).unwrap();
    assert!(
        matches!(same, Cow::Owned(_)),
        "/abs/wave.png is made relative"
    );
    assert_eq!(images.unwrap().get("art/sea.png").unwrap().0, sea);
    let (copy, images) =
        for_file(&map, Some(&set), Some(from), Path::new("/maps/tw/map.tmx")).unwrap();
    let images = images.unwrap();
    let art = &copy.palette().terrains()[0].art;
    assert_eq!(images.get(&art.images[0]).map(|(id, _)| id), Some(sea));
    // Written there and read back, nothing moves: the same map, borrowed.
    let back = copy.into_owned();
    let (again, _) = for_file(
        &back,
        None,
        Some(Path::new("/maps/tw/map.tmx")),
        Path::new("/maps/tw/other.tmx"),
    )
    .unwrap();
    assert!(matches!(again, Cow::Borrowed(_)));
}

#[test]
fn a_path_too_long_from_the_new_folder_is_refused_by_name() {
    let long = format!("{}/a.png", "d".repeat(480));
    let map = TestMap::hexagon(1, Orientation::Pointy)
        .named("m")
        .tile_art(0, &[&long], false)
        .build();
    let deep = format!("/m/{}/x.ron", ["n"; 20].join("/"));
    let e = for_file(&map, None, Some(Path::new("/m/map.ron")), Path::new(&deep)).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("{deep}: cannot name the map's images")),
        "{text}"
    );
    assert!(text.contains("over 500 bytes"), "{text}");
}
