//! A map drawn for a region: hex fills, grid, edge features and paths, mine and note
//! markers, icons, notes as captions (when the map's view settings ask), terrain symbols,
//! coordinate labels and place-name labels, with the level of detail of [`super::lod`].
//! Terrain tile art and user-image icons come from an [`ImageSet`] given with
//! [`MapScene::with_images`].

use super::annotations;
use super::colour::{Colour, ink_on};
use super::features::{FeatureLayers, draw_features};
use super::image::ImageSet;
use super::lod::{self, Detail};
use super::markers;
use super::primitives::{Font, HexCell, Hexagon, Stroke, Text};
use super::region::Region;
use super::scene::{Scene, draw_blocks};
use super::sink::Sink;
use super::spill::Spill;
use super::style::Style;
use hexmap_hex::{Hex, Layout, OffsetCoord, OffsetKind, Orientation, Point};
use hexmap_map::{HexMap, MapShape, OffsetBounds};

/// Bits of [`Detail::Full::shown`] for a map.
const SHOWN_GRID: u8 = 1;
const SHOWN_SYMBOLS: u8 = 2;
const SHOWN_LABELS: u8 = 4;
const SHOWN_FEATURES: u8 = 8;

/// How far the GM's view shades a hidden cell toward the style's fog colour.
const FOG_SHADE: f32 = 0.55;

/// Transparency of terrain symbols (they sit behind labels and must not shout).
const SYMBOL_ALPHA: u8 = 150;
/// Symbol font size as a share of the hex radius.
const SYMBOL_SHARE: f64 = 0.55;

/// A map with its layout, the box of its cells and a style: draws any region of it.
#[derive(Clone, Copy)]
pub struct MapScene<'a> {
    map: &'a HexMap,
    layout: Layout,
    bounds: OffsetBounds,
    style: &'a Style,
    images: Option<&'a ImageSet>,
    /// The icons and note captions drawn past their hex, if the caller keeps them (else
    /// each region finds them).
    spill: Option<&'a Spill>,
    /// The back-end paints every region's texts over all regions (the editor's chunks):
    /// spilled captions then need no second drawing.
    texts_on_top: bool,
}

/// One cell as drawn: where, its fill, and its markers.
#[derive(Clone, Copy)]
struct CellInfo {
    hex: Hex,
    centre: Point,
    fill: Option<Colour>,
    terrain: Option<u16>,
    mine: bool,
    note: bool,
}

impl<'a> MapScene<'a> {
    /// A scene of `map` drawn in `layout`; `bounds` is the box of its cells in
    /// [`OffsetKind::default_for`] (the editor keeps it; see [`MapScene::whole`] to compute it).
    pub fn new(map: &'a HexMap, layout: Layout, bounds: OffsetBounds, style: &'a Style) -> Self {
        MapScene {
            map,
            layout,
            bounds,
            style,
            images: None,
            spill: None,
            texts_on_top: false,
        }
    }

    /// The same scene drawing tile art and user-image icons from `images` (paths that are
    /// not in the set draw as the terrain colour and the built-in picture sign).
    pub fn with_images(self, images: &'a ImageSet) -> Self {
        MapScene {
            images: Some(images),
            ..self
        }
    }

    /// The same scene taking the icons and note captions drawn past their hex from
    /// `spill` (made by [`Spill::of`] for this map and layout), so regions need not find
    /// them each time.
    pub fn with_spill(self, spill: &'a Spill) -> Self {
        MapScene {
            spill: Some(spill),
            ..self
        }
    }

    /// The same scene for a back-end that paints the texts of every region over all
    /// regions (the editor's chunk cache): icons drawn past their hex are drawn again by
    /// the regions they reach, their captions are not.
    pub fn with_texts_on_top(self) -> Self {
        MapScene {
            texts_on_top: true,
            ..self
        }
    }

    /// A scene of all of `map` in `layout`, its cell box computed.
    pub fn whole(map: &'a HexMap, layout: Layout, style: &'a Style) -> Self {
        let bounds = map
            .shape()
            .offset_bounds(OffsetKind::default_for(layout.orientation()));
        MapScene::new(map, layout, bounds, style)
    }

