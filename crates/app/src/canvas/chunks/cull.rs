//! What of a cached chunk mesh a frame hands the GPU: a chunk wholly on view goes as it
//! is, one off view not at all, and one the view's edge cuts only its triangles that reach
//! into the view (with the vertices they use). So the vertices and triangles a frame
//! submits follow what is on screen, however much of a 32 × 32 chunk lies beyond the
//! canvas's edge: zoomed in on a large map, partly seen chunks were most of the load.

use eframe::egui::{Mesh, Rect};

/// Reused between meshes of a frame: where each vertex of the mesh being cut went.
#[derive(Default)]
pub(crate) struct Culler {
    remap: Vec<u32>,
}

/// Not yet copied into the cut mesh.
const UNSEEN: u32 = u32::MAX;

impl Culler {
    /// The part of `mesh` (its vertices' bounding box `bounds`) that meets `view`, both in
    /// the mesh's own coordinates: the whole mesh when `view` holds it, `None` when they
    /// do not meet, else the triangles whose bounding boxes meet `view`.
    pub(crate) fn visible(&mut self, mesh: &Mesh, bounds: Rect, view: Rect) -> Option<Mesh> {
        if !view.intersects(bounds) {
            return None;
        }
        if view.contains_rect(bounds) {
            return Some(mesh.clone());
        }
        self.remap.clear();
        self.remap.resize(mesh.vertices.len(), UNSEEN);
        let mut out = Mesh::with_texture(mesh.texture_id);
        for t in mesh.indices.chunks_exact(3) {
            let [a, b, c] = [t[0], t[1], t[2]].map(|i| mesh.vertices[i as usize].pos);
            let tri = Rect::from_min_max(a.min(b).min(c), a.max(b).max(c));
            if !view.intersects(tri) {
                continue;
            }
            for &i in t {
                let slot = &mut self.remap[i as usize];
                if *slot == UNSEEN {
                    *slot = out.vertices.len() as u32;
                    out.vertices.push(mesh.vertices[i as usize]);
                }
                out.indices.push(*slot);
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::{Color32, Pos2, vec2};

    /// A row of `n` unit squares (two triangles each) along x.
    fn row(n: usize) -> Mesh {
        let mut mesh = Mesh::default();
        for i in 0..n {
            let min = Pos2::new(i as f32, 0.0);
            mesh.add_colored_rect(Rect::from_min_size(min, vec2(1.0, 1.0)), Color32::RED);
        }
        mesh
    }

    #[test]
    fn a_mesh_cut_by_the_view_keeps_only_what_reaches_into_it() {
        let mesh = row(100);
        let bounds = mesh.calc_bounds();
        let mut culler = Culler::default();
        // Wholly on view, off view.
        let all = Rect::from_min_max(Pos2::new(-1.0, -1.0), Pos2::new(101.0, 2.0));
        assert_eq!(
            culler.visible(&mesh, bounds, all).unwrap().vertices.len(),
            400
        );
        let off = Rect::from_min_max(Pos2::new(200.0, 0.0), Pos2::new(300.0, 1.0));
        assert!(culler.visible(&mesh, bounds, off).is_none());
        // Squares 10 to 19 reach into x 10.5..19.5: 10 squares, 40 vertices, 20 triangles.
        let part = Rect::from_min_max(Pos2::new(10.5, 0.2), Pos2::new(19.5, 0.8));
        let cut = culler.visible(&mesh, bounds, part).unwrap();
        assert_eq!((cut.vertices.len(), cut.indices.len()), (40, 60));
        assert!(
            cut.vertices
                .iter()
                .all(|v| (10.0..=20.0).contains(&v.pos.x))
        );
        // Each kept triangle is one of the mesh's, on the same corners.
        for t in cut.indices.chunks_exact(3) {
            let xs: Vec<f32> = t.iter().map(|&i| cut.vertices[i as usize].pos.x).collect();
            assert!(xs.iter().all(|x| (x - xs[0]).abs() <= 1.0));
        }
    }
}
