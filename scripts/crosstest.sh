#!/bin/bash
# Cross-testing at scale (issue 29 item 5; docs/fide-conformance.md §6, "Cross-testing"):
# generate N random tournaments with `crosstable generate --seed S` and check every one with
# Crosstable's own checker and with the reference programs, classify every difference, and report
# counts, rate and wall time.
#
#   scripts/crosstest.sh N [--from SEED] [--log FILE] [--jobs J]
#
# Seeds SEED … SEED+N−1 (SEED defaults to 1). The reference programs are taken from the
# environment, never installed or downloaded here; one not given is skipped, and said so:
#   BBP=/path/bbpPairings.exe                 bbpPairings 6.0.0, `--dutch FILE -c`
#   CAISSIFY_CHECK=/path/caissify-pairings-check  caissify-pairings 0.5.0's checker
#   CAISSIFY_EVERY=K   run caissify on seeds divisible by K only (default 10: it takes seconds
#                      per file where the others take milliseconds)
#   CAISSIFY_TIMEOUT=S give up on one caissify run after S seconds (default 600)
#   CROSSTABLE=/path/crosstable  our binary (default: $CARGO_TARGET_DIR or target, release)
#
# Checks per seed:
#   ours      `crosstable check` must agree with every round (our generator pairs with our
#             engine); any difference, or a generator failure other than "no legal pairing", is
#             OURS.
#   bbp       the file with its `192` code spelt the 2025 way (bbpPairings knows no other),
#             `bbpPairings.exe --dutch FILE -c`.
#   caissify  the file as written, on the files whose features it reads (see below).
# Every difference, per round, gets a category of ANCHOR below (decided in classify_bbp and
# classify_caissify, each documented in docs/fide-conformance.md) or is UNCLASSIFIED. Exit status
# 1 if any is OURS or UNCLASSIFIED, else 0.
set -u -o pipefail

LOG_TAG=crosstest
# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The documented categories: name, then the anchor of docs/fide-conformance.md that explains it.
declare -A ANCHOR=(
  [bbp-baku-reading]='#1-baku-group-a-rounded-up-to-the-nearest-even-number (§1, §2)'
  [caissify-bye-after-hz]='#c1-caissify-a-half-point-or-zero-point-bye-bars-the-pab (§6)'
)

# --- one seed (run by xargs in parallel) -------------------------------------------------------

# bbp_pairs OUTPUT: "round pair" lines of the pairings bbpPairings' checker would make where the
# file differs ("12-7", "bye 9"), and "round NOPAIRING" when it finds none.
bbp_pairs() {
  awk '
    / Round #[0-9]+$/ { sub(/.*#/, ""); r = $0; block = 0; next }
    /Checker pairings/ { block = 1; next }
    /^No valid pairing exists for round/ { n = $NF; sub(/\.$/, "", n); print n, "NOPAIRING"; next }
    block && NF == 0 { block = 0; next }
    block && NF == 6 { print r, ($3 == "0" ? "bye " $1 : $1 "-" $3) }
  ' "$1" | sort
}

# ours_pairs OUTPUT: the same from `crosstable check` ("round 3: file …; crosstable 5-9, 7-12").
ours_pairs() {
  awk '
    /^round [0-9]+: / {
      r = $2; sub(/:$/, "", r)
      line = $0; sub(/.*; crosstable /, "", line)
      n = split(line, p, /, /)
      for (i = 1; i <= n; i++) print r, p[i]
      next
    }
    /^all [0-9]+ rounds agree/ { next }
    { print "?", $0 }
  ' "$1" | sort
}

# rounds_of PAIRS: the distinct rounds of a pairs list, space-separated.
rounds_of() { cut -d' ' -f1 "$1" | sort -un | tr '\n' ' ' | sed 's/ $//'; }

