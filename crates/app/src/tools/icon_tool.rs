//! The icon tool: a click on a hex adds the chosen icon, a click on an icon
//! selects it (exact hit, [`hexmap_draw::annotation_hits`]), a drag carries it to other
//! hexes (one undo step), Delete removes it; the panel ([`crate::panels::icon_palette`]) picks
//! the icon and edits the selected one's caption, scale and colour.

use crate::Action;
use crate::open_map::OpenMap;
use crate::tools::Press;
use hexmap_draw::annotation_hits;
use hexmap_hex::Hex;
use hexmap_map::annotations::MAX_ICONS_PER_HEX;
use hexmap_map::{AnnotationEdit, BuiltinIcon, Edit, HexMap, Icon, IconSource};

/// What the icon tool places and the icon it has selected.
#[derive(Clone, Debug, PartialEq)]
pub struct IconTool {
    /// The icon a click on a hex adds.
    chosen: IconSource,
    /// The palette's search text.
    search: String,
    /// The selected icon: its hex and its place in the hex's list.
    selected: Option<(Hex, usize)>,
    /// The caption field's text (committed when the field loses the keyboard).
    caption: String,
    /// The icon the caption field was filled from.
    caption_for: Option<(Hex, usize)>,
}

/// An icon being dragged: where it is now (its hex and place in the list).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IconDrag {
    /// The hex it is on now.
    pub at: Hex,
    /// Its place in that hex's list.
    pub index: usize,
}

impl Default for IconTool {
    fn default() -> Self {
        IconTool {
            chosen: IconSource::Builtin(BuiltinIcon::Village),
            search: String::new(),
            selected: None,
            caption: String::new(),
            caption_for: None,
        }
    }
}

impl IconTool {
    /// The icon a click on a hex adds.
    pub fn chosen(&self) -> &IconSource {
        &self.chosen
    }

    /// A click on a hex adds `source` from now on (the icon palette).
    pub fn choose(&mut self, source: IconSource) {
        self.chosen = source;
    }

    /// The palette's search text, for its field.
    pub fn search_field(&mut self) -> &mut String {
        &mut self.search
    }

    /// The selected icon: its hex and its place in the hex's list.
    pub fn selected(&self) -> Option<(Hex, usize)> {
        self.selected
    }

    /// Select no icon.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// The caption field's text, filled from `icon` (the selected icon) when the
    /// selection changed since.
    pub fn caption_field(&mut self, icon: &Icon) -> &mut String {
        if self.caption_for != self.selected {
            self.caption = icon.caption.clone().unwrap_or_default();
            self.caption_for = self.selected;
        }
        &mut self.caption
    }

    /// After the map changed (undo, a new document): a selection that names no icon is
    /// dropped.
    pub fn keep_valid(&mut self, map: &HexMap) {
        if let Some((hex, index)) = self.selected
            && map.icons_at(hex).get(index).is_none()
        {
            self.selected = None;
        }
    }

    /// The selected icon, if it still exists.
    pub fn selected_icon<'m>(&self, map: &'m HexMap) -> Option<&'m Icon> {
        let (hex, index) = self.selected?;
        map.icons_at(hex).get(index).map(|p| &p.icon)
    }

    /// A press (at a world point, the map drawn at a scale): on an icon,
    /// select it and start dragging it; elsewhere on the map, add the chosen icon there.
    pub fn press(&mut self, at: &Press<'_>, out: &mut Vec<Action>) -> Option<IconDrag> {
        let (map, layout, world) = (at.doc.map(), at.layout, at.world);
        if let Some((hex, index)) = annotation_hits::hit_icon(map, layout, world, at.scale) {
            self.selected = Some((hex, index));
            out.push(Action::BeginStroke);
            return Some(IconDrag { at: hex, index });
        }
        let hex = layout.pixel_to_hex(world)?;
        let here = map.icons_at(hex).len();
        if !at.doc.contains(hex) || here >= MAX_ICONS_PER_HEX {
            self.selected = None;
            return None;
        }
        out.push(Action::Edit(Edit::Annotation(AnnotationEdit::AddIcon {
            hex,
            icon: Icon {
                gm_only: false,
                source: self.chosen.clone(),
                ..Icon::builtin(BuiltinIcon::Star)
            },
        })));
        self.selected = Some((hex, here));
        None
    }

    /// The pointer moved over `h` while dragging: the icon moves there (appended to that
    /// hex's icons), inside the drag's undo step, if the hex has room.
    pub fn drag_to(&mut self, doc: &OpenMap, drag: &mut IconDrag, h: Hex, out: &mut Vec<Action>) {
        let map = doc.map();
        if h == drag.at || !doc.contains(h) || map.icons_at(h).len() >= MAX_ICONS_PER_HEX {
            return;
        }
        out.push(Action::StrokeEdit(Edit::Annotation(
            AnnotationEdit::MoveIcon {
                from: drag.at,
                index: drag.index,
                to: h,
            },
        )));
        *drag = IconDrag {
            at: h,
            index: map.icons_at(h).len(),
        };
        self.selected = Some((drag.at, drag.index));
    }

    /// The edit that removes the selected icon (Delete), deselecting it.
    pub fn delete_selected(&mut self, map: &HexMap) -> Option<Edit> {
        let (hex, index) = self.selected.take()?;
        map.icons_at(hex).get(index)?;
        Some(Edit::Annotation(AnnotationEdit::RemoveIcon { hex, index }))
    }

    /// The edit that replaces the selected icon by `icon`, if it changed.
    pub fn change_selected(&self, map: &HexMap, icon: Icon) -> Option<Edit> {
        let (hex, index) = self.selected?;
        (map.icons_at(hex).get(index)?.icon != icon).then_some(Edit::Annotation(
            AnnotationEdit::ChangeIcon { hex, index, icon },
        ))
    }
}

