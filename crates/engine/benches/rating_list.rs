//! Reading a FIDE rating list (issue 27 item 4): a synthetic combined TXT list of 200,000
//! lines (FIDE's full list has about 1.9 million) read by `rating_list::read_txt`, the same
//! players as XML by `read_xml`, and a name search over them.
//!
//! `cargo bench -p crosstable-engine --bench rating_list`
//!
//! The list is generated here, deterministically (seed below), never committed: names of
//! two to four words, one in eight with Latin diacritics (UTF-8), ratings in about a third of
//! the columns, a few inactive flags, at the combined list's column offsets.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::rating_list::{read_txt, read_xml, search, ListedPlayer};
use std::hint::black_box;

const LINES: usize = 200_000;
const SEED: u64 = 0x5eed_f1de_0027_0004;

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
const SURNAMES: [&str; 16] = [
    "Smith",
    "Müller",
    "García",
    "Kovačević",
    "Nakamura",
    "Øvergård",
    "Ivanov",
    "Santos",
    "Nguyen",
    "Dąbrowski",
    "Okafor",
    "Larsen",
    "Şahin",
    "Kim",
    "Novák",
    "Rossi",
];
const GIVEN: [&str; 12] = [
    "Anna",
    "José",
    "Magnus",
    "Li",
    "Ana María",
    "Jürgen",
    "Wei",
    "Chidi",
    "Élodie",
    "Piotr",
    "Aisha",
    "Tomáš",
];
const FEDS: [&str; 8] = ["ENG", "GER", "ESP", "CRO", "JPN", "NOR", "IND", "FID"];
const TITLES: [&str; 6] = ["", "", "", "FM", "IM", "GM"];

/// SplitMix64: small, seeded, the same on every platform.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// `value` placed at character `at` of `line`, padding with spaces.
fn put(line: &mut String, at: usize, value: &str) {
    let len = line.chars().count();
    line.extend(std::iter::repeat_n(' ', at.saturating_sub(len)));
    line.push_str(value);
}

fn synthetic_list() -> (String, String) {
    let mut rng = Rng(SEED);
    let mut txt = String::with_capacity(LINES * 170);
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n");
    txt.push_str(HEADER);
    txt.push_str("\r\n");
    for i in 0..LINES {
        let id = 100_000 + i as u64 * 7;
        let name = format!("{}, {}", rng.pick(&SURNAMES), rng.pick(&GIVEN));
        let fed = rng.pick(&FEDS);
        let title = rng.pick(&TITLES);
        let born = 1940 + rng.next() % 80;
        let flag = if rng.next().is_multiple_of(5) {
            "i"
        } else {
            ""
        };
        let mut line = String::with_capacity(170);
        put(&mut line, 0, &id.to_string());
        put(&mut line, 15, &name);
        put(&mut line, 76, fed);
        put(&mut line, 80, "M");
        put(&mut line, 84, title);
        let mut tags = format!("<player><fideid>{id}</fideid><name>{name}</name><country>{fed}</country><sex>M</sex><title>{title}</title>");
        for (n, at) in [113, 126, 139].into_iter().enumerate() {
            let prefix = ["", "rapid_", "blitz_"][n];
            if rng.next().is_multiple_of(3) {
                let rating = 1400 + rng.next() % 1400;
                let games = rng.next() % 12;
                put(&mut line, at, &rating.to_string());
                put(&mut line, at + 6, &games.to_string());
                put(&mut line, at + 10, "20");
                tags.push_str(&format!("<{prefix}rating>{rating}</{prefix}rating><{prefix}games>{games}</{prefix}games><{prefix}k>20</{prefix}k>"));
            } else {
                tags.push_str(&format!("<{prefix}rating>0</{prefix}rating><{prefix}games>0</{prefix}games><{prefix}k>0</{prefix}k>"));
            }
        }
        put(&mut line, 152, &born.to_string());
        put(&mut line, 158, flag);
        txt.push_str(&line);
        txt.push_str("\r\n");
        xml.push_str(&tags);
        xml.push_str(&format!(
            "<birthday>{born}</birthday><flag>{flag}</flag></player>\n"
        ));
    }
    xml.push_str("</playerslist>\n");
    (txt, xml)
}

fn read(c: &mut Criterion) {
    let (txt, xml) = synthetic_list();
    let players: Vec<ListedPlayer> = read_txt(txt.as_bytes()).map(|p| p.unwrap()).collect();
    assert_eq!(players.len(), LINES);
    let from_xml: Vec<ListedPlayer> = read_xml(xml.as_bytes()).map(|p| p.unwrap()).collect();
    assert!(
        from_xml == players,
        "the XML and the TXT give the same players"
    );

    let mut group = c.benchmark_group("rating_list");
    group.sample_size(10);
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("read_txt 200k lines", |b| {
        b.iter(|| {
            read_txt(black_box(txt.as_bytes()))
                .filter(|p| p.is_ok())
                .count()
        })
    });
    group.bench_function("read_xml 200k records", |b| {
        b.iter(|| {
            read_xml(black_box(xml.as_bytes()))
                .filter(|p| p.is_ok())
                .count()
        })
    });
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("search 'kovacevic t' in 200k", |b| {
        b.iter(|| search(black_box(&players), "kovacevic t", 20).len())
    });
    group.finish();
}

criterion_group!(benches, read);
criterion_main!(benches);
