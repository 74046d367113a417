//! hexmap: a hex map editor. The library holds the hex geometry (`hex`), the document
//! (`map`), backend-neutral drawing (`draw`), file formats (`io`), the command line (`cli`)
//! and, with feature `gui`, the egui editor (`app`). Layers depend downward only:
//! app/cli → io → draw → map → hex.

#[cfg(feature = "gui")]
pub mod app;
pub mod cli;
pub mod draw;
pub mod hex;
pub mod io;
pub mod map;
