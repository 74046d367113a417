//! What a [`BiomeTable`] must be, checked in one place: the generator, the biome file reader
//! (`io::biomes`), the CLI and the editor's Generate window all call [`BiomeTable::validate`].
//!
//! Rows are tried in order and the first whose ranges hold a cell names its terrain, so
//! rows may overlap (an earlier row wins). What is refused: an empty table, too many rows,
//! a row without a terrain name (or one too long for a palette), a bound that is not a
//! number, a range that holds nothing, and a *gap*: elevations and moistures no row takes,
//! whose cells would get no terrain at all. Elevation runs over every `i16` (metres, sea
//! level 0) and moisture over 0 to 1, both ends included (water cells have moisture 1).

use super::biome::{BiomeRule, BiomeTable};
use hexmap_map::palette::MAX_NAME_LEN;

/// Most rows a biome table may have.
pub const MAX_ROWS: usize = 100;

/// A `below_moisture` over 1 takes every moisture: the value the standard table and new
/// rows use for "no upper bound".
pub const ANY_MOISTURE: f32 = 2.0;

/// Why a biome table cannot be used. Rows are counted from 1, as a person reads a file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BiomeError {
    /// No rows at all.
    #[error(
        "the biome table has no rows; add at least one (`hexmap generate --print-biomes` \
         prints the standard table to start from)"
    )]
    Empty,
    /// More rows than [`MAX_ROWS`].
    #[error("the biome table has {0} rows, over the limit of {MAX_ROWS}")]
    TooMany(usize),
    /// A row's terrain name is empty or only spaces.
    #[error("row {row}: terrain: the name is empty; name a terrain such as \"Grassland\"")]
    NoName {
        /// The row, from 1.
        row: usize,
    },
    /// A row's terrain name is longer than a palette allows.
    #[error("row {row}: terrain: the name is over {MAX_NAME_LEN} bytes")]
    NameTooLong {
        /// The row, from 1.
        row: usize,
    },
    /// A moisture bound is not a number.
    #[error("row {row} ({terrain}): {field}: not a number; use a number from 0 to 1")]
    NotANumber {
        /// The row, from 1.
        row: usize,
        /// The row's terrain.
        terrain: String,
        /// `min_moisture` or `below_moisture`.
        field: &'static str,
    },
    /// A range whose lower bound is not below its upper bound: the row takes no cell.
    #[error(
        "row {row} ({terrain}): {field}: {min} to below {below} holds no value, so the \
         row takes no cell; {hint}"
    )]
    EmptyRange {
        /// The row, from 1.
        row: usize,
        /// The row's terrain.
        terrain: String,
        /// `elevation` or `moisture`.
        field: &'static str,
        /// The lower bound as written.
        min: String,
        /// The upper bound as written.
        below: String,
        /// What to change.
        hint: &'static str,
    },
    /// Cells in this box would get no terrain.
    #[error(
        "no row takes elevation {elevation} with moisture {moisture}{at_temperature}: such cells would get \
         no terrain; add a row for them or widen one (a last row with no bounds takes \
         everything left)"
    )]
    Gap {
        /// The elevations not taken, e.g. "300 to below 1150".
        elevation: String,
        /// The moistures not taken, e.g. "0.22 to below 0.6" or "1".
        moisture: String,
        /// The temperatures of the gap, as words after the moisture (" at temperature
        /// −2 to below 5 °C"), empty when it holds at every temperature.
        at_temperature: String,
    },
}

/// One band of a coordinate between two neighbouring bounds used by the table.
#[derive(Clone, Copy, Debug)]
struct Band<T> {
    from: T,
    /// `None`: the band is the single value `from` (moisture 1).
    below: Option<T>,
}

