//! A player list with a header of recognised columns, read as a CSV table (issue 27 item 4).

use super::*;
use crate::csv_text::CsvWriter;
use crate::model::RATINGS;
use proptest::prelude::*;

fn player(name: &str) -> Player {
    Player {
        name: name.to_string(),
        ..Player::default()
    }
}

/// The player every language's table below describes.
fn andersen() -> Player {
    Player {
        name: "Andersen, Viktor".into(),
        rating: Some(2795),
        fide_id: Some(1234567),
        title: "GM".into(),
        federation: "DEN".into(),
        sex: "m".into(),
        birth: "1990/05/12".into(),
        club: "Skakklub, Nord".into(),
        ..Player::default()
    }
}

fn read(text: &str) -> Roster {
    read_roster(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

#[test]
fn every_field_is_recognised_in_each_language() {
    let tables = [
        "Name,Rating,FIDE ID,Title,Federation,Sex,Birth,Club\n\
         \"Andersen, Viktor\",2795,1234567,GM,DEN,m,1990/05/12,\"Skakklub, Nord\"",
        "Joueur;Classement;ID FIDE;Titre;Fédération;Sexe;Naissance;Club\n\
         Andersen, Viktor;2795;1234567;GM;DEN;m;12.05.1990;Skakklub, Nord",
        "Spieler\tWertung\tFIDE-ID\tTitel\tFöderation\tGeschlecht\tGeburtsdatum\tVerein\n\
         Andersen, Viktor\t2795\t1234567\tGM\tDEN\tmale\t1990-05-12\tSkakklub, Nord",
        "名前,レーティング,FideID,タイトル,連盟,性別,生年月日,クラブ\n\
         \"Andersen, Viktor\",2795,1234567,g,den,M,1990/05/12,\"Skakklub, Nord\"",
        "Nom,Elo,ID,Tit,Fed,Sex,B-day,Club\n\
         \"Andersen, Viktor\",2795,1234567,gm,DEN,m,1990/05/12,\"Skakklub, Nord\"",
        "Player,FIDE rating,Id Fide,TITLE,Country,Gender,Born,club\n\
         \"Andersen, Viktor\",2795,1234567,GM,DEN,m,1990/05/12,\"Skakklub, Nord\"",
        "選手;Rtg;FIDE ID;Title;Land;性別;Birthday;Club\n\
         \"Andersen, Viktor\";2795;1234567;GM;DEN;m;1990/05/12;Skakklub, Nord",
        "NAME,STD,Fide Id,Title,FEDERATION,SEX,NAISSANCE,CLUB\n\
         \"Andersen, Viktor\",2795,1234567,GM,DEN,m,1990/05/12,\"Skakklub, Nord\"",
    ];
    for text in tables {
        let roster = read(text);
        assert_eq!(roster.players, vec![andersen()], "{text}");
        assert_eq!(roster.columns.len(), 8, "{text}");
        assert!(roster.ignored.is_empty(), "{text}");
    }
}

#[test]
fn every_header_spelling_names_its_column() {
    let cases: [(&[&str], Column); 8] = [
        (
            &["Name", "Player", "Nom", "Joueur", "Spieler", "名前", "選手"],
            Column::Name,
        ),
        (
            &[
                "Rating",
                "Elo",
                "Rtg",
                "Std",
                "FIDE rating",
                "Classement",
                "Wertung",
                "レーティング",
                "SRtng",
            ],
            Column::Rating,
        ),
        (
            &["FIDE ID", "ID", "FideID", "ID FIDE", "FIDE-ID", "ID Number"],
            Column::FideId,
        ),
        (
            &["Title", "Tit", "Titre", "Titel", "タイトル"],
            Column::Title,
        ),
        (
            &[
                "Fed",
                "Federation",
                "Fédération",
                "FÉDÉRATION",
                "Föderation",
                "Country",
                "Land",
                "連盟",
            ],
            Column::Federation,
        ),
        (
            &["Sex", "Sexe", "Geschlecht", "Gender", "性別"],
            Column::Sex,
        ),
        (
            &[
                "Birth",
                "Born",
                "B-day",
                "Birthday",
                "Naissance",
                "Geburtsdatum",
                "Geburtsjahr",
                "生年月日",
                "生年",
            ],
            Column::Birth,
        ),
        (&["Club", "Verein", "クラブ"], Column::Club),
    ];
    for (spellings, column) in cases {
        for s in spellings {
            assert_eq!(Column::recognise(s), Some(column), "{s}");
            assert_eq!(
                Column::recognise(&format!(" {} ", s.to_uppercase())),
                Some(column)
            );
        }
    }
    for s in ["Vorname", "Points", "WTit", "", "Nr"] {
        assert_eq!(Column::recognise(s), None, "{s}");
    }
}

#[test]
fn field_values_are_normalised() {
    let roster = read(
        "Name,Title,Sex,Birth\n\
         A,wg,f,1990\n\
         B,WIM,female,0000\n\
         C,i,w,1.2.2001\n\
         D,,F,2001-02-01\n\
         E,c,W,\n",
    );
    let got: Vec<(&str, &str, &str)> = roster
        .players
        .iter()
        .map(|p| (p.title.as_str(), p.sex.as_str(), p.birth.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("WGM", "w", "1990"),
            ("WIM", "w", ""),
            ("IM", "w", "2001/02/01"),
            ("", "w", "2001/02/01"),
            ("CM", "w", ""),
        ]
    );
}

#[test]
fn the_separator_is_the_header_lines() {
    for sep in [",", ";", "\t"] {
        let text = ["Name", "Rating", "Club"].join(sep)
            + "\n"
            + &["Ng Li", "2100", "Paris"].join(sep)
            + "\n\n"
            + &["Bo", "", ""].join(sep)
            + "\n";
        let roster = read(&text);
        assert_eq!(
            roster.players,
            vec![
                Player {
                    rating: Some(2100),
                    club: "Paris".into(),
                    ..player("Ng Li")
                },
                player("Bo")
            ],
            "{sep:?}"
        );
    }
    // The strongest separator of the header line wins: tabs, then semicolons.
    let roster = read("Name\tRating\tClub; City\nSmith, John\t2000\tA; B\n");
    assert_eq!(roster.ignored, vec!["Club; City"]);
    assert_eq!(roster.players[0].name, "Smith, John");
    assert_eq!(roster.players[0].club, "");
}

#[test]
fn quoted_fields_hold_separators_quotes_and_line_breaks() {
    let roster = read(
        "Name,Club,Rating\n\
         \"Carlsen, Magnus\",\"Offerspill, \"\"Oslo\"\"\",2833\n\
         \"Two\nLines\",,\n\
         Plain,Club,2000\n",
    );
    let got: Vec<(&str, &str, Option<u16>)> = roster
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.club.as_str(), p.rating))
        .collect();
    assert_eq!(
        got,
        vec![
            ("Carlsen, Magnus", "Offerspill, \"Oslo\"", Some(2833)),
            ("Two\nLines", "", None),
            ("Plain", "Club", Some(2000)),
        ]
    );
    // Line numbers count the line break inside the quotes.
    let errors = read_roster("Name,Rating\n\"A\nB\",1\nC,2").unwrap_err();
    let lines: Vec<usize> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, vec![2, 4]);
}

