//! A map printed at true scale as a PDF document: the page layout of `draw::print`, each
//! page the map scene clipped to its part, with crop and registration marks, a caption,
//! a first page with an assembly index when the board takes several pages
//! ([`super::print_index`]), and the key (legend) on a page of its own or over a corner
//! of the first board page.

use super::PictureError;
use super::pdf::{PageResources, PdfSink, Shared, ToPage, write_content};
use hexmap_draw::legend::LegendPlace;
use hexmap_draw::print::{POINTS_PER_MM, Page, PageLayout, PageSetup, flat_to_flat, layout_map};
use hexmap_draw::{
    Circle, Colour, Font, FontFamily, HAlign, Layers, MapScene, Polyline, Region, Scene, Sink,
    Stroke, Style, Text, VAlign, legend, region,
};
use hexmap_hex::{CoordSystem, Point};
use hexmap_map::{Corner, HexMap};
use pdf_writer::{Pdf, Rect, Ref, TextStr};

/// What to print and how.
#[derive(Clone, Debug, PartialEq)]
pub struct PrintOptions {
    /// Hex size, paper, margins, overlap, poster.
    pub setup: PageSetup,
    /// Draw hex outlines.
    pub grid: bool,
    /// Coordinate labels in this system; `None` for none.
    pub labels: Option<CoordSystem>,
    /// Draw mines.
    pub mines: bool,
    /// Crop and registration marks in the margins.
    pub marks: bool,
    /// The map's key (legend): over a corner of the first board page (`Over`), else on a
    /// page of its own after the board; `None` for none.
    pub legend: Option<LegendPlace>,
    /// Draw the scale bar at true length in the bottom-left corner of the first board page
    /// (clear of a key over that corner) when the map has a scale.
    pub scale_bar: bool,
    /// Draw the map's tracing underlay under it (its image must be in `images`).
    pub underlay: bool,
    /// The map's loaded images (tile art, user-image icons); `None` for colours only.
    pub images: Option<std::sync::Arc<hexmap_draw::ImageSet>>,
    /// Lay the pages out over this world box instead of the map's own (a player view is
    /// laid out as its full map, so the pages of both match); `None` for the map's.
    pub world_box: Option<(hexmap_hex::Point, hexmap_hex::Point)>,
    /// The map is a player map: drawn in the players' style (`Style::for_players`).
    pub players: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            setup: PageSetup::default(),
            grid: true,
            labels: None,
            mines: true,
            marks: hexmap_draw::print::MARKS_BY_DEFAULT,
            legend: None,
            scale_bar: false,
            underlay: false,
            images: None,
            world_box: None,
            players: false,
        }
    }
}

/// Largest page side in points a PDF reader must accept (200 inches); larger pages are
/// written with a `/UserUnit` so their numbers stay within it.
const MAX_PAGE_POINTS: f64 = 14_400.0;

/// Legend "pixels" per millimetre of paper: its 12-pixel names print 3 mm high (smaller
/// when the key would not fit its area otherwise).
const LEGEND_PX_PER_MM: f64 = 4.0;

/// Draw `map`'s legend in `corner` of the paper rectangle `area` (millimetres; the sink
/// draws in paper millimetres), its image icons from the print's images. The key is
/// shrunk until its box fits the area, so it never runs off its page. Returns the key's
/// box on the paper (`None` when the map has nothing to list).
fn paper_legend(
    sink: &mut dyn Sink,
    map: &HexMap,
    opts: &PrintOptions,
    area: (Point, Point),
    corner: Corner,
) -> Option<(Point, Point)> {
    let entries = legend::legend_entries(map);
    let (w, h) = (area.1.x - area.0.x, area.1.y - area.0.y);
    let mut k = LEGEND_PX_PER_MM;
    for _ in 0..16 {
        let (rw, rh) = legend::legend_room_px(&entries, h * k);
        let over = (rw / k / w).max(rh / k / h);
        if over.is_nan() || over <= 1.0 {
            break;
        }
        k *= over * 1.02;
    }
    let images = opts.images.as_deref();
    legend::draw_legend(sink, &entries, area, k, corner, images);
    (!entries.is_empty()).then(|| legend::legend_box(&entries, area, k, corner))
}

