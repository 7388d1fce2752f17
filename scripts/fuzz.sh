#!/usr/bin/env bash
# Fuzzes one parser for a while: scripts/fuzz.sh TARGET SECONDS  (targets: fuzz/README.md).
#
# Opt-in, so scripts/setup.sh stays as fast as it is: installs cargo-fuzz (exact version, skipped
# when present) on first use, then runs libFuzzer on the stable toolchain with `--sanitizer none`
# (the engine has no unsafe code, so AddressSanitizer, which needs nightly, would add nothing; a
# panic or a failed round-trip assertion is what the targets look for). Needs a C++ compiler
# (libFuzzer is built from source by libfuzzer-sys).
#
# The working corpus is fuzz/corpus/TARGET (not tracked); fuzz/seeds/TARGET holds the tracked
# seeds. A crash is written to fuzz/artifacts/TARGET/ and the script exits non-zero.
set -euo pipefail
LOG_TAG=fuzz
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

readonly CARGO_FUZZ_VERSION=0.13.2
readonly TARGETS=(trf json share share_document)

usage() { die "usage: scripts/fuzz.sh TARGET SECONDS   (TARGET: ${TARGETS[*]}, or 'all' for each in turn)"; }

install_cargo_fuzz() {
  if have cargo-fuzz && [[ "$(cargo fuzz --version 2>/dev/null)" == "cargo-fuzz $CARGO_FUZZ_VERSION" ]]; then
    return
  fi
  have c++ || die "libFuzzer needs a C++ compiler: apt-get install g++"
  log "cargo-fuzz $CARGO_FUZZ_VERSION: installing with cargo install (about 2 minutes)"
  cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
}

run_target() {
  local target=$1 seconds=$2
  mkdir -p "$ROOT/fuzz/corpus/$target"
  log "$target: fuzzing for ${seconds}s"
  (cd "$ROOT" && cargo fuzz run --sanitizer none "$target" \
    "fuzz/corpus/$target" "fuzz/seeds/$target" -- -max_total_time="$seconds")
}

main() {
  (($# == 2)) || usage
  local target=$1 seconds=$2
  [[ "$seconds" =~ ^[0-9]+$ ]] || usage
  install_cargo_fuzz
  if [[ "$target" == all ]]; then
    for t in "${TARGETS[@]}"; do run_target "$t" "$seconds"; done
  elif [[ " ${TARGETS[*]} " == *" $target "* ]]; then
    run_target "$target" "$seconds"
  else
    usage
  fi
}

main "$@"