    /// The map drawn.
    pub fn map(&self) -> &'a HexMap {
        self.map
    }

    /// The layout drawn in.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The box of the map's cells in [`OffsetKind::default_for`].
    pub fn bounds(&self) -> OffsetBounds {
        self.bounds
    }

    /// The smaller hex radius in world units (what the level of detail is measured on).
    pub fn radius(&self) -> f64 {
        self.layout.inner_radius()
    }

    /// The colour a person sees in the cell at `hex`: its terrain's colour, the style's
    /// empty-cell colour, or `None` (off the map, or a transparent empty cell). Overlays
    /// measure the contrast of their lines against it.
    pub fn fill_at(&self, hex: Hex) -> Option<Colour> {
        let i = self.map.shape().index_of(hex)?;
        let terrain = self
            .map
            .terrain_layer()
            .get(i)
            .filter(|_| self.style.layers.terrain)
            .and_then(|t| self.map.palette().get(t));
        terrain
            .map(|t| Colour::from(t.color))
            .or(self.style.empty_cell)
    }

    /// Fill of each terrain by raw id, `None` for unknown ids.
    fn colours(&self) -> Vec<Option<Colour>> {
        self.map
            .palette()
            .by_raw_id()
            .into_iter()
            .map(|t| t.map(|t| Colour::from(t.color)))
            .collect()
    }

    /// What is drawn of `hex`, or `None` off the map.
    fn info(&self, hex: Hex, colours: &[Option<Colour>]) -> Option<CellInfo> {
        let map = self.map;
        let i = map.shape().index_of(hex)?;
        let layers = &self.style.layers;
        let (fill, terrain) = self.fill_of(hex, i, colours);
        Some(CellInfo {
            hex,
            centre: self.layout.hex_to_pixel(hex),
            fill,
            terrain,
            mine: layers.mines && map.mine_layer().get(i),
            note: layers.notes && !map.notes().is_empty() && map.notes().contains_key(&hex),
        })
    }

    /// The fill of cell `i` (terrain colour or the empty-cell colour, shaded under fog,
    /// tinted by elevation or climate bands) and its terrain id where that terrain has a colour.
    fn fill_of(
        &self,
        hex: Hex,
        i: usize,
        colours: &[Option<Colour>],
    ) -> (Option<Colour>, Option<u16>) {
        let map = self.map;
        let layers = &self.style.layers;
        let terrain = map
            .terrain_layer()
            .get(i)
            .map(|t| t.get())
            .filter(|_| layers.terrain);
        let colour = terrain.and_then(|t| colours.get(usize::from(t)).copied().flatten());
        let mut fill = colour.or(self.style.empty_cell);
        if let Some(fog) = self.style.fog
            && map.is_hidden_index(i)
        {
            fill = fill.map(|f| f.blend(fog, FOG_SHADE));
        }
        if layers.elevation
            && let Some(e) = map.elevation_layer().and_then(|l| l.get(i))
        {
            let under = fill.unwrap_or(Colour::rgb(128, 128, 128));
            fill = Some(super::elevation_bands::tint(under, e));
        }
        if let Some(kind) = layers.climate
            && let Some(v) = map.climate_layer(kind).and_then(|l| l.get(i))
        {
            let under = fill.unwrap_or(Colour::rgb(128, 128, 128));
            fill = Some(super::climate_bands::tint(under, kind, v));
        }
        if let Some(tint) = &self.style.property_tint {
            let under = fill.unwrap_or(Colour::rgb(128, 128, 128));
            fill = Some(tint.tint(map, hex, under));
        }
        (fill, terrain.filter(|_| colour.is_some()))
    }

    /// The colour a cell shows when it is a block: its fill, darkened toward the mine
    /// colour when it holds a shown mine.
    fn block_colour(&self, fill: Option<Colour>, mine: bool) -> Option<Colour> {
        fill.map(|f| {
            if mine {
                f.blend(self.style.mine, 0.6)
            } else {
                f
            }
        })
    }

    /// Which zoom-gated content shows at a hex radius in pixels.
    fn shown(&self, radius_px: f64) -> u8 {
        let layers = &self.style.layers;
        let mut bits = 0;
        if layers.grid && lod::grid_visible(radius_px) {
            bits |= SHOWN_GRID;
        }
        if layers.symbols && layers.terrain && radius_px >= lod::SYMBOLS_FROM_PX {
            bits |= SHOWN_SYMBOLS;
        }
        if layers.labels.is_some()
            && lod::label_size_bound(radius_px, self.style.label_cap) >= lod::MIN_TEXT_PX
        {
            bits |= SHOWN_LABELS;
        }
        let features = (layers.edges && !self.map.edge_layer().is_empty())
            || (layers.paths && !self.map.paths().is_empty());
        if features && radius_px >= lod::FEATURES_FROM_PX {
            bits |= SHOWN_FEATURES;
        }
        bits
    }

    /// Hexagons with grid, then markers, then symbols and labels.
    fn draw_full(&self, region: &Region<'_>, scale: f64, shown: u8, sink: &mut dyn Sink) {
        let style = self.style;
        let colours = self.colours();
        let hexagon = Hexagon::of(&self.layout);
        let radius = self.radius();
        let grid = (shown & SHOWN_GRID != 0).then(|| {
            let w = &style.grid_width;
            let px = lod::line_px(radius * scale, w.per_radius, w.min_px, w.max_px);
            Stroke::solid(px / scale, style.grid)
        });
        let mut marked = Vec::new();
        let mut texts = Vec::new();
        let wants_text = shown & (SHOWN_SYMBOLS | SHOWN_LABELS) != 0
            || !self.map.icons().is_empty()
            || self.note_captions();
        let wants_features = shown & SHOWN_FEATURES != 0;
        let mut cells = Vec::new();
        region.for_each(&self.layout, &self.bounds, |h| {
            let Some(cell) = self.info(h, &colours) else {
                return;
            };
            if let Some(art) = self.tile_image(&cell) {
                self.draw_tile(sink, &hexagon, &cell, art, grid);
            } else if cell.fill.is_some() || grid.is_some() {
                sink.hex(&HexCell {
                    hexagon: &hexagon,
                    centre: cell.centre,
                    scale: 1.0,
                    fill: cell.fill,
                    stroke: grid,
                });
            }
            if wants_features {
                cells.push(cell.hex);
            }
            if cell.mine || cell.note {
                marked.push(cell);
            }
            if wants_text {
                texts.push(cell);
            }
        });
        if wants_features {
            let layers = FeatureLayers {
                edges: style.layers.edges,
                paths: style.layers.paths,
                fog_casing: style.fog.map(|_| super::features::FOG_CASING),
            };
            draw_features(self.map, &self.layout, &cells, scale, layers, sink);
        }
        // With coordinate labels shown in the middle of each hex, a mine moves to a corner
        // so it covers neither the label nor the terrain symbol; without them it keeps the
        // big disc (a minesweeper board reads by its mines) and hides the symbol.
        let texts_shown = shown & SHOWN_LABELS != 0;
        for cell in &marked {
            if cell.mine && texts_shown {
                let (body, core) = (style.mine, style.mine_core);
                markers::mine_beside_texts(sink, &hexagon, cell.centre, radius, body, core);
            } else if cell.mine {
                markers::mine(sink, cell.centre, radius, style.mine, style.mine_core);
            }
            if cell.note {
                markers::note(sink, &hexagon, cell.centre, style.note);
            }
        }
        self.draw_icons(&texts, scale, sink);
        if self.note_captions() {
            for cell in &texts {
                if let Some(note) = self.map.notes().get(&cell.hex) {
                    let icons = self.map.icons().at(cell.hex);
                    let at = (cell.centre, icons);
                    annotations::draw_note_caption(sink, note, at, radius, scale);
                }
            }
        }
        let spilled = self.draw_spill(&texts, scale, sink);
        if wants_text {
            self.draw_texts(&texts, &spilled, &colours, scale, shown, sink);
        }
    }

    /// The icons and note captions of hexes around `cells` that are drawn past their own
    /// hex onto them, drawn again over these cells' fills ([`Spill`]); returns every
    /// spilling hex reaching `cells` (outside them or not) with its centre.
    fn draw_spill(&self, cells: &[CellInfo], scale: f64, sink: &mut dyn Sink) -> Vec<(Hex, Point)> {
        let mut near = Vec::new();
        let Some(first) = cells.first() else {
            return near;
        };
        let found;
        let spill = match self.spill {
            Some(s) => s,
            None => {
                found = Spill::of(self.map, &self.layout);
                &found
            }
        };
        if spill.is_empty() {
            return near;
        }
        let kind = OffsetKind::default_for(self.layout.orientation());
        let start = kind.from_hex(first.hex);
        let (mut min, mut max) = ((start.col, start.row), (start.col, start.row));
        for cell in cells {
            let c = kind.from_hex(cell.hex);
            min = (min.0.min(c.col), min.1.min(c.row));
            max = (max.0.max(c.col), max.1.max(c.row));
        }
        let radius = self.radius();
        let mut shapes_only;
        let sink: &mut dyn Sink = if self.texts_on_top {
            shapes_only = super::sink::WithoutText(sink);
            &mut shapes_only
        } else {
            sink
        };
        for (hex, outside) in spill.near(min, max, !self.texts_on_top) {
            let centre = self.layout.hex_to_pixel(hex);
            near.push((hex, centre));
            if !outside {
                continue;
            }
            let icons = self.map.icons().at(hex);
            if !icons.is_empty() {
                annotations::draw_hex_icons_with(sink, icons, centre, radius, scale, self.images);
            }
            if self.note_captions()
                && !self.texts_on_top
                && let Some(note) = self.map.notes().get(&hex)
            {
                annotations::draw_note_caption(sink, note, (centre, icons), radius, scale);
            }
        }
        near
    }

    /// True when notes are drawn as captions (the map's view settings) and there are some.
    fn note_captions(&self) -> bool {
        self.map.view().note_captions && !self.map.notes().is_empty()
    }

    /// The tile image `cell` shows (its terrain's art, picked by the hex's hash), its
    /// pixels and its tint, if the terrain has art and that image loaded.
    fn tile_image(&self, cell: &CellInfo) -> Option<TileImage<'a>> {
        let images = self.images?;
        let id = hexmap_map::TerrainId::new(cell.terrain?)?;
        let terrain = self.map.palette().get(id)?;
        let path = terrain.art.pick(hexmap_hex::stable_hash(cell.hex))?;
        let (id, image) = images.get(path)?;
        Some(TileImage {
            id,
            image,
            tint: terrain.art.tint.then(|| Colour::from(terrain.color)),
        })
    }

    /// A cell with tile art: its fill, the image clipped to the hexagon over it (as large
    /// as needed to cover the hex, keeping the image's proportions), then the grid line.
    fn draw_tile(
        &self,
        sink: &mut dyn Sink,
        hexagon: &Hexagon,
        cell: &CellInfo,
        art: TileImage<'_>,
        grid: Option<Stroke>,
    ) {
        let c = cell.centre;
        let cell_of = |fill, stroke| HexCell {
            hexagon,
            centre: c,
            scale: 1.0,
            fill,
            stroke,
        };
        sink.hex(&cell_of(cell.fill, None));
        let corners: [Point; 6] = std::array::from_fn(|i| hexagon.corner(c, 1.0, i));
        super::image::draw_tile_art(sink, &corners, art.id, art.image, art.tint);
        if grid.is_some() {
            sink.hex(&cell_of(None, grid));
        }
    }

    /// The icons of `cells` (after terrain and markers, before text).
    fn draw_icons(&self, cells: &[CellInfo], scale: f64, sink: &mut dyn Sink) {
        let icons = self.map.icons();
        if icons.is_empty() {
            return;
        }
        let radius = self.radius();
        for cell in cells {
            let list = icons.at(cell.hex);
            if !list.is_empty() {
                annotations::draw_hex_icons_with(
                    sink,
                    list,
                    cell.centre,
                    radius,
                    scale,
                    self.images,
                );
            }
        }
    }

    /// The named regions' tints, outlines and names (`named_regions`), over the cells.
    fn draw_named_regions(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        let (map, layout, bounds) = (self.map, &self.layout, &self.bounds);
        let drawing = super::named_regions::RegionDrawing {
            scale,
            players: self.style.players,
            party: self.party_box(scale),
        };
        super::named_regions::draw_regions(map, (layout, bounds), region, &drawing, sink);
    }

    /// The party marker's centre and radius at `scale`, if the map has a party.
    fn party_marker(&self, scale: f64) -> Option<(Point, f64)> {
        let p = self.map.party()?;
        let r = markers::party_radius(self.radius(), scale);
        Some((self.layout.hex_to_pixel(p.hex), r))
    }

    /// The world box the party marker covers at `scale`.
    fn party_box(&self, scale: f64) -> Option<(Point, Point)> {
        let (c, r) = self.party_marker(scale)?;
        Some((Point::new(c.x - r, c.y - r), Point::new(c.x + r, c.y + r)))
    }

    /// The party marker, drawn by the piece that is home to it, over the cells and named
    /// regions and under the place-name labels (which stay readable over it).
    fn draw_party(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        let (Some((c, r)), Some(b)) = (self.party_marker(scale), self.party_box(scale)) else {
            return;
        };
        if annotations::region_draws_box(region, b, &self.layout, &self.bounds) {
            markers::party(sink, c, r, self.style.party);
        }
    }

    /// The place-name labels this region draws (on top of everything else).
    fn draw_labels(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        for (_, label) in self.map.labels().iter() {
            if annotations::region_draws_label(region, label, &self.layout, &self.bounds) {
                annotations::draw_label(sink, label, &self.layout, scale);
            }
        }
    }

    /// Terrain symbols and coordinate labels of `cells`.
    fn draw_texts(
        &self,
        cells: &[CellInfo],
        spilled: &[(Hex, Point)],
        colours: &[Option<Colour>],
        scale: f64,
        shown: u8,
        sink: &mut dyn Sink,
    ) {
        let style = self.style;
        let radius = self.radius();
        let symbols = (shown & SHOWN_SYMBOLS != 0).then(|| self.map.palette().by_raw_id());
        let system = style.layers.labels.filter(|_| shown & SHOWN_LABELS != 0);
        let cx = self.map.properties().coord_context();
        let mut buf = [0u8; 4];
        for cell in cells {
            let c = cell.centre;
            let label = system.and_then(|s| {
                let text = s.format(cell.hex, &cx);
                let size = lod::label_size(radius, text.chars().count(), style.label_cap, scale)?;
                Some((text, size))
            });
            // A cell showing tile art shows the picture, not the symbol over it; nor does
            // one whose centre an icon covers (its own, or a big one nearby).
            let under_icon = || {
                let icons = self.map.icons();
                annotations::icons_cover(icons.at(cell.hex), radius, Point::new(0.0, 0.0))
                    || spilled.iter().any(|&(hex, at)| {
                        let from = Point::new(c.x - at.x, c.y - at.y);
                        annotations::icons_cover(icons.at(hex), radius, from)
                    })
            };
            let terrain = cell
                .terrain
                .and_then(|t| symbols.as_ref()?.get(usize::from(t)).copied().flatten())
                .filter(|_| self.tile_image(cell).is_none() && !under_icon())
                .filter(|_| !(cell.mine && system.is_none()));
            if let Some(t) = terrain {
                let fill = colours[usize::from(t.id.get())].unwrap_or(style.backdrop);
                let y = match &label {
                    Some((_, size)) => c.y - size * 0.9,
                    None => c.y,
                };
                sink.text(&Text::centred(
                    t.symbol.encode_utf8(&mut buf),
                    Point::new(c.x, y),
                    radius * SYMBOL_SHARE,
                    ink_on(fill).with_alpha(SYMBOL_ALPHA),
                    Font::regular(super::primitives::FontFamily::Sans),
                ));
            }
            if let Some((text, size)) = label {
                // (A mine sits in a corner while labels are shown: the label is on the fill.)
                let under = cell.fill.unwrap_or(style.backdrop);
                let y = if terrain.is_some() {
                    c.y + size * 0.7
                } else {
                    c.y
                };
                sink.text(&Text::centred(
                    &text,
                    Point::new(c.x, y),
                    size,
                    ink_on(under),
                    Font::regular(style.label_font),
                ));
            }
        }
    }
}

