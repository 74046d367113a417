//! The crate's geometry checked through its public API against outside facts: the
//! published reference vectors (see the crate docs, "Reference vectors"), conversions
//! between every coordinate system, the path and range algorithms against plain
//! reference implementations, exact picking against rational arithmetic, and arithmetic
//! at the documented coordinate limit. One binary, so the suite links once.

mod algorithms;
mod conversions;
mod coordinate_limits;
mod picking;
mod reference;
