//! The sensitivity view: how the answer depends on k and on the moment of withdrawal — three
//! plots, each with a text alternative and a data table next to it: (1) each unplayed game's
//! imputed score against k ([`imputed`]), (2) every player's points and rank against k with the
//! k values where the order changes ([`points`]), (3) the cliff over the withdrawal round
//! ([`cliff`]). Everything drawn comes from `engine::sensitivity`.

mod cliff;
mod imputed;
mod points;

use crate::analysis::LiveAnalysis;
use crate::components::common::layout::resolve_event;
use crate::components::common::player_select::{PlayerLabel, PlayerSelect};
use crate::components::common::plot_figure::use_palette;
use crate::components::common::share_link::ShareLink;
use crate::components::event::header::{EventHeader, EventView};
use crate::components::event::view_unavailable::unavailable_page;
use crate::components::withdrawal::prior_controls::PriorControls;
use crate::event_id::EventId;
use crate::files;
use crate::i18n::{td, Locale};
use crate::lang::Lang;
use crate::plots::{self, Palette};
use crate::share::SharedView;
use crate::store::use_store;
use crate::tr;
use crate::words::text;
use engine::impute::ImputeError;
use engine::sensitivity::{self, Cliff, KSweep};
use engine::{StartNo, Tournament};
use leptos::prelude::*;

/// The sweep runs k over the slider's range, from 0 to this …
pub const K_MAX: f64 = crate::prior::SLIDER_MAX;
/// … on this many steps (0.1 apart; crossings are exact, not on the grid).
pub const STEPS: usize = 200;
/// The k values of the data tables.
const TABLE_KS: [f64; 6] = [0.0, 1.0, 3.0, 5.0, 10.0, K_MAX];

/// The data tables' columns: (k, index on the sweep's grid) for each of [`TABLE_KS`].
fn table_columns(s: &KSweep) -> Vec<(f64, usize)> {
    TABLE_KS
        .iter()
        .filter_map(|&k| {
            s.ks.iter()
                .position(|&x| (x - k).abs() < 1e-9)
                .map(|i| (k, i))
        })
        .collect()
}

/// Whole sentences of one paragraph: a space between them, none in Japanese.
fn sentences(l: Locale, parts: &[String]) -> String {
    parts.join(if l == Locale::ja { "" } else { " " })
}

/// What the three plots are drawn from, computed once for the view (Copy: one per plot).
#[derive(Clone, Copy)]
struct Sweeps {
    tournament: Memo<Tournament>,
    live: LiveAnalysis,
    k: Memo<f64>,
    palette: Signal<Palette>,
    /// The reader's language (words and numbers of the plots and tables).
    lang: Lang,
    sweep: Memo<Result<KSweep, ImputeError>>,
    cliff: Memo<Result<Cliff, ImputeError>>,
}

impl Sweeps {
    fn new(tournament: Memo<Tournament>, cliff_player: Memo<StartNo>) -> Sweeps {
        let store = use_store();
        let sweep = Memo::new(move |_| {
            let e = store.settings.with(|s| s.expectation);
            tournament.with(|t| sensitivity::k_sweep(t, &[], e, K_MAX, STEPS))
        });
        let cliff = Memo::new(move |_| {
            let params = store.settings.with(|s| s.params());
            let p = cliff_player.get();
            tournament.with(|t| sensitivity::cliff(t, p, params))
        });
        Sweeps {
            tournament,
            live: LiveAnalysis::resolved(store, tournament),
            k: Memo::new(move |_| store.settings.with(|s| s.k)),
            palette: use_palette(),
            lang: crate::lang::use_lang(),
            sweep,
            cliff,
        }
    }

    /// A player's name (`#n` when unknown), tracked.
    fn name(&self, p: StartNo) -> String {
        self.tournament.with(|t| text::name_of(t, p))
    }

    /// The file name stem of a plot's downloads.
    fn file_stem(&self, plot: &'static str) -> Signal<String> {
        let tournament = self.tournament;
        Signal::derive(move || format!("{}-{plot}", tournament.with(files::file_stem)))
    }

