//! The XML lists: `<playerslist>` of `<player>` records, one element a field, read as a
//! stream of quick-xml events (one record held at a time).

use super::error::{ListError, Place, Problem};
use super::text::push_utf8;
use super::{fields, ListedPlayer, RatingType, Title};
use quick_xml::events::Event;
use quick_xml::Reader;
use std::io::{self, BufRead, Read};

/// The tags read, in the order of `Record::slots`; any other tag (`o_title`, `foa_title`) is
/// passed over.
const TAGS: [&str; 17] = [
    "fideid",
    "name",
    "country",
    "sex",
    "title",
    "w_title",
    "flag",
    "birthday",
    "rating",
    "games",
    "k",
    "rapid_rating",
    "rapid_games",
    "rapid_k",
    "blitz_rating",
    "blitz_games",
    "blitz_k",
];
const FIDEID: usize = 0;
const NAME: usize = 1;
const COUNTRY: usize = 2;
const SEX: usize = 3;
const TITLE: usize = 4;
const W_TITLE: usize = 5;
const FLAG: usize = 6;
const BIRTHDAY: usize = 7;
/// `rating`, `games`, `k` of the list's own type, then rapid's and blitz's three.
const RATINGS_AT: usize = 8;

/// The players of an XML list, one item a `<player>` record: a player, or the record's
/// problem (the record is skipped). A file that is not a players list, or XML that breaks,
/// gives one fatal error ([`ListError::is_fatal`]) and ends. A single-type list's
/// `<rating>` is taken as standard ([`read_xml_as`] to say otherwise).
pub fn read_xml<R: BufRead>(reader: R) -> XmlPlayers<R> {
    read_xml_as(reader, RatingType::Standard)
}

/// As [`read_xml`], the plain `<rating>`, `<games>` and `<k>` being of type `single` (the
/// combined list's are standard, beside its `rapid_…` and `blitz_…` tags).
pub fn read_xml_as<R: BufRead>(reader: R, single: RatingType) -> XmlPlayers<R> {
    XmlPlayers {
        reader: Reader::from_reader(Utf8Pieces::new(reader)),
        buf: Vec::new(),
        single,
        root: false,
        record: 0,
        record_byte: 0,
        in_record: false,
        field: None,
        slots: Default::default(),
        done: false,
    }
}

/// The iterator [`read_xml`] returns.
pub struct XmlPlayers<R> {
    reader: Reader<Utf8Pieces<R>>,
    buf: Vec<u8>,
    single: RatingType,
    /// `<playerslist>` has been seen.
    root: bool,
    record: u64,
    record_byte: u64,
    in_record: bool,
    /// The slot of the field being read, or none (a tag not read, or between fields).
    field: Option<usize>,
    slots: [String; TAGS.len()],
    done: bool,
}

impl<R: BufRead> XmlPlayers<R> {
    fn fatal(&mut self, place: Place, problem: Problem) -> Option<Result<ListedPlayer, ListError>> {
        self.done = true;
        Some(Err(ListError { place, problem }))
    }

    fn record_place(&self) -> Place {
        Place::Record {
            number: self.record,
            byte: self.record_byte,
        }
    }

    fn record(&self) -> Result<ListedPlayer, Problem> {
        let s = |i: usize| self.slots[i].trim();
        let name = s(NAME);
        let mut p = ListedPlayer {
            fide_id: fields::fide_id(TAGS[FIDEID], s(FIDEID))?,
            name: name.to_string(),
            federation: fields::federation(TAGS[COUNTRY], s(COUNTRY))?,
            sex: fields::sex(TAGS[SEX], s(SEX))?,
            title: Title::best(s(TITLE), s(W_TITLE)),
            birth: fields::birth(TAGS[BIRTHDAY], s(BIRTHDAY))?,
            inactive: fields::inactive(s(FLAG)),
            ..ListedPlayer::default()
        };
        if name.is_empty() {
            return Err(Problem::Missing { field: "name" });
        }
        let kinds = [self.single, RatingType::Rapid, RatingType::Blitz];
        for (n, kind) in kinds.into_iter().enumerate() {
            let at = RATINGS_AT + 3 * n;
            let rating = fields::rating(TAGS[at], s(at))?;
            let games = fields::games(TAGS[at + 1], s(at + 1))?;
            let k = fields::k(TAGS[at + 2], s(at + 2))?;
            // A single-type list of rapid or blitz has no `rapid_…` tags: keep its own.
            if rating.is_some() || p.rating(kind).is_none() {
                *p.rating_mut(kind) = fields::listed(rating, games, k);
            }
        }
        Ok(p)
    }
}

