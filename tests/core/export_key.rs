//! The key exports read as their consumers read them: the Markdown vault by pandoc (every
//! file parses, every wiki link names a file of the vault, the picture the index embeds is
//! there), the web page by an HTML parser (Python's: every link inside the page lands on
//! an element, nothing is fetched) — Chromium clicks its hexes in
//! `web/test/key_html.mjs` —, the booklet by poppler (every title, in label order). The
//! checks are shared with `every_export`, which runs them on every bundled map; the tests
//! here hold the hexcrawl sample's key against its JSON export, and hold the player view
//! to what players may know.
//!
//! Each consumer is required under CI=true; elsewhere a missing one is said and skipped.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The consumer's output as text; `None` (said, and allowed only outside CI) when it is
/// missing.
fn consumer(cmd: &mut Command, name: &str) -> Option<String> {
    crate::support::consumers::tool(cmd, name)
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The wiki links (`[[target]]` or `[[target|text]]`) in `text`: their targets.
fn wiki_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("[[") {
        let Some(j) = rest[i..].find("]]") else { break };
        let inner = &rest[i + 2..i + j];
        out.push(inner.split('|').next().unwrap().to_owned());
        rest = &rest[i + j + 2..];
    }
    out
}

/// The Markdown files of the vault `dir`, sorted.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// Check the vault in `dir` with pandoc: every file parses, every wiki link in what
/// pandoc reads names a file of the vault, the index embeds a picture that is there.
/// Returns the vault's text as pandoc reads it, file by file (`None` without pandoc).
pub fn check_vault(dir: &Path) -> Option<Vec<(String, String)>> {
    let files = markdown_files(dir);
    assert!(
        files.iter().any(|f| f.ends_with("index.md")),
        "{}: no index.md",
        dir.display()
    );
    let mut read = Vec::new();
    for f in &files {
        let plain = consumer(
            Command::new("pandoc")
                .args(["-f", "markdown", "-t", "plain", "--wrap=none"])
                .arg(f),
            "pandoc (apt package pandoc)",
        )?;
        for target in wiki_targets(&plain) {
            assert!(
                dir.join(format!("{target}.md")).is_file(),
                "{}: the wiki link [[{target}]] names no file of the vault",
                f.display()
            );
        }
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        read.push((name, plain));
    }
    let ast = consumer(
        Command::new("pandoc")
            .args(["-f", "markdown", "-t", "json"])
            .arg(dir.join("index.md")),
        "pandoc",
    )?;
    let ast: serde_json::Value = serde_json::from_str(&ast).unwrap();
    let mut images = Vec::new();
    collect_images(&ast, &mut images);
    assert_eq!(images.len(), 1, "the index embeds the map picture");
    let png = dir.join(&images[0]);
    tiny_skia::Pixmap::load_png(&png).unwrap_or_else(|e| panic!("{}: {e}", png.display()));
    Some(read)
}

/// Every image target in a pandoc JSON tree.
fn collect_images(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(o) => {
            if o.get("t").and_then(|t| t.as_str()) == Some("Image") {
                out.push(o["c"][2][0].as_str().unwrap().to_owned());
            }
            o.values().for_each(|v| collect_images(v, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|v| collect_images(v, out)),
        _ => {}
    }
}

/// Python's HTML parser over the page: the ids of its elements, the targets of its links
/// and every `src` (`None` without python3).
const HTML_PARSE: &str = r#"
import json, sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.ids=[]; self.hrefs=[]; self.srcs=[]; self.articles=[]; self.h2=[]; self.inh2=False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a: self.ids.append(a['id'])
        if 'href' in a: self.hrefs.append(a['href'])
        if 'src' in a: self.srcs.append(a['src'][:30])
        if tag == 'article': self.articles.append(a.get('id'))
        if tag == 'h2': self.inh2 = True; self.h2.append('')
    def handle_endtag(self, tag):
        if tag == 'h2': self.inh2 = False
    def handle_data(self, d):
        if self.inh2: self.h2[-1] += d
p = P(); p.feed(open(sys.argv[1], encoding='utf-8').read()); p.close()
print(json.dumps({'ids': p.ids, 'hrefs': p.hrefs, 'srcs': p.srcs, 'articles': p.articles, 'h2': p.h2}))
"#;

/// Check the web page `html` with Python's HTML parser: every link inside the page lands
/// on an element of it, every picture is inside the page (nothing is fetched). Returns
/// the headings of its entries (`None` without python3).
pub fn check_page(html: &Path) -> Option<Vec<String>> {
    let out = consumer(
        Command::new("python3").arg("-c").arg(HTML_PARSE).arg(html),
        "python3",
    )?;
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = |k: &str| -> Vec<String> {
        doc[k]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap_or("").to_owned())
            .collect()
    };
    let ids: BTreeSet<String> = list("ids").into_iter().collect();
    for href in list("hrefs") {
        let target = href
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("{}: a link out of the page: {href}", html.display()));
        assert!(
            ids.contains(target),
            "{}: #{target} names no element",
            html.display()
        );
    }
    for src in list("srcs") {
        assert!(
            src.starts_with("data:"),
            "{}: fetches {src}",
            html.display()
        );
    }
    assert_eq!(list("articles").len(), list("h2").len());
    Some(list("h2"))
}

