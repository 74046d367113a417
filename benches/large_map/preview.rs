//! The Generate window's picture of a 1000 × 1000 world, made a band of cells at a time
//! (`app::generate_preview::preview_in_steps`) as a browser's frames make it: the longest
//! piece between two pauses and the whole. Printed, not timed by criterion.
//!
//! `cargo bench --bench large_map -- generate_preview`.

use super::*;
use hexmap::map::steps::{Steps, step};

/// Make the preview of the 1000 × 1000 map piece by piece, three times; print the longest
/// piece and the whole time of each run.
pub(super) fn generate_preview(_c: &mut Criterion) {
    if !huge::wanted("generate_preview") {
        return;
    }
    let map = terrain::varied_map(1000, 1000, 7);
    for _ in 0..3 {
        let start = Instant::now();
        let mut work: Steps<'_, _> = Box::pin(
            hexmap::app::windows::generate_preview::preview_in_steps(&map),
        );
        let (mut longest, mut pieces) = (Duration::ZERO, 0);
        let image = loop {
            let t = Instant::now();
            let done = step(&mut work);
            longest = longest.max(t.elapsed());
            pieces += 1;
            if let Some(image) = done {
                break image.expect("a picture");
            }
        };
        eprintln!(
            "generate_preview 1000x1000: {} × {} px in {pieces} pieces, the longest {:.1} ms, \
             {:.1} ms in all",
            image.size[0],
            image.size[1],
            longest.as_secs_f64() * 1e3,
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}
