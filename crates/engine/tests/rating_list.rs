//! FIDE rating lists (`engine::rating_list`) on the samples of `fixtures/rating-list/`: every
//! format (TXT in UTF-8 and in Windows-1252, XML, the ZIP of the TXT, a ZIP of the XML made
//! here) reads to the same ten players, whose every field is pinned; the single-type rapid
//! list gives the combined list's rapid ratings; search and conversion on the sample.

use engine::rating_list::{
    load, read_txt, read_xml, search, Federation, ListFormat, ListedPlayer, ListedRating,
    RatingType, Sex, Title,
};
use std::io::Write;
use std::path::PathBuf;

fn fixture(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fixtures/rating-list")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn r(rating: u16, games: u16, k: u8) -> Option<ListedRating> {
    Some(ListedRating {
        rating,
        games: Some(games),
        k: Some(k),
    })
}

/// The sample's players as `make.py` lists them.
fn expected() -> Vec<ListedPlayer> {
    #[allow(clippy::too_many_arguments)]
    fn p(
        fide_id: u64,
        name: &str,
        fed: &str,
        sex: Sex,
        title: Option<Title>,
        birth: u16,
        inactive: bool,
        ratings: [Option<ListedRating>; 3],
    ) -> ListedPlayer {
        ListedPlayer {
            fide_id,
            name: name.to_string(),
            federation: Federation::parse(fed),
            sex: Some(sex),
            title,
            birth: Some(birth),
            inactive,
            standard: ratings[0],
            rapid: ratings[1],
            blitz: ratings[2],
        }
    }
    use Sex::{Female as F, Male as M};
    vec![
        p(
            99100017,
            "Lindqvist, Magnus",
            "SWE",
            M,
            Some(Title::GM),
            1994,
            false,
            [r(2571, 9, 10), r(2490, 0, 20), r(2533, 0, 20)],
        ),
        p(
            99100025,
            "Núñez Ortega, José María",
            "ESP",
            M,
            Some(Title::FM),
            1987,
            true,
            [r(2304, 0, 20), None, r(2250, 4, 20)],
        ),
        p(
            99100033,
            "Šebestová, Žaneta",
            "CZE",
            F,
            Some(Title::WIM),
            2001,
            false,
            [r(2195, 7, 20), r(2150, 12, 20), r(2100, 0, 20)],
        ),
        p(
            99100041,
            "Øvergård, Bjørn",
            "NOR",
            M,
            None,
            2011,
            false,
            [r(1876, 3, 40), r(1901, 0, 40), None],
        ),
        p(
            99100050,
            "Müller-Schäfer, Jürgen",
            "GER",
            M,
            Some(Title::CM),
            1969,
            true,
            [r(2012, 0, 20), None, None],
        ),
        p(
            99100068,
            "O'Brien, Aoife",
            "IRL",
            F,
            Some(Title::WFM),
            2008,
            false,
            [None, r(1720, 5, 40), None],
        ),
        p(
            99200014,
            "Abebe, Tsion",
            "ETH",
            F,
            None,
            2015,
            false,
            [None, None, None],
        ),
        p(
            99200022,
            "Lindqvist, Maja",
            "SWE",
            F,
            Some(Title::WCM),
            2016,
            true,
            [r(1650, 0, 40), None, None],
        ),
        p(
            99200030,
            "Ng, Wei Ming",
            "SGP",
            M,
            Some(Title::IM),
            1978,
            false,
            [r(2402, 0, 10), r(2380, 0, 10), r(2411, 0, 10)],
        ),
        // IM and WGM: the higher, IM, is her title.
        p(
            99300018,
            "Bakker, Anne-Fleur",
            "NED",
            F,
            Some(Title::IM),
            1999,
            false,
            [r(2398, 0, 10), None, r(2344, 2, 10)],
        ),
    ]
}

/// Every player, or the first difference named.
fn assert_players(what: &str, got: &[ListedPlayer], want: &[ListedPlayer]) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g, w, "{what}: player {} differs", i + 1);
    }
    assert_eq!(got.len(), want.len(), "{what}: number of players");
}

fn all_ok(
    items: impl Iterator<Item = Result<ListedPlayer, engine::rating_list::ListError>>,
) -> Vec<ListedPlayer> {
    items.map(|p| p.unwrap_or_else(|e| panic!("{e}"))).collect()
}

#[test]
fn the_utf8_txt_reads_to_the_sample_players() {
    let got = all_ok(read_txt(&fixture("players_list_foa.txt")[..]));
    assert_players("UTF-8 TXT", &got, &expected());
}

#[test]
fn the_windows_1252_txt_decodes_accented_names() {
    let bytes = fixture("players_list_foa_cp1252.txt");
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the sample should not be UTF-8"
    );
    let got = all_ok(read_txt(&bytes[..]));
    assert_eq!(got[1].name, "Núñez Ortega, José María");
    // Š and Ž are Windows-1252's 0x8A and 0x8E (control characters in Latin-1).
    assert_eq!(got[2].name, "Šebestová, Žaneta");
    assert_players("Windows-1252 TXT", &got, &expected());
}

#[test]
fn the_xml_reads_to_the_same_players() {
    let got = all_ok(read_xml(&fixture("players_list_xml_foa.xml")[..]));
    assert_players("XML", &got, &expected());
}