#[test]
fn unknown_and_repeated_columns_are_listed_as_ignored() {
    let roster = read(
        "No.\tName\tVorname\tElo\tRating\tPoints\n\
         1\tSmith\tJohn\t2100\tabc\t3.5\n",
    );
    assert_eq!(roster.ignored, vec!["No.", "Vorname", "Rating", "Points"]);
    assert_eq!(
        roster.columns,
        vec![
            ("Name".to_string(), Column::Name),
            ("Elo".to_string(), Column::Rating)
        ]
    );
    assert_eq!(
        roster.players,
        vec![Player {
            rating: Some(2100),
            ..player("Smith")
        }]
    );
}

#[test]
fn a_fide_rating_list_extract_reads() {
    let roster = read(
        "ID Number\tName\tFed\tSex\tTit\tWTit\tOTit\tFOA\tSRtng\tSGm\tSK\tB-day\tFlag\n\
         1503014\tCarlsen, Magnus\tNOR\tM\tGM\t\t\t\t2833\t0\t10\t1990\t\n\
         700070\tHou, Yifan\tCHN\tF\tGM\tWGM\t\t\t2633\t0\t10\t1994\twi\n",
    );
    assert_eq!(
        roster.players,
        vec![
            Player {
                fide_id: Some(1503014),
                federation: "NOR".into(),
                sex: "m".into(),
                title: "GM".into(),
                rating: Some(2833),
                birth: "1990".into(),
                ..player("Carlsen, Magnus")
            },
            Player {
                fide_id: Some(700070),
                federation: "CHN".into(),
                sex: "w".into(),
                title: "GM".into(),
                rating: Some(2633),
                birth: "1994".into(),
                ..player("Hou, Yifan")
            },
        ]
    );
    assert_eq!(
        roster.ignored,
        vec!["WTit", "OTit", "FOA", "SGm", "SK", "Flag"]
    );
}

