//! The Markdown-like text of a key entry read into what every reader of the key shows:
//! lines as paragraphs or list items (`- ` or `* ` at the start of a line), and in them
//! runs of plain, `*emphasised*` and `**strong**` text and `[[label]]` links. The key's
//! exports (booklet, web page) and the editor's entry panel all show an entry through
//! [`blocks`], so emphasis and lists look the same everywhere.

/// A run of an entry's text: words in one style, or a link to another hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    /// Words, in italics (`*…*`) and/or bold (`**…**`).
    Text {
        /// The words, markers taken out.
        text: String,
        /// Inside `*…*`.
        italic: bool,
        /// Inside `**…**`.
        bold: bool,
    },
    /// A `[[label]]` link: the label as written.
    Link(String),
}

/// One line of an entry's text: a paragraph or an item of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The line began with `- ` or `* `: an item of a bulleted list.
    pub item: bool,
    /// Its runs, in order.
    pub spans: Vec<Span>,
}

/// The blocks of `text`: one per non-empty line, list items marked, each line's runs of
/// emphasis and links. A lone `*` that is never closed is kept as a plain `*` character.
pub fn blocks(text: &str) -> Vec<Block> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let trimmed = line.trim_start();
            let (item, rest) = match trimmed
                .strip_prefix("- ")
                .or_else(|| trimmed.strip_prefix("* "))
            {
                Some(rest) => (true, rest),
                None => (false, trimmed),
            };
            Block {
                item,
                spans: spans(rest.trim_end()),
            }
        })
        .collect()
}

/// The runs of one line.
fn spans(line: &str) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let links = crate::key::links(line);
    let mut from = 0;
    for (range, label) in links {
        styled(&line[from..range.start], &mut out);
        out.push(Span::Link(label.to_owned()));
        from = range.end;
    }
    styled(&line[from..], &mut out);
    out
}

/// The styled runs of a piece of a line without links, pushed onto `out`. `**` toggles
/// bold and `*` italics when its closing marker follows in the piece; otherwise the
/// marker is text.
fn styled(piece: &str, out: &mut Vec<Span>) {
    let (mut italic, mut bold) = (false, false);
    let mut run = String::new();
    let mut rest = piece;
    let flush = |run: &mut String, out: &mut Vec<Span>, italic: bool, bold: bool| {
        if !run.is_empty() {
            out.push(Span::Text {
                text: std::mem::take(run),
                italic,
                bold,
            });
        }
    };
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("**") && (bold || rest[2..].contains("**")) {
            flush(&mut run, out, italic, bold);
            bold = !bold;
            rest = &rest[2..];
        } else if c == '*' && (italic || rest[1..].contains('*')) {
            flush(&mut run, out, italic, bold);
            italic = !italic;
            rest = &rest[1..];
        } else {
            run.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    flush(&mut run, out, italic, bold);
}

/// `text` without its emphasis markers and list bullets, links kept as written: the
/// words a reader sees, line by line (what a search or a plain-text consumer wants).
pub fn plain(text: &str) -> String {
    blocks(text)
        .iter()
        .map(|b| {
            b.spans
                .iter()
                .map(|s| match s {
                    Span::Text { text, .. } => text.clone(),
                    Span::Link(label) => format!("[[{label}]]"),
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(text: &str, italic: bool, bold: bool) -> Span {
        Span::Text {
            text: text.into(),
            italic,
            bold,
        }
    }

    #[test]
    fn emphasis_lists_and_links_are_read_line_by_line() {
        let b =
            blocks("A town of **three hundred** souls.\n- *The Gull*, an inn\n\nRoad to [[1006]].");
        assert_eq!(b.len(), 3);
        assert!(!b[0].item && b[1].item && !b[2].item);
        assert_eq!(
            b[0].spans,
            [
                t("A town of ", false, false),
                t("three hundred", false, true),
                t(" souls.", false, false)
            ]
        );
        assert_eq!(
            b[1].spans,
            [t("The Gull", true, false), t(", an inn", false, false)]
        );
        assert_eq!(
            b[2].spans,
            [
                t("Road to ", false, false),
                Span::Link("1006".into()),
                t(".", false, false)
            ]
        );
    }

    #[test]
    fn an_unclosed_star_is_text_and_plain_drops_only_markers() {
        assert_eq!(blocks("5 * 3 gp")[0].spans, [t("5 * 3 gp", false, false)]);
        assert_eq!(
            plain("**Hold** *Varr*\n- see [[0305]]"),
            "Hold Varr\nsee [[0305]]"
        );
    }
}
