//! The TXT lists: a header line of column titles, then one player a line, each value starting
//! under its column's title. The columns' starts are read from the header, not assumed.

use super::error::{ListError, Place, Problem};
use super::text::decode;
use super::{fields, ListedPlayer, RatingType, Title};
use std::io::BufRead;

/// What a column holds. A rating column of a single-type list (titled by its month, `SEP26`)
/// and its `Gms` and `K` are the list's type, given to the reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Id,
    Name,
    Fed,
    Sex,
    Tit,
    WTit,
    Flag,
    Birth,
    Rating(RatingType),
    Games(RatingType),
    K(RatingType),
    /// `OTit`, `FOA` and any column not read: it still ends the column before it.
    Other,
}

#[derive(Clone, Debug)]
struct Column {
    col: Col,
    title: String,
    /// The character its title starts at.
    start: usize,
}

#[derive(Clone, Debug)]
struct Header {
    columns: Vec<Column>,
    starts: Vec<usize>,
    name_start: usize,
    fed: Option<usize>,
}

/// A month label such as `SEP26`: a single-type list's rating column.
fn is_month(title: &str) -> bool {
    let b = title.as_bytes();
    b.len() == 5
        && b[..3].iter().all(u8::is_ascii_alphabetic)
        && b[3..].iter().all(u8::is_ascii_digit)
}

fn column_kind(title: &str, single: RatingType) -> Col {
    use RatingType::{Blitz, Rapid, Standard};
    match title.to_ascii_lowercase().as_str() {
        "id number" | "id" | "idnumber" => Col::Id,
        "name" => Col::Name,
        "fed" => Col::Fed,
        "sex" => Col::Sex,
        "tit" | "titl" => Col::Tit,
        "wtit" => Col::WTit,
        "flag" => Col::Flag,
        "b-day" | "bday" | "born" | "b-year" => Col::Birth,
        "srtng" => Col::Rating(Standard),
        "sgm" => Col::Games(Standard),
        "sk" => Col::K(Standard),
        "rrtng" => Col::Rating(Rapid),
        "rgm" => Col::Games(Rapid),
        "rk" => Col::K(Rapid),
        "brtng" => Col::Rating(Blitz),
        "bgm" => Col::Games(Blitz),
        "bk" => Col::K(Blitz),
        "gms" | "games" => Col::Games(single),
        "k" => Col::K(single),
        "rtng" | "rating" => Col::Rating(single),
        _ if is_month(title) => Col::Rating(single),
        _ => Col::Other,
    }
}

impl Header {
    /// The header's columns, or `None` when the line is not a players list's header (it needs
    /// an ID, a name and at least one rating column).
    fn parse(line: &str, single: RatingType) -> Option<Header> {
        let mut words: Vec<(usize, String)> = Vec::new();
        let mut start = None;
        let chars: Vec<char> = line.chars().collect();
        for (i, &c) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    words.push((s, chars[s..i].iter().collect()));
                    start = None;
                }
                _ => {}
            }
        }
        // "ID Number" is one title of two words.
        let mut titles: Vec<(usize, String)> = Vec::new();
        for (at, word) in words {
            match titles.last_mut() {
                Some((_, last))
                    if last.eq_ignore_ascii_case("id") && word.eq_ignore_ascii_case("number") =>
                {
                    last.push(' ');
                    last.push_str(&word);
                }
                _ => titles.push((at, word)),
            }
        }
        let columns: Vec<Column> = titles
            .into_iter()
            .map(|(start, title)| Column {
                col: column_kind(&title, single),
                title,
                start,
            })
            .collect();
        let find = |col: Col| columns.iter().position(|c| c.col == col);
        let (Some(0), Some(name)) = (find(Col::Id), find(Col::Name)) else {
            return None;
        };
        if !columns.iter().any(|c| matches!(c.col, Col::Rating(_))) {
            return None;
        }
        Some(Header {
            starts: columns.iter().map(|c| c.start).collect(),
            name_start: columns[name].start,
            fed: find(Col::Fed),
            columns,
        })
    }
}

/// The players of a TXT list, one item a line: a player, or the line's problem (the line is
/// skipped). A file that is not a list gives one fatal error ([`ListError::is_fatal`]) and
/// ends. Single-type lists are taken as standard ([`read_txt_as`] to say otherwise).
pub fn read_txt<R: BufRead>(reader: R) -> TxtPlayers<R> {
    read_txt_as(reader, RatingType::Standard)
}

/// As [`read_txt`], a single-type list's rating column (titled by its month) being of type
/// `single` ([`RatingType::from_file_name`] reads it from FIDE's file names). The combined
/// list's columns name their type and ignore `single`.
pub fn read_txt_as<R: BufRead>(reader: R, single: RatingType) -> TxtPlayers<R> {
    TxtPlayers {
        reader,
        single,
        header: None,
        line_no: 0,
        buf: Vec::new(),
        cuts: Vec::new(),
        bounds: Vec::new(),
        done: false,
    }
}

/// The iterator [`read_txt`] returns: reads one line at a time.
pub struct TxtPlayers<R> {
    reader: R,
    single: RatingType,
    header: Option<Header>,
    line_no: u64,
    buf: Vec<u8>,
    /// The current line's column starts, in bytes.
    cuts: Vec<usize>,
    /// The current line's character boundaries, in bytes (lines that are not ASCII).
    bounds: Vec<usize>,
    done: bool,
}

/// The start of a line that is not a header, for the refusal's message.
fn excerpt(line: &str) -> String {
    let shown: String = line
        .chars()
        .take(60)
        .map(|c| if c.is_control() { '·' } else { c })
        .collect();
    shown.trim_end().to_string()
}

