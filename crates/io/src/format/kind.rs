//! What kind of file some bytes are, for messages: a command that reads hexmap's own maps
//! (`info`, `validate`, `route` …) given a Tiled map, hexmap's JSON export or a picture
//! says what the file is and what to do, instead of a parser's complaint.

use std::fmt;

/// The kind of a file, told from its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// hexmap's own map file (RON, docs/FORMAT.md), or text that might be one.
    HexmapMap,
    /// A Tiled map in XML (TMX).
    TiledTmx,
    /// A Tiled map in JSON (TMJ).
    TiledTmj,
    /// hexmap's JSON export (`"format": "hexmap-cells"`).
    HexmapJson,
    /// Some other JSON.
    Json,
    /// Some other XML.
    Xml,
    /// A PNG picture.
    Png,
    /// An SVG picture.
    Svg,
    /// A PDF document.
    Pdf,
    /// Bytes that are not text.
    Binary,
}

/// The kind of a file whose content starts with `head` (the whole file or its first few
/// kilobytes).
pub fn sniff(head: &[u8]) -> FileKind {
    if head.starts_with(b"\x89PNG") {
        return FileKind::Png;
    }
    if head.starts_with(b"%PDF") {
        return FileKind::Pdf;
    }
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    // Text up to the first byte that is not UTF-8 (a map with one bad byte is still a
    // map, whose error names the byte's place); no text at all is a binary file.
    let text = match std::str::from_utf8(head) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or(""),
    };
    if text.trim().is_empty() && !head.is_empty() && text.len() < head.len() {
        return FileKind::Binary;
    }
    let t = text.trim_start();
    let compact: String = t
        .chars()
        .filter(|c| !c.is_whitespace())
        .take(65_536)
        .collect();
    if t.starts_with('<') {
        if compact.contains("<map") {
            FileKind::TiledTmx
        } else if compact.contains("<svg") {
            FileKind::Svg
        } else {
            FileKind::Xml
        }
    } else if t.starts_with('{') || t.starts_with('[') {
        if compact.contains("\"format\":\"hexmap-cells\"") {
            FileKind::HexmapJson
        } else if [
            "\"tilesets\"",
            "\"staggeraxis\"",
            "\"hexsidelength\"",
            "\"tiledversion\"",
        ]
        .iter()
        .any(|key| compact.contains(key))
        {
            FileKind::TiledTmj
        } else {
            FileKind::Json
        }
    } else {
        FileKind::HexmapMap
    }
}

impl FileKind {
    /// What to do with a file of this kind where a hexmap map (.ron) was expected; `None`
    /// for a file that may be one (its own error is then the useful one).
    pub fn advice_for_map(self, path: &str) -> Option<String> {
        let not_a_map = "hexmap reads its own maps (.ron, docs/FORMAT.md)";
        Some(match self {
            FileKind::HexmapMap => return None,
            FileKind::TiledTmx | FileKind::TiledTmj | FileKind::HexmapJson => format!(
                "{self}, not a hexmap map (.ron): convert it first with \
                 `hexmap import {path} MAP.ron`"
            ),
            _ => format!(
                "{self}, not a map: {not_a_map} and imports Tiled maps (.tmx, .tmj) and its \
                 own JSON export (.json)"
            ),
        })
    }
}

impl FileKind {
    /// Why a file of this kind cannot be imported (`hexmap import`, the editor's Import);
    /// `None` for a kind some reader may take (Tiled maps, hexmap's JSON export, hexmap
    /// maps, other JSON or XML, whose reader's own error is then the useful one).
    pub fn advice_for_import(self) -> Option<String> {
        match self {
            FileKind::Png | FileKind::Svg | FileKind::Pdf | FileKind::Binary => Some(format!(
                "{self}, not a map: hexmap imports Tiled maps (.tmx, .tmj), its JSON export (.json) and its own maps (.ron)"
            )),
            _ => None,
        }
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::HexmapMap => "a hexmap map",
            FileKind::TiledTmx => "a Tiled map (TMX)",
            FileKind::TiledTmj => "a Tiled map (JSON)",
            FileKind::HexmapJson => "hexmap's JSON export",
            FileKind::Json => "a JSON file",
            FileKind::Xml => "an XML file",
            FileKind::Png => "a PNG picture",
            FileKind::Svg => "an SVG picture",
            FileKind::Pdf => "a PDF document",
            FileKind::Binary => "a binary file",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_told_from_their_first_bytes() {
        let cases: [(&[u8], FileKind); 9] = [
            (b"(\n format: \"hexmap\",", FileKind::HexmapMap),
            (b"#![enable(implicit_some)]\n(", FileKind::HexmapMap),
            (
                b"<?xml version=\"1.0\"?>\n<map version=\"1.8\"",
                FileKind::TiledTmx,
            ),
            (
                b"{ \"compressionlevel\":-1, \"tilesets\": []",
                FileKind::TiledTmj,
            ),
            (
                b"{\n  \"format\": \"hexmap-cells\",\n  \"version\": 1",
                FileKind::HexmapJson,
            ),
            (b"{\"a\": 1}", FileKind::Json),
            (b"\x89PNG\r\n", FileKind::Png),
            (b"<svg xmlns=", FileKind::Svg),
            (b"\xff\xfe\x00", FileKind::Binary),
        ];
        for (head, kind) in cases {
            assert_eq!(sniff(head), kind, "{}", String::from_utf8_lossy(head));
        }
        assert!(FileKind::HexmapMap.advice_for_map("m.ron").is_none());
        let tiled = FileKind::TiledTmx.advice_for_map("dir/m.tmx").unwrap();
        assert!(tiled.contains("hexmap import dir/m.tmx"), "{tiled}");
        let json = FileKind::HexmapJson.advice_for_map("dir/m.json").unwrap();
        assert!(json.contains("hexmap import dir/m.json"), "{json}");
        assert_eq!(
            FileKind::HexmapJson.advice_for_import(),
            None,
            "import reads it"
        );
    }
}
