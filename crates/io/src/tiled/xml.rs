//! A tiny XML writer for the TMX and TSX files we emit (attribute escaping, indentation).

use std::fmt::Write;

/// Escape text for use inside a double-quoted XML attribute or element text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            '\t' => out.push_str("&#9;"),
            // XML 1.0 forbids other control characters; drop them rather than write a file
            // that Tiled refuses.
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

/// Writes elements with attributes into a string, indenting by depth.
#[derive(Default)]
pub struct XmlWriter {
    out: String,
    depth: usize,
}

impl XmlWriter {
    /// A writer with the XML declaration already written.
    pub fn new() -> Self {
        XmlWriter {
            out: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".into(),
            depth: 0,
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push(' ');
        }
    }

    fn tag(&mut self, name: &str, attrs: &[(&str, String)], close: bool) {
        self.indent();
        let _ = write!(self.out, "<{name}");
        for (k, v) in attrs {
            let _ = write!(self.out, " {k}=\"{}\"", escape(v));
        }
        self.out.push_str(if close { "/>\n" } else { ">\n" });
    }

    /// `<name attrs>` and one level deeper.
    pub fn open(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.tag(name, attrs, false);
        self.depth += 1;
    }

    /// `<name attrs/>`.
    pub fn empty(&mut self, name: &str, attrs: &[(&str, String)]) {
        self.tag(name, attrs, true);
    }

    /// `</name>` one level up.
    pub fn close(&mut self, name: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.indent();
        let _ = writeln!(self.out, "</{name}>");
    }

    /// `<name attrs>text</name>` with the text written as is (already escaped or safe).
    pub fn text_element(&mut self, name: &str, attrs: &[(&str, String)], text: &str) {
        self.indent();
        let _ = write!(self.out, "<{name}");
        for (k, v) in attrs {
            let _ = write!(self.out, " {k}=\"{}\"", escape(v));
        }
        let _ = writeln!(self.out, ">{text}</{name}>");
    }

    /// The document.
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_drops_control_characters() {
        assert_eq!(
            escape("a<b & \"c\"\n\u{1}"),
            "a&lt;b &amp; &quot;c&quot;&#10;"
        );
    }
}
