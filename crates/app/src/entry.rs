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
/// sample, with preferences kept in the browser's storage. When the page is hidden or
/// closed, the editor keeps its unsaved changes at once; while there are any, closing or
/// reloading the page asks first (the browser's "Leave site?").
#[cfg(target_arch = "wasm32")]
pub async fn start_web(canvas: web_sys::HtmlCanvasElement) -> Result<(), wasm_bindgen::JsValue> {
    let runner = eframe::WebRunner::new();
    let options = eframe::WebOptions {
        // Moves of the pointer need no preventDefault (the page's CSS keeps the browser
        // from scrolling or zooming the canvas: `touch-action: none`), and a browser
        // refuses it for touch moves anyway, with a console error each time (eframe
        // listens to them on the document, where they are passive).
        should_prevent_default: Box::new(|e| !matches!(e, eframe::egui::Event::PointerMoved(_))),
        ..eframe::WebOptions::default()
    };
    // A players' window (`?players=ID`, opened by View → Player window) shows only what
    // the GM's tab sends it.
    if let Some(id) = crate::files::storage::web_players::players_id() {
        return runner
            .start(
                canvas,
                options,
                Box::new(move |cc| {
                    crate::fonts::install(&cc.egui_ctx);
                    let inbox =
                        crate::files::storage::web_players::WebInbox::new(&id, cc.egui_ctx.clone())
                            .map_err(|e| format!("cannot hear the GM's tab: {e:?}"))?;
                    Ok(Box::new(crate::windows::player_page::PlayerPage::new(
                        Box::new(inbox),
                    )))
                }),
            )
            .await;
    }
    runner
        .start(
            canvas,
            options,
            Box::new(|cc| {
                Ok(Box::new(crate::EditorApp::new(
                    cc,
                    crate::StartOptions::default(),
                )))
            }),
        )
        .await?;
    keep_work_when_leaving(&runner)
}

/// Keep the editor's changes when the page is hidden (another tab, the browser
/// minimised: a phone may end it there) or goes (closed, reloaded), and ask "Leave
/// site?" while changes are not saved.
#[cfg(target_arch = "wasm32")]
fn keep_work_when_leaving(runner: &eframe::WebRunner) -> Result<(), wasm_bindgen::JsValue> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let window = web_sys::window().ok_or("no window")?;
    let leaving = |runner: eframe::WebRunner, ask: bool| {
        Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let Some(mut app) = runner.app_mut::<crate::EditorApp>() else {
                return;
            };
            let unsaved = app.page_leaving();
            if ask && unsaved {
                // The browser asks "Leave site?" (its own words; a page's are ignored).
                event.prevent_default();
                let _ = js_sys::Reflect::set(&event, &"returnValue".into(), &"".into());
            }
        })
    };
    for (name, ask) in [
        ("pagehide", false),
        ("visibilitychange", false),
        ("beforeunload", true),
    ] {
        let handler = leaving(runner.clone(), ask);
        let target: web_sys::EventTarget = if name == "visibilitychange" {
            window.document().ok_or("no document")?.into()
        } else {
            window.clone().into()
        };
        target.add_event_listener_with_callback(name, handler.as_ref().unchecked_ref())?;
        // Listens for as long as the page lives.
        handler.forget();
    }
    Ok(())
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
