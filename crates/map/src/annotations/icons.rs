//! Icons on hexes: a built-in vector icon or a user image (a path relative to the map
//! file, kept as text), with an optional caption, a scale and a colour. A hex holds
//! several icons in a stable order (the order they were added in).

use crate::palette::Rgb;
use std::fmt;

/// Longest icon caption, in bytes.
pub const MAX_CAPTION_LEN: usize = 200;
/// Longest user image path, in bytes.
pub const MAX_IMAGE_PATH_LEN: usize = 500;
/// Most icons on one hex.
pub const MAX_ICONS_PER_HEX: usize = 8;
/// Smallest icon scale (a fraction of the standard icon size).
pub const MIN_ICON_SCALE: f32 = 0.1;
/// Largest icon scale.
pub const MAX_ICON_SCALE: f32 = 4.0;

macro_rules! builtin_icons {
    ($($variant:ident => $name:literal, $doc:literal;)*) => {
        /// The built-in vector icons (drawn by `draw::icons`), named in files by
        /// [`BuiltinIcon::name`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum BuiltinIcon {
            $(#[doc = $doc] $variant,)*
        }

        impl BuiltinIcon {
            /// Every built-in icon, in palette order.
            pub const ALL: &'static [BuiltinIcon] = &[$(BuiltinIcon::$variant,)*];

            /// The name used in files and exports (lower case, words joined by `_`).
            pub fn name(self) -> &'static str {
                match self {
                    $(BuiltinIcon::$variant => $name,)*
                }
            }
        }
    };
}

builtin_icons! {
    Village => "village", "A few houses.";
    Town => "town", "A walled town.";
    City => "city", "A large city.";
    Castle => "castle", "A castle with towers.";
    Tower => "tower", "A lone tower.";
    Ruin => "ruin", "Broken walls.";
    Temple => "temple", "A temple or shrine.";
    Cave => "cave", "A cave mouth.";
    Mine => "mine", "A mine (pick and shaft).";
    Port => "port", "A harbour (anchor).";
    Lighthouse => "lighthouse", "A lighthouse.";
    Bridge => "bridge", "A bridge.";
    Camp => "camp", "A camp (tent).";
    Battle => "battle", "A battlefield (crossed swords).";
    Treasure => "treasure", "A treasure chest.";
    Danger => "danger", "A warning sign.";
    Dungeon => "dungeon", "A dungeon entrance.";
    MonsterLair => "monster_lair", "A monster lair (skull).";
    Oasis => "oasis", "An oasis (palm and pool).";
    Volcano => "volcano", "A volcano.";
    Portal => "portal", "A magic portal.";
    Shipwreck => "shipwreck", "A wrecked ship.";
    Signpost => "signpost", "A signpost.";
    Star => "star", "A star (a point of interest).";
}

impl BuiltinIcon {
    /// The built-in icon with this file name, if any.
    pub fn from_name(name: &str) -> Option<BuiltinIcon> {
        BuiltinIcon::ALL.iter().copied().find(|i| i.name() == name)
    }
}

impl fmt::Display for BuiltinIcon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What an icon shows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IconSource {
    /// A built-in vector icon.
    Builtin(BuiltinIcon),
    /// A user image, by path relative to the map file (kept as text; not loaded here).
    Image(String),
}

impl IconSource {
    /// The text used in files: the built-in name, or `image:` and the path.
    pub fn to_file_text(&self) -> String {
        match self {
            IconSource::Builtin(b) => b.name().to_string(),
            IconSource::Image(p) => format!("image:{p}"),
        }
    }

    /// Parse [`IconSource::to_file_text`]'s form.
    pub fn from_file_text(text: &str) -> Result<IconSource, IconError> {
        match text.strip_prefix("image:") {
            Some(path) => Ok(IconSource::Image(path.to_string())),
            None => BuiltinIcon::from_name(text)
                .map(IconSource::Builtin)
                .ok_or_else(|| IconError::UnknownIcon(text.to_string())),
        }
    }
}

/// One icon on a hex.
#[derive(Clone, Debug, PartialEq)]
pub struct Icon {
    /// What it shows.
    pub source: IconSource,
    /// Text drawn under it (none when `None`).
    pub caption: Option<String>,
    /// Size relative to the standard icon size, in `MIN_ICON_SCALE..=MAX_ICON_SCALE`.
    pub scale: f32,
    /// Colour of a built-in icon's strokes (`None`: the style's ink colour).
    pub color: Option<Rgb>,
    /// Shown to the game master only: never in the player view or a player export.
    pub gm_only: bool,
    /// The key entry hung on this icon (a ruin's story on its ruin icon): it moves, is
    /// copied and is deleted with the icon.
    pub key: Option<crate::KeyEntry>,
}

impl Icon {
    /// A built-in icon at the standard size and colour, without caption.
    pub fn builtin(kind: BuiltinIcon) -> Icon {
        Icon {
            gm_only: false,
            source: IconSource::Builtin(kind),
            caption: None,
            scale: 1.0,
            color: None,
            key: None,
        }
    }

