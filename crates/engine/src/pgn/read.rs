//! The PGN reader: tag pairs and the result of each game. Movetext is skipped whatever it holds
//! (moves, move numbers, `{…}` and `;` comments, nested `(…)` variations, `$n` NAGs, `%` escape
//! lines), but its structure is checked, so that a broken file is reported where it breaks.

use super::error::{PgnError, PgnErrorKind};

/// One tag pair, `[Name "value"]`, with its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub value: String,
    pub line: usize,
}

/// One game of the file: its tags, and the result that ends its moves (if it has one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Line of the game's first tag (or first move).
    pub line: usize,
    pub tags: Vec<Tag>,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) and its line.
    pub termination: Option<(String, usize)>,
}

impl PgnGame {
    /// The tag named `name` (case as written in the standard, compared without case).
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// The value of the tag named `name`, trimmed, when present and not empty.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name)
            .map(|t| t.value.trim())
            .filter(|v| !v.is_empty())
    }
}

const TERMINATIONS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 0;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.next();
        }
    }

    fn error(&self, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            column: Some(self.column.max(1)),
            kind,
        }
    }
}

/// Reads every game of `text` (a byte-order mark is ignored). A file without a single game is
/// an error too.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut cur = Cursor {
        chars: text.trim_start_matches('\u{feff}').chars().peekable(),
        line: 1,
        column: 0,
    };
    let mut games: Vec<PgnGame> = Vec::new();
    // The game being read, and whether its moves have begun (a tag after moves starts a new game).
    let mut game: Option<PgnGame> = None;
    let mut in_moves = false;
    // Lines where the open variations began.
    let mut variations: Vec<(usize, usize)> = Vec::new();
    let finish = |games: &mut Vec<PgnGame>, game: &mut Option<PgnGame>| {
        if let Some(g) = game.take() {
            games.push(g);
        }
    };
    while let Some(c) = cur.peek() {
        // An escape line: `%` in the first column.
        if c == '%' && cur.column == 0 {
            cur.skip_line();
            continue;
        }
        if c.is_whitespace() {
            cur.next();
            continue;
        }
        match c {
            '[' if variations.is_empty() => {
                let line = cur.line;
                let tag = read_tag(&mut cur)?;
                // A game's tags end at its moves or its result; a game of tags alone (its Result
                // tag says how it ended) ends where a tag it already has comes again — else
                // every later game would be read into it, and the file imported as one game.
                let repeated = game.as_ref().is_some_and(|g| g.tag(&tag.name).is_some());
                if in_moves || repeated || game.as_ref().is_some_and(|g| g.termination.is_some()) {
                    finish(&mut games, &mut game);
                    in_moves = false;
                }
                game.get_or_insert_with(|| PgnGame {
                    line,
                    ..PgnGame::default()
                })
                .tags
                .push(tag);
            }
            '{' => {
                let (line, column) = (cur.line, cur.column + 1);
                cur.next();
                loop {
                    match cur.next() {
                        Some('}') => break,
                        Some(_) => {}
                        None => {
                            return Err(PgnError {
                                line,
                                column: Some(column),
                                kind: PgnErrorKind::UnterminatedComment,
                            })
                        }
                    }
                }
            }
            ';' => cur.skip_line(),
            '(' => {
                variations.push((cur.line, cur.column + 1));
                cur.next();
            }
            ')' => {
                cur.next();
                if variations.pop().is_none() {
                    return Err(cur.error(PgnErrorKind::UnexpectedParenthesis));
                }
            }
            _ => {
                let line = cur.line;
                let mut token = String::new();
                while let Some(c) = cur.peek() {
                    if c.is_whitespace() || "[]{}();".contains(c) {
                        break;
                    }
                    token.push(c);
                    cur.next();
                }
                if token.is_empty() {
                    // A `]` or `[` inside a variation: not movetext, but harmless to skip.
                    cur.next();
                    continue;
                }
                if game.as_ref().is_some_and(|g| g.termination.is_some()) {
                    // Moves after a game's result: a new game without tags.
                    finish(&mut games, &mut game);
                }
                let g = game.get_or_insert_with(|| PgnGame {
                    line,
                    ..PgnGame::default()
                });
                in_moves = true;
                if variations.is_empty() && TERMINATIONS.contains(&token.as_str()) {
                    g.termination = Some((token, line));
                }
            }
        }
    }
    if let Some(&(line, column)) = variations.first() {
        return Err(PgnError {
            line,
            column: Some(column),
            kind: PgnErrorKind::UnclosedVariation,
        });
    }
    finish(&mut games, &mut game);
    if games.is_empty() {
        return Err(PgnError::at(cur.line, PgnErrorKind::NoGames));
    }
    Ok(games)
}

/// `[Name "value"]`, the cursor on the `[`. The value's `\"` and `\\` are unescaped.
fn read_tag(cur: &mut Cursor<'_>) -> Result<Tag, PgnError> {
    let line = cur.line;
    cur.next();
    cur.skip_blanks();
    let mut name = String::new();
    while let Some(c) = cur.peek() {
        if c.is_ascii_alphanumeric() || c == '_' {
            name.push(c);
            cur.next();
        } else {
            break;
        }
    }
    cur.skip_blanks();
    let rest_of_line = |cur: &mut Cursor<'_>, mut found: String| {
        while let Some(c) = cur.peek() {
            if c == '\n' {
                break;
            }
            found.push(c);
            cur.next();
        }
        found
    };
    if name.is_empty() || cur.peek() != Some('"') {
        let column = cur.column.max(1);
        let found = rest_of_line(cur, format!("[{name}"));
        return Err(PgnError {
            line,
            column: Some(column),
            kind: PgnErrorKind::BadTag(found.trim().to_owned()),
        });
    }
    cur.next();
    let mut value = String::new();
    loop {
        match cur.peek() {
            None | Some('\n') => return Err(cur.error(PgnErrorKind::UnterminatedTagValue)),
            Some('"') => {
                cur.next();
                break;
            }
            Some('\\') => {
                cur.next();
                match cur.peek() {
                    Some(c @ ('"' | '\\')) => {
                        value.push(c);
                        cur.next();
                    }
                    _ => value.push('\\'),
                }
            }
            Some(c) => {
                value.push(c);
                cur.next();
            }
        }
    }
    cur.skip_blanks();
    if cur.peek() != Some(']') {
        let column = cur.column.max(1);
        let found = rest_of_line(cur, format!("[{name} \"{value}\""));
        return Err(PgnError {
            line,
            column: Some(column),
            kind: PgnErrorKind::BadTag(found.trim().to_owned()),
        });
    }
    cur.next();
    Ok(Tag { name, value, line })
}
