#!/usr/bin/env python3
"""Buckets twiggy's per-item sizes (`twiggy top -n 1000000 --format csv FILE.wasm > F.csv`)
into the areas of docs/bundle.md's table: `python3 docs/bundle_areas.py F.csv`. First match wins."""
import csv, re, sys
from collections import defaultdict

AREAS = [
    ("engine: Dutch pairing", r"engine::dutch|engine::event::pair"),
    ("engine: tie-breaks", r"engine::tiebreak|crosstable::tiebreak"),
    ("engine: TRF read/write", r"engine::trf|engine::rules2026"),
    ("engine: PGN", r"engine::pgn"),
    ("engine: publish + QR", r"engine::publish|qrcode"),
    ("engine: forecast (Chances)", r"engine::forecast"),
    ("engine: simulation study", r"engine::simulate"),
    ("engine: sensitivity / what-if", r"engine::sensitivity|engine::whatif|engine::swiss_whatif"),
    ("engine: share codec (deflate, base64)", r"engine::share|miniz_oxide|base64"),
    ("engine: JSON file format", r"engine::json"),
    ("engine: other (model, standings, impute, rating, event, io)", r"engine::"),
    ("plotters (SVG plots)", r"plotters|crosstable::plots|crosstable::simulation::plot"),
    ("serde / serde_json", r"serde|gloo_storage"),
    ("app: pages + components (view code)", r"crosstable::(pages|components|app)"),
    ("app: other modules", r"crosstable::"),
    ("leptos / tachys / reactive_graph / router", r"leptos|tachys|reactive_graph|either_of|any_spawner|throw_error|or_poisoned|oco_ref|send_wrapper|guardian"),
    ("wasm-bindgen / js-sys / web-sys / gloo glue", r"wasm_bindgen|js_sys|web_sys|gloo|__wbg|__wbindgen"),
    ("std: fmt, panic, alloc, collections", r"core::fmt|alloc::fmt|std::panic|core::panic|core::panicking|std::|alloc::|core::|dlmalloc|hashbrown|compiler_builtins|memcpy|memset|memmove|libm|<f64|<f32"),
    ("generic closures / trait shims (unattributed)", r"\{\{closure\}\}|vtable\.shim|call_once|FnOnce|FnMut|Fn>"),
]
SKIP = re.compile(r'"function names" subsection|custom section|"local names"|producers|target_features')

def main(path):
    sizes = defaultdict(int)
    data = 0
    total = 0
    with open(path) as f:
        for row in csv.DictReader(f):
            name, size = row["Name"], int(row["ShallowSize"])
            if SKIP.search(name) or name.startswith("Σ") or name.startswith("..."):
                continue
            total += size
            if name.startswith("data segment") or name.startswith("data["):
                sizes["data (string literals, tables)"] += size
                continue
            for area, pat in AREAS:
                if re.search(pat, name):
                    sizes[area] += size
                    break
            else:
                sizes["other (types, tables, imports, unnamed)"] += size
    for area, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"| {area} | {size/1024:,.0f} | {100*size/total:.1f} % |")
    print(f"| **code + data (no name/custom sections)** | **{total/1024:,.0f}** | 100 % |")

main(sys.argv[1])
