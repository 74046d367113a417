//! Helpers shared by integration tests.
pub mod export;
pub mod image_fixture;
pub mod tiled_tools;
