//! Work on the open map too long for one frame: a bucket fill over a map of millions of
//! cells, opening a large file. It runs as a [`Job`] (a thread on the desktop, steps
//! across a browser's frames) while the editor keeps drawing, its progress in the status
//! bar. What the user asks for meanwhile waits, in order, and runs once the work is done
//! (`actions::long_work`), so no click or key is lost and none acts on a half-done map.

use crate::Action;
use crate::files::background::{Job, JobEnd};
use crate::open_map::OpenMap;
use eframe::egui;
use hexmap_hex::Hex;
use hexmap_map::{CellEdit, Edit, TerrainId};
use std::path::{Path, PathBuf};

/// Maps of at least this many cells find a bucket fill's region off the frame: on ten
/// million cells the walk takes a few hundred milliseconds, on a million about a tenth.
pub const FILL_OFF_FRAME_CELLS: usize = 1_000_000;

/// Map files of at least this many bytes are read off the frame (a million hexes in the
/// offset form are about 1 MB and read in milliseconds; in the cube form, 21 MB).
pub const OPEN_OFF_FRAME_BYTES: u64 = 2 << 20;

/// What is running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// A bucket fill's region being found, for the document at `revision`.
    Fill {
        /// The document's revision when the fill was asked for.
        revision: u64,
    },
    /// A map file being read.
    Open {
        /// The file.
        path: PathBuf,
    },
}

/// What a finished task gives.
pub enum Finished {
    /// The fill's edit (the region found, to recolour), for the document at `revision`.
    Fill {
        /// The document's revision the region was found on.
        revision: u64,
        /// The edit to apply.
        edit: Edit,
    },
    /// The file read, or why it could not be.
    Open {
        /// The file.
        path: PathBuf,
        /// The document, or the message saying why not.
        opened: Result<Box<OpenMap>, String>,
    },
    /// Cancel stopped it: nothing changes.
    Cancelled,
}

/// What a job sends back.
enum Outcome {
    Filled(Edit),
    Opened(Result<Box<OpenMap>, String>),
}

/// The long work on the open map (at most one at a time) and the actions waiting for it.
#[derive(Default)]
pub struct LongWork {
    running: Option<(Task, Job<Outcome>)>,
    waiting: Vec<Action>,
}

impl LongWork {
    /// True while work runs (actions wait then).
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// What runs, if anything.
    pub fn task(&self) -> Option<&Task> {
        self.running.as_ref().map(|(task, _)| task)
    }

    /// What the status bar says while work runs, and the share done (0 to 1) where the
    /// work tells it (a file is read in one piece).
    pub fn status(&self) -> Option<(String, Option<f32>)> {
        let (task, job) = self.running.as_ref()?;
        Some(match task {
            Task::Fill { .. } => ("Filling…".to_owned(), Some(job.progress())),
            Task::Open { path } => (format!("Opening {}…", file_name(path)), None),
        })
    }

    /// Keep `action` until the work is done.
    pub fn hold(&mut self, action: Action) {
        self.waiting.push(action);
    }

    /// The actions that waited, oldest first.
    pub fn take_waiting(&mut self) -> Vec<Action> {
        std::mem::take(&mut self.waiting)
    }

    /// Start finding the region of a bucket fill from `start` on `doc` with `terrain`,
    /// off the frame, when the map is large enough to need it; false (nothing started)
    /// for a smaller map, which the caller fills at once. A fill that would change
    /// nothing (the start already has `terrain`) starts nothing either, and says true.
    pub fn start_fill(
        &mut self,
        ctx: &egui::Context,
        doc: &OpenMap,
        start: Hex,
        terrain: Option<TerrainId>,
    ) -> bool {
        let map = doc.map();
        if map.cell_count() < FILL_OFF_FRAME_CELLS {
            return false;
        }
        if !map.contains(start) || map.terrain(start) == terrain {
            return true;
        }
        // The walk reads its own copy of the cells (20 MB for ten million), so the map
        // stays the editor's to draw meanwhile; nothing edits it until the fill is in.
        let shape = map.shape().clone();
        let cells = map.terrain_layer().raw().to_vec();
        let job = Job::start(ctx, move |mut progress| async move {
            let cells = hexmap_map::fill_region(&shape, &cells, start, &mut *progress).await;
            Outcome::Filled(Edit::Cell(CellEdit::Recolour { cells, terrain }))
        });
        let revision = doc.revision();
        self.running = Some((Task::Fill { revision }, job));
        true
    }

    /// Start reading the map file at `path` off the frame when it is large; false
    /// (nothing started) for a small file, which the caller reads at once.
    pub fn start_open(&mut self, ctx: &egui::Context, path: &Path) -> bool {
        if !is_large_file(path) {
            return false;
        }
        let file = path.to_path_buf();
        let job = Job::start(ctx, move |_| async move {
            Outcome::Opened(OpenMap::load(&file).map(Box::new))
        });
        let task = Task::Open {
            path: path.to_path_buf(),
        };
        self.running = Some((task, job));
        true
    }

    /// What finished since the last call, if the work did.
    pub fn poll(&mut self) -> Option<Finished> {
        let (_, job) = self.running.as_mut()?;
        let end = job.poll()?;
        let (task, _) = self.running.take()?;
        Some(match (end, task) {
            (JobEnd::Done(Outcome::Filled(edit)), Task::Fill { revision }) => {
                Finished::Fill { revision, edit }
            }
            (JobEnd::Done(Outcome::Opened(opened)), Task::Open { path }) => {
                Finished::Open { path, opened }
            }
            _ => Finished::Cancelled,
        })
    }

    /// Stop the work: its result is dropped (an open's file stays unread, a fill
    /// unapplied). The actions that waited stay for the caller to take.
    pub fn cancel(&mut self) {
        // Dropping the job cancels it at its next pause; a result sent later is dropped.
        self.running = None;
    }
}

/// True when the file at `path` is large enough to read off the frame. Only where files
/// stay on disk (the desktop): a browser's files are handed over in memory.
fn is_large_file(path: &Path) -> bool {
    crate::files::storage::current().has_files()
        && std::fs::metadata(path).is_ok_and(|m| m.len() >= OPEN_OFF_FRAME_BYTES)
}

/// The file name of `path` for a message (the whole path if it has none).
fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}
