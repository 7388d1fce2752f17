//! The event itself: the header of every event page (name, facts, navigation, downloads, and
//! what a TRF for rating would lack), the
//! player list, the editable crosstable and the details (name, place, dates, arbiters, rounds) of
//! the event page, what a view unavailable for the
//! event's format shows instead, and, on the home page, the saved events and the new-event
//! form.

pub mod crosstable;
pub mod details;
pub mod header;
pub mod list;
pub mod new;
pub mod players;
pub mod readiness;
pub mod view_unavailable;
