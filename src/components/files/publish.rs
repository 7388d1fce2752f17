//! Publish: the event as one self-contained HTML page (`engine::publish`) — previewed here in
//! a sandboxed frame with scripts off (the page needs none), with the QR code of the address
//! the organiser types, and downloaded as a file to post anywhere. The page is in the reader's
//! language: its words come from the `print` catalogue ([`published`]).

use crate::components::common::layout::resolve_event;
use crate::components::event::header::{EventHeader, EventView};
use crate::event_id::EventId;
use crate::files;
use crate::i18n::{td, td_string, Locale};
use crate::tr;
use crate::words::text;
use crate::words::Words;
use engine::publish::{self, Options, Phrase, QrError, Strings};
use engine::Tournament;
use leptos::prelude::*;
use leptos_i18n::Locale as _;

/// The published page of `t` in `locale`: every word from the `print` catalogue, numbers with
/// the language's decimal sign (the CLI publishes the engine's English).
pub fn published(locale: Locale, t: &Tournament, options: &Options) -> Result<String, QrError> {
    let phrase = move |p: Phrase| match p {
        Phrase::Format(format) => text::format_label_in(locale, format),
        Phrase::Players(count) => td_string!(locale, print.page.players, count).to_string(),
        Phrase::RoundsPlayed {
            complete,
            scheduled,
        } => td_string!(
            locale,
            print.page.rounds_played,
            complete,
            count = scheduled
        )
        .to_string(),
        Phrase::Round(round) => td_string!(locale, print.page.round, round).to_string(),
        Phrase::Dates(dates) => td_string!(locale, print.page.dates, dates).to_string(),
    };
    // The tie-break names are the standings' words (the English name until they have theirs).
    let tiebreak = |tb: engine::tiebreak::Tiebreak| tb.name().to_string();
    let strings = Strings {
        lang: locale.as_str(),
        decimal_comma: text::decimal_comma(locale),
        standings: td_string!(locale, print.page.standings),
        crosstable: td_string!(locale, print.page.crosstable),
        rounds: td_string!(locale, print.page.rounds),
        rank: td_string!(locale, print.page.rank),
        start_no: td_string!(locale, print.page.start_no),
        name: td_string!(locale, print.page.name),
        rating: td_string!(locale, print.page.rating),
        points: td_string!(locale, print.page.points),
        board: td_string!(locale, print.page.board),
        white: td_string!(locale, print.page.white),
        black: td_string!(locale, print.page.black),
        result: td_string!(locale, print.page.result),
        white_letter: td_string!(locale, common.colour.white_letter),
        black_letter: td_string!(locale, common.colour.black_letter),
        bye: td_string!(locale, print.page.bye),
        half_bye: td_string!(locale, print.page.half_bye),
        zero_bye: td_string!(locale, print.page.zero_bye),
        not_paired: td_string!(locale, print.page.not_paired),
        pending: td_string!(locale, print.page.pending),
        withdrawn: td_string!(locale, print.page.withdrawn),
        legend: td_string!(locale, print.page.legend),
        online: td_string!(locale, print.page.online),
        swiss_key: td_string!(locale, print.page.swiss_key),
        round_robin_key: td_string!(locale, print.page.round_robin_key),
        made_with: td_string!(locale, print.page.made_with),
        phrase: &phrase,
        tiebreak: &tiebreak,
    };
    publish::publish_in(t, options, &strings)
}

/// What the last download did, worded when drawn.
#[derive(Clone, Debug, PartialEq)]
enum Download {
    Done(String),
    Failed(files::BrowserError),
}

