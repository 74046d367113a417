//! Exact pixel→hex picking.
//!
//! Hex edges lie on three families of parallel lines. In fractional cube space
//! (q, r, s) they are the lines where A = q − r, B = r − s or C = s − q is an integer, and
//! every hex is made of the six unit triangles those lines cut around its centre. So the
//! hex under a point is fixed by ⌊A⌋, ⌊B⌋, ⌊C⌋: with A_c − C_c = 3q and B_c − A_c = 3r at a
//! centre, q = ⌊(⌊A⌋ − ⌊C⌋ + 1) / 3⌋ and r = ⌊(⌊B⌋ − ⌊A⌋ + 1) / 3⌋.
//!
//! Each floor is taken in f64 first. Only when a value lies within a rounding-error band of
//! an integer is it decided exactly: the inputs are exact binary fractions, so the sign of
//! `form − n` is the sign of `P·√3 + Q` with P, Q exact rationals, decided by comparing
//! 3P² with Q². The slow path runs for a vanishing share of points.

use super::Hex;
use super::layout::{Layout, Orientation, Point};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, Zero};

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A linear form (k1·√3 + k2)·U/3 + (k3·√3 + k4)·V/3 of the unit coordinates
/// U = (x − ox)/sx, V = (y − oy)/sy, with small integer coefficients.
#[derive(Clone, Copy)]
struct Form {
    k: [i32; 4],
}

impl Form {
    /// The f64 coefficients (c_u, c_v) with form ≈ c_u·U + c_v·V, for the fast path.
    const fn coefficients(self) -> [f64; 2] {
        let [k1, k2, k3, k4] = self.k;
        [
            (k1 as f64 * SQRT3 + k2 as f64) / 3.0,
            (k3 as f64 * SQRT3 + k4 as f64) / 3.0,
        ]
    }
}

/// The fast-path coefficients of the three forms, per orientation, computed at compile time.
const POINTY_COEFFICIENTS: [[f64; 2]; 3] = {
    let f = forms(Orientation::Pointy);
    [
        f[0].coefficients(),
        f[1].coefficients(),
        f[2].coefficients(),
    ]
};
const FLAT_COEFFICIENTS: [[f64; 2]; 3] = {
    let f = forms(Orientation::Flat);
    [
        f[0].coefficients(),
        f[1].coefficients(),
        f[2].coefficients(),
    ]
};

/// The forms A = q − r, B = r − s, C = s − q for an orientation.
const fn forms(orientation: Orientation) -> [Form; 3] {
    match orientation {
        // q = √3/3·U − V/3, r = 2/3·V.
        Orientation::Pointy => [
            Form { k: [1, 0, 0, -3] },
            Form { k: [1, 0, 0, 3] },
            Form { k: [-2, 0, 0, 0] },
        ],
        // q = 2/3·U, r = −U/3 + √3/3·V.
        Orientation::Flat => [
            Form { k: [0, 3, -1, 0] },
            Form { k: [0, 0, 2, 0] },
            Form { k: [0, -3, -1, 0] },
        ],
    }
}

/// The exact inputs of one pick, as rationals, built only when the slow path needs them.
struct ExactInput {
    dx_sy: BigRational,
    dy_sx: BigRational,
    sx_sy: BigRational,
}

impl ExactInput {
    fn new(layout: &Layout, p: Point) -> Option<Self> {
        let r = |x: f64| BigRational::from_float(x);
        let (size, origin) = (layout.size(), layout.origin());
        let dx = r(p.x)? - r(origin.x)?;
        let dy = r(p.y)? - r(origin.y)?;
        let (sx, sy) = (r(size.x)?, r(size.y)?);
        Some(ExactInput {
            dx_sy: dx * &sy,
            dy_sx: dy * &sx,
            sx_sy: sx * sy,
        })
    }

