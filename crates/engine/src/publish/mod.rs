//! Results anyone can open: one self-contained HTML page of an event (inline CSS, no script,
//! printable) — title and dates, the standings with the event's own tie-breaks, the crosstable
//! (round-robin grid, or the Swiss crosstable: opponent, colour and result per round), and
//! every round's pairings and results — with a QR code for the address where the organiser
//! will post it. Every word comes from [`Strings`]; every piece of text is escaped by
//! construction (`maud` templates, html.rs).

mod html;
mod qr;
mod strings;

pub use html::page;
pub use qr::{qr_svg, QrError};
pub use strings::{Phrase, Strings, ENGLISH};

/// What to publish beyond the event itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The address where the page will be posted: shown as a link and a QR code.
    pub url: Option<String>,
}

/// The published page of `t` in English, with a QR code when `options.url` is given. A URL
/// that cannot be a QR code (too long) is the error.
pub fn publish(t: &crate::Tournament, options: &Options) -> Result<String, QrError> {
    publish_in(t, options, &ENGLISH)
}

/// [`publish`] in the words of `strings` (the app's reader's language).
pub fn publish_in(
    t: &crate::Tournament,
    options: &Options,
    strings: &Strings,
) -> Result<String, QrError> {
    let qr = match options
        .url
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        Some(url) => Some((url.to_owned(), qr_svg(url)?)),
        None => None,
    };
    Ok(page(
        t,
        strings,
        qr.as_ref().map(|(u, s)| (u.as_str(), s.as_str())),
    ))
}

#[cfg(test)]
mod tests;
