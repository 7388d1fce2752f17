//! The banner for storage problems: data set aside at load (with its raw text to download),
//! failed saves (quota), storage unavailable. Absent when all is well.

use crate::files;
use crate::i18n::{td, td_string};
use crate::persist::{self, StoredProblem};
use crate::store::use_store;
use crate::tr;
use crate::words::Words;
use leptos::prelude::*;

/// The sentence for a key set aside at load, which says what keeping it aside costs when it is
/// not an event. The reason is worded in the language of the moment.
fn set_aside(key: String, problem: StoredProblem) -> impl IntoView {
    let lang = crate::lang::use_lang();
    move || {
        let reason = problem.words(lang.get());
        match key.as_str() {
            persist::SETTINGS_KEY => td!(
                lang.get(),
                nav.storage.set_aside_settings,
                key = key.clone(),
                reason = reason.clone(),
                <code> = <code />
            )
            .into_any(),
            persist::INDEX_KEY => td!(
                lang.get(),
                nav.storage.set_aside_index,
                key = key.clone(),
                reason = reason.clone(),
                <code> = <code />
            )
            .into_any(),
            _ => td!(
                lang.get(),
                nav.storage.set_aside,
                key = key.clone(),
                reason = reason.clone(),
                <code> = <code />
            )
            .into_any(),
        }
    }
}

#[component]
pub fn StorageBanner() -> impl IntoView {
    let store = use_store();
    let lang = crate::lang::use_lang();
    let problems = store.problems;
    // Which set-aside key asks "really discard?".
    let confirming = RwSignal::new(None::<String>);

    view! {
        <Show when=move || !problems.with(|p| p.is_empty())>
            <section class="banner" role="alert" data-testid="storage-error" aria-labelledby="storage-title">
                <h2 id="storage-title">{tr!(nav.storage.heading)}</h2>
                {move || {
                    problems
                        .with(|p| p.unavailable.clone())
                        .map(|why| {
                            view! {
                                <p>
                                    {move || {
                                        td_string!(lang.get(), nav.storage.unavailable, why = why.words(lang.get()))
                                            .to_string()
                                    }}
                                </p>
                            }
                        })
                }}
                <ul>
                    {move || {
                        problems
                            .with(|p| p.stale.clone())
                            .into_iter()
                            .map(|notice| {
                                view! { <li data-testid="stale-event">{move || notice.words(lang.get())}</li> }
                            })
                            .collect_view()
                    }}
                    <Show when=move || problems.with(|p| !p.stale.is_empty())>
                        <li class="banner-dismiss">
                            <button type="button" on:click=move |_| store.dismiss_stale()>
                                {tr!(nav.storage.understood)}
                            </button>
                        </li>
                    </Show>
                    {move || {
                        problems
                            .with(|p| p.write_errors.clone())
                            .into_iter()
                            .map(|e| {
                                view! {
                                    <li>
                                        {move || {
                                            td_string!(lang.get(), nav.storage.write_failed, error = e.words(lang.get()))
                                                .to_string()
                                        }}
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                    {move || {
                        problems
                            .with(|p| p.quarantined.clone())
                            .into_iter()
                            .map(|q| {
                                let key = q.key.clone();
                                let raw = q.raw.clone();
                                let file = format!("{}.txt", q.key.replace(['.', '/'], "-"));
                                let key_confirm = key.clone();
                                let key_discard = key.clone();
                                let asking = {
                                    let key = key.clone();
                                    move || confirming.with(|c| c.as_deref() == Some(key.as_str()))
                                };
                                view! {
                                    <li>
                                        {set_aside(q.key.clone(), q.reason.clone())}
                                        " "
                                        <button
                                            type="button"
                                            on:click=move |_| {
                                                let _ = files::download(&file, "text/plain", &raw);
                                            }
                                        >
                                            {tr!(nav.storage.download_raw)}
                                        </button>
                                        <Show
                                            when=asking
                                            fallback=move || {
                                                let key = key_confirm.clone();
                                                view! {
                                                    <button
                                                        type="button"
                                                        class="danger"
                                                        on:click=move |_| confirming.set(Some(key.clone()))
                                                    >
                                                        {tr!(nav.storage.discard_ask)}
                                                    </button>
                                                }
                                            }
                                        >
                                            {
                                                let key = key_discard.clone();
                                                view! {
                                                    " "
                                                    {tr!(nav.storage.discard_confirm)}
                                                    " "
                                                    <button
                                                        type="button"
                                                        class="danger"
                                                        on:click=move |_| {
                                                            store.discard_quarantined(&key);
                                                            confirming.set(None);
                                                        }
                                                    >
                                                        {tr!(nav.storage.discard)}
                                                    </button>
                                                    <button type="button" on:click=move |_| confirming.set(None)>
                                                        {tr!(nav.storage.keep)}
                                                    </button>
                                                }
                                            }
                                        </Show>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ul>
            </section>
        </Show>
    }
}
