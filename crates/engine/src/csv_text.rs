//! Every CSV Crosstable writes goes through [`CsvWriter`]: the CLI's `--format csv` of every
//! command and the web app's downloads, so that they quote alike.
//!
//! The fields come already formatted (each writer keeps its own number formats); the `csv`
//! crate does the rest: RFC 4180 quoting only where needed (a field holding a comma, a quote,
//! `\r` or `\n` is put in quotes, its quotes doubled), commas between fields, `\n` after every
//! record. A record of one empty field is written `""`, so that it is not an empty line; no
//! writer of ours has one (every CSV has four columns or more).

/// A CSV text being written: a header, then rows, then [`CsvWriter::finish`].
pub struct CsvWriter {
    out: ::csv::Writer<Vec<u8>>,
}

impl CsvWriter {
    /// A CSV that starts with the record `header`.
    pub fn new<I>(header: I) -> CsvWriter
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        let out = ::csv::WriterBuilder::new()
            // Records are written as given: a row need not have the header's length.
            .flexible(true)
            .terminator(::csv::Terminator::Any(b'\n'))
            .quote_style(::csv::QuoteStyle::Necessary)
            .from_writer(Vec::new());
        let mut w = CsvWriter { out };
        w.row(header);
        w
    }

    /// Appends one record.
    pub fn row<I>(&mut self, fields: I)
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        for f in fields {
            self.out
                .write_field(f.as_ref())
                .expect("a flexible CSV writer into memory cannot fail");
        }
        self.out
            .write_record(None::<&[u8]>)
            .expect("a flexible CSV writer into memory cannot fail");
    }

    /// The CSV text.
    pub fn finish(self) -> String {
        let bytes = self
            .out
            .into_inner()
            .expect("flushing into memory cannot fail");
        // UTF-8 fields with ASCII quotes, commas and line ends between them.
        String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn csv(rows: &[Vec<String>]) -> String {
        let mut w = CsvWriter::new(&rows[0]);
        for r in &rows[1..] {
            w.row(r);
        }
        w.finish()
    }

    /// The quoting every writer did by hand before the `csv` crate: quoted when a field holds a
    /// comma, a quote or a line break, quotes doubled; `,` between fields, `\n` after a record.
    fn by_hand(rows: &[Vec<String>]) -> String {
        let field = |s: &String| {
            if s.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", s.replace('"', "\"\""))
            } else {
                s.clone()
            }
        };
        rows.iter()
            .map(|r| r.iter().map(field).collect::<Vec<_>>().join(",") + "\n")
            .collect()
    }

    #[test]
    fn fields_are_quoted_only_when_needed() {
        let rows = [
            vec!["name".to_string(), "points".to_string()],
            vec!["Carlsen, Magnus".to_string(), "4.5".to_string()],
            vec!["say \"hi\"".to_string(), String::new()],
            vec!["two\nlines".to_string(), "cr\r".to_string()],
            vec!["Plain".to_string(), " spaced ".to_string()],
        ];
        assert_eq!(
            csv(&rows),
            "name,points\n\
             \"Carlsen, Magnus\",4.5\n\
             \"say \"\"hi\"\"\",\n\
             \"two\nlines\",\"cr\r\"\n\
             Plain, spaced \n"
        );
    }

    /// Strings that need quoting often, and any strings at all.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof!["[a ,\"\r\n;#é]{0,6}", any::<String>()]
    }

    /// Rows of one to six fields (a record of no field cannot be told from one empty field).
    fn table() -> impl Strategy<Value = Vec<Vec<String>>> {
        prop::collection::vec(prop::collection::vec(text(), 1..6), 1..6)
    }

    proptest! {
        #[test]
        fn the_csv_reader_reads_back_the_same_fields(rows in table()) {
            let text = csv(&rows);
            let mut reader = ::csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            let read: Vec<Vec<String>> = reader
                .records()
                .map(|r| r.expect("valid CSV").iter().map(str::to_string).collect())
                .collect();
            prop_assert_eq!(read, rows);
        }

        /// Byte for byte what the hand-written quoting wrote, but for the record of one empty
        /// field (`""` rather than an empty line), which none of our CSVs has.
        #[test]
        fn the_same_bytes_as_the_quoting_by_hand(rows in table()) {
            prop_assume!(rows.iter().all(|r| r.len() > 1 || !r[0].is_empty()));
            prop_assert_eq!(csv(&rows), by_hand(&rows));
        }
    }
}
