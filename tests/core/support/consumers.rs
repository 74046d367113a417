//! The real consumers of pictures and prints, run as a person would: librsvg draws an
//! SVG, poppler reads a PDF's text. Each returns `None` (a skip, said on stderr) when the
//! tool is not installed, except under CI, where it must be.

#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// `cmd`'s output, which must succeed; `None` when `name` is not installed (outside CI).
pub fn tool(cmd: &mut Command, name: &str) -> Option<Output> {
    match cmd.output() {
        Ok(o) => {
            assert!(
                o.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            Some(o)
        }
        Err(_) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "{name} is required under CI"
            );
            eprintln!("SKIPPED: {name} is not installed");
            None
        }
    }
}

/// librsvg's drawing of the SVG file `svg` (written beside it), decoded.
pub fn rsvg(svg: &Path) -> Option<tiny_skia::Pixmap> {
    let png = svg.with_extension("rsvg.png");
    let mut cmd = Command::new("rsvg-convert");
    cmd.arg("-o").arg(&png).arg(svg);
    tool(&mut cmd, "rsvg-convert")?;
    Some(tiny_skia::Pixmap::load_png(&png).unwrap())
}

/// poppler's text of every page of the PDF file `pdf`.
pub fn pdftotext(pdf: &Path) -> Option<String> {
    let mut cmd = Command::new("pdftotext");
    cmd.arg(pdf).arg("-");
    tool(&mut cmd, "pdftotext").map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// poppler's list of the fonts of the PDF file `pdf` (`pdffonts`): each font's name and
/// whether it is embedded (its `emb` column), or `None` without poppler.
pub fn pdffonts(pdf: &Path) -> Option<Vec<(String, bool)>> {
    let mut cmd = Command::new("pdffonts");
    cmd.arg(pdf);
    let out = tool(&mut cmd, "pdffonts")?;
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // Two header lines, then a row per font: name, type (one or two words), encoding,
    // then the emb, sub and uni columns and the object id.
    Some(
        text.lines()
            .skip(2)
            .map(|row| {
                let cols: Vec<&str> = row.split_whitespace().collect();
                let emb = cols.len() >= 6 && cols[cols.len() - 5] == "yes";
                (cols.first().copied().unwrap_or("").to_owned(), emb)
            })
            .collect(),
    )
}

/// poppler's drawing of page `page` of the PDF file `pdf` at `dpi`, decoded.
pub fn pdftoppm(pdf: &Path, page: u32, dpi: u32) -> Option<tiny_skia::Pixmap> {
    let prefix = pdf.with_extension(format!("page{page}"));
    let mut cmd = Command::new("pdftoppm");
    let (page, dpi) = (page.to_string(), dpi.to_string());
    cmd.args(["-r", &dpi, "-png", "-singlefile", "-f", &page, "-l", &page])
        .arg(pdf)
        .arg(&prefix);
    tool(&mut cmd, "pdftoppm")?;
    let png = std::path::PathBuf::from(format!("{}.png", prefix.display()));
    Some(tiny_skia::Pixmap::load_png(png).unwrap())
}
