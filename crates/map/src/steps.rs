//! Long work that can stop between pieces. A picture or a print is drawn band by band, a
//! no-guess minesweeper layout is tried placement by placement; written as an `async fn`
//! that [`pause`]s after each piece, the same code runs straight through where a thread
//! may block ([`block_on`]: the CLI, the desktop's worker threads) and a piece at a time
//! where there are no threads (a browser polls it for a few milliseconds per frame, so no
//! frame waits for the whole job).
//!
//! Nothing here needs an executor crate: paused work wakes itself at once, so a plain poll
//! loop is all [`block_on`] needs.

use std::future::Future;
use std::pin::{Pin, pin};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};

/// Work that can stop between pieces: poll it ([`step`]) until it is ready.
pub type Steps<'a, T> = Pin<Box<dyn Future<Output = T> + 'a>>;

/// A point where long work may stop until the next poll. Polled once it is pending (and
/// asks to be polled again at once); polled again it is done.
pub fn pause() -> Pause {
    Pause { paused: false }
}

/// The future of [`pause`].
#[derive(Debug)]
pub struct Pause {
    paused: bool,
}

impl Future for Pause {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if self.paused {
            Poll::Ready(())
        } else {
            self.paused = true;
            cx.waker().wake_by_ref();
            Poll::Pending
        }
    }
}

/// Run `work` to its end on this thread, straight through its pauses.
pub fn block_on<T>(work: impl Future<Output = T>) -> T {
    let mut work = pin!(work);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        if let Poll::Ready(out) = work.as_mut().poll(&mut cx) {
            return out;
        }
    }
}

/// Poll `work` once: `Some` with its result if it finished, `None` if it paused.
pub fn step<T>(work: &mut Steps<'_, T>) -> Option<T> {
    let mut cx = Context::from_waker(Waker::noop());
    match work.as_mut().poll(&mut cx) {
        Poll::Ready(out) => Some(out),
        Poll::Pending => None,
    }
}

/// Pauses long work of many small pieces (cells looked at, corners a river runs through,
/// searches) after about every `every` units of it: the work counts what it did with
/// [`Pacer::tick`], which pauses once enough has been done since the last pause.
#[derive(Debug)]
pub struct Pacer {
    every: u64,
    done: u64,
}

impl Pacer {
    /// A pacer that pauses after about every `every` units of work.
    pub fn new(every: u64) -> Self {
        Pacer {
            every: every.max(1),
            done: 0,
        }
    }

    /// Count `units` more of work done; pause if `every` were done since the last pause.
    pub async fn tick(&mut self, units: u64) {
        self.done += units;
        if self.done >= self.every {
            self.done = 0;
            pause().await;
        }
    }
}

/// Sort `v` by `cmp` as [`slice::sort_by`] does, pausing on `pacer` between pieces: runs
/// of `RUN` elements sorted one at a time, then merged pairwise, each pass counting its
/// elements. With a total order (ties broken, e.g. by index) the result is the same as
/// any sort's, so work that sorts millions of cells stays the same byte for byte.
pub async fn sort_by_in_steps<T: Copy>(
    v: &mut Vec<T>,
    cmp: impl Fn(&T, &T) -> std::cmp::Ordering,
    pacer: &mut Pacer,
) {
    const RUN: usize = 1 << 14;
    for run in v.chunks_mut(RUN) {
        run.sort_by(&cmp);
        pacer.tick(run.len() as u64 * 8).await;
    }
    let mut width = RUN;
    let mut out: Vec<T> = Vec::with_capacity(v.len());
    while width < v.len() {
        out.clear();
        for start in (0..v.len()).step_by(2 * width) {
            let mid = (start + width).min(v.len());
            let end = (start + 2 * width).min(v.len());
            let (mut a, mut b) = (start, mid);
            while a < mid && b < end {
                // Equal elements keep their order (the first run's first).
                if cmp(&v[b], &v[a]) == std::cmp::Ordering::Less {
                    out.push(v[b]);
                    b += 1;
                } else {
                    out.push(v[a]);
                    a += 1;
                }
            }
            out.extend_from_slice(&v[a..mid]);
            out.extend_from_slice(&v[b..end]);
            pacer.tick((end - start) as u64).await;
        }
        std::mem::swap(v, &mut out);
        width *= 2;
    }
}

