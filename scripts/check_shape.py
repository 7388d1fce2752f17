#!/usr/bin/env python3
"""The repository's shape limits, checked (a step of scripts/test.sh).

- no Rust file over 1,000 lines, no stylesheet over 800 lines;
- no Rust function (including a Leptos component) over 200 lines;
- no import cycle between the modules of the app (src/) or of the engine (crates/engine/src/):
  module A uses B and B uses A, directly or through others (the engine's test code — `tests.rs`,
  `*_tests.rs` and `#[cfg(test)]` modules — is left out: a test may use any module);
- no tracked file reads the shared folder beside the checkout (the repository stands on its own).

Prints every violation with its place and exits 1 if there is any. `--report` also prints the
ten longest functions and files, to see how close things are.
"""

import os
import re
import subprocess
import sys

MAX_RUST_FILE = 1000
MAX_CSS_FILE = 800
MAX_FUNCTION = 200

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tracked(*patterns):
    out = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "--", *patterns],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout
    return sorted(p for p in out.splitlines() if os.path.exists(os.path.join(ROOT, p)))


def strip_code(text):
    """The text with comments, strings and char literals blanked (newlines kept), so braces
    and `use` lines can be read without being fooled by what is inside them."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            close = '"' + m.group(1)
            j = text.find(close, i + len(m.group(0)))
            j = n if j < 0 else j + len(close)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('x', '\n', '\u{..}') or a lifetime ('a): blank only the literal.
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


FN_RE = re.compile(r"\bfn\s+([A-Za-z_][A-Za-z0-9_]*)")


def functions(code):
    """(name, first line, line count) of every fn with a body."""
    found = []
    for m in FN_RE.finditer(code):
        # The body starts at the first `{` after the signature, unless a `;` comes first
        # (a trait method or extern declaration without a body).
        j = m.end()
        depth_paren = 0
        while j < len(code):
            ch = code[j]
            if ch in "([":
                depth_paren += 1
            elif ch in ")]":
                depth_paren -= 1
            elif ch == ";" and depth_paren == 0:
                j = -1
                break
            elif ch == "{" and depth_paren == 0:
                break
            j += 1
        if j < 0 or j >= len(code):
            continue
        depth, k = 0, j
        while k < len(code):
            if code[k] == "{":
                depth += 1
            elif code[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        start = code.count("\n", 0, m.start()) + 1
        end = code.count("\n", 0, k) + 1
        found.append((m.group(1), start, end - start + 1))
    return found


def without_test_modules(code):
    """`code` (already stripped) without its `#[cfg(test)]` items: a `mod … { … }` block is
    blanked to its closing brace (newlines kept)."""
    out = code
    for m in reversed(list(re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", code))):
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        out = out[:m.start()] + re.sub(r"[^\n]", " ", out[m.start():j]) + out[j:]
    return out


def is_test_file(path):
    name = os.path.basename(path)
    return name == "tests.rs" or name.endswith("_tests.rs")


def app_graph(files, src="src/", skip_tests=False):
    """Edges between a crate's modules, named by their path below `src` (a, a::b for
    src/a/b.rs), from `use crate::…` and `crate::…` paths. With `skip_tests`, test files and
    `#[cfg(test)]` modules add no edge."""
    graph = {}
    for path in files:
        if not path.startswith(src) or path.startswith(src + "bin/"):
            continue
        if skip_tests and is_test_file(path):
            continue
        rel = path[len(src):-len(".rs")]
        parts = rel.split("/")
        if parts[-1] == "mod":
            parts = parts[:-1]
        if parts in (["lib"], ["main"]):
            continue
        me = "::".join(parts)
        code = strip_code(open(os.path.join(ROOT, path), encoding="utf-8").read())
        if skip_tests:
            code = without_test_modules(code)
        targets = set()
        for m in re.finditer(r"\bcrate::((?:[a-z_][a-z0-9_]*::)*)([A-Za-z_][A-Za-z0-9_]*|\{)", code):
            segs = [s for s in m.group(1).split("::") if s]
            last = m.group(2)
            if last != "{" and last[0].islower():
                segs.append(last)
            if segs:
                targets.add(tuple(segs))
        # `use crate::{a, b::c}` groups.
        for m in re.finditer(r"\buse\s+crate::\{([^;]*)\}\s*;", code):
            for item in re.split(r",(?![^{]*\})", m.group(1)):
                head = item.strip().split("::")[0].strip()
                if head and head[0].islower() and head != "self":
                    targets.add((head,))
        graph[me] = targets
    modules = set(graph)
    edges = {}
    for me, targets in graph.items():
        out = set()
        for segs in targets:
            # The longest module path that exists.
            for k in range(len(segs), 0, -1):
                cand = "::".join(segs[:k])
                if cand in modules:
                    break
            else:
                continue
            if cand != me and not me.startswith(cand + "::") and not cand.startswith(me + "::"):
                out.add(cand)
        edges[me] = out
    return edges


def top_level(edges):
    """The module graph collapsed to top-level modules (pages, components, store, …); a parent
    and its own children are one node."""
    top = {}
    for a, outs in edges.items():
        ta = a.split("::")[0]
        for b in outs:
            tb = b.split("::")[0]
            if ta != tb:
                top.setdefault(ta, set()).add(tb)
        top.setdefault(ta, set())
    return top


def cycles(edges):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def cycle_problems(edges, what):
    problems = []
    # Between sibling modules (simulation::book <-> simulation::pool) …
    for comp in cycles(edges):
        if len({c.split("::")[0] for c in comp}) == 1:
            problems.append(f"import cycle between {what} " + " <-> ".join(comp))
    # … and between top-level areas (app <-> pages), a parent and its children being one node.
    for comp in cycles(top_level(edges)):
        detail = []
        for a in sorted(edges):
            for b in sorted(edges[a]):
                if a.split("::")[0] in comp and b.split("::")[0] in comp and a.split("::")[0] != b.split("::")[0]:
                    detail.append(f"{a} -> {b}")
        problems.append(f"import cycle between {what} " + " <-> ".join(comp) + ": " + "; ".join(detail))
    return problems


def main():
    report = "--report" in sys.argv
    problems = []
    rust = tracked("*.rs")
    css = tracked("*.css")
    longest_fns, longest_files = [], []
    for path in rust:
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        lines = text.count("\n")
        longest_files.append((lines, path))
        if lines > MAX_RUST_FILE:
            problems.append(f"{path}: {lines} lines (a Rust file may have at most {MAX_RUST_FILE}; split it by concept)")
        for name, start, count in functions(strip_code(text)):
            longest_fns.append((count, f"{path}:{start} {name}"))
            if count > MAX_FUNCTION:
                problems.append(f"{path}:{start}: fn {name} is {count} lines (at most {MAX_FUNCTION}; split it into components or helpers)")
    for path in css:
        lines = open(os.path.join(ROOT, path), encoding="utf-8").read().count("\n")
        longest_files.append((lines, path))
        if lines > MAX_CSS_FILE:
            problems.append(f"{path}: {lines} lines (a stylesheet may have at most {MAX_CSS_FILE}; split it by area)")

    edges = app_graph(rust)
    problems += cycle_problems(edges, "the app's modules")
    engine_edges = app_graph(rust, src="crates/engine/src/", skip_tests=True)
    problems += cycle_problems(engine_edges, "the engine's modules")

    grep = subprocess.run(
        ["git", "grep", "-n", "-E", r"\.\./(\.\./)*shared", "--", ":!*.md"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout.strip()
    if grep:
        problems.append("tracked files read the shared folder beside the checkout, which a clone does not have:\n  " + grep.replace("\n", "\n  "))

    if report:
        print("longest functions:")
        for count, where in sorted(longest_fns, reverse=True)[:10]:
            print(f"  {count:5}  {where}")
        print("longest files:")
        for count, where in sorted(longest_files, reverse=True)[:10]:
            print(f"  {count:5}  {where}")
    if problems:
        print("shape check: %d problem(s)" % len(problems))
        for p in problems:
            print("- " + p)
        return 1
    print(f"shape check: ok ({len(rust)} Rust files, {len(css)} stylesheets, {len(edges)} app modules, "
          f"{len(engine_edges)} engine modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