impl Scene for MapScene<'_> {
    fn detail(&self, scale: f64) -> Detail {
        let radius_px = self.radius() * scale;
        let shown = self.shown(radius_px);
        // Grid and feature lines have widths fixed in pixels; icons and labels appear one
        // by one as they grow legible: a drawing with any of them is redrawn at each zoom
        // bucket.
        let annotated =
            !(self.map.icons().is_empty() && self.map.labels().is_empty()) || self.note_captions();
        let zoom_dependent = shown & (SHOWN_GRID | SHOWN_FEATURES) != 0 || annotated;
        lod::detail_for(radius_px, zoom_dependent, shown)
    }

    fn draw(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        self.draw_cells(region, scale, sink);
        self.draw_named_regions(region, scale, sink);
        self.draw_party(region, scale, sink);
        self.draw_labels(region, scale, sink);
    }

    fn draw_cells(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        match self.detail(scale) {
            Detail::Texel | Detail::Coarse => draw_blocks(self, &self.layout, region, sink),
            Detail::Full { shown, .. } => self.draw_full(region, scale, shown, sink),
        }
    }

    fn draw_free_text(&self, a: Point, b: Point, scale: f64, sink: &mut dyn Sink) {
        self.draw_named_regions(&Region::Rect(a, b), scale, sink);
        self.draw_party(&Region::Rect(a, b), scale, sink);
        self.draw_labels(&Region::Rect(a, b), scale, sink);
    }

    fn block_colours_in(
        &self,
        kind: OffsetKind,
        bounds: &OffsetBounds,
        f: &mut dyn FnMut(OffsetCoord, Colour),
    ) {
        // A rectangle straight in `kind` stores its cells row by row: a cell's index is
        // its row times the width plus its column, no hex in between.
        let MapShape::Rectangle {
            kind: own,
            width,
            height,
        } = *self.map.shape()
        else {
            return self.block_colours(&Region::Block(*bounds), &mut |h, c| f(kind.from_hex(h), c));
        };
        if own != kind {
            return self.block_colours(&Region::Block(*bounds), &mut |h, c| f(kind.from_hex(h), c));
        }
        let colours = self.colours();
        let (map, mines) = (self.map, self.style.layers.mines);
        let span = |start: i32, n: u32, size: u32| {
            let lo = i64::from(start).max(0);
            let hi = (i64::from(start) + i64::from(n)).min(i64::from(size));
            lo..hi.max(lo)
        };
        for row in span(bounds.min_row, bounds.rows, height) {
            for col in span(bounds.min_col, bounds.cols, width) {
                let i = (row * i64::from(width) + col) as usize;
                let at = OffsetCoord::new(col as i32, row as i32);
                let (fill, _) = self.fill_of(kind.to_hex(at), i, &colours);
                if let Some(fill) = self.block_colour(fill, mines && map.mine_layer().get(i)) {
                    f(at, fill);
                }
            }
        }
    }

    fn block_colours(&self, region: &Region<'_>, f: &mut dyn FnMut(Hex, Colour)) {
        // The fill without what `info` adds for a hexagon (its centre, its note): the
        // whole-world view colours millions of cells this way.
        let colours = self.colours();
        let (map, mines) = (self.map, self.style.layers.mines);
        region.for_each(&self.layout, &self.bounds, |h| {
            let Some(i) = map.shape().index_of(h) else {
                return;
            };
            let (fill, _) = self.fill_of(h, i, &colours);
            if let Some(fill) = self.block_colour(fill, mines && map.mine_layer().get(i)) {
                f(h, fill);
            }
        });
    }
}

