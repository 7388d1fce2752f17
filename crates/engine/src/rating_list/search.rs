//! Finding players in a list as an organiser types: by FIDE ID prefix, or by name in any order,
//! case and accents ignored ("Carlsen, Magnus", "magnus carlsen", "carlsen m", "CARLSÉN").
//!
//! No index is built: each query scans the list once, folding each name into a buffer that is
//! reused, so a query costs O(N·L) time (N players, L characters a name) and O(limit) memory
//! beyond the list. The `rating_list` benchmark times it on a synthetic list.

use super::ListedPlayer;

/// The Latin letters with diacritics of U+00C0–U+017F (Latin-1 Supplement and Latin
/// Extended-A) as the ASCII letter they are written with; `*` where the fold is two letters
/// or not a letter (see [`fold_char`]).
const LATIN_1: &[u8; 64] = b"aaaaaa*ceeeeiiiidnooooo*ouuuuy**aaaaaa*ceeeeiiiidnooooo*ouuuuy*y";
const LATIN_EXT_A: &[u8; 128] = b"aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkkkllllllllllnnnnnnnnnoooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

/// Appends `c` folded: lower case, without diacritics, in ASCII where Latin; any other letter
/// or digit lower-cased as it is; apostrophes dropped (O'Connor = OConnor); everything else a
/// space (the tokens' separator).
fn fold_char(c: char, out: &mut String) {
    if c.is_ascii_alphanumeric() {
        out.push(c.to_ascii_lowercase());
        return;
    }
    if matches!(c, '\'' | '’' | '`' | 'ʼ') {
        return;
    }
    let code = c as u32;
    let mapped = match code {
        0xC0..=0xFF => Some(LATIN_1[(code - 0xC0) as usize]),
        0x100..=0x17F => Some(LATIN_EXT_A[(code - 0x100) as usize]),
        _ => None,
    };
    match (mapped, c) {
        (Some(b'*'), 'Æ' | 'æ') => out.push_str("ae"),
        (Some(b'*'), 'Þ' | 'þ') => out.push_str("th"),
        (Some(b'*'), 'ß') => out.push_str("ss"),
        (Some(b'*'), 'Œ' | 'œ') => out.push_str("oe"),
        (Some(b'*'), 'Ĳ' | 'ĳ') => out.push_str("ij"),
        (Some(b'*'), _) => out.push(' '),
        (Some(b), _) => out.push(char::from(b)),
        (None, 'Ș' | 'ș' | 'Ş' | 'ş') => out.push('s'),
        (None, 'Ț' | 'ț') => out.push('t'),
        (None, c) if c.is_alphanumeric() => out.extend(c.to_lowercase()),
        (None, _) => out.push(' '),
    }
}

fn fold_into(text: &str, out: &mut String) {
    out.clear();
    for c in text.chars() {
        fold_char(c, out);
    }
}

/// `name` folded as search compares it: lower case, without diacritics, its words separated by
/// single spaces (`"Núñez, José-María"` → `"nunez jose maria"`). For an index kept elsewhere
/// (the app's storage) that must match as [`search`] does.
pub fn fold_name(name: &str) -> String {
    let mut folded = String::new();
    fold_into(name, &mut folded);
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a query's words met a name's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Meet {
    /// Every word of the query is a whole word of the name.
    Whole,
    /// Every word of the query begins a different word of the name.
    Prefix,
}

/// Whether each query word (longest first) begins a different word of the name. Taking the
/// first free word that fits is enough: two query words' sets of fitting name words are
/// either disjoint or nested (one word begins the other), and the longer word's set is the
/// smaller, so serving it first never takes a word a shorter one needed.
fn meet(query: &[&str], name: &str) -> Option<Meet> {
    let mut used: u64 = 0;
    let mut whole = true;
    for q in query {
        let found = name
            .split(' ')
            .filter(|w| !w.is_empty())
            .enumerate()
            .take(64)
            .find(|(i, w)| used & (1 << i) == 0 && w.starts_with(q))?;
        used |= 1 << found.0;
        whole &= found.1.len() == q.len();
    }
    Some(if whole { Meet::Whole } else { Meet::Prefix })
}

/// Whether `id`'s decimal digits begin with `digits`.
fn id_starts_with(id: u64, digits: &str) -> bool {
    let mut buf = [0u8; 20];
    let mut n = id;
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf[at..].starts_with(digits.as_bytes())
}

/// Up to `limit` players for what an organiser typed:
/// - digits only: the players whose FIDE ID begins with them, the exact ID first;
/// - anything else: the players each of whose words begins a different word of the query,
///   in any order, case and accents ignored — first those whose every word is whole
///   ("carlsen magnus"), then the rest ("carlsen m").
///
/// Within each group, the list's order (FIDE's lists are sorted by name). A blank query finds
/// nobody. O(N·L) a query; see the module's note.
pub fn search<'a>(players: &'a [ListedPlayer], query: &str, limit: usize) -> Vec<&'a ListedPlayer> {
    let query = query.trim();
    if query.is_empty() || limit == 0 {
        return Vec::new();
    }
    let (mut first, mut then) = (Vec::new(), Vec::new());
    if query.bytes().all(|b| b.is_ascii_digit()) {
        let exact: Option<u64> = query.parse().ok();
        for p in players {
            if Some(p.fide_id) == exact {
                first.push(p);
            } else if then.len() < limit && id_starts_with(p.fide_id, query) {
                then.push(p);
            }
        }
    } else {
        let folded = fold_name(query);
        let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
        if words.is_empty() {
            return Vec::new();
        }
        words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        let mut name = String::new();
        for p in players {
            fold_into(&p.name, &mut name);
            match meet(&words, &name) {
                Some(Meet::Whole) => {
                    first.push(p);
                    if first.len() == limit {
                        break;
                    }
                }
                Some(Meet::Prefix) if then.len() < limit => then.push(p),
                _ => {}
            }
        }
    }
    first.extend(then);
    first.truncate(limit);
    first
}
