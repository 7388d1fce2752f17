//! One module per route. A page reads its route's parameters, resolves what it shows (see
//! `components::common::layout::resolve_event`) and hands components plain values; pages never import
//! each other or `app`.

pub mod chances;
pub mod event;
pub mod home;
pub mod import_results;
pub mod learn;
pub mod not_found;
pub mod publish;
pub mod sensitivity;
pub mod shared;
pub mod simulation;
pub mod whatif;
pub mod withdrawal;