# What caissify's checker cannot read (its fpc.py and trf.py): the Baku `192` codes (it knows
# only XXA records, and its own acceleration differs), prohibited pairs (`260`), a point system
# other than 1-½-0 with a full-point PAB (`162`; it counts 1, ½, 0 whatever the file says), and
# start numbers out of rating order (late entries: it renumbers the players by rating). Prints the
# first reason, or nothing.
caissify_unsupported() {
  local f=$1
  if grep -q '^192 .*_BAKU' "$f"; then echo baku; return; fi
  if grep -q '^260' "$f"; then echo prohibited-pairs; return; fi
  if grep '^162' "$f" | grep -qv 'W 1.0 *D 0.5 *L 0.0 *Z 0.0 *P 1.0'; then
    echo point-system
    return
  fi
  if awk '$1 == "001" { r = substr($0, 49, 4) + 0; if (seen && r > prev) bad = 1; prev = r; seen = 1 }
          END { exit !bad }' "$f"; then
    echo late-entry-order
  fi
}

# hz_before FILE PLAYER ROUND: player had a half-point or zero-point bye (H, Z) before ROUND and
# no PAB, forfeit win or full-point bye (U, +, F) — the players caissify wrongly bars from the PAB.
hz_before() {
  awk -v p="$2" -v r="$3" '
    $1 == "001" && substr($0, 5, 4) + 0 == p {
      for (k = 1; k < r; k++) {
        cell = substr($0, 92 + 10 * (k - 1), 8)
        res = substr(cell, 8, 1)
        if (res == "H" || res == "Z") hz = 1
        if (res == "U" || res == "+" || res == "F") win = 1
      }
    }
    END { exit !(hz && !win) }
  ' "$1"
}

# emit TOOL CATEGORY ROUND EXCERPT — one result line (tab-separated) for the parent to count.
emit() { printf '%s\t%s\t%s\t%s\t%s\n' "$SEED" "$1" "$2" "$3" "$4" >>"$RES"; }

# now_ms — milliseconds, for each tool's time.
now_ms() { date +%s%3N; }

one_seed() {
  SEED=$1
  local dir=$WORK/s$SEED t0 t1 out rc
  mkdir -p "$dir"
  RES=$WORK/res/$SEED
  local f=$dir/e.trf
  t0=$(now_ms)
  if ! out=$("$CROSSTABLE" generate --seed "$SEED" -o "$f" 2>&1); then
    if [[ $out == *"no legal pairing"* ]]; then
      emit generate not-generated - "$out"
    else
      emit generate ours - "$out"
    fi
    rm -rf "$dir"
    return
  fi
  "$CROSSTABLE" check "$f" >"$dir/ours.out" 2>&1
  rc=$?
  t1=$(now_ms)
  emit time ours - "$((t1 - t0))"
  if [[ $rc -eq 0 ]]; then
    emit ours ok - -
  else
    emit ours ours - "$(head -c 400 "$dir/ours.out" | tr '\n\t' '  ')"
  fi

  if [[ -n $BBP ]]; then
    t0=$(now_ms)
    sed -e 's/^192 FIDE_DUTCH_2026/192 FIDE_DUTCH_2025/' "$f" >"$dir/b.trf"
    "$BBP" --dutch "$dir/b.trf" -c >"$dir/bbp.out" 2>&1
    rc=$?
    t1=$(now_ms)
    emit time bbp - "$((t1 - t0))"
    bbp_pairs "$dir/bbp.out" >"$dir/bbp.pairs"
    if [[ $rc -ne 0 ]]; then
      emit bbp unclassified - "exit $rc: $(head -c 300 "$dir/bbp.out" | tr '\n\t' '  ')"
    elif [[ ! -s $dir/bbp.pairs ]]; then
      emit bbp ok - -
    else
      classify_bbp "$f" "$dir"
    fi
  fi

  if [[ -n $CAISSIFY_CHECK ]] && ((SEED % CAISSIFY_EVERY == 0)); then
    local why
    why=$(caissify_unsupported "$f")
    if [[ -n $why ]]; then
      emit caissify skipped - "$why"
    else
      t0=$(now_ms)
      timeout --foreground "$CAISSIFY_TIMEOUT" "$CAISSIFY_CHECK" "$f" >"$dir/cai.out" 2>&1
      rc=$?
      t1=$(now_ms)
      emit time caissify - "$((t1 - t0))"
      if [[ $rc -eq 124 ]]; then
        emit caissify timeout - "no answer in ${CAISSIFY_TIMEOUT}s"
      elif [[ $rc -eq 0 ]]; then
        emit caissify ok - -
      elif ! grep -q '^Summary:' "$dir/cai.out"; then
        emit caissify unclassified - "exit $rc: $(tail -c 300 "$dir/cai.out" | tr '\n\t' '  ')"
      else
        classify_caissify "$f" "$dir"
      fi
    fi
  fi
  rm -rf "$dir"
}

