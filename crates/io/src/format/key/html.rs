//! The key as one self-contained web page (`--to key-html FILE.html`): the map picture
//! (a PNG inside the page) under an SVG of the keyed hexes' outlines, placed by the map's
//! own layout and the picture's world → pixel transform, each a link to its entry; the
//! entries below in label order (emphasis, lists and links shown formatted); and a search
//! box over titles, texts and tags that filters the entries with a few lines of script.
//! Nothing is fetched when the page is read.

use super::{KEY_OPTIONS, KeyPicture, Keyed, Link, UNKNOWN_TEXT, file_stem, keyed, resolve};
use crate::format::{ExportOnly, FormatInfo, WriteError, WriteJob, Written};
use crate::render::transform_json;
use base64::Engine as _;
use hexmap_map::HexMap;
use hexmap_map::KeyTarget;
use hexmap_map::key_text::{Span, blocks};
use std::fmt::Write as _;

/// The key as one web page.
pub static KEY_HTML: ExportOnly = ExportOnly {
    info: FormatInfo {
        name: "key-html",
        description: "hex key as one web page (the map with its keyed hexes clickable)",
        extensions: &["html", "htm"],
        options: KEY_OPTIONS,
        reads: false,
        writes: true,
        drops: crate::format::picture::PICTURE_DROPS,
    },
    write: write_key_html,
    folder_main: None,
};

/// Writes the key as one web page: the map picture with keyed hexes clickable, the entries.
fn write_key_html(job: WriteJob<'_>) -> Result<Written, WriteError> {
    let picture = KeyPicture::draw(job.map, job.opts)?;
    let page = page(job.map, &keyed(job.map), &picture);
    (job.progress)(1.0);
    Ok(Written::main(page))
}

/// The fragment of an entry's element: `hex-0305`.
pub fn anchor(label: &str) -> String {
    format!("hex-{}", file_stem(label))
}

