//! Crosstable's web app (Leptos 0.8, client-side rendered): pages, components, the reactive
//! store and its persistence. Every rule and number comes from the `engine` crate.

pub mod analysis;
pub mod app;
pub mod backup;
pub mod components;
pub mod event_id;
pub mod files;
pub mod home_shell;
pub mod lang;
pub mod live_standings;
pub mod pages;
pub mod persist;
pub mod plots;
pub mod policies;
pub mod prior;
pub mod share;
pub mod simulation;
pub mod store;
pub mod tiebreaks;
pub mod words;
pub mod workers;

pub use app::App;

// The message catalogues (`locales/`), as the typed module that `crates/i18n` generates:
// `use crate::i18n::*` brings `use_i18n`, `t!`, `t_string!` and `Locale`.
pub use crosstable_i18n::i18n;