# A bbpPairings difference is its Baku reading (docs §1–§2) when the event is accelerated and our
# checker under bbpPairings' reading (`check --as-bbppairings`) differs in the same rounds with the
# same pairings bbpPairings proposes. As a second witness the event is generated again under that
# reading (`generate --as-bbppairings`) and must pass bbpPairings' checker — unless a player is
# absent from round 1 (a late entry, say): bbpPairings' checker counts such players in N from
# round 1 on, which no pairing made at the time could (§2), so there the witness is only logged.
# Otherwise: unclassified.
classify_bbp() {
  local f=$1 dir=$2 r excerpt witness=''
  if grep -q '^192 .*_BAKU' "$f"; then
    "$CROSSTABLE" check --as-bbppairings "$f" >"$dir/asbbp.out" 2>&1
    ours_pairs "$dir/asbbp.out" >"$dir/asbbp.pairs"
    "$CROSSTABLE" generate --seed "$SEED" --as-bbppairings 2>/dev/null |
      sed -e 's/^192 FIDE_DUTCH_2026/192 FIDE_DUTCH_2025/' >"$dir/r.trf"
    if "$BBP" --dutch "$dir/r.trf" -c >"$dir/r.out" 2>&1 && [[ -z $(bbp_pairs "$dir/r.out") ]]; then
      witness=passes
    elif awk '$1 == "001" && substr($0, 92, 8) ~ /- Z$/ { found = 1 } END { exit !found }' "$f"; then
      witness="fails, round-1 absentees"
    fi
    if cmp -s "$dir/asbbp.pairs" "$dir/bbp.pairs" && [[ -n $witness ]]; then
      for r in $(rounds_of "$dir/bbp.pairs"); do
        excerpt=$(awk -v r="$r" '$1 == r { $1 = ""; printf "%s,", $0 }' "$dir/bbp.pairs")
        emit bbp bbp-baku-reading "$r" "$(baku_note "$f"); regenerated under bbp's reading: $witness; bbp:${excerpt%,}"
      done
      return
    fi
  fi
  for r in $(rounds_of "$dir/bbp.pairs"); do
    excerpt=$(awk -v r="$r" '$1 == r { $1 = ""; printf "%s,", $0 }' "$dir/bbp.pairs")
    emit bbp unclassified "$r" "bbp:${excerpt%,}"
  done
}

# baku_note FILE: the two readings' group A, for the log ("N=96 in file, 93 paired in round 1:
# bbp 48, text 48").
baku_note() {
  awk '
    $1 == "001" {
      n++
      c = substr($0, 92, 8)
      if (c ~ /^ *[1-9][0-9]* [wb] / || c ~ / U$/) n1++
    }
    END {
      printf "N=%d in file, %d paired in round 1: group A bbp %d, text %d", n, n1, int((n + 1) / 2), 2 * int((n1 + 3) / 4)
    }
  ' "$1"
}

