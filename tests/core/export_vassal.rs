//! VASSAL modules checked by VASSAL's own geometry: for every conformance map
//! (`maps/conformance/`, one per layout), the module is read back with Debian's `unzip`,
//! its `HexGrid` and `HexGridNumbering` with an XML parser, and a clean-room reader of
//! VASSAL's grid (below) walks the board: for every hex centre VASSAL computes on the
//! board image, VASSAL's name for it must be hexmap's label of a hex of the map, and the
//! board image at that centre must be that hex's terrain colour; every hex must be named
//! once. A module shifted by one hex, or numbered with the wrong parity, must fail.
//! On every conformance map and every sample, the properties a piece reads at VASSAL's
//! centre of each hex (from the first zone holding it, as VASSAL looks them up) are that
//! hex's terrain and hexside features; zones a hex off must fail that check.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use crate::support::table_maps::{bundled_maps, conformance_maps, mark_centre};
use hexmap::hex::Orientation;
use hexmap::io::format::read_path;
use hexmap::map::HexMap;

/// VASSAL's hex grid as its source computes it: a clean-room reading of
/// `vassal-app/src/main/java/VASSAL/build/module/map/boardPicker/board/HexGrid.java` and
/// `.../board/mapgrid/HexGridNumbering.java`, `RegularGridNumbering.java` (vassalengine/
/// vassal at 17fb917c, 2026-08-21). Only the attributes hexmap writes are modelled
/// (no descending numbering, no `stagger`, numeric names).
#[derive(Clone, Debug)]
struct VassalGrid {
    x0: i32,
    y0: i32,
    dx: f64,
    dy: f64,
    sideways: bool,
    first: char,
    h_off: i32,
    v_off: i32,
    h_leading: i32,
    v_leading: i32,
}

impl VassalGrid {
    /// Read from `buildFile.xml`: the attributes of the first `HexGrid` and its
    /// `HexGridNumbering`.
    fn from_build_file(xml: &str) -> VassalGrid {
        let doc = roxmltree::Document::parse(xml).expect("buildFile.xml parses");
        let grid = doc
            .descendants()
            .find(|n| n.tag_name().name().ends_with(".HexGrid"))
            .expect("a HexGrid");
        let numbering = grid
            .children()
            .find(|n| n.tag_name().name().ends_with(".HexGridNumbering"))
            .expect("a HexGridNumbering");
        let g = |k: &str| grid.attribute(k).unwrap_or_else(|| panic!("HexGrid {k}"));
        let n = |k: &str| {
            numbering
                .attribute(k)
                .unwrap_or_else(|| panic!("HexGridNumbering {k}"))
        };
        assert_eq!(n("stagger"), "false");
        assert_eq!((n("hType"), n("vType"), n("sep")), ("N", "N", ""));
        assert_eq!((n("hDescend"), n("vDescend")), ("false", "false"));
        VassalGrid {
            x0: g("x0").parse().unwrap(),
            y0: g("y0").parse().unwrap(),
            dx: g("dx").parse().unwrap(),
            dy: g("dy").parse().unwrap(),
            sideways: g("sideways") == "true",
            first: n("first").chars().next().unwrap(),
            h_off: n("hOff").parse().unwrap(),
            v_off: n("vOff").parse().unwrap(),
            h_leading: n("hLeading").parse().unwrap(),
            v_leading: n("vLeading").parse().unwrap(),
        }
    }

    /// HexGrid.java 570-584 (`rotatePoint`, `rotateIfSideways`): a sideways grid swaps a
    /// point's x and y before and after its arithmetic.
    fn turn(&self, (x, y): (i32, i32)) -> (i32, i32) {
        if self.sideways { (y, x) } else { (x, y) }
    }

    /// HexGrid.java 791-797 (`hexPointCenterFromRawIndex`): the centre of raw column
    /// `nx`, row `ny`, each coordinate cast to int (Java truncates toward zero); a column
    /// whose index is not even (`nx % 2 == 0` in Java is false for negative odd numbers
    /// too) is shoved by `(int)(dy / 2)`. The result is in the turned axes; `turn` it
    /// back onto the board.
    fn centre(&self, nx: i32, ny: i32) -> (i32, i32) {
        let x = (self.dx * f64::from(nx) + f64::from(self.x0)) as i32;
        let y = if nx % 2 == 0 {
            (self.dy * f64::from(ny) + f64::from(self.y0)) as i32
        } else {
            (self.dy * f64::from(ny) + f64::from((self.dy / 2.0) as i32) + f64::from(self.y0))
                as i32
        };
        self.turn((x, y))
    }

