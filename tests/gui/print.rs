//! File → Print / Export PDF… driven by egui_kittest: a hex size typed in the window
//! changes the page count it shows (the same count the library's layout gives), and
//! "Export PDF…" writes the PDF through the export job to the file the dialog names.

use crate::harness::{settle, temp_dir, wait_until};
use eframe::egui::accesskit::Toggled;
use eframe::egui::{Event, Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use hexmap::app::EditorApp;
use hexmap::app::files::dialogs::{DialogReply, FakeDialogs};
use hexmap::app::open_map::OpenMap;
use hexmap::draw::print::{PageSetup, layout_map};
use std::time::Duration;

/// The page count the window shows ("Pages: N (…)").
fn shown_pages(h: &Harness<'static, EditorApp>) -> usize {
    let node = h.get_by_label_contains("Pages: ");
    let a = node.accesskit_node();
    // A plain label keeps its text as its value.
    let text = a
        .label()
        .filter(|l| l.starts_with("Pages: "))
        .or_else(|| a.value())
        .unwrap_or_default();
    let n = text["Pages: ".len()..].split_whitespace().next().unwrap();
    n.parse().unwrap_or_else(|_| panic!("no count in {text:?}"))
}

/// Click the window's "Export PDF…" and wait (up to 30 s) for the export job to finish
/// without an error.
fn export_pdf_and_wait(h: &mut Harness<'static, EditorApp>) {
    h.get_by_label("Export PDF…").click();
    settle(h);
    crate::harness::wait_for_export(h);
}

#[test]
fn print_window_shows_the_page_count_and_exports_a_pdf() {
    let dir = temp_dir("print");
    let pdf = dir.join("board.pdf");
    let _ = std::fs::remove_file(&pdf);
    let dialogs = FakeDialogs::with_answers([DialogReply::Export(pdf.clone())]);
    let doc = OpenMap::sample();
    let map = doc.map().clone();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Print / Export PDF…").click();
    settle(&mut h);
    let expected = |hex: &str| {
        let setup = PageSetup {
            hex_size: hex.parse().unwrap(),
            ..PageSetup::default()
        };
        layout_map(&map, &setup).unwrap().page_count()
    };
    assert_eq!(shown_pages(&h), expected("19mm"));
    assert!(
        h.query_by_label_contains("Hex: 19.00 mm = 0.748 in")
            .is_some(),
        "the hex size in mm and inches"
    );

    // A larger hex: more pages.
    h.get_by_label("Hex size (flat to flat)").click();
    settle(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.event(Event::Text("1.5in".into()));
    settle(&mut h);
    let pages = shown_pages(&h);
    assert_eq!(pages, expected("1.5in"));
    assert!(pages > expected("19mm"), "{pages} pages at 1.5 in");
    assert!(
        h.query_by_label_contains("Hex: 38.10 mm = 1.500 in")
            .is_some()
    );

    export_pdf_and_wait(&mut h);
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF file");
    if let Ok(out) = std::process::Command::new("pdfinfo").arg(&pdf).output() {
        let info = String::from_utf8_lossy(&out.stdout);
        let count = info
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .map(|n| n.trim().parse::<usize>().unwrap());
        // An assembly index, then the board's pages.
        assert_eq!(count, Some(pages + 1), "{info}");
    }
}

/// With the map's legend on, the print window starts with the key
/// on its own page; "over board top-left" puts it on the first board page instead. Read
/// back with poppler's `pdftotext` (skipped when poppler is missing, an error under CI).
#[test]
fn the_print_window_puts_the_key_on_its_own_page_or_the_first_board_page() {
    use hexmap::map::{Corner, Edit, MapEdit, ViewSettings};
    let dir = temp_dir("print-key");
    let (own, over) = (dir.join("own.pdf"), dir.join("over.pdf"));
    let dialogs = FakeDialogs::with_answers([
        DialogReply::Export(own.clone()),
        DialogReply::Export(over.clone()),
    ]);
    let mut doc = OpenMap::sample();
    doc.apply(&Edit::Map(MapEdit::SetView(ViewSettings {
        legend: Some(Corner::BottomRight),
        ..ViewSettings::default()
    })))
    .unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    let export =
        |h: &mut Harness<'static, EditorApp>, choice: Option<&str>, file: &std::path::Path| {
            h.get_by_label("File").click();
            settle(h);
            h.get_by_label("Print / Export PDF…").click();
            settle(h);
            if let Some(choice) = choice {
                h.get_by_label(choice).click();
                settle(h);
            }
            h.get_by_label("Export PDF…").click();
            settle(h);
            wait_until(h, Duration::from_secs(10), "the PDF to be written", |h| {
                h.state().view().export_job().is_none() && file.is_file()
            });
            assert!(
                h.state().view().error().is_none(),
                "{:?}",
                h.state().view().error()
            );
        };
    export(&mut h, None, &own);
    export(&mut h, Some("over board top-left"), &over);
    let page_text = |pdf: &std::path::Path, page: usize| {
        let out = std::process::Command::new("pdftotext")
            .args(["-f", &page.to_string(), "-l", &page.to_string()])
            .arg(pdf)
            .arg("-")
            .output()
            .ok()?;
        assert!(out.status.success());
        Some(String::from_utf8_lossy(&out.stdout).into_owned())
    };
    let count = |pdf: &std::path::Path| {
        let out = std::process::Command::new("pdfinfo")
            .arg(pdf)
            .output()
            .unwrap();
        let info = String::from_utf8_lossy(&out.stdout).into_owned();
        info.lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .map(|n| n.trim().parse::<usize>().unwrap())
            .unwrap()
    };
    let Some(index) = page_text(&own, 1) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "poppler-utils is required under CI"
        );
        eprintln!("SKIPPED: poppler-utils is not installed");
        return;
    };
    let last = count(&own);
    assert!(!index.contains("Legend"), "not on the assembly page");
    assert!(
        page_text(&own, last).unwrap().contains("Legend"),
        "on its own last page"
    );
    assert_eq!(count(&over), last - 1, "no page of its own");
    assert!(
        page_text(&over, 2).unwrap().contains("Legend"),
        "on the first board page"
    );
    assert!(!page_text(&over, 3).unwrap().contains("Legend"));
}

