//! The reader: record by record into a [`Reader`], then [`Reader::finish`] checks the whole
//! (start numbers, rounds, format, our `XX` extensions) and builds the tournament.

use super::error::{PlayerNumber, TrfError, TrfErrorKind, TrfWarning, TrfWarningKind};
use super::extensions::{is_extension, Extensions};
use super::format::{decide_format, declared_by_code, declared_by_kind, Declared};
use super::layout::{excerpt, record_code, rest, COL_POINTS, COL_START_NO, MAX_ROUNDS};
use super::player_line::{player_line, PlayerLine};
use super::records2026;
use super::rounds::build_rounds;
use crate::model::{
    ByeSpelling, Color, Format, HalfPoints, Info, ModelError, Player, Rules, StartNo, Tournament,
    Withdrawal,
};

/// Lines without their terminators; accepts `\n`, `\r\n` and (old Mac files) lone `\r`.
pub(crate) fn lines(text: &str) -> Box<dyn Iterator<Item = &str> + '_> {
    if text.contains('\n') {
        Box::new(text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)))
    } else {
        Box::new(text.split('\r'))
    }
}

/// A player-indexed extension value (`XXK`, `XXG`), with its line for error messages.
struct PlayerValue<T> {
    line: usize,
    player: StartNo,
    value: T,
}

#[derive(Default)]
pub(super) struct Reader {
    any_record: bool,
    name: Option<String>,
    info: Info,
    /// Single-valued headers already read (a repeat goes to `extra_records`).
    seen: Vec<&'static str>,
    kind_line: Option<usize>,
    players: Vec<PlayerLine>,
    xxr: Option<(u32, usize)>,
    r142: Option<u32>,
    xxc: Option<Color>,
    c152: Option<Color>,
    code192: Option<(String, usize)>,
    withdrawals: Option<Vec<(Withdrawal, usize)>>,
    k_factors: Vec<PlayerValue<u8>>,
    rated_games: Vec<PlayerValue<u32>>,
    note: Vec<String>,
    extras: Vec<String>,
    warnings: Vec<TrfWarning>,
    /// TRF-2026 `240` byes, put into their rounds at the end.
    byes240: Vec<records2026::ByeRecord>,
    /// TRF-2026 `260` groups with their lines, checked against the players at the end.
    prohibited: Vec<(usize, crate::rules2026::Prohibited)>,
    /// A tie-break list was read (`XXT`, `202` or `212`): later ones are kept verbatim.
    tiebreaks_read: bool,
    /// The pairing programs' extension records (`XXA`, `XXP`, bbpPairings' `BB` points).
    extensions: Extensions,
    /// A `162` record was read (it wins over bbpPairings' `BB` points).
    has_162: bool,
    /// The file is a team tournament's ([`is_team_file`]): its `240`, `250` and `260` records
    /// are team-level and kept verbatim, not read as the players' byes, acceleration and
    /// prohibited pairings.
    team: bool,
}

/// A team tournament's file: one with a `310` team record. TRF-2026 gives the team-level
/// `240` (byes by team order id), `250` and `260` the layout of the individual forms, so only
/// the presence of team records tells them apart (a `250` with match points in columns 5–8 is
/// the one team form that shows it by itself).
pub(crate) fn is_team_file<'a>(lines: impl IntoIterator<Item = &'a str>) -> bool {
    lines.into_iter().any(|l| l.starts_with("310 "))
}

/// The record codes of TRF16 and TRF-2026 that the reader knows, whether or not it uses them
/// (those it does not use are kept verbatim without a warning): headers, team records (`013`,
/// `3xx`), `172`–`299`, the `8xx` records, and our own `XXT`. A code not listed here and not
/// read elsewhere is kept with a [`TrfWarningKind::RecordNotUsed`] warning.
fn known_unused(code: &str) -> bool {
    matches!(
        code,
        "013" | "172" | "182" | "222" | "232" | "299" | "801" | "802" | "XXT" | "###"
    ) || (code.starts_with('3') && code.bytes().all(|b| b.is_ascii_digit()))
}

