//! Work that must not hold up a frame (an export, a random minesweeper layout, a generated
//! world). On the desktop it runs on a thread of its own. In a browser, where there are no
//! threads, it runs between frames: the frame after it was asked for is drawn first (with
//! its progress bar); from the next one on, each frame gives it about as long as the rest
//! of the last frame took, 8 to 100 ms. Work written in steps (`hexmap_map::steps`: drawing
//! band by band, one solver run at a time) goes on where it paused; work with no pauses
//! runs whole in one such turn. Either way its results come back the same way (a channel
//! the asking part polls), so the callers do not know which.

use eframe::egui;
use hexmap_map::steps::until_cancelled;
use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// The least time a browser frame lets background work run before it draws.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const LEAST_BUDGET: std::time::Duration = std::time::Duration::from_millis(8);
/// The most: a frame never waits longer than this for background work (plus the one
/// piece that was running when it ran out).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
const MOST_BUDGET: std::time::Duration = std::time::Duration::from_millis(100);

/// The time background work gets in a frame: as long as the rest of the last frame took
/// (drawing it and the browser's own work), within [`LEAST_BUDGET`] and [`MOST_BUDGET`].
/// On a fast page that is a few milliseconds; where drawing is slow (software WebGL) the
/// work still gets about half the time instead of a sliver.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn budget(rest_of_last_frame: std::time::Duration) -> std::time::Duration {
    rest_of_last_frame.clamp(LEAST_BUDGET, MOST_BUDGET)
}

/// Run the work `make` builds off the UI pass, pausing where it pauses
/// (`hexmap_map::steps::pause`). `make` is called where the work runs (on the desktop, in
/// its thread), so the work itself need not be `Send`.
pub fn spawn_steps<W>(ctx: &egui::Context, make: impl FnOnce() -> W + Send + 'static)
where
    W: Future<Output = ()> + 'static,
{
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ctx;
        std::thread::spawn(move || hexmap_map::steps::block_on(make()));
    }
    #[cfg(target_arch = "wasm32")]
    {
        steps::queue(Box::pin(make()));
        ctx.request_repaint();
    }
}

/// Work started by [`Job::start`] that its asker polls each frame: its progress (0 to 1),
/// Cancel, and at the end its result. Dropping the job cancels the work.
#[derive(Debug)]
pub struct Job<T> {
    rx: Receiver<JobMessage<T>>,
    cancel: Arc<AtomicBool>,
    progress: f32,
}

/// What a [`Job`] sends back.
#[derive(Debug)]
enum JobMessage<T> {
    Progress(f32),
    Done(T),
    Cancelled,
}

/// How a [`Job`] ended.
#[derive(Debug)]
pub enum JobEnd<T> {
    /// It ran to its end with this result.
    Done(T),
    /// Cancel stopped it at a pause, before its end.
    Cancelled,
}

impl<T: Send + 'static> Job<T> {
    /// Start the work `make` builds (given the function to report progress to) off the UI
    /// pass, as [`spawn_steps`] runs it, stopping at its next pause once cancelled.
    pub fn start<W>(
        ctx: &egui::Context,
        make: impl FnOnce(Box<dyn FnMut(f32) + Send>) -> W + Send + 'static,
    ) -> Self
    where
        W: Future<Output = T> + 'static,
    {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let (cancelled, wake) = (cancel.clone(), ctx.clone());
        spawn_steps(ctx, move || {
            let (progress_tx, progress_wake) = (tx.clone(), wake.clone());
            let progress = Box::new(move |share: f32| {
                // A closed channel: nobody waits for the job any more.
                let _ = progress_tx.send(JobMessage::Progress(share));
                progress_wake.request_repaint();
            });
            let work = make(progress);
            async move {
                let message = match until_cancelled(work, cancelled).await {
                    Some(out) => JobMessage::Done(out),
                    None => JobMessage::Cancelled,
                };
                let _ = tx.send(message);
                wake.request_repaint();
            }
        });
        Job {
            rx,
            cancel,
            progress: 0.0,
        }
    }

    /// Take what the work sent since the last call: its progress, and how it ended once
    /// it has.
    pub fn poll(&mut self) -> Option<JobEnd<T>> {
        let mut end = None;
        while let Ok(message) = self.rx.try_recv() {
            match message {
                JobMessage::Progress(share) => self.progress = share.clamp(0.0, 1.0),
                JobMessage::Done(out) => end = Some(JobEnd::Done(out)),
                JobMessage::Cancelled => end = Some(JobEnd::Cancelled),
            }
        }
        end
    }

    /// The share done, 0 to 1.
    pub fn progress(&self) -> f32 {
        self.progress
    }

    /// Stop the work at its next pause.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether Cancel was pressed.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// At the start of a frame: give the waiting work its turn (nothing on the desktop).
pub fn run_steps(ctx: &egui::Context) {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ctx;
    #[cfg(target_arch = "wasm32")]
    steps::run(ctx);
}

#[cfg(target_arch = "wasm32")]
mod steps {
    use super::{budget, egui};
    use hexmap_map::steps::{Steps, step};
    use std::cell::{Cell, RefCell};
    use web_time::Instant;

    type Work = Steps<'static, ()>;

    thread_local! {
        /// Asked for since the last frame began.
        static WAITING: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
        /// Asked for before the last frame began (that frame showed them as started), or
        /// paused in an earlier turn.
        static READY: RefCell<Vec<Work>> = const { RefCell::new(Vec::new()) };
        /// When the last turn of background work ended.
        static LAST_END: Cell<Option<Instant>> = const { Cell::new(None) };
    }

    pub fn queue(work: Work) {
        WAITING.with(|w| w.borrow_mut().push(work));
    }

    /// Poll the ready work, oldest first, until each is done or the frame's budget is spent
    /// (each gets at least one poll); keep what paused for the next frame.
    pub fn run(ctx: &egui::Context) {
        let mut ready = READY.with(|r| std::mem::take(&mut *r.borrow_mut()));
        let start = Instant::now();
        let rest = LAST_END.get().map(|end| start - end).unwrap_or_default();
        let budget = budget(rest);
        let mut index = 0;
        while index < ready.len() {
            let mut finished = false;
            loop {
                if step(&mut ready[index]).is_some() {
                    finished = true;
                    break;
                }
                if start.elapsed() >= budget {
                    break;
                }
            }
            if finished {
                drop(ready.remove(index));
            } else {
                index += 1;
            }
        }
        LAST_END.set((!ready.is_empty()).then(Instant::now));
        let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
        ready.extend(waiting);
        if !ready.is_empty() {
            ctx.request_repaint();
        }
        READY.with(|r| {
            // Work queued while polling (none today) goes after the older work.
            let mut r = r.borrow_mut();
            ready.append(&mut r);
            *r = ready;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn work_gets_about_as_long_as_the_rest_of_a_frame_within_bounds() {
        assert_eq!(budget(Duration::ZERO), LEAST_BUDGET);
        assert_eq!(budget(Duration::from_millis(30)), Duration::from_millis(30));
        assert_eq!(budget(Duration::from_millis(150)), MOST_BUDGET);
    }
}