/// The bands `bounds` (a table's bounds on one whole-number axis: elevation or
/// temperature) cut every `i16` into. (`i16::MAX` is no cut: as a `below_*` bound it means
/// no upper bound.)
fn whole_bands(bounds: impl Iterator<Item = i16>) -> Vec<Band<i16>> {
    let mut cuts: Vec<i16> = bounds
        .filter(|e| *e != i16::MAX)
        .chain([i16::MIN])
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    let mut bands: Vec<Band<i16>> = cuts
        .windows(2)
        .map(|w| Band {
            from: w[0],
            below: Some(w[1]),
        })
        .collect();
    // From the highest cut up to and including i16::MAX.
    let top = *cuts.last().expect("i16::MIN is a cut");
    bands.push(Band {
        from: top,
        below: None,
    });
    bands
}

/// The elevation bands the rows' bounds cut every `i16` into.
fn elevation_bands(rules: &[BiomeRule]) -> Vec<Band<i16>> {
    whole_bands(
        rules
            .iter()
            .flat_map(|r| [r.min_elevation, r.below_elevation]),
    )
}

/// The temperature bands the rows' bounds cut every `i16` into (°C).
fn temperature_bands(rules: &[BiomeRule]) -> Vec<Band<i16>> {
    whole_bands(
        rules
            .iter()
            .flat_map(|r| [r.min_temperature, r.below_temperature]),
    )
}

/// The moisture bands the rows' bounds cut [0, 1) into, then the single value 1.
fn moisture_bands(rules: &[BiomeRule]) -> Vec<Band<f32>> {
    let mut cuts: Vec<f32> = rules
        .iter()
        .flat_map(|r| [r.min_moisture, r.below_moisture])
        .filter(|m| *m > 0.0 && *m < 1.0)
        .chain([0.0, 1.0])
        .collect();
    cuts.sort_unstable_by(f32::total_cmp);
    cuts.dedup();
    let mut bands: Vec<Band<f32>> = cuts
        .windows(2)
        .map(|w| Band {
            from: w[0],
            below: Some(w[1]),
        })
        .collect();
    bands.push(Band {
        from: 1.0,
        below: None,
    });
    bands
}

/// " at temperature … °C" for a temperature band, nothing for every temperature.
fn temperature_words(b: Band<i16>) -> String {
    match elevation_text(b).as_str() {
        "any" => String::new(),
        text => format!(" at temperature {text} °C"),
    }
}

fn elevation_text(b: Band<i16>) -> String {
    match b.below {
        Some(below) if b.from == i16::MIN => format!("below {below}"),
        Some(below) => format!("{} to below {below}", b.from),
        None if b.from == i16::MIN => "any".into(),
        None => format!("{} and over", b.from),
    }
}

/// A run of neighbouring moisture bands, as a person reads it.
fn moisture_text(run: &[Band<f32>]) -> String {
    let (first, last) = (run[0], run[run.len() - 1]);
    match last.below {
        Some(below) => format!("{} to below {below}", first.from),
        None if first.from <= 0.0 => "any".into(),
        None if run.len() == 1 => format!("{}", last.from),
        None => format!("{} to {}", first.from, last.from),
    }
}

impl BiomeTable {
    /// Check the table (see the module's doc): `Ok` means every cell gets a terrain.
    pub fn validate(&self) -> Result<(), BiomeError> {
        if self.rules.is_empty() {
            return Err(BiomeError::Empty);
        }
        if self.rules.len() > MAX_ROWS {
            return Err(BiomeError::TooMany(self.rules.len()));
        }
        for (i, r) in self.rules.iter().enumerate() {
            check_row(i + 1, r)?;
        }
        match self.owners().gaps.first() {
            Some((t, e, run)) => Err(BiomeError::Gap {
                elevation: elevation_text(*e),
                moisture: moisture_text(run),
                at_temperature: temperature_words(*t),
            }),
            None => Ok(()),
        }
    }

    /// The rows (from 0) that no cell can reach: the rows above them take all of their
    /// ranges. Not an error (the table still works), but worth a warning.
    pub fn unused_rows(&self) -> Vec<usize> {
        let used = self.owners().used;
        (0..self.rules.len()).filter(|i| !used[*i]).collect()
    }

