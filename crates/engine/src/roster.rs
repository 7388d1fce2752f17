//! A pasted player list: one player per line, `name, rating`, as typed or pasted from a
//! spreadsheet. Commas, semicolons and tabs all separate; the rating is the last field and may be
//! left out. Every line that cannot be read is reported (its number, what is wrong, how to fix
//! it), and so is every name given twice, so that nothing is added until the whole list reads.
//!
//! A list (or a CSV file's text) whose first line is a header naming a player column (`Name`,
//! `Joueur`, `Spieler`, `名前`…) is read as a table instead, with every player field
//! ([`read_roster`], [`Column`]): columns are recognised by their header in English, French,
//! German and Japanese and in FIDE's rating-list spellings, quoted fields may hold the
//! separator, and every bad row is reported with its line and column.

use crate::details::{
    parse_birth, parse_federation, parse_fide_id, parse_sex, parse_title, DetailError, TITLES,
};
use crate::model::{parse_rating, Player, RatingError};
use std::fmt;

/// What is wrong with one line of a pasted list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterProblem {
    /// The last field should be a rating and is not (`Text, Rating, abc`; `Smith, 28x3`).
    BadRating(RatingError),
    /// No separator, and the line ends in a number: a rating typed into the name.
    RatingInName { name: String, rating: String },
    /// Only a rating, or separators, on the line.
    MissingName,
    /// The same name as an earlier line (letter case and spacing aside).
    Duplicate { name: String, first_line: usize },
    /// A table's header (the first line, naming columns) has no column for the players' names.
    NoNameColumn { header: String },
    /// A table's row has more fields than its header has columns: a field holding the
    /// separator without quotes, most likely.
    TooManyFields { fields: usize, columns: usize },
    /// A table's row with its name field blank (`column`: the name column's header as written).
    BlankName { column: String },
    /// A table's field that cannot be read: the column's header as written, and why. The error
    /// is one of [`DetailError::Title`], [`DetailError::Sex`], [`DetailError::Federation`],
    /// [`DetailError::FideId`], [`DetailError::Birth`] or [`DetailError::Rating`].
    BadField { column: String, error: DetailError },
    /// The same FIDE ID as an earlier row.
    DuplicateFideId {
        column: String,
        fide_id: u64,
        first_line: usize,
    },
}

impl RosterProblem {
    /// The header, as written, of the table's column the problem is in, if it is in one.
    pub fn column(&self) -> Option<&str> {
        match self {
            RosterProblem::BlankName { column }
            | RosterProblem::BadField { column, .. }
            | RosterProblem::DuplicateFideId { column, .. } => Some(column),
            RosterProblem::BadRating(_)
            | RosterProblem::RatingInName { .. }
            | RosterProblem::MissingName
            | RosterProblem::Duplicate { .. }
            | RosterProblem::NoNameColumn { .. }
            | RosterProblem::TooManyFields { .. } => None,
        }
    }
}

/// One line that cannot be read: its 1-based number and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterError {
    pub line: usize,
    pub problem: RosterProblem,
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem.column() {
            Some(column) => write!(f, "line {}, column “{column}”: ", self.line)?,
            None => write!(f, "line {}: ", self.line)?,
        }
        match &self.problem {
            RosterProblem::BadRating(e) => write!(
                f,
                "{e}; write the line as “name, rating”, or leave the rating out for an unrated \
                 player"
            ),
            RosterProblem::RatingInName { name, rating } => write!(
                f,
                "“{name} {rating}” ends in a number; separate the rating with a comma \
                 (“{name}, {rating}”), or end the line with a comma if the number is part of \
                 the name"
            ),
            RosterProblem::MissingName => write!(f, "the name is missing"),
            RosterProblem::Duplicate { name, first_line } => write!(
                f,
                "“{name}” is already on line {first_line}; remove one of the two lines"
            ),
            RosterProblem::NoNameColumn { header } => write!(
                f,
                "the header “{header}” has no column for the players' names; title that column \
                 Name (or Player, Nom, Joueur, Spieler, 名前)"
            ),
            RosterProblem::TooManyFields { fields, columns } => write!(
                f,
                "{fields} fields where the header has {columns} columns; put quotes around a \
                 field that holds the separator (\"Carlsen, Magnus\"), or remove the extra \
                 fields"
            ),
            RosterProblem::BlankName { .. } => write!(
                f,
                "the name is missing; write the player's name, or remove the row"
            ),
            RosterProblem::BadField { error, .. } => write!(f, "{error}"),
            RosterProblem::DuplicateFideId {
                fide_id,
                first_line,
                ..
            } => write!(
                f,
                "the FIDE ID {fide_id} is already on line {first_line}; correct it, or remove \
                 one of the two rows"
            ),
        }
    }
}

