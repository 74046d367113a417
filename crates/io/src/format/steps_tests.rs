//! Every format written in steps gives the bytes of the straight write; the drawing formats
//! pause between pieces and Tiled between its parts, so a browser can spread them over
//! frames.

use super::{FORMATS, WriteJob, WriteOptions};
use hexmap_map::steps::step;
use hexmap_map::{HexMap, MapShape, TerrainId};

/// 40,000 cells in stripes: enough for several bands of a picture.
fn big_map() -> HexMap {
    let mut map = hexmap_map::testing::map_on(
        hexmap_hex::Orientation::Pointy,
        MapShape::rectangle(hexmap_hex::OffsetKind::OddR, 200, 200).unwrap(),
    );
    let terrains = map.palette().terrains().len() as u16;
    for (i, h) in map
        .shape()
        .iter()
        .collect::<Vec<_>>()
        .into_iter()
        .enumerate()
    {
        let id = 1 + (i as u16 / 7) % terrains;
        map.set_terrain(h, TerrainId::new(id)).unwrap();
    }
    map
}

#[test]
fn each_format_written_in_steps_equals_its_straight_write_and_drawings_pause() {
    let map = big_map();
    let opts = WriteOptions {
        hex_pixels: 4.0,
        ..WriteOptions::default()
    };
    for format in FORMATS.iter().filter(|f| f.info().writes) {
        let name = format!("steps.{}", format.extensions()[0]);
        let straight = format
            .write(WriteJob::new(&map, &opts, &name, &mut |_| {}))
            .unwrap();
        let mut shares = Vec::new();
        let mut progress = |s: f32| shares.push(s);
        let mut work = format.write_in_steps(WriteJob::new(&map, &opts, &name, &mut progress));
        let mut polls = 1;
        let stepped = loop {
            if let Some(out) = step(&mut work) {
                break out.unwrap();
            }
            polls += 1;
        };
        drop(work);
        assert!(
            straight == stepped,
            "{}: stepped bytes differ",
            format.name()
        );
        let draws = matches!(format.name(), "png" | "svg" | "pdf" | "key-pdf");
        if matches!(format.name(), "tmx" | "tmj") {
            // After the Tiled model, and after the tileset image.
            assert_eq!(polls, 3, "{} paused after each part", format.name());
        } else if draws {
            assert!(
                polls >= 8,
                "{} paused only {} times",
                format.name(),
                polls - 1
            );
            assert!(
                shares.windows(2).all(|w| w[0] <= w[1]),
                "{}: progress goes forward",
                format.name()
            );
        } else {
            assert_eq!(polls, 1, "{} is written in one piece", format.name());
        }
    }
}
