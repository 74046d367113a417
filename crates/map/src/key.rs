//! The hex key: a [`KeyEntry`] per keyed hex — a title, the text players may be told, the
//! GM's text (always secret) and tags — the way a hexcrawl is played from its key. An
//! entry belongs to its hex: it moves with the hex on reshape, move and paste, and is
//! addressed to people by the hex's label in the map's numbering. The old free-text note
//! is read as an entry ([`KeyEntry::from_note`]) where a hex has no entry of its own.
//! Links between entries are written `[[0305]]`, a hex's label in double brackets
//! ([`links`]).

use hexmap_hex::Hex;
use std::collections::BTreeMap;

/// The most bytes of all an entry's texts together (title, both texts, tags): a long page
/// of a published key, far below anything that strains a file or a frame.
pub const MAX_KEY_ENTRY_LEN: usize = 16 * 1024;

/// One keyed hex: what players may be told and what only the GM knows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyEntry {
    /// The entry's title ("Isle of Grath").
    pub title: String,
    /// The text players may be told when they reach the hex (Markdown-like: `*emphasis*`,
    /// `**strong**`, `- ` lists, `[[label]]` links).
    pub player_text: String,
    /// The GM's text: never shown to players, whatever the fog.
    pub gm_text: String,
    /// Tags (`lair`, `ruin`, `settlement` …), lower case, each once.
    pub tags: Vec<String>,
    /// The whole entry is for the GM only (players never learn the hex is keyed).
    pub gm_only: bool,
}

/// Why an entry was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyEntryError {
    /// Its texts are too long together.
    #[error("a key entry is {0} bytes, over the limit of {MAX_KEY_ENTRY_LEN}")]
    TooLong(usize),
    /// It has no title.
    #[error("a key entry needs a title")]
    NoTitle,
    /// A tag is empty or holds a space or a comma.
    #[error("tag {0:?} is not one word (letters, digits, - and _)")]
    BadTag(String),
}

impl KeyEntry {
    /// An entry with a title and player text, no GM text, no tags.
    pub fn new(title: impl Into<String>, player_text: impl Into<String>) -> Self {
        KeyEntry {
            title: title.into(),
            player_text: player_text.into(),
            ..KeyEntry::default()
        }
    }

    /// A note read as an entry: the title is its first line, the rest is the GM text
    /// (notes were always the GM's: the player filter never shows them), GM-only as the
    /// note was.
    pub fn from_note(note: &str, gm_only: bool) -> Self {
        let (first, rest) = note.split_once('\n').unwrap_or((note, ""));
        KeyEntry {
            title: first.trim().to_owned(),
            player_text: String::new(),
            gm_text: rest.trim().to_owned(),
            tags: Vec::new(),
            gm_only,
        }
    }

    /// Bytes of all its texts together.
    pub fn len(&self) -> usize {
        self.title.len()
            + self.player_text.len()
            + self.gm_text.len()
            + self.tags.iter().map(String::len).sum::<usize>()
    }

    /// True when the entry holds no text at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Check the limits: a title, one-word tags, the length.
    pub fn check(&self) -> Result<(), KeyEntryError> {
        if self.title.trim().is_empty() {
            return Err(KeyEntryError::NoTitle);
        }
        if let Some(t) = self.tags.iter().find(|t| !is_tag(t)) {
            return Err(KeyEntryError::BadTag(t.clone()));
        }
        let len = self.len();
        if len > MAX_KEY_ENTRY_LEN {
            return Err(KeyEntryError::TooLong(len));
        }
        Ok(())
    }

    /// True when a search (any case) finds `needle` in the title, either text or a tag.
    /// The GM text is searched only with `gm`.
    pub fn matches(&self, needle: &str, gm: bool) -> bool {
        let needle = needle.trim().to_lowercase();
        if needle.is_empty() {
            return true;
        }
        let hit = |s: &str| s.to_lowercase().contains(&needle);
        hit(&self.title)
            || hit(&self.player_text)
            || (gm && hit(&self.gm_text))
            || self.tags.iter().any(|t| hit(t))
    }

    /// The tags parsed from a comma- or space-separated line, lower case, each once.
    pub fn parse_tags(line: &str) -> Vec<String> {
        let mut tags: Vec<String> = Vec::new();
        for t in line.split([',', ' ']).map(|t| t.trim().to_lowercase()) {
            if !t.is_empty() && !tags.contains(&t) {
                tags.push(t);
            }
        }
        tags
    }
}

