//! Page layout of a printed map: how many pages, which part of the map each shows and
//! where it sits on the paper. One function, [`PageLayout::new`], serves the PDF writer and
//! the editor's page preview, so what the preview shows is what prints.
//!
//! Distances on paper are millimetres with the origin at the paper's top-left corner, y
//! down (as the world). The scale follows from the hex size measured flat to flat.

use super::units::{Length, Paper};
use hexmap_hex::{Layout, Orientation, Point};

/// Whether a print has crop and registration marks unless asked otherwise: the one default
/// of the editor's Print window, `hexmap export --to pdf` and the library's options. On,
/// because a board of several pages is trimmed at its marks and laid over its neighbour.
pub const MARKS_BY_DEFAULT: bool = true;

/// Most pages one print may take.
pub const MAX_PAGES: u64 = 500;

/// Smallest and largest hex size, flat to flat.
pub const HEX_SIZE_RANGE_MM: (f64, f64) = (2.0, 500.0);

/// Largest paper side (a poster included): 20 m (a 1000-hex-wide board at 16 mm fits).
pub const MAX_PAPER_MM: f64 = 20_000.0;

/// Smallest side of the area a page prints the map in, after margins.
pub const MIN_CONTENT_MM: f64 = 20.0;

/// What the user asks for.
#[derive(Clone, Debug, PartialEq)]
pub struct PageSetup {
    /// Hex size flat to flat (see [`flat_to_flat`]).
    pub hex_size: Length,
    /// The paper (ignored by a poster).
    pub paper: Paper,
    /// Turn the paper a quarter (the longer side across).
    pub landscape: bool,
    /// Blank border on every side of each page.
    pub margin: Length,
    /// How much of the map two neighbouring pages both show.
    pub overlap: Length,
    /// One page sized to the map plus margins, for print shops.
    pub poster: bool,
}

impl Default for PageSetup {
    fn default() -> Self {
        PageSetup {
            hex_size: Length::mm(19.0),
            paper: Paper::a4(),
            landscape: false,
            margin: Length::mm(10.0),
            overlap: Length::mm(10.0),
            poster: false,
        }
    }
}

/// Why a map cannot be laid out on pages.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PrintLayoutError {
    /// The hex size is out of range.
    #[error("hex size {0} is out of range: use {min} mm to {max} mm", min = HEX_SIZE_RANGE_MM.0, max = HEX_SIZE_RANGE_MM.1)]
    HexSize(Length),
    /// The paper is larger than [`MAX_PAPER_MM`].
    #[error("paper {0:.0} × {1:.0} mm is larger than the {MAX_PAPER_MM} mm limit")]
    PaperTooLarge(f64, f64),
    /// Margins leave too little room.
    #[error(
        "a {margin} margin leaves {0:.1} × {1:.1} mm of the paper for the map; at least {MIN_CONTENT_MM} mm a side is needed",
        margin = .2
    )]
    NoRoom(f64, f64, Length),
    /// The overlap is as large as the printable area (pages would not advance).
    #[error("an overlap of {0} leaves less than 10 mm of new map per page; use a smaller overlap")]
    Overlap(Length),
    /// Too many pages.
    #[error(
        "the map needs {0} pages ({1} rows × {2} columns), over the {MAX_PAGES} page limit; use a smaller hex size or larger paper"
    )]
    TooManyPages(u64, u64, u64),
    /// The map's box is empty or not finite.
    #[error("the map has no area to print")]
    EmptyMap,
}

/// The world distance between opposite flat sides of a hex: across the hex horizontally for
/// pointy hexes (√3·size.x), vertically for flat hexes (√3·size.y). For stretched hexes
/// this is the distance between the centres of the two neighbours across those sides,
/// which is what a printed hex size means on a wargame board.
pub fn flat_to_flat(layout: &Layout) -> f64 {
    let s = layout.size();
    3f64.sqrt()
        * match layout.orientation() {
            Orientation::Pointy => s.x,
            Orientation::Flat => s.y,
        }
}

/// A rectangle (min, max) in world units.
pub type WorldRect = (Point, Point);

/// A rectangle on paper: left, top, width, height in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PaperRect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

