//! The banner for storage problems: data set aside at load (with its raw text to download),
//! failed saves (quota), storage unavailable. Absent when all is well.

use crate::files;
use crate::persist;
use crate::store::use_store;
use leptos::prelude::*;

/// What keeping a key aside costs, when it is not an event.
fn consequence(key: &str) -> &'static str {
    match key {
        persist::SETTINGS_KEY => {
            "; your settings (k, expectation model) are not saved until you discard it"
        }
        persist::INDEX_KEY => "; the order of the list is not saved until you discard it",
        _ => "",
    }
}

#[component]
pub fn StorageBanner() -> impl IntoView {
    let store = use_store();
    let problems = store.problems;
    // Which set-aside key asks "really discard?".
    let confirming = RwSignal::new(None::<String>);

    view! {
        <Show when=move || !problems.with(|p| p.is_empty())>
            <section class="banner" role="alert" data-testid="storage-error" aria-labelledby="storage-title">
                <h2 id="storage-title">"Storage problem"</h2>
                {move || {
                    problems
                        .with(|p| p.unavailable.clone())
                        .map(|why| {
                            view! {
                                <p>
                                    "This browser does not let Crosstable keep data ("{why}
                                    "). You can work, but nothing is saved: export your events before closing the page."
                                </p>
                            }
                        })
                }}
                <ul>
                    {move || {
                        problems
                            .with(|p| p.stale.clone())
                            .into_iter()
                            .map(|message| view! { <li data-testid="stale-event">{message}</li> })
                            .collect_view()
                    }}
                    <Show when=move || problems.with(|p| !p.stale.is_empty())>
                        <li class="banner-dismiss">
                            <button type="button" on:click=move |_| store.dismiss_stale()>
                                "Understood"
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
                                        {e}
                                        " — the change is kept in this page and saving is retried at the next change. \
                                         If storage is full, export and delete events you no longer need."
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
                                        "Stored data under "
                                        <code>{q.key.clone()}</code>
                                        " could not be used: "
                                        {q.reason.clone()}
                                        ". It is kept untouched and left out of the list"
                                        {consequence(&q.key)}
                                        ". "
                                        <button
                                            type="button"
                                            on:click=move |_| {
                                                let _ = files::download(&file, "text/plain", &raw);
                                            }
                                        >
                                            "Download the raw text"
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
                                                        "Discard…"
                                                    </button>
                                                }
                                            }
                                        >
                                            {
                                                let key = key_discard.clone();
                                                view! {
                                                    " Discard it for good? "
                                                    <button
                                                        type="button"
                                                        class="danger"
                                                        on:click=move |_| {
                                                            store.discard_quarantined(&key);
                                                            confirming.set(None);
                                                        }
                                                    >
                                                        "Discard"
                                                    </button>
                                                    <button type="button" on:click=move |_| confirming.set(None)>
                                                        "Keep"
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