    /// Which row takes each band of the grid the bounds cut the space into.
    fn owners(&self) -> Owners {
        let temperatures = temperature_bands(&self.rules);
        let elevations = elevation_bands(&self.rules);
        let moistures = moisture_bands(&self.rules);
        let mut used = vec![false; self.rules.len()];
        let mut gaps: Vec<Gap> = Vec::new();
        for (t, e) in temperatures
            .iter()
            .flat_map(|t| elevations.iter().map(move |e| (t, e)))
        {
            // The moisture bands of this elevation band no row takes, neighbours together.
            let mut run: Vec<Band<f32>> = Vec::new();
            for m in &moistures {
                // A band lies wholly inside or outside each row's ranges (its ends are
                // bounds of the table), so its first value stands for all of it.
                match self
                    .rules
                    .iter()
                    .position(|r| r.takes(e.from, m.from, t.from))
                {
                    Some(i) => {
                        used[i] = true;
                        if !run.is_empty() {
                            gaps.push((*t, *e, std::mem::take(&mut run)));
                        }
                    }
                    None => run.push(*m),
                }
            }
            if !run.is_empty() {
                gaps.push((*t, *e, run));
            }
        }
        Owners { used, gaps }
    }
}

/// Cells no row takes: a temperature band, an elevation band and a run of neighbouring
/// moisture bands.
type Gap = (Band<i16>, Band<i16>, Vec<Band<f32>>);

/// What [`BiomeTable::owners`] finds.
struct Owners {
    /// Per row: some cell takes it.
    used: Vec<bool>,
    /// Bands no row takes.
    gaps: Vec<Gap>,
}

