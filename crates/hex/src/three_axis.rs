//! The three-axis hex notation used by board games such as Blue Max: three axes toward 12,
//! 2 and 4 o'clock on flat-topped hexes, written `[a,b,c]`.
//!
//! One hex has many triples (`[1,0,1]` and `[0,1,0]` are the same hex). The normal form has
//! at most two non-zero values, on adjacent axes, and its |a|+|b|+|c| is the distance from
//! the origin. The two-axis form `[a − c, b + c]` drops the redundancy entirely.

use super::Hex;
use std::fmt;

/// A hex written on the three axes (12, 2 and 4 o'clock on flat-topped hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThreeAxis {
    /// Steps toward 12 o'clock.
    pub a: i32,
    /// Steps toward 2 o'clock.
    pub b: i32,
    /// Steps toward 4 o'clock.
    pub c: i32,
}

/// Why a three-axis or two-axis text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThreeAxisError {
    /// Not of the form `[a,b,c]` (or `[x,y]` for two-axis).
    #[error("'{text}' is not a {expected}-axis coordinate like {example}")]
    Malformed {
        /// The text given.
        text: String,
        /// 2 or 3.
        expected: usize,
        /// An example of the expected form.
        example: &'static str,
    },
    /// A number does not fit in 32 bits or the hex it names is out of range.
    #[error("'{text}' is out of range (coordinates must fit in 32-bit integers)")]
    OutOfRange {
        /// The text given.
        text: String,
    },
}

fn median3(x: i64, y: i64, z: i64) -> i64 {
    x.max(y).min(x.min(y).max(z))
}

impl ThreeAxis {
    /// A triple, not necessarily normal.
    #[must_use]
    pub const fn new(a: i32, b: i32, c: i32) -> Self {
        ThreeAxis { a, b, c }
    }

    /// The normal form of the same hex: subtract t = median(a, −b, c) as `[a − t, b + t, c − t]`.
    ///
    /// ```
    /// use hexmap_hex::three_axis::ThreeAxis;
    /// assert_eq!(ThreeAxis::new(1, 0, 1).normalized(), ThreeAxis::new(0, 1, 0));
    /// ```
    #[must_use]
    pub fn normalized(self) -> ThreeAxis {
        let (a, b, c) = (i64::from(self.a), i64::from(self.b), i64::from(self.c));
        let t = median3(a, -b, c);
        // Each result lies between two of the inputs' values, so it fits in i32.
        ThreeAxis::new((a - t) as i32, (b + t) as i32, (c - t) as i32)
    }

    /// True when this triple is the normal form (median(a, −b, c) = 0).
    #[must_use]
    pub fn is_normal(self) -> bool {
        median3(i64::from(self.a), -i64::from(self.b), i64::from(self.c)) == 0
    }

    /// The hex this triple names: q = b + c, r = −(a + b), s = a − c. `None` if out of range.
    ///
    /// ```
    /// use hexmap_hex::three_axis::ThreeAxis;
    /// // Reference vector: [4,−1,−2] normalises to [3,0,−3], the cube hex (−3,−3,6).
    /// let t = ThreeAxis::new(4, -1, -2);
    /// assert_eq!(t.normalized(), ThreeAxis::new(3, 0, -3));
    /// assert_eq!(t.to_hex().unwrap().cube(), [-3, -3, 6]);
    /// assert_eq!(t.length(), 6);
    /// ```
    #[must_use]
    pub fn to_hex(self) -> Option<Hex> {
        let (a, b, c) = (i64::from(self.a), i64::from(self.b), i64::from(self.c));
        let q = i32::try_from(b + c).ok()?;
        let r = i32::try_from(-(a + b)).ok()?;
        i32::try_from(a - c).ok()?;
        Some(Hex::new(q, r))
    }

    /// The normal triple of a hex.
    #[must_use]
    pub fn from_hex(h: Hex) -> ThreeAxis {
        // [−r, 0, q] names h (q = 0 + q, r = −(−r), s = −r − q); then normalise.
        let t = median3(-i64::from(h.r), 0, i64::from(h.q));
        ThreeAxis::new(
            (-i64::from(h.r) - t) as i32,
            t as i32,
            (i64::from(h.q) - t) as i32,
        )
    }

    /// The two-axis form `[a − c, b + c]` (= `[s, q]` of the cube form); the same for every
    /// triple of one hex.
    ///
    /// ```
    /// use hexmap_hex::three_axis::ThreeAxis;
    /// // Reference vector: [0,1,2] → [−2,3].
    /// assert_eq!(ThreeAxis::new(0, 1, 2).two_axis(), [-2, 3]);
    /// ```
    #[must_use]
    pub fn two_axis(self) -> [i64; 2] {
        let (a, b, c) = (i64::from(self.a), i64::from(self.b), i64::from(self.c));
        [a - c, b + c]
    }

