use super::*;

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// A combined-list line with the values at FIDE's offsets (padded by characters).
fn line(id: &str, name: &str, fed: &str, std: &str, born: &str, flag: &str) -> String {
    let mut s = String::new();
    for (at, v) in [
        (0, id),
        (15, name),
        (76, fed),
        (80, "M"),
        (113, std),
        (119, "0"),
        (123, "20"),
        (152, born),
        (158, flag),
    ] {
        while s.chars().count() < at {
            s.push(' ');
        }
        s.push_str(v);
    }
    s
}

fn list(lines: &[String]) -> String {
    let mut s = HEADER.to_string();
    for l in lines {
        s.push('\n');
        s.push_str(l);
    }
    s.push('\n');
    s
}

#[test]
fn a_bad_line_is_reported_with_its_number_and_skipped() {
    let text = list(&[
        line("1001", "Good, One", "ENG", "2100", "1990", ""),
        line("10x2", "Bad, Id", "ENG", "2100", "1990", ""),
        String::new(),
        line("1003", "Bad, Rating", "ENG", "21O0", "1990", ""),
        "1004".to_string(),
        line("1005", "Good, Two", "ENG", "", "0", "i"),
    ]);
    let items: Vec<_> = read_txt(text.as_bytes()).collect();
    assert_eq!(items.len(), 5, "the blank line is passed over");
    let errors: Vec<&ListError> = items.iter().filter_map(|i| i.as_ref().err()).collect();
    assert_eq!(errors.len(), 3);
    assert!(errors.iter().all(|e| !e.is_fatal()));
    assert_eq!(errors[0].place, Place::Line(3));
    assert_eq!(
        errors[0].to_string(),
        "line 3: ID Number is “10x2”, expected a FIDE ID (digits)"
    );
    assert_eq!(
        errors[1].to_string(),
        "line 5: SRtng is “21O0”, expected a rating (a whole number)"
    );
    assert_eq!(
        errors[2].to_string(),
        "line 6: the line ends before the name column"
    );
    let good: Vec<&ListedPlayer> = items.iter().filter_map(|i| i.as_ref().ok()).collect();
    assert_eq!(good[1].fide_id, 1005);
    assert_eq!(
        (good[1].standard, good[1].birth, good[1].inactive),
        (None, None, true)
    );

    // Half of a line broken in two: a stray number under the ID column is not an ID.
    let broken = format!("{:>10}{}", "1", " ".repeat(66) + "2008");
    let e = read_txt(list(&[broken]).as_bytes())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: ID Number is “1”, expected a FIDE ID at the start of the line"
    );

    let loaded = load(text.as_bytes(), None).unwrap();
    assert_eq!(
        (loaded.players.len(), loaded.skipped, loaded.problems.len()),
        (2, 3, 3)
    );
}

#[test]
fn what_is_not_a_list_is_refused() {
    for (bytes, says) in [
        (&b""[..], "nothing: the file is empty"),
        (
            b"012 Some Open 2026\n001    1 m    Smith, John\n",
            "012 Some Open 2026",
        ),
        (b"Name,Rating\nSmith,2100\n", "Name,Rating"),
        (b"<html><body>Not found</body></html>", "root is <html>"),
        (b"\x00\x01\x02binary", "·"),
    ] {
        let e = load(bytes, None).unwrap_err();
        assert!(e.is_fatal(), "{e}");
        assert!(matches!(e.problem, Problem::NotAList { .. }), "{e}");
        assert!(e.to_string().contains(says), "{e} should contain {says}");
    }
    // A header with an ID and a name but no rating column is no rating list.
    let e = read_txt(&b"ID Number      Name\n1 x\n"[..])
        .next()
        .unwrap()
        .unwrap_err();
    assert!(e.is_fatal());
}

#[test]
fn a_zip_without_a_list_is_refused() {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    zip.start_file("photo.jpg", zip::write::SimpleFileOptions::default())
        .unwrap();
    std::io::Write::write_all(&mut zip, b"jpeg").unwrap();
    zip.finish().unwrap();
    let e = load(out.get_ref(), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the ZIP archive: it holds no .txt or .xml file (it holds: photo.jpg)"
    );
    let e = load(b"PK\x03\x04 truncated", None).unwrap_err();
    assert!(matches!(e.problem, Problem::Archive(_)), "{e}");
}