impl std::error::Error for RosterError {}

/// Column titles a spreadsheet's first row may carry in the rating column; such a row is a
/// header, not a player.
const RATING_HEADERS: [&str; 4] = ["rating", "elo", "fide rating", "ratings"];

/// Reads a pasted player list into players in line order (start numbers are the event's to
/// give). A line is split at tabs if it has any, else at semicolons, else at commas; the last
/// field is the rating when it holds a digit (or when there are three fields or more), and the
/// fields before it are the name, joined with “, ” (so `Carlsen, Magnus, 2833` and the
/// spreadsheet row `Carlsen⇥Magnus⇥2833` give the same player). Blank lines and a spreadsheet's
/// header row (`Name⇥Rating`) are skipped. Errors: every bad line, in order.
///
/// A text whose first non-blank line is a header naming a player column is read as a table
/// ([`read_roster`]); its ignored columns are then not told (see [`read_roster`]).
pub fn parse_roster(text: &str) -> Result<Vec<Player>, Vec<RosterError>> {
    read_roster(text).map(|roster| roster.players)
}

/// Reads a list without a header naming columns: `name, rating` lines.
fn parse_lines(text: &str) -> Result<Vec<Player>, Vec<RosterError>> {
    let mut players = Vec::new();
    let mut errors = Vec::new();
    // (normalised name, line) of each player read so far.
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut first_row = true;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let header = first_row && is_header(raw);
        first_row = false;
        if header {
            continue;
        }
        match read_line(raw) {
            Ok(player) => {
                let key = normalise(&player.name);
                if let Some(&(_, first_line)) = seen.iter().find(|(k, _)| *k == key) {
                    errors.push(RosterError {
                        line,
                        problem: RosterProblem::Duplicate {
                            name: player.name,
                            first_line,
                        },
                    });
                } else {
                    seen.push((key, line));
                    players.push(player);
                }
            }
            Err(problem) => errors.push(RosterError { line, problem }),
        }
    }
    if errors.is_empty() {
        Ok(players)
    } else {
        Err(errors)
    }
}

/// The fields of a line, split at its strongest separator (tab, then `;`, then `,`), trimmed.
fn fields(line: &str) -> Vec<&str> {
    let separator = ['\t', ';', ','].into_iter().find(|&c| line.contains(c));
    match separator {
        Some(c) => line.split(c).map(str::trim).collect(),
        None => vec![line.trim()],
    }
}

fn is_header(line: &str) -> bool {
    let f = fields(line);
    f.len() >= 2
        && f.last()
            .is_some_and(|last| RATING_HEADERS.contains(&last.to_lowercase().as_str()))
}

fn read_line(line: &str) -> Result<Player, RosterProblem> {
    let mut f = fields(line);
    let rating_text = if f.len() >= 3 || f.len() == 2 && has_digit(f[1]) {
        f.pop().unwrap_or_default()
    } else {
        ""
    };
    let rating = parse_rating(rating_text).map_err(RosterProblem::BadRating)?;
    let name = f
        .into_iter()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(", ");
    if name.is_empty() {
        return Err(RosterProblem::MissingName);
    }
    // A single field ending in a number: the rating typed without its separator.
    if !line.contains(['\t', ';', ',']) {
        if let Some((head, last)) = name.rsplit_once(char::is_whitespace) {
            if !last.is_empty() && last.chars().all(|c| c.is_ascii_digit()) {
                return Err(RosterProblem::RatingInName {
                    name: head.trim().to_string(),
                    rating: last.to_string(),
                });
            }
        }
    }
    Ok(Player {
        name,
        rating,
        ..Player::default()
    })
}

