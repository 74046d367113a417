//! Typed reading of JSON values with errors that name their place by JSON path
//! (`cells[12].terrain: expected …`), for the JSON export's reader (`json_read`). Long
//! lists are read one element at a time ([`Elements`]): each element is a small
//! `serde_json::Value` turned into its typed form at once, so reading takes about the
//! typed data plus one element, never a tree of the whole file.

use serde::Deserialize;
use serde::de::{Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;
use std::marker::PhantomData;

/// A place in the document: `cells[12].terrain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct At(pub String);

impl At {
    /// The top-level key `key`.
    pub fn root(key: &str) -> At {
        At(key.to_owned())
    }

    /// The member `key` of this object.
    pub fn key(&self, key: &str) -> At {
        At(format!("{}.{key}", self.0))
    }

    /// The element `i` of this array.
    pub fn index(&self, i: usize) -> At {
        At(format!("{}[{i}]", self.0))
    }

    /// "PLACE: PROBLEM", the form of every message of the reader.
    pub fn err(&self, problem: impl fmt::Display) -> String {
        format!("{}: {problem}", self.0)
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A value as shown in a message: its JSON, shortened to 40 characters.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// `v` as an object.
pub(super) fn object<'v>(v: &'v Value, at: &At) -> Result<&'v Map<String, Value>, String> {
    v.as_object()
        .ok_or_else(|| at.err(format!("expected an object, got {}", shown(v))))
}

/// The member `key` of `obj` (at `at`), which must be there.
pub(super) fn member<'v>(
    obj: &'v Map<String, Value>,
    key: &str,
    at: &At,
) -> Result<(&'v Value, At), String> {
    let place = at.key(key);
    obj.get(key)
        .map(|v| (v, place.clone()))
        .ok_or_else(|| place.err("missing"))
}

/// `v` as an integer of type `T` (its range named in the message).
pub(super) fn int<T>(v: &Value, at: &At) -> Result<T, String>
where
    T: TryFrom<i64> + Bounded,
{
    v.as_i64().and_then(|n| T::try_from(n).ok()).ok_or_else(|| {
        at.err(format!(
            "expected an integer from {} to {}, got {}",
            T::LOW,
            T::HIGH,
            shown(v)
        ))
    })
}

/// The range of an integer type, for messages.
pub(super) trait Bounded {
    /// The smallest value.
    const LOW: i64;
    /// The largest value.
    const HIGH: i64;
}

macro_rules! bounded {
    ($($t:ty),*) => {
        $(impl Bounded for $t {
            const LOW: i64 = <$t>::MIN as i64;
            const HIGH: i64 = <$t>::MAX as i64;
        })*
    };
}
bounded!(u8, u16, u32, i32);

/// `v` as a finite number.
pub(super) fn number(v: &Value, at: &At) -> Result<f64, String> {
    v.as_f64()
        .filter(|x| x.is_finite())
        .ok_or_else(|| at.err(format!("expected a number, got {}", shown(v))))
}

/// `v` as a string.
pub(super) fn text<'v>(v: &'v Value, at: &At) -> Result<&'v str, String> {
    v.as_str()
        .ok_or_else(|| at.err(format!("expected a string, got {}", shown(v))))
}

/// `v` as a boolean.
pub(super) fn boolean(v: &Value, at: &At) -> Result<bool, String> {
    v.as_bool()
        .ok_or_else(|| at.err(format!("expected true or false, got {}", shown(v))))
}

/// `v` as an array.
pub(super) fn array<'v>(v: &'v Value, at: &At) -> Result<&'v [Value], String> {
    v.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| at.err(format!("expected an array, got {}", shown(v))))
}

/// `v` as `[a, b]` of two values read by `each`.
pub(super) fn pair<T>(
    v: &Value,
    at: &At,
    each: fn(&Value, &At) -> Result<T, String>,
) -> Result<[T; 2], String> {
    match array(v, at)? {
        [a, b] => Ok([each(a, &at.index(0))?, each(b, &at.index(1))?]),
        other => Err(at.err(format!("expected 2 values, got {}", other.len()))),
    }
}

/// `None` for `null`, else `read(v)`.
pub(super) fn nullable<'v, T>(
    v: &'v Value,
    at: &At,
    read: impl FnOnce(&'v Value, &At) -> Result<T, String>,
) -> Result<Option<T>, String> {
    if v.is_null() {
        Ok(None)
    } else {
        read(v, at).map(Some)
    }
}

/// An element type of a long list, read from one JSON value.
pub(super) trait Element: Sized {
    /// The top-level key of the list (`cells`), for messages.
    const LIST: &'static str;
    /// The most elements the list may have (a map limit): more is refused while reading.
    const MAX: usize;
    /// The element at `at` from its value.
    fn read(v: &Value, at: &At) -> Result<Self, String>;
}

/// A top-level list read element by element; `None` while the key is missing.
pub(super) struct Elements<T>(pub Option<Vec<T>>);

impl<T> Default for Elements<T> {
    fn default() -> Self {
        Elements(None)
    }
}

impl<'de, T: Element> Deserialize<'de> for Elements<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Each<T>(PhantomData<fn() -> T>);
        impl<'de, T: Element> Visitor<'de> for Each<T> {
            type Value = Vec<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}: an array", T::LIST)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
                let mut out = Vec::new();
                let list = At::root(T::LIST);
                while let Some(v) = seq.next_element::<Value>()? {
                    if out.len() == T::MAX {
                        return Err(A::Error::custom(
                            list.err(format!("more than {} elements, over the limit", T::MAX)),
                        ));
                    }
                    let item = T::read(&v, &list.index(out.len())).map_err(A::Error::custom)?;
                    out.push(item);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Each::<T>(PhantomData))
            .map(|v| Elements(Some(v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_name_the_place_and_the_value() {
        let at = At::root("cells").index(3).key("terrain");
        assert_eq!(
            int::<u16>(&json!("x"), &at).unwrap_err(),
            "cells[3].terrain: expected an integer from 0 to 65535, got \"x\""
        );
        assert_eq!(int::<u16>(&json!(7), &at), Ok(7));
        assert!(int::<u16>(&json!(70000), &at).is_err());
        assert!(int::<u16>(&json!(1.5), &at).is_err());
        let long = json!("a".repeat(100));
        assert!(text(&json!(1), &at).unwrap_err().ends_with("got 1"));
        assert!(boolean(&long, &at).unwrap_err().ends_with('…'));
        let o = json!({"a": 1});
        let obj = object(&o, &At::root("m")).unwrap();
        assert_eq!(
            member(obj, "b", &At::root("m")).unwrap_err(),
            "m.b: missing"
        );
        assert_eq!(pair(&json!([1, 2]), &at, int::<i32>), Ok([1, 2]));
        assert!(
            pair(&json!([1]), &at, int::<i32>)
                .unwrap_err()
                .contains("expected 2 values")
        );
        assert_eq!(nullable(&Value::Null, &at, number), Ok(None));
        assert!(number(&json!(null), &at).is_err());
    }
}
