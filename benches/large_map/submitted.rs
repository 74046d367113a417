//! What a frame hands the GPU as the view zooms in: vertices and triangles after
//! tessellation (the whole window: map, panels, text) and the map's own share (chunk
//! meshes drawn), on the bundled island (1,200 hexes), the 1000 × 1000 map and the
//! 3163 × 3163 one (ten million hexes), at the same
//! on-screen hex sizes, looking at each map's middle. The GPU's work per frame must follow
//! what is on screen, not the map's size. Printed, not timed.
//!
//! `cargo bench --bench large_map -- gpu_load`. Results: docs/BENCHMARKS.md, "What a frame
//! hands the GPU".

use super::*;

/// Hex radii (screen points) looked at: the whole map, and on-screen sizes from the
/// smallest hexagons (4 px) to large ones.
const RADII: [Option<f64>; 6] = [
    None,
    Some(4.0),
    Some(6.5),
    Some(11.0),
    Some(23.1),
    Some(60.0),
];

/// Vertices and triangles of a frame at each radius, printed as a table row per map.
pub(super) fn gpu_load(_c: &mut Criterion) {
    if !huge::wanted("gpu_load") {
        return;
    }
    let island = hexmap::app::files::sample::island()
        .expect("the bundled sample")
        .0;
    for (name, map) in [
        ("island", island),
        ("pointy_1000x1000", terrain::varied_map(1000, 1000, 7)),
        ("pointy_3163x3163", terrain::varied_map(3163, 3163, 7)),
    ] {
        let mut ed = Editor::new(map);
        let fit = *ed.app.view().camera();
        for radius in RADII {
            match radius {
                None => ed.app.set_camera(fit),
                Some(px) => ed.look_at(fit.centre, px),
            }
            // Warm the chunk cache (texel blocks are built within a budget a frame).
            for _ in 0..200 {
                ed.frame(Vec::new());
                if ed.app.view().paint_stats().pending == 0 {
                    break;
                }
            }
            let (vertices, triangles) = ed.frame_load(Vec::new());
            let stats = ed.app.view().paint_stats();
            eprintln!(
                "gpu_load {name} hex radius {:>6.2} px: {:>5} chunks drawn, map {:>7} \
                 vertices; frame {:>7} vertices, {:>7} triangles",
                ed.radius_px(),
                stats.drawn,
                stats.vertices,
                vertices,
                triangles
            );
        }
    }
}
