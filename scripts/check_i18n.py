#!/usr/bin/env python3
"""Finds user-visible text in the app's Rust sources that bypasses the message catalogue.

Issue 12 item 5 ("nothing slips back"); the rules are docs/i18n/README.md section 7b:

  rule 1  a string literal that is a child node inside `view! { … }` and contains a letter
          (`<h2>"Standings"</h2>`; `"½"`, `" – "` and `"#"` have no letter and pass);
  rule 2  a string literal that is the value of a user-visible attribute in `view!` (`title`,
          `aria-label`, `placeholder`, `alt`, …) or of a component prop named like one
          (`label`, `heading`, `caption`, …) and contains a letter;
  rule 3  elsewhere (format!, push_str, match arms, constants…): a string literal with a word
          of two or more letters that does not look like a machine string (a CSS class, test id,
          route, storage key or file-name pattern: lower case, no spaces), except in
          developer-facing calls (`expect`, `panic!`, `unreachable!`, `assert*!`, logging).
          Not text either, so never reported: markup without words between its tags
          (`<td class="num">{}</td>`, `&amp;`: HTML built as a string), a CSS selector or media
          query (`tr[data-p="{}"]`, `(max-width: 600px)`), and a literal the code compares
          input with rather than shows (a match pattern `"ArrowRight" =>`, `key == "Enter"`).

Skipped: `#[cfg(test)]` items, `src/bin/` (entry points and workers) and every line listed in
scripts/i18n_allow.txt (`path<TAB>literal<TAB>reason`; a line whose literal is no longer in
that file is itself reported, so the list cannot rot).

Usage: scripts/check_i18n.py [--strict] [--summary] [ROOT]
  Prints `path:line:col: rule N: "text" (why)` for each finding. Without --strict it reports and
  exits 0 (the components are converted area by area); with --strict a finding exits 1.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
import unicodedata
from dataclasses import dataclass

# ---------------------------------------------------------------------------------------------
# A small Rust lexer: enough to tell strings, chars, lifetimes and comments apart, so that
# braces and quotes inside them do not confuse the bracket matching below.


@dataclass(frozen=True)
class Token:
    kind: str  # "ident", "str", "char", "lifetime", "num", "punct", "open", "close"
    text: str  # for "str": the literal's value (escapes left as written)
    line: int
    col: int


IDENT_START = re.compile(r"[A-Za-z_]")
IDENT = re.compile(r"[A-Za-z0-9_]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_.]*")


class LexError(Exception):
    pass


def tokenize(src: str) -> list[Token]:
    tokens: list[Token] = []
    i, line, line_start = 0, 1, 0
    n = len(src)

    def pos(at: int) -> tuple[int, int]:
        return line, at - line_start + 1

    def advance_lines(start: int, end: int) -> None:
        nonlocal line, line_start
        for k in range(start, end):
            if src[k] == "\n":
                line += 1
                line_start = k + 1

    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            line_start = i + 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            end = src.find("\n", i)
            i = n if end < 0 else end
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            advance_lines(i, j)
            i = j
        elif (m := re.compile(r'(b|c)?r(#*)"').match(src, i)) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            hashes = m.group(2)
            start = m.end()
            end = src.find('"' + hashes, start)
            if end < 0:
                raise LexError(f"line {line}: unterminated raw string")
            l, col = pos(i)
            tokens.append(Token("str", src[start:end], l, col))
            advance_lines(i, end)
            i = end + 1 + len(hashes)
        elif c == '"' or (c in "bc" and src.startswith('"', i + 1) and not _ident_before(src, i)):
            l, col = pos(i)
            j = i + (1 if c == '"' else 2)
            start = j
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            if j >= n:
                raise LexError(f"line {l}: unterminated string")
            tokens.append(Token("str", src[start:j], l, col))
            advance_lines(i, j)
            i = j + 1
        elif c == "'" or (c == "b" and src.startswith("'", i + 1) and not _ident_before(src, i)):
            l, col = pos(i)
            j = i + (1 if c == "'" else 2)
            # A char literal: 'x', '\n', '\u{…}', '\''. Otherwise a lifetime or label: 'a.
            m = re.compile(r"\\(u\{[0-9A-Fa-f]+\}|x[0-9A-Fa-f]{2}|.)'|[^\\']'").match(src, j)
            if m:
                tokens.append(Token("char", src[j : m.end() - 1], l, col))
                i = m.end()
            else:
                m = IDENT.match(src, j)
                tokens.append(Token("lifetime", src[i : m.end()], l, col))
                i = m.end()
        elif IDENT_START.match(c):
            m = IDENT.match(src, i + 1)
            l, col = pos(i)
            tokens.append(Token("ident", src[i : m.end()], l, col))
            i = m.end()
        elif c.isdigit():
            m = NUMBER.match(src, i)
            l, col = pos(i)
            tokens.append(Token("num", m.group(0), l, col))
            i = m.end()
        elif c in "([{":
            l, col = pos(i)
            tokens.append(Token("open", c, l, col))
            i += 1
        elif c in ")]}":
            l, col = pos(i)
            tokens.append(Token("close", c, l, col))
            i += 1
        else:
            l, col = pos(i)
            tokens.append(Token("punct", c, l, col))
            i += 1
    return tokens


def _ident_before(src: str, i: int) -> bool:
    return i > 0 and (src[i - 1].isalnum() or src[i - 1] == "_")


def matching_close(tokens: list[Token], open_at: int) -> int:
    """The index of the bracket closing the one at `open_at` (len(tokens) if unbalanced)."""
    depth = 0
    for k in range(open_at, len(tokens)):
        t = tokens[k]
        if t.kind == "open":
            depth += 1
        elif t.kind == "close":
            depth -= 1
            if depth == 0:
                return k
    return len(tokens)


def without_test_items(tokens: list[Token]) -> list[Token]:
    """Drops every item under `#[cfg(test)]` (a `mod tests { … }`, a fn, a `use …;`)."""
    out: list[Token] = []
    k = 0
    while k < len(tokens):
        if _is_cfg_test(tokens, k):
            k = _skip_attribute(tokens, k)
            # Skip further attributes, then the item: up to its block's end or a `;`.
            while k < len(tokens) and tokens[k].text == "#":
                k = _skip_attribute(tokens, k)
            while k < len(tokens):
                t = tokens[k]
                if t.kind == "open" and t.text == "{":
                    k = matching_close(tokens, k) + 1
                    break
                if t.kind == "open":
                    k = matching_close(tokens, k) + 1
                    continue
                k += 1
                if t.text == ";":
                    break
            continue
        out.append(tokens[k])
        k += 1
    return out


def _is_cfg_test(tokens: list[Token], k: int) -> bool:
    texts = [t.text for t in tokens[k : k + 7]]
    return texts == ["#", "[", "cfg", "(", "test", ")", "]"]


def _skip_attribute(tokens: list[Token], k: int) -> int:
    # `#` `[` … `]` (or `#!` `[` … `]`)
    k += 1
    if k < len(tokens) and tokens[k].text == "!":
        k += 1
    if k < len(tokens) and tokens[k].text == "[":
        return matching_close(tokens, k) + 1
    return k


# ---------------------------------------------------------------------------------------------
# The rules.

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# CSS classes, test ids, routes, storage keys, file-name patterns, MIME types, query keys.
MACHINE = re.compile(r"^[a-z0-9_\-./:#?=&%*+{}\[\]]*$")

VISIBLE_ATTRIBUTES = {
    "title",
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
    "placeholder",
    "alt",
    "label",
    "value",
    "content",
}
# Component props that carry words (rule 2).
VISIBLE_PROPS = {"label", "title", "heading", "caption", "help", "note", "legend", "empty", "what", "why"}
# Calls whose text is for developers, not users (rule 3).
DEVELOPER_CALLS = {
    "expect",
    "expect_err",
    "panic",
    "unreachable",
    "unimplemented",
    "todo",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "log",
    "warn",
    "error",
    "info",
    "debug",
    "trace",
    "console_log",
    "log_1",
    "warn_1",
    "error_1",
}


@dataclass(frozen=True)
class Finding:
    path: str
    token: Token
    rule: int
    why: str

    def __str__(self) -> str:
        text = self.token.text if len(self.token.text) <= 60 else self.token.text[:57] + "…"
        return f'{self.path}:{self.token.line}:{self.token.col}: rule {self.rule}: "{text}" ({self.why})'


def view_ranges(tokens: list[Token]) -> list[tuple[int, int]]:
    """(start, end) token index ranges of the bodies of `view!` invocations (outermost only)."""
    ranges = []
    k = 0
    while k + 2 < len(tokens):
        t = tokens[k]
        if t.kind == "ident" and t.text == "view" and tokens[k + 1].text == "!" and tokens[k + 2].kind == "open":
            end = matching_close(tokens, k + 2)
            ranges.append((k + 3, end))
            k = end + 1
        else:
            k += 1
    return ranges


def attribute_name(tokens: list[Token], eq: int, start: int) -> str:
    """The attribute or prop name written before the `=` at `eq` (`aria-label`, `on:click`)."""
    k = eq - 1
    parts = [tokens[k].text]
    # Walk back over `-name` and `:name` joints only: `<button title=` is the tag, then `title`.
    while k - 2 >= start and tokens[k - 1].text in ("-", ":") and tokens[k - 2].kind in ("ident", "num"):
        parts += [tokens[k - 1].text, tokens[k - 2].text]
        k -= 2
    return "".join(reversed(parts))


def is_letter(c: str) -> bool:
    return unicodedata.category(c).startswith("L")  # "½" and "×" are not letters


def has_letter(text: str) -> bool:
    return any(is_letter(c) for c in text)


# Markup: an attribute with its value, a tag (also cut at the literal's edge), an entity.
ATTRIBUTE = re.compile(r'[A-Za-z_:][-\w:]*="[^"]*"')
TAG = re.compile(r"</?[A-Za-z][-\w]*\s*/?>?")
ENTITY = re.compile(r"&#?\w+;")
# A CSS selector or media query: selector characters only, and a sign that it is one
# (`[attr`, `:pseudo`, ` > `, `(feature: value)`).
SELECTOR_CHARS = re.compile(r"^[a-z0-9_\-.#\[\]=:'\"(){}\s>,*+~]*$")
SELECTOR_SIGN = re.compile(r"\[[a-z-]+[=\]]|:[a-z]|\s>\s|\([a-z-]+:\s*[a-z0-9.]+\)")


def is_markup(text: str) -> bool:
    """HTML with no word of its own: what is left once attributes, tags, entities and `{…}`
    placeholders are taken out has no letter (`<span class=\"tag\">{}</span>`)."""
    if "<" not in text and ">" not in text and "=" not in text and "&" not in text:
        return False
    rest = PLACEHOLDER.sub("", text.replace('\\"', '"'))
    rest = TAG.sub("", ENTITY.sub("", ATTRIBUTE.sub("", rest)))
    return not has_letter(rest)


def is_selector(text: str) -> bool:
    """A CSS selector or media query (`td:nth-child({}) > button.value`, `(max-width: 600px)`)."""
    text = text.replace('\\"', '"')
    return bool(SELECTOR_CHARS.match(text) and SELECTOR_SIGN.search(text))


def compared(tokens: list[Token], k: int) -> bool:
    """Is the string at `k` compared with input rather than shown: a match pattern (followed by
    `=>`, `|` or a guard `if`) or an operand of `==` / `!=`?"""
    after = [t.text for t in tokens[k + 1 : k + 3]]
    before = [t.text for t in tokens[max(k - 2, 0) : k]]
    pattern = after[:2] == ["=", ">"] or (after[:1] == ["|"] and after[1:2] != ["|"]) or after[:1] == ["if"]
    comparison = after[:2] in (["=", "="], ["!", "="]) or before in (["=", "="], ["!", "="])
    return pattern or comparison


def machine_text(tokens: list[Token], k: int) -> bool:
    """Markup, a selector or a compared literal: text the reader never sees as words."""
    text = tokens[k].text
    return is_markup(text) or is_selector(text) or compared(tokens, k)


def has_word(text: str) -> bool:
    """Two letters in a row once `{…}` placeholders are taken out."""
    text = PLACEHOLDER.sub("", text)
    return any(is_letter(a) and is_letter(b) for a, b in zip(text, text[1:]))


def check_view(path: str, tokens: list[Token], start: int, end: int) -> list[Finding]:
    """Rules 1 and 2 inside one `view!` body."""
    findings = []
    # One level per open bracket: `inherited` is the attribute whose value the bracket is part of
    # (None in markup or a child expression); `pending` is an attribute whose value is being
    # written at this level (`title=move || …` until the tag or the next attribute).
    levels = [{"inherited": None, "pending": None}]
    k = start
    while k < end:
        t = tokens[k]
        prev = tokens[k - 1] if k > start else None
        level = levels[-1]
        if t.kind == "open":
            levels.append({"inherited": level["pending"] or level["inherited"], "pending": None})
        elif t.kind == "close":
            if len(levels) > 1:
                levels.pop()
        elif t.text == "=" and prev is not None and prev.kind in ("ident", "num"):
            nxt = tokens[k + 1] if k + 1 < end else None
            if nxt is None or nxt.text not in ("=", ">"):  # not `==` or `=>`
                level["pending"] = attribute_name(tokens, k, start)
        elif t.text in (">", "/") and level["inherited"] is None:
            level["pending"] = None
        elif t.kind == "str":
            attr = level["pending"] or level["inherited"]
            if attr is not None:
                name = attr.rsplit(":", 1)[-1]
                machine = attr.startswith(("on:", "class:", "style:", "prop:", "use:", "data-"))
                if not machine and (name in VISIBLE_ATTRIBUTES or name in VISIBLE_PROPS) and has_letter(t.text):
                    findings.append(Finding(path, t, 2, f"value of {attr}="))
                if prev is not None and prev.text == "=":
                    level["pending"] = None  # `name="literal"` ends at the literal
            elif has_letter(t.text):
                direct = prev is None or prev.text in (">", "}") or prev.kind == "str"
                if direct:
                    findings.append(Finding(path, t, 1, "text node in view!"))
                elif has_word(t.text) and not MACHINE.match(t.text) and not machine_text(tokens, k):
                    findings.append(Finding(path, t, 1, "text in a view! expression"))
        k += 1
    return findings


def enclosing_openers(tokens: list[Token], k: int):
    """The indices of the brackets that enclose token `k`, innermost first."""
    depth = 0
    for j in range(k - 1, -1, -1):
        t = tokens[j]
        if t.kind == "close":
            depth += 1
        elif t.kind == "open":
            if depth == 0:
                yield j
            else:
                depth -= 1


def callee(tokens: list[Token], paren: int) -> str | None:
    """The name called with the `(` at `paren`: `expect` in `.expect(`, `panic` in `panic!(`."""
    j = paren - 1
    if j >= 1 and tokens[j].text == "!":
        j -= 1
    return tokens[j].text if j >= 0 and tokens[j].kind == "ident" else None


def developer_call(tokens: list[Token], k: int) -> bool:
    """Is the string at `k` an argument of expect(…), panic!(…), a log call…?"""
    for j in enclosing_openers(tokens, k):
        name = callee(tokens, j) if tokens[j].text == "(" else None
        if name in DEVELOPER_CALLS:
            return True
        if name not in ("format", "concat", "format_args"):  # format!(…) inside expect(…)
            return False
    return False


def in_attribute(tokens: list[Token], k: int) -> bool:
    """Is the string at `k` inside a `#[…]` attribute (doc, serde rename, cfg feature…)?"""
    for j in enclosing_openers(tokens, k):
        if tokens[j].text == "[" and j >= 1 and tokens[j - 1].text in ("#", "!"):
            return True
        if tokens[j].text == "{":
            return False
    return False


def check_file(path: str, src: str) -> list[Finding]:
    tokens = without_test_items(tokenize(src))
    findings: list[Finding] = []
    inside_view = [False] * len(tokens)
    for start, end in view_ranges(tokens):
        findings += check_view(path, tokens, start, end)
        for k in range(start - 3, min(end + 1, len(tokens))):
            inside_view[k] = True
    for k, t in enumerate(tokens):
        if t.kind != "str" or inside_view[k]:
            continue
        if not has_word(t.text) or MACHINE.match(t.text) or machine_text(tokens, k):
            continue
        if developer_call(tokens, k) or in_attribute(tokens, k):
            continue
        findings.append(Finding(path, t, 3, "text built outside view!"))
    return findings


# ---------------------------------------------------------------------------------------------
# The allow list and the walk over src/.

SKIPPED_DIRS = ("src/bin/",)


def read_allow(path: pathlib.Path) -> list[tuple[str, str, str, int]]:
    """(file, literal, reason, line number) per line; `#` comments and blank lines skipped."""
    if not path.exists():
        return []
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not all(p.strip() for p in parts):
            raise SystemExit(f"{path}:{number}: want `path<TAB>literal<TAB>reason`, got {line!r}")
        entries.append((parts[0], parts[1], parts[2], number))
    return entries


def run(root: pathlib.Path) -> tuple[list[Finding], list[str]]:
    """Findings not allowed, and problems with the allow list itself."""
    findings: list[Finding] = []
    for file in sorted((root / "src").rglob("*.rs")):
        rel = file.relative_to(root).as_posix()
        if rel.startswith(SKIPPED_DIRS):
            continue
        findings += check_file(rel, file.read_text(encoding="utf-8"))
    allow_path = root / "scripts" / "i18n_allow.txt"
    allowed = read_allow(allow_path)
    problems = []
    used = set()
    kept = []
    for f in findings:
        hit = next((a for a in allowed if a[0] == f.path and a[1] == f.token.text), None)
        if hit is None:
            kept.append(f)
        else:
            used.add(hit[3])
    for file, literal, _reason, number in allowed:
        if number not in used:
            problems.append(f"{allow_path.relative_to(root)}:{number}: {file} has no finding \"{literal}\" any more: drop the line")
    return kept, problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", default=pathlib.Path(__file__).resolve().parent.parent, type=pathlib.Path)
    parser.add_argument("--strict", action="store_true", help="exit 1 on any finding")
    parser.add_argument("--summary", action="store_true", help="only the count per file")
    args = parser.parse_args(argv)
    findings, problems = run(args.root)
    if args.summary:
        per_file: dict[str, int] = {}
        for f in findings:
            per_file[f.path] = per_file.get(f.path, 0) + 1
        for path, count in sorted(per_file.items(), key=lambda kv: -kv[1]):
            print(f"{count:5}  {path}")
    else:
        for f in findings:
            print(f)
    for p in problems:
        print(p)
    by_rule = {r: sum(1 for f in findings if f.rule == r) for r in (1, 2, 3)}
    print(
        f"check_i18n: {len(findings)} strings bypass the catalogue "
        f"(rule 1: {by_rule[1]}, rule 2: {by_rule[2]}, rule 3: {by_rule[3]}); {len(problems)} stale allow lines"
        + ("" if args.strict else " (report mode: not failing)"),
        file=sys.stderr,
    )
    return 1 if args.strict and (findings or problems) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
