//! The key as a Markdown vault (`--to key-md DIR`): `index.md` with the map picture
//! (`map.png`) and every keyed hex in label order, `tags.md` with the entries by tag, and
//! one file per keyed hex named by its label (`0305.md`). Links between entries are
//! Obsidian-style wiki links (`[[0305]]`, `[[stem|label]]` where the label is not a plain
//! file name); a link to a hex without an entry is written as plain text marked
//! "(no entry)", so every wiki link in the vault names a file of it.

use super::{KEY_OPTIONS, KeyPicture, Keyed, Link, UNKNOWN_TEXT, file_stem, keyed, resolve};
use crate::format::{ExportOnly, FormatInfo, WriteError, WriteJob, Written};
use hexmap_map::HexMap;
use std::fmt::Write as _;

/// The main file of the vault, inside the folder the export names.
pub const INDEX_FILE: &str = "index.md";
/// The entries by tag.
pub const TAGS_FILE: &str = "tags.md";
/// The map picture the index embeds.
pub const PICTURE_FILE: &str = "map.png";

/// The key as a Markdown vault.
pub static KEY_MD: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "key-md",
        description: "hex key as a Markdown vault (a folder: index.md, one file per keyed hex)",
        extensions: &["md"],
        options: KEY_OPTIONS,
        reads: false,
        writes: true,
        drops: crate::format::picture::PICTURE_DROPS,
    },
    write: write_key_markdown,
    folder_main: Some(INDEX_FILE),
};

/// Writes the key as a Markdown vault: the index as the main file, the entries and tags beside it.
fn write_key_markdown(job: WriteJob<'_>) -> Result<Written, WriteError> {
    let map = job.map;
    let picture = KeyPicture::draw(map, job.opts)?;
    let key = keyed(map);
    let mut side = Vec::with_capacity(key.len() + 2);
    for k in &key {
        side.push((
            format!("{}.md", file_stem(&k.slug)),
            entry_file(map, k).into_bytes(),
        ));
    }
    side.push((TAGS_FILE.to_owned(), tags_file(map, &key).into_bytes()));
    side.push((PICTURE_FILE.to_owned(), picture.png));
    (job.progress)(1.0);
    Ok(Written {
        main: index_file(map, &key).into_bytes(),
        side,
    })
}

/// A wiki link to a hex's entry labelled `label`.
fn wiki(label: &str) -> String {
    wiki_to(label, label)
}

/// A wiki link to the file of `slug`, shown as `label`.
fn wiki_to(slug: &str, label: &str) -> String {
    let stem = file_stem(slug);
    if stem == label {
        format!("[[{label}]]")
    } else {
        format!("[[{stem}|{label}]]")
    }
}

/// A wiki link to an entry of the key.
fn link(k: &Keyed) -> String {
    wiki_to(&k.slug, &k.heading())
}

/// `text` with its links written for the vault: wiki links to entries, plain text for the
/// rest.
fn vault_text(map: &HexMap, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (range, label) in hexmap_map::links(text) {
        out.push_str(&text[from..range.start]);
        out.push_str(&match resolve(map, label) {
            Link::Entry(l) => wiki(&l),
            Link::Missing(l) => format!("{l} (no entry)"),
            Link::Unknown => UNKNOWN_TEXT.to_owned(),
        });
        from = range.end;
    }
    out.push_str(&text[from..]);
    // Markdown joins lines of a paragraph; each line of an entry is its own.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The tags of an entry as Obsidian tags (`#lair`).
fn tag_line(tags: &[String]) -> String {
    tags.iter()
        .map(|t| format!("#{t}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One keyed hex's file.
fn entry_file(map: &HexMap, k: &Keyed) -> String {
    let e = &k.entry;
    let mut s = format!("# {}\n\n", k.title_line());
    if !e.tags.is_empty() {
        let _ = writeln!(s, "Tags: {}\n", tag_line(&e.tags));
    }
    if !e.player_text.trim().is_empty() {
        let _ = writeln!(s, "{}\n", vault_text(map, &e.player_text));
    }
    if !e.gm_text.trim().is_empty() {
        let _ = writeln!(s, "## GM\n\n{}\n", vault_text(map, &e.gm_text));
    }
    if e.gm_only {
        s.push_str("*For the GM only.*\n\n");
    }
    s.push_str("Back to the [[index]].\n");
    s
}

/// The index: the map picture and every keyed hex in label order.
fn index_file(map: &HexMap, key: &[Keyed]) -> String {
    let name = map.name();
    let mut s = format!("# {name}: the key\n\n![{name}]({PICTURE_FILE})\n\n");
    if key.is_empty() {
        s.push_str("No hex is keyed.\n");
        return s;
    }
    let _ = writeln!(
        s,
        "{} entries: keyed hexes in label order (each hex's icons after it), then regions; by tag: [[tags]].\n",
        key.len()
    );
    for k in key {
        let tags = if k.entry.tags.is_empty() {
            String::new()
        } else {
            format!(" ({})", k.entry.tags.join(", "))
        };
        let _ = writeln!(s, "- {} {}{tags}", link(k), k.entry.title.trim());
    }
    s
}

/// The entries by tag, tags in alphabetical order, entries in label order.
fn tags_file(map: &HexMap, key: &[Keyed]) -> String {
    let mut s = format!("# {}: the key by tag\n\n", map.name());
    let mut tags: Vec<&String> = key.iter().flat_map(|k| &k.entry.tags).collect();
    tags.sort();
    tags.dedup();
    if tags.is_empty() {
        s.push_str("No entry has a tag.\n\n");
    }
    for tag in tags {
        let _ = writeln!(s, "## {tag}\n");
        for k in key.iter().filter(|k| k.entry.tags.contains(tag)) {
            let _ = writeln!(s, "- {} {}", link(k), k.entry.title.trim());
        }
        s.push('\n');
    }
    s.push_str("Back to the [[index]].\n");
    s
}
