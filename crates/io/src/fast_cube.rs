//! Fast paths for the lists that dominate big files: the cube form's cell list (RON's
//! generic parser needs about 0.7 µs per `(q, r, s, t)` tuple, this scanner a few ns) and
//! the `edges` list of either form (a generated ten-million-hex world writes two million
//! river sides, which RON parsed three times at about 2.7 µs an entry in all).
//!
//! Each only ever *accepts*: it finds its list at the expected depth (`cells: Cube( … cells:
//! [ … ] …)`, or `edges: [ … ]` inside `cells: Offset(…)` or `Cube(…)`), checks that the
//! list is nothing but its tuples (4 integers; 2 or 3 integers, a plain name and an
//! integer), whitespace and comments, and hands
//! back the list (read in place, never collected) and a copy of the text with the list
//! emptied for RON. The copy keeps the list's line breaks, so lines after it keep their
//! numbers, and costs at most one byte per line of the list. Errors are never reported
//! from the copy: anything it does not parse, the caller parses again from the original
//! text. Anything unexpected returns `None` and the caller uses RON on the original text,
//! which reports errors.

/// One cube cell as written: q, r, s, terrain id.
pub(crate) type CubeCell = (i32, i32, i32, u16);

/// A cube cell list checked by the scanner, read from the text in place.
#[derive(Clone, Copy)]
pub(crate) struct CubeList<'a> {
    /// The list's text after its `[`, up to and including its `]`.
    body: &'a [u8],
    len: usize,
}

impl CubeList<'_> {
    /// Number of cells.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Call `f` with each cell in order, stopping at its first error.
    pub(crate) fn for_each<E>(
        &self,
        f: impl FnMut(usize, CubeCell) -> Result<(), E>,
    ) -> Result<(), E> {
        // The body was checked when the list was made, so the scan always completes.
        scan_list(self.body, 0, f).unwrap_or(Ok((0, 0))).map(|_| ())
    }
}

/// Files up to this size always take the fast path when they can (their copy is cheap).
const SMALL_FILE: usize = 1 << 20;

/// The cell list and the text with the list emptied, or `None` to use the slow path: the
/// list is not one the scanner reads, or the copy would be over half a big file.
pub(crate) fn split_cube_cells(text: &str) -> Option<(CubeList<'_>, String)> {
    let b = text.as_bytes();
    let open = find_cells_list(b)?;
    // One scan checks the list and finds its end.
    let (len, close) = scan_list(b, open + 1, |_, _| Ok::<(), ()>(())).and_then(Result::ok)?;
    let emptied = emptied_copy(text, open, close)?;
    Some((
        CubeList {
            body: &b[open + 1..=close],
            len,
        },
        emptied,
    ))
}

/// `text` with the list between `open` and `close` emptied but for its line breaks, or
/// `None` when the copy would cost more than the scanner saves: in a big file whose bulk
/// is not the list, RON reads the original instead.
fn emptied_copy(text: &str, open: usize, close: usize) -> Option<String> {
    let breaks = count_newlines(&text.as_bytes()[open + 1..close]);
    let copy = text.len() - (close - open - 1) + breaks;
    if copy > text.len() / 2 && text.len() > SMALL_FILE {
        return None;
    }
    let mut emptied = String::with_capacity(copy);
    emptied.push_str(&text[..=open]);
    emptied.extend(std::iter::repeat_n('\n', breaks));
    emptied.push_str(&text[close..]);
    Some(emptied)
}

/// One `edges` entry as written: the hex's 2 (offset) or 3 (cube) coordinates (the third
/// 0 for offset), the side's name and the edge type id.
pub(crate) struct ScannedEdge<'a> {
    /// The coordinates, as many as the form writes.
    pub coords: [i32; 3],
    /// The direction name, ASCII letters only.
    pub name: &'a str,
    /// The edge type id.
    pub kind: u16,
}