# A caissify difference on a file it reads is classified only where bbpPairings, given, passed
# the same round (two independent engines against one), and only as
#   caissify-bye-after-hz  the file's PAB goes to a player whose only earlier byes were H or Z
#                          and caissify gives it to another (it counts every bye as a PAB)
# Any other is unclassified, to be looked at.
classify_caissify() {
  local f=$1 dir=$2 r lines file_bye
  awk '
    /^  Round [0-9]+: MISMATCH/ { r = $2; sub(/:$/, "", r); next }
    /^    - / && r { sub(/^    - /, ""); print r "\t" $0 }
    /^  Round [0-9]+: OK/ { r = "" }
  ' "$dir/cai.out" >"$dir/cai.lines"
  for r in $(cut -f1 "$dir/cai.lines" | sort -un); do
    lines=$(awk -F'\t' -v r="$r" '$1 == r { printf "%s; ", $2 }' "$dir/cai.lines")
    lines=${lines%; }
    if [[ -z $BBP ]] || grep -q "^$r " "$dir/bbp.pairs"; then
      emit caissify unclassified "$r" "$lines"
      continue
    fi
    file_bye=$(awk -F'\t' -v r="$r" '$1 == r && $2 ~ /^TRF only: Player [0-9]+ \(bye\)/ {
      split($2, w, " "); print w[4] }' "$dir/cai.lines")
    if [[ -n $file_bye ]] && hz_before "$f" "$file_bye" "$r"; then
      emit caissify caissify-bye-after-hz "$r" "$lines"
    else
      emit caissify unclassified "$r" "$lines"
    fi
  done
}

if [[ ${1:-} == --one ]]; then
  # Worker mode, as run by the parent through xargs; the environment carries the settings.
  shift
  for s in "$@"; do one_seed "$s"; done
  exit 0
fi

# --- the run -----------------------------------------------------------------------------------

usage() { die "usage: scripts/crosstest.sh N [--from SEED] [--log FILE] [--jobs J]"; }
[[ $# -ge 1 && $1 =~ ^[0-9]+$ && $1 -gt 0 ]] || usage
N=$1
shift
FROM=1 LOGFILE='' JOBS=2
while [[ $# -gt 0 ]]; do
  case $1 in
    --from) FROM=${2:?}; shift 2 ;;
    --log) LOGFILE=${2:?}; shift 2 ;;
    --jobs) JOBS=${2:?}; shift 2 ;;
    *) usage ;;
  esac
done
[[ $FROM =~ ^[0-9]+$ && $JOBS =~ ^[1-9][0-9]*$ ]] || usage
LOGFILE=${LOGFILE:-crosstest-$FROM-$((FROM + N - 1)).log}

CROSSTABLE=${CROSSTABLE:-${CARGO_TARGET_DIR:-$ROOT/target}/release/crosstable}
[[ -x $CROSSTABLE ]] || die "no binary at $CROSSTABLE: build it (cargo build -r -p crosstable-cli) or set CROSSTABLE"
BBP=${BBP:-}
CAISSIFY_CHECK=${CAISSIFY_CHECK:-}
CAISSIFY_EVERY=${CAISSIFY_EVERY:-10}
CAISSIFY_TIMEOUT=${CAISSIFY_TIMEOUT:-600}
[[ -z $BBP || -x $BBP ]] || die "BBP=$BBP is not an executable"
[[ -z $CAISSIFY_CHECK || -x $CAISSIFY_CHECK ]] || die "CAISSIFY_CHECK=$CAISSIFY_CHECK is not an executable"
[[ -n $BBP ]] || warn "BBP not given: bbpPairings skipped"
[[ -n $CAISSIFY_CHECK ]] || warn "CAISSIFY_CHECK not given: caissify-pairings skipped"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/res"
export WORK CROSSTABLE BBP CAISSIFY_CHECK CAISSIFY_EVERY CAISSIFY_TIMEOUT