/// A line that is not a record but a column ruler, as programs put above the player records
/// (Swiss-Manager, FIDE's samples): digits, blanks and punctuation only
/// (`         1         2`, `1234567890…`), or the specification's layout line, which spells
/// each field with letters after `DDD` for the record code (`DDD SSSS sTTT NNNN…`). Kept as a
/// comment, neither refused nor read as a record.
pub(super) fn is_ruler(line: &str) -> bool {
    let digits = line.chars().any(|c| !c.is_whitespace())
        && line
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || "-=+|.:*#_".contains(c));
    digits || line.starts_with("DDD ")
}

impl Reader {
    /// A reader for a file that is a team tournament's ([`is_team_file`]) or not.
    pub(super) fn new(team: bool) -> Reader {
        Reader {
            team,
            ..Reader::default()
        }
    }

    pub(super) fn record(&mut self, no: usize, line: &str) -> Result<(), TrfError> {
        if line.trim().is_empty() {
            return Ok(());
        }
        // A carriage return inside a line is no line break here; as a blank it reads back the
        // same after an export (which cannot write one inside a record).
        let cleaned;
        let line = if line.contains('\r') {
            cleaned = line.replace('\r', " ");
            cleaned.as_str()
        } else {
            line
        };
        let chars: Vec<char> = line.chars().collect();
        // A ruler's digits may look like a record code (`123456…`), so a line is a ruler only
        // when it is no record, except for the layout line, whose `DDD` is no record's code.
        let code = record_code(&chars).filter(|c| c != "DDD");
        let Some(code) = code else {
            if is_ruler(line) {
                self.extras.push(line.trim_end().to_owned());
                return Ok(());
            }
            return Err(TrfError::at(
                no,
                1,
                TrfErrorKind::NotARecord {
                    found: excerpt(line),
                },
            ));
        };
        self.any_record = true;
        let value = || rest(&chars).trim().to_owned();
        match code.as_str() {
            "001" => {
                let p = player_line(no, &chars)?;
                // Kept as the file says (an import changes nothing), but said: 9999 and the
                // like are placeholders, not ratings, and a rating report must not take them.
                if let Some(rating) = p
                    .player
                    .rating
                    .filter(|r| !crate::model::RATINGS.contains(r))
                {
                    self.warnings.push(TrfWarning {
                        line: no,
                        column: Some(super::layout::COL_RATING.0),
                        kind: TrfWarningKind::RatingOutOfRange {
                            player: p.player.start_no,
                            rating,
                        },
                    });
                }
                self.players.push(p);
            }
            // A header without a value says nothing (and is not written back), so it neither
            // sets the field nor stops a later record of the same code from setting it.
            "012" | "022" | "032" | "042" | "052" | "092" | "102" | "122" | "132"
                if value().is_empty() => {}
            "012" => {
                if self.first("012") {
                    self.name = Some(value());
                } else {
                    self.extras.push(line.to_owned());
                }
            }
            "022" | "032" | "042" | "052" | "092" | "102" | "122" | "132" => {
                let key: &'static str = match code.as_str() {
                    "022" => "022",
                    "032" => "032",
                    "042" => "042",
                    "052" => "052",
                    "092" => "092",
                    "102" => "102",
                    "122" => "122",
                    _ => "132",
                };
                if !self.first(key) {
                    self.extras.push(line.to_owned());
                    return Ok(());
                }
                let v = value();
                match key {
                    "022" => self.info.city = v,
                    "032" => self.info.federation = v,
                    "042" => self.info.start_date = v,
                    "052" => self.info.end_date = v,
                    "092" => {
                        self.info.kind = v;
                        self.kind_line = Some(no);
                    }
                    "102" => self.info.chief_arbiter = v,
                    "122" => self.info.time_control = v,
                    // The dates sit under the round columns, so leading blanks are meaningful.
                    _ => self.info.round_dates = rest(&chars).trim_end().to_owned(),
                }
            }
            "112" => self.info.deputy_arbiters.push(value()),
            // Counts of players and rated players, recomputed on export.
            "062" | "072" => {}
            // The number of teams: not ours to recompute (issue 30), kept as written.
            "082" => self.extras.push(line.to_owned()),
            "XXR" => {
                if let Some((_, first)) = self.xxr {
                    return Err(TrfError::line(
                        no,
                        TrfErrorKind::SecondXxr { first_line: first },
                    ));
                }
                let v = value();
                let rounds = v.parse::<u32>().ok().filter(|r| *r <= MAX_ROUNDS);
                let Some(rounds) = rounds else {
                    return Err(TrfError::at(
                        no,
                        5,
                        TrfErrorKind::BadRoundCount {
                            code: "XXR",
                            found: excerpt(&v),
                        },
                    ));
                };
                self.xxr = Some((rounds, no));
            }
            "XXC" => self.xxc(no, &value())?,
            "XXW" => self.withdrawal(no, &value())?,
            "XXK" => {
                let (player, k) = player_number(no, &value(), "XXK", PlayerNumber::KFactor)?;
                let k = u8::try_from(k)
                    .map_err(|_| TrfError::at(no, 5, TrfErrorKind::KFactorTooLarge { k }))?;
                self.k_factors.push(PlayerValue {
                    line: no,
                    player,
                    value: k,
                });
            }
            "XXG" => {
                let (player, games) = player_number(no, &value(), "XXG", PlayerNumber::RatedGames)?;
                self.rated_games.push(PlayerValue {
                    line: no,
                    player,
                    value: games,
                });
            }
            "XXN" => self.note.push(rest(&chars)),
            // A team event's byes, acceleration and prohibited pairings are by team: kept
            // for the export, not applied to the players (team events are not computed yet).
            "240" | "250" | "260" if self.team => self.extras.push(line.to_owned()),
            "142" | "152" | "162" | "192" | "202" | "212" | "240" | "250" | "260" => {
                self.record_2026(no, &code, line, &value())?
            }
            "XXT" if !self.tiebreaks_read => {
                self.tiebreaks_read = true;
                self.extras.push(line.trim_end().to_owned());
            }
            c if is_extension(c) => self.extensions.record(no, c, &chars)?,
            c => {
                if !known_unused(c) {
                    self.warnings.push(TrfWarning {
                        line: no,
                        column: None,
                        kind: TrfWarningKind::RecordNotUsed { code: code.clone() },
                    });
                }
                self.extras.push(line.to_owned());
            }
        }
        Ok(())
    }

    /// JaVaFo's `XXC`: `white1` or `black1` is the initial colour; other options (its `rank`)
    /// are kept verbatim with a warning, since this program does not apply them.
    fn xxc(&mut self, no: usize, value: &str) -> Result<(), TrfError> {
        let mut others = Vec::new();
        for token in value.split_whitespace() {
            let colour = match token.to_ascii_lowercase().as_str() {
                "white1" => Color::White,
                "black1" => Color::Black,
                _ => {
                    others.push(token);
                    continue;
                }
            };
            match self.xxc {
                Some(first) if first != colour => {
                    return Err(TrfError::at(no, 5, TrfErrorKind::XxcContradicts))
                }
                _ => self.xxc = Some(colour),
            }
        }
        if !others.is_empty() {
            let kept = format!("XXC {}", others.join(" "));
            self.warnings.push(TrfWarning {
                line: no,
                column: Some(5),
                kind: TrfWarningKind::RecordNotUsed { code: kept.clone() },
            });
            self.extras.push(kept);
        }
        Ok(())
    }

    /// The TRF-2026 records read into the model or checked (see `records2026`).
    fn record_2026(
        &mut self,
        no: usize,
        code: &str,
        line: &str,
        value: &str,
    ) -> Result<(), TrfError> {
        match code {
            // TRF-2026's number of rounds and initial colour: read into the model and written
            // back from it (as XXR and XXC are).
            "142" => {
                let rounds = value.parse::<u32>().ok().filter(|r| *r <= MAX_ROUNDS);
                let Some(rounds) = rounds else {
                    return Err(TrfError::at(
                        no,
                        5,
                        TrfErrorKind::BadRoundCount {
                            code: "142",
                            found: excerpt(value),
                        },
                    ));
                };
                if self.r142.is_some_and(|r| r != rounds) {
                    return Err(TrfError::line(no, TrfErrorKind::Second142));
                }
                self.r142 = Some(rounds);
            }
            "152" => {
                let colour = match value.to_ascii_uppercase().as_str() {
                    "W" => Color::White,
                    "B" => Color::Black,
                    other => {
                        return Err(TrfError::at(
                            no,
                            5,
                            TrfErrorKind::Bad152 {
                                found: excerpt(other),
                            },
                        ))
                    }
                };
                if self.c152.is_some_and(|c| c != colour) {
                    return Err(TrfError::line(no, TrfErrorKind::Second152));
                }
                self.c152 = Some(colour);
            }
            "202" | "212" if !self.tiebreaks_read => {
                let record = records2026::tiebreak_record(code, value);
                match record {
                    Some(r) => {
                        self.tiebreaks_read = true;
                        self.extras.push(r);
                    }
                    None => {
                        if code == "202" {
                            self.warnings.push(TrfWarning {
                                line: no,
                                column: Some(5),
                                kind: TrfWarningKind::UnknownTiebreak {
                                    found: excerpt(value),
                                },
                            });
                        }
                        self.extras.push(line.to_owned());
                    }
                }
            }
            "240" => self.byes240.push(records2026::bye_record(no, line)?),
            "162" | "250" => {
                records2026::check(no, code, line)?;
                self.has_162 |= code == "162";
                self.extras.push(line.to_owned());
            }
            "260" => {
                records2026::check(no, code, line)?;
                if let Ok(p) = crate::rules2026::Prohibited::parse(&line[3..]) {
                    self.prohibited.push((no, p));
                }
                self.extras.push(line.to_owned());
            }
            "192" => {
                if self.code192.is_none() {
                    self.code192 = Some((value.to_owned(), no));
                }
                self.extras.push(line.to_owned());
            }
            _ => self.extras.push(line.to_owned()),
        }
        Ok(())
    }

    /// True the first time a single-valued header is met.
    fn first(&mut self, key: &'static str) -> bool {
        if self.seen.contains(&key) {
            false
        } else {
            self.seen.push(key);
            true
        }
    }

    fn withdrawal(&mut self, no: usize, value: &str) -> Result<(), TrfError> {
        let list = self.withdrawals.get_or_insert_with(Vec::new);
        if value.is_empty() || value.eq_ignore_ascii_case("none") {
            // Said by the file, so written back by the export (it adds none of its own).
            self.extras.push("XXW none".to_owned());
            return Ok(());
        }
        let (player, after_round) = player_number(no, value, "XXW", PlayerNumber::WithdrawalRound)?;
        if let Some((_, first)) = list.iter().find(|(w, _)| w.player == player) {
            return Err(TrfError::at(
                no,
                5,
                TrfErrorKind::WithdrawalTwice {
                    player,
                    first_line: *first,
                },
            ));
        }
        list.push((
            Withdrawal {
                player,
                after_round,
            },
            no,
        ));
        Ok(())
    }

    pub(super) fn finish(self) -> Result<(Tournament, Vec<TrfWarning>), TrfError> {
        let Reader {
            any_record,
            name,
            mut info,
            kind_line,
            mut players,
            xxr,
            r142,
            xxc,
            c152,
            code192,
            withdrawals,
            k_factors,
            rated_games,
            note,
            mut extras,
            mut warnings,
            byes240,
            mut prohibited,
            extensions,
            has_162,
            team,
            ..
        } = self;
        if !any_record {
            return Err(TrfError::line(1, TrfErrorKind::Empty));
        }

        // Players may come in any order; start numbers must be exactly 1..=n.
        players.sort_by_key(|p| (p.player.start_no, p.line));
        for pair in players.windows(2) {
            if pair[0].player.start_no == pair[1].player.start_no {
                return Err(TrfError::at(
                    pair[1].line,
                    COL_START_NO.0,
                    TrfErrorKind::StartNumberTwice {
                        start_no: pair[1].player.start_no,
                        other_line: pair[0].line,
                    },
                ));
            }
        }
        for (i, p) in players.iter().enumerate() {
            let expected = i as StartNo + 1;
            if p.player.start_no != expected {
                return Err(TrfError::at(
                    p.line,
                    COL_START_NO.0,
                    TrfErrorKind::StartNumberGap {
                        start_no: p.player.start_no,
                        expected,
                        players: players.len(),
                    },
                ));
            }
        }

        let rounds = build_rounds(&players)?;
        let columns = rounds.len() as u32;

        // Format: 092 text, then the TRF-2026 type code, then the shape of the pairings.
        let declared = match declared_by_kind(&info.kind) {
            Declared::Silent => code192
                .as_ref()
                .map_or(Declared::Silent, |(c, _)| declared_by_code(c)),
            d => d,
        };
        let hint = xxr.map(|(r, _)| r).or(r142);
        let format = decide_format(declared, players.len(), &rounds, hint).map_err(|why| {
            let line = kind_line.or(code192.as_ref().map(|(_, l)| *l)).unwrap_or(1);
            TrfError::line(line, why)
        })?;
        if let (Format::Swiss { .. }, Some((r, line))) = (format, xxr) {
            if r < columns {
                warnings.push(TrfWarning {
                    line,
                    column: Some(5),
                    kind: TrfWarningKind::FewerRounds {
                        declared: r,
                        columns,
                    },
                });
            }
        }

        info.note = note.join("\n");
        let declared_points: Vec<(usize, Option<HalfPoints>)> = players
            .iter()
            .map(|p| (p.line, p.declared_points))
            .collect();
        // The rule records (checked as they were read) become the event's typed rules, with the
        // pairing programs' extensions in their TRF-2026 forms.
        let mut rules = Rules::lift_for(&mut extras, team);
        let scheduled = match format {
            Format::Swiss { rounds } => rounds.max(columns),
            Format::RoundRobin { .. } => columns,
        };
        let (accelerations, forbidden) = extensions.rules(players.len() as StartNo, scheduled)?;
        rules.accelerations.extend(accelerations);
        rules
            .prohibited
            .extend(forbidden.iter().map(|(_, p)| p.clone()));
        prohibited.extend(forbidden);
        if let Some(ps) = extensions.point_system(has_162, &mut warnings)? {
            rules.points = ps;
        }
        let bye_spellings = bye_spellings(&players);
        let mut t = Tournament {
            name: name.unwrap_or_default(),
            info,
            format,
            initial_colour: xxc.or(c152),
            rules,
            players: players.into_iter().map(|p| p.player).collect(),
            rounds,
            withdrawals: Vec::new(),
            requests: Vec::new(),
            extra_records: extras,
            bye_spellings,
        };
        // TRF has no board numbers: the boards go back in the order they were made in.
        crate::board_order::restore(&mut t);
        records2026::apply_byes(&mut t, &byes240)?;
        // Byes in the columns of rounds not yet paired are requests for those rounds.
        t.lift_requests();
        records2026::check_prohibited_players(&t, &prohibited)?;
        if t.format.is_round_robin() {
            // A round-robin's schedule is fixed by the Berger tables: a prohibited pairing
            // cannot be honoured there, so say so rather than keep the record silently.
            for (line, _) in &prohibited {
                warnings.push(TrfWarning {
                    line: *line,
                    column: None,
                    kind: TrfWarningKind::ProhibitedInRoundRobin,
                });
            }
        }

        let n = t.players.len() as StartNo;
        let check_player = |line: usize, player: StartNo, code: &'static str| {
            if player == 0 || player > n {
                Err(TrfError::at(
                    line,
                    5,
                    TrfErrorKind::NoSuchPlayer {
                        code,
                        player,
                        players: n,
                    },
                ))
            } else {
                Ok(())
            }
        };
        for pv in &k_factors {
            check_player(pv.line, pv.player, "XXK")?;
        }
        for pv in &rated_games {
            check_player(pv.line, pv.player, "XXG")?;
        }
        apply_per_player(&k_factors, "XXK", &mut t, |p, k| p.k_override = Some(k))?;
        apply_per_player(&rated_games, "XXG", &mut t, |p, g| p.rated_games = Some(g))?;

        // Only the withdrawals the file records (`XXW`): detecting more from forfeits is the
        // caller's decision (issue 30: a conversion never declares anyone withdrawn).
        let list = withdrawals.unwrap_or_default();
        for (w, line) in &list {
            check_player(*line, w.player, "XXW")?;
        }
        let withdrawal_lines: Vec<usize> = list.iter().map(|(_, l)| *l).collect();
        t.withdrawals = list.into_iter().map(|(w, _)| w).collect();

        t.validate().map_err(|e| {
            let line = match &e {
                ModelError::BadWithdrawal { player, .. } => t
                    .withdrawals
                    .iter()
                    .position(|w| w.player == *player)
                    .and_then(|i| withdrawal_lines.get(i).copied()),
                ModelError::BadCycles(_) => kind_line,
                _ => None,
            };
            TrfError::line(line.unwrap_or(1), TrfErrorKind::Inconsistent(e))
        })?;

        points_warnings(&t, declared_points, &mut warnings);
        Ok((t, warnings))
    }
}