/// The key of `map` on a page of its own (the paper of the board), top left inside the
/// margins, under a title naming the map.
fn key_page(
    map: &HexMap,
    layout: &PageLayout,
    opts: &PrintOptions,
    shared: &mut Shared,
) -> PageOut {
    let (size_pt, unit) = page_units(layout.paper_mm.0, layout.paper_mm.1);
    let (pw, ph) = layout.paper_mm;
    let margin = 12.0_f64.min(pw / 10.0).min(ph / 10.0);
    let mut sink = PdfSink::new(paper_transform(size_pt.1, unit), shared);
    let title = 5.0_f64.min(margin * 0.6);
    sink.text(&Text {
        h_align: HAlign::Left,
        v_align: VAlign::Top,
        ..Text::centred(
            &format!("{}: key", map.name()),
            Point::new(margin, margin),
            title,
            INK,
            Font {
                bold: true,
                ..Font::regular(FontFamily::Sans)
            },
        )
    });
    let top = margin + title * 1.5;
    let area = (
        Point::new(margin, top),
        Point::new(pw - margin, ph - margin),
    );
    paper_legend(&mut sink, map, opts, area, Corner::TopLeft);
    PageOut::new(sink, size_pt, unit)
}

/// Ink of marks, captions and the index.
pub(super) const INK: Colour = Colour::rgb(0, 0, 0);

/// The text size of captions in millimetres, at most.
const CAPTION_MM: f64 = 2.5;

/// One page being written: its size and content.
pub(super) struct PageOut {
    size_pt: (f64, f64),
    user_unit: f64,
    content: Vec<u8>,
    resources: PageResources,
}

impl PageOut {
    /// The page `size_pt` points large (in units of `user_unit` points) that `sink` drew.
    pub(super) fn new(sink: PdfSink<'_>, size_pt: (f64, f64), user_unit: f64) -> Self {
        let (content, resources) = sink.finish();
        PageOut {
            size_pt,
            user_unit,
            content,
            resources,
        }
    }
}

/// A page of `w` × `h` millimetres: its size in points and the user unit that keeps it
/// within [`MAX_PAGE_POINTS`].
pub(super) fn page_units(w_mm: f64, h_mm: f64) -> ((f64, f64), f64) {
    let (w, h) = (w_mm * POINTS_PER_MM, h_mm * POINTS_PER_MM);
    let unit = (w.max(h) / MAX_PAGE_POINTS).ceil().max(1.0);
    ((w, h), unit)
}

/// Paper millimetres (origin top-left, y down) → page units.
pub(super) fn paper_transform(height_pt: f64, unit: f64) -> ToPage {
    ToPage {
        scale: POINTS_PER_MM / unit,
        ox: 0.0,
        oy: height_pt / unit,
    }
}

/// The map as a PDF document. `progress` is called with the share done (0.0 to 1.0).
pub fn render_pdf(
    map: &HexMap,
    opts: &PrintOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    hexmap_map::steps::block_on(pdf_in_steps(map, opts, progress))
}

/// [`render_pdf`] as work that pauses after each page and each band of a one-page poster
/// ([`hexmap_map::steps`]).
pub async fn pdf_in_steps(
    map: &HexMap,
    opts: &PrintOptions,
    progress: &mut dyn FnMut(f32),
) -> Result<Vec<u8>, PictureError> {
    let mut shared = Shared::new(FIRST_SHARED_ID);
    let (pages, _) = board_pages(map, opts, &mut shared, progress).await?;
    Ok(write_document(map.name(), pages, &mut shared))
}

