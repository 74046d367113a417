//! The players' window of a browser (`crate::windows::player_page`): a second browser window
//! opened on this page with `?players=ID`, and a BroadcastChannel named after `ID` that
//! carries the player cut from the GM's tab to it. The GM's tab keeps `ID` in its
//! sessionStorage, so after a reload it feeds the window it opened before.

use crate::canvas::camera::Camera;
use crate::windows::player_page::{PlayerChannel, PlayerInbox, PlayerMessage};
use hexmap_hex::Point;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::*;

/// The URL parameter of a players' window.
const PARAM: &str = "players=";
/// Where the GM's tab keeps the id of its players' window.
const SESSION_KEY: &str = "hexmap.players";

/// The channel between the GM's tab and the players' window `id`.
fn channel(id: &str) -> Result<web_sys::BroadcastChannel, JsValue> {
    web_sys::BroadcastChannel::new(&format!("hexmap-players-{id}"))
}

/// The players' window's id if this page is one (`?players=ID`).
pub fn players_id() -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    let at = search.find(PARAM)?;
    let id: String = search[at + PARAM.len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    (!id.is_empty()).then_some(id)
}

/// The session's players' window id: the one this tab opened before a reload, or none.
fn session_id() -> Option<String> {
    let session = web_sys::window()?.session_storage().ok()??;
    session.get_item(SESSION_KEY).ok()?
}

/// Open (or bring forward) this tab's players' window and link to it. `Err` says why the
/// browser did not open it (a blocked pop-up).
pub fn open_players_window() -> Result<Box<dyn PlayerChannel>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let id = session_id().unwrap_or_else(|| {
        format!(
            "{:x}{:x}",
            js_sys::Date::now() as u64,
            (js_sys::Math::random() * 1e9) as u64
        )
    });
    let url = format!(
        "{}?{PARAM}{id}",
        window.location().pathname().unwrap_or_default()
    );
    let opened = window
        .open_with_url_and_target_and_features(
            &url,
            &format!("hexmap-players-{id}"),
            "popup,width=960,height=640",
        )
        .ok()
        .flatten();
    if opened.is_none() {
        return Err(
            "The browser did not open the players' window: allow pop-ups for this \
                    page, then choose View → Player window again."
                .to_owned(),
        );
    }
    if let Some(session) = window.session_storage().ok().flatten() {
        let _ = session.set_item(SESSION_KEY, &id);
    }
    link(&id).map_err(|e| format!("cannot reach the players' window: {e:?}"))
}

/// The link to the players' window this tab opened before a reload, if any (it is fed
/// again without opening anything).
pub fn relink() -> Option<Box<dyn PlayerChannel>> {
    link(&session_id()?).ok()
}

/// The GM's end of the channel to the players' window `id`.
fn link(id: &str) -> Result<Box<dyn PlayerChannel>, JsValue> {
    let channel = channel(id)?;
    let hello = Rc::new(RefCell::new(false));
    let heard = Rc::clone(&hello);
    let waker: Rc<RefCell<Option<eframe::egui::Context>>> = Rc::default();
    let wake = Rc::clone(&waker);
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if field(&e.data(), "kind").as_deref() == Some("hello") {
                *heard.borrow_mut() = true;
                // An idle tab runs no frames: ask for one, which sends the map.
                if let Some(ctx) = wake.borrow().as_ref() {
                    ctx.request_repaint();
                }
            }
        });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    Ok(Box::new(GmEnd {
        channel,
        hello,
        waker,
    }))
}

/// The GM's end: sends messages, hears the window's hello.
struct GmEnd {
    channel: web_sys::BroadcastChannel,
    hello: Rc<RefCell<bool>>,
    /// The GM tab's egui context, woken when the window says hello.
    waker: Rc<RefCell<Option<eframe::egui::Context>>>,
}

impl PlayerChannel for GmEnd {
    fn send(&self, message: &PlayerMessage) {
        let object = js_sys::Object::new();
        let set = |k: &str, v: JsValue| {
            let _ = js_sys::Reflect::set(&object, &k.into(), &v);
        };
        match message {
            PlayerMessage::Map(text) => {
                set("kind", "map".into());
                set("text", text.as_str().into());
            }
            PlayerMessage::Camera(c) => {
                set("kind", "camera".into());
                set("x", c.centre.x.into());
                set("y", c.centre.y.into());
                set("zoom", c.zoom.into());
            }
            PlayerMessage::Closed => set("kind", "closed".into()),
        }
        let _ = self.channel.post_message(&object);
    }

    fn take_hello(&self) -> bool {
        std::mem::take(&mut *self.hello.borrow_mut())
    }

    fn wake_on_hello(&self, ctx: &eframe::egui::Context) {
        let mut waker = self.waker.borrow_mut();
        if waker.is_none() {
            *waker = Some(ctx.clone());
        }
    }
}

/// The text field `key` of a JS object.
fn field(object: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(object, &key.into()).ok()?.as_string()
}

/// The number field `key` of a JS object.
fn number(object: &JsValue, key: &str) -> Option<f64> {
    js_sys::Reflect::get(object, &key.into()).ok()?.as_f64()
}

/// The players' window's end: what arrived since the last frame.
pub struct WebInbox {
    channel: web_sys::BroadcastChannel,
    arrived: Rc<RefCell<Vec<PlayerMessage>>>,
}

impl WebInbox {
    /// Listen on the channel of the players' window `id`; `ctx` is woken by each message.
    pub fn new(id: &str, ctx: eframe::egui::Context) -> Result<Self, JsValue> {
        let channel = channel(id)?;
        let arrived = Rc::new(RefCell::new(Vec::new()));
        let inbox = Rc::clone(&arrived);
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let data = e.data();
                let message = match field(&data, "kind").as_deref() {
                    Some("map") => field(&data, "text").map(PlayerMessage::Map),
                    Some("camera") => match (
                        number(&data, "x"),
                        number(&data, "y"),
                        number(&data, "zoom"),
                    ) {
                        (Some(x), Some(y), Some(zoom)) => Some(PlayerMessage::Camera(Camera {
                            centre: Point::new(x, y),
                            zoom,
                        })),
                        _ => None,
                    },
                    Some("closed") => Some(PlayerMessage::Closed),
                    _ => None,
                };
                if let Some(m) = message {
                    inbox.borrow_mut().push(m);
                    ctx.request_repaint();
                }
            });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        Ok(WebInbox { channel, arrived })
    }
}

impl PlayerInbox for WebInbox {
    fn take(&self) -> Vec<PlayerMessage> {
        std::mem::take(&mut *self.arrived.borrow_mut())
    }

    fn hello(&self) {
        let object = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&object, &"kind".into(), &"hello".into());
        let _ = self.channel.post_message(&object);
    }

    fn toggle_full_screen(&self) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if document.fullscreen_element().is_some() {
            document.exit_fullscreen();
        } else if let Some(root) = document.document_element() {
            // Within a click's user activation, as browsers require.
            let _ = root.request_fullscreen();
        }
    }
}