caissify_says=none
[[ -z $CAISSIFY_CHECK ]] || caissify_says="$CAISSIFY_CHECK, on seeds divisible by $CAISSIFY_EVERY"
log "seeds $FROM…$((FROM + N - 1)), $JOBS jobs; ours: $CROSSTABLE; bbp: ${BBP:-none}; caissify: $caissify_says"
start=$(date +%s.%N)
seq "$FROM" $((FROM + N - 1)) | xargs -P "$JOBS" -n 20 bash "$0" --one
end=$(date +%s.%N)
wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')

# Every result line: seed, tool, category, round, excerpt.
find "$WORK/res" -type f -exec cat {} + | sort -t$'\t' -k1,1n -k2,2 -k4,4n >"$WORK/all"

{
  echo "# crosstest seeds $FROM…$((FROM + N - 1)), $(date -u +%Y-%m-%dT%H:%MZ), wall ${wall}s"
  echo "# seed	tool	category	round	excerpt"
  awk -F'\t' '$2 != "time" && $3 != "ok" && $3 != "skipped"' "$WORK/all"
} >"$LOGFILE"

report() {
  awk -F'\t' -v n="$N" -v wall="$wall" '
    function once(key) { if (key in seen) return 0; seen[key] = 1; return 1 }
    $2 == "time" { ms[$3] += $5; runs[$3]++; next }
    $2 == "generate" { gen[$3]++; next }
    {
      t = $2; c = $3; tools[t] = 1; cat[t, c] = 1
      rounds[t, c]++
      if (once("f" SUBSEP t SUBSEP c SUBSEP $1)) files[t, c]++
      if (c == "skipped") why[t] = why[t] (why[t] == "" ? "" : ", ") $5
      if (c != "skipped" && c != "timeout" && once("c" SUBSEP t SUBSEP $1)) checked[t]++
      if (c != "ok" && c != "skipped" && c != "timeout" && once("d" SUBSEP t SUBSEP $1)) differ[t]++
    }
    END {
      printf "tournaments: %d (%d not generated: no legal pairing in 8 attempts; %d generator failures of ours)\n", n, gen["not-generated"] + 0, gen["ours"] + 0
      for (t in tools) {
        printf "%s: %d files checked", t, checked[t]
        for (key in cat) {
          split(key, k, SUBSEP)
          if (k[1] != t || k[2] == "ok") continue
          if (k[2] == "skipped" || k[2] == "timeout") printf "; %s %d files", k[2], files[key]
          else printf "; %s %d rounds in %d files", k[2], rounds[key], files[key]
        }
        printf "\n"
        if (why[t] != "") {
          m = split(why[t], w, ", "); delete count
          for (i = 1; i <= m; i++) count[w[i]]++
          printf "  skipped for"
          sep = " "
          for (r in count) { printf "%s%s %d", sep, r, count[r]; sep = ", " }
          printf "\n"
        }
        if (checked[t]) printf "  files with a difference: %d of %d (%.2f %%)\n", differ[t], checked[t], 100 * differ[t] / checked[t]
      }
      for (t in ms) printf "time %s: %.1f s summed over the jobs (%d runs, %.0f ms each)\n", t, ms[t] / 1000, runs[t], ms[t] / runs[t]
      printf "wall: %s s\n", wall
    }
  ' "$WORK/all"
}
report | tee -a "$LOGFILE" | sed 's/^/  /'
for c in "${!ANCHOR[@]}"; do
  if grep -q "	$c	" "$WORK/all"; then
    log "$c: docs/fide-conformance.md${ANCHOR[$c]}"
  fi
done
log "every difference: $LOGFILE"

bad=$(awk -F'\t' '$2 != "time" && ($3 == "ours" || $3 == "unclassified")' "$WORK/all" | wc -l)
if [[ $bad -gt 0 ]]; then
  warn "$bad differences of ours or unclassified (first ones below)"
  awk -F'\t' '$2 != "time" && ($3 == "ours" || $3 == "unclassified")' "$WORK/all" | head -20 >&2
  exit 1
fi
log "no difference of ours, none unclassified"
