#!/bin/bash
# Issue 30's measurement: for every TRF file under DIR (default fixtures/dutch-2026), pair the
# next round of the file as it is, of `crosstable convert FILE out.trf`, and of
# `convert FILE out.json` then `convert out.json out2.trf`, and count the files whose pairing
# is unchanged, and the exports that gained an XXW record the input did not have.
#   scripts/convert_roundtrip.sh target/debug/crosstable [DIR]
set -u
bin=$1
dir=${2:-fixtures/dutch-2026}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
total=0 failed=0 same=0 json_same=0 xxw=0
while IFS= read -r f; do
  total=$((total + 1))
  original=$("$bin" pair "$f" 2>/dev/null) || { failed=$((failed + 1)); continue; }
  "$bin" convert "$f" "$tmp/out.trf" 2>/dev/null
  if grep -q '^XXW' "$tmp/out.trf" && ! grep -q '^XXW' "$f"; then xxw=$((xxw + 1)); fi
  [ "$original" == "$("$bin" pair "$tmp/out.trf" 2>/dev/null)" ] && same=$((same + 1))
  "$bin" convert "$f" "$tmp/out.json" 2>/dev/null &&
    "$bin" convert "$tmp/out.json" "$tmp/out2.trf" 2>/dev/null
  [ "$original" == "$("$bin" pair "$tmp/out2.trf" 2>/dev/null)" ] && json_same=$((json_same + 1))
done < <(find "$dir" -name '*.trf' | sort)
echo "files=$total unpairable=$failed trf_to_trf_pairs_same=$same" \
  "trf_to_json_to_trf_pairs_same=$json_same exports_that_gained_XXW=$xxw"
