//! The QR code of the address where the page is posted, as an SVG drawing to inline.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use std::fmt;

/// An address that cannot be encoded (longer than a QR code holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QrError {
    /// Length of the address in bytes.
    pub length: usize,
}

impl fmt::Display for QrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the address is too long for a QR code ({} characters); use a shorter address",
            self.length
        )
    }
}

impl std::error::Error for QrError {}

/// The QR code of `url` as an `<svg>` element (dark modules on white, with the quiet zone),
/// medium error correction. The drawing is decorative for screen readers: the address is
/// written next to it.
pub fn qr_svg(url: &str) -> Result<String, QrError> {
    let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M)
        .map_err(|_| QrError { length: url.len() })?;
    let svg = code
        .render::<svg::Color<'_>>()
        .min_dimensions(160, 160)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .quiet_zone(true)
        .build();
    // The renderer writes an XML declaration: not wanted inside an HTML page.
    let start = svg.find("<svg").unwrap_or(0);
    Ok(svg[start..].replacen(
        "<svg",
        "<svg aria-hidden=\"true\" focusable=\"false\" class=\"qr\"",
        1,
    ))
}
