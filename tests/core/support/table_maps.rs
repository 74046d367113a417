//! What the table export tests (VASSAL, Foundry, Godot) share: the maps they run on and
//! the mark they draw on a consumer's hex centres for the docs' pictures.

use std::path::{Path, PathBuf};

/// The `.ron` files of `dir`, sorted.
fn maps_in(dir: &Path) -> Vec<PathBuf> {
    let mut maps: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    maps.sort();
    maps
}

/// The conformance maps (`maps/conformance/`): one per layout, eight.
pub fn conformance_maps() -> Vec<PathBuf> {
    let maps = maps_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/conformance"));
    assert_eq!(maps.len(), 8, "one conformance map per layout: {maps:?}");
    maps
}

/// The bundled samples (`maps/*.ron`).
pub fn bundled_maps() -> Vec<PathBuf> {
    maps_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("maps"))
}

/// Mark a consumer's hex centre at (`x`, `y`) on `img`: a white ring with a black dot.
pub fn mark_centre(img: &mut tiny_skia::Pixmap, x: f32, y: f32) {
    let mut paint = tiny_skia::Paint::default();
    for (r, [red, g, b]) in [(5.0, [255, 255, 255]), (2.5, [0, 0, 0])] {
        paint.set_color_rgba8(red, g, b, 255);
        let circle = tiny_skia::PathBuilder::from_circle(x, y, r).unwrap();
        img.fill_path(
            &circle,
            &paint,
            tiny_skia::FillRule::Winding,
            tiny_skia::Transform::identity(),
            None,
        );
    }
}