impl<R: BufRead> Iterator for XmlPlayers<R> {
    type Item = Result<ListedPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.buf.clear();
            let at = self.reader.buffer_position();
            let event = match self.reader.read_event_into(&mut self.buf) {
                Ok(event) => event,
                Err(e) => {
                    let place = if self.in_record {
                        self.record_place()
                    } else {
                        Place::Byte(self.reader.error_position())
                    };
                    let problem = if self.root {
                        Problem::Xml(e.to_string())
                    } else {
                        Problem::NotAList {
                            found: format!("XML that cannot be read ({e})"),
                        }
                    };
                    return self.fatal(place, problem);
                }
            };
            match event {
                Event::Start(e) | Event::Empty(e) if !self.root => {
                    let name = e.local_name();
                    let name: &str = name.as_ref();
                    if name != "playerslist" {
                        let found =
                            format!("an XML document whose root is <{name}>, not <playerslist>");
                        return self.fatal(Place::File, Problem::NotAList { found });
                    }
                    self.root = true;
                }
                Event::Start(e) if !self.in_record => {
                    let name = e.local_name();
                    if AsRef::<str>::as_ref(&name) == "player" {
                        self.record += 1;
                        self.record_byte = at;
                        self.in_record = true;
                        self.field = None;
                        self.slots.iter_mut().for_each(String::clear);
                    }
                }
                Event::Start(e) => {
                    let name = e.local_name();
                    let name: &str = name.as_ref();
                    self.field = TAGS.iter().position(|t| *t == name);
                }
                Event::Empty(e) if !self.in_record => {
                    let name = e.local_name();
                    if AsRef::<str>::as_ref(&name) == "player" {
                        self.record += 1;
                        let place = Place::Record {
                            number: self.record,
                            byte: at,
                        };
                        let problem = Problem::Missing { field: "FIDE ID" };
                        return Some(Err(ListError { place, problem }));
                    }
                }
                Event::Text(t) => match self.field {
                    Some(i) => self.slots[i].push_str(&t.xml10_content()),
                    None if !self.root && !t.xml10_content().trim().is_empty() => {
                        let found =
                            format!("text before any element: “{}”", t.xml10_content().trim());
                        return self.fatal(Place::File, Problem::NotAList { found });
                    }
                    None => {}
                },
                Event::CData(t) => {
                    if let Some(i) = self.field {
                        self.slots[i].push_str(&t.xml10_content());
                    }
                }
                Event::GeneralRef(r) => {
                    if let Some(i) = self.field {
                        let name = r.xml10_content();
                        match r.resolve_char_ref() {
                            Ok(Some(c)) => self.slots[i].push(c),
                            _ => match quick_xml::escape::resolve_predefined_entity(&name) {
                                Some(s) => self.slots[i].push_str(s),
                                None => {
                                    self.slots[i].push('&');
                                    self.slots[i].push_str(&name);
                                    self.slots[i].push(';');
                                }
                            },
                        }
                    }
                }
                Event::End(e) if self.in_record => {
                    let name = e.local_name();
                    if AsRef::<str>::as_ref(&name) == "player" {
                        self.in_record = false;
                        let place = self.record_place();
                        return Some(
                            self.record()
                                .map_err(|problem| ListError { place, problem }),
                        );
                    }
                    self.field = None;
                }
                Event::End(_) => {}
                Event::Eof => {
                    if !self.root {
                        let found = "no XML element".to_string();
                        return self.fatal(Place::File, Problem::NotAList { found });
                    }
                    if self.in_record {
                        let place = self.record_place();
                        return self.fatal(
                            place,
                            Problem::Xml("the file ends inside this record".into()),
                        );
                    }
                    self.done = true;
                }
                // An empty field (`<w_title/>`) is an absent one.
                Event::Empty(_)
                | Event::Decl(_)
                | Event::PI(_)
                | Event::Comment(_)
                | Event::DocType(_) => {}
            }
        }
        None
    }
}

/// The XML as UTF-8 for quick-xml (which reads UTF-8 only). What the inner reader has buffered,
/// up to its last `>` (or its last ASCII byte), is passed on as it is when valid UTF-8 (the
/// usual case); else each piece up to a `>` is, when valid, and the others are decoded from
/// Windows-1252. A declaration of a single-byte encoding (`ISO-8859-1`, `windows-1252`)
/// decodes everything so. A UTF-8 character is never cut: chunks end after an ASCII byte.
struct Utf8Pieces<R> {
    inner: R,
    out: Vec<u8>,
    pos: usize,
    started: bool,
    single_byte: bool,
}

impl<R: BufRead> Utf8Pieces<R> {
    fn new(inner: R) -> Self {
        Utf8Pieces {
            inner,
            out: Vec::new(),
            pos: 0,
            started: false,
            single_byte: false,
        }
    }
}

/// Whether an XML declaration names a single-byte encoding.
fn declares_single_byte(piece: &[u8]) -> bool {
    let text = String::from_utf8_lossy(piece).to_ascii_lowercase();
    text.starts_with("<?xml")
        && [
            "iso-8859-1",
            "iso8859-1",
            "latin1",
            "latin-1",
            "windows-1252",
            "cp1252",
            "iso-8859-15",
        ]
        .iter()
        .any(|e| text.contains(e))
}

impl<R: BufRead> Read for Utf8Pieces<R> {
    fn read(&mut self, into: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(into.len());
        into[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Utf8Pieces<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos >= self.out.len() {
            self.out.clear();
            self.pos = 0;
            let avail = self.inner.fill_buf()?;
            if avail.is_empty() {
                break;
            }
            let take = match avail.iter().rposition(|&b| b == b'>') {
                Some(i) => i + 1,
                None => avail
                    .iter()
                    .rposition(u8::is_ascii)
                    .map_or(avail.len(), |i| i + 1),
            };
            let mut chunk = &avail[..take];
            if !self.started {
                self.started = true;
                chunk = chunk.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(chunk);
                let declaration = chunk.split_inclusive(|&b| b == b'>').next().unwrap_or(&[]);
                self.single_byte = declares_single_byte(declaration);
            }
            // The whole chunk when it is UTF-8 (the usual case), else piece by piece.
            if !self.single_byte && std::str::from_utf8(chunk).is_ok() {
                self.out.extend_from_slice(chunk);
            } else {
                for piece in chunk.split_inclusive(|&b| b == b'>') {
                    push_utf8(&mut self.out, piece, self.single_byte);
                }
            }
            self.inner.consume(take);
        }
        Ok(&self.out[self.pos..])
    }

    fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.out.len());
    }
}
