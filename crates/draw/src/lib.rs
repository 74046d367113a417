//! Backend-neutral drawing of a map: a map, a style and a region become primitives in world
//! units — hex cells, rectangles, polygons, polylines, circles, Bézier paths, placed images
//! and text — handed to a [`Sink`]. Back-ends only translate them: raster (PNG), SVG and PDF
//! in `hexmap-io`'s `render`, the Tiled tileset image, and egui meshes in the editor, which
//! caches them per chunk. So a new kind of map content is drawn once, here, and shows the
//! same in every picture.
//!
//! Knows nothing of files or egui. Scale is always screen pixels per world unit; level of
//! detail and legibility rules are in [`lod`], text ink against a fill in [`ink_on`].
//!
//! - [`MapScene`]: terrain fills, grid, edge features and paths, mine and note markers, terrain symbols, coordinate
//!   labels for any [`Region`];
//! - [`features`]: edge features (rivers, walls) and paths (roads), drawn by `MapScene`;
//! - [`GameScene`]: the minesweeper game as the player sees it;
//! - [`draw_overlays`]: analysis overlays from plain inputs;
//! - [`markers`]: the mine and note markers and terrain swatches on their own;
//! - [`annotations`]: icons on hexes (art in [`icon_art`]) and place-name labels, curved
//!   ones set glyph by glyph along their path by [`label_path`];
//!   [`annotation_hits`]: which of them is under a point (text measured by [`text_box`]);
//! - [`fonts`]: the fonts text is drawn and measured with;
//! - [`named_regions`]: named regions' outlines (rings of outer hexsides), tints and names;
//! - [`legend`]: the key of the terrains, edge and path types and icons a map uses;
//! - [`world_box`]: the world rectangle a map's cells cover;
//! - [`player`]: the player filter, what the players may see of a map (fog, no secrets);
//! - [`underlay`] and [`underlay_pick`]: the tracing picture under a map, and which of its
//!   pixels lies under a point;
//! - [`scale_bar`], [`elevation_bands`], [`climate_bands`], [`overview`]: the scale bar,
//!   elevation and climate shading,
//!   and the picture of a map too large for hexagons;
//! - [`spill`] and [`piece_reach`]: how far an icon, caption or feature piece reaches past
//!   its hex, so a redraw covers it;
//! - [`print`]: pages, marks and hex sizes on paper.

pub mod annotation_hits;
pub mod annotations;
pub mod climate_bands;
pub mod colour;
pub mod elevation_bands;
pub mod features;
pub mod fonts;
pub mod game;
pub mod icon_art;
pub mod image;
pub mod label_path;
pub mod legend;
pub mod lines;
pub mod lod;
pub mod map_scene;
pub mod markers;
pub mod named_regions;
pub mod overlay;
pub mod overview;
pub mod piece_reach;
pub mod player;
pub mod primitives;
pub mod print;
pub mod property_tint;
pub mod region;
pub mod scale_bar;
pub mod scene;
pub mod sink;
pub mod spill;
pub mod style;
pub mod text_box;
pub mod underlay;
pub mod underlay_pick;
pub mod world_box;

pub use colour::{Colour, ink_on};
pub use game::{GameScene, GameStyle};
pub use image::{ImageId, ImageSet, RgbaImage, draw_image_icon};
pub use lod::Detail;
pub use map_scene::MapScene;
pub use overlay::{HexSet, OverlayStyle, Overlays, draw_overlays};
pub use player::{PlayerView, player_map};
pub use primitives::{
    Circle, Font, FontFamily, HAlign, Halo, HexCell, Hexagon, Image, ImageRef, OwnedText, Path,
    PlacedImage, Polygon, Polyline, Rect, Segment, Stroke, StrokePattern, Text, VAlign,
};
pub use region::Region;
pub use scene::Scene;
pub use sink::{Recorded, Recording, Sink};
pub use style::{Layers, LineWidth, PARTY, Style};
pub use world_box::{
    CellReach, drawn_icon_boxes, drawn_text_boxes, map_world_box, offset_bounds_world_box,
    shape_world_box, world_box,
};
