//! The minesweeper game as a player sees it: hidden cells, revealed numbers, flags, wrong
//! flags, mines and the exploded one after a loss, and the suggested safe start.

use super::colour::Colour;
use super::lod::{self, Detail};
use super::primitives::{
    Circle, Font, FontFamily, HexCell, Hexagon, Polygon, Polyline, Stroke, Text,
};
use super::region::Region;
use super::scene::{Scene, draw_blocks};
use super::sink::Sink;
use hexmap_hex::{Hex, Layout, Point};
use hexmap_map::OffsetBounds;
use hexmap_mines::{CellView, PlayState};

/// Bit of [`Detail::Full::shown`]: cell outlines (from [`OUTLINE_FROM_PX`]).
const SHOWN_OUTLINE: u8 = 1;
/// Cell outlines from this hex radius in pixels.
pub const OUTLINE_FROM_PX: f64 = 6.0;
/// Cells are drawn at this share of their hexagon, so the background shows between them.
const CELL_SCALE: f64 = 0.95;

/// Colours of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameStyle {
    /// A covered cell (also under flags).
    pub hidden: Colour,
    /// An opened cell (also under mines shown after a loss).
    pub opened: Colour,
    /// The mine that was revealed.
    pub exploded: Colour,
    /// The cloth of a flag.
    pub flag: Colour,
    /// Flag poles, the cross of a wrong flag, mines.
    pub ink: Colour,
    /// The ring around the suggested start.
    pub start: Colour,
    /// Cell outlines (the background colour, so cells stand apart).
    pub outline: Colour,
    /// Numbers 1 to 6.
    pub numbers: [Colour; 6],
}

impl GameStyle {
    /// The classic look: slate covers, light opened cells, the usual number colours.
    pub fn classic() -> GameStyle {
        GameStyle {
            hidden: Colour::rgb(96, 110, 134),
            opened: Colour::rgb(210, 212, 205),
            exploded: Colour::rgb(220, 60, 50),
            flag: Colour::rgb(230, 50, 40),
            ink: Colour::BLACK,
            start: Colour::rgb(80, 220, 120),
            outline: Colour::rgb(32, 34, 38),
            numbers: [
                Colour::rgb(25, 60, 200),
                Colour::rgb(20, 120, 30),
                Colour::rgb(200, 30, 30),
                Colour::rgb(20, 20, 120),
                Colour::rgb(120, 20, 20),
                Colour::rgb(20, 120, 120),
            ],
        }
    }

    /// The fill of a cell in a state.
    pub fn fill(&self, view: CellView) -> Colour {
        match view {
            CellView::Hidden | CellView::Flagged | CellView::WrongFlag => self.hidden,
            CellView::Revealed(_) | CellView::Mine => self.opened,
            CellView::Exploded => self.exploded,
        }
    }

    /// The colour of neighbour count `n` (1–6).
    pub fn number(&self, n: u8) -> Colour {
        self.numbers[usize::from(n.clamp(1, 6) - 1)]
    }
}

/// A game on its board, drawn in a layout.
#[derive(Clone, Copy)]
pub struct GameScene<'a> {
    game: &'a PlayState,
    layout: Layout,
    bounds: OffsetBounds,
    start: Option<Hex>,
    style: &'a GameStyle,
}

impl<'a> GameScene<'a> {
    /// `game` in `layout`; `bounds` is the box of the board's cells in
    /// [`hexmap_hex::OffsetKind::default_for`]; `start` is ringed as the suggested first click.
    pub fn new(
        game: &'a PlayState,
        layout: Layout,
        bounds: OffsetBounds,
        start: Option<Hex>,
        style: &'a GameStyle,
    ) -> Self {
        GameScene {
            game,
            layout,
            bounds,
            start,
            style,
        }
    }

    fn radius(&self) -> f64 {
        self.layout.inner_radius()
    }