/// A tag is one word: letters, digits, `-` and `_`.
fn is_tag(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// The links in a text: each `[[label]]`, as its label and its byte range in the text
/// (brackets included), in order.
pub fn links(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(start) = text[from..].find("[[").map(|i| i + from) {
        let Some(end) = text[start + 2..].find("]]").map(|i| i + start + 2) else {
            break;
        };
        let label = &text[start + 2..end];
        if !label.is_empty() && !label.contains(['[', '\n']) {
            out.push((start..end + 2, label));
        }
        from = end + 2;
    }
    out
}

/// Every key entry of a map, by hex.
pub type HexKey = BTreeMap<Hex, KeyEntry>;

/// What a link into the fog (or to no hex at all) is shown as: a name for nothing.
pub const UNKNOWN_LINK: &str = "?";

impl crate::HexMap {
    /// The name people use for `h`: its label in the map's numbering ("0305"), or, where
    /// the numbering has none (left of its first column), the hex in the map's own
    /// coordinate system.
    pub fn hex_label(&self, h: Hex) -> String {
        let props = self.properties();
        props
            .labels
            .format(h)
            .unwrap_or_else(|_| props.coord_context().hex_name(h))
    }

    /// The hex a link's label names, when it is a cell of the map.
    pub fn hex_of_label(&self, label: &str) -> Option<Hex> {
        let props = self.properties();
        let h = props.labels.parse(label).ok().or_else(|| {
            // The fallback name of `hex_label`: "odd-r -1,2".
            let cx = props.coord_context();
            let (system, rest) = label.trim().split_once(' ')?;
            cx.resolve(system).ok()?.parse(rest, &cx).ok()
        })?;
        self.contains(h).then_some(h)
    }

    /// The whole key sorted by label, as people read it: (label, hex, entry).
    pub fn key_by_label(&self) -> Vec<(String, Hex, KeyEntry)> {
        let mut out: Vec<(String, Hex, KeyEntry)> = self
            .key()
            .into_iter()
            .map(|(h, e)| (self.hex_label(h), h, e))
            .collect();
        out.sort_by(|a, b| (a.0.len(), &a.0).cmp(&(b.0.len(), &b.0)));
        out
    }

    /// Where a link of `text` leads: the hex of each `[[label]]`, `None` for a label that
    /// names no cell of the map.
    pub fn link_targets<'t>(
        &self,
        text: &'t str,
    ) -> Vec<(std::ops::Range<usize>, &'t str, Option<Hex>)> {
        links(text)
            .into_iter()
            .map(|(range, label)| (range, label, self.hex_of_label(label)))
            .collect()
    }
}

/// `text` with every link whose hex `hide` says players may not know rewritten to
/// `[[?]]` ([`UNKNOWN_LINK`]): a link into the fog names nothing.
pub fn hide_links(map: &crate::HexMap, text: &str, hide: impl Fn(Option<Hex>) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (range, _, target) in map.link_targets(text) {
        if hide(target) {
            out.push_str(&text[from..range.start]);
            out.push_str("[[");
            out.push_str(UNKNOWN_LINK);
            out.push_str("]]");
            from = range.end;
        }
    }
    out.push_str(&text[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_as_an_entry_titled_by_its_first_line() {
        let e = KeyEntry::from_note("Old mill\nThe wheel still turns.", false);
        assert_eq!(e.title, "Old mill");
        assert_eq!(e.gm_text, "The wheel still turns.");
        assert!(e.player_text.is_empty() && !e.gm_only);
        let s = KeyEntry::from_note("Lair", true);
        assert_eq!(
            (s.title.as_str(), s.gm_text.as_str(), s.gm_only),
            ("Lair", "", true)
        );
    }

    #[test]
    fn links_are_labels_in_double_brackets() {
        let t = "Road to [[0305]] and [[1210]]; not [[]] nor [[broken";
        let found: Vec<&str> = links(t).into_iter().map(|(_, l)| l).collect();
        assert_eq!(found, ["0305", "1210"]);
        let (range, _) = &links(t)[0];
        assert_eq!(&t[range.clone()], "[[0305]]");
    }

    #[test]
    fn checks_refuse_no_title_bad_tags_and_length() {
        assert_eq!(KeyEntry::new("", "x").check(), Err(KeyEntryError::NoTitle));
        let mut e = KeyEntry::new("Ford", "");
        e.tags = vec!["two words".into()];
        assert!(matches!(e.check(), Err(KeyEntryError::BadTag(_))));
        e.tags = KeyEntry::parse_tags("Lair, ruin ruin");
        assert_eq!(e.tags, ["lair", "ruin"]);
        assert_eq!(e.check(), Ok(()));
        e.gm_text = "x".repeat(MAX_KEY_ENTRY_LEN);
        assert!(matches!(e.check(), Err(KeyEntryError::TooLong(_))));
    }

    #[test]
    fn labels_name_hexes_both_ways_and_fog_hides_links() {
        use crate::testing::rectangle_map;
        let mut m = rectangle_map(hexmap_hex::OffsetKind::OddQ, 6, 6);
        let h = m.hex_of_label("0305").unwrap();
        assert_eq!(m.hex_label(h), "0305");
        assert_eq!(m.hex_of_label("9999"), None);
        let off = Hex::new(-1, 0);
        let name = m.hex_label(off);
        assert!(name.contains(' '), "{name}");
        m.set_hidden(h, true).unwrap();
        let text = "See [[0305]], [[0101]] and [[9999]].";
        let shown = hide_links(&m, text, |t| t.is_none_or(|t| !m.is_revealed(t)));
        assert_eq!(shown, "See [[?]], [[0101]] and [[?]].");
    }

    #[test]
    fn search_reads_gm_text_only_for_the_gm() {
        let mut e = KeyEntry::new("Tower", "A grey tower.");
        e.gm_text = "The lich waits.".into();
        e.tags = vec!["ruin".into()];
        assert!(e.matches("GREY", false) && e.matches("ruin", false));
        assert!(!e.matches("lich", false) && e.matches("lich", true));
    }
}