fn has_digit(text: &str) -> bool {
    text.chars().any(|c| c.is_ascii_digit())
}

/// A name as compared for duplicates: words in lower case, single-spaced.
fn normalise(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A player field a table's column may fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Name,
    Rating,
    FideId,
    Title,
    Federation,
    Sex,
    Birth,
    Club,
}

/// The headers recognised for each column, as [`header_key`] spells them: English, French,
/// German, Japanese, and FIDE's rating lists (`ID Number`, `Tit`, `Fed`, `SRtng`, `B-day`).
const HEADERS: [(Column, &[&str]); 8] = [
    (
        Column::Name,
        &[
            "name",
            "player",
            "playername",
            "nom",
            "joueur",
            "spieler",
            "名前",
            "選手",
            "氏名",
            "選手名",
        ],
    ),
    (
        Column::Rating,
        &[
            "rating",
            "ratings",
            "elo",
            "rtg",
            "std",
            "srtng",
            "fiderating",
            "fideelo",
            "elofide",
            "classement",
            "wertung",
            "レーティング",
        ],
    ),
    (
        Column::FideId,
        &[
            "fideid",
            "id",
            "idfide",
            "idnumber",
            "fidenumber",
            "fidenr",
            "fidecode",
        ],
    ),
    (
        Column::Title,
        &["title", "tit", "titre", "titel", "タイトル", "称号"],
    ),
    (
        Column::Federation,
        &[
            "fed",
            "federation",
            "foderation",
            "country",
            "land",
            "pays",
            "連盟",
        ],
    ),
    (
        Column::Sex,
        &["sex", "sexe", "geschlecht", "gender", "性別"],
    ),
    (
        Column::Birth,
        &[
            "birth",
            "born",
            "bday",
            "birthday",
            "birthdate",
            "dateofbirth",
            "naissance",
            "datedenaissance",
            "geburtsdatum",
            "geburtsjahr",
            "生年月日",
            "生年",
        ],
    ),
    (Column::Club, &["club", "verein", "クラブ"]),
];

impl Column {
    /// The column a header names, letter case, accents, spaces, `-`, `_` and `.` aside
    /// (`FIDE-ID`, `ID FIDE` and `fideid` alike); `None` for a header not recognised.
    pub fn recognise(header: &str) -> Option<Column> {
        let key = header_key(header);
        HEADERS
            .iter()
            .find(|(_, spellings)| spellings.contains(&key.as_str()))
            .map(|&(column, _)| column)
    }
}

/// A header as compared: lower case, accents dropped, without spaces, `-`, `_` or `.`.
fn header_key(header: &str) -> String {
    header
        .chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !c.is_whitespace() && !matches!(c, '-' | '_' | '.'))
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => 'a',
            'ç' => 'c',
            'è' | 'é' | 'ê' | 'ë' => 'e',
            'ì' | 'í' | 'î' | 'ï' => 'i',
            'ñ' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => 'o',
            'ù' | 'ú' | 'û' | 'ü' => 'u',
            'ý' | 'ÿ' => 'y',
            c => c,
        })
        .collect()
}

/// A player list as read: the players in row order, and, when the list is a table, its
/// columns (each header as written with the field it fills) and the headers of the columns
/// not read (unknown, or a second column for a field already read), so that the app can say
/// which columns it did not use.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Roster {
    pub players: Vec<Player>,
    pub columns: Vec<(String, Column)>,
    pub ignored: Vec<String>,
}

/// Reads a pasted list or a CSV file's text. When the first non-blank line is a header naming
/// two recognised columns or more ([`Column::recognise`]) and no number, the text is a table:
/// separated by tabs, else semicolons, else commas (as its header line is), fields in quotes
/// where they hold the separator; every field of a recognised column is read and checked, and
/// a header without a name column is refused. Otherwise it is a `name, rating` list
/// ([`parse_roster`]'s rules). Errors: every bad row (or the header), in order; nothing is
/// returned unless the whole text reads.
pub fn read_roster(text: &str) -> Result<Roster, Vec<RosterError>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text
        .lines()
        .enumerate()
        .find(|(_, line)| !line.trim().is_empty());
    if let Some((i, line)) = first {
        if let Some(separator) = header_separator(line) {
            return read_table(text, i + 1, separator);
        }
    }
    parse_lines(text).map(|players| Roster {
        players,
        ..Roster::default()
    })
}

