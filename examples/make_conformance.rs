//! Regenerate the conformance maps in `maps/conformance/` (deterministic; the files are
//! committed): one small map per layout — pointy or flat hexes, odd or even offset, labels
//! column first or row first — on which the table exports (VASSAL, …) are checked against
//! each consumer's own geometry. Seven terrains coloured so that no two neighbours share
//! one (terrain (q + 3r) mod 7 of the axial hex), so a grid off by one hex lands on the
//! wrong colour.
//!
//! `cargo run --example make_conformance -- [DIR]` (default `maps/conformance`)

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::hex::xxyy::{LabelOrder, LabelSettings};
use hexmap::hex::{OffsetKind, Point};
use hexmap::io::{self, Form};
use hexmap::map::{HexMap, MapProperties, MapShape, Palette, TerrainId};
use std::path::{Path, PathBuf};

/// Seven terrains, far apart in colour.
fn palette() -> Palette {
    let colours: [(&str, [u8; 3], char); 7] = [
        ("Red", [0xd0, 0x20, 0x20], 'r'),
        ("Green", [0x20, 0xa0, 0x30], 'g'),
        ("Blue", [0x20, 0x40, 0xd0], 'b'),
        ("Yellow", [0xe0, 0xd0, 0x20], 'y'),
        ("Magenta", [0xc0, 0x30, 0xc0], 'm'),
        ("Cyan", [0x30, 0xc0, 0xd0], 'c'),
        ("Brown", [0x80, 0x50, 0x20], 'w'),
    ];
    let terrains = colours
        .iter()
        .enumerate()
        .map(|(i, (name, rgb, symbol))| {
            terrain::terrain(
                i as u16 + 1,
                name,
                *rgb,
                *symbol,
                Some(1 + i as u32 % 3),
                i == 6,
            )
        })
        .collect();
    Palette::new(terrains).expect("valid palette")
}

/// The conformance map of one layout: 7 × 6 hexes.
fn conformance(kind: OffsetKind, order: LabelOrder) -> HexMap {
    let orientation = kind.orientation();
    let mut props = MapProperties::new(
        format!("Conformance {} {}", kind.name(), order.name()),
        orientation,
    );
    props.offset_kind = kind;
    props.hex_size = Point::new(1.0, 1.0);
    props.labels = LabelSettings {
        base: 1,
        digits: 2,
        stagger: kind,
        order,
    };
    let shape = MapShape::rectangle(kind, 7, 6).expect("valid shape");
    let mut map = HexMap::new(props, shape, palette()).expect("valid map");
    let hexes: Vec<_> = map.shape().iter().collect();
    for h in hexes {
        let colour = (h.q + 3 * h.r).rem_euclid(7) as u16 + 1;
        map.set_terrain(h, TerrainId::new(colour)).expect("inside");
    }
    map
}

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("maps/conformance"), PathBuf::from);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for kind in [
        OffsetKind::OddR,
        OffsetKind::EvenR,
        OffsetKind::OddQ,
        OffsetKind::EvenQ,
    ] {
        for order in LabelOrder::ALL {
            let name = format!("{}-{}.ron", kind.name(), order.name());
            write(&dir, &name, &conformance(kind, order))?;
        }
    }
    Ok(())
}

fn write(dir: &Path, name: &str, map: &HexMap) -> Result<(), String> {
    let path = dir.join(name);
    io::save(&path, map, Form::Offset).map_err(|e| e.to_string())?;
    println!("wrote {}", path.display());
    Ok(())
}
