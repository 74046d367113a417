//! "Paint property": the brush and the bucket give hexes one custom property's value
//! (`owner = Red`) instead of a terrain. A brush stamp sets the value on the stamp's hexes
//! inside the drag's undo step; the bucket sets it on the hexes connected to the one
//! clicked that hold the same value of that property (or, with "replace all", on every
//! hex holding it) as one undo step.

use crate::open_map::OpenMap;
use hexmap_hex::Hex;
use hexmap_map::{CustomEdit, Edit, HexMap, PropOwner, PropValue};

/// The property the brush and bucket paint, and the value.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyPaint {
    /// The property.
    pub name: String,
    /// The value painted.
    pub value: PropValue,
}

impl PropertyPaint {
    /// The edit that paints `hexes` (those on the map), or `None` when none is.
    pub fn paint(&self, doc: &OpenMap, hexes: impl IntoIterator<Item = Hex>) -> Option<Edit> {
        let owners: Vec<PropOwner> = hexes
            .into_iter()
            .filter(|h| doc.contains(*h))
            .map(PropOwner::Cell)
            .collect();
        (!owners.is_empty()).then(|| {
            Edit::Custom(CustomEdit::Set {
                owners,
                name: self.name.clone(),
                value: Some(self.value.clone()),
            })
        })
    }

    /// The bucket from `start`: the hexes connected to it holding its value of the
    /// property (every hex holding it when `everywhere`), painted.
    pub fn bucket(&self, doc: &OpenMap, start: Hex, everywhere: bool) -> Option<Edit> {
        let map = doc.map();
        let classes = value_classes(map, &self.name)?;
        let shape = map.shape();
        let si = shape.index_of(start)?;
        let hexes: Vec<Hex> = if everywhere {
            let class = classes[si];
            shape
                .iter()
                .enumerate()
                .filter(|(i, _)| classes[*i] == class)
                .map(|(_, h)| h)
                .collect()
        } else {
            let marks = hexmap_map::steps::block_on(hexmap_map::fill_region(
                shape,
                &classes,
                start,
                &mut |_| {},
            ));
            let all: Vec<Hex> = shape.iter().collect();
            marks.iter().map(|i| all[i]).collect()
        };
        self.paint(doc, hexes)
    }
}

/// Each cell's value of property `name` as a small number (cells with equal values get
/// equal numbers), by the map's dense cell index; `None` when no such property exists.
fn value_classes(map: &HexMap, name: &str) -> Option<Vec<u16>> {
    let custom = map.custom();
    custom.get_type(name)?;
    let mut seen: Vec<&PropValue> = Vec::new();
    let classes = map
        .shape()
        .iter()
        .map(|h| {
            let v = custom.value(PropOwner::Cell(h), name).expect("declared");
            let at = seen.iter().position(|w| *w == v).unwrap_or_else(|| {
                seen.push(v);
                seen.len() - 1
            });
            u16::try_from(at).unwrap_or(u16::MAX)
        })
        .collect();
    Some(classes)
}