    /// The exact sign of `form − n` (−1, 0 or +1).
    fn sign_minus(&self, form: Form, n: i64) -> i32 {
        // 3·sx·sy·(form − n) = √3·P + Q with sx·sy > 0.
        let [k1, k2, k3, k4] = form.k.map(|k| BigRational::from_integer(BigInt::from(k)));
        let p = &k1 * &self.dx_sy + &k3 * &self.dy_sx;
        let q = &k2 * &self.dx_sy + &k4 * &self.dy_sx
            - BigRational::from_integer(BigInt::from(3 * n)) * &self.sx_sy;
        sign_sqrt3_p_plus_q(&p, &q)
    }
}

/// The sign of √3·p + q for exact rationals.
fn sign_sqrt3_p_plus_q(p: &BigRational, q: &BigRational) -> i32 {
    let sp = signum(p);
    let sq = signum(q);
    if sp == sq || sq == 0 {
        return sp;
    }
    if sp == 0 {
        return sq;
    }
    // Opposite signs: the larger magnitude wins; compare 3p² with q².
    let three = BigRational::from_integer(BigInt::from(3));
    let lhs = three * p * p;
    let rhs = q * q;
    match lhs.cmp(&rhs) {
        std::cmp::Ordering::Greater => sp,
        std::cmp::Ordering::Less => sq,
        // 3p² = q² has no rational solution but p = q = 0, handled above.
        std::cmp::Ordering::Equal => 0,
    }
}

fn signum(x: &BigRational) -> i32 {
    if x.is_zero() {
        0
    } else if x.is_positive() {
        1
    } else {
        -1
    }
}

/// ⌊form⌋, exact. `approx` is the f64 value of the form at the point.
fn exact_floor(
    form: Form,
    approx: f64,
    exact: &mut Option<ExactInput>,
    make: impl Fn() -> Option<ExactInput>,
) -> Option<i64> {
    let input = match exact {
        Some(e) => e,
        None => exact.insert(make()?),
    };
    let mut n = approx.floor() as i64;
    while input.sign_minus(form, n) < 0 {
        n -= 1;
    }
    while input.sign_minus(form, n + 1) >= 0 {
        n += 1;
    }
    Some(n)
}

/// Largest |U| + |V| the fast path accepts (2⁴⁹): the forms stay below 2⁵¹, where
/// [`floor_frac`] is exact. Such a point is ~10⁵ times beyond the i32 hex range anyway.
const UV_LIMIT: f64 = 562_949_953_421_312.0;

/// ⌊x⌋ and x − ⌊x⌋ for |x| < 2⁵¹, in f64 only: adding and subtracting 1.5·2⁵² rounds to
/// the nearest integer exactly, with no libm call (`f64::floor` is one on baseline x86-64,
/// which lacks SSE4.1) and no saturating float→int conversion.
#[inline(always)]
fn floor_frac(x: f64) -> (f64, f64) {
    const MAGIC: f64 = 6_755_399_441_055_744.0; // 1.5 · 2⁵²
    let nearest = (x + MAGIC) - MAGIC;
    let floor = if nearest > x { nearest - 1.0 } else { nearest };
    (floor, x - floor)
}

/// Largest |U| + |V| of the integer fast path (2³⁰): every form then lies within ±1.25·10⁹,
/// so adding [`FLOOR_OFFSET`] keeps it positive and below 2³³, and q and r fit an i32.
const INTEGER_PATH_LIMIT: f64 = 1_073_741_824.0;

/// 3·2³⁰, added to each form so that truncating to an integer is its floor, and a multiple
/// of 3 so that the offsets come out of ⌊…/3⌋ whole.
const FLOOR_OFFSET_INT: i64 = 3 << 30;
/// [`FLOOR_OFFSET_INT`] as an f64 (exact).
const FLOOR_OFFSET: f64 = FLOOR_OFFSET_INT as f64;

