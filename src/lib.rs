//! hexmap: a hex map editor. The library holds the hex geometry (`hex`), the document
//! (`map`), file formats (`io`), the command line (`cli`) and, with feature `gui`, the
//! egui editor (`app`). Layers depend downward only: app/cli → io → map → hex.

pub mod cli;
pub mod hex;
pub mod io;
pub mod map;