    /// HexGrid.java 722-747 (`getRawColumn`, `getRawRow`): the raw column and row of a
    /// board point: turned, the column is floor((x − x0) / dx + 0.5); the row rounds
    /// (y − y0) / dy, less half a hex in odd columns (Java's `Math.round` is
    /// floor(v + 0.5)).
    fn raw_index(&self, p: (i32, i32)) -> (i32, i32) {
        let (x, y) = self.turn(p);
        let col = (f64::from(x - self.x0) / self.dx + 0.5).floor() as i32;
        let nx = (f64::from(x - self.x0) / self.dx + 0.5).floor() as i32;
        let row = if nx % 2 == 0 {
            (f64::from(y - self.y0) / self.dy + 0.5).floor()
        } else {
            ((f64::from(y - self.y0) - self.dy / 2.0) / self.dy + 0.5).floor()
        };
        (col, row as i32)
    }

    /// The column and row numbers VASSAL spells the name of the hex at `p` with: the raw
    /// index plus `hOff` and `vOff` (RegularGridNumbering.java 551-565).
    fn numbers(&self, p: (i32, i32)) -> (i32, i32) {
        let (col, row) = self.raw_index(p);
        (col + self.h_off, row + self.v_off)
    }

    /// RegularGridNumbering.java 417-424 and 551-565 (`getName`): the row named with
    /// `vOff` and `vLeading` zeros of padding, the column with `hOff` and `hLeading`,
    /// the column first when `first` is `H`; HexGridNumbering.java 262-352 (`getColumn`,
    /// `getRow`) pass the raw index through when nothing descends and `stagger` is off.
    fn name(&self, p: (i32, i32)) -> String {
        let (col, row) = self.numbers(p);
        let part = |v: i32, leading: i32| {
            let mut s = if v < 0 {
                "-".to_string()
            } else {
                String::new()
            };
            let v = v.abs();
            let mut leading = leading;
            while leading > 0 && f64::from(v) < 10f64.powi(leading) {
                s.push('0');
                leading -= 1;
            }
            s + &v.to_string()
        };
        let (c, r) = (part(col, self.h_leading), part(row, self.v_leading));
        if self.first == 'H' { c + &r } else { r + &c }
    }
}

