//! A raster picture drawn on every core. The picture's rows are cut into horizontal strips,
//! one thread each; every strip draws, in the pieces' own order, only the pieces that can
//! reach its rows ([`vertical_reach`]), cut off at its edges. So each pixel receives the
//! same drawing in the same order as from one thread drawing every piece over the whole
//! picture, while the pieces of a tall picture are shared among the threads.

use super::raster::RasterSink;
use hexmap_draw::piece_reach::vertical_reach;
use hexmap_draw::{MapScene, Region, Scene};
use hexmap_map::OffsetBounds;
use hexmap_map::steps::pause;

/// Strips thinner than this many rows are not worth a thread.
const MIN_STRIP_ROWS: u32 = 256;

/// Threads at the most, whatever the machine has.
const MAX_STRIPS: usize = 8;

/// How many strips to draw a picture `height` rows high in: one per core (at most
/// [`MAX_STRIPS`]), none thinner than [`MIN_STRIP_ROWS`]; one in a browser, which has no
/// threads.
pub fn strip_count(height: u32) -> usize {
    if cfg!(target_arch = "wasm32") {
        return 1;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores
        .min(MAX_STRIPS)
        .min((height / MIN_STRIP_ROWS).max(1) as usize)
}

/// Draw `pieces` of `scene` (in their order) at `scale` into `sink` in `strips` strips
/// at once, a round at a time: each round draws each strip's next piece, then reports the
/// share done and pauses ([`pause`]), so Cancel and a browser's frames still come between
/// pieces.
pub async fn draw_pieces(
    sink: &mut RasterSink<'_>,
    scene: &MapScene<'_>,
    pieces: &[OffsetBounds],
    scale: f64,
    strips: usize,
    progress: &mut dyn FnMut(f32),
) {
    let (top, bottom) = sink.rows();
    let rows_per_strip = (bottom - top).div_ceil(strips.max(1) as u32).max(1);
    let to_px = sink.to_px();
    let reach = vertical_reach(scene.map(), scene.layout(), &scene.bounds(), pieces, scale);
    let mut strips = sink.strips(rows_per_strip);
    let lists: Vec<Vec<OffsetBounds>> = strips
        .iter()
        .map(|strip| {
            let (first, end) = strip.rows();
            pieces
                .iter()
                .zip(&reach)
                .filter(|&(_, &(y0, y1))| {
                    let (a, b) = (
                        y0 * to_px.scale + to_px.offset.1,
                        y1 * to_px.scale + to_px.offset.1,
                    );
                    a < f64::from(end) && b >= f64::from(first)
                })
                .map(|(piece, _)| *piece)
                .collect()
        })
        .collect();
    let rounds = lists.iter().map(Vec::len).max().unwrap_or(0);
    let draw = |strip: &mut RasterSink<'_>, piece: &OffsetBounds| {
        scene.draw(&Region::Block(*piece), scale, strip);
    };
    for round in 0..rounds {
        let mut jobs: Vec<(&mut RasterSink<'_>, &OffsetBounds)> = strips
            .iter_mut()
            .zip(&lists)
            .filter_map(|(strip, list)| list.get(round).map(|piece| (strip, piece)))
            .collect();
        match jobs.len() {
            0 => {}
            1 => {
                let (strip, piece) = jobs.pop().expect("one job");
                draw(strip, piece);
            }
            _ => std::thread::scope(|threads| {
                let (strip, piece) = jobs.pop().expect("jobs");
                for (other, its_piece) in jobs {
                    threads.spawn(|| draw(other, its_piece));
                }
                draw(strip, piece);
            }),
        }
        progress((round + 1) as f32 / rounds as f32);
        pause().await;
    }
}
