//! The members of a map family as the editor edits them: one member at a time is the open
//! document, and every member opened since the file was read keeps a document of its own
//! (its map and its undo history), so undo is per map and survives going up and down.
//!
//! A member's own document is the truth for its content: the copy its parent holds in its
//! list of children may be older. The family is put together from the documents when it is
//! saved ([`OpenMap::family_map`]). Before the open map's list of children changes (an
//! undo, a redo, the Maps panel's add, derive, unlink or delete) the children's documents
//! are written back into it, so what its history keeps of the list holds them as they are.
//! When the list changes, the documents of the children follow them to their new places
//! (matched by link, in order); those of a child no longer in the list are dropped.

use super::OpenMap;
use hexmap_map::family::derive::derive;
use hexmap_map::family::{self, ChildMap, Link, MemberIndex};
use hexmap_map::{Document, HexMap};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Where the open document sits in its family, and the other members' documents.
#[derive(Default)]
pub(super) struct Family {
    /// The open member: the children's indices from the root down (empty: the root).
    at: MemberIndex,
    /// The documents of the other members opened so far (every ancestor of `at` among
    /// them), each with its own history.
    parked: BTreeMap<MemberIndex, Document>,
    /// The links of the open map's children when last looked at (to follow the
    /// children's documents when the list changes).
    links_seen: Vec<Link>,
    /// The open map's derived children that are still as derived from it (by index, and
    /// whether with generated detail): these are offered an update when their parent hex
    /// or its neighbours change.
    untouched: Vec<(usize, bool)>,
}

impl Family {
    /// The family of a map just read or made: the root open, nothing parked.
    pub(super) fn of(map: &HexMap) -> Self {
        Family {
            at: Vec::new(),
            parked: BTreeMap::new(),
            links_seen: links(map),
            untouched: untouched_children(map, |i| Some(&map.children()[i].map)),
        }
    }
}

/// The child as deriving it from `parent` now gives it (with the generated detail when
/// `detail`), named as it is; `None` for a child not derived from a hex.
pub fn derived_afresh(parent: &HexMap, entry: &ChildMap, detail: bool) -> Option<ChildMap> {
    let (Link::Hex(hex), Some(d)) = (entry.link, entry.derived) else {
        return None;
    };
    let mut fresh = derive(parent, hex, d.radius, d.seed, entry.map.name()).ok()?;
    if detail {
        hexmap_generate::detail::add_detail(&mut fresh, d.seed).ok()?;
    }
    Some(fresh)
}

/// True when `a` and `b` hold the same content, their own children left aside.
fn same_content(a: &HexMap, b: &HexMap) -> bool {
    let mut a = a.clone();
    a.set_children(Vec::new());
    let mut b = b.clone();
    b.set_children(Vec::new());
    a == b
}

/// The children of `parent` still as their derivation made them (index, with detail),
/// their latest content given by `latest`.
fn untouched_children<'a>(
    parent: &'a HexMap,
    latest: impl Fn(usize) -> Option<&'a HexMap>,
) -> Vec<(usize, bool)> {
    let mut out = Vec::new();
    for (i, entry) in parent.children().iter().enumerate() {
        let Some(now) = latest(i) else { continue };
        let entry = ChildMap {
            map: now.clone(),
            ..entry.clone()
        };
        for detail in [false, true] {
            if derived_afresh(parent, &entry, detail).is_some_and(|f| same_content(&f.map, now)) {
                out.push((i, detail));
                break;
            }
        }
    }
    out
}

fn links(map: &HexMap) -> Vec<Link> {
    map.children().iter().map(|c| c.link).collect()
}

/// One step of the path from the root to the open map, as the breadcrumb shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crumb {
    /// The member.
    pub index: MemberIndex,
    /// What it is linked to in its parent, as a path segment (`0507`); `None` for the root.
    pub link: Option<String>,
    /// The map's name.
    pub name: String,
}

