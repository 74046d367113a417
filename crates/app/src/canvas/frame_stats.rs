//! The frame-time readout: how long recent frames took, so users and testers can see
//! whether the canvas keeps up (status bar, "frame … ms").
//!
//! Two clocks are kept: the editor's own work in a frame (building the UI, chunk meshes,
//! overlays and labels — timed around `EditorApp::show`), and eframe's CPU time for the
//! whole previous frame (that work plus tessellation and painting) when eframe reports it.

use std::collections::VecDeque;
use std::time::Duration;

/// How many recent frames the medians are taken over.
const WINDOW: usize = 120;

/// Recent frame times in milliseconds, newest last.
#[derive(Clone, Debug, Default)]
pub struct FrameStats {
    editor_ms: VecDeque<f32>,
    whole_ms: VecDeque<f32>,
}

fn push(samples: &mut VecDeque<f32>, ms: f32) {
    if samples.len() == WINDOW {
        samples.pop_front();
    }
    samples.push_back(ms);
}

fn median(samples: &VecDeque<f32>) -> Option<f32> {
    if samples.is_empty() {
        return None;
    }
    let mut v: Vec<f32> = samples.iter().copied().collect();
    v.sort_unstable_by(f32::total_cmp);
    Some(v[v.len() / 2])
}

fn max(samples: &VecDeque<f32>) -> Option<f32> {
    samples.iter().copied().reduce(f32::max)
}

impl FrameStats {
    /// Record the editor's own time for one frame.
    pub fn record_editor(&mut self, took: Duration) {
        push(&mut self.editor_ms, took.as_secs_f32() * 1000.0);
    }

    /// Record eframe's CPU time of a whole frame (seconds, as `Frame::info` gives it).
    pub fn record_whole(&mut self, cpu_seconds: f32) {
        if cpu_seconds.is_finite() && cpu_seconds >= 0.0 {
            push(&mut self.whole_ms, cpu_seconds * 1000.0);
        }
    }

    /// Median of the editor's own time over recent frames, in ms.
    pub fn editor_median_ms(&self) -> Option<f32> {
        median(&self.editor_ms)
    }

    /// Slowest of the editor's recent frames, in ms.
    pub fn editor_max_ms(&self) -> Option<f32> {
        max(&self.editor_ms)
    }

    /// Median of eframe's whole-frame CPU time over recent frames, in ms.
    pub fn whole_median_ms(&self) -> Option<f32> {
        median(&self.whole_ms)
    }

    /// The status-bar text, e.g. "frame 1.4 ms (max 3.0) · CPU 2.1 ms".
    pub fn readout(&self) -> Option<String> {
        let med = self.editor_median_ms()?;
        let mut s = format!(
            "frame {med:.1} ms (max {:.1})",
            self.editor_max_ms().unwrap_or(med)
        );
        if let Some(whole) = self.whole_median_ms() {
            s.push_str(&format!(" · CPU {whole:.1} ms"));
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_max_over_the_window() {
        let mut s = FrameStats::default();
        assert_eq!(s.readout(), None);
        for ms in [5u64, 1, 3] {
            s.record_editor(Duration::from_millis(ms));
        }
        assert_eq!(s.editor_median_ms(), Some(3.0));
        assert_eq!(s.editor_max_ms(), Some(5.0));
        assert_eq!(s.readout().unwrap(), "frame 3.0 ms (max 5.0)");
        s.record_whole(0.004);
        assert_eq!(s.readout().unwrap(), "frame 3.0 ms (max 5.0) · CPU 4.0 ms");
    }

    #[test]
    fn old_frames_leave_the_window() {
        let mut s = FrameStats::default();
        s.record_editor(Duration::from_millis(500));
        for _ in 0..WINDOW {
            s.record_editor(Duration::from_millis(2));
        }
        assert_eq!(s.editor_max_ms(), Some(2.0));
        s.record_whole(f32::NAN);
        assert_eq!(s.whole_median_ms(), None);
    }
}
