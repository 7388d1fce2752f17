#!/usr/bin/env bash
# The one test command (README, CI): set-up, then every check from cheapest to dearest —
#   fmt, shape (scripts/check_shape.py), clippy (native and wasm32), native tests (engine, CLI, app), wasm component tests in
#   headless Chromium, the release build with Trunk, and end-to-end flows against dist/.
# Every step runs even after an earlier one failed (so one run shows all problems), except the
# end-to-end tests, which need the build: they are reported as FAILED (not run) when it failed.
# Prints a summary and exits non-zero if anything failed.
#
# Developer options (CI uses none):
#   --fail-fast      stop at the first failing step
#   --only A,B       run only the named steps (others are listed as "not selected")
#   --no-setup       skip scripts/setup.sh (when you know the tools are installed)
#   --list           list the step names and exit
set -euo pipefail
LOG_TAG=test
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

readonly STEPS=(fmt shape clippy clippy-wasm test-native test-wasm build e2e)

# --- steps: each is a function named step_<name>; its exit status is the step's result ---

step_setup() { "$ROOT/scripts/setup.sh"; }

step_fmt() { cargo fmt --all --check; }

# File, function and stylesheet sizes, import cycles in the app, nothing reading the shared folder beside the checkout.
# Then the text that bypasses the message catalogues (issue 12): its self-test must pass, and
# --strict fails on any user-visible literal in src/ outside the catalogues, or a stale line in
# scripts/i18n_allow.txt.
step_shape() {
  python3 "$ROOT/scripts/check_shape.py" &&
    python3 "$ROOT/scripts/test_check_i18n.py" &&
    python3 "$ROOT/scripts/check_i18n.py" --strict --summary
}

step_clippy() { cargo clippy --workspace --all-targets --locked -- -D warnings; }

# The app really runs on wasm32: lint it there too, including tests/web.rs (wasm32-only).
step_clippy-wasm() {
  cargo clippy --target wasm32-unknown-unknown -p crosstable --all-targets --locked -- -D warnings
}

step_test-native() { cargo test --workspace --locked; }

# wasm-bindgen-test-runner (the cargo runner in .cargo/config.toml) starts chromedriver when
# CHROMEDRIVER is set. It adds headless, no-sandbox (needed as root) and disable-dev-shm-usage
# itself; webdriver.json (read from the cwd, i.e. the crate root) pins Debian's Chromium binary
# and turns off its background network traffic, which cannot reach Google from here.
step_test-wasm() {
  CHROMEDRIVER="$(command -v chromedriver)" \
    cargo test --target wasm32-unknown-unknown -p crosstable --test web --locked
}

# --offline=true, not --offline: Trunk would take the next word as the flag's value.
step_build() { trunk build --release --offline=true; }

# Explicit file list: `node --test DIR` would also run tests/e2e/pending/.
step_e2e() {
  [[ -f "$ROOT/dist/index.html" ]] || { echo "dist/index.html missing: the build step did not produce it" >&2; return 1; }
  local files=("$ROOT"/tests/e2e/*.test.mjs)
  [[ -e "${files[0]}" ]] || { echo "no tests/e2e/*.test.mjs files" >&2; return 1; }
  CROSSTABLE_DIST="$ROOT/dist" node --test --test-reporter=spec --test-concurrency=1 "${files[@]}"
}

# --- runner ---

declare -A RESULT=() DURATION=()

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

run_step() {
  local name=$1 start=$SECONDS status=0
  printf '\n%s==> %s%s\n' "$C_BOLD" "$name" "$C_RESET"
  (cd "$ROOT" && "step_$name") || status=$?
  DURATION[$name]=$((SECONDS - start))
  if ((status == 0)); then
    RESULT[$name]=ok
  else
    RESULT[$name]="FAILED (exit $status)"
  fi
  log "$name: ${RESULT[$name]} in $(fmt_duration "${DURATION[$name]}")$(disk_report)"
  return "$status"
}

# ", target/ 2.1G, 40G free": after each step, so a CI log shows where the disk went.
disk_report() {
  local used free
  used=$(du -sh "$ROOT/target" 2>/dev/null | cut -f1) || used=?
  free=$(df -h --output=avail "$ROOT" 2>/dev/null | tail -n1 | tr -d ' ') || free=?
  printf ', target/ %s, %s free' "${used:-0}" "$free"
}

print_summary() {
  local name failed=0 colour
  printf '\n%sSummary%s (total %s)\n' "$C_BOLD" "$C_RESET" "$(fmt_duration $((SECONDS - TOTAL_START)))"
  for name in setup "${STEPS[@]}"; do
    local r=${RESULT[$name]:-not selected}
    case $r in ok) colour=$C_GREEN ;; "not selected") colour=$C_YELLOW ;; *) colour=$C_RED; failed=1 ;; esac
    printf '  %-12s %s%-28s%s %s\n' "$name" "$colour" "$r" "$C_RESET" \
      "${DURATION[$name]:+$(fmt_duration "${DURATION[$name]}")}"
  done
  if ((failed)); then printf '%sFAILED%s\n' "$C_RED" "$C_RESET"; else printf '%sALL PASSED%s\n' "$C_GREEN" "$C_RESET"; fi
  return "$failed"
}

main() {
  local fail_fast=0 setup=1 only=""
  while (($#)); do
    case $1 in
      --fail-fast) fail_fast=1 ;;
      --no-setup) setup=0 ;;
      --only) only=${2:?--only needs a comma-separated list of steps}; shift ;;
      --only=*) only=${1#--only=} ;;
      --list) printf '%s\n' "${STEPS[@]}"; exit 0 ;;
      -h | --help) usage; exit 0 ;;
      *) die "unknown option $1 (try --help)" ;;
    esac
    shift
  done
  local selected=("${STEPS[@]}")
  if [[ -n $only ]]; then
    IFS=, read -r -a selected <<<"$only"
    local s
    for s in "${selected[@]}"; do [[ " ${STEPS[*]} " == *" $s "* ]] || die "unknown step '$s' (steps: ${STEPS[*]})"; done
  fi

  TOTAL_START=$SECONDS
  # A CI run builds once: incremental caches only cost disk there (they doubled target/).
  if [[ ${CI:-} == true ]]; then export CARGO_INCREMENTAL=0; fi
  if ((setup)); then
    # Without the tools no step can mean anything: stop here.
    run_step setup || { print_summary || true; exit 1; }
  fi

  local name
  for name in "${STEPS[@]}"; do
    [[ " ${selected[*]} " == *" $name "* ]] || continue
    if [[ $name == e2e && -n ${RESULT[build]:-} && ${RESULT[build]} != ok ]]; then
      RESULT[e2e]="FAILED (not run: build failed)"
      log "e2e: not run, the build failed"
      continue
    fi
    if ! run_step "$name" && ((fail_fast)); then break; fi
  done
  print_summary
}

main "$@"
