//! Custom properties: the game's own data on the map. Property types are declared once per
//! map ([`PropType`]: a name, a [`PropKind`] — string, integer, number, bool, colour, hex
//! reference or an enum of named values —, a default, and a GM-only flag); values
//! ([`PropValue`]) sit on the map itself, on cells, terrains, edge and path types, icons,
//! labels and regions ([`PropOwner`]). [`CustomProps`] holds both and checks every value
//! against its type ([`CustomProps::validate`]), each error naming the object and the
//! property. Edits go through [`crate::Edit::Custom`] ([`edit`]).

use super::palette::{Rgb, TerrainId};
use super::{EdgeTypeId, IconId, LabelId, PathTypeId, RegionId};
use hexmap_hex::Hex;
use std::collections::BTreeMap;
use std::fmt;

pub mod edit;
#[cfg(test)]
mod tests;

/// Most property types one map may declare.
pub const MAX_PROP_TYPES: usize = 256;

/// Longest property name, enum value or string value, in bytes (UTF-8).
pub const MAX_PROP_TEXT: usize = 1000;

/// Most values one enum type may list.
pub const MAX_ENUM_VALUES: usize = 256;

/// What values a property takes.
#[derive(Clone, Debug, PartialEq)]
pub enum PropKind {
    /// Any text.
    String,
    /// A whole number (64-bit).
    Int,
    /// A finite number.
    Number,
    /// True or false.
    Bool,
    /// An RGB colour.
    Colour,
    /// A hex of the map (a reference to another cell: a portal's far end, a unit's goal).
    Hex,
    /// One of a named list of values (`iron | timber | grain`).
    Enum(Vec<String>),
}

impl PropKind {
    /// The kind's name in files and messages: `string`, `int`, `number`, `bool`,
    /// `colour`, `hex`, `enum`.
    pub fn name(&self) -> &'static str {
        match self {
            PropKind::String => "string",
            PropKind::Int => "int",
            PropKind::Number => "number",
            PropKind::Bool => "bool",
            PropKind::Colour => "colour",
            PropKind::Hex => "hex",
            PropKind::Enum(_) => "enum",
        }
    }

    /// The plain value a new type of this kind starts with: empty text, 0, false, black,
    /// the hex (0, 0), the enum's first value.
    pub fn zero(&self) -> PropValue {
        match self {
            PropKind::String => PropValue::String(String::new()),
            PropKind::Int => PropValue::Int(0),
            PropKind::Number => PropValue::Number(0.0),
            PropKind::Bool => PropValue::Bool(false),
            PropKind::Colour => PropValue::Colour(Rgb([0, 0, 0])),
            PropKind::Hex => PropValue::Hex(Hex::new(0, 0)),
            PropKind::Enum(v) => PropValue::Enum(v.first().cloned().unwrap_or_default()),
        }
    }
}

/// One property value.
#[derive(Clone, Debug, PartialEq)]
pub enum PropValue {
    /// Text.
    String(String),
    /// A whole number.
    Int(i64),
    /// A finite number.
    Number(f64),
    /// True or false.
    Bool(bool),
    /// A colour.
    Colour(Rgb),
    /// A hex.
    Hex(Hex),
    /// One of its enum's values.
    Enum(String),
}

impl fmt::Display for PropValue {
    /// The value as a person reads it: text as is, numbers, `true`, `#rrggbb`, `(q, r)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PropValue::String(s) | PropValue::Enum(s) => f.write_str(s),
            PropValue::Int(n) => write!(f, "{n}"),
            PropValue::Number(x) => write!(f, "{x}"),
            PropValue::Bool(b) => write!(f, "{b}"),
            PropValue::Colour(c) => write!(f, "{c}"),
            PropValue::Hex(h) => write!(f, "({}, {})", h.q, h.r),
        }
    }
}

/// A declared property: what it is called, what values it takes, its default (the value
/// of every object that sets none), and whether only the GM may see it.
#[derive(Clone, Debug, PartialEq)]
pub struct PropType {
    /// The property's name (unique in the map).
    pub name: String,
    /// What values it takes.
    pub kind: PropKind,
    /// The value of an object that sets none.
    pub default: PropValue,
    /// Left out of every player output (the player filter drops the type and its values).
    pub gm_only: bool,
}

/// What carries a property value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PropOwner {
    /// The map itself.
    Map,
    /// A cell.
    Cell(Hex),
    /// A terrain of the palette.
    Terrain(TerrainId),
    /// An edge feature type.
    EdgeType(EdgeTypeId),
    /// A path type.
    PathType(PathTypeId),
    /// An icon.
    Icon(IconId),
    /// A label.
    Label(LabelId),
    /// A named region.
    Region(RegionId),
}

