//! The document: maps, layers and the minesweeper model.

pub mod minesweeper;
