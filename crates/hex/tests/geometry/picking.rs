//! Exact picking, checked against an independent exact reference.
//!
//! The reference finds the nearest hex centre (hexes are the Voronoi cells of their centres
//! in the unstretched metric) with exact rational arithmetic: squared distances have the
//! form P·√3 + Q, compared exactly. It shares no code with the crate's `pick` module, which takes
//! floors of three edge-line forms instead.

use hexmap_hex::{Hex, Layout, Orientation, Point};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::Zero;
use std::cmp::Ordering;

type Q = BigRational;

fn rat(x: f64) -> Q {
    Q::from_float(x).expect("finite")
}

fn int(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// Sign of √3·p + q.
fn sign(p: &Q, q: &Q) -> Ordering {
    let zero = Q::zero();
    let (sp, sq) = (p.cmp(&zero), q.cmp(&zero));
    if sp == sq || sq == Ordering::Equal {
        return sp;
    }
    if sp == Ordering::Equal {
        return sq;
    }
    match (int(3) * p * p).cmp(&(q * q)) {
        Ordering::Greater => sp,
        Ordering::Less => sq,
        Ordering::Equal => Ordering::Equal,
    }
}

/// Squared unit-metric distance from the point to a hex centre, as (P, Q) meaning P·√3 + Q.
fn dist2(o: Orientation, u: &Q, v: &Q, h: Hex) -> (Q, Q) {
    let (q, r) = (int(h.q.into()), int(h.r.into()));
    let half = Q::new(BigInt::from(1), BigInt::from(2));
    let three_halves = Q::new(BigInt::from(3), BigInt::from(2));
    match o {
        // centre = (√3·(q + r/2), 3/2·r)
        Orientation::Pointy => {
            let a = &q + &r * &half;
            let b = &r * &three_halves;
            let dv = v - &b;
            (int(-2) * u * &a, u * u + int(3) * &a * &a + &dv * &dv)
        }
        // centre = (3/2·q, √3·(q/2 + r))
        Orientation::Flat => {
            let c = &q * &half + &r;
            let a = &q * &three_halves;
            let du = u - &a;
            (int(-2) * v * &c, v * v + int(3) * &c * &c + &du * &du)
        }
    }
}

/// All hexes at the exactly smallest distance among those within 2 of `guess`.
fn nearest(layout: &Layout, p: Point, guess: Hex) -> Vec<Hex> {
    let (s, o) = (layout.size(), layout.origin());
    let u = (rat(p.x) - rat(o.x)) / rat(s.x);
    let v = (rat(p.y) - rat(o.y)) / rat(s.y);
    let mut best: Vec<(Hex, (Q, Q))> = Vec::new();
    for dq in -2..=2 {
        for dr in -2..=2 {
            let h = Hex::new(guess.q + dq, guess.r + dr);
            if h.distance(guess) > 2 {
                continue;
            }
            let d = dist2(layout.orientation(), &u, &v, h);
            match best.first() {
                None => best.push((h, d)),
                Some((_, b)) => match sign(&(&d.0 - &b.0), &(&d.1 - &b.1)) {
                    Ordering::Less => best = vec![(h, d)],
                    Ordering::Equal => best.push((h, d)),
                    Ordering::Greater => {}
                },
            }
        }
    }
    best.into_iter().map(|(h, _)| h).collect()
}

/// A small deterministic generator so the point set is reproducible.
struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
}

/// Step `x` by `k` units in the last place.
fn nudge(x: f64, k: i64) -> f64 {
    let mut y = x;
    for _ in 0..k.unsigned_abs() {
        y = if k > 0 { y.next_up() } else { y.next_down() };
    }
    y
}

/// Points within a few ulps of edges and vertices of hexes around world distance `far`.
fn hard_points(rng: &mut SplitMix, layout: &Layout, far: f64, n: usize) -> Vec<Point> {
    let s = layout.size();
    // A hex whose centre is roughly `far` world units from the origin, in a random direction.
    let reach = (far / s.x.max(s.y)) as i64;
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let angle = rng.unit() * std::f64::consts::TAU;
        let probe = Point::new(
            layout.origin().x + far * angle.cos(),
            layout.origin().y + far * angle.sin(),
        );
        let h = if reach == 0 {
            Hex::new(rng.range(-3, 3) as i32, rng.range(-3, 3) as i32)
        } else {
            layout.pixel_to_hex_rounded(probe)
        };
        let corners = layout.corners(h);
        let i = rng.range(0, 5) as usize;
        let base = if rng.unit() < 0.5 {
            corners[i]
        } else {
            let t = rng.unit();
            let (a, b) = (corners[i], corners[(i + 1) % 6]);
            Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
        };
        let (kx, ky) = (rng.range(-3, 3), rng.range(-3, 3));
        out.push(Point::new(nudge(base.x, kx), nudge(base.y, ky)));
    }
    out
}

fn layouts() -> Vec<Layout> {
    let mut v = Vec::new();
    for o in [Orientation::Pointy, Orientation::Flat] {
        v.push(Layout::new(o, Point::new(1.0, 1.0), Point::new(0.0, 0.0)).unwrap());
        v.push(Layout::new(o, Point::new(10.0, 15.0), Point::new(35.0, 71.0)).unwrap());
        v.push(Layout::new(o, Point::new(0.37, 0.21), Point::new(-3.3, 7.1)).unwrap());
    }
    v
}

/// Returns (points, wrong answers of ours, wrong answers of plain f64 rounding).
fn check(far: f64, per_layout: usize, seed: u64) -> (usize, usize, usize) {
    let mut rng = SplitMix(seed);
    let (mut total, mut ours_wrong, mut naive_wrong) = (0, 0, 0);
    for layout in layouts() {
        for p in hard_points(&mut rng, &layout, far, per_layout) {
            let naive = layout.pixel_to_hex_rounded(p);
            let truth = nearest(&layout, p, naive);
            let ours = layout.pixel_to_hex(p).expect("in range");
            total += 1;
            if !truth.contains(&ours) {
                ours_wrong += 1;
                eprintln!("wrong: {layout:?} {p:?}: ours {ours}, truth {truth:?}");
            }
            if !truth.contains(&naive) {
                naive_wrong += 1;
            }
        }
    }
    (total, ours_wrong, naive_wrong)
}

#[test]
fn exact_near_edges_and_vertices_at_the_origin() {
    let (total, ours, naive) = check(0.0, 1500, 1);
    eprintln!("origin: {total} points, ours wrong {ours}, f64 rounding wrong {naive}");
    assert_eq!(ours, 0);
}

#[test]
fn exact_near_edges_and_vertices_at_1e6_world_units() {
    let (total, ours, naive) = check(1e6, 1500, 2);
    eprintln!("1e6: {total} points, ours wrong {ours}, f64 rounding wrong {naive}");
    assert_eq!(ours, 0);
    // The points really are hard: plain rounding gets some of them wrong.
    assert!(
        naive > 0,
        "test points are not near enough to edges to be a test"
    );
}

#[test]
fn exact_far_out_at_1e8_world_units() {
    let (total, ours, naive) = check(1e8, 500, 3);
    eprintln!("1e8: {total} points, ours wrong {ours}, f64 rounding wrong {naive}");
    assert_eq!(ours, 0);
}