/// Check the booklet `pdf` with poppler: `headings` ("0305 Title") each found, in this
/// order. Returns the booklet's text (`None` without poppler).
pub fn check_booklet(pdf: &Path, headings: &[String]) -> Option<String> {
    let text = consumer(
        Command::new("pdftotext").arg(pdf).arg("-"),
        "pdftotext (apt package poppler-utils)",
    )?;
    // Words, whatever the spaces and line breaks between them (a long title wraps).
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = words(&text);
    let mut from = 0;
    for h in headings {
        let h = words(h);
        let at = text[from..]
            .find(h.as_str())
            .unwrap_or_else(|| panic!("{}: {h:?} not found after {from}", pdf.display()));
        from += at + h.len();
    }
    Some(text)
}

/// The key of a map as hexmap's JSON export lists it (label order): label, title, GM text,
/// GM-only.
fn json_key(map: &Path, player_view: bool) -> Vec<serde_json::Value> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexmap"));
    cmd.arg("export").arg(map).args(["--to", "json", "-"]);
    if player_view {
        cmd.arg("--player-view");
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    doc["key"].as_array().cloned().unwrap_or_default()
}

/// The headings the exports give the entries: "label title" for a hex's, "0603 icon 15
/// title" for an icon's, "Region Name title" for a region's, in the key's order.
pub fn headings(map: &Path, player_view: bool) -> Vec<String> {
    let (m, _) = hexmap::io::load(map).unwrap();
    let m = if player_view {
        hexmap::draw::player::player_export(&m, &hexmap::draw::player::PlayerView::default())
    } else {
        m
    };
    hexmap::io::format::key::keyed(&m)
        .iter()
        .map(|k| {
            // A region's entry titled with its own name (the barony's) says it once.
            let title = k.entry.title.trim();
            if k.heading() == format!("Region {title}") {
                k.heading()
            } else {
                format!("{} {title}", k.heading())
            }
        })
        .collect()
}

fn hexcrawl() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/hexcrawl.ron")
}

/// `hexmap export hexcrawl --to FORMAT OUT` (with `--player-view`).
fn export(format: &str, out: &Path, player_view: bool) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hexmap"));
    cmd.arg("export")
        .arg(hexcrawl())
        .args(["--to", format])
        .arg(out);
    if player_view {
        cmd.arg("--player-view");
    }
    let o = cmd.output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn the_hexcrawl_vault_has_a_file_per_keyed_hex_and_an_index_in_label_order() {
    let dir = tempfile::tempdir().unwrap();
    let vault = dir.path().join("vault");
    export("key-md", &vault, false);
    let key = json_key(&hexcrawl(), false);
    assert!(key.len() >= 15, "the sample's key");
    for e in &key {
        let label = e["label"].as_str().unwrap();
        assert!(vault.join(format!("{label}.md")).is_file(), "{label}.md");
    }
    let Some(read) = check_vault(&vault) else {
        return;
    };
    assert_eq!(
        read.len(),
        headings(&hexcrawl(), false).len() + 2,
        "the entries, the index and the tags"
    );
    let index = &read.iter().find(|(n, _)| n == "index.md").unwrap().1;
    let listed = wiki_targets(index);
    let (whole, _) = hexmap::io::load(&hexcrawl()).unwrap();
    let slugs: Vec<String> = hexmap::io::format::key::keyed(&whole)
        .into_iter()
        .map(|k| hexmap::io::format::key::file_stem(&k.slug))
        .collect();
    let labels: Vec<&str> = slugs.iter().map(String::as_str).collect();
    assert_eq!(
        listed.iter().filter(|t| *t != "tags").collect::<Vec<_>>(),
        labels
    );
    // An entry reads as a person wrote it: emphasis and lists taken as Markdown.
    let saltmere = &read.iter().find(|(n, _)| n == "0507.md").unwrap().1;
    assert!(
        saltmere.contains("A fishing town of three hundred souls"),
        "{saltmere}"
    );
    assert!(
        saltmere.contains("-   The Gull, an inn with rooms"),
        "{saltmere}"
    );
}

