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

/// Pieces each thread draws between two pauses: enough that the threads rarely wait for
/// each other, few enough that Cancel is seen within a fraction of a second.
const PIECES_PER_ROUND: usize = 8;

/// Threads at the most, whatever the machine has.
const MAX_STRIPS: usize = 8;

/// Threads a picture is drawn or compressed on: one per core, at most [`MAX_STRIPS`]; one
/// in a browser, which has none.
pub fn threads() -> usize {
    if cfg!(target_arch = "wasm32") {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_STRIPS))
}

/// How many rows each strip of a picture gets when its map takes `map_rows` rows from its
/// top: the map's rows shared among one strip per core (at most [`MAX_STRIPS`]), none
/// thinner than [`MIN_STRIP_ROWS`]; all of them in one strip in a browser, which has no
/// threads. Rows below the map (a legend under it) fall in one more strip. The strips
/// follow the map's rows, not the picture's, so the same map with or without a legend
/// beside or under it is cut in the same places and its pixels come out the same.
pub fn rows_per_strip(map_rows: u32) -> u32 {
    let map_rows = map_rows.max(1);
    let strips = threads().min((map_rows / MIN_STRIP_ROWS).max(1) as usize);
    if strips == 1 {
        return u32::MAX;
    }
    map_rows.div_ceil(strips as u32)
}

/// Draw `pieces` of `scene` (in their order) at `scale` into `sink` in strips of
/// `rows_per_strip` rows drawn at once, a round at a time: each round draws each strip's
/// next few pieces ([`PIECES_PER_ROUND`]; one in a browser), then reports the share done
/// and pauses ([`pause`]), so Cancel and a browser's frames still come between them.
pub async fn draw_pieces(
    sink: &mut RasterSink<'_>,
    scene: &MapScene<'_>,
    pieces: &[OffsetBounds],
    scale: f64,
    rows_per_strip: u32,
    progress: &mut dyn FnMut(f32),
) {
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
    // A browser (one strip) pauses after every piece, to keep its frames coming; threads
    // take several pieces a round on a big picture, so that they wait for each other less
    // often, and still pause some 32 times or more.
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let per_round = if cfg!(target_arch = "wasm32") {
        1
    } else {
        (longest / 32).clamp(1, PIECES_PER_ROUND)
    };
    let rounds = lists
        .iter()
        .map(|list| list.len().div_ceil(per_round))
        .max()
        .unwrap_or(0);
    let draw = |strip: &mut RasterSink<'_>, pieces: &[OffsetBounds]| {
        for piece in pieces {
            scene.draw(&Region::Block(*piece), scale, strip);
        }
    };
    for round in 0..rounds {
        let mut jobs: Vec<(&mut RasterSink<'_>, &[OffsetBounds])> = strips
            .iter_mut()
            .zip(&lists)
            .filter_map(|(strip, list)| {
                let first = (round * per_round).min(list.len());
                let end = ((round + 1) * per_round).min(list.len());
                (first < end).then(|| (strip, &list[first..end]))
            })
            .collect();
        match jobs.len() {
            0 => {}
            1 => {
                let (strip, pieces) = jobs.pop().expect("one job");
                draw(strip, pieces);
            }
            _ => std::thread::scope(|threads| {
                let (strip, pieces) = jobs.pop().expect("jobs");
                for (other, its_pieces) in jobs {
                    threads.spawn(|| draw(other, its_pieces));
                }
                draw(strip, pieces);
            }),
        }
        progress((round + 1) as f32 / rounds as f32);
        pause().await;
    }
}
