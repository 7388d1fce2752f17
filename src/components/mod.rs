//! Reusable pieces of the pages. Each takes typed props and carries its own accessibility.

pub mod crosstable;
pub mod event_header;
pub mod event_list;
pub mod formula;
pub mod import_file;
pub mod imputed_table;
pub mod new_event;
pub mod players;
pub mod prior_controls;
pub mod rounds;
pub mod side_by_side;
pub mod standings;
pub mod storage_banner;
pub mod withdrawn_summary;
