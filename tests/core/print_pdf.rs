//! PDF prints as poppler draws them: each page is rendered with
//! `pdftoppm -r 300` and measured against hexmap's own geometry — hex centres found from
//! the rendered pixels lie the requested hex size apart (within 0.1 mm), pages are the
//! requested paper (`pdfinfo`), neighbouring pages show the same hexes in their overlap,
//! every cell shows its colour on some page, and labels are real text (`pdftotext`).
//! Skipped when poppler-utils is missing, except under CI=true where it must be there.

use hexmap::draw::print::{Length, PageLayout, PageSetup, Paper, layout_map};
use hexmap::hex::{CoordSystem, Hex, OffsetKind, Orientation, Point};
use hexmap::io::format::{WriteOptions, by_name};
use hexmap::map::testing::TestMap;
use hexmap::map::{HexMap, MoveCost, Palette, Rgb, Terrain, TerrainId};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Whether poppler's tools run; under CI they must.
fn poppler() -> bool {
    let ok = Command::new("pdftoppm").arg("-v").output().is_ok()
        && Command::new("pdfinfo").arg("-v").output().is_ok();
    if !ok {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdftoppm and pdfinfo (apt package poppler-utils) are required under CI"
        );
        eprintln!("SKIPPED: poppler-utils is not installed");
    }
    ok
}

const LAND: [u8; 3] = [150, 190, 120];
const RED: [u8; 3] = [220, 20, 30];
const BLUE: [u8; 3] = [20, 40, 220];

fn terrain(id: u16, name: &str, color: [u8; 3]) -> Terrain {
    Terrain {
        id: TerrainId::new(id).unwrap(),
        name: name.into(),
        color: Rgb(color),
        symbol: name.chars().next().unwrap(),
        cost: MoveCost::whole(1),
        blocks_sight: false,
        art: Default::default(),
    }
}

/// A `w`×`h` map of `orientation` with hex size `size`, all land.
fn land_map(orientation: Orientation, size: Point, w: u32, h: u32) -> HexMap {
    let kind = OffsetKind::default_for(orientation);
    let palette = Palette::new(vec![
        terrain(1, "land", LAND),
        terrain(2, "red", RED),
        terrain(3, "blue", BLUE),
    ])
    .unwrap();
    let mut m = TestMap::rectangle(kind, w, h)
        .named("print test")
        .offset_kind(kind)
        .hex_size_xy(size.x, size.y)
        .palette(palette)
        .build();
    for c in m.shape().iter().collect::<Vec<_>>() {
        m.set_terrain(c, TerrainId::new(1)).unwrap();
    }
    m
}

fn write_pdf(map: &HexMap, opts: &WriteOptions, path: &Path) {
    hexmap::io::format::write_path(map, None, by_name("pdf").unwrap(), opts, path, &mut |_| {})
        .unwrap();
}

/// Page `page` (1-based) of `pdf` rendered at `dpi`.
fn render(pdf: &Path, page: usize, dpi: u32) -> tiny_skia::Pixmap {
    let stem = pdf.with_extension(format!("p{page}-{dpi}"));
    let n = page.to_string();
    let out = Command::new("pdftoppm")
        .args([
            "-r",
            &dpi.to_string(),
            "-f",
            &n,
            "-l",
            &n,
            "-singlefile",
            "-png",
        ])
        .arg(pdf)
        .arg(&stem)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Poppler reports malformed structure ("Syntax Error …") on stderr and draws on.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    tiny_skia::Pixmap::load_png(stem.with_extension(format!("p{page}-{dpi}.png"))).unwrap()
}

/// `pdfinfo`'s page count and first page size in points.
fn info(pdf: &Path) -> (usize, f64, f64) {
    let out = Command::new("pdfinfo").arg(pdf).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .trim()
            .to_string()
    };
    let pages = field("Pages:").parse().unwrap();
    let size = field("Page size:");
    let nums: Vec<f64> = size
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (pages, nums[0], nums[1])
}

/// Centroid in pixels of the pixels within 40 of `colour` in every channel.
fn centroid(img: &tiny_skia::Pixmap, colour: [u8; 3]) -> (f64, f64) {
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for y in 0..img.height() {
        for x in 0..img.width() {
            let p = img.pixel(x, y).unwrap();
            let c = [p.red(), p.green(), p.blue()];
            if c.iter().zip(colour).all(|(&a, b)| a.abs_diff(b) <= 40) {
                sx += f64::from(x) + 0.5;
                sy += f64::from(y) + 0.5;
                n += 1.0;
            }
        }
    }
    assert!(n > 100.0, "colour {colour:?} not found ({n} pixels)");
    (sx / n, sy / n)
}

