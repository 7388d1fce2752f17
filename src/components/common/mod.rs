//! What every area uses: the layout every page wraps itself in (error boundary,
//! `resolve_event`, titles, print views), the storage banner, read-only data tables, keyed
//! lists, plots on the page, the player select, "Share this view", and focusing the field a link
//! points at. Nothing here knows an area.

pub mod data_table;
pub mod focus;
pub mod keyed;
pub mod layout;
pub mod player_select;
pub mod plot_figure;
pub mod share_link;
pub mod storage_banner;