#[test]
fn a_name_then_rating_header_keeps_unquoted_commas_in_the_name() {
    let roster = read("Name, Rating\nCarlsen, Magnus, 2833\nAlpha,\n");
    assert_eq!(
        roster.players,
        vec![
            Player {
                rating: Some(2833),
                ..player("Carlsen, Magnus")
            },
            player("Alpha")
        ]
    );
}

#[test]
fn a_header_without_a_name_column_is_refused_naming_its_line() {
    let errors = read_roster("\n  \nFIDE ID;Rating;Club\n1;2000;X\n").unwrap_err();
    assert_eq!(
        errors,
        vec![RosterError {
            line: 3,
            problem: RosterProblem::NoNameColumn {
                header: "FIDE ID;Rating;Club".into()
            }
        }]
    );
    assert_eq!(
        errors[0].to_string(),
        "line 3: the header “FIDE ID;Rating;Club” has no column for the players' names; title \
         that column Name (or Player, Nom, Joueur, Spieler, 名前)"
    );
}

/// Every kind of bad row, each with its line and its column's header as written.
#[test]
fn every_bad_field_is_reported_with_its_line_and_column() {
    let text = "Joueur,Elo,ID FIDE,Titre,Fed,Sexe,Naissance,Club\n\
                Good,2000,100,GM,FRA,m,1990,\n\
                Rating,20x0,,,,,,\n\
                \n\
                Id,,12a,,,,,\n\
                Title,,,XX,,,,\n\
                Fed,,,,France,,,\n\
                Sex,,,,,x,,\n\
                Birth,,,,,,1990-13-01,\n\
                ,2000,,,,,,Club\n\
                good,,,,,,,\n\
                Other,,100,,,,,\n\
                Many,,,,,,,,extra\n\
                Two,99,,gm,,,31.02.2000,\n";
    let errors = read_roster(text).unwrap_err();
    let bad = |column: &str, error| RosterProblem::BadField {
        column: column.into(),
        error,
    };
    let expected = vec![
        (
            3,
            bad(
                "Elo",
                DetailError::Rating(RatingError {
                    text: "20x0".into(),
                }),
            ),
        ),
        (
            5,
            bad("ID FIDE", DetailError::FideId { text: "12a".into() }),
        ),
        (6, bad("Titre", DetailError::Title { text: "XX".into() })),
        (
            7,
            bad(
                "Fed",
                DetailError::Federation {
                    text: "France".into(),
                },
            ),
        ),
        (8, bad("Sexe", DetailError::Sex { text: "x".into() })),
        (
            9,
            bad(
                "Naissance",
                DetailError::Birth {
                    text: "1990-13-01".into(),
                },
            ),
        ),
        (
            10,
            RosterProblem::BlankName {
                column: "Joueur".into(),
            },
        ),
        (
            11,
            RosterProblem::Duplicate {
                name: "good".into(),
                first_line: 2,
            },
        ),
        (
            12,
            RosterProblem::DuplicateFideId {
                column: "ID FIDE".into(),
                fide_id: 100,
                first_line: 2,
            },
        ),
        (
            13,
            RosterProblem::TooManyFields {
                fields: 9,
                columns: 8,
            },
        ),
        (
            14,
            bad(
                "Elo",
                DetailError::Rating(RatingError { text: "99".into() }),
            ),
        ),
        (
            14,
            bad(
                "Naissance",
                DetailError::Birth {
                    text: "31.02.2000".into(),
                },
            ),
        ),
    ];
    let got: Vec<(usize, RosterProblem)> =
        errors.into_iter().map(|e| (e.line, e.problem)).collect();
    assert_eq!(got, expected);
}

