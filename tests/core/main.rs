//! Whole-program tests of everything but the GUI, as one test binary: geometry against
//! reference vectors, the CLI, files, exports checked by Tiled's own tools, save safety.
//! (`tests/hostile_inputs.rs` stays a binary of its own: it installs a counting global
//! allocator.)

mod support;

mod cli_biomes;
mod cli_generate;
mod cli_geometry;
mod cli_map;
mod cli_messages;
mod cli_mines;
mod cli_pipeline;
mod cli_queries;
mod cli_routes;
mod coordinate_limits;
mod export_annotations;
mod export_pictures;
mod export_tiled;
mod fog;
mod fog_cli;
mod fog_exports;
mod fuzz_regressions;
mod hex_algorithms;
mod hex_conversions;
mod hex_picking;
mod hex_reference;
mod icon_ids;
mod json_roundtrip;
mod legend_pictures;
mod legend_placement;
mod malformed;
mod map_scale;
mod mines_properties;
mod movement_rule;
mod overlay_pictures;
mod picture_frame;
mod print_pdf;
mod python_consumer;
mod region_pictures;
mod roundtrip;
mod save_safety;
mod special_outputs;
mod tile_art;
mod tiled_art;
mod tiled_export_generic;
mod tiled_holes;
mod tiled_import_generic;
mod tiled_notes;
mod tiled_objects;
mod tiled_orientation;
mod tiled_regions;
mod tiled_resave;
mod tiled_roundtrip;
mod tiled_tile_size;
mod tiled_types;
mod undo_history;
