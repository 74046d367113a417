//! Tile art of a terrain: images (paths relative to the map file, kept as text; `io`
//! loads them) drawn clipped to each hex of that terrain, one picked per hex from the
//! list so a forest does not repeat one picture, optionally tinted by the terrain colour.

/// Most images one terrain may carry.
pub const MAX_TILE_IMAGES: usize = 16;
/// Longest image path, in bytes (the same limit as a user-image icon's path).
pub const MAX_TILE_PATH_LEN: usize = crate::annotations::MAX_IMAGE_PATH_LEN;

/// The images of a terrain and how they are drawn. Empty: the terrain is drawn as its colour.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileArt {
    /// Image paths (PNG or SVG), relative to the map file's folder, `/`-separated.
    pub images: Vec<String>,
    /// Multiply the images by the terrain colour (grey art takes the terrain's hue).
    pub tint: bool,
}

/// Why tile art is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileArtError {
    /// Too many images.
    #[error("{0} tile images, over the limit of {MAX_TILE_IMAGES}")]
    TooMany(usize),
    /// An empty path.
    #[error("tile image {0} has an empty path")]
    EmptyPath(usize),
    /// A path over the length limit.
    #[error("tile image {0}: path is over {MAX_TILE_PATH_LEN} bytes")]
    PathTooLong(usize),
    /// A path with a control character (a NUL or line break is never a real file name).
    #[error("tile image {0}: path contains a control character")]
    ControlCharacter(usize),
}

impl TileArt {
    /// True when the terrain has no images.
    pub fn is_empty(&self) -> bool {
        self.images.is_empty()
    }

    /// The checks every loader and the editor apply: count, path length, no empty path or
    /// control character (the index named is 0-based).
    pub fn validate(&self) -> Result<(), TileArtError> {
        if self.images.len() > MAX_TILE_IMAGES {
            return Err(TileArtError::TooMany(self.images.len()));
        }
        for (i, path) in self.images.iter().enumerate() {
            if path.is_empty() {
                return Err(TileArtError::EmptyPath(i));
            }
            if path.len() > MAX_TILE_PATH_LEN {
                return Err(TileArtError::PathTooLong(i));
            }
            if path.chars().any(char::is_control) {
                return Err(TileArtError::ControlCharacter(i));
            }
        }
        Ok(())
    }

    /// The image drawn on the hex whose stable hash is `hash` (see `hex::hash`), or `None`
    /// without images. The same hex always gets the same image.
    pub fn pick(&self, hash: u64) -> Option<&str> {
        let n = self.images.len() as u64;
        (n > 0).then(|| self.images[(hash % n) as usize].as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn art(paths: &[&str]) -> TileArt {
        TileArt {
            images: paths.iter().map(|p| p.to_string()).collect(),
            tint: false,
        }
    }

    #[test]
    fn validate_names_the_bad_image() {
        assert_eq!(art(&["a.png", "b.svg"]).validate(), Ok(()));
        assert_eq!(
            art(&["a.png", ""]).validate(),
            Err(TileArtError::EmptyPath(1))
        );
        let long = "x".repeat(MAX_TILE_PATH_LEN + 1);
        assert_eq!(art(&[&long]).validate(), Err(TileArtError::PathTooLong(0)));
        assert_eq!(
            art(&["ok.png", "a\nb.png"]).validate(),
            Err(TileArtError::ControlCharacter(1))
        );
        let many: Vec<&str> = vec!["a.png"; MAX_TILE_IMAGES + 1];
        assert_eq!(
            art(&many).validate(),
            Err(TileArtError::TooMany(MAX_TILE_IMAGES + 1))
        );
    }

    #[test]
    fn pick_is_stable_and_uses_every_image() {
        let a = art(&["a.png", "b.png", "c.png"]);
        assert_eq!(a.pick(7), a.pick(7));
        let picked: std::collections::BTreeSet<_> = (0..30).filter_map(|h| a.pick(h)).collect();
        assert_eq!(picked.len(), 3);
        assert_eq!(art(&[]).pick(5), None);
    }
}
