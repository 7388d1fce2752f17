//! A list as the organiser has it: the downloaded ZIP, or the TXT or XML inside it, told apart
//! by content. The ZIP's entry is inflated as it is read: the unzipped list (about 200 MB) is
//! never held whole.

use super::error::{ListError, Problem};
use super::{read_txt_as, read_xml_as, ListedPlayer, RatingType};
use std::io::{BufReader, Cursor, Read};

/// How many skipped lines' problems [`RatingList`] keeps (it counts them all).
pub const MAX_PROBLEMS_KEPT: usize = 100;

/// The list's format as it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListFormat {
    Txt,
    Xml,
}

/// A list read whole: its players, and the lines or records skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingList {
    pub format: ListFormat,
    /// Whether it came in a ZIP archive.
    pub zipped: bool,
    /// The type a single-type list's ratings were taken as.
    pub single: RatingType,
    pub players: Vec<ListedPlayer>,
    /// Lines (TXT) or records (XML) skipped.
    pub skipped: usize,
    /// The first [`MAX_PROBLEMS_KEPT`] of their problems, in file order.
    pub problems: Vec<ListError>,
}

const ZIP_SIGNATURE: &[u8] = b"PK\x03\x04";

/// XML when the first thing after any byte-order mark and blanks is `<`.
fn looks_like_xml(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<')
}

/// Reads a list from its bytes: a ZIP (the first `.txt` or `.xml` entry), an XML list or a TXT
/// list, by content. `file_name` (of the file, or of the ZIP's entry when it has none) is only
/// used to tell a single-type list's type ([`RatingType::from_file_name`]). Lines or records
/// that cannot be read are skipped and counted; a file that is not a list, an archive without
/// one, or XML that breaks is refused.
pub fn load(bytes: &[u8], file_name: Option<&str>) -> Result<RatingList, ListError> {
    if !bytes.starts_with(ZIP_SIGNATURE) {
        let single = RatingType::from_file_name(file_name.unwrap_or(""));
        return read(bytes, single, false);
    }
    let archive_error = |e: zip::result::ZipError| ListError::file(Problem::Archive(e.to_string()));
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(archive_error)?;
    let names: Vec<String> = archive.file_names().map(str::to_string).collect();
    let wanted = |n: &str| {
        let n = n.to_ascii_lowercase();
        n.ends_with(".txt") || n.ends_with(".xml")
    };
    let Some(index) = (0..archive.len()).find(|&i| {
        archive
            .name_for_index(i)
            .is_some_and(|n| wanted(n) && !n.ends_with('/'))
    }) else {
        let problem = Problem::Archive(format!(
            "it holds no .txt or .xml file (it holds: {})",
            if names.is_empty() {
                "nothing".to_string()
            } else {
                names.join(", ")
            }
        ));
        return Err(ListError::file(problem));
    };
    let entry = archive.by_index(index).map_err(archive_error)?;
    let single = RatingType::from_file_name(entry.name());
    read(entry, single, true)
}

fn read<R: Read>(reader: R, single: RatingType, zipped: bool) -> Result<RatingList, ListError> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let xml = {
        use std::io::BufRead;
        let head = reader
            .fill_buf()
            .map_err(|e| ListError::file(Problem::Unreadable(e.to_string())))?;
        looks_like_xml(head)
    };
    let mut list = RatingList {
        format: if xml {
            ListFormat::Xml
        } else {
            ListFormat::Txt
        },
        zipped,
        single,
        players: Vec::new(),
        skipped: 0,
        problems: Vec::new(),
    };
    if xml {
        gather(read_xml_as(reader, single), &mut list)?;
    } else {
        gather(read_txt_as(reader, single), &mut list)?;
    }
    Ok(list)
}

/// The players into `list`, the skipped lines counted; stops at a fatal error.
fn gather(
    items: impl Iterator<Item = Result<ListedPlayer, ListError>>,
    list: &mut RatingList,
) -> Result<(), ListError> {
    for item in items {
        match item {
            Ok(p) => list.players.push(p),
            Err(e) if e.is_fatal() => return Err(e),
            Err(e) => {
                list.skipped += 1;
                if list.problems.len() < MAX_PROBLEMS_KEPT {
                    list.problems.push(e);
                }
            }
        }
    }
    Ok(())
}