impl<R: BufRead> Iterator for TxtPlayers<R> {
    type Item = Result<ListedPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let mut buf = std::mem::take(&mut self.buf);
            buf.clear();
            let read = self.reader.read_until(b'\n', &mut buf);
            self.line_no += 1;
            let place = Place::Line(self.line_no);
            match read {
                Ok(0) => {
                    self.done = true;
                    self.buf = buf;
                    return self.header.is_none().then(|| {
                        Err(ListError::file(Problem::NotAList {
                            found: "nothing: the file is empty".to_string(),
                        }))
                    });
                }
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(ListError {
                        place,
                        problem: Problem::Unreadable(e.to_string()),
                    }));
                }
            }
            let mut raw: &[u8] = &buf;
            while let [rest @ .., b'\n' | b'\r'] = raw {
                raw = rest;
            }
            if self.line_no == 1 {
                raw = raw.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(raw);
            }
            let line = decode(raw);
            let item = if line.trim().is_empty() {
                None
            } else if let Some(header) = &self.header {
                Some(
                    parse_line(header, &line, &mut self.cuts, &mut self.bounds)
                        .map_err(|problem| ListError { place, problem }),
                )
            } else {
                match Header::parse(&line, self.single) {
                    Some(h) => self.header = Some(h),
                    None => {
                        self.done = true;
                        let found = excerpt(&line);
                        self.buf = buf;
                        return Some(Err(ListError::file(Problem::NotAList { found })));
                    }
                }
                None
            };
            drop(line);
            self.buf = buf;
            if item.is_some() {
                return item;
            }
        }
        None
    }
}

/// The byte at which each column starts in `line`: its title's character position, or the
/// same number of bytes when `by_bytes` (a UTF-8 list padded by bytes). False when a byte
/// position falls inside a character.
fn cut(
    line: &str,
    starts: &[usize],
    by_bytes: bool,
    bounds: &mut Vec<usize>,
    cuts: &mut Vec<usize>,
) -> bool {
    cuts.clear();
    if by_bytes || line.is_ascii() {
        for &s in starts {
            let b = s.min(line.len());
            if !line.is_char_boundary(b) {
                return false;
            }
            cuts.push(b);
        }
    } else {
        bounds.clear();
        bounds.extend(line.char_indices().map(|(i, _)| i));
        bounds.push(line.len());
        let last = bounds.len() - 1;
        cuts.extend(starts.iter().map(|&s| bounds[s.min(last)]));
    }
    true
}

fn field<'a>(line: &'a str, cuts: &[usize], i: usize) -> &'a str {
    let end = cuts.get(i + 1).copied().unwrap_or(line.len());
    line[cuts[i]..end.max(cuts[i])].trim()
}

/// Where the columns of a line that is not ASCII start. Characters (as the header counts) by
/// default; bytes when the federation then falls in place and did not by characters (a UTF-8
/// file whose writer padded names to a width in bytes).
fn locate(header: &Header, line: &str, bounds: &mut Vec<usize>, cuts: &mut Vec<usize>) {
    cut(line, &header.starts, false, bounds, cuts);
    let (Some(fed), false) = (header.fed, line.is_ascii()) else {
        return;
    };
    let plausible = |cuts: &[usize]| {
        let text = field(line, cuts, fed);
        text.is_empty() || super::Federation::parse(text).is_some()
    };
    if plausible(cuts) {
        return;
    }
    let mut by_bytes = Vec::new();
    if cut(line, &header.starts, true, bounds, &mut by_bytes) && plausible(&by_bytes) {
        *cuts = by_bytes;
    }
}

fn parse_line(
    header: &Header,
    line: &str,
    cuts: &mut Vec<usize>,
    bounds: &mut Vec<usize>,
) -> Result<ListedPlayer, Problem> {
    let chars = if line.is_ascii() {
        line.len()
    } else {
        line.chars().count()
    };
    if chars <= header.name_start {
        return Err(Problem::TooShort);
    }
    locate(header, line, bounds, cuts);
    let mut p = ListedPlayer::default();
    let (mut tit, mut wtit) = ("", "");
    let mut ratings = [(None, None, None); 3];
    let slot = |t: RatingType| t as usize;
    for (i, column) in header.columns.iter().enumerate() {
        let text = field(line, cuts, i);
        let title = column.title.as_str();
        match column.col {
            // Left-aligned under its title: a line that starts blank is out of place (a
            // line broken in two), not a player whose ID is a stray number.
            Col::Id if line[cuts[i]..].starts_with(char::is_whitespace) && !text.is_empty() => {
                return Err(Problem::BadField {
                    field: title.to_string(),
                    text: text.to_string(),
                    expected: "a FIDE ID at the start of the line",
                });
            }
            Col::Id => p.fide_id = fields::fide_id(title, text)?,
            Col::Name => p.name = text.to_string(),
            Col::Fed => p.federation = fields::federation(title, text)?,
            Col::Sex => p.sex = fields::sex(title, text)?,
            Col::Tit => tit = text,
            Col::WTit => wtit = text,
            Col::Flag => p.inactive = fields::inactive(text),
            Col::Birth => p.birth = fields::birth(title, text)?,
            Col::Rating(t) => ratings[slot(t)].0 = fields::rating(title, text)?,
            Col::Games(t) => ratings[slot(t)].1 = fields::games(title, text)?,
            Col::K(t) => ratings[slot(t)].2 = fields::k(title, text)?,
            Col::Other => {}
        }
    }
    if p.name.is_empty() {
        return Err(Problem::Missing { field: "name" });
    }
    p.title = Title::best(tit, wtit);
    for t in [RatingType::Standard, RatingType::Rapid, RatingType::Blitz] {
        let (r, g, k) = ratings[slot(t)];
        *p.rating_mut(t) = fields::listed(r, g, k);
    }
    Ok(p)
}
