//! Place-name labels: free text at a world point (region, sea and mountain-range names),
//! with a size in hex units, a rotation, a colour, bold/italic and a halo. A label may
//! follow a curve instead of a straight line (a river's or a range's name along its
//! course): its path, a polyline kept as offsets from its position, so whatever moves the
//! label (a drag, a paste, a reshape) moves its curve with it.

use crate::palette::Rgb;
use hexmap_hex::Point;
use std::collections::BTreeMap;
use std::fmt;

/// Longest label text, in bytes.
pub const MAX_LABEL_LEN: usize = 200;
/// Smallest label size (text height in hex sizes).
pub const MIN_LABEL_SIZE: f32 = 0.05;
/// Largest label size.
pub const MAX_LABEL_SIZE: f32 = 100.0;
/// Largest distance of a label's position from the origin, in world units.
pub const MAX_LABEL_COORD: f64 = 1.0e7;
/// Most labels on one map.
pub const MAX_LABELS: usize = 100_000;
/// Most points of a label's path.
pub const MAX_LABEL_PATH_POINTS: usize = 1_000;

/// A label's id: stable while the map is edited, so edits and undo name labels by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LabelId(pub u32);

impl fmt::Display for LabelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One label.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The text (one line).
    pub text: String,
    /// Where its centre is, in world units (the map layout's pixel space).
    pub at: Point,
    /// Text height as a multiple of the hex size (the layout's y size).
    pub size: f32,
    /// Rotation in degrees, clockwise on screen (y down).
    pub rotation: f32,
    /// Text colour.
    pub color: Rgb,
    /// Bold text.
    pub bold: bool,
    /// Italic text.
    pub italic: bool,
    /// A contrasting outline for legibility over busy terrain.
    pub halo: bool,
    /// Shown to the game master only: never in the player view or a player export.
    pub gm_only: bool,
    /// The curve the text follows, as offsets from `at` in world units (at least two
    /// points, the text running from the first towards the last, centred on the curve's
    /// middle); empty for a straight label, which `rotation` turns instead.
    pub path: Vec<Point>,
}

impl Label {
    /// A plain label: black, size 1, no rotation, halo on.
    pub fn new(text: impl Into<String>, at: Point) -> Label {
        Label {
            gm_only: false,
            text: text.into(),
            at,
            size: 1.0,
            rotation: 0.0,
            color: Rgb([0, 0, 0]),
            bold: false,
            italic: false,
            halo: true,
            path: Vec::new(),
        }
    }

    /// A label whose text follows the world polyline `points` (at least two), placed at
    /// the polyline's first point with the curve kept relative to it.
    pub fn along(text: impl Into<String>, points: &[Point]) -> Label {
        let at = points.first().copied().unwrap_or(Point::new(0.0, 0.0));
        let mut label = Label::new(text, at);
        label.path = points
            .iter()
            .map(|p| Point::new(p.x - at.x, p.y - at.y))
            .collect();
        label
    }

    /// The point the text is centred on: `at` for a straight label, the middle (half way
    /// along) of a curved label's path. What the player filter asks is hidden or not.
    pub fn centre(&self) -> Point {
        let points: Vec<Point> = self.path_points().collect();
        let lengths: Vec<f64> = points
            .windows(2)
            .map(|w| (w[1].x - w[0].x).hypot(w[1].y - w[0].y))
            .collect();
        let mut left = lengths.iter().sum::<f64>() / 2.0;
        for (w, len) in points.windows(2).zip(lengths) {
            if left <= len && len > 0.0 {
                let t = left / len;
                return Point::new(
                    w[0].x + (w[1].x - w[0].x) * t,
                    w[0].y + (w[1].y - w[0].y) * t,
                );
            }
            left -= len;
        }
        self.at
    }

    /// The path's points in world units (empty for a straight label).
    pub fn path_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.path
            .iter()
            .map(|d| Point::new(self.at.x + d.x, self.at.y + d.y))
    }

    /// Check the limits: non-empty one-line text within the length limit, a finite
    /// position within bounds, a finite size within bounds and a finite rotation.
    /// Loaders and edits call this.
    pub fn validate(&self) -> Result<(), LabelError> {
        if self.text.trim().is_empty() {
            return Err(LabelError::EmptyText);
        }
        if self.text.len() > MAX_LABEL_LEN {
            return Err(LabelError::TextTooLong(self.text.len()));
        }
        if self.text.chars().any(char::is_control) {
            return Err(LabelError::ControlCharacter);
        }
        let coord_ok = |v: f64| v.is_finite() && v.abs() <= MAX_LABEL_COORD;
        if !(coord_ok(self.at.x) && coord_ok(self.at.y)) {
            return Err(LabelError::BadPosition(self.at.x, self.at.y));
        }
        if !self.size.is_finite() || !(MIN_LABEL_SIZE..=MAX_LABEL_SIZE).contains(&self.size) {
            return Err(LabelError::BadSize(self.size));
        }
        if !self.rotation.is_finite() {
            return Err(LabelError::BadRotation(self.rotation));
        }
        if self.path.len() == 1 || self.path.len() > MAX_LABEL_PATH_POINTS {
            return Err(LabelError::BadPathLength(self.path.len()));
        }
        if let Some(p) = self
            .path
            .iter()
            .find(|d| !(coord_ok(d.x + self.at.x) && coord_ok(d.y + self.at.y)))
        {
            return Err(LabelError::BadPosition(p.x + self.at.x, p.y + self.at.y));
        }
        Ok(())
    }
}