/// One member of the family as the Maps panel lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberRow {
    /// The member.
    pub index: MemberIndex,
    /// What it is linked to in its parent, in words ("hex 0507"); `None` for the root.
    pub link: Option<String>,
    /// The map's name.
    pub name: String,
    /// True when the child was derived from its parent hex (kept in step with it).
    pub derived: bool,
}

impl OpenMap {
    /// The open member's place in its family (empty: the root, or a map without children).
    pub fn member_index(&self) -> &[usize] {
        &self.family.at
    }

    /// The latest map of the member at `index`: its own document's, else the copy held by
    /// the nearest member above it.
    fn member_map(&self, index: &[usize]) -> Option<&HexMap> {
        if index == self.family.at.as_slice() {
            return Some(self.document.map());
        }
        if let Some(doc) = self.family.parked.get(index) {
            return Some(doc.map());
        }
        let (&last, up) = index.split_last()?;
        self.member_map(up)?.children().get(last).map(|c| &c.map)
    }

    /// True when the member at `index` or one below it has a document of its own.
    fn open_at_or_under(&self, index: &[usize]) -> bool {
        self.family.at.starts_with(index) || self.family.parked.keys().any(|k| k.starts_with(index))
    }

    /// The member at `index` with every member's latest content below it.
    fn assembled(&self, index: &mut MemberIndex) -> Option<HexMap> {
        let mut map = self.member_map(index)?.clone();
        let below = self
            .family
            .parked
            .keys()
            .any(|k| k.len() > index.len() && k.starts_with(index))
            || (self.family.at.len() > index.len() && self.family.at.starts_with(index));
        if below {
            let mut children = map.children().to_vec();
            for (i, child) in children.iter_mut().enumerate() {
                index.push(i);
                if self.open_at_or_under(index)
                    && let Some(latest) = self.assembled(index)
                {
                    child.map = latest;
                }
                index.pop();
            }
            map.set_children(children);
        }
        Some(map)
    }