    /// The decorations of one cell on top of its fill.
    fn decorate(&self, h: Hex, view: CellView, scale: f64, sink: &mut dyn Sink) {
        let style = self.style;
        let r = self.radius();
        let px = 1.0 / scale;
        let c = self.layout.hex_to_pixel(h);
        let at = |dx: f64, dy: f64| Point::new(c.x + dx * r, c.y + dy * r);
        match view {
            CellView::Hidden | CellView::Revealed(0) => {}
            CellView::Revealed(n) => {
                let size_px = (r * scale * lod::GAME_NUMBER_SHARE)
                    .clamp(lod::GAME_NUMBER_MIN_PX, lod::GAME_NUMBER_MAX_PX);
                let digit = [b'0' + n.min(9)];
                let text = std::str::from_utf8(&digit).expect("an ASCII digit");
                sink.text(&Text::centred(
                    text,
                    c,
                    size_px * px,
                    style.number(n),
                    Font::regular(FontFamily::Sans),
                ));
            }
            CellView::Flagged | CellView::WrongFlag => {
                let top = at(-0.1, -0.5);
                sink.polyline(&Polyline {
                    points: &[top, at(-0.1, 0.45)],
                    stroke: Stroke::solid((r * 0.08).max(px), style.ink),
                });
                sink.polygon(&Polygon {
                    points: &[top, at(0.4, -0.3), at(-0.1, -0.1)],
                    fill: Some(style.flag),
                    stroke: None,
                });
                if view == CellView::WrongFlag {
                    let cross = Stroke::solid((r * 0.1).max(px), style.ink);
                    sink.polyline(&Polyline {
                        points: &[at(-0.5, -0.5), at(0.5, 0.5)],
                        stroke: cross,
                    });
                    sink.polyline(&Polyline {
                        points: &[at(-0.5, 0.5), at(0.5, -0.5)],
                        stroke: cross,
                    });
                }
            }
            CellView::Mine | CellView::Exploded => sink.circle(&Circle {
                centre: c,
                radius: r * 0.4,
                fill: Some(style.ink),
                stroke: None,
            }),
        }
        if self.start == Some(h) {
            sink.circle(&Circle {
                centre: c,
                radius: r * 0.6,
                fill: None,
                stroke: Some(Stroke::solid(2.0 * px, style.start)),
            });
        }
    }
}

