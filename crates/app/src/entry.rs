//! The editor's two front doors: a native window ([`run`], the desktop binary) and a
//! `<canvas>` of a web page ([`start_web`], the `hexmap-web` crate). Both create the same
//! [`crate::EditorApp`]; the page's title follows the map as the window's title does.

#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

/// Run the editor in a native window (blocking until it closes).
#[cfg(not(target_arch = "wasm32"))]
pub fn run(path: Option<PathBuf>) -> Result<(), String> {
    let options = eframe::NativeOptions {
        viewport: eframe::egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 800.0])
            .with_title("hexmap")
            .with_drag_and_drop(true),
        ..Default::default()
    };
    eframe::run_native(
        "hexmap",
        options,
        Box::new(move |cc| {
            Ok(Box::new(crate::EditorApp::new(
                cc,
                crate::StartOptions {
                    path,
                    ..Default::default()
                },
            )))
        }),
    )
    .map_err(|e| e.to_string())
}

/// Run the editor in the web page's `canvas` (until the page goes), on the bundled
/// sample, with preferences kept in the browser's storage.
#[cfg(target_arch = "wasm32")]
pub async fn start_web(canvas: web_sys::HtmlCanvasElement) -> Result<(), wasm_bindgen::JsValue> {
    eframe::WebRunner::new()
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(|cc| {
                Ok(Box::new(crate::EditorApp::new(
                    cc,
                    crate::StartOptions::default(),
                )))
            }),
        )
        .await
}

/// Show `title` where this platform shows it: the web page's title (a native window's
/// title follows `ViewportCommand::Title`, which eframe's web runner does not handle).
pub fn show_title(title: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = title;
}