#[test]
fn the_new_errors_say_line_column_and_what_to_do() {
    let said = |text: &str| -> Vec<String> {
        read_roster(text)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect()
    };
    assert_eq!(
        said("Name,Elo,FIDE ID\nA,abc,\nB,,1\nC,,1\n,,\n , 2000,\n"),
        vec![
            "line 2, column “Elo”: the rating “abc” should be a number from 100 to 3500",
            "line 4, column “FIDE ID”: the FIDE ID 1 is already on line 3; correct it, or remove \
             one of the two rows",
            "line 6, column “Name”: the name is missing; write the player's name, or remove the \
             row",
        ]
    );
    assert_eq!(
        said("Name,Sex,Title,Birth\nA,x,Z,1990/02/30\n"),
        vec![
            "line 2, column “Sex”: “x”: the sex is m, w or blank",
            "line 2, column “Title”: “Z” is not a FIDE title: use one of GM IM FM CM WGM WIM \
             WFM WCM, or leave it blank",
            "line 2, column “Birth”: “1990/02/30” is not a birth date: write the year (YYYY) or \
             the date (YYYY/MM/DD)",
        ]
    );
    assert_eq!(
        said("Name,Club\nA,B,C\n"),
        vec![
            "line 2: 3 fields where the header has 2 columns; put quotes around a field that \
             holds the separator (\"Carlsen, Magnus\"), or remove the extra fields"
        ]
    );
}

#[test]
fn nothing_is_returned_when_one_row_is_bad() {
    let good = "Name,Rating,Sex\nA,2000,m\nB,2100,w\nC,,\n";
    assert_eq!(parse_roster(good).unwrap().len(), 3);
    for bad_row in ["D,abc,", "D,,q", "A,,", "D,1,2,3"] {
        let text = format!("{good}{bad_row}\n");
        let errors = parse_roster(&text).unwrap_err();
        assert_eq!(errors.len(), 1, "{bad_row}");
        assert_eq!(errors[0].line, 5, "{bad_row}");
    }
}

#[test]
fn lines_that_only_look_like_headers_stay_name_rating_lines() {
    // One recognised column, or a number among the fields: a player, not a header.
    for (text, names) in [
        ("Player, One, 2000\nB", vec!["Player, One", "B"]),
        ("Name\nB", vec!["Name", "B"]),
        ("Club Elo, 2000\nB", vec!["Club Elo", "B"]),
    ] {
        let roster = read(text);
        let got: Vec<&str> = roster.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(got, names, "{text}");
        assert!(roster.columns.is_empty());
    }
    // A byte-order mark before the header (a spreadsheet's UTF-8 CSV) is no part of it.
    assert_eq!(
        read("\u{feff}Name,Elo\nA,2000").players[0].rating,
        Some(2000)
    );
}