    /// The number of steps from the origin: |a|+|b|+|c| of the normal form.
    #[must_use]
    pub fn length(self) -> i64 {
        let n = self.normalized();
        i64::from(n.a).abs() + i64::from(n.b).abs() + i64::from(n.c).abs()
    }

    /// Read `[a,b,c]` (brackets optional, spaces allowed).
    pub fn parse(text: &str) -> Result<ThreeAxis, ThreeAxisError> {
        let [a, b, c] = parse_numbers::<3>(text, "[0,1,2]")?;
        let fit = |v: i64| {
            i32::try_from(v).map_err(|_| ThreeAxisError::OutOfRange {
                text: text.to_string(),
            })
        };
        Ok(ThreeAxis::new(fit(a)?, fit(b)?, fit(c)?))
    }
}

/// The hex named by a two-axis coordinate `[x, y]` = `[s, q]`. `None` if out of range.
#[must_use]
pub fn hex_from_two_axis([x, y]: [i64; 2]) -> Option<Hex> {
    let q = i32::try_from(y).ok()?;
    let r = i32::try_from(-x - y).ok()?;
    i32::try_from(x).ok()?;
    Some(Hex::new(q, r))
}

/// Read a two-axis coordinate `[x,y]` (brackets optional, spaces allowed).
pub fn parse_two_axis(text: &str) -> Result<[i64; 2], ThreeAxisError> {
    let v = parse_numbers::<2>(text, "[-2,3]")?;
    if v.iter().any(|x| i32::try_from(*x).is_err()) {
        return Err(ThreeAxisError::OutOfRange {
            text: text.to_string(),
        });
    }
    Ok(v)
}

fn parse_numbers<const N: usize>(
    text: &str,
    example: &'static str,
) -> Result<[i64; N], ThreeAxisError> {
    let malformed = || ThreeAxisError::Malformed {
        text: text.to_string(),
        expected: N,
        example,
    };
    let t = text.trim();
    let inner = match (t.strip_prefix('['), t.strip_suffix(']')) {
        (Some(_), Some(_)) if t.len() >= 2 => &t[1..t.len() - 1],
        (None, None) => t,
        _ => return Err(malformed()),
    };
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    if parts.len() != N {
        return Err(malformed());
    }
    let mut out = [0i64; N];
    for (slot, part) in out.iter_mut().zip(&parts) {
        *slot = match part.parse::<i64>() {
            Ok(v) => v,
            Err(e)
                if matches!(
                    e.kind(),
                    std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow
                ) =>
            {
                return Err(ThreeAxisError::OutOfRange {
                    text: text.to_string(),
                });
            }
            Err(_) => return Err(malformed()),
        };
    }
    Ok(out)
}

impl fmt::Display for ThreeAxis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{},{},{}]", self.a, self.b, self.c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_vectors() {
        let cases = [
            ([1, 0, 1], [0, 1, 0], [1, -1, 0]),
            ([0, 1, 2], [0, 1, 2], [3, -1, -2]),
            ([3, 0, 1], [2, 1, 0], [1, -3, 2]),
            ([2, -1, 0], [1, 0, -1], [-1, -1, 2]),
            ([4, -1, -2], [3, 0, -3], [-3, -3, 6]),
        ];
        for (input, normal, cube) in cases {
            let t = ThreeAxis::new(input[0], input[1], input[2]);
            let n = t.normalized();
            assert_eq!([n.a, n.b, n.c], normal, "{t}");
            assert_eq!(t.to_hex().unwrap().cube(), cube, "{t}");
            assert_eq!(ThreeAxis::from_hex(t.to_hex().unwrap()), n);
        }
        assert_eq!(ThreeAxis::new(0, 1, 2).two_axis(), [-2, 3]);
        assert_eq!(hex_from_two_axis([-2, 3]).unwrap().cube(), [3, -1, -2]);
    }

    #[test]
    fn parsing() {
        assert_eq!(
            ThreeAxis::parse("[4,-1,-2]").unwrap(),
            ThreeAxis::new(4, -1, -2)
        );
        assert_eq!(
            ThreeAxis::parse(" [ 1 , 0 , 1 ] ").unwrap(),
            ThreeAxis::new(1, 0, 1)
        );
        assert_eq!(ThreeAxis::parse("1,0,1").unwrap(), ThreeAxis::new(1, 0, 1));
        assert!(matches!(
            ThreeAxis::parse("[1,0]"),
            Err(ThreeAxisError::Malformed { .. })
        ));
        assert!(matches!(
            ThreeAxis::parse("[1,0,1"),
            Err(ThreeAxisError::Malformed { .. })
        ));
        assert!(matches!(
            ThreeAxis::parse("[a,0,1]"),
            Err(ThreeAxisError::Malformed { .. })
        ));
        assert!(matches!(
            ThreeAxis::parse("[99999999999,0,1]"),
            Err(ThreeAxisError::OutOfRange { .. })
        ));
        assert_eq!(parse_two_axis("[-2,3]").unwrap(), [-2, 3]);
        assert!(parse_two_axis("[1,2,3]").is_err());
    }
}