/// The fields of one line as the `csv` crate reads them with `separator`, trimmed.
fn csv_fields(line: &str, separator: u8) -> Vec<String> {
    csv_reader(line, separator)
        .records()
        .next()
        .and_then(Result::ok)
        .map(|r| r.iter().map(str::to_string).collect())
        .unwrap_or_default()
}

fn csv_reader(text: &str, separator: u8) -> ::csv::Reader<&[u8]> {
    ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .trim(::csv::Trim::All)
        .delimiter(separator)
        .from_reader(text.as_bytes())
}

/// The separator of `line` when it is a table's header: two recognised columns or more, and no
/// field a number (a player's line `Player, One, 2000` is not a header).
fn header_separator(line: &str) -> Option<u8> {
    let separator = [b'\t', b';', b',']
        .into_iter()
        .find(|&c| line.contains(c as char))?;
    let fields = csv_fields(line, separator);
    let recognised = fields
        .iter()
        .filter(|f| Column::recognise(f).is_some())
        .count();
    let numbers = fields
        .iter()
        .any(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()));
    (recognised >= 2 && !numbers).then_some(separator)
}

/// A title as a table may write it: FIDE's (any case) or TRF's lower-case letters (`g`, `wi`).
fn table_title(text: &str) -> Result<String, DetailError> {
    const TRF: [&str; 8] = ["g", "i", "f", "c", "wg", "wi", "wf", "wc"];
    match TRF.iter().position(|&t| t == text.trim()) {
        Some(i) => Ok(TITLES[i].to_string()),
        None => parse_title(text),
    }
}

/// Sex as a table may write it: `m`, `w`, `f` (female: TRF's `w`), `male`, `female`, and the
/// French, German and Japanese words.
fn table_sex(text: &str) -> Result<String, DetailError> {
    let t = text.trim().to_lowercase();
    let sex = match t.as_str() {
        "male" | "man" | "homme" | "masculin" | "männlich" | "男" | "男性" => "m",
        "f" | "female" | "woman" | "femme" | "féminin" | "weiblich" | "女" | "女性" => "w",
        _ => return parse_sex(text),
    };
    Ok(sex.to_string())
}

/// A birth date as a table may write it: `YYYY`, `YYYY/MM/DD`, `YYYY-MM-DD` or `DD.MM.YYYY`,
/// in TRF's spelling (`YYYY/MM/DD` or `YYYY`). FIDE's lists write `0000` for unknown: blank.
fn table_birth(text: &str) -> Result<String, DetailError> {
    let t = text.trim();
    if t == "0000" {
        return Ok(String::new());
    }
    if let [day, month, year] = t.split('.').collect::<Vec<_>>().as_slice() {
        if year.len() == 4 && (1..=2).contains(&day.len()) && (1..=2).contains(&month.len()) {
            return parse_birth(&format!("{year}/{month:0>2}/{day:0>2}"))
                .map_err(|_| DetailError::Birth { text: t.to_owned() });
        }
    }
    parse_birth(t)
}