fn px_to_mm(px: f64, dpi: u32) -> f64 {
    px / f64::from(dpi) * 25.4
}

fn colour_at(img: &tiny_skia::Pixmap, mm: (f64, f64), dpi: u32) -> [u8; 3] {
    let k = f64::from(dpi) / 25.4;
    let p = img
        .pixel((mm.0 * k) as u32, (mm.1 * k) as u32)
        .unwrap_or_else(|| panic!("{mm:?} is off the page"));
    [p.red(), p.green(), p.blue()]
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 6)
}

fn tmp() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.pdf");
    (dir, path)
}

/// Hexes painted red and blue on one page: the distance between their rendered centres
/// is what hexmap's geometry and the requested size say, within 0.1 mm; for pointy and
/// flat hexes, regular and stretched, in mm and inches.
#[test]
fn rendered_hex_centres_lie_the_requested_size_apart() {
    if !poppler() {
        return;
    }
    let dpi = 300;
    let cases = [
        (Orientation::Pointy, Point::new(10.0, 10.0), "19mm", (1, 0)),
        (
            Orientation::Pointy,
            Point::new(10.0, 10.0),
            "0.75in",
            (4, 0),
        ),
        (Orientation::Flat, Point::new(10.0, 10.0), "16mm", (0, 1)),
        // Stretched: the size is measured across the flat sides (x for pointy, y for flat).
        (Orientation::Pointy, Point::new(12.0, 7.0), "1in", (3, 0)),
        (Orientation::Flat, Point::new(9.0, 14.0), "5/8", (0, 4)),
    ];
    for (orientation, size, hex, (dq, dr)) in cases {
        let hex_size: Length = if hex == "5/8" {
            Length::inches(0.625)
        } else {
            hex.parse().unwrap()
        };
        let mut map = land_map(orientation, size, 6, 6);
        let a = Hex::new(1, 1);
        let b = Hex::new(1 + dq, 1 + dr);
        map.set_terrain(a, TerrainId::new(2)).unwrap();
        map.set_terrain(b, TerrainId::new(3)).unwrap();
        let opts = WriteOptions {
            grid: false,
            print: PageSetup {
                hex_size,
                ..PageSetup::default()
            },
            ..WriteOptions::default()
        };
        let (_dir, pdf) = tmp();
        write_pdf(&map, &opts, &pdf);
        assert_eq!(info(&pdf).0, 1, "a 6×6 map fits one A4 page");
        let img = render(&pdf, 1, dpi);
        let (ra, rb) = (centroid(&img, RED), centroid(&img, BLUE));
        let measured = px_to_mm(((ra.0 - rb.0).powi(2) + (ra.1 - rb.1).powi(2)).sqrt(), dpi);
        // hexmap's geometry: hexes `steps` apart along a flat-to-flat axis.
        let layout = map.layout().unwrap();
        let (pa, pb) = (layout.hex_to_pixel(a), layout.hex_to_pixel(b));
        let world = ((pa.x - pb.x).powi(2) + (pa.y - pb.y).powi(2)).sqrt();
        let steps = f64::from((dq + dr).max(1));
        let expected = steps * hex_size.to_mm();
        assert!(
            (world / hexmap::draw::print::flat_to_flat(&layout) - steps).abs() < 1e-9,
            "the two hexes are {steps} flat-to-flat steps apart"
        );
        assert!(
            (measured - expected).abs() < 0.1,
            "{orientation:?} {size:?} at {hex}: centres {measured:.3} mm apart, expected {expected:.3}"
        );
        // And they sit where the layout puts them on the paper.
        let layout_pages = layout_map(&map, &opts.print).unwrap();
        let page = layout_pages.page(0, 0);
        let want = layout_pages.to_paper(&page, pa);
        let got = (px_to_mm(ra.0, dpi), px_to_mm(ra.1, dpi));
        assert!(
            (want.0 - got.0).abs() < 0.1 && (want.1 - got.1).abs() < 0.1,
            "red hex at {got:?} mm, layout says {want:?}"
        );
    }
}

