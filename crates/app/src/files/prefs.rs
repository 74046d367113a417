//! UI preferences kept between runs by eframe persistence: recent files, panel visibility,
//! tool settings. Never the map itself (that is saved only through `io`).

use crate::files::file_dialog::typed_path::normalise;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The eframe storage key the preferences live under.
pub const STORAGE_KEY: &str = "hexmap-editor-prefs";

/// Most recent files remembered.
pub const MAX_RECENT: usize = 10;

/// Which side panels are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Panels {
    /// Terrain palette panel.
    pub palette: bool,
    /// Layers panel.
    pub layers: bool,
    /// Overlays panel.
    pub overlays: bool,
    /// The hex key's panel (off until asked for: older preference files have no such
    /// field).
    #[serde(default)]
    pub key: bool,
    /// The Maps panel of a map family (off until asked for).
    #[serde(default)]
    pub maps: bool,
    /// The Properties panel (custom property values of what is selected; off until
    /// asked for: older preference files have no such field).
    #[serde(default)]
    pub properties: bool,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            palette: true,
            layers: true,
            overlays: true,
            key: false,
            maps: false,
            properties: false,
        }
    }
}

/// Tool settings worth remembering.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolPrefs {
    /// Brush radius in hexes (0 = one hex).
    pub brush_radius: u32,
    /// Bucket fill replaces every cell of the same terrain instead of a contiguous region.
    /// Not kept between runs: a fill that silently replaced the whole map after a restart
    /// would surprise.
    #[serde(skip)]
    pub fill_replace_all: bool,
    /// What a click of the fog tool does.
    #[serde(default)]
    pub fog_click: FogClick,
    /// What the brush paints: terrain, or heights up or down.
    #[serde(default)]
    pub brush_paints: BrushPaints,
    /// How far one stamp of the raise/lower brush moves a height.
    #[serde(default = "default_height_step")]
    pub height_step: i16,
    /// How far the fog tool's "by sight" sees, in hexes.
    #[serde(default = "default_sight")]
    pub fog_sight: u32,
    /// A click moves the party along the cheapest route (revealing at every step), not
    /// straight there.
    #[serde(default = "yes")]
    pub party_route: bool,
    /// The party's moves extend its trail (a path).
    #[serde(default = "yes")]
    pub party_trail: bool,
    /// The Measure tool's travel speed per day, in the map scale's unit.
    #[serde(default = "default_speed")]
    pub measure_speed: f64,
}

fn yes() -> bool {
    true
}

/// What a click (or drag) of the fog tool does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FogClick {
    /// Reveal with the brush radius (shift: hide).
    #[default]
    Brush,
    /// Reveal what the clicked cell sees within the sight radius.
    Sight,
    /// Reveal the contiguous area of the clicked cell's terrain (shift: hide).
    Bucket,
    /// Place the party, or move it there (`party_controls`).
    Party,
}

/// What the brush paints: the current terrain, or the elevation layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum BrushPaints {
    /// The current terrain.
    #[default]
    Terrain,
    /// Heights up by the step.
    Raise,
    /// Heights down by the step.
    Lower,
}

fn default_height_step() -> i16 {
    100
}

fn default_speed() -> f64 {
    crate::tools::measure::DEFAULT_SPEED
}

fn default_sight() -> u32 {
    6
}

impl Default for ToolPrefs {
    fn default() -> Self {
        ToolPrefs {
            brush_radius: 0,
            fill_replace_all: false,
            fog_click: FogClick::default(),
            brush_paints: BrushPaints::default(),
            height_step: default_height_step(),
            fog_sight: default_sight(),
            party_route: true,
            party_trail: true,
            measure_speed: default_speed(),
        }
    }
}

/// Everything persisted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Most recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// Panel visibility.
    pub panels: Panels,
    /// Tool settings.
    pub tools: ToolPrefs,
    /// Seconds between autosaves of a modified map to its recovery file; 0 turns it off.
    pub autosave_secs: u32,
    /// Always use the built-in file dialog, even where the desktop offers a native one.
    pub builtin_file_dialog: bool,
    /// View → Scale bar: the scale bar in the canvas's bottom-left corner (drawn only when
    /// the map has a scale).
    pub scale_bar: bool,
    /// The Generate window's biome table as the text of a biome file (`io::biomes`), kept
    /// between runs; `None` for the standard table.
    pub generate_biomes: Option<String>,
}

