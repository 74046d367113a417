//! Map families: maps inside maps. Any map may hold child maps, each a full [`HexMap`]
//! (its own shape, orientation, palette, scale and content, and children of its own),
//! linked to one of its hexes, icons or regions. The root of a file and its descendants
//! are the family; a map without children is a family of one (every older file).
//!
//! A member is named by its path of links: the root's name, then for each step down the
//! link (the parent hex's label such as `0512`, `icon-3`, or a region's name) and the
//! child's name, all in lower case with spaces as dashes: `kingdom/0512/saltmere`.
//!
//! [`derive`] makes a child from a parent hex ("hex within hex", [`hexmap_hex::resolution`]);
//! [`check`] reports where a derived child no longer meets its parent's sides. Children are
//! changed through the one edit path ([`crate::MapEdit::SetChildren`], with undo).

pub mod check;
pub mod derive;
#[cfg(test)]
mod tests;

use super::annotations::IconId;
use super::hexmap::HexMap;
use super::regions::RegionId;
use hexmap_hex::Hex;

/// Most maps one family may hold (the root included): far above any campaign, low enough
/// that a hostile file cannot ask for a huge tree.
pub const MAX_MEMBERS: usize = 4096;

/// What a child map is linked to in its parent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Link {
    /// A hex of the parent: the child shows that hex at a finer scale.
    Hex(Hex),
    /// An icon of the parent (a town drawn as an icon opens its town map).
    Icon(IconId),
    /// A named region of the parent.
    Region(RegionId),
}

/// How a child was derived from its parent hex (kept so a check knows the geometry).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Derivation {
    /// The radius k of the hexagon of child hexes that tiles the parent hex.
    pub radius: u32,
    /// The seed of the terrain blend (and of generated detail).
    pub seed: u64,
}

/// One child map of a map: its link in the parent, how it was derived (if it was) and the
/// map itself.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildMap {
    /// What the child is linked to in its parent.
    pub link: Link,
    /// Set when the child was derived from a parent hex.
    pub derived: Option<Derivation>,
    /// The child map (with its own children).
    pub map: HexMap,
}

/// Why a family change or lookup is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FamilyError {
    /// No member has this path.
    #[error("no map '{path}' in this file (its maps: {known})")]
    NoSuchMember {
        /// The path asked for.
        path: String,
        /// The paths there are, comma-separated.
        known: String,
    },
    /// A link names a hex, icon or region the parent does not have.
    #[error("'{path}' is linked to {link}, which its parent does not have")]
    BadLink {
        /// The child's path.
        path: String,
        /// The link, in words.
        link: String,
    },
    /// Two members would have the same path.
    #[error("two maps would be called '{0}': rename one")]
    DuplicatePath(String),
    /// More than [`MAX_MEMBERS`] maps.
    #[error("a file holds at most {MAX_MEMBERS} maps")]
    TooManyMembers,
    /// A derivation the parent cannot give (hex off the map, radius too large …).
    #[error("{0}")]
    Derive(String),
}

/// A name as a path segment: lower case, runs of anything but letters and digits as one
/// dash, no dash at either end (`The Marches of Ylth` → `the-marches-of-ylth`).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars().flat_map(char::to_lowercase) {
        if ch.is_alphanumeric() {
            out.push(ch);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        "map".to_owned()
    } else {
        out
    }
}

/// The link as a path segment in `parent`: the hex's label (`0512`, or `q,r` when the
/// labels cannot name it), `icon-N`, or the region's name.
pub fn link_segment(parent: &HexMap, link: Link) -> String {
    match link {
        Link::Hex(h) => parent
            .properties()
            .labels
            .format(h)
            .unwrap_or_else(|_| format!("{},{}", h.q, h.r)),
        Link::Icon(id) => format!("icon-{}", id.0),
        Link::Region(id) => parent
            .regions()
            .get(id)
            .map_or_else(|| format!("region-{}", id.0), |r| slug(&r.look.name)),
    }
}

/// The link in words for messages: "hex 0512", "icon 3", "region Saltmere".
pub fn link_words(parent: &HexMap, link: Link) -> String {
    match link {
        Link::Hex(_) => format!("hex {}", link_segment(parent, link)),
        Link::Icon(id) => format!("icon {}", id.0),
        Link::Region(id) => parent.regions().get(id).map_or_else(
            || format!("region {}", id.0),
            |r| format!("region {}", r.look.name),
        ),
    }
}

/// The path of `child`, a child of `parent` whose own path is `parent_path`: the parent's
/// path, the link's segment and the child's name (module doc).
pub fn child_path(parent_path: &str, parent: &HexMap, child: &ChildMap) -> String {
    format!(
        "{parent_path}/{}/{}",
        link_segment(parent, child.link),
        slug(child.map.name())
    )
}