/// The page size pdfinfo reports is the requested paper, turned for landscape; a poster
/// is the map plus margins.
#[test]
fn pages_are_the_requested_paper() {
    if !poppler() {
        return;
    }
    let map = land_map(Orientation::Pointy, Point::new(10.0, 10.0), 6, 5);
    let pt = |mm: f64| mm * 72.0 / 25.4;
    let cases = [
        ("a4", false, (pt(210.0), pt(297.0))),
        ("letter", true, (792.0, 612.0)),
        ("a3", false, (pt(297.0), pt(420.0))),
        ("tabloid", false, (792.0, 1224.0)),
        ("22x34in", false, (22.0 * 72.0, 34.0 * 72.0)),
        ("300x200mm", false, (pt(300.0), pt(200.0))),
    ];
    for (paper, landscape, (w, h)) in cases {
        let opts = WriteOptions {
            print: PageSetup {
                paper: paper.parse::<Paper>().unwrap(),
                landscape,
                ..PageSetup::default()
            },
            ..WriteOptions::default()
        };
        let (_dir, pdf) = tmp();
        write_pdf(&map, &opts, &pdf);
        let (_, pw, ph) = info(&pdf);
        assert!(
            (pw - w).abs() < 0.01 && (ph - h).abs() < 0.01,
            "{paper}: {pw} × {ph} pt, expected {w} × {h}"
        );
    }
    let opts = WriteOptions {
        print: PageSetup {
            poster: true,
            ..PageSetup::default()
        },
        ..WriteOptions::default()
    };
    let (_dir, pdf) = tmp();
    write_pdf(&map, &opts, &pdf);
    let layout = layout_map(&map, &opts.print).unwrap();
    let (pages, pw, ph) = info(&pdf);
    assert_eq!(pages, 1);
    assert!((pw - pt(layout.paper_mm.0)).abs() < 0.01);
    assert!((ph - pt(layout.paper_mm.1)).abs() < 0.01);
    // The map (6 hexes of 19 mm plus half a hex of stagger) plus two 10 mm margins.
    assert!((layout.paper_mm.0 - (6.5 * 19.0 + 20.0)).abs() < 1e-6);
}

/// A board that takes several pages, its cells in many colours.
fn board() -> (HexMap, WriteOptions, PageLayout) {
    let kind = OffsetKind::default_for(Orientation::Pointy);
    let mut map = TestMap::rectangle(kind, 14, 12)
        .named("Overlap board")
        .hex_size(10.0)
        .build();
    let ids: Vec<TerrainId> = map.palette().terrains().iter().map(|t| t.id).collect();
    for h in map.shape().iter().collect::<Vec<_>>() {
        let pick = (h.q * 5 + h.r * 3).rem_euclid(ids.len() as i32) as usize;
        map.set_terrain(h, Some(ids[pick])).unwrap();
    }
    let opts = WriteOptions {
        grid: false,
        mines: false,
        marks: true,
        print: PageSetup {
            hex_size: "19mm".parse().unwrap(),
            paper: "a5".parse().unwrap(),
            overlap: "20mm".parse().unwrap(),
            ..PageSetup::default()
        },
        ..WriteOptions::default()
    };
    let layout = layout_map(&map, &opts.print).unwrap();
    (map, opts, layout)
}

/// Each cell's colour, by its terrain.
fn cell_colour(map: &HexMap, h: Hex) -> Option<[u8; 3]> {
    let id = map.terrain(h)?;
    Some(map.palette().get(id)?.color.0)
}

/// Every cell of the map shows its own colour at its centre on a page whose part holds
/// it, and cells in the overlap of two neighbouring pages show on both.
#[test]
fn every_cell_is_on_some_page_and_overlaps_show_the_same_hexes() {
    if !poppler() {
        return;
    }
    let (map, opts, layout) = board();
    assert!(layout.rows >= 2 && layout.cols >= 2, "{layout:?}");
    let (_dir, pdf) = tmp();
    write_pdf(&map, &opts, &pdf);
    let (pages, _, _) = info(&pdf);
    assert_eq!(
        pages,
        layout.page_count() + 1,
        "an index page, then the board"
    );
    let dpi = 100;
    let images: Vec<_> = (0..layout.page_count())
        .map(|i| render(&pdf, i + 2, dpi))
        .collect();
    let world = map.layout().unwrap();
    // Inside a page's part by at least a millimetre: the sample point is on the page.
    let inset = 1.0 / layout.mm_per_unit;
    let mut in_overlap = 0;
    for h in map.shape().iter() {
        let want = cell_colour(&map, h).unwrap();
        let c = world.hex_to_pixel(h);
        let mut shown_on = 0;
        for (i, page) in layout.pages().enumerate() {
            let (a, b) = page.world;
            if c.x < a.x + inset || c.x > b.x - inset || c.y < a.y + inset || c.y > b.y - inset {
                continue;
            }
            let got = colour_at(&images[i], layout.to_paper(&page, c), dpi);
            assert!(
                near(got, want),
                "cell {h:?} on page {} (row {}, col {}): {got:?}, expected {want:?}",
                i + 2,
                page.row,
                page.col
            );
            shown_on += 1;
        }
        assert!(shown_on >= 1, "cell {h:?} is on no page");
        if shown_on >= 2 {
            in_overlap += 1;
        }
    }
    assert!(in_overlap >= 10, "only {in_overlap} cells in overlaps");
    // Each overlap strip holds hex centres, and (above) those hexes show on both pages.
    for (a, b) in layout.overlaps() {
        let inside = map
            .shape()
            .iter()
            .filter(|&h| {
                let c = world.hex_to_pixel(h);
                c.x > a.x + inset && c.x < b.x - inset && c.y > a.y + inset && c.y < b.y - inset
            })
            .count();
        assert!(
            inside >= 1,
            "no hex centre in the overlap strip {a:?}–{b:?}"
        );
    }
}

