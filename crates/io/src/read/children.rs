//! Reading a family's child maps (version 5): each child is a whole map inside the file,
//! read on its own by the same reader (its syntax errors given at the file's line and
//! column), then linked to its parent's hex, icon or region and checked by the family's
//! own rule ([`hexmap_map::family::validate`]).

use super::super::Form;
use super::super::error::FormatError;
use super::super::model::{FileChild, FileLink, FileMap};
use hexmap_hex::{Hex, OffsetCoord};
use hexmap_map::family::{ChildMap, Derivation, Link};
use hexmap_map::regions::RegionId;
use hexmap_map::{HexMap, IconId};

/// A child as read from the file: link, derivation and its map's text.
pub(super) struct ChildText<'a> {
    link: FileLink,
    derived: Option<Derivation>,
    text: &'a str,
}

/// The children of a file and the version it says (children need version 5, checked
/// when they are read, after the map's own content).
pub(super) struct Children<'a> {
    version: u64,
    list: Vec<ChildText<'a>>,
}

/// Take the children out of the file.
pub(super) fn take<'a>(file: &mut FileMap<'a>) -> Children<'a> {
    let children: Vec<FileChild<'a>> = std::mem::take(&mut file.children);
    let list = children
        .into_iter()
        .map(|c| ChildText {
            link: c.link,
            derived: c.derived.map(|d| Derivation {
                radius: d.radius,
                seed: d.seed,
            }),
            text: c.map.get_ron(),
        })
        .collect();
    Children {
        version: file.version,
        list,
    }
}

/// Line and column (1-based) where `part`, a slice of `whole`, starts.
fn start_of(whole: &str, part: &str) -> Option<(usize, usize)> {
    let at = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let before = whole.get(..at)?;
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    Some((line, column))
}

/// `e`, found in a child's text that starts at (`line`, `column`) of the file, with its
/// position in the file.
fn in_file(e: FormatError, (line, column): (usize, usize)) -> FormatError {
    match e {
        FormatError::Syntax {
            line: l,
            column: c,
            message,
        } => FormatError::Syntax {
            line: l + line - 1,
            column: if l == 1 { c + column - 1 } else { c },
            message,
        },
        FormatError::InChild {
            index,
            name,
            source,
        } => FormatError::InChild {
            index,
            name,
            source: Box::new(in_file(*source, (line, column))),
        },
        other => other,
    }
}

