//! Import an event from a TRF or JSON file. The file is parsed completely before anything is
//! stored: a broken file changes nothing and its error names the line.

use crate::files;
use crate::store::{use_store, Store};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use wasm_bindgen::JsCast;

/// Imports `text` (the content of `file_name`) into `store`: the new event's id, or the message
/// to show. This is all the file input does once the file is read.
pub fn import_text(store: Store, file_name: &str, text: &str) -> Result<String, String> {
    store.import(text).map_err(|e| {
        format!("Could not import “{file_name}”: {e}. Nothing was imported; your saved events are unchanged.")
    })
}

/// Reads a file's bytes as text (UTF-8, or Latin-1 for old TRF files).
async fn read_file(file: web_sys::File) -> Result<String, String> {
    let buffer = wasm_bindgen_futures::JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| crate::persist::js_error_text(&e))?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    Ok(files::decode(&bytes))
}

#[component]
pub fn ImportFile() -> impl IntoView {
    let store = use_store();
    let navigate = use_navigate();
    let error = RwSignal::new(None::<String>);

    let on_change = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|list| list.get(0)) else {
            return;
        };
        let navigate = navigate.clone();
        spawn_local(async move {
            let name = file.name();
            let outcome = match read_file(file).await {
                Ok(text) => import_text(store, &name, &text),
                Err(e) => Err(format!("Could not read “{name}”: {e}")),
            };
            // Clear the input so that choosing the same file again imports it again.
            input.set_value("");
            match outcome {
                Ok(id) => {
                    error.set(None);
                    navigate(&format!("/event/{id}"), NavigateOptions::default());
                }
                Err(message) => error.set(Some(message)),
            }
        });
    };

    view! {
        <div class="import">
            <label class="button" for="import-file">
                "Import TRF or JSON…"
            </label>
            <input
                id="import-file"
                class="visually-hidden-file"
                type="file"
                accept=".trf,.txt,.json"
                data-testid="import-file"
                aria-describedby="import-help"
                on:change=on_change
            />
            <span id="import-help" class="visually-hidden">
                "A FIDE Tournament Report File (.trf, .txt) or a Crosstable JSON file."
            </span>
        </div>
        <Show when=move || error.with(Option::is_some)>
            <div class="alert" role="alert" data-testid="import-error">
                <p>{move || error.get().unwrap_or_default()}</p>
                <button type="button" on:click=move |_| error.set(None)>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