impl PropOwner {
    /// Sort key: the map first, then cells by row and column, then the others by id.
    fn key(&self) -> (u8, i64, i64) {
        match *self {
            PropOwner::Map => (0, 0, 0),
            PropOwner::Cell(h) => (1, i64::from(h.r), i64::from(h.q)),
            PropOwner::Terrain(t) => (2, i64::from(t.get()), 0),
            PropOwner::EdgeType(t) => (3, i64::from(t.get()), 0),
            PropOwner::PathType(t) => (4, i64::from(t.get()), 0),
            PropOwner::Icon(i) => (5, i64::from(i.0), 0),
            PropOwner::Label(l) => (6, i64::from(l.0), 0),
            PropOwner::Region(r) => (7, i64::from(r.0), 0),
        }
    }

    /// True when `map` has this object.
    pub fn exists_in(&self, map: &super::HexMap) -> bool {
        match *self {
            PropOwner::Map => true,
            PropOwner::Cell(h) => map.contains(h),
            PropOwner::Terrain(t) => map.palette().get(t).is_some(),
            PropOwner::EdgeType(t) => map.edge_palette().get(t).is_some(),
            PropOwner::PathType(t) => map.path_palette().get(t).is_some(),
            PropOwner::Icon(i) => map.icons().find(i).is_some(),
            PropOwner::Label(l) => map.label(l).is_some(),
            PropOwner::Region(r) => map.regions().get(r).is_some(),
        }
    }
}

impl PartialOrd for PropOwner {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for PropOwner {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for PropOwner {
    /// The object as messages name it: `the map`, `cell (q, r)`, `terrain 3`, `region 2` …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PropOwner::Map => f.write_str("the map"),
            PropOwner::Cell(h) => write!(f, "cell (q {}, r {})", h.q, h.r),
            PropOwner::Terrain(t) => write!(f, "terrain {}", t.get()),
            PropOwner::EdgeType(t) => write!(f, "edge type {}", t.get()),
            PropOwner::PathType(t) => write!(f, "path type {}", t.get()),
            PropOwner::Icon(i) => write!(f, "icon {}", i.0),
            PropOwner::Label(l) => write!(f, "label {}", l.0),
            PropOwner::Region(r) => write!(f, "region {}", r.0),
        }
    }
}

/// The values one object sets, by property name.
pub type PropValues = BTreeMap<String, PropValue>;

/// Why property types or values are refused. Each names the property, and the object
/// for a value.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CustomError {
    /// A type with an empty or over-long name.
    #[error("a property name must be 1 to {MAX_PROP_TEXT} bytes, got {0} bytes")]
    BadName(usize),
    /// Two types share a name.
    #[error("property \"{0}\" is declared twice")]
    DuplicateType(String),
    /// Too many types.
    #[error("the map declares {0} property types, over the limit of {MAX_PROP_TYPES}")]
    TooManyTypes(usize),
    /// An enum type with no values, a repeated, empty or over-long value, or too many.
    #[error("property \"{name}\": {problem}")]
    BadEnum {
        /// The property.
        name: String,
        /// What is wrong with its values.
        problem: String,
    },
    /// A type whose default does not fit it.
    #[error("property \"{name}\": its default {problem}")]
    BadDefault {
        /// The property.
        name: String,
        /// Why the default does not fit.
        problem: String,
    },
    /// A value for a property the map does not declare.
    #[error("{owner}: property \"{name}\" is not declared (declare its type first)")]
    Undeclared {
        /// What carries the value.
        owner: PropOwner,
        /// The property.
        name: String,
    },
    /// A value that does not fit its type.
    #[error("{owner}, property \"{name}\": {problem}")]
    BadValue {
        /// What carries the value.
        owner: PropOwner,
        /// The property.
        name: String,
        /// Why the value does not fit.
        problem: String,
    },
    /// A value on an object the map does not have.
    #[error("{0}: the map has no such object")]
    NoSuchOwner(PropOwner),
}

