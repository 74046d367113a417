use super::*;

fn flat_odd_q() -> CoordContext {
    CoordContext {
        orientation: Orientation::Flat,
        offset: OffsetKind::OddQ,
        labels: LabelSettings::default(),
    }
}

#[test]
fn every_system_writes_and_reads_the_reference_hex() {
    // The hex (2, 3, -5) in each system (the reference vectors for XXYY and three-axis).
    let cx = flat_odd_q();
    let h = Hex::new(2, 3);
    let expected = [
        ("axial", "2,3"),
        ("cube", "2,3,-5"),
        ("odd-r", "3,3"),
        ("even-r", "4,3"),
        ("odd-q", "2,4"),
        ("even-q", "2,4"),
        ("doubled-width", "7,3"),
        ("doubled-height", "2,8"),
        ("XXYY", "0305"),
        ("three-axis", "[-3,0,2]"),
        ("two-axis", "[-5,2]"),
    ];
    for (system, (name, text)) in CoordSystem::ALL.into_iter().zip(expected) {
        assert_eq!(system.name(), name);
        assert_eq!(system.format(h, &cx), text, "{name}");
        assert_eq!(system.parse(text, &cx), Ok(h), "{name}");
        assert_eq!(CoordSystem::from_name(name), Some(system));
        assert_eq!(name.parse::<CoordChoice>(), Ok(CoordChoice::System(system)));
    }
    assert_eq!(CoordSystem::Xxyy.format(Hex::new(-5, 0), &cx), "–");
}

#[test]
fn names_have_one_spelling_and_old_aliases_still_read() {
    assert_eq!(CoordSystem::Xxyy.key(), "xxyy");
    assert_eq!(CoordSystem::from_name("xxyy"), Some(CoordSystem::Xxyy));
    assert_eq!(CoordSystem::from_name("XxYy"), Some(CoordSystem::Xxyy));
    assert_eq!(
        CoordSystem::from_name("double-width"),
        Some(CoordSystem::Doubled(DoubledKind::DoubleWidth))
    );
    assert_eq!(
        "Double-Height".parse::<CoordSystem>(),
        Ok(CoordSystem::Doubled(DoubledKind::DoubleHeight))
    );
    let e = "hexagonal".parse::<CoordChoice>().unwrap_err().to_string();
    assert!(
        e.starts_with("unknown coordinate system 'hexagonal'"),
        "{e}"
    );
    assert!(
        e.contains("axial, cube, odd-r") && e.ends_with("offset, doubled)"),
        "{e}"
    );
    // Every choice's key reads back as itself.
    for c in CoordChoice::all() {
        assert_eq!(c.key().parse::<CoordChoice>(), Ok(c));
    }
    assert_eq!(CoordChoice::all().count(), 13);
}

#[test]
fn offset_and_doubled_are_the_maps_own() {
    let pointy = CoordContext {
        offset: OffsetKind::EvenR,
        ..CoordContext::new(Orientation::Pointy)
    };
    assert_eq!(
        pointy.resolve("offset"),
        Ok(CoordSystem::Offset(OffsetKind::EvenR))
    );
    assert_eq!(
        pointy.resolve("doubled"),
        Ok(CoordSystem::Doubled(DoubledKind::DoubleWidth))
    );
    assert_eq!(
        flat_odd_q().resolve("Doubled"),
        Ok(CoordSystem::Doubled(DoubledKind::DoubleHeight))
    );
    assert_eq!(pointy.resolve("xxyy"), Ok(CoordSystem::Xxyy));
    assert_eq!(
        CoordContext::new(Orientation::Flat).offset,
        OffsetKind::OddQ
    );
}

#[test]
fn the_status_line_names_the_maps_own_systems() {
    let cx = flat_odd_q();
    let line = cx.own_systems_line(Hex::new(2, 3));
    assert_eq!(
        line,
        "axial 2,3  ·  cube 2,3,-5  ·  odd-q 2,4  ·  doubled-height 2,8  ·  XXYY 0305  ·  three-axis [-3,0,2]"
    );
    let pointy = CoordContext::new(Orientation::Pointy);
    assert!(
        pointy
            .own_systems_line(Hex::new(2, 3))
            .contains("doubled-width 7,3")
    );
}

#[test]
fn xxyy_follows_the_context_labels() {
    let mut cx = flat_odd_q();
    cx.labels.stagger = OffsetKind::OddR;
    // (2, 3) is odd-r (3, 3): column 04, row 04.
    assert_eq!(CoordSystem::Xxyy.format(Hex::new(2, 3), &cx), "0404");
    assert_eq!(CoordSystem::Xxyy.parse("0404", &cx), Ok(Hex::new(2, 3)));
}

#[test]
fn bad_values_are_named() {
    let cx = flat_odd_q();
    let e = CoordSystem::Cube.parse("1,1,1", &cx).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cube value '1,1,1': q + r + s must be 0, got 3"
    );
    let e = CoordSystem::Axial.parse("1", &cx).unwrap_err();
    assert_eq!(
        e.to_string(),
        "axial value '1' needs 2 comma-separated integers, like 3,-1"
    );
    let e = CoordSystem::Offset(OffsetKind::OddQ)
        .parse("1,x", &cx)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "odd-q value '1,x': 'x' is not a 32-bit integer"
    );
    let e = CoordSystem::Doubled(DoubledKind::DoubleWidth)
        .parse("1,2", &cx)
        .unwrap_err();
    assert!(e.to_string().contains("must be even"), "{e}");
    let e = CoordSystem::Axial.parse("2147483647,0", &cx).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2147483647,0: coordinates beyond ±536870912 are not supported"
    );
    let e = CoordSystem::Xxyy.parse("03x5", &cx).unwrap_err();
    assert!(e.to_string().contains("non-digit character 'x'"), "{e}");
    let e = CoordSystem::ThreeAxis.parse("[1,2]", &cx).unwrap_err();
    assert!(e.to_string().contains("is not a 3-axis coordinate"), "{e}");
}

#[test]
fn a_hex_is_named_in_the_maps_offset_kind_with_the_system_said() {
    // Reference vector: axial (1,2) is odd-q (1,2), even-q (1,3),
    // odd-r (2,2), even-r (2,2).
    let h = Hex::new(1, 2);
    let mut cx = flat_odd_q();
    assert_eq!(cx.hex_name(h), "odd-q 1,2");
    cx.offset = OffsetKind::EvenQ;
    assert_eq!(cx.hex_name(h), "even-q 1,3");
    let pointy = CoordContext::new(Orientation::Pointy);
    assert_eq!(pointy.hex_name(h), "odd-r 2,2");
    assert_eq!(pointy.hex_name_in(h, CoordSystem::Axial), "axial 1,2");
}
