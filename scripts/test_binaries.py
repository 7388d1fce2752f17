#!/usr/bin/env python3
"""Reads `cargo test --no-run --message-format=json…` on stdin and prints the test binaries it
built, one per line as PACKAGE_DIR<TAB>EXECUTABLE (for scripts/test.sh's test-native step):
the fixture walks (tests named *_fixtures) first, as they take longest, then the rest in cargo's
order. Cargo's own messages (warnings, errors) pass through to stderr."""

import json
import os
import sys

binaries = []
for line in sys.stdin:
    try:
        msg = json.loads(line)
    except json.JSONDecodeError:
        sys.stderr.write(line)
        continue
    if msg.get("reason") == "compiler-message":
        sys.stderr.write(msg["message"].get("rendered") or "")
    elif msg.get("reason") == "compiler-artifact" and msg.get("executable") and msg["profile"]["test"]:
        binaries.append((os.path.dirname(msg["manifest_path"]), msg["executable"], msg["target"]["name"]))
    elif msg.get("reason") == "build-finished" and not msg.get("success"):
        sys.exit(1)

binaries.sort(key=lambda b: not b[2].endswith("_fixtures"))  # stable: cargo's order otherwise
for directory, executable, _ in binaries:
    print(f"{directory}\t{executable}")