/// The checks of one row on its own.
fn check_row(row: usize, r: &BiomeRule) -> Result<(), BiomeError> {
    let name = r.terrain.trim();
    if name.is_empty() {
        return Err(BiomeError::NoName { row });
    }
    if r.terrain.len() > MAX_NAME_LEN {
        return Err(BiomeError::NameTooLong { row });
    }
    let terrain = name.to_owned();
    for (field, v) in [
        ("min_moisture", r.min_moisture),
        ("below_moisture", r.below_moisture),
    ] {
        if v.is_nan() {
            return Err(BiomeError::NotANumber {
                row,
                terrain,
                field,
            });
        }
    }
    if r.min_elevation >= r.below_elevation && r.below_elevation != i16::MAX {
        return Err(BiomeError::EmptyRange {
            row,
            terrain,
            field: "elevation",
            min: r.min_elevation.to_string(),
            below: r.below_elevation.to_string(),
            hint: "make min_elevation smaller than below_elevation",
        });
    }
    if r.min_temperature >= r.below_temperature && r.below_temperature != i16::MAX {
        return Err(BiomeError::EmptyRange {
            row,
            terrain,
            field: "temperature",
            min: r.min_temperature.to_string(),
            below: r.below_temperature.to_string(),
            hint: "make min_temperature smaller than below_temperature",
        });
    }
    if r.min_moisture >= r.below_moisture || r.min_moisture > 1.0 {
        return Err(BiomeError::EmptyRange {
            row,
            terrain,
            field: "moisture",
            min: r.min_moisture.to_string(),
            below: r.below_moisture.to_string(),
            hint: "make min_moisture smaller than below_moisture, and at most 1 (moisture runs \
                   from 0 to 1)",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(lo: i16, hi: i16, wet_lo: f32, wet_hi: f32, name: &str) -> BiomeRule {
        BiomeRule::new(lo, hi, wet_lo, wet_hi, name)
    }

    #[test]
    fn the_standard_table_is_valid_and_uses_every_row() {
        let t = BiomeTable::standard();
        assert_eq!(t.validate(), Ok(()));
        assert_eq!(t.unused_rows(), Vec::<usize>::new());
    }

    #[test]
    fn a_gap_is_named_by_its_elevations_and_moistures() {
        // Land from 0 only where moisture is under 0.5: the wet half of the land is left.
        let t = BiomeTable {
            rules: vec![
                rule(i16::MIN, 0, 0.0, ANY_MOISTURE, "Sea"),
                rule(0, i16::MAX, 0.0, 0.5, "Desert"),
            ],
        };
        let e = t.validate().unwrap_err();
        assert_eq!(
            e,
            BiomeError::Gap {
                elevation: "0 and over".into(),
                moisture: "0.5 to 1".into(),
                at_temperature: String::new(),
            }
        );
        assert!(e.to_string().contains("add a row"), "{e}");
        // A row bounded by temperature leaves the other temperatures open, and says so.
        let t = BiomeTable {
            rules: vec![
                rule(i16::MIN, 0, 0.0, ANY_MOISTURE, "Sea"),
                rule(0, i16::MAX, 0.0, ANY_MOISTURE, "Tundra").between_temperatures(i16::MIN, 0),
            ],
        };
        let e = t.validate().unwrap_err();
        assert_eq!(
            e.to_string().split(": such").next().unwrap(),
            "no row takes elevation 0 and over with moisture any at temperature 0 and over °C"
        );
        let t = BiomeTable {
            rules: vec![rule(0, 5, 0.0, ANY_MOISTURE, "Sea").between_temperatures(3, 3)],
        };
        assert!(
            t.validate()
                .unwrap_err()
                .to_string()
                .starts_with("row 1 (Sea): temperature: 3 to below 3 holds no value"),
        );
        // Moisture 1 (water cells) is its own band: a last bound of 1 leaves it out.
        let t = BiomeTable {
            rules: vec![rule(i16::MIN, i16::MAX, 0.0, 1.0, "Grassland")],
        };
        assert!(matches!(t.validate(), Err(BiomeError::Gap { moisture, .. }) if moisture == "1"));
    }

    #[test]
    fn bad_rows_are_named_by_number_and_field() {
        let ok = rule(i16::MIN, i16::MAX, 0.0, ANY_MOISTURE, "Grassland");
        let with = |r: BiomeRule| BiomeTable {
            rules: vec![ok.clone(), r, ok.clone()],
        };
        let e = with(rule(300, 200, 0.0, 1.0, "Hills"))
            .validate()
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2 (Hills): elevation: 300 to below 200 holds no value, so the row takes no \
             cell; make min_elevation smaller than below_elevation"
        );
        let e = with(rule(0, 200, 0.7, 0.3, "Swamp"))
            .validate()
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("row 2 (Swamp): moisture: 0.7 to below 0.3 holds no value")
        );
        let e = with(rule(0, 200, f32::NAN, 0.3, "Swamp"))
            .validate()
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("row 2 (Swamp): min_moisture: not a number")
        );
        let e = with(rule(0, 200, 0.0, 1.0, "  ")).validate().unwrap_err();
        assert_eq!(e, BiomeError::NoName { row: 2 });
        let e = with(rule(0, 200, 0.0, 1.0, &"x".repeat(201)))
            .validate()
            .unwrap_err();
        assert_eq!(e, BiomeError::NameTooLong { row: 2 });
        assert_eq!(
            BiomeTable { rules: vec![] }.validate(),
            Err(BiomeError::Empty)
        );
        let many = BiomeTable {
            rules: vec![ok; MAX_ROWS + 1],
        };
        assert_eq!(many.validate(), Err(BiomeError::TooMany(MAX_ROWS + 1)));
    }

    #[test]
    fn a_row_the_rows_above_cover_is_reported_unused() {
        let t = BiomeTable {
            rules: vec![
                rule(i16::MIN, 0, 0.0, ANY_MOISTURE, "Sea"),
                rule(0, i16::MAX, 0.0, ANY_MOISTURE, "Desert"),
                rule(0, 300, 0.8, ANY_MOISTURE, "Swamp"),
            ],
        };
        assert_eq!(t.validate(), Ok(()));
        assert_eq!(t.unused_rows(), vec![2]);
    }
}
