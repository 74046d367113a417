//! Make the sample tile art of the hexcrawl map: small PNG tiles drawn with
//! tiny-skia — grass tufts, two forests, hills, waves (grey, tinted by the sea colour) —
//! and a hand-written SVG of mountains; transparent where the terrain colour should show.
//! Also a hand-written SVG icon of standing stones, a user-image icon on the map.
//! Deterministic; the images are committed in `maps/art/`.
//!
//! `cargo run --example make_tile_art -- [FOLDER]` (default `maps/art`)

use std::path::PathBuf;
use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

/// Side of each tile in pixels.
const SIDE: u32 = 128;

/// A small deterministic generator (a linear congruential sequence), so the art is the
/// same on every run.
struct Seq(u64);

impl Seq {
    /// The next number in 0..1.
    fn next(&mut self) -> f32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 40) as f32) / ((1u64 << 24) as f32)
    }
}

fn paint(r: u8, g: u8, b: u8, a: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(r, g, b, a));
    p.anti_alias = true;
    p
}

/// Scattered points, kept away from each other and from the tile's border.
fn scatter(seed: u64, count: usize, gap: f32) -> Vec<(f32, f32)> {
    let mut s = Seq(seed);
    let mut points: Vec<(f32, f32)> = Vec::new();
    let side = SIDE as f32;
    for _ in 0..count * 40 {
        if points.len() == count {
            break;
        }
        let p = (
            14.0 + s.next() * (side - 28.0),
            14.0 + s.next() * (side - 28.0),
        );
        if points.iter().all(|q| (q.0 - p.0).hypot(q.1 - p.1) >= gap) {
            points.push(p);
        }
    }
    points.sort_by(|a, b| a.1.total_cmp(&b.1));
    points
}