    /// A plot of the k sweep, `draw`n when the event, the colours or the language change, and
    /// its k marker: an overlay that follows the slider without redrawing the plot (see
    /// `plots::Frame`). Returns (svg, overlay).
    fn k_plot(
        self,
        draw: fn(Locale, &KSweep, &dyn Fn(StartNo) -> String, &Palette) -> plots::Plot,
    ) -> (Signal<String>, Signal<String>) {
        let Sweeps {
            k,
            palette,
            sweep,
            lang,
            ..
        } = self;
        let name = move |p| self.name(p);
        let plot = Memo::new(move |_| {
            let (pal, l) = (palette.get(), lang.get());
            sweep.with(|s| match s {
                Ok(s) if !s.games.is_empty() => draw(l, s, &name, &pal),
                _ => plots::Plot::default(),
            })
        });
        let svg = Signal::derive(move || plot.with(|p| p.svg.clone()));
        let mark = Signal::derive(move || {
            let (k, pal, l) = (k.get(), palette.get(), lang.get());
            plot.with(|p| p.frame.map(|f| f.marker(l, k, &pal)).unwrap_or_default())
        });
        (svg, mark)
    }

    /// A message without variables in the reader's language, as a signal (a plot's title).
    fn words(&self, message: fn(Locale) -> &'static str) -> Signal<String> {
        let lang = self.lang;
        Signal::derive(move || message(lang.get()).to_string())
    }

    fn has_games(&self) -> bool {
        self.sweep
            .with(|s| matches!(s, Ok(s) if !s.games.is_empty()))
    }
}

/// The sensitivity view's body for one event id.
#[component]
pub fn SensitivityScreen(
    /// Id of the event in the store.
    event_id: EventId,
    /// The cliff's player to start with (default: the first withdrawn player).
    #[prop(optional)]
    initial_player: Option<StartNo>,
) -> impl IntoView {
    resolve_event(event_id, move |id, tournament| {
        unavailable_page(&id, tournament, EventView::Sensitivity).unwrap_or_else(|| {
            view! { <SensitivityBody event_id=id tournament=tournament initial_player=initial_player /> }
                .into_any()
        })
    })
}

/// The view of an event that exists.
#[component]
fn SensitivityBody(
    /// Id of the event in the store (for links).
    event_id: EventId,
    /// The event.
    tournament: Memo<Tournament>,
    /// The cliff's player to start with (default: the first withdrawn player).
    initial_player: Option<StartNo>,
) -> impl IntoView {
    let chosen = RwSignal::new(initial_player);
    let cliff_player = Memo::new(move |_| {
        let first = tournament.with(|t| t.withdrawals.first().map(|w| w.player));
        chosen.get().or(first).unwrap_or(1)
    });
    let sweeps = Sweeps::new(tournament, cliff_player);
    let lang = sweeps.lang;
    let error = move || -> Option<String> {
        sweeps.sweep.with(|s| match s {
            Err(e) => Some(crate::words::sentence_of(lang.get(), e)),
            Ok(_) => None,
        })
    };
    let back = EventView::Crosstable.href(&event_id);
    view! {
        <article class="event">
            <EventHeader event_id=event_id tournament=tournament current=Signal::derive(|| EventView::Sensitivity) />
            {move || error().map(|why| view! {
                <section class="panel" role="status">
                    <h3>{tr!(sensitivity.view.unavailable_heading)}</h3>
                    <p>{why}</p>
                </section>
            })}
            <Show when=move || error().is_none()>
                <div class="sensitivity-layout">
                    <section class="panel controls-panel" aria-label=tr!(sensitivity.view.settings_aria)>
                        <PriorControls />
                        <label class="inline">
                            {tr!(sensitivity.view.cliff_player)}
                            " "
                            <PlayerSelect
                                tournament=tournament
                                value=Signal::derive(move || Some(cliff_player.get()))
                                on_pick=Callback::new(move |p: Option<StartNo>| {
                                    if p.is_some() {
                                        chosen.set(p);
                                    }
                                })
                                testid="cliff-player"
                                label=PlayerLabel::NameRating
                            />
                        </label>
                    </section>
                    <Show
                        when=move || sweeps.has_games()
                        fallback={
                            let back = back.clone();
                            move || view! {
                                <section class="panel" role="status">
                                    <h3>{tr!(sensitivity.view.none_heading)}</h3>
                                    <p>
                                        {
                                            let back = back.clone();
                                            move || {
                                                let back = back.clone();
                                                td!(
                                                    lang.get(),
                                                    sensitivity.view.none_help,
                                                    <link> = move |c: ChildrenFn| view! { <a href=back.clone()>{c()}</a> }
                                                )
                                            }
                                        }
                                    </p>
                                </section>
                            }
                        }
                    >
                        <imputed::ImputedVsK sweeps=sweeps />
                        <points::PointsVsK sweeps=sweeps />
                    </Show>
                    <cliff::CliffPlot sweeps=sweeps />
                    <ShareLink
                        tournament=tournament
                        view=SharedView::Sensitivity
                        player=Signal::derive(move || Some(cliff_player.get()))
                        round=Signal::derive(|| None)
                    />
                </div>
            </Show>
        </article>
    }
}
