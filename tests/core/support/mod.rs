//! Helpers shared by integration tests.
pub mod tiled_tools;