/// Labels, the caption and the index are real text: pdftotext finds them.
#[test]
fn labels_and_captions_are_searchable_text() {
    if !poppler() {
        return;
    }
    let (map, mut opts, layout) = board();
    opts.labels = Some(CoordSystem::Xxyy);
    let (_dir, pdf) = tmp();
    write_pdf(&map, &opts, &pdf);
    let out = Command::new("pdftotext")
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for want in [
        "0101",
        "1412",
        "Overlap board",
        &format!("row 1 / col 2 of {}×{}", layout.rows, layout.cols),
        "Hex size 19.0 mm (0.748 in)",
    ] {
        assert!(text.contains(want), "pdftotext has no {want:?}:\n{text}");
    }
}

/// Poppler places label "0101" (hex (0, 0)) centred on the hex's centre: its word box
/// from `pdftotext -bbox`, computed with the widths of the embedded font, is centred there
/// within 0.1 mm, so hexmap's widths match the ones readers use.
#[test]
fn labels_are_centred_on_their_hexes_as_poppler_measures_them() {
    if !poppler() {
        return;
    }
    let (map, mut opts, layout) = board();
    opts.labels = Some(CoordSystem::Xxyy);
    let (_dir, pdf) = tmp();
    write_pdf(&map, &opts, &pdf);
    let out = Command::new("pdftotext")
        .args(["-bbox", "-f", "2", "-l", "2"])
        .arg(&pdf)
        .arg("-")
        .output()
        .unwrap();
    let html = String::from_utf8_lossy(&out.stdout);
    let line = html
        .lines()
        .find(|l| l.contains(">0101</word>"))
        .unwrap_or_else(|| panic!("no 0101 on page 2:\n{html}"));
    let attr = |name: &str| -> f64 {
        let start = line.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        line[start..].split('"').next().unwrap().parse().unwrap()
    };
    let centre_pt = (attr("xMin") + attr("xMax")) / 2.0;
    let world = map.layout().unwrap().hex_to_pixel(Hex::new(0, 0));
    let (x_mm, _) = layout.to_paper(&layout.page(0, 0), world);
    let got_mm = centre_pt * 25.4 / 72.0;
    assert!(
        (got_mm - x_mm).abs() < 0.1,
        "label centre at {got_mm:.3} mm, hex centre at {x_mm:.3} mm"
    );
}

/// `--to png --dpi 300 --hex-size 19mm`: hexes 19 mm flat to flat at 300 dpi are 224.4
/// pixels apart, and the PNG says it is 300 dpi.
#[test]
fn png_at_a_dpi_has_the_hex_size_in_pixels_that_follows() {
    let mut map = land_map(Orientation::Flat, Point::new(9.0, 14.0), 5, 5);
    map.set_terrain(Hex::new(1, 1), TerrainId::new(2)).unwrap();
    map.set_terrain(Hex::new(1, 3), TerrainId::new(3)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (ron, png) = (dir.path().join("m.ron"), dir.path().join("m.png"));
    hexmap::io::save(&ron, &map, hexmap::io::Form::Offset).unwrap();
    assert_cmd::Command::cargo_bin("hexmap")
        .unwrap()
        .args(["export"])
        .arg(&ron)
        .args([
            "--to",
            "png",
            "--no-grid",
            "--dpi",
            "300",
            "--hex-size",
            "19mm",
        ])
        .arg(&png)
        .assert()
        .success();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[37..41], b"pHYs", "resolution recorded");
    let img = tiny_skia::Pixmap::decode_png(&bytes).unwrap();
    let (r, b) = (centroid(&img, RED), centroid(&img, BLUE));
    let d = ((r.0 - b.0).powi(2) + (r.1 - b.1).powi(2)).sqrt();
    let want = 2.0 * 19.0 / 25.4 * 300.0;
    assert!((d - want).abs() < 1.0, "{d} px, expected {want}");
}

