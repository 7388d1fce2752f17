//! Moving the focus to a field that a link points at (`?focus=ID`): the view draws after the
//! route changes, and a long list draws over several frames, so the element is looked for at
//! each animation frame until it is there.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Frames to look for the element: about a second at 60 Hz, enough for a 300-player list.
const FRAMES: u32 = 90;

/// Focuses the element `id` (which scrolls it into view) once it is drawn; gives up quietly
/// after [`FRAMES`] frames.
pub fn focus_when_drawn(id: String) {
    look(id, FRAMES);
}

/// Focuses the element `id` if it is drawn now; whether it was.
pub fn focus_id(id: &str) -> bool {
    let found = document()
        .get_element_by_id(id)
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(el) = &found {
        let _ = el.focus();
    }
    found.is_some()
}

fn look(id: String, left: u32) {
    if !focus_id(&id) && left > 0 {
        request_animation_frame(move || look(id, left - 1));
    }
}
