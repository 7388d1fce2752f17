#!/usr/bin/env python3
"""Self-test of check_i18n.py: snippets that must be reported and snippets that must pass, so
the check is seen to fail (run by scripts/test.sh's `shape` step)."""

import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import check_i18n  # noqa: E402


def rules(src: str) -> list[tuple[int, str]]:
    return [(f.rule, f.token.text) for f in check_i18n.check_file("src/x.rs", src)]


class MustFail(unittest.TestCase):
    def test_text_node(self):
        self.assertEqual(rules('fn v() { view! { <h2>"Standings"</h2> } }'), [(1, "Standings")])

    def test_text_after_an_expression(self):
        src = 'fn v() { view! { <p>{name}" withdraws"</p> } }'
        self.assertEqual(rules(src), [(1, " withdraws")])

    def test_visible_attribute(self):
        self.assertEqual(rules('fn v() { view! { <button title="Close">"×"</button> } }'), [(2, "Close")])

    def test_hyphenated_visible_attribute(self):
        src = 'fn v() { view! { <div aria-label="Crosstable of the event"></div> } }'
        self.assertEqual(rules(src), [(2, "Crosstable of the event")])

    def test_visible_prop_of_a_component(self):
        self.assertEqual(rules('fn v() { view! { <Panel heading="Policies"/> } }'), [(2, "Policies")])

    def test_visible_attribute_computed(self):
        src = 'fn v() { view! { <td title=move || if x() { "Won by forfeit" } else { "" }>"+"</td> } }'
        self.assertEqual(rules(src), [(2, "Won by forfeit")])

    def test_format_outside_view(self):
        self.assertEqual(rules('fn f(p: &str) -> String { format!("{} withdraws", p) }'), [(3, "{} withdraws")])

    def test_match_arm(self):
        src = 'fn f(x: X) -> &str { match x { X::A => "Annulled", X::B => "forfeit-win" } }'
        self.assertEqual(rules(src), [(3, "Annulled")])

    def test_words_inside_markup(self):
        src = 'fn f(n: &str) -> String { format!("<td class=\\"num\\">{}</td><p>Withdrew {}</p>", n, n) }'
        self.assertEqual(len(rules(src)), 1)

    def test_an_arm_value_next_to_a_pattern(self):
        src = 'fn f(k: &str) -> &str { match k { "Home" => "Go to the start", _ => "" } }'
        self.assertEqual(rules(src), [(3, "Go to the start")])

    def test_a_sentence_with_a_colon_is_no_selector(self):
        self.assertEqual(rules('fn f() -> String { format!("cut: the lowest value") }'), [(3, "cut: the lowest value")])

    def test_text_in_a_view_block(self):
        src = 'fn v() { view! { <p>{move || if done() { "All rounds played" } else { "" }}</p> } }'
        self.assertEqual(rules(src), [(1, "All rounds played")])


class MustPass(unittest.TestCase):
    def test_machine_attributes(self):
        src = 'fn v() { view! { <div class="x y" id="a" data-testid="nav-withdrawal" role="tab" href="/event/{id}"></div> } }'
        self.assertEqual(rules(src), [])

    def test_catalogue_calls(self):
        self.assertEqual(rules("fn v() { view! { <h2>{t!(i18n, standings.title)}</h2> } }"), [])

    def test_symbols_without_letters(self):
        self.assertEqual(rules('fn v() { view! { <td>"½"</td><td>" – "</td><th>"#"</th> } }'), [])

    def test_test_module(self):
        src = 'fn a() {}\n#[cfg(test)]\nmod tests { fn t() { let _ = format!("Hello world {}", 1); } }'
        self.assertEqual(rules(src), [])

    def test_developer_messages(self):
        src = 'fn f() { x.expect("the window exists"); panic!("Broken state: {}", format!("a b")); }'
        self.assertEqual(rules(src), [])

    def test_comments_and_lifetimes(self):
        src = "// \"Not a string\"\n/* \"nor this\" */ fn f<'a>(x: &'a str) -> char { 'x' }"
        self.assertEqual(rules(src), [])

    def test_attributes_and_keys(self):
        src = '#[serde(rename = "Some Name")]\nstruct S;\nconst KEY: &str = "crosstable.events";\nfn f() { format!("{}-standings.csv", n); }'
        self.assertEqual(rules(src), [])

    def test_raw_strings_keep_braces(self):
        src = 'fn f() { let _ = r#"{"a": "}"}"#; }\nfn v() { view! { <p class="z"></p> } }'
        self.assertEqual(rules(src), [])

    def test_markup_built_as_a_string(self):
        src = (
            'fn f(h: &mut String, t: &str) { h.push_str(&format!("<tr class=\\"{}\\"><th scope=\\"row\\">{}</th>", t, t));'
            ' h.push_str("</tr></tbody></table>"); h.push_str(" title=\\"{}\\""); h.push_str("&amp;");'
            ' h.push_str("<td class=\\"num\\"><button type=\\"button\\" aria-pressed=\\"false\\""); }'
        )
        self.assertEqual(rules(src), [])

    def test_selectors_and_media_queries(self):
        src = (
            'fn f() { q("tr[data-p=\\"{}\\"]"); q(".chooser button[aria-pressed=\'true\'], .chooser button");'
            ' q("td:nth-child({}) > button.value"); m("(max-width: 600px)"); }'
        )
        self.assertEqual(rules(src), [])

    def test_compared_input(self):
        src = (
            'fn f(k: &str) -> u8 { if k == "Enter" { return 1; } match k { "ArrowRight" if x => 1,'
            ' "Delete" | "Backspace" => 2, "Home" => 3, _ => 0 } }'
        )
        self.assertEqual(rules(src), [])

    def test_event_handlers(self):
        src = 'fn v() { view! { <button on:click=move |_| set("Undo")>"↶"</button> } }'
        self.assertEqual(rules(src), [])


class AllowList(unittest.TestCase):
    def test_an_allowed_finding_passes_and_a_stale_line_is_reported(self):
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            (root / "src").mkdir()
            (root / "scripts").mkdir()
            (root / "src" / "f.rs").write_text('fn f() -> String { format!("n/(n + k) formula") }')
            (root / "scripts" / "i18n_allow.txt").write_text(
                "src/f.rs\tn/(n + k) formula\ta formula\nsrc/f.rs\tgone text\tstale\n"
            )
            findings, problems = check_i18n.run(root)
            self.assertEqual(findings, [])
            self.assertEqual(len(problems), 1)
            self.assertIn("gone text", problems[0])

    def test_strict_fails_and_report_mode_does_not(self):
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            (root / "src").mkdir()
            (root / "src" / "f.rs").write_text('fn v() { view! { <h2>"Standings"</h2> } }')
            self.assertEqual(check_i18n.main([str(root)]), 0)
            self.assertEqual(check_i18n.main(["--strict", str(root)]), 1)


if __name__ == "__main__":
    unittest.main()
