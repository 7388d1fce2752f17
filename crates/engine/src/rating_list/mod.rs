//! FIDE's rating lists as downloaded from the ratings site: the players with their FIDE ID,
//! name, federation, sex, titles, birth year, inactivity flag and ratings, read as a stream.
//!
//! # The formats read
//!
//! - **TXT, fixed columns.** The combined list (`players_list_foa.txt` in `players_list.zip`)
//!   has the header
//!   `ID Number      Name … Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag`
//!   with each column's value starting under its title (ID at 0, Name 15, Fed 76, Sex 80, Tit 84,
//!   WTit 89, OTit 94, FOA 109, SRtng 113, SGm 119, SK 123, RRtng 126, RGm 132, Rk 136,
//!   BRtng 139, BGm 145, BK 149, B-day 152, Flag 158). The per-type lists (standard, rapid,
//!   blitz) have one set of rating columns titled by the list's month (`SEP26 Gms K`). The
//!   reader does not trust these offsets: it takes each column's start from its title in the
//!   header line, so a list whose columns move still reads. [`read_txt`].
//! - **XML.** `<playerslist><player><fideid/><name/><country/><sex/><title/><w_title/>
//!   <o_title/><foa_title/><rating/><games/><k/><rapid_rating/><rapid_games/><rapid_k/>
//!   <blitz_rating/><blitz_games/><blitz_k/><birthday/><flag/></player>…</playerslist>`, with
//!   `0` or nothing for "unrated". [`read_xml`].
//! - **ZIP** of either (the download itself): the first `.txt` or `.xml` entry. [`load`].
//!
//! Text is UTF-8 where it is valid UTF-8 and Windows-1252 (a superset of Latin-1's letters)
//! where it is not, line by line (TXT) or piece by piece (XML): the lists have been published
//! in both.
//!
//! A line or record that cannot be read is reported ([`ListError`], with its line or record)
//! and skipped; a file that is not a players list at all is refused.

mod archive;
mod convert;
mod error;
mod fields;
mod search;
mod text;
mod txt;
mod xml;

#[cfg(test)]
mod tests;

pub use archive::{load, ListFormat, RatingList, MAX_PROBLEMS_KEPT};
pub use convert::ConversionNote;
pub use error::{ListError, Place, Problem};
pub use search::{fold_name, search};
pub use txt::{read_txt, read_txt_as, TxtPlayers};
pub use xml::{read_xml, read_xml_as, XmlPlayers};

use std::fmt;

/// The three FIDE rating types (the model's: an event is rated in one, a list or a list's
/// column holds one).
pub use crate::model::RatingType;

/// A player's sex as the list gives it (`M` or `F`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

impl Sex {
    fn parse(text: &str) -> Option<Sex> {
        match text {
            "M" | "m" => Some(Sex::Male),
            "F" | "f" | "W" | "w" => Some(Sex::Female),
            _ => None,
        }
    }

    /// As TRF's column 10 writes it: `m` or `w`.
    pub fn trf(self) -> &'static str {
        match self {
            Sex::Male => "m",
            Sex::Female => "w",
        }
    }
}

/// A FIDE title, in FIDE's order of precedence (the greatest first): `GM < IM` in this order
/// means GM is the higher title.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Title {
    GM,
    IM,
    WGM,
    FM,
    WIM,
    CM,
    WFM,
    WCM,
}

impl Title {
    pub fn parse(text: &str) -> Option<Title> {
        Some(match text.trim().to_ascii_uppercase().as_str() {
            "GM" => Title::GM,
            "IM" => Title::IM,
            "WGM" => Title::WGM,
            "FM" => Title::FM,
            "WIM" => Title::WIM,
            "CM" => Title::CM,
            "WFM" => Title::WFM,
            "WCM" => Title::WCM,
            _ => return None,
        })
    }

    /// As the lists and TRF write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Title::GM => "GM",
            Title::IM => "IM",
            Title::WGM => "WGM",
            Title::FM => "FM",
            Title::WIM => "WIM",
            Title::CM => "CM",
            Title::WFM => "WFM",
            Title::WCM => "WCM",
        }
    }

    /// The higher of the open title (`Tit`) and the women's title (`WTit`), either possibly
    /// absent or not a FIDE title.
    pub fn best(title: &str, women_title: &str) -> Option<Title> {
        match (Title::parse(title), Title::parse(women_title)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

/// A federation's three-letter code (`NOR`, `FID` for players registered with FIDE itself),
/// kept in four bytes rather than a `String`: a list holds close to two million of them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Federation([u8; 3]);

impl Federation {
    /// Three ASCII letters, upper-cased; anything else is not a federation code.
    pub fn parse(text: &str) -> Option<Federation> {
        match text.as_bytes() {
            &[a, b, c] if [a, b, c].iter().all(u8::is_ascii_alphabetic) => Some(Federation([
                a.to_ascii_uppercase(),
                b.to_ascii_uppercase(),
                c.to_ascii_uppercase(),
            ])),
            _ => None,
        }
    }

    pub fn as_str(&self) -> &str {
        // Three ASCII letters by construction.
        std::str::from_utf8(&self.0).unwrap_or("")
    }
}

impl fmt::Debug for Federation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Federation({})", self.as_str())
    }
}

impl fmt::Display for Federation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One rating of a listed player, with the rated games of the last period and the K factor
/// where the list gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListedRating {
    pub rating: u16,
    /// Rated games in the list's period (`SGm`/`RGm`/`BGm`, `<games>`), not games ever played.
    pub games: Option<u16>,
    /// FIDE's K factor for the player (`SK`/`Rk`/`BK`, `<k>`).
    pub k: Option<u8>,
}

/// One player of a FIDE rating list. (`Default`: ID 0 and nothing known, where a reader starts.)
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListedPlayer {
    pub fide_id: u64,
    /// As listed: `Surname, Given names` for most players.
    pub name: String,
    pub federation: Option<Federation>,
    pub sex: Option<Sex>,
    /// The higher of the open title and the women's title.
    pub title: Option<Title>,
    /// Year of birth.
    pub birth: Option<u16>,
    /// The list's flag has an `i`: inactive (in the combined list, inactive in every type; a
    /// single-type list flags inactivity in that type). The flag's `w` repeats the sex.
    pub inactive: bool,
    pub standard: Option<ListedRating>,
    pub rapid: Option<ListedRating>,
    pub blitz: Option<ListedRating>,
}

impl ListedPlayer {
    /// The rating of `kind`, if the player has one.
    pub fn rating(&self, kind: RatingType) -> Option<ListedRating> {
        match kind {
            RatingType::Standard => self.standard,
            RatingType::Rapid => self.rapid,
            RatingType::Blitz => self.blitz,
        }
    }

    fn rating_mut(&mut self, kind: RatingType) -> &mut Option<ListedRating> {
        match kind {
            RatingType::Standard => &mut self.standard,
            RatingType::Rapid => &mut self.rapid,
            RatingType::Blitz => &mut self.blitz,
        }
    }
}