/// Export `map` as a module and read its build file and board image with `unzip`.
fn module_of(map: &Path, dir: &Path, extra: &[&str]) -> (String, tiny_skia::Pixmap) {
    let out = dir.join(format!(
        "{}.vmod",
        map.file_stem().unwrap().to_string_lossy()
    ));
    let status = Command::new(env!("CARGO_BIN_EXE_hexmap"))
        .arg("export")
        .arg(map)
        .args(["--to", "vassal"])
        .args(extra)
        .arg(&out)
        .arg("--force")
        .status()
        .unwrap();
    assert!(status.success());
    let unzip = |entry: &str| {
        let o = Command::new("unzip")
            .arg("-p")
            .arg(&out)
            .arg(entry)
            .output();
        let o = o.expect("Debian's unzip (apt package unzip)");
        assert!(
            o.status.success(),
            "{entry}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        o.stdout
    };
    let build = String::from_utf8(unzip("buildFile.xml")).unwrap();
    let board = tiny_skia::Pixmap::decode_png(&unzip("images/board.png")).unwrap();
    (build, board)
}

/// What VASSAL shows of `map` under `grid` on `board`: a list of faults, empty when every
/// centre VASSAL computes on a painted pixel names a hex of the map whose colour is there,
/// and every hex is named once.
fn faults(map: &HexMap, grid: &VassalGrid, board: &tiny_skia::Pixmap) -> Vec<String> {
    let labels = map.properties().labels;
    let mut faults = Vec::new();
    let mut named = BTreeSet::new();
    let span = (board.width().max(board.height()) as f64 / grid.dx.min(grid.dy)) as i32 + 2;
    for nx in -span..=span {
        for ny in -span..=span {
            let (x, y) = grid.centre(nx, ny);
            // (tiny-skia's `pixel` wraps an x past the width onto the next row.)
            let inside =
                (0..board.width() as i32).contains(&x) && (0..board.height() as i32).contains(&y);
            let Some(px) = board.pixel(x as u32, y as u32).filter(|_| inside) else {
                continue;
            };
            if px.alpha() < 255 {
                continue; // off the map: transparent
            }
            let name = grid.name((x, y));
            let Ok(h) = labels.parse(&name) else {
                faults.push(format!(
                    "({x}, {y}) is named {name}, not a label of the map"
                ));
                continue;
            };
            let Some(t) = map.terrain(h).and_then(|t| map.palette().get(t)) else {
                faults.push(format!("({x}, {y}) is named {name}, a hex off the map"));
                continue;
            };
            let [r, g, b] = t.color.0;
            let seen = [px.red(), px.green(), px.blue()];
            let close = seen.iter().zip([r, g, b]).all(|(a, b)| a.abs_diff(b) <= 8);
            if !close {
                faults.push(format!(
                    "VASSAL's centre of {name} ({x}, {y}) shows {seen:?}, not {} {:?}",
                    t.name, t.color.0
                ));
            }
            if !named.insert(h) {
                faults.push(format!("{name} named twice"));
            }
        }
    }
    let missing = map.shape().iter().filter(|h| !named.contains(h)).count();
    if missing > 0 {
        faults.push(format!("{missing} hexes VASSAL does not find"));
    }
    faults
}

/// `board` with VASSAL's centres of this grid marked (a white ring with a black dot), as
/// the README's picture shows them: drawn from the reader above, not from hexmap.
fn overlay(grid: &VassalGrid, mut board: tiny_skia::Pixmap) -> tiny_skia::Pixmap {
    let span = (board.width().max(board.height()) as f64 / grid.dx.min(grid.dy)) as i32 + 2;
    for nx in -span..=span {
        for ny in -span..=span {
            let (x, y) = grid.centre(nx, ny);
            let (x, y) = (x as f32 + 0.5, y as f32 + 0.5);
            let visible =
                x > 0.0 && y > 0.0 && x < board.width() as f32 && y < board.height() as f32;
            if !visible {
                continue;
            }
            mark_centre(&mut board, x, y);
        }
    }
    board
}

#[test]
fn vassal_centres_and_names_fall_on_every_hex_of_every_layout() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps() {
        let map = read_path(&map_path).unwrap().map;
        for size in ["64", "72"] {
            let (build, board) = module_of(&map_path, dir.path(), &["--hex-size", size]);
            let grid = VassalGrid::from_build_file(&build);
            assert_eq!(grid.dy, size.parse::<f64>().unwrap(), "flat to flat");
            let found = faults(&map, &grid, &board);
            if let Some(dir) = std::env::var_os("HEXMAP_DOC_IMAGES") {
                let stem = map_path.file_stem().unwrap().to_string_lossy().into_owned();
                overlay(&grid, board.clone())
                    .save_png(Path::new(&dir).join(format!("vassal-{stem}-{size}.png")))
                    .unwrap();
            }
            assert!(
                found.is_empty(),
                "{} at {size} px: {found:#?}",
                map_path.display()
            );
        }
    }
}

#[test]
fn a_shifted_or_wrong_parity_grid_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    for map_path in conformance_maps() {
        let map = read_path(&map_path).unwrap().map;
        let (build, board) = module_of(&map_path, dir.path(), &[]);
        let grid = VassalGrid::from_build_file(&build);
        // One hex along the grid's columns, as a hand-set origin is often off.
        let shifted = VassalGrid {
            x0: grid.x0 + grid.dx.round() as i32,
            ..grid.clone()
        };
        // The other parity: the origin moved a column while the names stay.
        let parity = VassalGrid {
            x0: grid.x0 - grid.dx.round() as i32,
            h_off: grid.h_off + 1,
            ..grid.clone()
        };
        // Names one row off.
        let misnamed = VassalGrid {
            v_off: grid.v_off + 1,
            ..grid.clone()
        };
        for (what, bad) in [
            ("shifted", shifted),
            ("parity", parity),
            ("misnamed", misnamed),
        ] {
            assert!(
                !faults(&map, &bad, &board).is_empty(),
                "{} {what}: the check must fail",
                map_path.display()
            );
        }
    }
}

