//! A pasted player list: one player per line, `name, rating`, as typed or pasted from a
//! spreadsheet. Commas, semicolons and tabs all separate; the rating is the last field and may be
//! left out. Every line that cannot be read is reported (its number, what is wrong, how to fix
//! it), and so is every name given twice, so that nothing is added until the whole list reads.

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
}

/// One line that cannot be read: its 1-based number and the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterError {
    pub line: usize,
    pub problem: RosterProblem,
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
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
pub fn parse_roster(text: &str) -> Result<Vec<Player>, Vec<RosterError>> {
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