/// The first object id of pages and shared objects: 1 is the catalog, 2 the page tree,
/// 3 the document info.
pub(super) const FIRST_SHARED_ID: i32 = 4;

/// The style a print draws the map in.
pub(super) fn print_style(opts: &PrintOptions) -> Style {
    let style = Style::picture(Layers::picture(opts.mines, opts.grid, opts.labels));
    if opts.players {
        style.for_players()
    } else {
        style
    }
}

/// The pages of the printed map: the assembly index of a board of several pages, the
/// board's pages, and the key (legend) on a page of its own when asked; and the layout
/// they were cut by.
pub(super) async fn board_pages(
    map: &HexMap,
    opts: &PrintOptions,
    shared: &mut Shared,
    progress: &mut dyn FnMut(f32),
) -> Result<(Vec<PageOut>, PageLayout), PictureError> {
    if map.shape().is_empty() {
        return Err(PictureError::Empty);
    }
    let world = map.layout().map_err(|_| PictureError::BadSize(0.0, 0.0))?;
    let layout = match opts.world_box {
        Some(b) => PageLayout::new(&opts.setup, b, flat_to_flat(&world))?,
        None => layout_map(map, &opts.setup)?,
    };
    let style = print_style(opts);
    let spill = hexmap_draw::spill::Spill::of(map, &world);
    let mut scene = MapScene::whole(map, world, &style).with_spill(&spill);
    if let Some(images) = &opts.images {
        scene = scene.with_images(images);
    }
    let mut pages = Vec::new();
    let several = layout.page_count() > 1;
    let has_key = !legend::legend_entries(map).is_empty();
    // A key of its own comes after the index and the board pages.
    let key_number = match opts.legend {
        Some(LegendPlace::Over(_)) | None => None,
        Some(_) => has_key.then(|| layout.page_count() + usize::from(several) + 1),
    };
    if several {
        let index = super::print_index::index_page(map, &layout, &scene, opts, key_number, shared);
        pages.push(index);
    }
    let total = layout.page_count();
    for (i, page) in layout.pages().enumerate() {
        let first_number = usize::from(several) + 1;
        pages.push(
            map_page(
                map,
                &layout,
                &scene,
                &page,
                opts,
                i + first_number,
                shared,
                &mut |share| progress((i as f32 + share) / total as f32),
            )
            .await,
        );
        progress((i + 1) as f32 / total as f32);
        hexmap_map::steps::pause().await;
    }
    if key_number.is_some() {
        pages.push(key_page(map, &layout, opts, shared));
    }
    Ok((pages, layout))
}

/// The PDF file of `pages`.
pub(super) fn write_document(title: &str, pages: Vec<PageOut>, shared: &mut Shared) -> Vec<u8> {
    let mut pdf = Pdf::new();
    let (catalog, tree, info) = (Ref::new(1), Ref::new(2), Ref::new(3));
    pdf.catalog(catalog).pages(tree);
    pdf.document_info(info)
        .title(TextStr(title))
        .producer(TextStr("hexmap"));
    let ids: Vec<(Ref, Ref)> = pages
        .iter()
        .map(|_| (shared.alloc(), shared.alloc()))
        .collect();
    pdf.pages(tree)
        .kids(ids.iter().map(|(page, _)| *page))
        .count(pages.len() as i32);
    for (page, (id, content_id)) in pages.iter().zip(&ids) {
        let (w, h) = (
            page.size_pt.0 / page.user_unit,
            page.size_pt.1 / page.user_unit,
        );
        let mut p = pdf.page(*id);
        p.parent(tree)
            .media_box(Rect::new(0.0, 0.0, w as f32, h as f32))
            .contents(*content_id);
        if page.user_unit > 1.0 {
            p.user_unit(page.user_unit as f32);
        }
        page.resources.write(&mut p);
        drop(p);
        write_content(&mut pdf, *content_id, &page.content);
    }
    shared.write(&mut pdf);
    pdf.finish()
}