#[test]
fn the_board_shows_the_maps_tile_art() {
    // The hexcrawl sample paints Grass with tile art (maps/art/grass-*.png): the board
    // shows its texture around VASSAL's centre of 0101, a Grass hex, not a flat fill.
    let dir = tempfile::tempdir().unwrap();
    let map_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let map = read_path(&map_path).unwrap().map;
    let (build, board) = module_of(&map_path, dir.path(), &[]);
    let grid = VassalGrid::from_build_file(&build);
    let labels = map.properties().labels;
    let hex = labels.parse("0101").unwrap();
    let grass = map.palette().get(map.terrain(hex).unwrap()).unwrap();
    assert_eq!(grass.name, "Grass");
    let span = 4;
    let (x, y) = (-span..=span)
        .flat_map(|nx| (-span..=span).map(move |ny| (nx, ny)))
        .map(|(nx, ny)| grid.centre(nx, ny))
        .find(|&p| p.0 >= 0 && p.1 >= 0 && grid.name(p) == "0101")
        .expect("VASSAL's centre of 0101");
    let mut colours = BTreeSet::new();
    for dx in -8..=8 {
        for dy in -8..=8 {
            let p = board.pixel((x + dx) as u32, (y + dy) as u32).unwrap();
            colours.insert((p.red(), p.green(), p.blue()));
        }
    }
    assert!(
        colours.len() > 4,
        "a flat fill around 0101 ({} colours): the tile art is missing",
        colours.len()
    );
}

/// A Zone of a build file as VASSAL builds it: its name, polygon and `ZoneProperty`
/// values, in the file's order (the order `ZonedGrid.findZone` tries them in).
struct Zone {
    name: String,
    points: Vec<(f64, f64)>,
    properties: BTreeMap<String, String>,
}

/// The Zones of a build file: `Zone` elements' `name` and `path` (`Zone.java` 96-97;
/// `PolygonEditor.java` 260-276: `x,y` pairs joined by `;`) and their `ZoneProperty`
/// children's `name` and `initialValue` (GlobalProperty.java 48-49).
fn zones_of(xml: &str) -> Vec<Zone> {
    let doc = roxmltree::Document::parse(xml).unwrap();
    doc.descendants()
        .filter(|n| n.tag_name().name().ends_with(".mapgrid.Zone"))
        .map(|z| {
            let points = z
                .attribute("path")
                .unwrap()
                .split(';')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(z.attribute("useParentGrid"), Some("true"));
            let properties = z
                .children()
                .filter(|p| p.tag_name().name().ends_with(".ZoneProperty"))
                .map(|p| {
                    let value = p.attribute("initialValue").unwrap_or_default();
                    (p.attribute("name").unwrap().to_string(), value.to_string())
                })
                .collect();
            Zone {
                name: z.attribute("name").unwrap().to_string(),
                points,
                properties,
            }
        })
        .collect()
}

/// `Zone.contains` (Zone.java 418-420) is `java.awt.Polygon.contains`: the even-odd rule
/// (a ray from the point crosses the outline an odd number of times).
fn polygon_contains(points: &[(f64, f64)], (x, y): (f64, f64)) -> bool {
    let mut inside = false;
    for (i, &(x1, y1)) in points.iter().enumerate() {
        let (x2, y2) = points[(i + 1) % points.len()];
        if (y1 > y) != (y2 > y) && x < x1 + (y - y1) * (x2 - x1) / (y2 - y1) {
            inside = !inside;
        }
    }
    inside
}

