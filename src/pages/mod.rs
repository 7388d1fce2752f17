//! One module per route.

pub mod event;
pub mod home;
pub mod learn;
pub mod not_found;
pub mod sensitivity;
pub mod shared;
pub mod simulation;
pub mod whatif;
pub mod withdrawal;

/// Kept here for the pages' callers; defined with the boundary it goes through.
pub use crate::components::layout::PageError;