/// The unit coordinates U, V of `p` and the fast-path coefficients of the three forms for
/// the layout's orientation. Multiplying by reciprocals (one extra rounding, far inside
/// either path's band) lets a caller's loop over many points hoist the divisions out when
/// the pick is inlined.
#[inline(always)]
fn unit_coordinates(layout: &Layout, p: Point) -> (f64, f64, &'static [[f64; 2]; 3]) {
    let (size, origin) = (layout.size(), layout.origin());
    let u = (p.x - origin.x) * (1.0 / size.x);
    let v = (p.y - origin.y) * (1.0 / size.y);
    let coefficients = match layout.orientation() {
        Orientation::Pointy => &POINTY_COEFFICIENTS,
        Orientation::Flat => &FLAT_COEFFICIENTS,
    };
    (u, v, coefficients)
}

/// The hex containing `p`, decided exactly (see the module docs).
///
/// Fast path, for points within 2³⁰ hex sizes of the origin: each form, shifted by
/// [`FLOOR_OFFSET`] to be positive, is floored by one truncating conversion and q, r follow
/// in integer arithmetic (two divisions by 3, which compile to multiplications). A form
/// within the error band of an integer (rare), or a point farther out, goes to
/// [`pick_any_range`], which settles it exactly.
#[inline]
pub(crate) fn pick_exact(layout: &Layout, p: Point) -> Option<Hex> {
    let (u, v, [[a_u, a_v], [b_u, b_v], _]) = unit_coordinates(layout, p);
    let magnitude = u.abs() + v.abs();
    // NaN and ±∞ fail this too.
    let in_integer_range = magnitude < INTEGER_PATH_LIMIT;
    if !in_integer_range {
        return pick_any_range(layout, p);
    }
    // The shifted forms lie in (2.0·10⁹, 4.5·10⁹): rounding the shift costs at most half an
    // ulp there (4.8·10⁻⁷) on top of the forms' own error (a few ulps of |U| + |V|); the
    // band is many times both.
    let band = 1e-12 * magnitude + 4e-6;
    let a = a_u * u + a_v * v + FLOOR_OFFSET;
    let b = b_u * u + b_v * v + FLOOR_OFFSET;
    // Positive, so truncation is the floor; the differences below are exact.
    let (floor_a, floor_b) = (a as i64, b as i64);
    let (ra, rb) = (a - floor_a as f64, b - floor_b as f64);
    // C = −A − B, so ⌊C⌋ = −⌊A⌋ − ⌊B⌋ − 1 − [ra + rb > 1], on an edge when ra + rb = 1.
    let t = ra + rb;
    let high = 1.0 - band;
    let near_edge = (ra <= band) | (rb <= band) | (ra >= high) | (rb >= high);
    if near_edge | ((t - 1.0).abs() <= 2.0 * band) {
        return pick_any_range(layout, p);
    }
    let carry = i64::from(t > 1.0);
    // With the shifts: q = ⌊(⌊A⌋ − ⌊C⌋ + 1)/3⌋ = ⌊(2a + b + 2 + carry)/3⌋ − offset and
    // r = ⌊(⌊B⌋ − ⌊A⌋ + 1)/3⌋ = ⌊(b − a + 1 + 3·offset)/3⌋ − offset, on positive integers.
    let q = ((2 * floor_a + floor_b + 2 + carry) as u64 / 3) as i64 - FLOOR_OFFSET_INT;
    let r = ((floor_b - floor_a + 1 + 3 * FLOOR_OFFSET_INT) as u64 / 3) as i64 - FLOOR_OFFSET_INT;
    // |q|, |r| < 0.7·2³⁰ here, so the narrowing is lossless.
    Some(Hex::new(q as i32, r as i32))
}