/// VASSAL's centre of each hex on `board` (the map's and those around it), found by the numbers VASSAL names it
/// with, read as the map's label is read: its column and row (its base and stagger; the map's own offset kind
/// when the labels stagger on the other axis, which VASSAL cannot), read as signed numbers
/// so that hexes left of or above the labels' first (a map around the origin) are found
/// too. Where the map labels the hex, VASSAL's name must be the label.
fn centres_by_name(
    map: &HexMap,
    grid: &VassalGrid,
    board: &tiny_skia::Pixmap,
) -> BTreeMap<hexmap::hex::Hex, (f64, f64)> {
    let props = map.properties();
    let labels = props.labels;
    let kind = if labels.stagger.orientation() == props.orientation {
        labels.stagger
    } else {
        props.offset_kind
    };
    let base = i32::from(labels.base);
    let span = (board.width().max(board.height()) as f64 / grid.dx.min(grid.dy)) as i32 + 2;
    let mut centres = BTreeMap::new();
    for nx in -span..=span {
        for ny in -span..=span {
            let (x, y) = grid.centre(nx, ny);
            // The name's two numbers in the order VASSAL writes them, read as the map's
            // label is read.
            let (c, r) = grid.numbers((x, y));
            let spelled = if grid.first == 'H' { (c, r) } else { (r, c) };
            let (col, row) = match labels.order {
                hexmap::hex::xxyy::LabelOrder::ColumnFirst => spelled,
                hexmap::hex::xxyy::LabelOrder::RowFirst => (spelled.1, spelled.0),
            };
            let h = kind.to_hex(hexmap::hex::OffsetCoord::new(col - base, row - base));
            if let Ok(label) = labels.format(h) {
                assert_eq!(grid.name((x, y)), label, "VASSAL's name of {h}");
            }
            centres.insert(h, (f64::from(x), f64::from(y)));
        }
    }
    centres
}

#[test]
fn named_regions_are_zones_holding_exactly_their_hexes() {
    // The hexcrawl sample's regions: VASSAL's centre of every hex (found by its name) is
    // inside the region's zone when the hex is in the region, and outside it otherwise.
    let dir = tempfile::tempdir().unwrap();
    let map_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let map = read_path(&map_path).unwrap().map;
    assert!(!map.regions().is_empty());
    let (build, board) = module_of(&map_path, dir.path(), &[]);
    let grid = VassalGrid::from_build_file(&build);
    let zones = zones_of(&build);
    let centres = centres_by_name(&map, &grid, &board);
    for region in map.regions().iter() {
        let name = &region.look.name;
        // A region's zones carry no properties (the data zones do).
        let own: Vec<&Zone> = zones
            .iter()
            .filter(|z| z.properties.is_empty())
            .filter(|z| {
                z.name == *name
                    || (z.name.strip_prefix(&format!("{name} ")))
                        .is_some_and(|k| k.parse::<u32>().is_ok())
            })
            .collect();
        assert!(!own.is_empty(), "a zone for {name}");
        for h in map.shape().iter() {
            let inside = own.iter().any(|z| polygon_contains(&z.points, centres[&h]));
            assert_eq!(
                inside,
                region.hexes.contains(&h),
                "{} and the zone of {name}",
                map.hex_label(h)
            );
        }
    }
}

/// The properties a piece at `p` reads from the board's zones: `Map.findZone` (Map.java
/// 1158-1170) hands the point to `ZonedGrid.findZone`, the first zone in the file's order
/// whose polygon holds it (ZonedGrid.java 258-266), and `Zone.getProperty` (Zone.java
/// 573-584) answers from that zone's properties, or from the map's (none here) when it
/// has no such property. Outside every zone a piece reads nothing from the board.
fn properties_at(zones: &[Zone], p: (f64, f64)) -> Option<&BTreeMap<String, String>> {
    zones
        .iter()
        .find(|z| polygon_contains(&z.points, p))
        .map(|z| &z.properties)
}