/// Default seconds between autosaves.
pub const DEFAULT_AUTOSAVE_SECS: u32 = 30;

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            recent: Vec::new(),
            panels: Panels::default(),
            tools: ToolPrefs::default(),
            autosave_secs: DEFAULT_AUTOSAVE_SECS,
            builtin_file_dialog: false,
            scale_bar: true,
            generate_biomes: None,
        }
    }
}

impl Prefs {
    /// Put `path` at the front of the recent list (once), keeping at most [`MAX_RECENT`].
    /// It is stored absolute and canonical (links resolved), so it names the same file
    /// whatever folder the editor is started from next time.
    pub fn add_recent(&mut self, path: &Path) {
        let path = absolute_path(path);
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(MAX_RECENT);
    }

    /// Make every recent entry absolute and canonical (lists from older versions kept
    /// paths as typed, relative to wherever the editor was started), dropping entries that
    /// no longer name a file, and duplicates.
    pub fn resolve_recent(&mut self) {
        let mut resolved: Vec<PathBuf> = Vec::new();
        for path in std::mem::take(&mut self.recent) {
            if let Ok(path) = std::fs::canonicalize(&path)
                && path.is_file()
                && !resolved.contains(&path)
            {
                resolved.push(path);
            }
        }
        self.recent = resolved;
    }
}

/// `path` canonical if it exists, else made absolute against the working folder (with
/// `.` and `..` resolved by name).
fn absolute_path(path: &Path) -> PathBuf {
    std::fs::canonicalize(path)
        .or_else(|_| std::path::absolute(path).map(|p| normalise(&p)))
        .unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefs_saved_by_older_versions_still_load() {
        // Written before `Panels::properties` was removed: the unknown field is ignored and
        // everything else is kept.
        let old = "(recent: [\"a.ron\"], panels: (palette: false, layers: true, overlays: true, \
                   properties: true), tools: (brush_radius: 3, fill_replace_all: true), \
                   autosave_secs: 12)";
        let prefs: Prefs = ron::from_str(old).expect("old prefs load");
        assert_eq!(prefs.recent, [PathBuf::from("a.ron")]);
        assert!(!prefs.panels.palette && prefs.panels.layers && prefs.panels.overlays);
        assert_eq!(prefs.tools.brush_radius, 3);
        // "Fill replaces all" is no longer kept between runs.
        assert!(!prefs.tools.fill_replace_all);
        assert_eq!(prefs.autosave_secs, 12);
        // And what is saved now loads back the same.
        let again: Prefs = ron::from_str(&ron::to_string(&prefs).unwrap()).unwrap();
        assert_eq!(again, prefs);
    }

    #[test]
    fn fill_replaces_all_is_not_kept_between_runs() {
        let mut prefs = Prefs::default();
        prefs.tools.fill_replace_all = true;
        prefs.tools.brush_radius = 4;
        let again: Prefs = ron::from_str(&ron::to_string(&prefs).unwrap()).unwrap();
        assert!(!again.tools.fill_replace_all);
        assert_eq!(again.tools.brush_radius, 4, "the rest is kept");
    }

    #[test]
    fn recent_files_are_stored_absolute_and_old_relative_ones_resolved() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.ron");
        std::fs::write(&real, "x").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let canonical = std::fs::canonicalize(&real).unwrap();
        let mut p = Prefs::default();
        // The same file through a `..` detour is one entry, stored canonical.
        p.add_recent(&dir.path().join("sub/../real.ron"));
        p.add_recent(&real);
        assert_eq!(p.recent, std::slice::from_ref(&canonical));

        // A list as older versions wrote it: a relative entry (resolved against the
        // working folder, which is this crate's folder under cargo), a missing file.
        p.recent = vec![
            PathBuf::from("../../maps/island.ron"),
            dir.path().join("gone.ron"),
            real.clone(),
            canonical.clone(),
        ];
        p.resolve_recent();
        let island = std::fs::canonicalize("../../maps/island.ron").unwrap();
        assert!(island.is_absolute());
        assert_eq!(p.recent, [island, canonical]);
    }

    #[test]
    fn recent_is_unique_newest_first_and_bounded() {
        let mut p = Prefs::default();
        for i in 0..15 {
            p.add_recent(Path::new(&format!("m{i}.ron")));
        }
        p.add_recent(Path::new("m10.ron"));
        // Stored absolute: these files do not exist, so against the
        // working folder.
        let m10 = std::path::absolute("m10.ron").unwrap();
        assert_eq!(p.recent.len(), MAX_RECENT);
        assert_eq!(p.recent[0], m10);
        assert_eq!(p.recent.iter().filter(|r| **r == m10).count(), 1);
    }
}
