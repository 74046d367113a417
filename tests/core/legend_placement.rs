//! The legend beside the map covers none of it, and a print's key
//! fits. The hexcrawl sample with its legend turned on (as View → Legend saves it) is
//! exported through the CLI with and without the legend; every hex centre of the map is
//! compared in the decoded PNG and in librsvg's rendering of the SVG. The PDF is read back
//! with poppler (`pdftotext -bbox`): the key is on a page of its own (or on the first
//! board page when asked), inside the page, and the assembly page's numbers cover no
//! place name.

use assert_cmd::Command;
use hexmap::draw::print::{PageSetup, layout_map};
use hexmap::hex::Point;
use hexmap::map::{Corner, HexMap, Label, Rgb, ViewSettings};
use std::path::{Path, PathBuf};

/// The hexcrawl sample copied into `dir` (with its tile art) with the legend turned on.
fn hexcrawl_with_legend(dir: &Path) -> (PathBuf, HexMap) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
    let art = dir.join("art");
    std::fs::create_dir_all(&art).unwrap();
    for f in std::fs::read_dir(root.join("art")).unwrap() {
        let f = f.unwrap();
        std::fs::copy(f.path(), art.join(f.file_name())).unwrap();
    }
    let (mut map, _) = hexmap::io::load(&root.join("hexcrawl.ron")).unwrap();
    map.set_view(ViewSettings {
        legend: Some(Corner::BottomRight),
        ..ViewSettings::default()
    });
    let path = dir.join("hc.ron");
    hexmap::io::save(&path, &map, hexmap::io::Form::Offset).unwrap();
    (path, map)
}

fn export(map: &Path, to: &str, out: &Path, extra: &[&str]) {
    let o = Command::cargo_bin("hexmap")
        .unwrap()
        .arg("export")
        .arg(map)
        .args(["--to", to])
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `svg` drawn by librsvg, or `None` when rsvg-convert is missing (an error under CI).
fn rsvg(svg: &Path) -> Option<tiny_skia::Pixmap> {
    let png = svg.with_extension("rsvg.png");
    let Ok(o) = std::process::Command::new("rsvg-convert")
        .arg("-o")
        .arg(&png)
        .arg(svg)
        .output()
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "rsvg-convert is required under CI"
        );
        eprintln!("SKIPPED: rsvg-convert is not installed");
        return None;
    };
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    Some(tiny_skia::Pixmap::load_png(&png).unwrap())
}

