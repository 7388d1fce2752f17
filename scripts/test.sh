#!/usr/bin/env bash
# The one test command (README, CI): set-up, then every check from cheapest to dearest —
#   fmt, shape (scripts/check_shape.py), clippy (native and wasm32), native tests (engine, CLI, app), wasm component tests in
#   headless Chromium, the release build with Trunk, and end-to-end flows against dist/.
# Each clippy step builds its target's tests while it lints, and the test step after it runs
# them (see with_clippy); test binaries and end-to-end files run two at a time (2 cores).
# Every step runs even after an earlier one failed (so one run shows all problems), except the
# end-to-end tests, which need the build: they are reported as FAILED (not run) when it failed.
# Prints a summary and exits non-zero if anything failed.
#
# Developer options (CI uses none):
#   --fail-fast      stop at the first failing step
#   --only A,B       run only the named steps (others are listed as "not selected")
#   --no-setup       skip scripts/setup.sh (when you know the tools are installed)
#   --list           list the step names and exit
# Environment: CROSSTABLE_BUILD=size makes the build step build the deployed profiles (with LTO,
# as scripts/serve.sh does) instead of the faster end-to-end build; E2E_CONCURRENCY=N.
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

# Clippy and the tests share one build. `cargo clippy` can only check (it emits metadata, which
# no test can run), so a separate clippy step compiled every crate twice per target: the whole
# dependency tree once checked, once built, and the app crate, the slowest crate to compile, once
# more each time. Instead the clippy steps build the tests (`cargo test --no-run`, every target
# that `cargo clippy --all-targets` lints) with clippy-driver as cargo's wrapper for the
# workspace's own crates, which is how `cargo clippy` itself runs it: the same driver, lints,
# `--cfg clippy` and `-D warnings` (passed in CLIPPY_ARGS, cargo-clippy's own protocol). The test
# steps then run with the same settings and find everything built. Dependencies are not linted
# either way (cargo caps their lints). What it still means by hand:
#   cargo clippy --workspace --all-targets -- -D warnings
#   cargo clippy --target wasm32-unknown-unknown -p crosstable --lib --bins --test web -- -D warnings
#   cargo clippy --target wasm32-unknown-unknown -p crosstable-workers --all-targets -- -D warnings
with_clippy() {
  RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver)" \
    CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__ "$@"
}

# A test step reuses its clippy step's build when that step passed; when it failed (a lint: then
# nothing was built) or did not run, it builds plainly, so that the tests still run and report.
test_build() { if [[ ${RESULT[$1]:-} == ok ]]; then with_clippy "${@:2}"; else "${@:2}"; fi; }

step_clippy() { with_clippy cargo test --workspace --all-targets --locked --no-run; }

# The engine is built with opt-level 3 in test builds (Cargo.toml) for the native fixture walks;
# on wasm32 only the component tests run it, on small events, so opt-level 1 is plenty there and
# compiles in a fraction of the time. Both wasm32 steps must pass the same settings to share a build.
readonly WASM=(--target wasm32-unknown-unknown --locked
  --config 'profile.dev.package.crosstable-engine.opt-level=1')
readonly WASM_TEST=("${WASM[@]}" -p crosstable)

# The app really runs on wasm32: lint it there too — its library and binaries (built for the
# integration test) and tests/web.rs (wasm32-only) — and the workers' package (its entry points
# are wasm32-only code; its dependencies are a subset of the app's, so test-wasm still finds
# everything built). Not the app library's unit tests: they run natively (the clippy step lints
# and builds them there), and on wasm32 they were a second full compile of the app that nothing
# ran; no unit test has wasm32-only code.
step_clippy-wasm() {
  with_clippy cargo test "${WASM_TEST[@]}" --test web --no-run &&
    with_clippy cargo test "${WASM[@]}" -p crosstable-workers --all-targets --no-run
}

