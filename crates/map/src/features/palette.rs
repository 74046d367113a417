//! The edge palette (river, wall, cliff …) and path palette (road, trail, railway …): what
//! kinds of hexside features and paths a map may use, how they look and how they change
//! movement and sight.
//!
//! Both are one generic [`FeaturePalette`] of a [`FeatureType`] ([`EdgeType`] or
//! [`PathType`]): the checks, lookups and free ids are written once, and the readers,
//! writers and undo code of other modules are generic over the kind too.

use super::super::cost::Cost;
use super::super::palette::{MAX_NAME_LEN, Rgb};
use std::fmt;
use std::num::NonZeroU16;

/// Most types one edge or path palette may hold.
pub const MAX_FEATURE_TYPES: usize = 256;

/// How a feature's line is stroked; shared by edge and path types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LineStyle {
    /// One continuous line.
    #[default]
    Solid,
    /// A broken line.
    Dashed,
    /// Two parallel lines.
    Double,
}

impl LineStyle {
    /// Every style, in menu order.
    pub const ALL: [LineStyle; 3] = [LineStyle::Solid, LineStyle::Dashed, LineStyle::Double];

    /// The lowercase name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            LineStyle::Solid => "solid",
            LineStyle::Dashed => "dashed",
            LineStyle::Double => "double",
        }
    }

    /// The style with this name (as [`LineStyle::name`] writes it).
    pub fn from_name(name: &str) -> Option<LineStyle> {
        LineStyle::ALL.into_iter().find(|s| s.name() == name)
    }
}

macro_rules! type_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub NonZeroU16);

        impl $name {
            /// The id `n`, or `None` for 0.
            pub fn new(n: u16) -> Option<Self> {
                NonZeroU16::new(n).map($name)
            }

            /// The raw number (≥ 1).
            pub fn get(self) -> u16 {
                self.0.get()
            }
        }

        impl FeatureId for $name {
            fn new(n: u16) -> Option<Self> {
                $name::new(n)
            }

            fn get(self) -> u16 {
                $name::get(self)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

/// The id of a type in an edge or path palette: a number ≥ 1.
pub trait FeatureId: Copy + Eq + fmt::Debug + fmt::Display {
    /// The id `n`, or `None` for 0.
    fn new(n: u16) -> Option<Self>;
    /// The raw number (≥ 1).
    fn get(self) -> u16;
}

type_id!(
    /// The id of an edge type in the edge palette; never zero.
    EdgeTypeId
);
type_id!(
    /// The id of a path type in the path palette; never zero.
    PathTypeId
);

/// What crossing an edge with this feature does to movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeMove {
    /// Crossing costs this much on top of the entered hex's terrain (0: no effect).
    Extra(Cost),
    /// Cannot be crossed.
    Impassable,
}

/// One kind of hexside feature (river, wall …).
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeType {
    /// Unique id within the edge palette; what the edge layer stores.
    pub id: EdgeTypeId,
    /// Human name ("River").
    pub name: String,
    /// Stroke colour.
    pub color: Rgb,
    /// Stroke width in hex units (1.0 = the hex size), in `(0, 1]`.
    pub width: f32,
    /// Stroke style.
    pub style: LineStyle,
    /// Movement across it.
    pub movement: EdgeMove,
    /// True when it blocks line of sight across the edge.
    pub blocks_sight: bool,
}

/// One kind of path through hex centres (road, railway …).
#[derive(Clone, Debug, PartialEq)]
pub struct PathType {
    /// Unique id within the path palette; what a path stores.
    pub id: PathTypeId,
    /// Human name ("Road").
    pub name: String,
    /// Stroke colour.
    pub color: Rgb,
    /// Stroke width in hex units, in `(0, 1]`.
    pub width: f32,
    /// Stroke style.
    pub style: LineStyle,
    /// Cost of a step along the path, whatever the terrain; `None`: no effect on movement.
    pub cost: Option<Cost>,
}

/// Why an edge or path palette is invalid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FeaturePaletteError {
    /// Two types share an id.
    #[error("{kind} type id {id} is used twice")]
    DuplicateId {
        /// "edge" or "path".
        kind: &'static str,
        /// The id.
        id: u16,
    },
    /// Too many types.
    #[error("{kind} palette has {count} types, over the limit of {MAX_FEATURE_TYPES}")]
    TooMany {
        /// "edge" or "path".
        kind: &'static str,
        /// How many.
        count: usize,
    },
    /// A name is too long.
    #[error("{kind} type {id}: name is over {MAX_NAME_LEN} bytes")]
    NameTooLong {
        /// "edge" or "path".
        kind: &'static str,
        /// The id.
        id: u16,
    },
    /// A width is not in (0, 1].
    #[error("{kind} type {id}: width {width} is not in (0, 1]")]
    BadWidth {
        /// "edge" or "path".
        kind: &'static str,
        /// The id.
        id: u16,
        /// The width.
        width: f32,
    },
}