/// A loaded tile image as a cell draws it.
#[derive(Clone, Copy)]
struct TileImage<'a> {
    id: super::image::ImageId,
    image: &'a super::image::RgbaImage,
    tint: Option<Colour>,
}

/// The box, centred on `corners`' bounding box, that covers it with an image of
/// `width` × `height` pixels drawn at its own proportions.
pub fn cover_box(corners: &[Point], width: u32, height: u32) -> (Point, Point) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in corners {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    let aspect = f64::from(width) / f64::from(height.max(1));
    let w = (x1 - x0).max((y1 - y0) * aspect);
    let h = w / aspect;
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    (
        Point::new(cx - w / 2.0, cy - h / 2.0),
        Point::new(cx + w / 2.0, cy + h / 2.0),
    )
}

/// Half the pitch of offset cells along x and y: offset cells tile the plane as rectangles
/// of twice these sizes (the coarse block of a cell).
pub fn half_pitch(layout: &Layout) -> (f64, f64) {
    let size = layout.size();
    let half_sqrt3 = 3f64.sqrt() / 2.0;
    match layout.orientation() {
        Orientation::Pointy => (size.x * half_sqrt3, size.y * 0.75),
        Orientation::Flat => (size.x * 0.75, size.y * half_sqrt3),
    }
}

#[cfg(test)]
mod tests;