/// Read each child's map and put the children on `map` (read from `original`, the file's
/// text, in `form`).
pub(super) fn apply(
    mut map: HexMap,
    _form: Form,
    children: Children<'_>,
    original: &str,
) -> Result<HexMap, FormatError> {
    if children.list.is_empty() {
        return Ok(map);
    }
    if children.version < 5 {
        return Err(FormatError::Field {
            field: "children".to_owned(),
            message: format!(
                "child maps need format version 5 (this file says version {})",
                children.version
            ),
        });
    }
    let mut read = Vec::with_capacity(children.list.len());
    for (i, c) in children.list.into_iter().enumerate() {
        let wrap = |name: &str, e: FormatError| FormatError::InChild {
            index: i + 1,
            name: name.to_owned(),
            source: Box::new(e),
        };
        let start = start_of(original, c.text).unwrap_or((1, 1));
        let (child, _) = super::from_str(c.text).map_err(|e| wrap("?", in_file(e, start)))?;
        let bad_link = |message: String| {
            wrap(
                child.name(),
                FormatError::Field {
                    field: "link".to_owned(),
                    message,
                },
            )
        };
        let link = match c.link {
            FileLink::Hex(col, row) => {
                if col.unsigned_abs().max(row.unsigned_abs()) > hexmap_hex::COORD_LIMIT as u32 {
                    return Err(bad_link(format!(
                        "hex ({col}, {row}) is beyond the coordinate limit"
                    )));
                }
                let kind = map.properties().offset_kind;
                Link::Hex(kind.to_hex(OffsetCoord { col, row }))
            }
            FileLink::Cube(q, r, s) => Link::Hex(
                Hex::from_cube(q, r, s)
                    .ok_or_else(|| bad_link(format!("q + r + s must be 0, got ({q}, {r}, {s})")))?,
            ),
            FileLink::Icon(id) => Link::Icon(IconId(id)),
            FileLink::Region(id) => Link::Region(RegionId(id)),
        };
        read.push(ChildMap {
            link,
            derived: c.derived,
            map: child,
        });
    }
    map.set_children(read);
    hexmap_map::family::validate(&map).map_err(|e| FormatError::Field {
        field: "children".to_owned(),
        message: e.to_string(),
    })?;
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::super::super::{Form, from_str, to_string};
    use hexmap_hex::{Direction, Edge, OffsetKind};
    use hexmap_map::family::derive::derive;
    use hexmap_map::testing::{at, rectangle_map};
    use hexmap_map::{EdgeTypeId, HexMap, MapPath, PathId, PathTypeId, TerrainId};

    /// A kingdom with a road and a river beside hex (3, 3), two derived children, one
    /// with a child of its own.
    fn kingdom() -> HexMap {
        let kind = OffsetKind::OddQ;
        let mut root = rectangle_map(kind, 7, 6);
        let cells: Vec<_> = root.shape().iter().collect();
        for (i, h) in cells.into_iter().enumerate() {
            root.set_terrain(h, TerrainId::new(1 + (i % 4) as u16))
                .unwrap();
        }
        let hex = at(kind, 3, 3);
        let hexes = vec![
            hex + Direction::FLAT_N.offset(),
            hex,
            hex + Direction::FLAT_SE.offset(),
        ];
        root.insert_path(MapPath {
            id: PathId(0),
            kind: PathTypeId::new(1).unwrap(),
            hexes,
            gm_only: false,
        })
        .unwrap();
        root.set_edge(Edge::new(hex, Direction::FLAT_SW), EdgeTypeId::new(1))
            .unwrap();
        let mut town = derive(&root, hex, 3, 42, "Saltmere").unwrap();
        let docks = derive(
            &town.map,
            town.map.shape().iter().nth(20).unwrap(),
            1,
            7,
            "Docks",
        )
        .unwrap();
        town.map.set_children(vec![docks]);
        let other = derive(&root, at(kind, 1, 1), 2, 9, "Fen \"north\"\nside").unwrap();
        root.set_children(vec![town, other]);
        root
    }

    #[test]
    fn a_family_reads_back_equal_in_both_forms_and_writes_the_same_text() {
        let root = kingdom();
        for form in [Form::Offset, Form::Cube] {
            let text = to_string(&root, form);
            assert!(
                text.contains("    children: [\n")
                    && text.contains("derived: (radius: 3, seed: 42)")
            );
            let (back, read_form) =
                from_str(&text).unwrap_or_else(|e| panic!("{form}: {e}\n{text}"));
            assert_eq!(read_form, form);
            assert_eq!(back, root, "{form}");
            assert_eq!(to_string(&back, form), text, "{form}: deterministic");
        }
        // A map without children is written without the field.
        let mut alone = root.clone();
        alone.set_children(Vec::new());
        assert!(!to_string(&alone, Form::Offset).contains("children"));
    }

    #[test]
    fn a_bad_child_is_named_with_the_line_of_the_file() {
        let text = to_string(&kingdom(), Form::Offset);
        // Break the second child's orientation, and a syntax error in the first child.
        let second = text.rfind("orientation: \"flat\"").unwrap();
        let mut bad = text.clone();
        bad.replace_range(second..second + 19, "orientation: \"odd\"");
        let e = from_str(&bad).unwrap_err().to_string();
        assert!(e.starts_with("child map 2 (?): field orientation"), "{e}");
        let nested = text.find("            map: (").unwrap() + 1000;
        let line = text[..nested].matches('\n').count() + 1;
        let mut broken = text.clone();
        let at = nested + text[nested..].find(",\n").unwrap();
        broken.replace_range(at..at + 1, ";");
        let e = from_str(&broken).unwrap_err().to_string();
        assert!(
            e.contains(&format!("line {line}:")) || e.contains(&format!("line {}:", line + 1)),
            "{e} (near line {line})"
        );
        // Children need version 5; a link to a hex off the parent is refused.
        let old = text.replacen("version: 5", "version: 4", 1);
        let e = from_str(&old).unwrap_err().to_string();
        assert!(e.contains("child maps need format version 5"), "{e}");
        let off = text.replacen("link: Hex(3, 3)", "link: Hex(30, 3)", 1);
        let e = from_str(&off).unwrap_err().to_string();
        assert!(
            e.contains("field children") && e.contains("which its parent does not have"),
            "{e}"
        );
    }
}
