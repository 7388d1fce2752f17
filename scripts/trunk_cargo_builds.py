#!/usr/bin/env python3
"""Prints the `cargo build` arguments Trunk will use for each Rust link in index.html, one
build per line (scripts/setup.sh --build-ahead compiles them while the tools install, so that
Trunk then finds them fresh). Mirrors Trunk 0.21's rust pipeline: the link's href (the package's
Cargo.toml, else the root's: cargo's --manifest-path), data-bin, data-cargo-profile (else Trunk.toml's [build] cargo_profile, else --release),
data-cargo-no-default-features, data-cargo-features and data-cargo-all-features."""

import os
import re
import sys
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and "data-trunk" in a and a.get("rel") == "rust":
            self.links.append(a)


def main():
    with open(os.path.join(ROOT, "Trunk.toml"), encoding="utf-8") as f:
        m = re.search(r'^cargo_profile\s*=\s*"([^"]+)"', f.read(), re.M)
    default_profile = m.group(1) if m else None
    parser = Links()
    with open(os.path.join(ROOT, "index.html"), encoding="utf-8") as f:
        parser.feed(f.read())
    for a in parser.links:
        if a.get("data-target-path"):
            sys.exit("index.html: a rust link with data-target-path is not mirrored here")
        manifest = a.get("href") or "Cargo.toml"
        if not manifest.endswith("Cargo.toml"):
            manifest = os.path.join(manifest, "Cargo.toml")
        args = ["--target=wasm32-unknown-unknown", "--locked"]
        args.append("--manifest-path=" + os.path.join(ROOT, manifest))
        profile = a.get("data-cargo-profile") or default_profile
        args += ["--profile", profile] if profile else ["--release"]
        if a.get("data-bin"):
            args += ["--bin", a["data-bin"]]
        if "data-cargo-all-features" in a:
            args.append("--all-features")
        else:
            if "data-cargo-no-default-features" in a:
                args.append("--no-default-features")
            if a.get("data-cargo-features"):
                args += ["--features", a["data-cargo-features"]]
        print(" ".join(args))


main()