/// The checks both palettes share: count, unique ids, name length, width range.
fn check<'a>(
    kind: &'static str,
    entries: impl ExactSizeIterator<Item = (u16, &'a str, f32)>,
) -> Result<(), FeaturePaletteError> {
    if entries.len() > MAX_FEATURE_TYPES {
        return Err(FeaturePaletteError::TooMany {
            kind,
            count: entries.len(),
        });
    }
    let mut seen = Vec::new();
    for (id, name, width) in entries {
        if seen.contains(&id) {
            return Err(FeaturePaletteError::DuplicateId { kind, id });
        }
        seen.push(id);
        if name.len() > MAX_NAME_LEN {
            return Err(FeaturePaletteError::NameTooLong { kind, id });
        }
        if !(width > 0.0 && width <= 1.0) {
            return Err(FeaturePaletteError::BadWidth { kind, id, width });
        }
    }
    Ok(())
}

/// The smallest unused id among `used`, or `None` when all are taken.
fn first_free(used: impl Fn(u16) -> bool) -> Option<u16> {
    (1..=u16::MAX).find(|n| !used(*n))
}

/// What a kind of feature type ([`EdgeType`], [`PathType`]) tells its palette and the
/// code generic over both: id, name, look, and the word for the kind in messages.
pub trait FeatureType: Clone + fmt::Debug + PartialEq {
    /// The id type of this kind.
    type Id: FeatureId;
    /// "edge" or "path", as errors name the kind.
    const KIND: &'static str;
    /// Unique id within the palette.
    fn id(&self) -> Self::Id;
    /// Human name.
    fn name(&self) -> &str;
    /// Stroke colour.
    fn color(&self) -> Rgb;
    /// Stroke width in hex units.
    fn width(&self) -> f32;
    /// Stroke style.
    fn style(&self) -> LineStyle;
}

/// `FeatureType` for a type struct with the common fields (`id`, `name`, `color`, `width`,
/// `style`) under these names.
macro_rules! feature_type {
    ($type:ident, $id:ident, $kind:literal) => {
        impl FeatureType for $type {
            type Id = $id;
            const KIND: &'static str = $kind;
            fn id(&self) -> $id {
                self.id
            }
            fn name(&self) -> &str {
                &self.name
            }
            fn color(&self) -> Rgb {
                self.color
            }
            fn width(&self) -> f32 {
                self.width
            }
            fn style(&self) -> LineStyle {
                self.style
            }
        }
    };
}

feature_type!(EdgeType, EdgeTypeId, "edge");
feature_type!(PathType, PathTypeId, "path");

/// The feature types of one kind a map may use, in display order: checked on creation
/// (ids unique, names and widths in range, at most [`MAX_FEATURE_TYPES`]).
#[derive(Clone, Debug, PartialEq)]
pub struct FeaturePalette<T> {
    types: Vec<T>,
}

/// The edge types of a map, in display order.
pub type EdgePalette = FeaturePalette<EdgeType>;

/// The path types of a map, in display order.
pub type PathPalette = FeaturePalette<PathType>;

impl<T> Default for FeaturePalette<T> {
    /// A palette without types.
    fn default() -> Self {
        FeaturePalette { types: Vec::new() }
    }
}

impl<T: FeatureType> FeaturePalette<T> {
    /// A checked palette: ids unique, names and widths in range, at most
    /// [`MAX_FEATURE_TYPES`].
    pub fn new(types: Vec<T>) -> Result<Self, FeaturePaletteError> {
        check(
            T::KIND,
            types.iter().map(|t| (t.id().get(), t.name(), t.width())),
        )?;
        Ok(FeaturePalette { types })
    }

    /// The types in order.
    pub fn types(&self) -> &[T] {
        &self.types
    }

    /// The type with this id.
    pub fn get(&self, id: T::Id) -> Option<&T> {
        self.types.iter().find(|t| t.id() == id)
    }

    /// The first type called `name`, ignoring ASCII case ("River", "road"): how the
    /// generator and the party's trail find the standard types in any palette.
    pub fn named(&self, name: &str) -> Option<&T> {
        self.types
            .iter()
            .find(|t| t.name().eq_ignore_ascii_case(name))
    }

    /// Number of types.
    pub fn len(&self) -> usize {
        self.types.len()
    }

    /// True when the palette has no type.
    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// The smallest id not yet used (for adding a type), or `None` when full.
    pub fn next_free_id(&self) -> Option<T::Id> {
        first_free(|n| self.types.iter().any(|t| t.id().get() == n)).and_then(T::Id::new)
    }
}

