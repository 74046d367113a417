//! The exports for the tables where hex maps are played (VASSAL modules, Foundry VTT
//! scenes, Godot 4 levels): each writes the board picture of [`board`] (or, for Godot,
//! tiles) and the consumer's own grid settings computed from the map, so that the
//! consumer's hex centres fall on the map's hexes.

pub mod board;
pub mod foundry;
pub mod foundry_journal;
pub mod godot;
pub mod vassal;
pub mod vassal_zones;