impl Scene for GameScene<'_> {
    fn detail(&self, scale: f64) -> Detail {
        let radius_px = self.radius() * scale;
        let shown = if radius_px > OUTLINE_FROM_PX {
            SHOWN_OUTLINE
        } else {
            0
        };
        // Pole widths, the start ring and numbers are sized in pixels: always zoom-bound.
        lod::detail_for(radius_px, true, shown)
    }

    fn draw(&self, region: &Region<'_>, scale: f64, sink: &mut dyn Sink) {
        let shown = match self.detail(scale) {
            Detail::Full { shown, .. } => shown,
            Detail::Texel | Detail::Coarse => {
                draw_blocks(self, &self.layout, region, sink);
                return;
            }
        };
        let hexagon = Hexagon::of(&self.layout);
        let outline =
            (shown & SHOWN_OUTLINE != 0).then(|| Stroke::solid(1.0 / scale, self.style.outline));
        let mut decorated = Vec::new();
        region.for_each(&self.layout, &self.bounds, |h| {
            let Some(view) = self.game.view(h) else {
                return;
            };
            sink.hex(&HexCell {
                hexagon: &hexagon,
                centre: self.layout.hex_to_pixel(h),
                scale: CELL_SCALE,
                fill: Some(self.style.fill(view)),
                stroke: outline,
            });
            if !matches!(view, CellView::Hidden | CellView::Revealed(0)) || self.start == Some(h) {
                decorated.push((h, view));
            }
        });
        for (h, view) in decorated {
            self.decorate(h, view, scale, sink);
        }
    }

    fn block_colours(&self, region: &Region<'_>, f: &mut dyn FnMut(Hex, Colour)) {
        region.for_each(&self.layout, &self.bounds, |h| {
            if let Some(view) = self.game.view(h) {
                f(h, self.style.fill(view));
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sink::{Recorded, Recording};
    use hexmap_hex::{OffsetKind, Orientation, shapes};
    use hexmap_mines::{Board, MineLayout};
    use std::time::Duration;

    fn setup() -> (PlayState, Layout, OffsetBounds) {
        let board = Board::new(shapes::hexagon(2));
        let layout = MineLayout::with_mines(board, [Hex::new(1, 0), Hex::new(-2, 2)]).unwrap();
        let l = Layout::regular(Orientation::Pointy, 10.0).unwrap();
        let kind = OffsetKind::default_for(Orientation::Pointy);
        let cells: Vec<_> = shapes::hexagon(2).map(|h| kind.from_hex(h)).collect();
        let (c0, r0) = (
            cells.iter().map(|c| c.col).min().unwrap(),
            cells.iter().map(|c| c.row).min().unwrap(),
        );
        let (c1, r1) = (
            cells.iter().map(|c| c.col).max().unwrap(),
            cells.iter().map(|c| c.row).max().unwrap(),
        );
        let bounds = OffsetBounds {
            min_col: c0,
            min_row: r0,
            cols: (c1 - c0 + 1) as u32,
            rows: (r1 - r0 + 1) as u32,
        };
        (PlayState::new(layout), l, bounds)
    }

    fn fills(rec: &Recording) -> Vec<Colour> {
        rec.items
            .iter()
            .filter_map(|i| match i {
                Recorded::Hex { fill, .. } => *fill,
                _ => None,
            })
            .collect()
    }

    #[test]
    fn every_state_is_drawn_as_the_player_sees_it() {
        let (mut game, layout, bounds) = setup();
        let style = GameStyle::classic();
        let all = Region::Rect(Point::new(-100.0, -100.0), Point::new(100.0, 100.0));
        // Before any click: 19 hidden cells, the start ringed, no numbers or mines.
        let scene = GameScene::new(&game, layout, bounds, Some(Hex::new(-1, 0)), &style);
        let mut rec = Recording::default();
        scene.draw(&all, 2.0, &mut rec);
        assert_eq!(rec.hex_count(), 19);
        assert!(fills(&rec).iter().all(|&f| f == style.hidden));
        let rings: Vec<_> = rec
            .items
            .iter()
            .filter(|i| matches!(i, Recorded::Circle(c) if c.fill.is_none()))
            .collect();
        assert_eq!(rings.len(), 1, "the suggested start");
        assert!(rec.texts().is_empty());

        // Flag a mine and a safe cell, reveal a number, then lose.
        game.toggle_flag(Hex::new(1, 0)).unwrap();
        game.toggle_flag(Hex::new(0, -2)).unwrap();
        game.reveal(Hex::new(0, 0), Duration::ZERO).unwrap();
        game.reveal(Hex::new(-2, 2), Duration::ZERO).unwrap();
        let scene = GameScene::new(&game, layout, bounds, None, &style);
        let mut rec = Recording::default();
        scene.draw(&all, 2.0, &mut rec);
        assert_eq!(rec.texts(), ["1"], "the revealed neighbour count");
        let f = fills(&rec);
        assert_eq!(f.iter().filter(|&&c| c == style.exploded).count(), 1);
        // The correct flag keeps its flag; the wrong flag gets a cross (two more lines).
        let lines = rec
            .items
            .iter()
            .filter(|i| matches!(i, Recorded::Polyline { .. }))
            .count();
        assert_eq!(lines, 2 + 2, "two poles and one cross");
        let discs = rec
            .items
            .iter()
            .filter(|i| matches!(i, Recorded::Circle(c) if c.fill == Some(style.ink)))
            .count();
        assert_eq!(
            discs, 1,
            "the exploded mine (the flagged one shows its flag)"
        );
    }

    #[test]
    fn small_cells_are_blocks_and_outlines_come_with_zoom() {
        let (game, layout, bounds) = setup();
        let style = GameStyle::classic();
        let scene = GameScene::new(&game, layout, bounds, None, &style);
        let all = Region::Rect(Point::new(-100.0, -100.0), Point::new(100.0, 100.0));
        let mut rec = Recording::default();
        scene.draw(&all, 0.2, &mut rec); // 2 px hexes
        assert_eq!(rec.items.len(), 19);
        assert!(rec.items.iter().all(|i| matches!(i, Recorded::Rect(_))));
        let outlined = |scale: f64| {
            let mut rec = Recording::default();
            scene.draw(&all, scale, &mut rec);
            rec.items.iter().any(|i| {
                matches!(
                    i,
                    Recorded::Hex {
                        stroke: Some(_),
                        ..
                    }
                )
            })
        };
        assert!(!outlined(0.5), "5 px hexes: no outline");
        assert!(outlined(1.0), "10 px hexes: outlined");
        assert_ne!(scene.detail(0.5), scene.detail(1.0));
    }
}