/// A warning for each points column (81–84) that disagrees with the results, counted with the
/// event's point system (`162`), in tenths.
fn points_warnings(
    t: &Tournament,
    declared_points: Vec<(usize, Option<HalfPoints>)>,
    warnings: &mut Vec<TrfWarning>,
) {
    let totals: Vec<u32> = t.scores();
    for (i, (line, declared)) in declared_points.into_iter().enumerate() {
        let start_no = i as StartNo + 1;
        let computed = totals.get(i).copied().unwrap_or_default();
        if let Some(declared) = declared.map(|d| d.0 * 5) {
            if declared != computed {
                warnings.push(TrfWarning {
                    line,
                    column: Some(COL_POINTS.0),
                    kind: TrfWarningKind::PointsDisagree {
                        player: start_no,
                        declared,
                        computed,
                    },
                });
            }
        }
    }
}

/// The byes the players' lines spell with TRF's second code, by round then player.
fn bye_spellings(players: &[PlayerLine]) -> Vec<ByeSpelling> {
    let mut spellings: Vec<ByeSpelling> = players
        .iter()
        .flat_map(|p| {
            let player = p.player.start_no;
            p.spellings.iter().map(move |&(round, code)| ByeSpelling {
                round,
                player,
                code,
            })
        })
        .collect();
    spellings.sort_by_key(|s| (s.round, s.player));
    spellings
}