/// The hex containing `p` anywhere, decided exactly: the path for points near an edge or
/// beyond the integer path's range.
///
/// Two divisions, six multiply-adds and a few additions and comparisons per
/// point, branch-free; a form lying within the error band of an integer (rare) sends the
/// point to [`pick_slow`], which settles it exactly.
#[inline(never)]
fn pick_any_range(layout: &Layout, p: Point) -> Option<Hex> {
    let (u, v, [[a_u, a_v], [b_u, b_v], _]) = unit_coordinates(layout, p);
    // |A|, |B|, |C| ≤ 1.16·(|U| + |V|), so below this bound every floor is exact in f64
    // (and a point beyond it is far outside the i32 hex range). NaN and ±∞ fail it too.
    let magnitude = u.abs() + v.abs();
    let in_range = magnitude < UV_LIMIT;
    if !in_range {
        return None;
    }
    // Rounding error of each form is a few ulps of |U| + |V|; this band is far wider.
    let band = 1e-12 * (magnitude + 1.0);
    let (fa, ra) = floor_frac(a_u * u + a_v * v);
    let (fb, rb) = floor_frac(b_u * u + b_v * v);
    // C = −A − B, so ⌊C⌋ = −⌊A⌋ − ⌊B⌋ − 1 − [ra + rb > 1], on an edge when ra + rb = 1.
    let t = ra + rb;
    let high = 1.0 - band;
    let near_edge = (ra <= band) | (rb <= band) | (ra >= high) | (rb >= high);
    if near_edge | ((t - 1.0).abs() <= 2.0 * band) {
        return pick_slow(layout, p, u, v, band);
    }
    let fc = -fa - fb - if t > 1.0 { 2.0 } else { 1.0 };
    // q = ⌊(⌊A⌋ − ⌊C⌋ + 1)/3⌋, r = ⌊(⌊B⌋ − ⌊A⌋ + 1)/3⌋ on exact integers held in f64.
    let q = floor_third(fa - fc + 1.0);
    let r = floor_third(fb - fa + 1.0);
    let fits = |x: f64| (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&x);
    (fits(q) & fits(r)).then(|| Hex::new(q as i32, r as i32))
}

/// ⌊n/3⌋ for an integer-valued n with |n| < 2⁵⁰, exactly: round n·(1/3) to the nearest
/// integer k, then step down when 3k > n (3k is exact).
#[inline(always)]
fn floor_third(n: f64) -> f64 {
    const MAGIC: f64 = 6_755_399_441_055_744.0; // 1.5 · 2⁵²
    let k = (n * (1.0 / 3.0) + MAGIC) - MAGIC;
    if 3.0 * k > n { k - 1.0 } else { k }
}

/// The exact pick for a point near an edge: every form within the band of an integer is
/// floored exactly with rational arithmetic.
#[cold]
fn pick_slow(layout: &Layout, p: Point, u: f64, v: f64, band: f64) -> Option<Hex> {
    let mut exact: Option<ExactInput> = None;
    let mut floors = [0i64; 3];
    for (slot, form) in floors.iter_mut().zip(forms(layout.orientation())) {
        let value = form.coefficients()[0] * u + form.coefficients()[1] * v;
        let nearest = value.round();
        *slot = if (value - nearest).abs() > band {
            value.floor() as i64
        } else {
            exact_floor(form, value, &mut exact, || ExactInput::new(layout, p))?
        };
    }
    hex_from_floors(floors)
}