/// Why a label was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LabelError {
    /// Empty or blank text.
    #[error("label text is empty")]
    EmptyText,
    /// The text is too long.
    #[error("label text is {0} bytes, over the limit of {MAX_LABEL_LEN}")]
    TextTooLong(usize),
    /// The text holds a control character (newline, tab …).
    #[error("label text holds a control character")]
    ControlCharacter,
    /// The position is not finite or too far out.
    #[error("label position ({0}, {1}) is not a finite point within ±{MAX_LABEL_COORD}")]
    BadPosition(f64, f64),
    /// The size is not finite or out of bounds.
    #[error("label size {0} is not within {MIN_LABEL_SIZE}..={MAX_LABEL_SIZE}")]
    BadSize(f32),
    /// The rotation is not a finite number.
    #[error("label rotation {0} is not a finite number")]
    BadRotation(f32),
    /// A path of one point, or of too many.
    #[error(
        "label path has {0} points: a path needs 2 to {MAX_LABEL_PATH_POINTS} (none for a straight label)"
    )]
    BadPathLength(usize),
    /// No label has this id.
    #[error("there is no label {0}")]
    Unknown(LabelId),
    /// A new label's id is taken.
    #[error("label id {0} is already in use")]
    IdInUse(LabelId),
    /// Too many labels.
    #[error("the map has {0} labels, over the limit of {MAX_LABELS}")]
    TooMany(usize),
}

/// The labels of a map by id, in id order (the drawing order: later labels on top).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Labels {
    by_id: BTreeMap<LabelId, Label>,
}

impl Labels {
    /// No labels.
    pub fn new() -> Self {
        Labels::default()
    }

    /// The label with this id.
    pub fn get(&self, id: LabelId) -> Option<&Label> {
        self.by_id.get(&id)
    }

    /// The smallest id above every id in use (for a new label).
    pub fn next_id(&self) -> LabelId {
        LabelId(self.by_id.keys().next_back().map_or(0, |id| id.0 + 1))
    }

    /// Put `label` under `id` (unchecked); returns the label it replaced.
    pub fn insert(&mut self, id: LabelId, label: Label) -> Option<Label> {
        self.by_id.insert(id, label)
    }

    /// Remove the label `id`; returns it.
    pub fn remove(&mut self, id: LabelId) -> Option<Label> {
        self.by_id.remove(&id)
    }

    /// Every label with its id, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (LabelId, &Label)> + '_ {
        self.by_id.iter().map(|(id, l)| (*id, l))
    }

    /// Number of labels.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validation_refuses_nan_positions_long_text_and_bad_sizes() {
        let ok = Label::new("The Grey Marches", Point::new(10.0, -4.0));
        assert_eq!(ok.validate(), Ok(()));
        let mut l = ok.clone();
        l.at.x = f64::NAN;
        assert!(matches!(l.validate(), Err(LabelError::BadPosition(..))));
        let mut l = ok.clone();
        l.text = "é".repeat(101);
        assert_eq!(l.validate(), Err(LabelError::TextTooLong(202)));
        let mut l = ok.clone();
        l.text = "  ".into();
        assert_eq!(l.validate(), Err(LabelError::EmptyText));
        let mut l = ok.clone();
        l.size = 0.0;
        assert!(matches!(l.validate(), Err(LabelError::BadSize(_))));
        let mut l = ok.clone();
        l.rotation = f32::INFINITY;
        assert!(matches!(l.validate(), Err(LabelError::BadRotation(_))));
    }

    #[test]
    fn a_path_needs_two_finite_points_and_moves_with_the_label() {
        let points = [
            Point::new(10.0, 5.0),
            Point::new(30.0, 9.0),
            Point::new(50.0, 2.0),
        ];
        let mut l = Label::along("Silverrun", &points);
        assert_eq!(l.validate(), Ok(()));
        assert_eq!(l.path_points().collect::<Vec<_>>(), points);
        // Half way along: 20.4 of the first piece's 20.4 and the second's 20.9.
        let c = l.centre();
        assert!((c.x - 30.0).abs() < 0.5 && (c.y - 9.0).abs() < 0.5, "{c:?}");
        l.at = Point::new(11.0, 6.0);
        assert_eq!(l.path_points().nth(2), Some(Point::new(51.0, 3.0)));
        let mut one = l.clone();
        one.path.truncate(1);
        assert_eq!(one.validate(), Err(LabelError::BadPathLength(1)));
        let mut far = l.clone();
        far.path[1].y = f64::NAN;
        assert!(matches!(far.validate(), Err(LabelError::BadPosition(..))));
    }

    #[test]
    fn ids_grow_past_the_largest_in_use() {
        let mut labels = Labels::new();
        assert_eq!(labels.next_id(), LabelId(0));
        labels.insert(LabelId(4), Label::new("a", Point::new(0.0, 0.0)));
        assert_eq!(labels.next_id(), LabelId(5));
        labels.insert(LabelId(1), Label::new("b", Point::new(0.0, 0.0)));
        let ids: Vec<LabelId> = labels.iter().map(|(id, _)| id).collect();
        assert_eq!(ids, [LabelId(1), LabelId(4)]);
    }
}