/// An `edges` list checked by the scanner, read from the text in place: a river-rich
/// generated world writes millions of entries, which RON parses at about 2.7 µs each.
#[derive(Clone, Copy)]
pub(crate) struct EdgeList<'a> {
    /// The list's text after its `[`, up to and including its `]`.
    body: &'a [u8],
    /// Coordinates per entry: 2 in the offset form, 3 in the cube form.
    coords: usize,
    len: usize,
}

impl EdgeList<'_> {
    /// Number of entries.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Call `f` with each entry in order, stopping at its first error.
    pub(crate) fn for_each<E>(
        &self,
        f: impl FnMut(usize, ScannedEdge<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        // The body was checked when the list was made, so the scan always completes.
        scan_edges(self.body, 0, self.coords, f)
            .unwrap_or(Ok((0, 0)))
            .map(|_| ())
    }
}

/// The `edges` list of either form and the text with it emptied, or `None` to leave it to
/// RON (anything the scanner does not read, as [`split_cube_cells`]).
pub(crate) fn split_edges(text: &str) -> Option<(EdgeList<'_>, String)> {
    let b = text.as_bytes();
    let (open, variant) = find_list(b, &[b"Offset", b"Cube"], b"edges")?;
    let coords = if variant == 0 { 2 } else { 3 };
    let (len, close) =
        scan_edges(b, open + 1, coords, |_, _| Ok::<(), ()>(())).and_then(Result::ok)?;
    let emptied = emptied_copy(text, open, close)?;
    let body = &b[open + 1..=close];
    Some((EdgeList { body, coords, len }, emptied))
}

/// Scan `(int, int[, int], "Name", int),` … from `start` up to the list's closing `]`, as
/// [`scan_list`] does; names are ASCII letters only (anything else is left to RON).
fn scan_edges<'b, E>(
    b: &'b [u8],
    start: usize,
    coords: usize,
    f: impl FnMut(usize, ScannedEdge<'b>) -> Result<(), E>,
) -> Option<Result<(usize, usize), E>> {
    scan_tuples(b, start, |b, i| edge_entry(b, i, coords), f)
}

/// One `edges` entry's `coords` integers, name and type id and `)` after its `(`: the
/// entry and the index after the `)`.
fn edge_entry(b: &[u8], mut i: usize, coords: usize) -> Option<(ScannedEdge<'_>, usize)> {
    let mut at = [0i32; 3];
    for slot in at.iter_mut().take(coords) {
        i = skip_ws(b, i)?;
        let (n, j) = int(b, i)?;
        *slot = i32::try_from(n).ok()?;
        i = skip_ws(b, j)?;
        if *b.get(i)? != b',' {
            return None;
        }
        i = skip_ws(b, i + 1)?;
    }
    if *b.get(i)? != b'"' {
        return None;
    }
    let name_start = i + 1;
    let mut j = name_start;
    while b.get(j)?.is_ascii_alphabetic() {
        j += 1;
    }
    if b[j] != b'"' || j == name_start {
        return None;
    }
    // ASCII letters only, so this is valid UTF-8.
    let name = std::str::from_utf8(&b[name_start..j]).ok()?;
    i = skip_ws(b, j + 1)?;
    if *b.get(i)? != b',' {
        return None;
    }
    i = skip_ws(b, i + 1)?;
    let (n, j) = int(b, i)?;
    let kind = u16::try_from(n).ok()?;
    i = skip_ws(b, j)?;
    if b.get(i) == Some(&b',') {
        // A trailing comma inside the tuple is legal RON.
        i = skip_ws(b, i + 1)?;
    }
    if *b.get(i)? != b')' {
        return None;
    }
    let edge = ScannedEdge {
        coords: at,
        name,
        kind,
    };
    Some((edge, i + 1))
}

/// The number of `\n` in `b`, counted in runs of 255 bytes with a byte counter each, which
/// the compiler turns into wide compares (a plain filter-count moved 4 bytes a step and
/// was a third of reading a big cube file).
fn count_newlines(b: &[u8]) -> usize {
    b.chunks(255)
        .map(|run| usize::from(run.iter().fold(0u8, |n, &c| n + u8::from(c == b'\n'))))
        .sum()
}