# `cargo test` runs one test binary after another, and the slowest are single tests that walk a
# fixture set (crates/engine/tests/*_fixtures.rs): one core works while the other waits. So the
# binaries `cargo test --workspace` builds run here two at a time (the fixture walks first, as
# they take longest), each from its package's directory as cargo runs it, its output printed
# whole when it ends; the doc tests (`cargo test --doc`) are one more job. Fails if any fails.
step_test-native() {
  local list
  list=$(test_build clippy cargo test --workspace --locked --no-run --message-format=json-render-diagnostics |
    python3 "$ROOT/scripts/test_binaries.py") || return
  local jobs=() line
  while IFS= read -r line; do [[ -n $line ]] && jobs+=("$line"); done <<<"$list"
  ((${#jobs[@]})) || { echo "cargo test --no-run listed no test binaries" >&2; return 1; }
  jobs+=("doc-tests")
  run_pool 2 "${jobs[@]}"
}

# run_pool N JOB... — runs the jobs N at a time; a job is "PACKAGE_DIR<TAB>EXECUTABLE", or
# "doc-tests". Prints each job's output when it ends, then a line per job; fails if any failed.
run_pool() {
  local width=$1 dir out i=0 running=0 failed=0 pid
  out=$(mktemp -d)
  shift
  local -a jobs=("$@") started=() names=()
  local -A job_of=()
  run_job() {
    local job=$1 log=$2 start=$SECONDS status=0
    if [[ $job == doc-tests ]]; then
      (cd "$ROOT" && test_build clippy cargo test --workspace --locked --doc) >"$log" 2>&1 || status=$?
    else
      # As cargo runs it: from its package's directory, with CARGO_MANIFEST_DIR set.
      (cd "${job%%$'\t'*}" && CARGO_MANIFEST_DIR="$PWD" "${job#*$'\t'}") >"$log" 2>&1 || status=$?
    fi
    printf '%s %s\n' "$status" $((SECONDS - start)) >"$log.status"
    return "$status"
  }
  finish() {
    local n=$1 status secs
    read -r status secs <"$out/$n.status"
    printf '\n--- %s (exit %s, %ss)\n' "${names[$n]}" "$status" "$secs"
    cat "$out/$n"
    ((status == 0)) || failed=1
    printf '%s: %s in %ss\n' "${names[$n]}" "$([[ $status == 0 ]] && echo ok || echo "FAILED (exit $status)")" "$secs" >>"$out/summary"
  }
  for i in "${!jobs[@]}"; do
    local job=${jobs[$i]}
    if [[ $job == doc-tests ]]; then
      names[i]="doc tests"
    else # "crates/engine: dutch_fixtures", "(root): crosstable" — the executable without cargo's hash
      dir=${job%%$'\t'*}
      dir=${dir#"$ROOT"} && dir=${dir#/}
      names[i]="${dir:-(root)}: $(basename "${job#*$'\t'}" | sed 's/-[0-9a-f]\{16\}$//')"
    fi
    while ((running >= width)); do
      wait -n -p pid || true
      finish "${job_of[$pid]}"
      running=$((running - 1))
    done
    run_job "$job" "$out/$i" &
    job_of[$!]=$i
    running=$((running + 1))
  done
  while ((running > 0)); do
    wait -n -p pid || true
    finish "${job_of[$pid]}"
    running=$((running - 1))
  done
  printf '\nTest binaries (two at a time):\n'
  sed 's/^/  /' "$out/summary"
  rm -rf "$out"
  return "$failed"
}

# wasm-bindgen-test-runner (the cargo runner in .cargo/config.toml) starts chromedriver when
# CHROMEDRIVER is set. It adds headless, no-sandbox (needed as root) and disable-dev-shm-usage
# itself; webdriver.json (read from the cwd, i.e. the crate root) pins Debian's Chromium binary
# and turns off its background network traffic, which cannot reach Google from here.
step_test-wasm() {
  CHROMEDRIVER="$(command -v chromedriver)" test_build clippy-wasm cargo test "${WASM_TEST[@]}" --test web
}

# The release build with Trunk (wasm-opt, the service worker, precompressed copies), for the
# end-to-end tests. They check behaviour, not bytes, so the wasm is compiled with the release
# profiles' opt-levels (web "z", worker 3) and panic=abort but without LTO and in 16 codegen units
# (env overrides of Cargo.toml's [profile.web] and [profile.worker]): LTO, run one binary at a
# time on one core, was most of this step. The wasm is then larger than a deployed build's.
# Bundle sizes come from the plain `trunk build --release` (the served build: scripts/serve.sh),
# as do docs/bundle.md's figures; CROSSTABLE_BUILD=size makes this step build exactly that.
# --offline=true, not --offline: Trunk would take the next word as the flag's value.
step_build() {
  if [[ ${CROSSTABLE_BUILD:-fast} == size ]]; then
    trunk build --release --offline=true
  else
    CARGO_PROFILE_WEB_LTO=false CARGO_PROFILE_WEB_CODEGEN_UNITS=16 \
      CARGO_PROFILE_WORKER_LTO=false CARGO_PROFILE_WORKER_CODEGEN_UNITS=16 \
      trunk build --release --offline=true
  fi
}

# Explicit file list: `node --test DIR` would also run tests/e2e/pending/.
# Two files at a time (one per core): each file is its own node process with its own server on a
# port the OS picks, its own Chromium and a fresh temporary browser profile per browser, and
# screenshots named after the file, so nothing is shared but dist/, which they only read.
# Set E2E_CONCURRENCY=1 to run them one after another (the spec output is then in file order).
step_e2e() {
  [[ -f "$ROOT/dist/index.html" ]] || { echo "dist/index.html missing: the build step did not produce it" >&2; return 1; }
  local files=("$ROOT"/tests/e2e/*.test.mjs)
  [[ -e "${files[0]}" ]] || { echo "no tests/e2e/*.test.mjs files" >&2; return 1; }
  # A test that waits forever (a dialog that never comes) fails after 5 minutes instead of
  # holding CI to its hard limit; the slowest test takes under a minute.
  CROSSTABLE_DIST="$ROOT/dist" node --test --test-reporter=spec --test-timeout=300000 \
    --test-concurrency="${E2E_CONCURRENCY:-2}" "${files[@]}"
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