impl FeaturePalette<EdgeType> {
    /// The default edge types of a new map: river (+2), stream (+1), wall (impassable,
    /// blocks sight), cliff (impassable) and ford (no extra cost: a marked crossing).
    pub fn standard() -> Self {
        let t = |id: u16, name: &str, color, width, style, movement, blocks_sight| EdgeType {
            id: EdgeTypeId::new(id).expect("non-zero"),
            name: name.to_owned(),
            color: Rgb(color),
            width,
            style,
            movement,
            blocks_sight,
        };
        let extra = |n| EdgeMove::Extra(Cost::whole(n).expect("small"));
        let solid = LineStyle::Solid;
        EdgePalette::new(vec![
            t(1, "River", [0x2a, 0x6f, 0xd0], 0.16, solid, extra(2), false),
            t(
                2,
                "Stream",
                [0x5a, 0x9b, 0xe0],
                0.08,
                solid,
                extra(1),
                false,
            ),
            t(
                3,
                "Wall",
                [0x55, 0x4a, 0x40],
                0.1,
                LineStyle::Double,
                EdgeMove::Impassable,
                true,
            ),
            t(
                4,
                "Cliff",
                [0x6b, 0x3e, 0x1f],
                0.12,
                LineStyle::Dashed,
                EdgeMove::Impassable,
                false,
            ),
            t(
                5,
                "Ford",
                [0xa8, 0xc8, 0xe8],
                0.16,
                LineStyle::Dashed,
                extra(0),
                false,
            ),
        ])
        .expect("standard edge palette is valid")
    }
}

impl FeaturePalette<PathType> {
    /// The default path types of a new map: road (½ per step), trail (1), railway and
    /// river-through-centres (no effect on movement).
    pub fn standard() -> Self {
        let t = |id: u16, name: &str, color, width, style, cost: Option<u32>| PathType {
            id: PathTypeId::new(id).expect("non-zero"),
            name: name.to_owned(),
            color: Rgb(color),
            width,
            style,
            cost: cost.map(|c| Cost::from_hundredths(c).expect("small")),
        };
        PathPalette::new(vec![
            t(
                1,
                "Road",
                [0x8b, 0x5a, 0x2b],
                0.12,
                LineStyle::Solid,
                Some(50),
            ),
            t(
                2,
                "Trail",
                [0xa0, 0x80, 0x50],
                0.08,
                LineStyle::Dashed,
                Some(100),
            ),
            t(
                3,
                "Railway",
                [0x30, 0x30, 0x30],
                0.1,
                LineStyle::Double,
                None,
            ),
            t(4, "River", [0x2a, 0x6f, 0xd0], 0.16, LineStyle::Solid, None),
        ])
        .expect("standard path palette is valid")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_palettes_have_the_issues_rules() {
        let edges = EdgePalette::standard();
        let by_name = |n: &str| edges.types().iter().find(|t| t.name == n).unwrap();
        assert_eq!(
            by_name("River").movement,
            EdgeMove::Extra(Cost::whole(2).unwrap())
        );
        assert_eq!(
            by_name("Stream").movement,
            EdgeMove::Extra(Cost::whole(1).unwrap())
        );
        assert_eq!(by_name("Wall").movement, EdgeMove::Impassable);
        assert!(by_name("Wall").blocks_sight);
        assert_eq!(by_name("Cliff").movement, EdgeMove::Impassable);
        assert!(!by_name("Cliff").blocks_sight);
        assert_eq!(by_name("Ford").movement, EdgeMove::Extra(Cost::ZERO));
        let paths = PathPalette::standard();
        let by_name = |n: &str| paths.types().iter().find(|t| t.name == n).unwrap();
        assert_eq!(by_name("Road").cost, Cost::from_hundredths(50));
        assert_eq!(by_name("Trail").cost, Cost::whole(1));
        assert_eq!(by_name("Railway").cost, None);
        assert_eq!(by_name("River").cost, None);
        assert_eq!(edges.next_free_id(), EdgeTypeId::new(6));
        assert_eq!(paths.next_free_id(), PathTypeId::new(5));
        assert_eq!(
            paths.get(PathTypeId::new(2).unwrap()).unwrap().name,
            "Trail"
        );
    }

    #[test]
    fn palettes_are_checked() {
        let mut types = EdgePalette::standard().types().to_vec();
        types[1].id = types[0].id;
        assert_eq!(
            EdgePalette::new(types),
            Err(FeaturePaletteError::DuplicateId {
                kind: "edge",
                id: 1
            })
        );
        let mut types = PathPalette::standard().types().to_vec();
        types[0].width = 0.0;
        assert!(matches!(
            PathPalette::new(types.clone()),
            Err(FeaturePaletteError::BadWidth { .. })
        ));
        types[0].width = f32::NAN;
        assert!(PathPalette::new(types.clone()).is_err());
        types[0].width = 0.5;
        types[0].name = "x".repeat(MAX_NAME_LEN + 1);
        assert!(matches!(
            PathPalette::new(types),
            Err(FeaturePaletteError::NameTooLong { .. })
        ));
        let many: Vec<PathType> = (1..=MAX_FEATURE_TYPES as u16 + 1)
            .map(|n| PathType {
                id: PathTypeId::new(n).unwrap(),
                ..PathPalette::standard().types()[0].clone()
            })
            .collect();
        assert!(matches!(
            PathPalette::new(many),
            Err(FeaturePaletteError::TooMany { .. })
        ));
        for s in LineStyle::ALL {
            assert_eq!(LineStyle::from_name(s.name()), Some(s));
        }
        assert_eq!(LineStyle::from_name("wavy"), None);
    }
}
