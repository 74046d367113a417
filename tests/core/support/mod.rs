//! Helpers shared by integration tests.
pub mod consumers;
pub mod export;
pub mod image_fixture;
pub mod table_maps;
pub mod tiled_tools;