#[test]
fn the_zip_reads_as_its_txt() {
    let zipped = load(&fixture("players_list.zip"), Some("players_list.zip")).unwrap();
    let plain = load(
        &fixture("players_list_foa.txt"),
        Some("players_list_foa.txt"),
    )
    .unwrap();
    assert!(zipped.zipped && !plain.zipped);
    assert_eq!(
        (zipped.format, plain.format),
        (ListFormat::Txt, ListFormat::Txt)
    );
    assert_eq!((zipped.skipped, plain.skipped), (0, 0));
    assert_players("zipped TXT", &zipped.players, &plain.players);
    assert_players("zipped TXT", &zipped.players, &expected());
}

#[test]
fn a_zip_of_the_xml_reads_as_the_xml() {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("readme.pdf", options).unwrap();
        zip.write_all(b"not the list").unwrap();
        zip.start_file("players_list_xml_foa.xml", options).unwrap();
        zip.write_all(&fixture("players_list_xml_foa.xml")).unwrap();
        zip.finish().unwrap();
    }
    let list = load(out.get_ref(), None).unwrap();
    assert_eq!(list.format, ListFormat::Xml);
    assert_players("zipped XML", &list.players, &expected());
}

#[test]
fn the_rapid_list_gives_the_combined_lists_rapid_ratings() {
    let list = load(
        &fixture("rapid_rating_list.txt"),
        Some("rapid_rating_list.txt"),
    )
    .unwrap();
    assert_eq!(list.single, RatingType::Rapid);
    let want: Vec<ListedPlayer> = expected()
        .into_iter()
        .filter(|p| p.rapid.is_some())
        .map(|p| ListedPlayer {
            standard: None,
            blitz: None,
            ..p
        })
        .collect();
    assert_players("rapid TXT", &list.players, &want);
}

#[test]
fn a_tournament_file_is_refused_as_not_a_list() {
    let trf = std::fs::read(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dutch/t001/full.trf"),
    )
    .unwrap();
    let e = load(&trf, Some("full.trf")).unwrap_err();
    assert!(e.is_fatal());
    assert!(e.to_string().contains("not a FIDE players list"), "{e}");
    assert!(
        e.to_string().contains("012"),
        "the message shows what the file starts with: {e}"
    );
}

#[test]
fn search_in_the_sample() {
    let players = all_ok(read_txt(&fixture("players_list_foa_cp1252.txt")[..]));
    let names = |q: &str| -> Vec<&str> {
        search(&players, q, 10)
            .iter()
            .map(|p| p.name.as_str())
            .collect()
    };
    assert_eq!(names("Lindqvist, Magnus"), ["Lindqvist, Magnus"]);
    assert_eq!(names("magnus lindqvist"), ["Lindqvist, Magnus"]);
    assert_eq!(
        names("lindqvist m"),
        ["Lindqvist, Magnus", "Lindqvist, Maja"]
    );
    assert_eq!(names("nunez jose"), ["Núñez Ortega, José María"]);
    assert_eq!(names("SEBESTOVA"), ["Šebestová, Žaneta"]);
    assert_eq!(names("bjorn overgard"), ["Øvergård, Bjørn"]);
    assert_eq!(names("obrien"), ["O'Brien, Aoife"]);
    assert_eq!(names("anne fleur"), ["Bakker, Anne-Fleur"]);
    assert_eq!(
        names("991000"),
        [
            "Lindqvist, Magnus",
            "Núñez Ortega, José María",
            "Šebestová, Žaneta",
            "Øvergård, Bjørn",
            "Müller-Schäfer, Jürgen",
            "O'Brien, Aoife"
        ]
    );
    assert_eq!(names("99200030"), ["Ng, Wei Ming"]);
    assert!(names("carlsen").is_empty());
}

#[test]
fn a_listed_player_enters_an_event() {
    let players = expected();
    let (p, note) = players[2].to_player(7, RatingType::Rapid);
    assert_eq!(note, None);
    assert_eq!(p.start_no, 7);
    assert_eq!(p.fide_id, Some(99100033));
    assert_eq!(p.name, "Šebestová, Žaneta");
    assert_eq!(
        (p.federation.as_str(), p.sex.as_str(), p.title.as_str()),
        ("CZE", "w", "WIM")
    );
    assert_eq!((p.birth.as_str(), p.rating), ("2001", Some(2150)));
    let (p, _) = players[6].to_player(8, RatingType::Standard);
    assert_eq!((p.rating, p.title.as_str()), (None, ""));
}

mod never_panics {
    use super::fixture;
    use engine::rating_list::load;
    use proptest::prelude::*;
    use proptest::sample::Index;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = load(&bytes, None);
        }

        /// A sample with a few bytes changed reads, or is refused, without a panic; it never
        /// gains players.
        #[test]
        fn on_an_edited_sample(which in 0..3usize, edits in proptest::collection::vec((any::<Index>(), any::<u8>()), 1..6)) {
            let name = ["players_list_foa.txt", "players_list_xml_foa.xml", "players_list.zip"][which];
            let mut bytes = fixture(name);
            for (at, b) in edits {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
            if let Ok(list) = load(&bytes, Some(name)) {
                prop_assert!(list.players.len() <= 10);
            }
        }
    }
}