/// Skip whitespace and comments (line and nested block) from `i`. Inlined: most calls in a
/// cell list find nothing or one space to skip.
#[inline(always)]
fn skip_ws(b: &[u8], i: usize) -> Option<usize> {
    match b.get(i) {
        Some(b' ') if !matches!(b.get(i + 1), Some(c) if c.is_ascii_whitespace() || *c == b'/') => {
            Some(i + 1)
        }
        Some(c) if !c.is_ascii_whitespace() && *c != b'/' => Some(i),
        _ => skip_ws_and_comments(b, i),
    }
}

/// [`skip_ws`]'s general case, out of line.
fn skip_ws_and_comments(b: &[u8], mut i: usize) -> Option<usize> {
    loop {
        match b.get(i) {
            Some(c) if c.is_ascii_whitespace() => i += 1,
            Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 1;
                i += 2;
                while depth > 0 {
                    match (b.get(i)?, b.get(i + 1)) {
                        (b'/', Some(b'*')) => {
                            depth += 1;
                            i += 2;
                        }
                        (b'*', Some(b'/')) => {
                            depth -= 1;
                            i += 2;
                        }
                        _ => i += 1,
                    }
                }
            }
            _ => return Some(i),
        }
    }
}

/// The byte range of an identifier starting at `i` (ASCII identifiers only).
fn ident(b: &[u8], i: usize) -> Option<usize> {
    let start = i;
    let mut j = i;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
        j += 1;
    }
    (j > start && !b[start].is_ascii_digit()).then_some(j)
}