/// One page of a print.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Page {
    /// Row, from 0 at the top.
    pub row: u32,
    /// Column, from 0 at the left.
    pub col: u32,
    /// The part of the world the page shows.
    pub world: WorldRect,
    /// Where that part sits on the paper.
    pub content: PaperRect,
}

/// The pages of a map: paper, scale and the page grid.
#[derive(Clone, Debug, PartialEq)]
pub struct PageLayout {
    /// Paper width and height in millimetres, as printed (turned when landscape).
    pub paper_mm: (f64, f64),
    /// Millimetres per world unit.
    pub mm_per_unit: f64,
    /// Rows of pages.
    pub rows: u32,
    /// Columns of pages.
    pub cols: u32,
    /// The overlap strip's width in millimetres.
    pub overlap_mm: f64,
    /// The map's box in world units.
    pub map: WorldRect,
    /// The content area of a page on paper (the same on every page).
    content: PaperRect,
    /// The world point at the top-left of the first page's content.
    origin: Point,
}

/// Pages needed to cover `length` with pages showing `content` each, advancing by
/// `content - overlap`.
fn pages_along(length: f64, content: f64, overlap: f64) -> f64 {
    if length <= content {
        1.0
    } else {
        ((length - overlap) / (content - overlap)).ceil()
    }
}

impl PageLayout {
    /// Lay out the map whose box is `map` (world units, drawn in a layout whose hexes are
    /// `hex_world` world units flat to flat, see [`flat_to_flat`]) as `setup` asks.
    pub fn new(
        setup: &PageSetup,
        map: WorldRect,
        hex_world: f64,
    ) -> Result<PageLayout, PrintLayoutError> {
        let hex_mm = setup.hex_size.to_mm();
        if !(HEX_SIZE_RANGE_MM.0..=HEX_SIZE_RANGE_MM.1).contains(&hex_mm) {
            return Err(PrintLayoutError::HexSize(setup.hex_size));
        }
        let (a, b) = map;
        let (w_world, h_world) = (b.x - a.x, b.y - a.y);
        if !(w_world.is_finite()
            && h_world.is_finite()
            && w_world > 0.0
            && h_world > 0.0
            && hex_world.is_finite()
            && hex_world > 0.0)
        {
            return Err(PrintLayoutError::EmptyMap);
        }
        let k = hex_mm / hex_world;
        let (map_w, map_h) = (w_world * k, h_world * k);
        let margin = setup.margin.to_mm();
        let overlap = setup.overlap.to_mm();
        let paper = if setup.poster {
            (map_w + 2.0 * margin, map_h + 2.0 * margin)
        } else {
            setup.paper.size_mm(setup.landscape)
        };
        if !(paper.0 <= MAX_PAPER_MM && paper.1 <= MAX_PAPER_MM) {
            return Err(PrintLayoutError::PaperTooLarge(paper.0, paper.1));
        }
        let content = (paper.0 - 2.0 * margin, paper.1 - 2.0 * margin);
        // A poster's content is the map itself, whatever its size.
        let roomy = content.0 >= MIN_CONTENT_MM && content.1 >= MIN_CONTENT_MM;
        if !(margin >= 0.0 && (setup.poster || roomy)) {
            return Err(PrintLayoutError::NoRoom(
                content.0.max(0.0),
                content.1.max(0.0),
                setup.margin,
            ));
        }
        if overlap.is_nan() || overlap < 0.0 {
            return Err(PrintLayoutError::Overlap(setup.overlap));
        }
        let cols = pages_along(map_w, content.0, overlap);
        let rows = pages_along(map_h, content.1, overlap);
        if !setup.poster && (content.0 - overlap < 10.0 || content.1 - overlap < 10.0) {
            return Err(PrintLayoutError::Overlap(setup.overlap));
        }
        if cols * rows > MAX_PAGES as f64 {
            return Err(PrintLayoutError::TooManyPages(
                (cols * rows) as u64,
                rows as u64,
                cols as u64,
            ));
        }
        // Spread the slack evenly: the map sits centred in the area the pages cover.
        let covered = |n: f64, c: f64| c + (n - 1.0) * (c - overlap);
        let slack_x = covered(cols, content.0) - map_w;
        let slack_y = covered(rows, content.1) - map_h;
        Ok(PageLayout {
            paper_mm: paper,
            mm_per_unit: k,
            rows: rows as u32,
            cols: cols as u32,
            overlap_mm: overlap,
            map,
            content: PaperRect {
                x: margin,
                y: margin,
                w: content.0,
                h: content.1,
            },
            origin: Point::new(a.x - slack_x / 2.0 / k, a.y - slack_y / 2.0 / k),
        })
    }