/// One page of the board: the map clipped to the page's part, then marks and caption.
#[allow(clippy::too_many_arguments)]
async fn map_page(
    map: &HexMap,
    layout: &PageLayout,
    scene: &MapScene<'_>,
    page: &Page,
    opts: &PrintOptions,
    number: usize,
    shared: &mut Shared,
    progress: &mut dyn FnMut(f32),
) -> PageOut {
    let (size_pt, unit) = page_units(layout.paper_mm.0, layout.paper_mm.1);
    let k = layout.mm_per_unit;
    let c = page.content;
    let to_page = ToPage {
        scale: k * POINTS_PER_MM / unit,
        ox: (c.x - page.world.0.x * k) * POINTS_PER_MM / unit,
        oy: (size_pt.1 - (c.y - page.world.0.y * k) * POINTS_PER_MM) / unit,
    };
    let mut sink = PdfSink::new(to_page, shared);
    sink.clip_rect(page.world.0, page.world.1);
    if opts.underlay
        && let Some(images) = &opts.images
    {
        hexmap_draw::underlay::draw_underlay(&mut sink, map, images);
    }
    // Legibility is judged at true size: points per world unit.
    let lod_scale = k * POINTS_PER_MM;
    if layout.page_count() == 1 {
        // One page (a poster): band by band, reporting progress.
        let pieces = region::picture_pieces(&scene.bounds()).min(64);
        let bands = region::split(&scene.bounds(), pieces);
        for (i, band) in bands.iter().enumerate() {
            scene.draw(&Region::Block(*band), lod_scale, &mut sink);
            progress((i + 1) as f32 / bands.len() as f32);
            hexmap_map::steps::pause().await;
        }
    } else {
        scene.draw(
            &Region::Rect(page.world.0, page.world.1),
            lod_scale,
            &mut sink,
        );
    }
    sink.restore();
    sink.set_transform(paper_transform(size_pt.1, unit));
    // A key over a corner and the scale bar go on the first board page (the poster's one
    // page).
    let area = (Point::new(c.x, c.y), Point::new(c.x + c.w, c.y + c.h));
    let first = page.row == 0 && page.col == 0;
    let mut key = None;
    if let Some(LegendPlace::Over(corner)) = opts.legend
        && first
    {
        key = paper_legend(&mut sink, map, opts, area, corner);
    }
    if opts.scale_bar
        && first
        && let Some(scale) = map.scale()
    {
        // True length: neighbouring hex centres are the print's hex size apart.
        let hex_mm = flat_to_flat(scene.layout()) * k;
        let px = 1.0 / LEGEND_PX_PER_MM;
        hexmap_draw::scale_bar::draw_in_corner(&mut sink, scale, hex_mm, c.w / 4.0, area, px, key);
    }
    if opts.marks {
        draw_marks(&mut sink, layout, page);
    }
    let margin = c.x.min(c.y);
    let caption = if layout.page_count() > 1 {
        format!(
            "{} — page {number}: row {} / col {} of {}×{}",
            map.name(),
            page.row + 1,
            page.col + 1,
            layout.rows,
            layout.cols
        )
    } else {
        map.name().to_string()
    };
    // Clear of the crop mark that runs down from the content's corner, and of the overlap
    // tick when there is a page to the left.
    let after_marks = if page.col > 0 && opts.marks {
        layout.overlap_mm + 2.0
    } else {
        2.0
    };
    caption_text(&mut sink, &caption, c.x + after_marks, c.y + c.h, margin);
    PageOut::new(sink, size_pt, unit)
}

