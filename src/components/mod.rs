//! The pages' parts, by area, so that a view and its pieces sit together: `event` (the event's
//! header, players and crosstable, the saved events, a new event), `rounds` (the Rounds tab),
//! `standings` (the Standings tab and its tie-breaks), `withdrawal` (the withdrawal view and the
//! imputation's settings), `insight` (sensitivity, what-if, chances, the simulation study) and
//! `files` (import, PGN results, publish). `common` holds what every area uses (the layout with
//! `resolve_event`, which every event page goes through; tables, plots, the player select, the
//! share link). Each component takes typed props and carries its own accessibility.
//!
//! The areas depend one way: any area may use `common`; the views (`files`, `withdrawal`,
//! `insight`) use `event`'s header; `insight` uses `withdrawal`'s settings (k and the
//! expectation model); `common` uses no area and no area uses `insight`.

pub mod common;
pub mod event;
pub mod files;
pub mod insight;
pub mod rounds;
pub mod standings;
pub mod withdrawal;
