//! `crosstable publish FILE -o results.html [--url URL]`: the event as one self-contained HTML
//! page (standings with the event's tie-breaks, the crosstable, every round), with a QR code
//! for the address where it will be posted — the same page as the app's Publish view.

use engine::publish::{self, Options};
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct PublishArgs {
    /// The event: TRF, Crosstable JSON or PGN (detected by content).
    pub file: PathBuf,
    /// Write the page to OUT (e.g. results.html); without it the page is printed.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// The address where the page will be posted: shown on the page as a link and a QR code.
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
}

/// Writes the page; returns what to print (nothing when written to a file).
pub fn run(args: &PublishArgs) -> Result<String, String> {
    let t = crate::load::tournament(&args.file)?;
    let html = publish::publish(
        &t,
        &Options {
            url: args.url.clone(),
        },
    )
    .map_err(|e| format!("--url: {e}"))?;
    match &args.output {
        Some(out) => {
            std::fs::write(out, html)
                .map_err(|e| format!("{}: cannot write: {e}", out.display()))?;
            Ok(String::new())
        }
        None => Ok(html),
    }
}