/// What a module designer should read at each hex of `map`, from the map itself:
/// `Terrain` = its terrain's name and `Hexside_<side>` = the feature on that side (from
/// both hexes of the side), the side named by the compass on the board: the direction
/// from VASSAL's centre of the hex to VASSAL's centre of the hex across the side (up is
/// north), the nearest of the six sides of the map's orientation.
fn expected_data(
    map: &HexMap,
    centres: &BTreeMap<hexmap::hex::Hex, (f64, f64)>,
) -> BTreeMap<hexmap::hex::Hex, BTreeMap<String, String>> {
    let sides: [(f64, &str); 6] = match map.properties().orientation {
        Orientation::Pointy => [
            (0.0, "E"),
            (60.0, "NE"),
            (120.0, "NW"),
            (180.0, "W"),
            (240.0, "SW"),
            (300.0, "SE"),
        ],
        Orientation::Flat => [
            (30.0, "NE"),
            (90.0, "N"),
            (150.0, "NW"),
            (210.0, "SW"),
            (270.0, "S"),
            (330.0, "SE"),
        ],
    };
    let compass = |from: (f64, f64), to: (f64, f64)| {
        let angle = (from.1 - to.1)
            .atan2(to.0 - from.0)
            .to_degrees()
            .rem_euclid(360.0);
        let off = |a: f64| (a - angle).abs().min(360.0 - (a - angle).abs());
        let (a, name) = sides
            .iter()
            .min_by(|x, y| off(x.0).total_cmp(&off(y.0)))
            .unwrap();
        assert!(off(*a) < 5.0, "a side at {angle}°");
        *name
    };
    let mut out: BTreeMap<_, BTreeMap<String, String>> = BTreeMap::new();
    for h in map.shape().iter() {
        let entry = out.entry(h).or_default();
        if let Some(t) = map.terrain(h).and_then(|t| map.palette().get(t)) {
            entry.insert("Terrain".to_string(), t.name.clone());
        }
    }
    for (edge, t) in map.edges() {
        let name = map.edge_palette().get(t).unwrap().name.clone();
        let (a, b) = edge.hexes();
        for (h, other) in [(a, b), (b, a)] {
            if !map.shape().contains(h) {
                continue;
            }
            let side = compass(centres[&h], centres[&other]);
            let entry = out.entry(h).or_default();
            entry.insert(format!("Hexside_{side}"), name.clone());
        }
    }
    out
}

/// Where the terrain and hexside features VASSAL reports at a hex's centre differ from
/// the map's, for every hex of `map`.
fn data_faults(
    map: &HexMap,
    centres: &BTreeMap<hexmap::hex::Hex, (f64, f64)>,
    zones: &[Zone],
) -> Vec<String> {
    let mut faults = Vec::new();
    for (h, wanted) in expected_data(map, centres) {
        let label = map.hex_label(h);
        let Some(&p) = centres.get(&h) else {
            faults.push(format!("VASSAL names no centre {label}"));
            continue;
        };
        let empty = BTreeMap::new();
        let read = properties_at(zones, p).unwrap_or(&empty);
        // Terrain and hexsides: what the map holds, and no other.
        let seen: BTreeMap<&String, &String> = (read.iter())
            .filter(|(k, _)| *k == "Terrain" || k.starts_with("Hexside_"))
            .collect();
        let wanted: BTreeMap<&String, &String> = wanted.iter().collect();
        if seen != wanted {
            faults.push(format!(
                "{label}: VASSAL reads {seen:?}, the map holds {wanted:?}"
            ));
        }
    }
    faults
}

#[test]
fn vassal_reads_each_hexs_terrain_and_hexsides_from_its_zone_on_every_map() {
    let dir = tempfile::tempdir().unwrap();
    let mut sides = 0;
    for map_path in conformance_maps().into_iter().chain(bundled_maps()) {
        let map = read_path(&map_path).unwrap().map;
        let (build, board) = module_of(&map_path, dir.path(), &[]);
        let grid = VassalGrid::from_build_file(&build);
        let zones = zones_of(&build);
        let centres = centres_by_name(&map, &grid, &board);
        let found = data_faults(&map, &centres, &zones);
        assert!(found.is_empty(), "{}: {found:#?}", map_path.display());
        sides += map.edges().count();
    }
    assert!(
        sides > 20,
        "the samples have hexside features to read ({sides})"
    );
}

#[test]
fn zones_a_hex_off_fail_the_terrain_check() {
    // Every zone moved one column of hexes along the board, as a hand-drawn zone often is:
    // the check must fail on every conformance map and on the river sample's hexsides.
    let dir = tempfile::tempdir().unwrap();
    let river = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    for map_path in conformance_maps().into_iter().chain([river]) {
        let map = read_path(&map_path).unwrap().map;
        let (build, board) = module_of(&map_path, dir.path(), &[]);
        let grid = VassalGrid::from_build_file(&build);
        let centres = centres_by_name(&map, &grid, &board);
        let step = if grid.sideways {
            (0.0, grid.dx)
        } else {
            (grid.dx, 0.0)
        };
        let shifted: Vec<Zone> = zones_of(&build)
            .into_iter()
            .map(|z| Zone {
                points: (z.points.iter())
                    .map(|&(x, y)| (x + step.0, y + step.1))
                    .collect(),
                ..z
            })
            .collect();
        assert!(
            !data_faults(&map, &centres, &shifted).is_empty(),
            "{}: zones a hex off must fail",
            map_path.display()
        );
    }
}