/// `s` with the characters HTML gives meaning to escaped.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:sans-serif;margin:1em auto;max-width:60em;padding:0 1em;color:#222}\
.map{position:relative;display:inline-block;max-width:100%}\
.map img{display:block;max-width:100%;height:auto}\
.map svg{position:absolute;left:0;top:0;width:100%;height:100%}\
.map polygon{fill:rgba(255,255,255,0);stroke:#c0392b;stroke-width:2;pointer-events:all;cursor:pointer}\
.map a:hover polygon{fill:rgba(192,57,43,.25)}\
article{border-top:1px solid #ccc;padding:.5em 0}\
.tags{color:#555;font-style:italic}\
.gm{background:#f4ecd8;padding:.2em .8em;border-left:4px solid #b08d3c}\
.missing{color:#999;text-decoration:line-through}\
.unknown{color:#999;font-style:italic}\
#search{font-size:1.1em;padding:.3em;width:20em;margin:.5em 0}";

/// Filters the entries as the search box is typed in: an entry stays when every word is
/// in its text (its `data-text`, lower case).
const SCRIPT: &str = "const box=document.getElementById('search');\
const none=document.getElementById('none');\
box.addEventListener('input',()=>{const words=box.value.toLowerCase().split(/\\s+/).filter(w=>w);\
let shown=0;for(const a of document.querySelectorAll('article')){\
const hit=words.every(w=>a.dataset.text.includes(w));a.hidden=!hit;if(hit)shown++;}\
none.hidden=shown>0;});";

/// The whole page.
fn page(map: &HexMap, key: &[Keyed], picture: &KeyPicture) -> String {
    let name = escape(map.name());
    let (w, h) = picture.size;
    let png = base64::engine::general_purpose::STANDARD.encode(&picture.png);
    let transform = transform_json(&picture.to_px, f64::from(w), f64::from(h));
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{name}: the key</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>{name}: the key</h1>\n<div class=\"map\"><img id=\"map\" alt=\"{name}\" \
         width=\"{w}\" height=\"{h}\" data-transform='{transform}' \
         src=\"data:image/png;base64,{png}\">\n\
         <svg viewBox=\"0 0 {w} {h}\" xmlns=\"http://www.w3.org/2000/svg\">\n"
    );
    // Regions first, then icons, then hexes: the last drawn is on top, so a click on a
    // keyed hex finds its own entry, and one elsewhere in a keyed region the region's.
    let layer = |k: &&Keyed| match k.target {
        KeyTarget::Region(_) => 0,
        KeyTarget::Icon(_) => 1,
        KeyTarget::Hex(_) => 2,
    };
    let mut drawn: Vec<&Keyed> = key.iter().collect();
    drawn.sort_by_key(layer);
    for k in drawn {
        let _ = write!(s, "<a href=\"#{}\">", k.anchor());
        for &h in &k.hexes {
            let points: Vec<String> = picture
                .corners(map, h)
                .iter()
                .map(|(x, y)| format!("{x:.2},{y:.2}"))
                .collect();
            let _ = write!(s, "<polygon points=\"{}\">", points.join(" "));
            let _ = write!(
                s,
                "<title>{} {}</title></polygon>",
                escape(&k.heading()),
                escape(&k.entry.title)
            );
        }
        s.push_str("</a>\n");
    }
    s.push_str("</svg></div>\n");
    let _ = writeln!(
        s,
        "<p><input id=\"search\" type=\"search\" placeholder=\"Search the key\" \
         aria-label=\"Search the key\"> {} entries</p>",
        key.len()
    );
    s.push_str("<p id=\"none\" hidden>No entry matches.</p>\n");
    for k in key {
        entry(&mut s, map, k);
    }
    if key.is_empty() {
        s.push_str("<p>No hex is keyed.</p>\n");
    }
    let _ = write!(s, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    s
}

/// One entry's article.
fn entry(s: &mut String, map: &HexMap, k: &Keyed) {
    let e = &k.entry;
    let search = format!(
        "{} {} {} {} {}",
        k.label,
        e.title,
        e.player_text,
        e.gm_text,
        e.tags.join(" ")
    )
    .to_lowercase();
    let _ = writeln!(
        s,
        "<article id=\"{}\" data-text=\"{}\">\n<h2>{}</h2>",
        k.anchor(),
        escape(&search),
        escape(&k.title_line()),
    );
    if !e.tags.is_empty() {
        let _ = writeln!(s, "<p class=\"tags\">{}</p>", escape(&e.tags.join(", ")));
    }
    text(s, map, &e.player_text);
    if !e.gm_text.trim().is_empty() {
        s.push_str("<div class=\"gm\"><h3>GM</h3>\n");
        text(s, map, &e.gm_text);
        s.push_str("</div>\n");
    }
    if e.gm_only {
        s.push_str("<p class=\"tags\">For the GM only.</p>\n");
    }
    s.push_str("</article>\n");
}

/// An entry's text as paragraphs and lists.
fn text(s: &mut String, map: &HexMap, text: &str) {
    let mut in_list = false;
    for b in blocks(text) {
        if b.item != in_list {
            s.push_str(if b.item { "<ul>\n" } else { "</ul>\n" });
            in_list = b.item;
        }
        s.push_str(if b.item { "<li>" } else { "<p>" });
        for span in &b.spans {
            match span {
                Span::Text { text, italic, bold } => {
                    let t = escape(text);
                    let t = if *italic { format!("<em>{t}</em>") } else { t };
                    let t = if *bold {
                        format!("<strong>{t}</strong>")
                    } else {
                        t
                    };
                    s.push_str(&t);
                }
                Span::Link(label) => s.push_str(&match resolve(map, label) {
                    Link::Entry(l) => format!("<a href=\"#{}\">{}</a>", anchor(&l), escape(&l)),
                    Link::Missing(l) => format!(
                        "<span class=\"missing\" title=\"no entry\">{}</span>",
                        escape(&l)
                    ),
                    Link::Unknown => format!("<span class=\"unknown\">{UNKNOWN_TEXT}</span>"),
                }),
            }
        }
        s.push_str(if b.item { "</li>\n" } else { "</p>\n" });
    }
    if in_list {
        s.push_str("</ul>\n");
    }
}
