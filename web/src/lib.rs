//! The web page's entry point: finds the page's `<canvas id="hexmap">` and starts the
//! editor in it ([`hexmap_app::start_web`]). Everything else is the same `hexmap-app` the
//! desktop binary runs. Empty on other targets.

#[cfg(target_arch = "wasm32")]
mod page {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    /// The id of the canvas in `web/index.html`.
    const CANVAS_ID: &str = "hexmap";

    /// Runs when the module is loaded: start the editor, or say on the page why not.
    #[wasm_bindgen(start)]
    pub fn start() {
        wasm_bindgen_futures::spawn_local(async {
            if let Err(e) = run().await {
                show_failure(&format!("hexmap could not start: {e:?}"));
            }
        });
    }

    async fn run() -> Result<(), JsValue> {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(CANVAS_ID))
            .ok_or("the page has no canvas with id \"hexmap\"")?
            .dyn_into::<web_sys::HtmlCanvasElement>()?;
        hexmap_app::start_web(canvas).await?;
        // The loading text goes once the editor runs.
        if let Some(loading) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("loading"))
        {
            loading.remove();
        }
        Ok(())
    }

    /// Put `message` in the page's loading line (no console needed to see it).
    fn show_failure(message: &str) {
        if let Some(loading) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("loading"))
        {
            loading.set_text_content(Some(message));
        }
    }
}
