//! File formats: the native RON files, exports for other tools, imports from them.
//! Knows nothing of egui; works on bytes and strings with thin path wrappers on top.

pub mod image;
pub mod tiled;