/// `"<start_no> <number>"` of an `XXW`/`XXK`/`XXG` line.
fn player_number(
    no: usize,
    value: &str,
    code: &'static str,
    what: PlayerNumber,
) -> Result<(StartNo, u32), TrfError> {
    let mut it = value.split_whitespace();
    let parsed = match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => a.parse::<StartNo>().ok().zip(b.parse::<u32>().ok()),
        _ => None,
    };
    parsed.ok_or_else(|| {
        TrfError::at(
            no,
            5,
            TrfErrorKind::BadPlayerValue {
                code,
                what,
                found: excerpt(value),
            },
        )
    })
}

fn apply_per_player<T: Copy>(
    values: &[PlayerValue<T>],
    code: &'static str,
    t: &mut Tournament,
    set: impl Fn(&mut Player, T),
) -> Result<(), TrfError> {
    for (i, pv) in values.iter().enumerate() {
        if let Some(first) = values[..i].iter().find(|o| o.player == pv.player) {
            return Err(TrfError::at(
                pv.line,
                5,
                TrfErrorKind::ValueTwice {
                    code,
                    player: pv.player,
                    first_line: first.line,
                },
            ));
        }
        if let Some(p) = t.player_mut(pv.player) {
            set(p, pv.value);
        }
    }
    Ok(())
}