/// Skip a string literal starting at the quote at `i`; returns the index after it.
fn skip_string(b: &[u8], mut i: usize) -> Option<usize> {
    i += 1;
    loop {
        match *b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// Find the `[` of the cube form's `cells` list: at depth 1 the tokens
/// `cells : Cube (`, then at depth 2 `cells : [`. Gives up (None) on anything it does not
/// understand (raw strings, char literals, raw identifiers).
fn find_cells_list(b: &[u8]) -> Option<usize> {
    find_list(b, &[b"Cube"], b"cells").map(|(open, _)| open)
}

/// Find the `[` of the list `list` of the cells' variant (one of `variants`): at depth 1
/// the tokens `cells : Variant (`, then at depth 2 `list : [`; with the index of the
/// variant found. Gives up (None) on anything it does not understand.
fn find_list(b: &[u8], variants: &[&[u8]], list: &[u8]) -> Option<(usize, usize)> {
    let mut variant = 0;
    let mut depth = 0usize;
    let mut i = 0;
    // The last three significant tokens, newest first, as (kind, start, end); kind `a`
    // is an identifier, otherwise the punctuation byte.
    let mut prev: [Option<(u8, usize, usize)>; 3] = [None, None, None];
    let mut in_variant_depth: Option<usize> = None;
    loop {
        i = skip_ws(b, i)?;
        let c = *b.get(i)?;
        let token: (u8, usize, usize);
        match c {
            b'"' => {
                let end = skip_string(b, i)?;
                token = (b'"', i, end);
                i = end;
            }
            b'r' if matches!(b.get(i + 1), Some(b'#' | b'"')) => return None,
            b'\'' => return None,
            b'(' | b'[' | b'{' => {
                let is_ident = |t: Option<(u8, usize, usize)>, s: &[u8]| {
                    t.is_some_and(|(k, a, e)| k == b'a' && &b[a..e] == s)
                };
                let is_colon = |t: Option<(u8, usize, usize)>| t.is_some_and(|t| t.0 == b':');
                // `cells : Cube (` at depth 1.
                if c == b'('
                    && depth == 1
                    && in_variant_depth.is_none()
                    && is_colon(prev[1])
                    && is_ident(prev[2], b"cells")
                    && let Some(v) = variants.iter().position(|v| is_ident(prev[0], v))
                {
                    variant = v;
                    in_variant_depth = Some(depth + 1);
                }
                // `list : [` directly inside the variant's `(`.
                if c == b'['
                    && in_variant_depth == Some(depth)
                    && is_colon(prev[0])
                    && is_ident(prev[1], list)
                {
                    return Some((i, variant));
                }
                depth += 1;
                token = (c, i, i + 1);
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if in_variant_depth.is_some_and(|d| depth < d) {
                    return None;
                }
                token = (c, i, i + 1);
                i += 1;
            }
            _ if c.is_ascii_alphabetic() || c == b'_' => {
                let end = ident(b, i)?;
                token = (b'a', i, end);
                i = end;
            }
            _ => {
                token = (c, i, i + 1);
                i += 1;
            }
        }
        prev = [Some(token), prev[0], prev[1]];
    }
}

/// Scan `(int, int, int, int),` … with optional trailing comma from `start` up to the
/// list's closing `]`, calling `f` with each cell; the count and the index of the `]`,
/// `f`'s first error, or `None` on anything else (including integers out of range and a
/// list that never closes), leaving the error to RON.
fn scan_list<E>(
    b: &[u8],
    start: usize,
    f: impl FnMut(usize, CubeCell) -> Result<(), E>,
) -> Option<Result<(usize, usize), E>> {
    scan_tuples(b, start, cube_cell, f)
}

/// One cell's `int, int, int, int)` after its `(`: the cell and the index after the `)`.
fn cube_cell(b: &[u8], mut i: usize) -> Option<(CubeCell, usize)> {
    let mut v = [0i64; 4];
    for (k, slot) in v.iter_mut().enumerate() {
        i = skip_ws(b, i)?;
        let (n, j) = int(b, i)?;
        *slot = n;
        i = skip_ws(b, j)?;
        let want = if k == 3 { b')' } else { b',' };
        if k == 3 && b.get(i) == Some(&b',') {
            // A trailing comma inside the tuple is legal RON.
            i = skip_ws(b, i + 1)?;
        }
        if *b.get(i)? != want {
            return None;
        }
        i += 1;
    }
    let cell = (
        i32::try_from(v[0]).ok()?,
        i32::try_from(v[1]).ok()?,
        i32::try_from(v[2]).ok()?,
        u16::try_from(v[3]).ok()?,
    );
    Some((cell, i))
}

/// Scan a list of tuples from `start` (just after its `[`) up to its closing `]`: each `(`,
/// then `tuple` reads the rest of one (returning it and the index after its `)`), then a
/// comma or the `]`. Calls `f` with each tuple; gives the count and the index of the `]`,
/// `f`'s first error, or `None` on anything `tuple` or the list's punctuation rejects.
fn scan_tuples<'b, T, E>(
    b: &'b [u8],
    start: usize,
    mut tuple: impl FnMut(&'b [u8], usize) -> Option<(T, usize)>,
    mut f: impl FnMut(usize, T) -> Result<(), E>,
) -> Option<Result<(usize, usize), E>> {
    let mut count = 0;
    let mut i = skip_ws(b, start)?;
    loop {
        match *b.get(i)? {
            b']' => return Some(Ok((count, i))),
            b'(' => i += 1,
            _ => return None,
        }
        let (item, after) = tuple(b, i)?;
        if let Err(e) = f(count, item) {
            return Some(Err(e));
        }
        count += 1;
        i = skip_ws(b, after)?;
        match *b.get(i)? {
            b',' => i = skip_ws(b, i + 1)?,
            b']' => return Some(Ok((count, i))),
            _ => return None,
        }
    }
}

/// A decimal integer (optional sign) of at most 12 digits, so it never overflows.
#[inline(always)]
fn int(b: &[u8], mut i: usize) -> Option<(i64, usize)> {
    let neg = match b.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut n: i64 = 0;
    while let Some(&c) = b.get(i) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        if i - start == 12 {
            return None;
        }
        n = n * 10 + i64::from(d);
        i += 1;
    }
    (i > start).then_some((if neg { -n } else { n }, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(list: CubeList<'_>) -> Vec<CubeCell> {
        let mut v = Vec::new();
        list.for_each(|_, c| {
            v.push(c);
            Ok::<(), ()>(())
        })
        .unwrap();
        assert_eq!(v.len(), list.len());
        v
    }

    #[test]
    fn finds_and_empties_the_list_keeping_line_numbers() {
        let text = "(\n  name: \"cells: Cube([(9,9,9,9)])\",\n  cells: Cube(\n    cells: [ (0, 0, 0, 1), /* c */ (1,-1,0,2),\n ], mines: [],\n  ),\n)";
        let (list, emptied) = split_cube_cells(text).unwrap();
        assert_eq!(cells(list), [(0, 0, 0, 1), (1, -1, 0, 2)]);
        assert_eq!(emptied.lines().count(), text.lines().count());
        assert!(emptied.contains("cells: [\n], mines: []") && !emptied.contains("(1,-1"));
        // The lines after the list are the same lines.
        for (a, b) in text.lines().zip(emptied.lines()).skip(5) {
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_lists_end_is_the_bracket_after_its_last_cell_not_one_in_a_comment() {
        let text =
            "(cells: Cube(cells: [(0, 0, 0, 1), /* ] */ (1, -1, 0, 2) // ]\n],\n mines: []))";
        let (list, emptied) = split_cube_cells(text).unwrap();
        assert_eq!(cells(list), [(0, 0, 0, 1), (1, -1, 0, 2)]);
        assert_eq!(emptied, "(cells: Cube(cells: [\n],\n mines: []))");
        // A list that never closes is left to RON.
        assert!(split_cube_cells("(cells: Cube(cells: [(0, 0, 0, 1), ").is_none());
    }

    #[test]
    fn newlines_are_counted_across_runs() {
        let text: Vec<u8> = (0..2000)
            .map(|i| if i % 7 == 0 { b'\n' } else { b'x' })
            .collect();
        assert_eq!(count_newlines(&text), 286);
        assert_eq!(count_newlines(&[b'\n'; 600]), 600);
        assert_eq!(count_newlines(b""), 0);
    }

    #[test]
    fn the_walk_stops_at_the_first_error() {
        let (list, _) =
            split_cube_cells("(cells: Cube(cells: [(0,0,0,1),(1,0,-1,1),(2,0,-2,1)]))").unwrap();
        let mut seen = 0;
        let r = list.for_each(|i, _| {
            seen += 1;
            if i == 1 { Err("stop") } else { Ok(()) }
        });
        assert_eq!((r, seen), (Err("stop"), 2));
    }

    #[test]
    fn unusual_input_falls_back() {
        for text in [
            "(cells: Cube(cells: [(0, 0, 0)]))",
            "(cells: Cube(cells: [(0, 0, 0, 99999)]))",
            "(cells: Cube(cells: [(0, 0, 0, 1) (1, 0, -1, 1)]))",
            "(cells: Cube(cells: [(0x1, 0, 0, 1)]))",
            "(cells: Offset(rows: []))",
            "(name: r#\"x\"#, cells: Cube(cells: [(0, 0, 0, 1)]))",
        ] {
            assert!(split_cube_cells(text).is_none(), "{text}");
        }
        assert_eq!(
            split_cube_cells("(cells: Cube(cells: [(0, 0, 0, 1,),]))").map(|x| cells(x.0)),
            Some(vec![(0, 0, 0, 1)])
        );
    }

    #[test]
    fn a_big_file_whose_bulk_is_not_the_cell_list_is_left_to_ron() {
        let notes = "(0, 0, 0, \"x\"),".repeat(SMALL_FILE / 10);
        let few = format!("(cells: Cube(cells: [(0, 0, 0, 1)], notes: [{notes}]))");
        assert!(split_cube_cells(&few).is_none());
        let cells = "(0, 0, 0, 1),".repeat(SMALL_FILE / 10);
        let many = format!("(cells: Cube(cells: [{cells}], notes: [(0, 0, 0, \"x\")]))");
        let (list, emptied) = split_cube_cells(&many).unwrap();
        assert_eq!(list.len(), SMALL_FILE / 10);
        assert!(emptied.len() < 100, "{}", emptied.len());
    }
}
