//! Walking a list kept as RON text ([`super::super::model::Raw`]) one element at a time,
//! so no list of a file is ever held whole in memory.

use super::super::error::FormatError;
use serde::de::{self, DeserializeOwned, Deserializer, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// A list in the parsed text: its RON text and where it starts, for error positions.
#[derive(Clone, Copy)]
pub(super) struct RawList<'a> {
    /// The list, brackets included (empty for a list left out of the file).
    text: &'a str,
    /// The whole text it was cut from.
    file: &'a str,
    /// The RON extensions the file enabled (`#![enable(...)]`), which apply to it too.
    extensions: ron::extensions::Extensions,
}

/// Stop walking a list: after the first element (`first`), or with a content error.
enum Stop {
    Done,
    Error(FormatError),
}

impl<'a> RawList<'a> {
    /// The list `text` (if the field was given) cut from `file`.
    pub(super) fn new(
        text: Option<&'a str>,
        file: &'a str,
        extensions: ron::extensions::Extensions,
    ) -> Self {
        RawList {
            text: text.unwrap_or(""),
            file,
            extensions,
        }
    }

    /// True when the file gave the list (even an empty one).
    pub(super) fn is_present(&self) -> bool {
        !self.text.is_empty()
    }

    /// Where the list starts in the file (byte offset), for sorting lists in file order.
    pub(super) fn offset(&self) -> usize {
        (self.text.as_ptr() as usize).saturating_sub(self.file.as_ptr() as usize)
    }

    /// Call `f` with each element in order, stopping at its first error; returns how many
    /// elements there are. A list that is not a list of `T` is a syntax error at its line
    /// and column in the file.
    pub(super) fn for_each<T: DeserializeOwned>(
        &self,
        mut f: impl FnMut(usize, T) -> Result<(), FormatError>,
    ) -> Result<usize, FormatError> {
        let mut count = 0;
        self.walk(|i, v| {
            count = i + 1;
            f(i, v).map_err(Stop::Error)
        })?;
        Ok(count)
    }

    /// The first element, if any.
    pub(super) fn first<T: DeserializeOwned>(&self) -> Result<Option<T>, FormatError> {
        let mut first = None;
        self.walk(|_, v| {
            first = Some(v);
            Err(Stop::Done)
        })?;
        Ok(first)
    }

    fn walk<T: DeserializeOwned>(
        &self,
        f: impl FnMut(usize, T) -> Result<(), Stop>,
    ) -> Result<(), FormatError> {
        if self.text.is_empty() {
            return Ok(());
        }
        let options = ron::Options::default().with_default_extension(self.extensions);
        let mut de = ron::Deserializer::from_str_with_options(self.text, &options)
            .map_err(|e| self.syntax(e))?;
        let mut stop = None;
        let result = (&mut de).deserialize_seq(Each {
            f,
            stop: &mut stop,
            of: PhantomData,
        });
        match (result, stop) {
            (_, Some(Stop::Done)) => Ok(()),
            (_, Some(Stop::Error(e))) => Err(e),
            (Err(e), None) => Err(self.syntax(de.span_error(e))),
            (Ok(()), None) => de.end().map_err(|e| self.syntax(de.span_error(e))),
        }
    }

    /// A RON error inside the list, placed at its line and column in the file.
    fn syntax(&self, e: ron::error::SpannedError) -> FormatError {
        let before = &self.file[..self.offset().min(self.file.len())];
        let line0 = before.matches('\n').count();
        let col0 = before.rsplit('\n').next().map_or(0, |l| l.chars().count());
        let (line, column) = if e.span.start.line <= 1 {
            (line0 + 1, col0 + e.span.start.col)
        } else {
            (line0 + e.span.start.line, e.span.start.col)
        };
        FormatError::Syntax {
            line,
            column,
            message: e.code.to_string(),
        }
    }
}

/// Feeds each element of a sequence to `f`; a stop is left in `stop`.
struct Each<'s, T, F> {
    f: F,
    stop: &'s mut Option<Stop>,
    of: PhantomData<fn() -> T>,
}

impl<'de, T, F> Visitor<'de> for Each<'_, T, F>
where
    T: DeserializeOwned,
    F: FnMut(usize, T) -> Result<(), Stop>,
{
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        while let Some(v) = seq.next_element::<T>()? {
            if let Err(stop) = (self.f)(i, v) {
                *self.stop = Some(stop);
                return Err(de::Error::custom("stopped"));
            }
            i += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(file: &str, needle: &str) -> RawList<'static> {
        let file: &'static str = Box::leak(file.to_owned().into_boxed_str());
        let at = file.find(needle).unwrap();
        RawList::new(
            Some(&file[at..at + needle.len()]),
            file,
            ron::extensions::Extensions::empty(),
        )
    }

    #[test]
    fn walks_elements_in_order_and_counts() {
        let l = list("(a: [(1, 2), (3, 4)])", "[(1, 2), (3, 4)]");
        let mut seen = Vec::new();
        let n = l
            .for_each::<(i32, i32)>(|i, v| {
                seen.push((i, v));
                Ok(())
            })
            .unwrap();
        assert_eq!((n, seen), (2, vec![(0, (1, 2)), (1, (3, 4))]));
        assert_eq!(l.first::<(i32, i32)>().unwrap(), Some((1, 2)));
        let empty = RawList::new(None, "", ron::extensions::Extensions::empty());
        assert_eq!(empty.for_each::<u8>(|_, _| Ok(())).unwrap(), 0);
    }

    /// The error RON gives for the whole text, as (line, column, message).
    fn whole(file: &str) -> (usize, usize, String) {
        #[derive(serde::Deserialize)]
        struct File {
            #[allow(dead_code, reason = "only parsed")]
            a: Vec<u8>,
        }
        let e = ron::from_str::<File>(file).err().unwrap();
        (e.span.start.line, e.span.start.col, e.code.to_string())
    }

    #[test]
    fn errors_are_placed_in_the_file_as_a_whole_parse_places_them() {
        for (file, l) in [
            ("(\n  a: [1,\n   2, \"x\"],\n)", "[1,\n   2, \"x\"]"),
            ("(a:  [7, 300])", "[7, 300]"),
            ("(\n a: [7,\n\n 8, (1)])", "[7,\n\n 8, (1)]"),
        ] {
            let e = list(file, l).for_each::<u8>(|_, _| Ok(())).unwrap_err();
            let FormatError::Syntax {
                line,
                column,
                message,
            } = e
            else {
                panic!("{e:?}")
            };
            assert_eq!((line, column, message), whole(file), "{file:?}");
        }
    }

    #[test]
    fn content_errors_stop_the_walk() {
        let stop = FormatError::NotAHexmap("stop".into());
        let mut calls = 0;
        let e = list("[1, 2, 3]", "[1, 2, 3]")
            .for_each::<u8>(|i, _| {
                calls += 1;
                if i == 1 { Err(stop.clone()) } else { Ok(()) }
            })
            .unwrap_err();
        assert_eq!((e, calls), (stop, 2));
    }
}