/// Hostile print options are refused with a message saying what to change, never a panic.
#[test]
fn bad_print_options_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let ron = dir.path().join("m.ron");
    let map = land_map(Orientation::Pointy, Point::new(10.0, 10.0), 40, 40);
    hexmap::io::save(&ron, &map, hexmap::io::Form::Offset).unwrap();
    let cases: [(&[&str], &str); 10] = [
        (&["--to", "pdf", "--hex-size", "0mm"], "out of range"),
        (
            &["--to", "pdf", "--hex-size", "1000000000mm"],
            "out of range",
        ),
        (&["--to", "pdf", "--hex-size", "19"], "0.75in"),
        (&["--to", "pdf", "--paper", "b17"], "is not a paper"),
        (&["--to", "pdf", "--margin", "150mm"], "margin"),
        (&["--to", "pdf", "--overlap", "1e9mm"], "overlap"),
        (
            &["--to", "pdf", "--hex-size", "2mm", "--paper", "1e9x1e9mm"],
            "larger than",
        ),
        (&["--to", "pdf", "--hex-size", "500mm"], "page limit"),
        (&["--to", "png", "--dpi", "300"], "--dpi needs --hex-size"),
        (
            &["--to", "png", "--dpi", "5", "--hex-size", "19mm"],
            "a print resolution must be from 10 to 2400 dpi, got 5",
        ),
    ];
    for (args, message) in cases {
        let out = assert_cmd::Command::cargo_bin("hexmap")
            .unwrap()
            .arg("export")
            .arg(&ron)
            .args(args)
            .arg(dir.path().join("out.pdf"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    assert!(!dir.path().join("out.pdf").exists(), "nothing written");
}

/// The darkest grey (0 black, 255 white) in a `w`×`h` mm box at `mm` on a rendered page.
fn darkest_in(img: &tiny_skia::Pixmap, mm: (f64, f64), size: (f64, f64), dpi: u32) -> u8 {
    let k = f64::from(dpi) / 25.4;
    let (x0, y0) = ((mm.0 * k) as u32, (mm.1 * k) as u32);
    let (x1, y1) = (((mm.0 + size.0) * k) as u32, ((mm.1 + size.1) * k) as u32);
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter_map(|(x, y)| img.pixel(x, y))
        .map(|p| p.red().min(p.green()).min(p.blue()))
        .min()
        .unwrap_or(255)
}

/// The command line's PDF, by default and with `--no-marks`: the assembly index (page 1,
/// read by `pdftotext`) tells a person to trim at the crop marks only when the board pages
/// have them (a crop mark in the top-left margin of page 2, as poppler draws it), and the
/// default is the editor's Print window's (`MARKS_BY_DEFAULT`).
#[test]
fn the_index_speaks_of_crop_marks_only_when_they_are_printed() {
    if !poppler() {
        return;
    }
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron");
    let dir = tempfile::tempdir().unwrap();
    for (flag, marks) in [
        (None, true),
        (Some("--no-marks"), false),
        (Some("--marks"), true),
    ] {
        let pdf = dir
            .path()
            .join(format!("hc-{marks}-{}.pdf", flag.unwrap_or("default")));
        let mut cmd = assert_cmd::Command::cargo_bin("hexmap").unwrap();
        cmd.arg("export").arg(&map).args(["--to", "pdf"]).arg(&pdf);
        if let Some(f) = flag {
            cmd.arg(f);
        }
        cmd.assert().success();
        assert!(info(&pdf).0 > 2, "an index and several board pages");
        let text = Command::new("pdftotext")
            .args(["-f", "1", "-l", "1"])
            .arg(&pdf)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&text.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let says_marks = text.contains("Trim each page at its crop marks");
        assert_eq!(says_marks, marks, "{flag:?}: page 1 reads {text:?}");
        if !marks {
            assert!(
                text.contains("Trim each page at the edge of its map area"),
                "{text}"
            );
        }
        // Page 2: the map area starts at the 10 mm margin; a crop mark runs along its top
        // edge out into the left margin (1 to 9 mm from the paper's edge).
        let page = render(&pdf, 2, 150);
        let ink = darkest_in(&page, (2.0, 9.0), (6.0, 2.0), 150);
        assert_eq!(
            ink < 160,
            marks,
            "{flag:?}: darkest grey {ink} where a crop mark goes"
        );
    }
    assert_eq!(
        hexmap::draw::print::MARKS_BY_DEFAULT,
        hexmap::io::format::WriteOptions::default().marks
    );
}