/// A caption in the bottom margin below `(x, bottom)`, sized to the margin (none when
/// the margin is under 2 mm).
fn caption_text(sink: &mut dyn Sink, text: &str, x: f64, bottom: f64, margin: f64) {
    let size = CAPTION_MM.min(margin * 0.5);
    if size < 1.0 || text.is_empty() {
        return;
    }
    sink.text(&Text {
        h_align: HAlign::Left,
        v_align: VAlign::Top,
        ..Text::centred(
            text,
            Point::new(x, bottom + (margin - size) / 2.0),
            size,
            INK,
            Font::regular(FontFamily::Sans),
        )
    });
}

/// Crop marks at the content's corners, registration targets at the middle of each side
/// and ticks where the overlap with each neighbour begins, all in the margin (paper mm).
fn draw_marks(sink: &mut dyn Sink, layout: &PageLayout, page: &Page) {
    let c = page.content;
    let margin = c.x.min(c.y);
    if margin < 2.0 {
        return;
    }
    let hair = Stroke::solid(0.15, INK);
    let gap = 1.0_f64.min(margin / 4.0);
    let len = (margin - gap - 0.5).min(8.0);
    let (x0, y0, x1, y1) = (c.x, c.y, c.x + c.w, c.y + c.h);
    let line = |sink: &mut dyn Sink, a: (f64, f64), b: (f64, f64)| {
        let points = [Point::new(a.0, a.1), Point::new(b.0, b.1)];
        sink.polyline(&Polyline {
            points: &points,
            stroke: hair,
        });
    };
    for (x, dx) in [(x0, -1.0), (x1, 1.0)] {
        for (y, dy) in [(y0, -1.0), (y1, 1.0)] {
            // Along the top/bottom edge, out to the side; along the side edge, out past the top/bottom.
            line(sink, (x + dx * gap, y), (x + dx * (gap + len), y));
            line(sink, (x, y + dy * gap), (x, y + dy * (gap + len)));
        }
    }
    let r = (margin * 0.3).min(3.0);
    let mid = margin / 2.0;
    let targets = [
        ((x0 + x1) / 2.0, y0 - mid),
        ((x0 + x1) / 2.0, y1 + mid),
        (x0 - mid, (y0 + y1) / 2.0),
        (x1 + mid, (y0 + y1) / 2.0),
    ];
    for (x, y) in targets {
        sink.circle(&Circle {
            centre: Point::new(x, y),
            radius: r * 0.6,
            fill: None,
            stroke: Some(hair),
        });
        line(sink, (x - r, y), (x + r, y));
        line(sink, (x, y - r), (x, y + r));
    }
    // Where this page's part starts being shared with a neighbour: glue-line ticks.
    let o = layout.overlap_mm;
    if o > 0.0 {
        let dashed = Stroke {
            style: hexmap_draw::StrokePattern::Dashed {
                dash: 1.0,
                gap: 0.7,
            },
            ..hair
        };
        let tick = |sink: &mut dyn Sink, a: (f64, f64), b: (f64, f64)| {
            let points = [Point::new(a.0, a.1), Point::new(b.0, b.1)];
            sink.polyline(&Polyline {
                points: &points,
                stroke: dashed,
            });
        };
        let t = (margin - gap).min(6.0);
        if page.col + 1 < layout.cols {
            tick(sink, (x1 - o, y0 - gap), (x1 - o, y0 - gap - t));
            tick(sink, (x1 - o, y1 + gap), (x1 - o, y1 + gap + t));
        }
        if page.col > 0 {
            tick(sink, (x0 + o, y0 - gap), (x0 + o, y0 - gap - t));
            tick(sink, (x0 + o, y1 + gap), (x0 + o, y1 + gap + t));
        }
        if page.row + 1 < layout.rows {
            tick(sink, (x0 - gap, y1 - o), (x0 - gap - t, y1 - o));
            tick(sink, (x1 + gap, y1 - o), (x1 + gap + t, y1 - o));
        }
        if page.row > 0 {
            tick(sink, (x0 - gap, y0 + o), (x0 - gap - t, y0 + o));
            tick(sink, (x1 + gap, y0 + o), (x1 + gap + t, y0 + o));
        }
    }
}
