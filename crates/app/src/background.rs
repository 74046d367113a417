//! Work that must not hold up a frame (an export, a random minesweeper layout). On the
//! desktop it runs on a thread of its own; in a browser, where there are no threads, it
//! runs as a step between frames: the frame after it was asked for is drawn first (with
//! its progress bar), and it runs at the start of the next one. Either way its results
//! come back the same way (a channel the asking part polls), so the callers do not know
//! which.

use eframe::egui;

/// Run `task` off the UI pass; `ctx` is asked to draw again so the result is seen.
pub fn spawn(ctx: &egui::Context, task: impl FnOnce() + Send + 'static) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = ctx;
        std::thread::spawn(task);
    }
    #[cfg(target_arch = "wasm32")]
    {
        steps::queue(Box::new(task));
        ctx.request_repaint();
    }
}

/// At the start of a frame: run the steps that waited a whole frame (none on the desktop).
pub fn run_steps(ctx: &egui::Context) {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = ctx;
    #[cfg(target_arch = "wasm32")]
    steps::run(ctx);
}

#[cfg(target_arch = "wasm32")]
mod steps {
    use super::egui;
    use std::cell::RefCell;

    type Task = Box<dyn FnOnce()>;

    thread_local! {
        /// Asked for since the last frame began.
        static WAITING: RefCell<Vec<Task>> = const { RefCell::new(Vec::new()) };
        /// Asked for before the last frame began: that frame showed them as started.
        static READY: RefCell<Vec<Task>> = const { RefCell::new(Vec::new()) };
    }

    pub fn queue(task: Task) {
        WAITING.with(|w| w.borrow_mut().push(task));
    }

    pub fn run(ctx: &egui::Context) {
        let ready = READY.with(|r| std::mem::take(&mut *r.borrow_mut()));
        for task in ready {
            task();
        }
        let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
        if !waiting.is_empty() {
            READY.with(|r| r.borrow_mut().extend(waiting));
            ctx.request_repaint();
        }
    }
}