#[test]
fn a_utf8_list_padded_by_bytes_reads_too() {
    // "Núñez" is 5 characters and 7 bytes: a writer padding to 61 bytes leaves the line two
    // characters short of the header's offsets.
    let name = "Núñez, José";
    let mut l = format!("{:<15}{}", "2002", name);
    l.push_str(&" ".repeat(76 - 15 - name.len()));
    l.push_str("ESP M");
    l.push_str(&" ".repeat(113 - l.len()));
    l.push_str("2250  0   20");
    let players: Vec<_> = read_txt(list(&[l]).as_bytes()).collect();
    let p = players[0].as_ref().unwrap();
    assert_eq!(
        (p.name.as_str(), p.federation.map(|f| f.to_string())),
        (name, Some("ESP".into()))
    );
    assert_eq!(p.standard.map(|r| r.rating), Some(2250));
}

#[test]
fn a_header_after_blank_lines_and_a_bom_is_found() {
    let text = format!(
        "\u{feff}\r\n{}",
        list(&[line("5", "Five, A", "FID", "1500", "2000", "")]).replace('\n', "\r\n")
    );
    let players: Vec<_> = read_txt(text.as_bytes()).collect();
    assert_eq!(players.len(), 1);
    assert_eq!(
        players[0].as_ref().unwrap().federation.unwrap().as_str(),
        "FID"
    );
}

fn xml(records: &str) -> String {
    format!("<?xml version=\"1.0\"?>\n<playerslist>\n{records}</playerslist>\n")
}

#[test]
fn a_bad_xml_record_is_reported_with_its_number_and_byte_and_skipped() {
    let text = xml(
        "<player><fideid>1</fideid><name>One, A</name><rating>2000</rating></player>\n\
         <player><fideid>2</fideid><name>Two, B</name><rating>high</rating></player>\n\
         <player><name>Three, C</name></player>\n\
         <player><fideid>4</fideid><name>Fo &amp; ur, D&#233;</name><birthday>1999-04-01</birthday></player>\n",
    );
    let items: Vec<_> = read_xml(text.as_bytes()).collect();
    assert_eq!(items.len(), 4);
    let e = items[1].as_ref().unwrap_err();
    let byte = text.find("<player><fideid>2").unwrap() as u64;
    assert_eq!(e.place, Place::Record { number: 2, byte });
    assert_eq!(
        e.to_string(),
        format!(
            "player record 2 (byte {byte}): rating is “high”, expected a rating (a whole number)"
        )
    );
    assert_eq!(
        items[2].as_ref().unwrap_err().problem,
        Problem::Missing { field: "FIDE ID" }
    );
    let four = items[3].as_ref().unwrap();
    assert_eq!(
        (four.name.as_str(), four.birth),
        ("Fo & ur, Dé", Some(1999))
    );
}

#[test]
fn broken_xml_stops_the_reading() {
    let text = xml(
        "<player><fideid>1</fideid><name>One</name></player>\n<player><fideid>2</fid></player>",
    );
    let items: Vec<_> = read_xml(text.as_bytes()).collect();
    assert_eq!(items.len(), 2);
    let e = items[1].as_ref().unwrap_err();
    assert!(
        e.is_fatal() && matches!(e.place, Place::Record { number: 2, .. }),
        "{e}"
    );
    let e = load(text.as_bytes(), None).unwrap_err();
    assert!(matches!(e.problem, Problem::Xml(_)), "{e}");
}

#[test]
fn a_latin1_xml_decodes() {
    let mut bytes = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><playerslist><player><fideid>9</fideid><name>M\xfcller, J\xfcrgen</name><country>GER</country></player></playerslist>".to_vec();
    let p = read_xml(&bytes[..]).next().unwrap().unwrap();
    assert_eq!(p.name, "Müller, Jürgen");
    // Undeclared, the bytes that are not UTF-8 are still taken as Windows-1252.
    bytes.drain(..bytes.iter().position(|&b| b == b'>').unwrap() + 1);
    let p = read_xml(&bytes[..]).next().unwrap().unwrap();
    assert_eq!(p.name, "Müller, Jürgen");
    // A stray Windows-1252 name among UTF-8 ones costs only its own piece of text.
    let mixed = b"<playerslist><player><fideid>1</fideid><name>N\xc3\xba\xc3\xb1ez</name></player><player><fideid>2</fideid><name>\x8Aa\xefd</name></player></playerslist>";
    let names: Vec<String> = read_xml(&mixed[..]).map(|p| p.unwrap().name).collect();
    assert_eq!(names, ["Núñez", "Šaïd"]);
}