/// The bundled wargame board (walls and a railway drawn as double lines) printed from the
/// Print window, as a person does: File → Print / Export PDF… → Export PDF…. The PDF is
/// read by poppler: every page renders, and the pages are the window's count plus the
/// index. The window's marks box starts as the command line's default.
#[test]
fn the_wargame_board_prints_from_the_print_window() {
    let dir = temp_dir("print-wargame");
    let pdf = dir.join("wargame.pdf");
    let _ = std::fs::remove_file(&pdf);
    let dialogs = FakeDialogs::with_answers([DialogReply::Export(pdf.clone())]);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/wargame-river-crossing.ron");
    let doc = OpenMap::load(&path).unwrap();
    let mut h = Harness::builder()
        .with_size(Vec2::new(1280.0, 900.0))
        .build_eframe(move |_cc| EditorApp::with_doc(doc, Box::new(dialogs)));
    crate::harness::settle(&mut h);
    h.get_by_label("File").click();
    settle(&mut h);
    h.get_by_label("Print / Export PDF…").click();
    settle(&mut h);
    let marks = h.get_by_label("Crop and registration marks");
    assert_eq!(
        marks.accesskit_node().toggled().map(|t| t == Toggled::True),
        Some(hexmap::draw::print::MARKS_BY_DEFAULT),
        "the window's default for marks is the library's"
    );
    let pages = shown_pages(&h);
    export_pdf_and_wait(&mut h);
    let Ok(info) = std::process::Command::new("pdfinfo").arg(&pdf).output() else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdfinfo (poppler-utils) is required under CI"
        );
        return;
    };
    assert!(
        info.status.success(),
        "{}",
        String::from_utf8_lossy(&info.stderr)
    );
    let info = String::from_utf8_lossy(&info.stdout);
    let count: usize = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{info}"));
    assert_eq!(count, pages + 1, "an index and the board's pages");
    let prefix = dir.join("wargame-page");
    let out = std::process::Command::new("pdftoppm")
        .args(["-r", "20", "-png"])
        .arg(&pdf)
        .arg(&prefix)
        .output()
        .unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rendered = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("wargame-page")
        })
        .count();
    assert_eq!(rendered, count, "poppler drew every page");
}
