//! "Share this view": a link that carries the event, the view, the chosen player and round, k and
//! the expectation model in its fragment (see `share`). Whoever opens it sees the same numbers;
//! nothing is stored in their browser unless they save a copy.

use crate::i18n::{td_string, Locale};
use crate::share::{self, Shared, SharedGame, SharedView};
use crate::store::use_store;
use crate::tr;
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

/// What the panel last did, worded when drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Said {
    Ready,
    Copied,
    CopyByHand,
}

impl Said {
    fn text(self, locale: Locale) -> &'static str {
        match self {
            Said::Ready => td_string!(locale, event.share.ready),
            Said::Copied => td_string!(locale, event.share.copied),
            Said::CopyByHand => td_string!(locale, event.share.copy_by_hand),
        }
    }
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
    let lang = crate::lang::use_lang();
    let link = RwSignal::new(None::<String>);
    let status = RwSignal::new(None::<Said>);
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
        status.set(Some(Said::Ready));
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
                status.set(Some(Said::Copied));
            }
            None => status.set(Some(Said::CopyByHand)),
        }
    };
    view! {
        <section class="panel share" aria-labelledby="share-title">
            <h3 id="share-title">{tr!(event.share.heading)}</h3>
            <p class="muted">{tr!(event.share.help)}</p>
            <div class="toolbar">
                <button type="button" data-testid="share-make" on:click=make>
                    {tr!(event.share.make)}
                </button>
                <Show when=move || link.with(Option::is_some)>
                    <label class="inline share-field">
                        {tr!(event.share.link)}
                        " "
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
                        {tr!(event.share.copy)}
                    </button>
                </Show>
            </div>
            <p class="status" role="status">
                {move || status.get().map(|s| s.text(lang.get())).unwrap_or_default()}
            </p>
        </section>
    }
}