#[test]
fn a_single_type_xml_list_gives_its_type() {
    let text = xml("<player><fideid>3</fideid><name>Three</name><rating>1800</rating><games>4</games><k>40</k></player>");
    let p = read_xml_as(text.as_bytes(), RatingType::Blitz)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!((p.standard, p.rapid), (None, None));
    assert_eq!(
        p.blitz,
        Some(ListedRating {
            rating: 1800,
            games: Some(4),
            k: Some(40)
        })
    );
}

#[test]
fn a_rating_outside_the_range_enters_unrated_with_a_note() {
    let text = list(&[line("7", "Odd, Rating", "ENG", "9999", "1990", "")]);
    let p = read_txt(text.as_bytes()).next().unwrap().unwrap();
    let (player, note) = p.to_player(1, RatingType::Standard);
    assert_eq!(player.rating, None);
    let note = note.unwrap();
    assert_eq!(
        note,
        ConversionNote::RatingOutOfRange {
            kind: RatingType::Standard,
            rating: 9999
        }
    );
    assert_eq!(
        note.to_string(),
        "the list's standard rating 9999 is outside 100–3500: entered unrated"
    );
}

#[test]
fn titles_take_the_higher() {
    assert_eq!(Title::best("IM", "WGM"), Some(Title::IM));
    assert_eq!(Title::best("WGM", "WGM"), Some(Title::WGM));
    assert_eq!(Title::best("", "WFM"), Some(Title::WFM));
    assert_eq!(Title::best("FM", "WIM"), Some(Title::FM));
    assert_eq!(Title::best("", ""), None);
}

#[test]
fn names_fold_without_case_accents_or_apostrophes() {
    assert_eq!(
        fold_name("Núñez Ortega, José-María"),
        "nunez ortega jose maria"
    );
    assert_eq!(fold_name("Šťastný, Ľubomír"), "stastny lubomir");
    assert_eq!(fold_name("Łukasz Dąbrowski"), "lukasz dabrowski");
    assert_eq!(fold_name("Ştefănescu, Țara"), "stefanescu tara");
    assert_eq!(fold_name("Øverbø, Æsa ß"), "overbo aesa ss");
    assert_eq!(fold_name("O’Connor, D'Arcy"), "oconnor darcy");
}

fn named(names: &[&str]) -> Vec<ListedPlayer> {
    names
        .iter()
        .enumerate()
        .map(|(i, n)| ListedPlayer {
            fide_id: 100 + i as u64,
            name: n.to_string(),
            ..ListedPlayer::default()
        })
        .collect()
}

#[test]
fn search_gives_each_query_word_its_own_name_word() {
    let players = named(&["Ab, A", "Ab, Xy", "Abc, Ab", "Ma, Ma"]);
    let ids = |q: &str| -> Vec<u64> { search(&players, q, 10).iter().map(|p| p.fide_id).collect() };
    // "a" and "ab" need two words: "Ab, A" has them whole, "Abc, Ab" by prefix; "Ab, Xy" one.
    assert_eq!(ids("a ab"), [100, 102]);
    assert_eq!(ids("ab a"), [100, 102]);
    // One name word cannot serve two query words.
    assert_eq!(ids("ma ma"), [103]);
    assert_eq!(ids("ma ma ma"), Vec::<u64>::new());
    // Whole words first, then prefixes, each in list order.
    assert_eq!(ids("ab"), [100, 101, 102]);
    assert_eq!(ids("10"), [100, 101, 102, 103]);
    assert_eq!(ids("102"), [102]);
    assert_eq!(search(&players, "ab", 2).len(), 2);
    assert!(search(&players, "  ", 10).is_empty());
    assert!(search(&players, ", ,", 10).is_empty());
}
