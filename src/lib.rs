//! hexmap: a hex map editor and toolkit. This library gathers the workspace's layer crates
//! under one name, so examples, benches and whole-program tests say `hexmap::map::HexMap`:
//! the hex geometry (`hex`), the document (`map`), the world generator (`generate`) and
//! minesweeper (`mines`) on top of it, backend-neutral drawing (`draw`), files (`io`) and,
//! with feature `gui`, the egui editor (`app`). The arrows point down only — app → io →
//! draw → mines, generate → map → hex — and Cargo enforces them: each is a crate of its own that
//! depends only on the ones below it. The command line lives in the `hexmap` binary.

#[cfg(feature = "gui")]
pub use hexmap_app as app;
pub use hexmap_draw as draw;
pub use hexmap_generate as generate;
pub use hexmap_hex as hex;
pub use hexmap_io as io;
pub use hexmap_map as map;
pub use hexmap_mines as mines;
