use super::*;

#[test]
fn settings_change_numbering() {
    let zero_based = LabelSettings {
        base: 0,
        ..LabelSettings::default()
    };
    assert_eq!(zero_based.format(Hex::ORIGIN).unwrap(), "0000");
    let rows_first = LabelSettings {
        order: LabelOrder::RowFirst,
        digits: 3,
        ..LabelSettings::default()
    };
    assert_eq!(rows_first.format(Hex::new(2, 3)).unwrap(), "005003");
    assert_eq!(rows_first.parse("005003").unwrap(), Hex::new(2, 3));
    let even = LabelSettings {
        stagger: OffsetKind::EvenQ,
        ..LabelSettings::default()
    };
    assert_eq!(
        even.parse(&even.format(Hex::new(5, -1)).unwrap()).unwrap(),
        Hex::new(5, -1)
    );
}

#[test]
fn bad_labels_say_what_is_wrong() {
    let s = LabelSettings::default();
    let e = s.parse("03x5").unwrap_err();
    assert_eq!(
        e.to_string(),
        "label '03x5' has a non-digit character 'x' at position 3"
    );
    let e = s.parse("305").unwrap_err();
    assert!(
        matches!(
            e,
            LabelError::WrongLength {
                found: 3,
                expected: 4,
                ..
            }
        ),
        "{e}"
    );
    let e = s.parse("0005").unwrap_err();
    assert!(
        e.to_string()
            .contains("column 0 is below the first column, 1"),
        "{e}"
    );
    assert!(matches!(
        s.format(Hex::new(-1, 0)),
        Err(LabelError::Unlabelable { .. })
    ));
    assert!(matches!(
        s.format(Hex::new(99, 0)),
        Err(LabelError::Unlabelable { .. })
    ));
    let bad = LabelSettings { digits: 0, ..s };
    assert_eq!(bad.parse("11"), Err(LabelError::BadDigits(0)));
    let bad = LabelSettings { base: 2, ..s };
    assert_eq!(bad.format(Hex::ORIGIN), Err(LabelError::BadBase(2)));
}

#[test]
fn text_form_round_trips_and_names_problems() {
    let s = LabelSettings {
        base: 0,
        digits: 3,
        stagger: OffsetKind::EvenR,
        order: LabelOrder::RowFirst,
    };
    assert_eq!(s.to_string(), "0,3,even-r,row-first");
    assert_eq!(s.to_string().parse(), Ok(s));
    assert_eq!(
        LabelSettings::default().to_string(),
        "1,2,odd-q,column-first"
    );
    assert_eq!(
        " 1, 2 ,odd-q, column-first".parse(),
        Ok(LabelSettings::default())
    );
    let err = |t: &str| t.parse::<LabelSettings>().unwrap_err().to_string();
    assert!(err("1,2,odd-q").contains("3 comma-separated parts, expected 4"));
    assert!(err("x,2,odd-q,column-first").contains("base 'x' is not 0 or 1"));
    assert!(err("1,two,odd-q,column-first").contains("digits 'two'"));
    assert!(err("1,2,odd-z,column-first").contains("unknown offset kind 'odd-z'"));
    assert!(err("1,2,odd-q,sideways").contains("unknown order 'sideways'"));
    assert_eq!(
        err("2,2,odd-q,column-first"),
        "label base must be 0 or 1, got 2"
    );
    assert_eq!(
        err("1,5,odd-q,column-first"),
        "label digits must be 1 to 4, got 5"
    );
}