/// Why `value` does not fit `kind`, or `None` when it does.
pub fn misfit(kind: &PropKind, value: &PropValue) -> Option<String> {
    match (kind, value) {
        (PropKind::String, PropValue::String(s)) => (s.len() > MAX_PROP_TEXT).then(|| {
            format!(
                "text of {} bytes, over the limit of {MAX_PROP_TEXT}",
                s.len()
            )
        }),
        (PropKind::Int, PropValue::Int(_))
        | (PropKind::Bool, PropValue::Bool(_))
        | (PropKind::Colour, PropValue::Colour(_))
        | (PropKind::Hex, PropValue::Hex(_)) => None,
        (PropKind::Number, PropValue::Number(x)) => {
            (!x.is_finite()).then(|| format!("{x} is not a finite number"))
        }
        (PropKind::Enum(values), PropValue::Enum(v) | PropValue::String(v)) => {
            (!values.contains(v)).then(|| format!("\"{v}\" is not one of {}", values.join(", ")))
        }
        (kind, value) => Some(format!(
            "{} is not a value of kind {}",
            describe(value),
            kind.name()
        )),
    }
}

/// A value with its kind, for messages: `int 3`, `text "x"`.
fn describe(value: &PropValue) -> String {
    match value {
        PropValue::String(s) => format!("text \"{s}\""),
        PropValue::Int(n) => format!("int {n}"),
        PropValue::Number(x) => format!("number {x}"),
        PropValue::Bool(b) => format!("bool {b}"),
        PropValue::Colour(c) => format!("colour {c}"),
        PropValue::Hex(h) => format!("hex (q {}, r {})", h.q, h.r),
        PropValue::Enum(v) => format!("enum value \"{v}\""),
    }
}

/// Check one type on its own (name, enum values, default).
pub fn validate_type(t: &PropType) -> Result<(), CustomError> {
    if t.name.is_empty() || t.name.len() > MAX_PROP_TEXT {
        return Err(CustomError::BadName(t.name.len()));
    }
    if let PropKind::Enum(values) = &t.kind {
        let bad = |problem: String| CustomError::BadEnum {
            name: t.name.clone(),
            problem,
        };
        if values.is_empty() {
            return Err(bad("an enum needs at least one value".to_owned()));
        }
        if values.len() > MAX_ENUM_VALUES {
            return Err(bad(format!(
                "{} values, over the limit of {MAX_ENUM_VALUES}",
                values.len()
            )));
        }
        for (i, v) in values.iter().enumerate() {
            if v.is_empty() || v.len() > MAX_PROP_TEXT {
                return Err(bad(format!("value {i} must be 1 to {MAX_PROP_TEXT} bytes")));
            }
            if values[..i].contains(v) {
                return Err(bad(format!("value \"{v}\" is listed twice")));
            }
        }
    }
    if let Some(problem) = misfit(&t.kind, &t.default) {
        return Err(CustomError::BadDefault {
            name: t.name.clone(),
            problem,
        });
    }
    Ok(())
}

/// The map's property types and every value set on its objects.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CustomProps {
    types: Vec<PropType>,
    values: BTreeMap<PropOwner, PropValues>,
}

impl CustomProps {
    /// No types and no values.
    pub fn new() -> Self {
        CustomProps::default()
    }

    /// Types and values, checked ([`CustomProps::validate`]) — but not against a map:
    /// [`super::HexMap::set_custom`] checks that every owner exists.
    pub fn build(
        types: Vec<PropType>,
        values: BTreeMap<PropOwner, PropValues>,
    ) -> Result<Self, CustomError> {
        let c = CustomProps { types, values };
        c.validate()?;
        Ok(c)
    }

    /// True when the map declares no type (and so holds no value).
    pub fn is_empty(&self) -> bool {
        self.types.is_empty() && self.values.is_empty()
    }

    /// The declared types, in the order they were declared.
    pub fn types(&self) -> &[PropType] {
        &self.types
    }

    /// The type called `name`.
    pub fn get_type(&self, name: &str) -> Option<&PropType> {
        self.types.iter().find(|t| t.name == name)
    }