/// The pixel of every hex centre of `map` in a picture drawn with `scale` px per world
/// unit and `offset`, read from `img`.
fn centre_pixels(map: &HexMap, img: &tiny_skia::Pixmap, t: (f64, (f64, f64))) -> Vec<[u8; 4]> {
    let layout = map.layout().unwrap();
    map.shape()
        .iter()
        .map(|h| {
            let p = layout.hex_to_pixel(h);
            let (x, y) = (p.x * t.0 + t.1.0, p.y * t.0 + t.1.1);
            let c = img
                .pixel(x as u32, y as u32)
                .expect("the centre is in the picture");
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// The transform a PNG states in its `hexmap-transform` text chunk.
fn png_transform(png: &[u8]) -> (f64, (f64, f64)) {
    let text = hexmap::io::render::png_meta::read_text(png, "hexmap-transform").unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    (
        v["scale"].as_f64().unwrap(),
        (
            v["offset"][0].as_f64().unwrap(),
            v["offset"][1].as_f64().unwrap(),
        ),
    )
}

#[test]
fn the_hexcrawl_legend_sits_beside_the_map_and_covers_no_hex() {
    let dir = tempfile::tempdir().unwrap();
    let (src, map) = hexcrawl_with_legend(dir.path());
    for (to, ext) in [("png", "png"), ("svg", "svg")] {
        let with = dir.path().join(format!("with.{ext}"));
        let without = dir.path().join(format!("without.{ext}"));
        export(&src, to, &with, &[]);
        export(&src, to, &without, &["--legend", "none"]);
        let (a, b) = if to == "png" {
            (
                tiny_skia::Pixmap::load_png(&with).unwrap(),
                tiny_skia::Pixmap::load_png(&without).unwrap(),
            )
        } else {
            let text = std::fs::read_to_string(&with).unwrap();
            assert!(text.contains(">Legend</text>"), "the SVG has its legend");
            match (rsvg(&with), rsvg(&without)) {
                (Some(a), Some(b)) => (a, b),
                _ => return,
            }
        };
        assert!(
            a.width() > b.width() + 80,
            "{to}: the picture grew to hold the legend"
        );
        let t = png_transform(&std::fs::read(dir.path().join("without.png")).unwrap());
        let (pa, pb) = (centre_pixels(&map, &a, t), centre_pixels(&map, &b, t));
        let covered: Vec<_> = map
            .shape()
            .iter()
            .zip(pa.iter().zip(&pb))
            .filter(|(_, (x, y))| x != y)
            .map(|(h, _)| h)
            .collect();
        assert!(
            covered.is_empty(),
            "{to}: the legend covers hexes {covered:?}"
        );
    }
    // Below the map: the picture grows taller instead, and still covers nothing.
    let below = dir.path().join("below.png");
    export(&src, "png", &below, &["--legend", "below"]);
    let plain = tiny_skia::Pixmap::load_png(dir.path().join("without.png")).unwrap();
    let under = tiny_skia::Pixmap::load_png(&below).unwrap();
    assert!(under.height() > plain.height() + 80);
    let t = png_transform(&std::fs::read(&below).unwrap());
    assert_eq!(
        centre_pixels(&map, &under, t),
        centre_pixels(&map, &plain, t)
    );
    // Over a corner when asked: then it does cover hexes (the user's choice).
    let over = dir.path().join("over.png");
    export(&src, "png", &over, &["--legend", "bottom-right"]);
    let over = tiny_skia::Pixmap::load_png(&over).unwrap();
    assert_eq!(over.width(), plain.width());
    assert_ne!(
        centre_pixels(&map, &over, t),
        centre_pixels(&map, &plain, t)
    );
}

/// The words poppler reads on each page of `pdf` with their boxes (x0, y0, x1, y1 in
/// points) and each page's size, or `None` when poppler is missing (an error under CI).
#[allow(clippy::type_complexity)]
fn pdf_words(pdf: &Path) -> Option<Vec<((f64, f64), Vec<(String, [f64; 4])>)>> {
    let Ok(o) = std::process::Command::new("pdftotext")
        .arg("-bbox")
        .arg(pdf)
        .arg("-")
        .output()
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "pdftotext is required under CI"
        );
        eprintln!("SKIPPED: poppler-utils is not installed");
        return None;
    };
    assert!(o.status.success());
    let html = String::from_utf8_lossy(&o.stdout).into_owned();
    let attr = |tag: &str, name: &str| -> f64 {
        let at = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    };
    let mut pages = Vec::new();
    for page in html.split("<page ").skip(1) {
        let head = page.split('>').next().unwrap();
        let size = (attr(head, "width"), attr(head, "height"));
        let words = page
            .split("<word ")
            .skip(1)
            .map(|w| {
                let (tag, rest) = w.split_once('>').unwrap();
                let text = rest.split("</word>").next().unwrap().to_string();
                let b = ["xMin", "yMin", "xMax", "yMax"].map(|n| attr(tag, n));
                (text, b)
            })
            .collect();
        pages.push((size, words));
    }
    Some(pages)
}

fn pdf(map: &HexMap, dir: &Path, name: &str, legend: &str) -> PathBuf {
    let src = dir.join(format!("{name}.ron"));
    hexmap::io::save(&src, map, hexmap::io::Form::Offset).unwrap();
    let out = dir.join(format!("{name}.pdf"));
    let mut args = vec!["--hex-size", "19mm"];
    if !legend.is_empty() {
        args.extend(["--legend", legend]);
    }
    export(&src, "pdf", &out, &args);
    out
}

#[test]
fn a_print_gets_a_key_that_fits_on_its_own_page_or_the_first_board_page() {
    let dir = tempfile::tempdir().unwrap();
    let (_, map) = hexcrawl_with_legend(dir.path());
    let names: Vec<String> = hexmap::draw::legend::legend_entries(&map)
        .into_iter()
        .map(|e| e.name)
        .collect();
    let inside = |size: (f64, f64), b: &[f64; 4]| {
        b[0] >= 0.0 && b[1] >= 0.0 && b[2] <= size.0 && b[3] <= size.1
    };
    // The map's own legend setting: a key page of its own, after the board.
    let Some(pages) = pdf_words(&pdf(&map, dir.path(), "own", "")) else {
        return;
    };
    assert!(
        pages.len() >= 3,
        "index, board pages and key: {}",
        pages.len()
    );
    let (index, key) = (&pages[0], pages.last().unwrap());
    assert!(
        !index.1.iter().any(|(w, _)| w == "Legend"),
        "no legend on the assembly page"
    );
    let index_text: Vec<&str> = index.1.iter().map(|(w, _)| w.as_str()).collect();
    assert!(
        index_text
            .join(" ")
            .contains(&format!("key (legend) is on page {}", pages.len())),
        "the index says where the key is: {index_text:?}"
    );
    for (w, b) in index.1.iter().chain(&key.1) {
        assert!(inside(index.0, b), "{w:?} at {b:?} runs off its page");
    }
    let key_text: Vec<&str> = key.1.iter().map(|(w, _)| w.as_str()).collect();
    assert!(key_text.contains(&"Legend"), "{key_text:?}");
    for name in &names {
        for part in name.split_whitespace() {
            assert!(
                key_text.contains(&part),
                "{part:?} on the key page: {key_text:?}"
            );
        }
    }
    // Over a corner: on the first board page, inside it.
    let Some(pages) = pdf_words(&pdf(&map, dir.path(), "over", "top-left")) else {
        return;
    };
    let first_board = &pages[1];
    assert!(first_board.1.iter().any(|(w, _)| w == "Legend"));
    let parts: Vec<&str> = names.iter().flat_map(|n| n.split_whitespace()).collect();
    for (w, b) in &first_board.1 {
        if w == "Legend" || parts.contains(&w.as_str()) {
            assert!(inside(first_board.0, b), "{w:?} at {b:?} runs off the page");
        }
    }
    assert!(
        !pages
            .iter()
            .skip(2)
            .any(|p| p.1.iter().any(|(w, _)| w == "Legend"))
    );
}

#[test]
fn the_assembly_page_numbers_cover_no_place_name() {
    let dir = tempfile::tempdir().unwrap();
    let (_, mut map) = hexcrawl_with_legend(dir.path());
    let setup = PageSetup {
        hex_size: "19mm".parse().unwrap(),
        ..PageSetup::default()
    };
    let layout = layout_map(&map, &setup).unwrap();
    assert!(layout.page_count() > 1);
    // A place name on the middle of every page's part, where the numbers used to go.
    for (i, page) in layout.pages().enumerate() {
        let (a, b) = page.world;
        let label = Label {
            gm_only: false,
            size: 0.6,
            color: Rgb([20, 20, 20]),
            ..Label::new(
                format!("Zed{i}"),
                Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0),
            )
        };
        let id = map.labels().next_id();
        map.add_label(id, label).unwrap();
    }
    let Some(pages) = pdf_words(&pdf(&map, dir.path(), "numbers", "none")) else {
        return;
    };
    let index = &pages[0].1;
    let overlap =
        |p: &[f64; 4], q: &[f64; 4]| p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3];
    let numbers: Vec<_> = (2..2 + layout.page_count())
        .map(|n| {
            index
                .iter()
                .find(|(w, _)| *w == n.to_string())
                .unwrap_or_else(|| panic!("page number {n} on the index: {index:?}"))
        })
        .collect();
    let names: Vec<_> = index.iter().filter(|(w, _)| w.starts_with("Zed")).collect();
    assert_eq!(names.len(), layout.page_count(), "{index:?}");
    for (n, nb) in &numbers {
        for (w, wb) in &names {
            assert!(!overlap(nb, wb), "page number {n} {nb:?} covers {w} {wb:?}");
        }
    }
}