    /// Check the limits: caption and path length, a finite scale within bounds, no
    /// empty image path or control characters in the texts. Loaders and edits call this.
    pub fn validate(&self) -> Result<(), IconError> {
        if let IconSource::Image(path) = &self.source {
            if path.trim().is_empty() {
                return Err(IconError::EmptyImagePath);
            }
            if path.len() > MAX_IMAGE_PATH_LEN {
                return Err(IconError::ImagePathTooLong(path.len()));
            }
            if path.chars().any(char::is_control) {
                return Err(IconError::ControlCharacter);
            }
        }
        if let Some(c) = &self.caption {
            if c.len() > MAX_CAPTION_LEN {
                return Err(IconError::CaptionTooLong(c.len()));
            }
            if c.chars().any(char::is_control) {
                return Err(IconError::ControlCharacter);
            }
        }
        if !self.scale.is_finite() || !(MIN_ICON_SCALE..=MAX_ICON_SCALE).contains(&self.scale) {
            return Err(IconError::BadScale(self.scale));
        }
        if let Some(e) = &self.key {
            e.check().map_err(IconError::BadKeyEntry)?;
        }
        Ok(())
    }
}

/// Why an icon was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum IconError {
    /// The name is no built-in icon.
    #[error("unknown icon '{0}' (expected a built-in icon name or image:<path>)")]
    UnknownIcon(String),
    /// `image:` with nothing after it.
    #[error("an image icon needs a path")]
    EmptyImagePath,
    /// The image path is too long.
    #[error("image path is {0} bytes, over the limit of {MAX_IMAGE_PATH_LEN}")]
    ImagePathTooLong(usize),
    /// The caption is too long.
    #[error("caption is {0} bytes, over the limit of {MAX_CAPTION_LEN}")]
    CaptionTooLong(usize),
    /// A caption or path holds a control character (newline, tab …).
    #[error("icon text holds a control character")]
    ControlCharacter,
    /// The scale is not a finite number within bounds.
    #[error("icon scale {0} is not within {MIN_ICON_SCALE}..={MAX_ICON_SCALE}")]
    BadScale(f32),
    /// Another icon of the map already has this id, or the list holds it twice.
    #[error("icon id {0} is already in use")]
    IdInUse(super::IconId),
    /// The icon's key entry is refused (no title, a bad tag, too long).
    #[error("its key entry: {0}")]
    BadKeyEntry(crate::KeyEntryError),
    /// Too many icons on one hex.
    #[error("{0} icons on one hex, over the limit of {MAX_ICONS_PER_HEX}")]
    TooMany(usize),
}

impl AsRef<Icon> for Icon {
    fn as_ref(&self) -> &Icon {
        self
    }
}

/// Check a whole hex's icon list (plain or placed icons): each icon and the count.
pub fn validate_icons<I: AsRef<Icon>>(icons: &[I]) -> Result<(), IconError> {
    if icons.len() > MAX_ICONS_PER_HEX {
        return Err(IconError::TooMany(icons.len()));
    }
    icons.iter().try_for_each(|i| i.as_ref().validate())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_at_least_24_builtin_icons_with_unique_names_that_parse_back() {
        assert!(BuiltinIcon::ALL.len() >= 24);
        let mut names: Vec<&str> = BuiltinIcon::ALL.iter().map(|i| i.name()).collect();
        for (i, name) in names.iter().enumerate() {
            assert_eq!(BuiltinIcon::from_name(name), Some(BuiltinIcon::ALL[i]));
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), BuiltinIcon::ALL.len());
    }

    #[test]
    fn file_text_round_trips_and_unknown_names_are_refused() {
        for s in [
            IconSource::Builtin(BuiltinIcon::MonsterLair),
            IconSource::Image("art/inn.png".into()),
        ] {
            assert_eq!(IconSource::from_file_text(&s.to_file_text()), Ok(s));
        }
        assert_eq!(
            IconSource::from_file_text("dragon"),
            Err(IconError::UnknownIcon("dragon".into()))
        );
    }

    #[test]
    fn validation_checks_scale_caption_path_and_count() {
        let mut icon = Icon::builtin(BuiltinIcon::Town);
        assert_eq!(icon.validate(), Ok(()));
        icon.scale = f32::NAN;
        assert!(matches!(icon.validate(), Err(IconError::BadScale(_))));
        icon.scale = 5.0;
        assert!(matches!(icon.validate(), Err(IconError::BadScale(_))));
        icon.scale = 1.0;
        icon.caption = Some("x".repeat(MAX_CAPTION_LEN + 1));
        assert_eq!(
            icon.validate(),
            Err(IconError::CaptionTooLong(MAX_CAPTION_LEN + 1))
        );
        icon.caption = Some("a\nb".into());
        assert_eq!(icon.validate(), Err(IconError::ControlCharacter));
        icon.caption = None;
        icon.source = IconSource::Image(" ".into());
        assert_eq!(icon.validate(), Err(IconError::EmptyImagePath));
        let many = vec![Icon::builtin(BuiltinIcon::Star); MAX_ICONS_PER_HEX + 1];
        assert_eq!(
            validate_icons(&many),
            Err(IconError::TooMany(MAX_ICONS_PER_HEX + 1))
        );
    }
}