fn grass(seed: u64) -> Pixmap {
    let mut pm = Pixmap::new(SIDE, SIDE).expect("tile size");
    let stroke = Stroke {
        width: 1.6,
        ..Stroke::default()
    };
    for (x, y) in scatter(seed, 22, 16.0) {
        let mut pb = PathBuilder::new();
        for dx in [-3.0f32, 0.0, 3.0] {
            pb.move_to(x + dx * 0.4, y);
            pb.line_to(x + dx, y - 6.0 + dx.abs() * 0.5);
        }
        if let Some(path) = pb.finish() {
            pm.stroke_path(
                &path,
                &paint(58, 110, 40, 200),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
    pm
}

fn forest(seed: u64, count: usize) -> Pixmap {
    let mut pm = Pixmap::new(SIDE, SIDE).expect("tile size");
    let outline = Stroke {
        width: 1.5,
        ..Stroke::default()
    };
    for (x, y) in scatter(seed, count, 22.0) {
        // Trunk, then a round crown with a darker outline.
        let trunk = tiny_skia::Rect::from_xywh(x - 1.5, y + 2.0, 3.0, 7.0).expect("trunk");
        pm.fill_rect(trunk, &paint(92, 62, 35, 255), Transform::identity(), None);
        if let Some(crown) = PathBuilder::from_circle(x, y - 3.0, 8.0) {
            pm.fill_path(
                &crown,
                &paint(34, 96, 44, 255),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
            pm.stroke_path(
                &crown,
                &paint(16, 56, 24, 255),
                &outline,
                Transform::identity(),
                None,
            );
        }
        if let Some(shine) = PathBuilder::from_circle(x - 2.5, y - 6.0, 2.5) {
            pm.fill_path(
                &shine,
                &paint(90, 160, 80, 160),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    pm
}

fn hills() -> Pixmap {
    let mut pm = Pixmap::new(SIDE, SIDE).expect("tile size");
    let stroke = Stroke {
        width: 2.5,
        ..Stroke::default()
    };
    for (x, y, w) in [
        (40.0f32, 58.0f32, 26.0f32),
        (84.0, 50.0, 30.0),
        (62.0, 88.0, 28.0),
    ] {
        let mut pb = PathBuilder::new();
        pb.move_to(x - w, y);
        pb.cubic_to(x - w * 0.5, y - w * 0.9, x + w * 0.5, y - w * 0.9, x + w, y);
        if let Some(path) = pb.finish() {
            pm.stroke_path(
                &path,
                &paint(110, 86, 40, 230),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
    pm
}

fn waves() -> Pixmap {
    let mut pm = Pixmap::new(SIDE, SIDE).expect("tile size");
    // Grey art: the terrain colour tints it (the sea's `tile_tint`).
    pm.fill(Color::from_rgba8(205, 205, 205, 255));
    let stroke = Stroke {
        width: 2.0,
        ..Stroke::default()
    };
    for (i, (x, y)) in scatter(7, 9, 30.0).into_iter().enumerate() {
        let mut pb = PathBuilder::new();
        pb.move_to(x - 10.0, y);
        pb.quad_to(x - 5.0, y - 5.0, x, y);
        pb.quad_to(x + 5.0, y - 5.0, x + 10.0, y);
        if let Some(path) = pb.finish() {
            let shade = if i % 2 == 0 { 255 } else { 235 };
            pm.stroke_path(
                &path,
                &paint(shade, shade, shade, 255),
                &stroke,
                Transform::identity(),
                None,
            );
        }
    }
    pm
}

/// Mountains as SVG text (three peaks with snow caps), to show SVG tile art.
const MOUNTAINS_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <g stroke="#4a4540" stroke-width="2.5" stroke-linejoin="round">
    <path d="M14 96 L44 40 L74 96 Z" fill="#9c958e"/>
    <path d="M54 100 L86 30 L118 100 Z" fill="#8a847d"/>
    <path d="M30 108 L56 64 L82 108 Z" fill="#a8a29b"/>
  </g>
  <g fill="#f4f4f2">
    <path d="M37 53 L44 40 L51 53 L47 50 L44 55 L41 50 Z"/>
    <path d="M78 47 L86 30 L94 47 L90 44 L86 50 L82 44 Z"/>
  </g>
</svg>
"##;

/// A ring of standing stones as SVG text, to show a user-image icon (on the map and in
/// its legend).
const STONES_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <ellipse cx="32" cy="42" rx="27" ry="12" fill="#d8d0b8" stroke="#6a6050" stroke-width="1.5"/>
  <g fill="#8f8a80" stroke="#2e2a24" stroke-width="2" stroke-linejoin="round">
    <path d="M14 34 L15 18 L21 16 L22 34 Z"/>
    <path d="M28 31 L28 12 L36 11 L37 31 Z"/>
    <path d="M43 34 L43 17 L50 18 L51 35 Z"/>
    <path d="M6 46 L7 33 L13 32 L14 47 Z"/>
    <path d="M50 47 L51 32 L57 33 L58 46 Z"/>
    <path d="M22 54 L22 38 L30 37 L30 55 Z"/>
    <path d="M35 55 L35 37 L43 38 L43 54 Z"/>
  </g>
</svg>
"##;

fn main() {
    let folder = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "maps/art".into()));
    if let Err(e) = std::fs::create_dir_all(&folder) {
        eprintln!("error: {}: {e}", folder.display());
        std::process::exit(1);
    }
    let pngs = [
        ("grass-1.png", grass(1)),
        ("grass-2.png", grass(2)),
        ("forest-1.png", forest(3, 9)),
        ("forest-2.png", forest(4, 11)),
        ("hills.png", hills()),
        ("waves.png", waves()),
    ];
    for (name, pixmap) in pngs {
        let path = folder.join(name);
        match pixmap.save_png(&path) {
            Ok(()) => println!("wrote {}", path.display()),
            Err(e) => eprintln!("error: {}: {e}", path.display()),
        }
    }
    for (name, text) in [
        ("mountains.svg", MOUNTAINS_SVG),
        ("standing-stones.svg", STONES_SVG),
    ] {
        let path = folder.join(name);
        match std::fs::write(&path, text) {
            Ok(()) => println!("wrote {}", path.display()),
            Err(e) => eprintln!("error: {}: {e}", path.display()),
        }
    }
}
