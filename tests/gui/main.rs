//! The editor driven through egui_kittest, as one test binary (one link of the GUI stack
//! instead of one per file): real `EditorApp::ui` frames, real pointer and key events, fake
//! file dialogs.
#![cfg(feature = "gui")]

mod harness;

mod annotations;
mod autosave;
mod big_maps;
mod browser_parts;
mod canvas_drawing;
mod climate;
mod disk;
mod editor;
mod editor_files;
mod elevation;
mod exchange;
mod families;
mod features;
mod files;
mod fog;
mod fog_tool;
mod generate;
mod generate_biomes;
mod hex_names;
mod icon_spill;
mod image_paths;
mod input;
mod input_bursts;
mod key_panel;
mod label_detail;
mod layout_stability;
mod map_rules;
mod map_scale;
mod map_switch;
mod measure_line;
mod new_map;
mod note_captions;
mod note_window;
mod palette;
mod paste;
mod play;
mod popups;
mod print;
mod properties_panel;
mod readouts;
mod real_window;
mod regions;
mod reshape;
mod scale_bar;
mod scatter;
mod secrets;
mod selection;
mod small_window;
mod tile_art;
mod underlay;
