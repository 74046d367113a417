//! Helpers shared by integration tests.
pub mod export;
pub mod tiled_tools;
