//! Typed reading of JSON values with errors that name their place by JSON path
//! (`cells[12].terrain: expected …`), for the JSON export's reader (`json_read`). Long
//! lists are read one element at a time ([`Elements`]): each element is a small
//! `serde_json::Value` turned into its typed form at once, so reading takes about the
//! typed data plus one element, never a tree of the whole file. Every value (an element, or
//! a small top-level key: [`Small`]) is built within a budget of parts ([`Budgeted`]), so a
//! hostile element cannot grow a tree many times its text.

use serde::Deserialize;
use serde::de::{Deserializer, Error as _, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;
use std::rc::Rc;

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
bounded!(u8, u16, u32, i16, i32);

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
    /// The most JSON values (numbers, strings, arrays, objects, each counted once; a string
    /// counted once per 64 bytes too) one element may hold: a bigger one is refused before
    /// it is built, so no element's tree can take much more memory than its text.
    const MAX_VALUES: usize = 4096;
    /// The element at `at` from its value.
    fn read(v: &Value, at: &At) -> Result<Self, String>;
}

/// A top-level key read as a small value: its name and how many parts it may have.
pub(super) trait Key {
    /// The key.
    const KEY: &'static str;
    /// The most parts (see [`Element::MAX_VALUES`]) its value may have.
    const MAX_VALUES: usize;
}

/// A top-level value (the palettes, shape, settings, header fields) built within its key's
/// budget; `None` while the key is missing or null.
pub(super) struct Small<K>(pub Option<Value>, PhantomData<K>);

impl<K> Default for Small<K> {
    fn default() -> Self {
        Small(None, PhantomData)
    }
}

impl<'de, K: Key> Deserialize<'de> for Small<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let budget = Budgeted::new(K::MAX_VALUES, At::root(K::KEY));
        let v = serde::de::DeserializeSeed::deserialize(budget, d)?;
        Ok(Small((!v.is_null()).then_some(v), PhantomData))
    }
}

/// Declares a [`Key`] type per top-level key: `keys!(Name = "name", 64; …)`.
macro_rules! keys {
    ($($ty:ident = $key:literal, $max:expr;)*) => {
        $(
            #[doc = concat!("The top-level key `", $key, "`.")]
            pub(super) struct $ty;
            impl Key for $ty {
                const KEY: &'static str = $key;
                const MAX_VALUES: usize = $max;
            }
        )*
    };
}
pub(super) use keys;

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
                loop {
                    let budget = Budgeted::new(T::MAX_VALUES, list.index(out.len()));
                    let Some(v) = seq.next_element_seed(budget)? else {
                        break;
                    };
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

/// A JSON value built while counting its parts against a budget; past it, an error naming
/// the value's place instead of the rest of the tree.
pub(super) struct Budgeted {
    /// Parts left, shared by the parts of one value.
    left: Rc<Cell<usize>>,
    /// The value's place and its budget, for the message.
    what: Rc<(At, usize)>,
}

impl Budgeted {
    /// The value at `at`, of at most `values` parts.
    pub fn new(values: usize, at: At) -> Self {
        Budgeted {
            left: Rc::new(Cell::new(values)),
            what: Rc::new((at, values)),
        }
    }

    /// The same budget, for a part of the value.
    fn part(&self) -> Self {
        Budgeted {
            left: self.left.clone(),
            what: self.what.clone(),
        }
    }

    /// Take `n` parts of the budget.
    fn spend<E: serde::de::Error>(&self, n: usize) -> Result<(), E> {
        match self.left.get().checked_sub(n) {
            Some(rest) => {
                self.left.set(rest);
                Ok(())
            }
            None => {
                let (at, values) = &*self.what;
                Err(E::custom(at.err(format!(
                    "too large (over {values} JSON values), refused unread"
                ))))
            }
        }
    }
}

impl<'de> serde::de::DeserializeSeed<'de> for Budgeted {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Budgeted {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<Value, E> {
        self.spend(1)?;
        Ok(Value::Bool(b))
    }
    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Value, E> {
        self.spend(1)?;
        Ok(n.into())
    }
    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Value, E> {
        self.spend(1)?;
        Ok(n.into())
    }
    fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Value, E> {
        self.spend(1)?;
        Ok(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Value, E> {
        self.spend(1 + s.len() / 64)?;
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Value, E> {
        self.spend(1 + s.len() / 64)?;
        Ok(Value::String(s))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
        self.spend(1)?;
        Ok(Value::Null)
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        self.spend(1)?;
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(self.part())? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        self.spend(1)?;
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.spend(1 + key.len() / 64)?;
            let v = map.next_value_seed(self.part())?;
            out.insert(key, v);
        }
        Ok(Value::Object(out))
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
