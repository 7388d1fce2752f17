//! `crosstable publish` and PGN files through the CLI's loader (`convert`, `standings`).

mod common;

use common::cli;
use predicates::prelude::*;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/pgn")).join(name)
}

#[test]
fn publish_writes_one_self_contained_page_with_a_qr_code() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("results.html");
    cli()
        .args(["publish"])
        .arg(fixture("round-robin-6.pgn"))
        .arg("-o")
        .arg(&out)
        .args(["--url", "https://club.example/spring?x=1&y=2"])
        .assert()
        .success()
        .stdout("");
    let html = std::fs::read_to_string(&out).expect("written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<title>Lisbon Spring Round-Robin 2026</title>"));
    assert!(html.contains("Da Silva, João"));
    assert!(html.contains("<svg aria-hidden=\"true\""));
    assert!(html.contains("https://club.example/spring?x=1&amp;y=2"));
    assert!(!html.contains("<script"));
    assert_eq!(html.matches("<section class=\"round\"").count(), 5);
}

#[test]
fn publish_prints_without_output_and_refuses_an_address_too_long() {
    let json = cli()
        .args(["example", "--complete"])
        .output()
        .expect("runs")
        .stdout;
    let dir = tempfile::tempdir().expect("dir");
    let event = dir.path().join("event.json");
    std::fs::write(&event, json).expect("write");
    cli()
        .arg("publish")
        .arg(&event)
        .assert()
        .success()
        .stdout(predicate::str::contains("id=\"standings\""));
    cli()
        .arg("publish")
        .arg(&event)
        .args(["--url", &"x".repeat(4000)])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--url: the address is too long"));
}

#[test]
fn a_pgn_file_converts_to_json_and_pgn() {
    let dir = tempfile::tempdir().expect("dir");
    let json = dir.path().join("swiss.json");
    cli()
        .arg("convert")
        .arg(fixture("swiss-7-players.pgn"))
        .arg(&json)
        .assert()
        .success();
    let t = engine::json::parse(&std::fs::read_to_string(&json).expect("written")).expect("json");
    assert_eq!(t.format, engine::Format::Swiss { rounds: 3 });
    assert_eq!(t.players.len(), 7);
    let pgn = dir.path().join("again.pgn");
    cli().arg("convert").arg(&json).arg(&pgn).assert().success();
    let again = std::fs::read_to_string(&pgn).expect("written");
    assert_eq!(again.matches("[Round ").count(), 12);
}

#[test]
fn a_broken_pgn_file_is_an_error_by_line() {
    cli()
        .args(["standings"])
        .arg(fixture("broken-unclosed-variation.pgn"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "PGN file, line 7, column 17: a variation opened with ( here is never closed; close the variation with )",
        ));
}
