//! Regenerate the bundled sample maps in `maps/` (deterministic; the files are committed):
//!
//! `cargo run --example make_sample_maps -- [DIR]` (default `maps`)

#[path = "support/terrain.rs"]
mod terrain;

use hexmap::hex::xxyy::LabelSettings;
use hexmap::hex::{Hex, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap::io::{self, Form};
use hexmap::map::{HexMap, MapProperties, MapShape, Palette, TerrainId};
use std::path::{Path, PathBuf};
use terrain::{fractal, landscape, landscape_palette, mix};

fn t(n: u16) -> Option<TerrainId> {
    TerrainId::new(n)
}

/// The hexagon minesweeper board, read from a 13 × 13 odd-r level array in which −1
/// marks an unusable corner cell, 0 a free cell and 1 a mine.
fn minesweeper() -> HexMap {
    const N: i32 = 13;
    let kind = OffsetKind::OddR;
    let centre = kind.to_hex(OffsetCoord::new(6, 6));
    // Build the level array the way a game would store it.
    let mut level = [[-1i8; N as usize]; N as usize];
    let mut free = Vec::new();
    for (row, line) in level.iter_mut().enumerate() {
        for (col, cell) in line.iter_mut().enumerate() {
            let h = kind.to_hex(OffsetCoord::new(col as i32, row as i32));
            if h.distance(centre) <= 6 {
                *cell = 0;
                free.push((row, col));
            }
        }
    }
    // 22 mines, placed by a fixed pseudo-random sequence (about 17 % of 127 cells).
    let mut state = 2024u64;
    let mut placed = 0;
    while placed < 22 {
        state = mix(state);
        let (row, col) = free[(state % free.len() as u64) as usize];
        if level[row][col] == 0 && (row, col) != (6, 6) {
            level[row][col] = 1;
            placed += 1;
        }
    }
    // Turn the array into a map: usable cells form an explicit cell set.
    let cells = (0..N).flat_map(|row| (0..N).map(move |col| (col, row)));
    let usable: Vec<(Hex, i8)> = cells
        .filter_map(|(col, row)| {
            let v = level[row as usize][col as usize];
            (v >= 0).then(|| (kind.to_hex(OffsetCoord::new(col, row)), v))
        })
        .collect();
    let mut props = MapProperties::new(
        "Hexagon minesweeper (13 x 13 level array)",
        Orientation::Pointy,
    );
    props.hex_size = Point::new(20.0, 20.0);
    let palette = Palette::new(vec![terrain::terrain(
        1,
        "Covered",
        [0xb8, 0xbe, 0xc8],
        'o',
        Some(1),
        false,
    )])
    .expect("valid");
    let shape = MapShape::cells(usable.iter().map(|c| c.0)).expect("valid cells");
    let mut map = HexMap::new(props, shape, palette).expect("valid properties");
    for (h, v) in usable {
        map.set_terrain(h, t(1)).expect("inside");
        if v == 1 {
            map.set_mine(h, true).expect("inside");
        }
    }
    map
}

/// A Traveller-style subsector: 8 × 10 flat hexes, odd-q, XXYY labels, worlds as terrain
/// and notes.
fn subsector() -> HexMap {
    let kind = OffsetKind::OddQ;
    let mut props = MapProperties::new("Drinax Reach subsector", Orientation::Flat);
    props.offset_kind = kind;
    props.hex_size = Point::new(30.0, 30.0);
    props.labels = LabelSettings::default();
    let palette = Palette::new(vec![
        terrain::terrain(1, "Empty space", [0x0b, 0x10, 0x22], '*', None, false),
        terrain::terrain(2, "Garden world", [0x3c, 0x9a, 0x5f], 'G', Some(1), false),
        terrain::terrain(3, "Desert world", [0xd6, 0xa8, 0x4e], 'D', Some(1), false),
        terrain::terrain(4, "Ice world", [0xcf, 0xe6, 0xf2], 'I', Some(1), false),
        terrain::terrain(5, "Water world", [0x2a, 0x6f, 0xb0], 'W', Some(1), false),
        terrain::terrain(6, "Asteroid belt", [0x8a, 0x84, 0x80], 'A', Some(1), false),
        terrain::terrain(7, "Gas giant", [0xc9, 0x7b, 0x3a], 'g', Some(1), false),
    ])
    .expect("valid");
    let shape = MapShape::rectangle(kind, 8, 10).expect("valid");
    let mut map = HexMap::new(props, shape, palette).expect("valid properties");
    for h in map.shape().iter().collect::<Vec<_>>() {
        map.set_terrain(h, t(1)).expect("inside");
    }
    // (label, world type, note)
    let worlds: [(&str, u16, &str); 14] = [
        ("0102", 2, "Marlheim A867974-C  Hi In  Naval base"),
        ("0105", 6, "Cascade Belt C000410-9  As"),
        ("0203", 3, "Tessaly B5A0556-A  De Po"),
        ("0208", 7, "Orrin Giant  GG refuelling only"),
        ("0304", 4, "Kharvel E6A4310-7  Ic Lo"),
        ("0307", 2, "New Ashby B768867-9  Ri  Scout base"),
        ("0401", 5, "Deepwell C9A9735-8  Wa"),
        ("0406", 3, "Sandreach D430411-6  De Ni"),
        ("0409", 2, "Halcyon A776A88-D  Hi  Subsector capital"),
        ("0503", 6, "Fallow Rocks D000300-8  As Lo"),
        ("0605", 4, "Glimmer X411000-0  Ba  Amber zone"),
        ("0702", 2, "Vireo C655777-7  Ag"),
        ("0708", 5, "Brine C8B9521-9  Fl Wa"),
        ("0810", 3, "Last Light E200300-5  Va Lo  Red zone"),
    ];
    let labels = map.properties().labels;
    for (label, kind_id, note) in worlds {
        let h = labels.parse(label).expect("valid label");
        map.set_terrain(h, t(kind_id)).expect("inside");
        map.set_note(h, Some(format!("{label} {note}")))
            .expect("inside");
    }
    map
}

/// A 40 × 30 pointy island: coherent sea, shallows, beaches, grass, forest, hills and
/// mountains from noise with a radial falloff, and a few towns with notes.
fn island() -> HexMap {
    let (w, h) = (40i32, 30i32);
    let kind = OffsetKind::OddR;
    let mut props = MapProperties::new("Isle of Kestrel", Orientation::Pointy);
    props.hex_size = Point::new(16.0, 16.0);
    let shape = MapShape::rectangle(kind, w as u32, h as u32).expect("valid");
    let mut map = HexMap::new(props, shape, landscape_palette()).expect("valid properties");
    let layout = map.layout().expect("valid");
    let centre = layout.hex_to_pixel(kind.to_hex(OffsetCoord::new(w / 2, h / 2)));
    let (rx, ry) = (f64::from(w) * 0.45 * 27.7, f64::from(h) * 0.45 * 24.0);
    for hx in map.shape().iter().collect::<Vec<_>>() {
        let p = layout.hex_to_pixel(hx);
        let (dx, dy) = ((p.x - centre.x) / rx, (p.y - centre.y) / ry);
        let d = (dx * dx + dy * dy).sqrt();
        let c = kind.from_hex(hx);
        let (x, y) = (f64::from(c.col), f64::from(c.row));
        let n = fractal(11, x, y, 9.0);
        let e = 0.5 * n + 0.62 * (1.0 - d) + 0.05;
        let m = fractal(99, x, y, 6.0);
        map.set_terrain(hx, t(landscape(e.clamp(0.0, 1.0), m)))
            .expect("inside");
    }
    // Towns on chosen land cells (nudged to the nearest grass or beach cell).
    let towns = [
        (
            12,
            10,
            "Port Kestrel: harbour town, 2,400 souls, shipwright",
        ),
        (27, 9, "Highcairn: mining village under the peaks"),
        (20, 20, "Mereford: market town on the river crossing"),
        (31, 19, "Saltmarsh: fishing hamlet"),
        (9, 17, "Old Watch: ruined fort, haunted by gulls"),
    ];
    for (col, row, note) in towns {
        let want = kind.to_hex(OffsetCoord::new(col, row));
        let spot = (0..6u32)
            .flat_map(|r| hexmap::hex::shapes::hexagon(r).map(move |d| want + d))
            .find(|&c| matches!(map.terrain(c).map(TerrainId::get), Some(3 | 4)))
            .unwrap_or(want);
        map.set_terrain(spot, t(9)).expect("inside");
        map.set_note(spot, Some(note.to_owned())).expect("inside");
    }
    map
}

/// A radius-8 hexagon board: a central peak, rings of hills and forest, grass, a coast,
/// three lakes, saved in cube form.
fn hexagon_r8() -> HexMap {
    let mut props = MapProperties::new("Hexagon radius 8", Orientation::Pointy);
    props.hex_size = Point::new(24.0, 24.0);
    let mut map = HexMap::new(
        props,
        MapShape::hexagon(8).expect("valid"),
        landscape_palette(),
    )
    .expect("valid properties");
    let lakes = [Hex::new(4, -6), Hex::new(-5, 1), Hex::new(2, 3)];
    for h in map.shape().iter().collect::<Vec<_>>() {
        let d = h.length();
        // Smooth noise bends the rings into coherent shapes instead of speckles.
        let n = fractal(5, f64::from(h.q), f64::from(h.r), 3.0);
        let wobble = ((n - 0.5) * 4.0).round().clamp(-1.0, 1.0) as i32;
        let id = match d + wobble {
            ..=0 => 8,
            1 => 7,
            2..=3 => 6,
            4 => 5,
            5..=6 => 4,
            7 => 3,
            _ => 2,
        };
        let id = if lakes.iter().any(|l| l.distance(h) <= 1) {
            2
        } else {
            id
        };
        map.set_terrain(h, t(id)).expect("inside");
    }
    map.set_note(Hex::ORIGIN, Some("The Spire".into()))
        .expect("inside");
    map.set_note(Hex::new(2, 3), Some("Mirror Lake".into()))
        .expect("inside");
    map.set_terrain(Hex::new(-3, 6), t(9)).expect("inside");
    map.set_note(Hex::new(-3, 6), Some("Southgate".into()))
        .expect("inside");
    map
}

fn write(dir: &Path, name: &str, map: &HexMap, form: Form) -> Result<(), String> {
    let path = dir.join(name);
    io::save(&path, map, form).map_err(|e| e.to_string())?;
    println!(
        "wrote {} ({} cells, {form} form)",
        path.display(),
        map.cell_count()
    );
    Ok(())
}

fn main() -> Result<(), String> {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(|| PathBuf::from("maps"), PathBuf::from);
    write(&dir, "minesweeper-13.ron", &minesweeper(), Form::Offset)?;
    write(&dir, "subsector-traveller.ron", &subsector(), Form::Offset)?;
    write(&dir, "island.ron", &island(), Form::Offset)?;
    write(&dir, "hexagon-r8-cube.ron", &hexagon_r8(), Form::Cube)?;
    Ok(())
}
