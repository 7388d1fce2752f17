//! "Share this view": a link that carries the event, the view, the chosen player and round, k and
//! the expectation model in its fragment (see `share`). Whoever opens it sees the same numbers;
//! nothing is stored in their browser unless they save a copy.

use crate::share::{self, Shared, SharedGame, SharedView};
use crate::store::use_store;
use engine::{StartNo, Tournament};
use leptos::html::Input;
use leptos::prelude::*;

/// Marks a subtree that shows a shared (unsaved) event: the event's tabs are not shown, since
/// the event is not in the browser's list.
#[derive(Clone, Copy)]
pub struct SharedMode;

/// The full URL of a share link (this page's origin + `/shared#…`).
pub fn share_url(shared: &Shared) -> String {
    let origin = web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default();
    format!("{origin}{}#{}", share::ROUTE, share::encode(shared))
}

#[component]
pub fn ShareLink(
    /// The event being shown.
    tournament: Memo<Tournament>,
    /// The view the link opens.
    view: SharedView,
    /// The chosen player (cliff or what-if), if any.
    #[prop(into)]
    player: Signal<Option<StartNo>>,
    /// The chosen round (what-if), if any.
    #[prop(into)]
    round: Signal<Option<u32>>,
    /// The selected unplayed game (withdrawal view), if any.
    #[prop(optional, into)]
    game: Option<Signal<Option<SharedGame>>>,
) -> impl IntoView {
    let store = use_store();
    let link = RwSignal::new(None::<String>);
    let status = RwSignal::new(String::new());
    let input = NodeRef::<Input>::new();
    let make = move |_| {
        let t = tournament.get_untracked();
        let settings = store.settings.get_untracked();
        link.set(Some(share_url(&Shared {
            view,
            tournament: t,
            player: player.get_untracked(),
            round: round.get_untracked(),
            game: game.and_then(|g| g.get_untracked()),
            k: settings.k,
            expectation: settings.expectation,
        })));
        status.set("Link ready: copy it, or open it in another browser.".into());
    };
    let copy = move |_| {
        let Some(text) = link.get_untracked() else {
            return;
        };
        if let Some(el) = input.get_untracked() {
            el.select();
        }
        let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
        match clipboard {
            Some(c) => {
                let _ = c.write_text(&text);
                status.set("Copied to the clipboard.".into());
            }
            None => status.set("Select the link and copy it (Ctrl+C).".into()),
        }
    };
    view! {
        <section class="panel share" aria-labelledby="share-title">
            <h3 id="share-title">"Share this view"</h3>
            <p class="muted">
                "The link holds the event, the chosen player, round or game, and k (compressed into the part after “#”, \
                 which never reaches a server). Whoever opens it sees these numbers; their own events are not touched \
                 unless they save a copy."
            </p>
            <div class="toolbar">
                <button type="button" data-testid="share-make" on:click=make>
                    "Make a share link"
                </button>
                <Show when=move || link.with(Option::is_some)>
                    <label class="inline share-field">
                        "Link "
                        <input
                            type="text"
                            readonly
                            data-testid="share-link"
                            node_ref=input
                            prop:value=move || link.get().unwrap_or_default()
                            on:focus=move |_| {
                                if let Some(el) = input.get_untracked() {
                                    el.select();
                                }
                            }
                        />
                    </label>
                    <button type="button" on:click=copy>
                        "Copy"
                    </button>
                </Show>
            </div>
            <p class="status" role="status">{move || status.get()}</p>
        </section>
    }
}