    /// The whole family as it stands (what Save writes and autosave keeps): the root with
    /// every member's latest content.
    pub fn family_map(&self) -> Cow<'_, HexMap> {
        if self.family.parked.is_empty() {
            return Cow::Borrowed(self.document.map());
        }
        Cow::Owned(
            self.assembled(&mut Vec::new())
                .expect("the root is always there"),
        )
    }

    /// The open map's children with their latest content (what a change of the list
    /// starts from).
    pub fn children_now(&self) -> Vec<ChildMap> {
        let mut at = self.family.at.clone();
        self.assembled(&mut at)
            .map(|m| m.children().to_vec())
            .unwrap_or_default()
    }

    /// Write the children's documents back into the open map (no undo step; module doc).
    pub(super) fn write_back_children(&mut self) {
        let at = &self.family.at;
        let below = self
            .family
            .parked
            .keys()
            .any(|k| k.len() > at.len() && k.starts_with(at));
        if below {
            let children = self.children_now();
            self.document.write_back_children(children);
        }
    }

    /// After a change of the whole map: when the list of children changed, the
    /// children's documents follow them (module doc).
    pub(super) fn follow_children(&mut self) {
        let now = links(self.document.map());
        if now == self.family.links_seen {
            return;
        }
        let before = std::mem::replace(&mut self.family.links_seen, now.clone());
        self.note_untouched();
        let mut taken = vec![false; now.len()];
        let moved: Vec<Option<usize>> = before
            .iter()
            .map(|link| {
                let j = (0..now.len()).find(|&j| !taken[j] && now[j] == *link)?;
                taken[j] = true;
                Some(j)
            })
            .collect();
        let depth = self.family.at.len();
        let at = self.family.at.clone();
        let below: Vec<MemberIndex> = self
            .family
            .parked
            .keys()
            .filter(|k| k.len() > depth && k.starts_with(&at))
            .cloned()
            .collect();
        let mut kept = Vec::new();
        for key in below {
            let doc = self.family.parked.remove(&key).expect("listed");
            if let Some(Some(j)) = moved.get(key[depth]) {
                let mut key = key;
                key[depth] = *j;
                kept.push((key, doc));
            }
        }
        self.family.parked.extend(kept);
    }

    /// Open the member at `index` for editing; the open one keeps its document (and
    /// history) for when it is opened again. Refused when there is no such member.
    pub fn open_member(&mut self, index: &[usize]) -> Result<(), String> {
        if index == self.family.at.as_slice() {
            return Ok(());
        }
        let next = match self.family.parked.remove(index) {
            Some(doc) => doc,
            None => {
                let map = self
                    .member_map(index)
                    .ok_or_else(|| "that map is no longer in this file".to_owned())?
                    .clone();
                Document::new(map)
            }
        };
        let left = std::mem::replace(&mut self.document, next);
        let from = std::mem::replace(&mut self.family.at, index.to_vec());
        self.family.parked.insert(from, left);
        self.family.links_seen = links(self.document.map());
        self.note_untouched();
        self.record_change(hexmap_map::Changed {
            whole_map: true,
            ..Default::default()
        });
        Ok(())
    }

    /// The path from the root to the open map (the breadcrumb).
    pub fn breadcrumb(&self) -> Vec<Crumb> {
        let at = &self.family.at;
        (0..=at.len())
            .filter_map(|n| {
                let index = at[..n].to_vec();
                let map = self.member_map(&index)?;
                let link = match index.split_last() {
                    Some((&last, up)) => {
                        let parent = self.member_map(up)?;
                        Some(family::link_segment(
                            parent,
                            parent.children().get(last)?.link,
                        ))
                    }
                    None => None,
                };
                Some(Crumb {
                    index,
                    link,
                    name: map.name().to_owned(),
                })
            })
            .collect()
    }

    /// Every member of the family, the root first, each followed by its descendants.
    pub fn family_rows(&self) -> Vec<MemberRow> {
        let mut out = Vec::new();
        self.rows_from(&mut Vec::new(), &mut out);
        out
    }

    fn rows_from(&self, index: &mut MemberIndex, out: &mut Vec<MemberRow>) {
        let Some(map) = self.member_map(index) else {
            return;
        };
        let (link, derived) = match index.split_last() {
            Some((&last, up)) => {
                let parent = self.member_map(up).expect("a member's parent");
                let child = &parent.children()[last];
                (
                    Some(family::link_words(parent, child.link)),
                    child.derived.is_some(),
                )
            }
            None => (None, false),
        };
        out.push(MemberRow {
            index: index.clone(),
            link,
            name: map.name().to_owned(),
            derived,
        });
        for i in 0..map.children().len() {
            index.push(i);
            self.rows_from(index, out);
            index.pop();
        }
    }

    /// The open map's parent and its entry for the open map (link, derivation); `None`
    /// at the root.
    pub fn parent_link(&self) -> Option<(&HexMap, &ChildMap)> {
        let (&last, up) = self.family.at.split_last()?;
        let parent = self.member_map(up)?;
        Some((parent, parent.children().get(last)?))
    }

    /// The child of the open map linked to hex `h` (the first one), by its index.
    pub fn child_at_hex(&self, h: hexmap_hex::Hex) -> Option<MemberIndex> {
        let i = self
            .map()
            .children()
            .iter()
            .position(|c| c.link == Link::Hex(h))?;
        let mut index = self.family.at.clone();
        index.push(i);
        Some(index)
    }

    /// True when some member has changes not saved.
    pub(super) fn any_member_modified(&self) -> bool {
        self.document.is_modified() || self.family.parked.values().any(Document::is_modified)
    }

    /// Record that every member is saved.
    pub(super) fn mark_family_saved(&mut self) {
        self.document.mark_saved();
        for doc in self.family.parked.values_mut() {
            doc.mark_saved();
        }
    }

    /// Where each derived child of the family no longer meets its parent's sides (the
    /// family check on every member's latest content), by member.
    pub fn family_problems(&self) -> Vec<(MemberIndex, Vec<String>)> {
        self.family_rows()
            .into_iter()
            .filter(|row| row.derived)
            .filter_map(|row| {
                let (&last, up) = row.index.split_last()?;
                let parent = self.member_map(up)?;
                let entry = parent.children().get(last)?;
                let child = ChildMap {
                    link: entry.link,
                    derived: entry.derived,
                    map: self.member_map(&row.index)?.clone(),
                };
                let found = hexmap_map::family::check::check_child(parent, &child);
                (!found.is_empty()).then_some((row.index, found))
            })
            .collect()
    }

    /// Find which of the open map's derived children are still as derived.
    fn note_untouched(&mut self) {
        let at = self.family.at.clone();
        let parent = self.document.map();
        let found = untouched_children(parent, |i| {
            let mut index = at.clone();
            index.push(i);
            self.member_map(&index)
        });
        self.family.untouched = found;
    }

    /// The open map's children still as derived whose derivation now gives something
    /// else because `changed` hexes (every hex when `None`) of their parent hex or its
    /// neighbours changed: each with its index, name and the child derived afresh.
    /// `None` when no such child's parent hex is near the change (what was offered
    /// stands).
    pub fn children_to_update(
        &self,
        changed: Option<&[hexmap_hex::Hex]>,
    ) -> Option<Vec<ChildUpdate>> {
        let map = self.document.map();
        let mut out = Vec::new();
        let mut near = false;
        for &(i, detail) in &self.family.untouched {
            let Some(entry) = map.children().get(i) else {
                continue;
            };
            let Link::Hex(hex) = entry.link else { continue };
            if changed.is_some_and(|hexes| !hexes.iter().any(|h| h.distance(hex) <= 1)) {
                continue;
            }
            near = true;
            let mut index = self.family.at.clone();
            index.push(i);
            let Some(now) = self.member_map(&index) else {
                continue;
            };
            let Some(fresh) = derived_afresh(map, entry, detail) else {
                continue;
            };
            if !same_content(&fresh.map, now) {
                out.push(ChildUpdate {
                    index: i,
                    name: now.name().to_owned(),
                    hex: family::link_segment(map, entry.link),
                    fresh,
                });
            }
        }
        near.then_some(out)
    }

    /// The person chose to keep these children of the open map as they are: they are no
    /// longer as derived, and no longer offered an update.
    pub fn keep_children(&mut self, indices: &[usize]) {
        self.family.untouched.retain(|(i, _)| !indices.contains(i));
    }

    /// Replace these children of the open map by their fresh derivations, as one undo
    /// step of the open map (their own documents, holding only what was derived, go).
    pub fn update_children(
        &mut self,
        updates: &[ChildUpdate],
    ) -> Result<(), hexmap_map::EditError> {
        // The list's undo keeps the children as they are before their documents go.
        self.write_back_children();
        let mut list = self.children_now();
        let depth = self.family.at.len();
        for u in updates {
            if let Some(slot) = list.get_mut(u.index) {
                let children = slot.map.children().to_vec();
                slot.map = u.fresh.map.clone();
                slot.map.set_children(children);
            }
            let mut index = self.family.at.clone();
            index.push(u.index);
            self.family
                .parked
                .retain(|k, _| !(k.len() == depth + 1 && *k == index));
        }
        self.apply(&hexmap_map::Edit::Map(hexmap_map::MapEdit::SetChildren(
            list,
        )))
    }
}

/// A derived child of the open map that its parent's change would make different.
#[derive(Clone, Debug, PartialEq)]
pub struct ChildUpdate {
    /// Its index among the open map's children.
    pub index: usize,
    /// Its name.
    pub name: String,
    /// Its parent hex's label.
    pub hex: String,
    /// The child derived afresh from the parent as it is now.
    pub fresh: ChildMap,
}
