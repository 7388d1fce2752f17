//! Publish: the event as one self-contained HTML page (`engine::publish`) — previewed here in
//! a sandboxed frame with scripts off (the page needs none), with the QR code of the address
//! the organiser types, and downloaded as a file to post anywhere.

use crate::components::event_header::{EventHeader, EventView};
use crate::components::layout::resolve_event;
use crate::files;
use engine::publish::{self, Options};
use leptos::prelude::*;

/// The publish view's body for one event id.
#[component]
pub fn PublishScreen(
    /// Id of the event in the store.
    event_id: String,
) -> impl IntoView {
    resolve_event(event_id, move |id, tournament| {
        let lang = crate::lang::use_lang();
        let url = RwSignal::new(String::new());
        let status = RwSignal::new(String::new());
        let page = Memo::new(move |_| {
            let url = url.get();
            let options = Options {
                url: Some(url.trim().to_owned()).filter(|u| !u.is_empty()),
            };
            tournament.with(|t| publish::publish(t, &options).map_err(|e| e.to_string()))
        });
        let qr = Memo::new(move |_| {
            let url = url.get();
            let url = url.trim();
            (!url.is_empty()).then(|| publish::qr_svg(url))
        });
        let download = move |_| {
            let Ok(html) = page.get_untracked() else {
                return;
            };
            let name =
                tournament.with_untracked(|t| format!("{}-results.html", files::file_stem(t)));
            status.set(match files::download(&name, "text/html", &html) {
                Ok(()) => format!("Downloaded {name}."),
                Err(e) => format!("Download failed: {e}"),
            });
        };
        let qr_view = move || {
            match qr.get() {
            None => view! {
                <p class="muted">"Type the address to see its QR code; it is printed on the page too."</p>
            }
            .into_any(),
            Some(Err(e)) => view! { <p role="alert" data-testid="publish-url-error">{crate::words::sentence_of(lang.get(), &e)}</p> }.into_any(),
            Some(Ok(svg)) => view! {
                <figure class="publish-qr" data-testid="publish-qr">
                    <div class="publish-qr-code" inner_html=svg></div>
                    <figcaption>"QR code of " <a href=move || url.get()>{move || url.get()}</a></figcaption>
                </figure>
            }
            .into_any(),
        }
        };
        view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=Signal::derive(|| EventView::Publish) />
                <section class="panel publish" aria-labelledby="publish-title">
                    <h3 id="publish-title">"Publish the results"</h3>
                    <p>
                        "One HTML file with the standings and their tie-breaks, the crosstable and every round's \
                         pairings and results. It needs no internet connection and no JavaScript, and prints \
                         cleanly. Post it on your club's site, or send it."
                    </p>
                    <div class="publish-controls">
                        <label for="publish-url">"Address where you will post the page (optional)"</label>
                        <input
                            id="publish-url"
                            type="url"
                            data-testid="publish-url"
                            placeholder="https://"
                            prop:value=move || url.get()
                            on:input=move |ev| url.set(event_target_value(&ev))
                        />
                        {qr_view}
                        <button
                            type="button"
                            data-testid="publish-download"
                            disabled=move || page.with(Result::is_err)
                            on:click=download
                        >
                            "Download the HTML page"
                        </button>
                        <p role="status" data-testid="publish-status">{move || status.get()}</p>
                    </div>
                </section>
                <section class="panel" aria-labelledby="publish-preview-title">
                    <h3 id="publish-preview-title">"Preview"</h3>
                    <iframe
                        class="publish-preview"
                        title="Preview of the published page"
                        data-testid="publish-preview"
                        sandbox=""
                        srcdoc=move || page.get().unwrap_or_default()
                    ></iframe>
                </section>
            </article>
        }
    })
}