/// `work` that stops, giving `None`, at its first pause after `cancel` is set (or before
/// it starts, if it is set already): a Cancel button sets the flag from another thread or
/// from the next frame, and the work ends between two pieces.
pub fn until_cancelled<'a, T: 'a>(
    work: impl Future<Output = T> + 'a,
    cancel: Arc<AtomicBool>,
) -> impl Future<Output = Option<T>> + 'a {
    let mut work = Box::pin(work);
    std::future::poll_fn(move |cx| {
        if cancel.load(Ordering::Relaxed) {
            return Poll::Ready(None);
        }
        work.as_mut().poll(cx).map(Some)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn count_to(n: u32, seen: &std::cell::Cell<u32>) -> u32 {
        for i in 1..=n {
            seen.set(i);
            pause().await;
        }
        n * 10
    }

    #[test]
    fn each_step_runs_up_to_the_next_pause() {
        let seen = std::cell::Cell::new(0);
        let mut work: Steps<'_, u32> = Box::pin(count_to(3, &seen));
        let mut polls = Vec::new();
        let out = loop {
            if let Some(out) = step(&mut work) {
                break out;
            }
            polls.push(seen.get());
        };
        assert_eq!(polls, [1, 2, 3]);
        assert_eq!(out, 30);
    }

    #[test]
    fn cancelled_work_stops_at_its_next_pause() {
        let seen = std::cell::Cell::new(0);
        let cancel = Arc::new(AtomicBool::new(false));
        let mut work: Steps<'_, Option<u32>> =
            Box::pin(until_cancelled(count_to(10, &seen), cancel.clone()));
        assert_eq!(step(&mut work), None);
        assert_eq!(step(&mut work), None);
        cancel.store(true, Ordering::Relaxed);
        assert_eq!(step(&mut work), Some(None));
        assert_eq!(seen.get(), 2, "nothing ran after the cancel");
        let left_alone = Arc::new(AtomicBool::new(false));
        assert_eq!(
            block_on(until_cancelled(count_to(3, &seen), left_alone)),
            Some(30)
        );
    }

    #[test]
    fn a_sort_in_steps_pauses_and_sorts_as_sort_by_does() {
        // Pseudo-random keys with many ties, ordered by key then index (a total order).
        let keys: Vec<(u32, u32)> = (0..100_003u32)
            .map(|i| ((i.wrapping_mul(2_654_435_761) >> 7) % 1000, i))
            .collect();
        let cmp = |a: &(u32, u32), b: &(u32, u32)| a.0.cmp(&b.0).then(a.1.cmp(&b.1));
        let mut want = keys.clone();
        want.sort_by(cmp);
        let mut got = keys.clone();
        let mut pacer = Pacer::new(1 << 16);
        let mut work: Steps<'_, ()> = Box::pin(sort_by_in_steps(&mut got, cmp, &mut pacer));
        let mut polls = 1;
        while step(&mut work).is_none() {
            polls += 1;
        }
        drop(work);
        assert_eq!(got, want);
        assert!(polls >= 8, "{polls} polls");
        // Small and empty lists too.
        for n in [0, 1, 2, 5] {
            let mut v: Vec<u32> = (0..n).rev().collect();
            block_on(sort_by_in_steps(
                &mut v,
                |a, b| a.cmp(b),
                &mut Pacer::new(1),
            ));
            assert_eq!(v, (0..n).collect::<Vec<_>>());
        }
    }

    #[test]
    fn block_on_runs_through_every_pause() {
        let seen = std::cell::Cell::new(0);
        assert_eq!(block_on(count_to(5, &seen)), 50);
        assert_eq!(seen.get(), 5);
    }
}
