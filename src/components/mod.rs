//! Reusable pieces of the pages, and the views a route and a share link both show (withdrawal,
//! sensitivity, what-if). Each takes typed props and carries its own accessibility; `layout` holds
//! the error boundary and `resolve_event`, which every event page goes through.

pub mod chances;
pub mod crosstable;
pub mod data_table;
pub mod event_header;
pub mod event_list;
pub mod formula;
pub mod import_file;
pub mod import_handover;
pub mod imputed_table;
pub mod keyed;
pub mod layout;
pub mod new_event;
pub mod pgn_merge;
pub mod player_select;
pub mod players;
pub mod plot_figure;
pub mod prior_controls;
pub mod prohibited;
pub mod publish;
pub mod rating_changes;
pub mod rounds;
pub mod sensitivity;
pub mod share_link;
pub mod side_by_side;
pub mod simulation;
pub mod standings;
pub mod storage_banner;
pub mod tiebreak_breakdown;
pub mod tiebreak_editor;
pub mod tiebreak_table;
pub mod view_unavailable;
pub mod whatif;
pub mod why_above;
pub mod withdrawal;
pub mod withdrawn_summary;