/// Reads `text` as a table whose header is on line `header_line`.
fn read_table(text: &str, header_line: usize, separator: u8) -> Result<Roster, Vec<RosterError>> {
    let mut reader = csv_reader(text, separator);
    let mut rows = reader.records().map(|r| {
        let record = r.expect("a flexible CSV reader of a string cannot fail");
        // The reader's own line count leaves out the blank lines it skips, and its position
        // is where the record's search started: count the line breaks before the record's
        // first byte.
        let bytes = text.as_bytes();
        let mut start = record
            .position()
            .map_or(0, |p| p.byte() as usize)
            .min(bytes.len());
        while start < bytes.len() && matches!(bytes[start], b'\r' | b'\n') {
            start += 1;
        }
        let line = bytes[..start].iter().filter(|&&b| b == b'\n').count() + 1;
        (line, record.iter().map(str::to_string).collect::<Vec<_>>())
    });
    let header = rows
        .by_ref()
        .find(|(_, fields)| fields.iter().any(|f| !f.is_empty()))
        .map(|(_, fields)| fields)
        .unwrap_or_default();
    // The field each column fills: `None` for an ignored column.
    let mut fills: Vec<Option<Column>> = Vec::new();
    let mut roster = Roster::default();
    for h in &header {
        let column = Column::recognise(h).filter(|c| !fills.contains(&Some(*c)));
        match column {
            Some(c) => roster.columns.push((h.clone(), c)),
            None => roster.ignored.push(h.clone()),
        }
        fills.push(column);
    }
    let Some(name_at) = fills.iter().position(|&c| c == Some(Column::Name)) else {
        let separator = char::from(separator);
        return Err(vec![RosterError {
            line: header_line,
            problem: RosterProblem::NoNameColumn {
                header: header.join(&separator.to_string()),
            },
        }]);
    };
    // `Name, Rating` with unquoted `Carlsen, Magnus, 2833` rows: the last field is the rating
    // and the ones before it the name, as in a list without header.
    let name_then_rating = fills == [Some(Column::Name), Some(Column::Rating)];
    let mut errors = Vec::new();
    let mut names: Vec<(String, usize)> = Vec::new();
    let mut ids: Vec<(u64, usize)> = Vec::new();
    for (line, mut fields) in rows {
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        if fields.len() > header.len() {
            if name_then_rating {
                let rating = fields.pop().unwrap_or_default();
                let name = fields.iter().filter(|f| !f.is_empty()).cloned();
                fields = vec![name.collect::<Vec<_>>().join(", "), rating];
            } else {
                errors.push(RosterError {
                    line,
                    problem: RosterProblem::TooManyFields {
                        fields: fields.len(),
                        columns: header.len(),
                    },
                });
                continue;
            }
        }
        let mut player = Player::default();
        let mut row_errors = Vec::new();
        for ((column, h), field) in fills.iter().zip(&header).zip(&fields) {
            let Some(column) = column else { continue };
            let bad = |error| RosterProblem::BadField {
                column: h.clone(),
                error,
            };
            let read = match column {
                Column::Name => {
                    player.name = field.clone();
                    Ok(())
                }
                Column::Rating => parse_rating(field)
                    .map(|r| player.rating = r)
                    .map_err(DetailError::Rating),
                Column::FideId => parse_fide_id(field).map(|id| player.fide_id = id),
                Column::Title => table_title(field).map(|t| player.title = t),
                Column::Federation => parse_federation(field).map(|f| player.federation = f),
                Column::Sex => table_sex(field).map(|s| player.sex = s),
                Column::Birth => table_birth(field).map(|b| player.birth = b),
                Column::Club => {
                    player.club = field.clone();
                    Ok(())
                }
            };
            if let Err(error) = read {
                row_errors.push(bad(error));
            }
        }
        if player.name.is_empty() {
            row_errors.insert(
                0,
                RosterProblem::BlankName {
                    column: header[name_at].clone(),
                },
            );
        } else {
            let key = normalise(&player.name);
            if let Some(&(_, first_line)) = names.iter().find(|(k, _)| *k == key) {
                row_errors.push(RosterProblem::Duplicate {
                    name: player.name.clone(),
                    first_line,
                });
            } else {
                names.push((key, line));
            }
        }
        if let Some(id) = player.fide_id {
            if let Some(&(_, first_line)) = ids.iter().find(|(i, _)| *i == id) {
                let column = fills
                    .iter()
                    .zip(&header)
                    .find(|(c, _)| **c == Some(Column::FideId))
                    .map(|(_, h)| h.clone())
                    .unwrap_or_default();
                row_errors.push(RosterProblem::DuplicateFideId {
                    column,
                    fide_id: id,
                    first_line,
                });
            } else {
                ids.push((id, line));
            }
        }
        if row_errors.is_empty() {
            roster.players.push(player);
        } else {
            errors.extend(
                row_errors
                    .into_iter()
                    .map(|problem| RosterError { line, problem }),
            );
        }
    }
    if errors.is_empty() {
        Ok(roster)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
#[path = "roster_table_tests.rs"]
mod table_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn names(ps: &[Player]) -> Vec<(&str, Option<u16>)> {
        ps.iter().map(|p| (p.name.as_str(), p.rating)).collect()
    }

    #[test]
    fn commas_semicolons_and_tabs_separate() {
        let ps = parse_roster(
            "Carlsen, Magnus, 2833\n\nAlpha\nBeta;2100\nCaruana, Fabiano\nNakamura\tHikaru\t2790\n\
             Ding Liren\t2750\nSo, Wesley;2750",
        )
        .unwrap();
        assert_eq!(
            names(&ps),
            vec![
                ("Carlsen, Magnus", Some(2833)),
                ("Alpha", None),
                ("Beta", Some(2100)),
                ("Caruana, Fabiano", None),
                ("Nakamura, Hikaru", Some(2790)),
                ("Ding Liren", Some(2750)),
                ("So, Wesley", Some(2750)),
            ]
        );
        assert!(ps.iter().all(|p| !p.name.contains('\t')));
    }

    #[test]
    fn a_spreadsheet_paste_with_its_header_row_just_works() {
        let ps = parse_roster("Name\tRating\nAndersen, Viktor\t2795\nMoreau, Lucas\t\n").unwrap();
        assert_eq!(
            names(&ps),
            vec![("Andersen, Viktor", Some(2795)), ("Moreau, Lucas", None)]
        );
    }

    /// Issue 13 item 4: every bad line is reported, with what and how to fix.
    #[test]
    fn every_bad_line_is_reported() {
        let errors = parse_roster(
            "Text, Rating, abc\nSmith John 2100\nGood, Player, 2000\n, 2100\nB, 20x0\ngood,  PLAYER",
        )
        .unwrap_err();
        let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
        assert_eq!(lines, vec![1, 2, 4, 5, 6]);
        assert!(matches!(errors[0].problem, RosterProblem::BadRating(_)));
        assert_eq!(
            errors[1].to_string(),
            "line 2: “Smith John 2100” ends in a number; separate the rating with a comma \
             (“Smith John, 2100”), or end the line with a comma if the number is part of the name"
        );
        assert_eq!(errors[2].problem, RosterProblem::MissingName);
        assert!(errors[3].to_string().contains("20x0"), "{}", errors[3]);
        assert_eq!(
            errors[4].problem,
            RosterProblem::Duplicate {
                name: "good, PLAYER".into(),
                first_line: 3
            }
        );
    }

    #[test]
    fn duplicates_compare_case_and_spacing_aside() {
        let errors = parse_roster("Ng, Li, 2000\nng,  li\nOther").unwrap_err();
        assert_eq!(
            errors,
            vec![RosterError {
                line: 2,
                problem: RosterProblem::Duplicate {
                    name: "ng, li".into(),
                    first_line: 1
                }
            }]
        );
        assert!(parse_roster("Player 12,\nPlayer 13,").is_ok());
    }

    proptest! {
        /// Whatever the separator, a list written as `name<sep>rating` lines reads back the same.
        #[test]
        fn any_separator_reads_back(
            rows in proptest::collection::vec(("[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8})?", proptest::option::of(100u16..=3500)), 1..20),
            sep in prop_oneof![Just("\t"), Just(";"), Just(", ")],
        ) {
            let mut seen = std::collections::HashSet::new();
            let rows: Vec<_> = rows.into_iter().filter(|(n, _)| seen.insert(normalise(n))).collect();
            let text: String = rows
                .iter()
                .map(|(n, r)| format!("{n}{sep}{}\n", r.map(|r| r.to_string()).unwrap_or_default()))
                .collect();
            let ps = parse_roster(&text).unwrap();
            prop_assert_eq!(ps.len(), rows.len());
            for (p, (n, r)) in ps.iter().zip(&rows) {
                prop_assert_eq!(&p.name, n);
                prop_assert_eq!(p.rating, *r);
            }
        }

        /// Any text: an answer, never a panic; on success no name holds a separator's tab.
        #[test]
        fn any_text_is_read_or_refused(text in "\\PC{0,200}") {
            if let Ok(ps) = parse_roster(&text) {
                prop_assert!(ps.iter().all(|p| !p.name.contains('\t') && !p.name.is_empty()));
            }
        }
    }
}