/// The built-in icons whose names hold `search` (case and `_`/space ignored), in palette
/// order.
pub fn filter_builtin(search: &str) -> Vec<BuiltinIcon> {
    let want = search.trim().to_lowercase().replace('_', " ");
    BuiltinIcon::ALL
        .iter()
        .copied()
        .filter(|b| b.name().replace('_', " ").contains(&want))
        .collect()
}

/// The user images the map's icons show (each once, in the order first met), whose paths
/// hold `search`.
pub fn user_images(map: &HexMap, search: &str) -> Vec<String> {
    let want = search.trim().to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for (_, list) in map.icons().iter() {
        for icon in list {
            if let IconSource::Image(path) = &icon.source
                && path.to_lowercase().contains(&want)
                && !out.contains(path)
            {
                out.push(path.clone());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_map::NewMapSpec;

    #[test]
    fn search_filters_by_name_ignoring_case_and_underscores() {
        assert_eq!(filter_builtin("").len(), BuiltinIcon::ALL.len());
        assert_eq!(filter_builtin("Monster L"), vec![BuiltinIcon::MonsterLair]);
        assert_eq!(
            filter_builtin("to"),
            vec![BuiltinIcon::Town, BuiltinIcon::Tower]
        );
        assert!(filter_builtin("dragon").is_empty());
    }

    #[test]
    fn a_press_adds_the_chosen_icon_and_a_press_on_it_selects_and_drags_it() {
        let mut doc = OpenMap::new_map(&NewMapSpec::default()).unwrap();
        let layout = doc.layout();
        let mut tool = IconTool {
            chosen: IconSource::Builtin(BuiltinIcon::Castle),
            ..IconTool::default()
        };
        let h = Hex::new(3, 3);
        let centre = layout.hex_to_pixel(h);
        let mut out = Vec::new();
        assert_eq!(
            tool.press(&Press::new(&doc, &layout, centre, 4.0), &mut out),
            None
        );
        let Some(Action::Edit(add)) = out.pop() else {
            panic!("no edit")
        };
        doc.apply(&add).unwrap();
        assert_eq!(
            doc.map().icons_at(h)[0].icon,
            Icon::builtin(BuiltinIcon::Castle)
        );
        assert_eq!(doc.map().icons_at(h).len(), 1);
        assert_eq!(tool.selected, Some((h, 0)));
        // Pressing on it selects it and starts a drag.
        let mut drag = tool
            .press(&Press::new(&doc, &layout, centre, 4.0), &mut out)
            .unwrap();
        assert_eq!(out, [Action::BeginStroke]);
        out.clear();
        let to = Hex::new(4, 3);
        tool.drag_to(&doc, &mut drag, to, &mut out);
        assert_eq!(
            out,
            [Action::StrokeEdit(Edit::Annotation(
                AnnotationEdit::MoveIcon {
                    from: h,
                    index: 0,
                    to
                }
            ))]
        );
        assert_eq!(tool.selected, Some((to, 0)));
        assert_eq!(
            tool.delete_selected(doc.map()),
            None,
            "not applied yet: nothing on the new hex to remove"
        );
    }
}