    /// Every object with values, in owner order (map, cells by row, then by id).
    pub fn iter(&self) -> impl Iterator<Item = (PropOwner, &PropValues)> + '_ {
        self.values.iter().map(|(o, v)| (*o, v))
    }

    /// [`CustomProps::iter`] of the objects `map` has: what files write. (Deleting an
    /// object through the edit path drops its values, undo keeps them; this filter guards
    /// maps put together by other means.)
    pub fn iter_on<'a>(
        &'a self,
        map: &'a super::HexMap,
    ) -> impl Iterator<Item = (PropOwner, &'a PropValues)> + 'a {
        self.iter().filter(move |(o, _)| o.exists_in(map))
    }

    /// The values `owner` sets itself (not the defaults).
    pub fn values_of(&self, owner: PropOwner) -> Option<&PropValues> {
        self.values.get(&owner)
    }

    /// The value `owner` sets for `name`, else the type's default; `None` when no type is
    /// called `name`.
    pub fn value(&self, owner: PropOwner, name: &str) -> Option<&PropValue> {
        let t = self.get_type(name)?;
        Some(
            self.values
                .get(&owner)
                .and_then(|v| v.get(name))
                .unwrap_or(&t.default),
        )
    }

    /// Heap bytes held, roughly (for the undo history's budget).
    pub fn heap_bytes(&self) -> usize {
        let value = std::mem::size_of::<PropValue>() + std::mem::size_of::<String>();
        self.types.len() * std::mem::size_of::<PropType>()
            + self
                .values
                .values()
                .map(|v| std::mem::size_of::<PropOwner>() + v.len() * value)
                .sum::<usize>()
    }

    /// How many objects set a value of their own.
    pub fn owner_count(&self) -> usize {
        self.values.len()
    }

    /// Check the types and that every value is declared and fits its type.
    pub fn validate(&self) -> Result<(), CustomError> {
        if self.types.len() > MAX_PROP_TYPES {
            return Err(CustomError::TooManyTypes(self.types.len()));
        }
        for (i, t) in self.types.iter().enumerate() {
            validate_type(t)?;
            if self.types[..i].iter().any(|o| o.name == t.name) {
                return Err(CustomError::DuplicateType(t.name.clone()));
            }
        }
        for (owner, values) in &self.values {
            for (name, value) in values {
                let Some(t) = self.get_type(name) else {
                    return Err(CustomError::Undeclared {
                        owner: *owner,
                        name: name.clone(),
                    });
                };
                if let Some(problem) = misfit(&t.kind, value) {
                    return Err(CustomError::BadValue {
                        owner: *owner,
                        name: name.clone(),
                        problem,
                    });
                }
            }
        }
        Ok(())
    }

    /// The first owner with values that `map` does not have.
    pub fn missing_owner(&self, map: &super::HexMap) -> Option<PropOwner> {
        self.values.keys().copied().find(|o| !o.exists_in(map))
    }

    /// Keep only the types `keep_type` keeps (and their values) and the owners
    /// `keep_owner` keeps; used by the player filter.
    pub fn retain(
        &mut self,
        keep_type: impl Fn(&PropType) -> bool,
        keep_owner: impl Fn(PropOwner) -> bool,
    ) {
        self.types.retain(|t| keep_type(t));
        let types = &self.types;
        self.values.retain(|o, v| {
            v.retain(|name, _| types.iter().any(|t| &t.name == name));
            keep_owner(*o) && !v.is_empty()
        });
    }

    /// Rename owners as `rename` says (`None` drops the owner's values); used when ids
    /// are numbered afresh or cells move.
    pub fn rekey(&mut self, rename: impl Fn(PropOwner) -> Option<PropOwner>) {
        let old = std::mem::take(&mut self.values);
        self.values = old
            .into_iter()
            .filter_map(|(o, v)| Some((rename(o)?, v)))
            .collect();
    }

    /// Set (`Some`) or clear (`None`) the value `name` of `owner`, unchecked.
    pub(crate) fn put(&mut self, owner: PropOwner, name: &str, value: Option<PropValue>) {
        match value {
            Some(v) => {
                self.values
                    .entry(owner)
                    .or_default()
                    .insert(name.to_owned(), v);
            }
            None => {
                if let Some(vals) = self.values.get_mut(&owner) {
                    vals.remove(name);
                    if vals.is_empty() {
                        self.values.remove(&owner);
                    }
                }
            }
        }
    }

    /// The objects with values that `map` no longer has (a deleted icon, label, region or
    /// palette entry), cells too when `with_cells` (only a reshape removes cells). Without
    /// cells only the owners after them in order are looked at, so it costs nothing on a
    /// map whose properties are all on cells.
    pub(crate) fn stale_owners(&self, map: &super::HexMap, with_cells: bool) -> Vec<PropOwner> {
        self.values
            .keys()
            .rev()
            .take_while(|o| with_cells || !matches!(o, PropOwner::Cell(_) | PropOwner::Map))
            .filter(|o| !o.exists_in(map))
            .copied()
            .collect()
    }

    /// Drop every value of `owners`.
    pub(crate) fn forget(&mut self, owners: &[PropOwner]) {
        for o in owners {
            self.values.remove(o);
        }
    }

    /// Replace the types, unchecked; values of types no longer declared go.
    pub(crate) fn put_types(&mut self, types: Vec<PropType>) {
        self.types = types;
        self.retain(|_| true, |_| true);
    }
}