/// Where a member sits: the indices of the children taken from the root down (empty for
/// the root itself).
pub type MemberIndex = Vec<usize>;

/// One member of a family as listed: its place, path and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// The children's indices from the root down.
    pub index: MemberIndex,
    /// The path of links (module doc).
    pub path: String,
    /// The map's own name.
    pub name: String,
}

/// Every member of the family rooted at `root`, the root first, then each child followed
/// by its own descendants (the order of the file).
pub fn members(root: &HexMap) -> Vec<Member> {
    let mut out = Vec::new();
    walk(root, Vec::new(), slug(root.name()), &mut out);
    out
}

fn walk(map: &HexMap, index: MemberIndex, path: String, out: &mut Vec<Member>) {
    out.push(Member {
        index: index.clone(),
        path: path.clone(),
        name: map.name().to_owned(),
    });
    for (i, child) in map.children().iter().enumerate() {
        let mut next = index.clone();
        next.push(i);
        walk(&child.map, next, child_path(&path, map, child), out);
    }
}

/// The member at `index` (`None` when an index is out of range).
pub fn member_at<'a>(root: &'a HexMap, index: &[usize]) -> Option<&'a HexMap> {
    index
        .iter()
        .try_fold(root, |map, &i| map.children().get(i).map(|c| &c.map))
}

/// The child entry at `index` (link and derivation with the map); `None` for the root.
pub fn child_at<'a>(root: &'a HexMap, index: &[usize]) -> Option<&'a ChildMap> {
    let (&last, up) = index.split_last()?;
    member_at(root, up)?.children().get(last)
}

/// The index of the member whose path is `path` (compared without regard to case; the
/// root's own name may be left out: `0512/saltmere` is `kingdom/0512/saltmere`).
pub fn find(root: &HexMap, path: &str) -> Result<MemberIndex, FamilyError> {
    let all = members(root);
    let wanted = path.trim().trim_matches('/').to_lowercase();
    let root_path = slug(root.name());
    all.iter()
        .find(|m| {
            m.path == wanted
                || m.path
                    .strip_prefix(&root_path)
                    .and_then(|rest| rest.strip_prefix('/'))
                    .is_some_and(|rest| rest == wanted)
        })
        .map(|m| m.index.clone())
        .ok_or_else(|| FamilyError::NoSuchMember {
            path: path.to_owned(),
            known: all
                .iter()
                .map(|m| m.path.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The member at `path` as a map of its own, without its children: what `--map PATH`
/// hands to a command that reads one map (route, export …).
pub fn extract(root: &HexMap, path: &str) -> Result<HexMap, FamilyError> {
    let index = find(root, path)?;
    let mut map = member_at(root, &index)
        .expect("find returns a member's index")
        .clone();
    map.set_children(Vec::new());
    Ok(map)
}

/// Check the children of `map` (not their descendants): each link names something the
/// map has, at most [`MAX_MEMBERS`] members in all, no two members with one path.
pub fn validate(root: &HexMap) -> Result<(), FamilyError> {
    let all = members(root);
    if all.len() > MAX_MEMBERS {
        return Err(FamilyError::TooManyMembers);
    }
    let mut seen = std::collections::HashSet::new();
    for m in &all {
        if !seen.insert(m.path.as_str()) {
            return Err(FamilyError::DuplicatePath(m.path.clone()));
        }
        let map = member_at(root, &m.index).expect("listed");
        for child in map.children() {
            let ok = match child.link {
                Link::Hex(h) => map.contains(h),
                Link::Icon(id) => map.icons().find(id).is_some(),
                Link::Region(id) => map.regions().get(id).is_some(),
            };
            if !ok {
                return Err(FamilyError::BadLink {
                    path: child_path(&m.path, map, child),
                    link: link_words(map, child.link),
                });
            }
        }
    }
    Ok(())
}

/// `root` with the member at `index` replaced by `map` (its children kept as `map` has
/// them). `None` when the index names no member.
pub fn with_member(root: &HexMap, index: &[usize], map: HexMap) -> Option<HexMap> {
    let Some((&last, up)) = index.split_last() else {
        return Some(map);
    };
    let parent = member_at(root, up)?;
    let mut children = parent.children().to_vec();
    children.get_mut(last)?.map = map;
    let mut parent = parent.clone();
    parent.set_children(children);
    with_member(root, up, parent)
}

impl HexMap {
    /// The child maps of this map (module doc), in file order.
    pub fn children(&self) -> &[ChildMap] {
        &self.children
    }

    /// Replace the child maps (low level, no undo: editors use
    /// [`crate::MapEdit::SetChildren`]); returns the old ones.
    pub fn set_children(&mut self, children: Vec<ChildMap>) -> Vec<ChildMap> {
        std::mem::replace(&mut self.children, children)
    }
}