#[test]
fn the_booklet_and_the_page_list_every_title_in_label_order() {
    let dir = tempfile::tempdir().unwrap();
    let heads = headings(&hexcrawl(), false);
    let pdf = dir.path().join("key.pdf");
    export("key-pdf", &pdf, false);
    check_booklet(&pdf, &heads);
    let html = dir.path().join("key.html");
    export("key-html", &html, false);
    if let Some(h2) = check_page(&html) {
        assert_eq!(h2, heads);
    }
}

#[test]
fn the_player_key_exports_hold_only_what_players_may_know() {
    let dir = tempfile::tempdir().unwrap();
    let gm = json_key(&hexcrawl(), false);
    let players = headings(&hexcrawl(), true);
    assert!(!players.is_empty() && players.len() < gm.len());
    // Secrets: every GM text, and the titles and labels of entries players do not get.
    let mut secrets: Vec<String> = gm
        .iter()
        .filter_map(|e| e["gm_text"].as_str())
        .map(|t| t.chars().take(24).collect())
        .collect();
    for e in &gm {
        let head = format!(
            "{} {}",
            e["label"].as_str().unwrap(),
            e["title"].as_str().unwrap()
        );
        if !players.contains(&head) {
            secrets.push(e["title"].as_str().unwrap().to_owned());
            secrets.push(format!("[[{}]]", e["label"].as_str().unwrap()));
            secrets.push(format!("#hex-{}\"", e["label"].as_str().unwrap()));
        }
    }
    assert!(secrets.len() > gm.len());
    // `gm_section`: how the export heads the GM's text.
    let leaks = |what: &str, text: &str, gm_section: &str| {
        for s in &secrets {
            assert!(!text.contains(s.as_str()), "{what} tells players {s:?}");
        }
        assert!(!text.contains(gm_section), "{what} has a GM section");
    };
    let vault = dir.path().join("vault");
    export("key-md", &vault, true);
    let files = markdown_files(&vault);
    assert_eq!(files.len(), headings(&hexcrawl(), true).len() + 2);
    for f in &files {
        leaks(
            &f.display().to_string(),
            &std::fs::read_to_string(f).unwrap(),
            "## GM",
        );
    }
    check_vault(&vault);
    let html = dir.path().join("key.html");
    export("key-html", &html, true);
    // The page's text, its picture's data left out.
    let page = std::fs::read_to_string(&html).unwrap();
    let (head, rest) = page.split_once("base64,").unwrap();
    let page = format!("{head}{}", &rest[rest.find('"').unwrap()..]);
    leaks("the web page", &page, "<h3>GM</h3>");
    if let Some(h2) = check_page(&html) {
        assert_eq!(h2, players);
    }
    let pdf = dir.path().join("key.pdf");
    export("key-pdf", &pdf, true);
    if let Some(text) = check_booklet(&pdf, &players) {
        leaks("the booklet", &text, "\nGM\n");
    }
}

#[test]
fn every_font_of_the_booklet_and_the_print_is_embedded() {
    let dir = tempfile::tempdir().unwrap();
    for (format, player_view) in [("key-pdf", false), ("key-pdf", true), ("pdf", false)] {
        let out = dir.path().join(format!("{format}-{player_view}.pdf"));
        export(format, &out, player_view);
        let Some(fonts) = crate::support::consumers::pdffonts(&out) else {
            return;
        };
        assert!(!fonts.is_empty(), "{format}: no font listed");
        for (name, embedded) in &fonts {
            assert!(
                embedded,
                "{format} (players: {player_view}): {name} is not embedded"
            );
        }
        // And its text still reads back (WinAnsi, the font's own widths).
        let text = crate::support::consumers::pdftotext(&out).unwrap();
        assert!(text.contains("Saltmere"), "{text}");
    }
}
