//! Notes through Tiled: a note on every hex of a 40×30 map, pointy and flat, in
//! every offset kind, exported as TMX and TMJ and imported again, lands on its own hex, and
//! none is lost; the same after Tiled's own converter has read the TMX and written it as
//! JSON.

use crate::support::export::export_as;
use crate::support::tiled_tools as tools;

use hexmap::hex::{Hex, OffsetKind, Orientation};
use hexmap::io::format::read_path;
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MapShape};

/// A 40×30 rectangle in `kind` on `orientation` with a note on every hex naming the hex.
fn noted_map(orientation: Orientation, kind: OffsetKind) -> HexMap {
    let mut map = TestMap::on(orientation, MapShape::rectangle(kind, 40, 30).unwrap())
        .named(format!("notes {orientation:?} {kind}"))
        .offset_kind(kind.for_orientation(orientation))
        .hex_size(16.0)
        .build();
    let cells: Vec<Hex> = map.shape().iter().collect();
    for h in cells {
        map.set_note(h, Some(format!("at {},{}", h.q, h.r)))
            .unwrap();
    }
    map
}

/// Every note of `map` is on the same hex of `back`, and `back` has no other note.
fn assert_notes_in_place(back: &HexMap, map: &HexMap, label: &str) {
    let (mut lost, mut moved) = (0, 0);
    for h in map.shape().iter() {
        match back.note(h) {
            Some(n) if Some(n) == map.note(h) => {}
            Some(_) => moved += 1,
            None => lost += 1,
        }
    }
    assert_eq!(
        (lost, moved, back.notes().len()),
        (0, 0, map.notes().len()),
        "{label}: (notes lost, notes on another hex, notes back)"
    );
}

#[test]
fn a_note_on_every_hex_of_a_large_map_comes_back_on_its_hex() {
    let tiled = tools::available();
    for orientation in [Orientation::Pointy, Orientation::Flat] {
        for kind in OffsetKind::ALL {
            let map = noted_map(orientation, kind);
            assert_eq!(map.notes().len(), map.shape().len());
            let dir = tempfile::tempdir().unwrap();
            for format in ["tmx", "tmj"] {
                let path = dir.path().join(format!("m.{format}"));
                export_as(&map, format, &path);
                let back = read_path(&path).unwrap();
                assert!(back.warnings.is_empty(), "{:?}", back.warnings);
                let label = format!("{orientation:?} {kind} via {format}");
                assert_notes_in_place(&back.map, &map, &label);
            }
            if tiled {
                let (tmx, by_tiled) = (dir.path().join("m.tmx"), dir.path().join("tiled.tmj"));
                tools::export_map("json", &tmx, &by_tiled);
                let back = read_path(&by_tiled).unwrap();
                let label = format!("{orientation:?} {kind} via Tiled's JSON");
                assert_notes_in_place(&back.map, &map, &label);
            }
        }
    }
}