    /// How many pages.
    pub fn page_count(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The page at `row`, `col`.
    pub fn page(&self, row: u32, col: u32) -> Page {
        let k = self.mm_per_unit;
        let c = self.content;
        let x = self.origin.x + f64::from(col) * (c.w - self.overlap_mm) / k;
        let y = self.origin.y + f64::from(row) * (c.h - self.overlap_mm) / k;
        Page {
            row,
            col,
            world: (Point::new(x, y), Point::new(x + c.w / k, y + c.h / k)),
            content: c,
        }
    }

    /// Every page, row by row.
    pub fn pages(&self) -> impl Iterator<Item = Page> + '_ {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| self.page(r, c)))
    }

    /// Where world point `p` lands on `page`'s paper (millimetres from its top-left).
    pub fn to_paper(&self, page: &Page, p: Point) -> (f64, f64) {
        let k = self.mm_per_unit;
        (
            page.content.x + (p.x - page.world.0.x) * k,
            page.content.y + (p.y - page.world.0.y) * k,
        )
    }

    /// The strips of the world two neighbouring pages both show: each page's strip with
    /// the page to its right and the page below it.
    pub fn overlaps(&self) -> Vec<WorldRect> {
        let mut out = Vec::new();
        for page in self.pages() {
            let (a, b) = page.world;
            if page.col + 1 < self.cols {
                let next = self.page(page.row, page.col + 1).world.0.x;
                out.push((Point::new(next, a.y), Point::new(b.x, b.y)));
            }
            if page.row + 1 < self.rows {
                let next = self.page(page.row + 1, page.col).world.0.y;
                out.push((Point::new(a.x, next), Point::new(b.x, b.y)));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(hex: &str, paper: &str) -> PageSetup {
        PageSetup {
            hex_size: hex.parse().unwrap(),
            paper: paper.parse().unwrap(),
            ..PageSetup::default()
        }
    }

    fn rect(w: f64, h: f64) -> WorldRect {
        (Point::new(-5.0, -7.0), Point::new(w - 5.0, h - 7.0))
    }

    #[test]
    fn flat_to_flat_is_across_the_flat_sides_even_on_stretched_hexes() {
        let s3 = 3f64.sqrt();
        let size = Point::new(10.0, 20.0);
        let pointy = Layout::new(Orientation::Pointy, size, Point::default()).unwrap();
        let flat = Layout::new(Orientation::Flat, size, Point::default()).unwrap();
        assert!((flat_to_flat(&pointy) - s3 * 10.0).abs() < 1e-12);
        assert!((flat_to_flat(&flat) - s3 * 20.0).abs() < 1e-12);
        // It is the distance between the centres of the neighbours across a flat side.
        use hexmap_hex::Hex;
        let o = Hex::new(0, 0);
        let east = pointy.hex_to_pixel(Hex::new(1, 0));
        assert!((east.x - pointy.hex_to_pixel(o).x - flat_to_flat(&pointy)).abs() < 1e-9);
        let south = flat.hex_to_pixel(Hex::new(0, 1));
        assert!((south.y - flat.hex_to_pixel(o).y - flat_to_flat(&flat)).abs() < 1e-9);
    }

    #[test]
    fn a_small_map_fits_one_centred_page() {
        // 10 hexes of 19 mm: 190 × 95 mm on A4's 190 × 277 mm content.
        let l = PageLayout::new(&setup("19mm", "a4"), rect(100.0, 50.0), 10.0).unwrap();
        assert_eq!((l.rows, l.cols, l.page_count()), (1, 1, 1));
        let p = l.page(0, 0);
        let (x, y) = l.to_paper(&p, Point::new(-5.0, -7.0));
        assert!((x - 10.0).abs() < 1e-9, "flush with the margin: {x}");
        assert!(
            (y - (10.0 + (277.0 - 95.0) / 2.0)).abs() < 1e-9,
            "centred: {y}"
        );
    }

    #[test]
    fn a_large_map_splits_into_overlapping_pages_that_cover_it() {
        // 1000 × 600 mm of map on A4 portrait (190 × 277 content), 10 mm overlap:
        // columns advance 180 mm, rows 267 mm.
        let s = setup("10mm", "a4");
        let map = rect(1000.0, 600.0);
        let l = PageLayout::new(&s, map, 10.0).unwrap();
        assert_eq!(l.cols, 6, "(1000 - 10) / 180 = 5.5 → 6");
        assert_eq!(l.rows, 3, "(600 - 10) / 267 = 2.2 → 3");
        let first = l.page(0, 0).world;
        let last = l.page(l.rows - 1, l.cols - 1).world;
        assert!(first.0.x <= map.0.x && first.0.y <= map.0.y);
        assert!(last.1.x >= map.1.x && last.1.y >= map.1.y);
        // Neighbours share exactly the overlap.
        let right = l.page(0, 1).world;
        assert!(((first.1.x - right.0.x) * l.mm_per_unit - 10.0).abs() < 1e-9);
        let strips = l.overlaps();
        assert_eq!(strips.len(), (5 * 3 + 6 * 2) as usize);
        assert!(strips.iter().all(|(a, b)| {
            let w = (b.x - a.x) * l.mm_per_unit;
            let h = (b.y - a.y) * l.mm_per_unit;
            (w - 10.0).abs() < 1e-9 || (h - 10.0).abs() < 1e-9
        }));
        let landscape = PageLayout::new(
            &PageSetup {
                landscape: true,
                ..s
            },
            map,
            10.0,
        )
        .unwrap();
        assert_eq!(landscape.paper_mm, (297.0, 210.0));
        assert_eq!((landscape.rows, landscape.cols), (4, 4));
    }

    #[test]
    fn a_poster_is_one_page_the_size_of_the_map_plus_margins() {
        let s = PageSetup {
            poster: true,
            ..setup("1in", "a4")
        };
        let l = PageLayout::new(&s, rect(100.0, 40.0), 10.0).unwrap();
        assert_eq!(l.page_count(), 1);
        assert!((l.paper_mm.0 - (254.0 + 20.0)).abs() < 1e-9);
        assert!((l.paper_mm.1 - (101.6 + 20.0)).abs() < 1e-9);
    }

    #[test]
    fn hostile_setups_are_clear_errors() {
        let map = rect(100.0, 100.0);
        let err = |s: PageSetup| PageLayout::new(&s, map, 10.0).unwrap_err().to_string();
        assert!(err(setup("0mm", "a4")).contains("out of range"));
        assert!(err(setup("1000000000mm", "a4")).contains("out of range"));
        assert!(err(setup("2mm", "1e9x1e9mm")).contains("larger than"));
        let e = err(PageSetup {
            margin: Length::mm(200.0),
            ..setup("19mm", "a4")
        });
        assert!(e.contains("200mm margin"), "{e}");
        let e = err(PageSetup {
            overlap: Length::mm(185.0),
            ..setup("19mm", "a4")
        });
        assert!(e.contains("overlap of 185mm"), "{e}");
        let e = PageLayout::new(&setup("500mm", "a5"), rect(1.0e6, 1.0e6), 10.0)
            .unwrap_err()
            .to_string();
        assert!(e.contains("page limit"), "{e}");
        let e = PageLayout::new(&setup("19mm", "a4"), rect(0.0, 10.0), 10.0).unwrap_err();
        assert_eq!(e, PrintLayoutError::EmptyMap);
        let nan = (Point::new(f64::NAN, 0.0), Point::new(1.0, 1.0));
        assert!(PageLayout::new(&setup("19mm", "a4"), nan, 10.0).is_err());
        assert!(PageLayout::new(&setup("19mm", "a4"), map, 0.0).is_err());
    }
}