/// A player with any of the fields a table carries, every one as the reader gives it back.
fn any_player() -> impl Strategy<Value = Player> {
    (
        "[A-Z][a-z]{1,6}(, [A-Z][a-z]{1,6})?( \"Jr\")?( [A-Z]\\.)?",
        proptest::option::of(RATINGS),
        proptest::option::of(1u64..=99_999_999_999),
        prop_oneof![
            Just(String::new()),
            proptest::sample::select(TITLES.to_vec()).prop_map(String::from)
        ],
        "([A-Z]{3})?",
        prop_oneof![Just(""), Just("m"), Just("w")],
        prop_oneof![
            Just(String::new()),
            (1900u32..2030).prop_map(|y| y.to_string()),
            (1900u32..2030, 1u32..=12, 1u32..=28)
                .prop_map(|(y, m, d)| format!("{y}/{m:02}/{d:02}")),
        ],
        "([A-Za-z,;\"]{1,5}( |\n)?[A-Za-z,;\"]{1,5})?",
    )
        .prop_map(
            |(name, rating, fide_id, title, federation, sex, birth, club)| Player {
                name,
                rating,
                fide_id,
                title,
                federation,
                sex: sex.to_string(),
                birth,
                club,
                ..Player::default()
            },
        )
}

/// Every column's header, in the table's order, each in one of its recognised spellings.
fn any_header() -> impl Strategy<Value = Vec<(Column, &'static str)>> {
    let spellings: Vec<_> = HEADERS
        .iter()
        .map(|&(column, names)| {
            proptest::sample::select(names.to_vec()).prop_map(move |name| (column, name))
        })
        .collect();
    spellings.prop_shuffle()
}

fn field(p: &Player, column: Column) -> String {
    match column {
        Column::Name => p.name.clone(),
        Column::Rating => p.rating.map(|r| r.to_string()).unwrap_or_default(),
        Column::FideId => p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
        Column::Title => p.title.clone(),
        Column::Federation => p.federation.clone(),
        Column::Sex => p.sex.clone(),
        Column::Birth => p.birth.clone(),
        Column::Club => p.club.clone(),
    }
}

proptest! {
    /// Players written as a headed CSV (any recognised spellings, any column order) read back
    /// the same, with no column ignored.
    #[test]
    fn players_written_as_csv_read_back(
        players in proptest::collection::vec(any_player(), 1..12),
        header in any_header(),
    ) {
        let mut names = std::collections::HashSet::new();
        let mut ids = std::collections::HashSet::new();
        let players: Vec<Player> = players
            .into_iter()
            .filter(|p| names.insert(normalise(&p.name)) && p.fide_id.is_none_or(|id| ids.insert(id)))
            .collect();
        let mut csv = CsvWriter::new(header.iter().map(|&(_, h)| h));
        for p in &players {
            csv.row(header.iter().map(|&(c, _)| field(p, c)));
        }
        let text = csv.finish();
        let roster = read_roster(&text).map_err(|e| TestCaseError::fail(format!("{text}\n{e:?}")))?;
        prop_assert_eq!(roster.players, players);
        prop_assert!(roster.ignored.is_empty());
        prop_assert_eq!(roster.columns.len(), 8);
    }
}

/// A spreadsheet's CSV ends its lines with `\r\n`; blank and space-only lines count as lines.
#[test]
fn windows_line_ends_and_blank_lines_keep_the_line_numbers() {
    let text = "\r\nName;Elo\r\nA;2000\r\n   \r\n\r\nB;abc\r\nC;\r\n";
    let errors = read_roster(text).unwrap_err();
    assert_eq!(
        errors
            .iter()
            .map(|e| (e.line, e.problem.column()))
            .collect::<Vec<_>>(),
        vec![(6, Some("Elo"))]
    );
    let roster = read(&text.replace("abc", "2100"));
    let names: Vec<&str> = roster.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, vec!["A", "B", "C"]);
}
