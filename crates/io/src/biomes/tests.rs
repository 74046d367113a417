use super::*;

#[test]
fn the_standard_table_reads_back_equal_with_unbounded_ends_left_out() {
    let text = biomes_to_string(&BiomeTable::standard());
    assert_eq!(biomes_from_str(&text), Ok(BiomeTable::standard()));
    // A bound with no limit is not written; the ones the standard table has are.
    assert!(
        text.contains("(terrain: \"Ocean\", below_elevation: -1500),"),
        "{text}"
    );
    assert!(
        text.contains("(terrain: \"Desert\", min_elevation: 0, below_moisture: 0.22),"),
        "{text}"
    );
    assert!(
        text.contains("(terrain: \"Grassland\", min_elevation: 0),"),
        "{text}"
    );
    assert!(!text.contains("32767") && !text.contains("2.0"), "{text}");
    // The temperature axis is written only where a row has it.
    assert!(
        text.contains("(terrain: \"Tundra\", min_elevation: 0, below_temperature: -2),"),
        "{text}"
    );
    assert!(
        text.contains("(terrain: \"Taiga\", min_elevation: 0, min_moisture: 0.4, min_temperature: -2, below_temperature: 5),"),
        "{text}"
    );
}

#[test]
fn a_hand_written_table_reads_with_comments_whole_numbers_and_a_name() {
    let text = r#"
        // all land is desert
        BiomeTable(
            version: 1,
            rows: [
                (terrain: "Sea", below_elevation: 0), // water
                (terrain: "Desert", min_moisture: 0, below_moisture: 1.5),
            ],
        )"#;
    let t = biomes_from_str(text).unwrap();
    assert_eq!(t.rules.len(), 2);
    assert_eq!(t.terrain_for(-5, 1.0, 10), Some("Sea"));
    assert_eq!(t.terrain_for(900, 1.0, 10), Some("Desert"));
    assert_eq!(t.rules[1].below_moisture, 1.5);
}

fn error(text: &str) -> String {
    biomes_from_str(text).unwrap_err().to_string()
}

#[test]
fn bad_tables_say_which_row_and_field_and_where() {
    let misspelt =
        "(version: 1, rows: [\n (terrain: \"Sea\"),\n (terrain: \"Hills\", min_elevaton: 3),\n])";
    let e = error(misspelt);
    assert!(
        e.starts_with("line 3:") && e.contains("row 2: ") && e.contains("min_elevaton"),
        "{e}"
    );
    let nameless = "(version: 1, rows: [(terrain: \"Sea\"), (below_elevation: 5)])";
    let e = error(nameless);
    assert!(e.contains("row 2: ") && e.contains("terrain"), "{e}");
    let too_high = "(version: 1, rows: [(terrain: \"Sea\", min_elevation: 40000)])";
    let e = error(too_high);
    assert!(e.contains("row 1: "), "{e}");
    let empty = "(version: 1, rows: [(terrain: \"Sea\"), (terrain: \"Hills\", min_elevation: 9, below_elevation: 9)])";
    assert_eq!(
        error(empty),
        "row 2 (Hills): elevation: 9 to below 9 holds no value, so the row takes no cell; make \
         min_elevation smaller than below_elevation"
    );
    let gap = "(version: 1, rows: [(terrain: \"Sea\", below_elevation: 0)])";
    assert!(
        error(gap).starts_with("no row takes elevation 0 and over with moisture any"),
        "{}",
        error(gap)
    );
    assert!(error("(version: 1, rows: [").starts_with("line 1:"));
}

#[test]
fn another_version_is_refused_for_its_version() {
    let newer = "(version: 2, rows: [(terrain: \"Sea\", colour: \"#0000ff\")])";
    assert_eq!(biomes_from_str(newer), Err(BiomesError::Version(2)));
}

#[test]
fn a_file_names_itself_in_its_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.ron");
    std::fs::write(&path, "(version: 1, rows: [])").unwrap();
    let e = load_biomes(&path).unwrap_err().to_string();
    assert!(e.starts_with(&format!("{}: ", path.display())), "{e}");
    assert!(e.contains("no rows"), "{e}");
    let good = dir.path().join("good.ron");
    save_biomes(&good, &BiomeTable::standard()).unwrap();
    assert_eq!(load_biomes(&good).unwrap(), BiomeTable::standard());
    let missing = load_biomes(&dir.path().join("none.ron")).unwrap_err();
    assert!(missing.to_string().contains("none.ron"), "{missing}");
}

#[test]
fn a_table_over_the_row_limit_is_refused_at_the_row_past_it() {
    let rows = "(terrain: \"Sea\"),".repeat(MAX_ROWS + 1);
    let e = error(&format!("(version: 1, rows: [{rows}])"));
    assert!(e.contains(&format!("row {}: ", MAX_ROWS + 1)), "{e}");
}