/// The publish view's body for one event id.
#[component]
pub fn PublishScreen(
    /// Id of the event in the store.
    event_id: EventId,
) -> impl IntoView {
    resolve_event(event_id, move |id, tournament| {
        let lang = crate::lang::use_lang();
        let url = RwSignal::new(String::new());
        let status = RwSignal::new(None::<Download>);
        let page = Memo::new(move |_| {
            let url = url.get();
            let options = Options {
                url: Some(url.trim().to_owned()).filter(|u| !u.is_empty()),
            };
            let l = lang.get();
            tournament.with(|t| published(l, t, &options).map_err(|e| e.words(l)))
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
            status.set(Some(match files::download(&name, "text/html", &html) {
                Ok(()) => Download::Done(name),
                Err(e) => Download::Failed(e),
            }));
        };
        let status_text = move || {
            let l = lang.get();
            status.with(|s| match s {
                None => String::new(),
                Some(Download::Done(file)) => {
                    td_string!(l, event.publish.downloaded, file = file.clone()).to_string()
                }
                Some(Download::Failed(error)) => {
                    td_string!(l, event.publish.download_failed, error = error.words(l)).to_string()
                }
            })
        };
        let qr_view = move || {
            match qr.get() {
            None => view! {
                <p class="muted">{tr!(event.publish.qr_hint)}</p>
            }
            .into_any(),
            Some(Err(e)) => view! { <p role="alert" data-testid="publish-url-error">{crate::words::sentence_of(lang.get(), &e)}</p> }.into_any(),
            Some(Ok(svg)) => view! {
                <figure class="publish-qr" data-testid="publish-qr">
                    <div class="publish-qr-code" inner_html=svg></div>
                    <figcaption>
                        {move || td!(lang.get(), event.publish.qr_caption, url = url.get(), <a> = <a href=move || url.get() />)}
                    </figcaption>
                </figure>
            }
            .into_any(),
        }
        };
        view! {
            <article class="event">
                <EventHeader event_id=id tournament=tournament current=Signal::derive(|| EventView::Publish) />
                <section class="panel publish" aria-labelledby="publish-title">
                    <h3 id="publish-title">{tr!(event.publish.heading)}</h3>
                    <p>{tr!(event.publish.intro)}</p>
                    <div class="publish-controls">
                        <label for="publish-url">{tr!(event.publish.url_label)}</label>
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
                            {tr!(event.publish.download)}
                        </button>
                        <p role="status" data-testid="publish-status">{status_text}</p>
                    </div>
                </section>
                <section class="panel" aria-labelledby="publish-preview-title">
                    <h3 id="publish-preview-title">{tr!(event.publish.preview)}</h3>
                    <iframe
                        class="publish-preview"
                        title=tr!(event.publish.preview_title)
                        data-testid="publish-preview"
                        sandbox=""
                        srcdoc=move || page.get().unwrap_or_default()
                    ></iframe>
                </section>
            </article>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swiss() -> Tournament {
        let mut t = engine::example::withdrawal();
        t.format = engine::Format::Swiss {
            rounds: t.rounds.len() as u32,
        };
        t
    }

    /// The app's English catalogue says what the engine's English says: the page a reader
    /// publishes in English is the CLI's page.
    #[test]
    fn english_is_the_clis_page() {
        let options = Options::default();
        for t in [
            engine::example::withdrawal(),
            engine::example::complete(),
            swiss(),
        ] {
            assert_eq!(
                published(Locale::en, &t, &options).unwrap(),
                publish::publish(&t, &options).unwrap()
            );
        }
    }

    /// Issue 12: the published page in French, German and Japanese has the language's words,
    /// its `lang`, its decimal sign, and none of English's words.
    #[test]
    fn the_page_follows_the_readers_language() {
        let t = engine::example::withdrawal();
        let options = Options::default();
        let english = publish::ENGLISH;
        for locale in [Locale::fr, Locale::de, Locale::ja] {
            let html = published(locale, &t, &options).unwrap();
            assert!(html.contains(&format!("lang=\"{}\"", locale.as_str())));
            assert!(html.contains(td_string!(locale, print.page.rounds)));
            for word in [
                english.rounds,
                english.round_robin_key,
                english.made_with,
                "players",
                "rounds played",
            ] {
                assert!(!html.contains(word), "{locale:?}: {word}");
            }
            // The withdrawn player's 4.5/… and the half points of draws.
            let comma = html.contains(",5</td>");
            let point = html.contains(".5</td>");
            assert_eq!(
                (comma, point),
                (text::decimal_comma(locale), !text::decimal_comma(locale)),
                "{locale:?}"
            );
        }
    }
}