/// The hex from ⌊A⌋, ⌊B⌋, ⌊C⌋ (module docs), `None` outside the i32 range.
#[inline]
fn hex_from_floors([fa, fb, fc]: [i64; 3]) -> Option<Hex> {
    let q = (fa - fc + 1).div_euclid(3);
    let r = (fb - fa + 1).div_euclid(3);
    Some(Hex::new(i32::try_from(q).ok()?, i32::try_from(r).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_pick_themselves() {
        for orientation in [Orientation::Pointy, Orientation::Flat] {
            let layout =
                Layout::new(orientation, Point::new(10.0, 7.0), Point::new(3.0, -5.0)).unwrap();
            for q in -5..=5 {
                for r in -5..=5 {
                    let h = Hex::new(q, r);
                    assert_eq!(layout.pixel_to_hex(layout.hex_to_pixel(h)), Some(h));
                }
            }
        }
    }

    #[test]
    fn agrees_with_rounding_away_from_edges() {
        let layout = Layout::regular(Orientation::Flat, 1.0).unwrap();
        for i in 0..2000 {
            let p = Point::new(
                (i as f64 * 0.37).sin() * 50.0,
                (i as f64 * 0.91).cos() * 50.0,
            );
            let frac = layout.pixel_to_frac(p);
            let rounded = frac.round();
            // Only compare where rounding is unambiguous.
            let d =
                super::super::FracHex::new(frac.q - rounded.q as f64, frac.r - rounded.r as f64);
            let (a, b, c) = (d.q - d.r, d.r - d.s(), d.s() - d.q);
            if a.abs().max(b.abs()).max(c.abs()) < 0.99 {
                assert_eq!(layout.pixel_to_hex(p), Some(rounded));
            }
        }
    }

    /// The integer path against the any-range path (f64 floors, rational arithmetic near
    /// edges) on random points at every scale it serves, on stretched layouts with offset
    /// origins, and on points at and a hair off corners and edge midpoints.
    #[test]
    fn the_integer_path_agrees_with_the_any_range_path() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut unit = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let layouts = [
            Layout::regular(Orientation::Pointy, 1.0).unwrap(),
            Layout::regular(Orientation::Flat, 1.0).unwrap(),
            Layout::new(
                Orientation::Pointy,
                Point::new(10.0, 7.0),
                Point::new(3.0, -5.0),
            )
            .unwrap(),
            Layout::new(
                Orientation::Flat,
                Point::new(0.3, 19.0),
                Point::new(-71.5, 2.25),
            )
            .unwrap(),
        ];
        let mut checked = 0;
        for layout in &layouts {
            for scale in [1.0, 1e3, 1e6, 1e8, 5e8, 9e8] {
                for _ in 0..2000 {
                    let p = Point::new(
                        (unit() - 0.5) * 2.0 * scale * layout.size().x,
                        (unit() - 0.5) * 2.0 * scale * layout.size().y,
                    );
                    assert_eq!(pick_exact(layout, p), pick_any_range(layout, p), "{p:?}");
                    checked += 1;
                }
            }
            for q in -4..=4 {
                for r in -4..=4 {
                    let h = Hex::new(q * 997, r * 1009);
                    let corners = layout.corners(h);
                    for i in 0..6 {
                        let (c, d) = (corners[i], corners[(i + 1) % 6]);
                        let mid = Point::new((c.x + d.x) / 2.0, (c.y + d.y) / 2.0);
                        for base in [c, mid] {
                            for (dx, dy) in [(0.0, 0.0), (1e-7, 0.0), (0.0, -1e-7), (3e-6, 3e-6)] {
                                let p = Point::new(base.x + dx, base.y + dy);
                                assert_eq!(
                                    pick_exact(layout, p),
                                    pick_any_range(layout, p),
                                    "{p:?}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 60_000, "{checked}");
    }

    #[test]
    fn points_beyond_the_integer_path_are_still_picked_exactly() {
        let layout = Layout::regular(Orientation::Pointy, 1.0).unwrap();
        for x in [1.0e9, 1.2e9, 3.0e9, 2.0e12] {
            let h = layout.pixel_to_hex_rounded(Point::new(x, 0.0));
            let centre = layout.hex_to_pixel(h);
            assert_eq!(layout.pixel_to_hex(centre), Some(h), "{x}");
        }
    }

    #[test]
    fn non_finite_and_huge_points_give_none() {
        let layout = Layout::regular(Orientation::Pointy, 1.0).unwrap();
        assert_eq!(layout.pixel_to_hex(Point::new(f64::NAN, 0.0)), None);
        assert_eq!(layout.pixel_to_hex(Point::new(1e300, 0.0)), None);
    }

    #[test]
    fn sign_of_sqrt3_forms() {
        let r = |x: i64| BigRational::from_integer(BigInt::from(x));
        assert_eq!(sign_sqrt3_p_plus_q(&r(1), &r(-1)), 1);
        assert_eq!(sign_sqrt3_p_plus_q(&r(1), &r(-2)), -1);
        assert_eq!(sign_sqrt3_p_plus_q(&r(-1), &r(2)), 1);
        assert_eq!(sign_sqrt3_p_plus_q(&r(0), &r(0)), 0);
        assert_eq!(sign_sqrt3_p_plus_q(&r(0), &r(-3)), -1);
    }
}
