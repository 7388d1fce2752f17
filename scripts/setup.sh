#!/usr/bin/env bash
# Installs everything Crosstable's build and tests need, on a fresh Debian machine that has only
# rustup/cargo and node/npm. Idempotent: every step checks for the exact version first and is
# skipped when it is already there, so running it before every build costs about a second.
#
# Installs: Chromium + chromedriver and a Japanese font (apt), the wasm32 target and rustfmt/clippy (rustup),
# Trunk and wasm-bindgen-cli (cargo install, exact versions), npm devDependencies (wasm-opt from
# binaryen, playwright-core), and the crates in Cargo.lock (cargo fetch, so Trunk can run offline).
# The fuzzing tool (cargo-fuzz) is not installed here: scripts/fuzz.sh installs it when asked.
set -euo pipefail
LOG_TAG=setup
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Trunk 0.22 needs a newer rustc than this machine kind has (1.95): stay on 0.21.14.
readonly TRUNK_VERSION=0.21.14

require_base_tools() {
  local missing=()
  for tool in rustup cargo node npm python3; do have "$tool" || missing+=("$tool"); done
  ((${#missing[@]} == 0)) || die "missing ${missing[*]}: install rustup (https://rustup.rs), Node.js >= 20 and Python 3 first"
  local node_major
  node_major="$(node -p 'process.versions.node.split(".")[0]')"
  ((node_major >= 20)) || die "Node.js >= 20 is needed (node --test, fetch); found $(node --version)"
}

# Runs a command as root: directly when we are root, through sudo otherwise.
as_root() {
  if ((EUID == 0)); then "$@"
  elif have sudo; then sudo "$@"
  else die "need root to run: $*  (run this script as root or install sudo)"
  fi
}

# Debian's chromium + chromium-driver come from the same source package, so their versions match.
# (Playwright's and wasm-pack's browser downloads cannot reach their servers from here.)
install_chromium() {
  if have chromium && have chromedriver; then
    log "chromium: present ($(chromium --version 2>/dev/null | head -n1)); chromedriver: $(chromedriver --version | cut -d' ' -f1-2)"
    return
  fi
  have apt-get || die "chromium/chromedriver missing and apt-get not available: install them by hand"
  log "chromium: installing chromium + chromium-driver with apt-get"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver
  have chromium && have chromedriver || die "apt-get finished but chromium/chromedriver are still not on PATH"
}

# A Japanese font, so that the end-to-end screenshots of the Japanese interface show its text
# (headless Chromium draws empty boxes without one). Debian's IPA Gothic, 12 MB.
install_cjk_font() {
  if fc-list 2>/dev/null | grep -qi 'ipagothic\|noto sans cjk'; then
    log "Japanese font: present"
    return
  fi
  have apt-get || { log "Japanese font: missing and apt-get not available (screenshots of Japanese show boxes)"; return; }
  log "Japanese font: installing fonts-ipafont-gothic with apt-get"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-ipafont-gothic \
    || { as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-ipafont-gothic; } \
    || die "could not install fonts-ipafont-gothic"
}

install_rust_parts() {
  if rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    log "rust target wasm32-unknown-unknown: present"
  else
    log "rust target wasm32-unknown-unknown: installing"
    rustup target add wasm32-unknown-unknown
  fi
  # A "minimal" rustup profile has neither; the test command needs both.
  local comps=()
  cargo fmt --version >/dev/null 2>&1 || comps+=(rustfmt)
  cargo clippy --version >/dev/null 2>&1 || comps+=(clippy)
  if ((${#comps[@]})); then
    log "rust components: installing ${comps[*]}"
    rustup component add "${comps[@]}"
  else
    log "rust components rustfmt, clippy: present"
  fi
}

# If another `cargo install CRATE` is already running (e.g. a machine-provisioning job), wait for
# it instead of compiling the same thing twice on two cores. The pattern is anchored to a command
# line that starts with the cargo binary: an unanchored one also matches any shell whose script
# merely mentions "cargo install CRATE" (such as a `while pgrep ...` waiting loop) and never ends.
wait_for_other_install() {
  local crate=$1 pattern
  have pgrep || return 0
  pattern="^[^ ]*cargo install ([^ ]+ )*$crate( |\$)"
  if pgrep -f "$pattern" >/dev/null; then
    log "$crate: another 'cargo install $crate' is running; waiting for it to finish"
    while pgrep -f "$pattern" >/dev/null; do sleep 5; done
  fi
}

# Tools are compiled for a quick install, not for peak speed: neither Trunk nor wasm-bindgen does
# enough work of its own for LTO or opt-level 3 to show (they wait on cargo, wasm-opt and the
# disk), but Trunk's manifest asks for fat LTO in one codegen unit, a long single-threaded link on
# top of hundreds of crates. These overrides of the [profile.release] the tool's manifest sets apply to
# this one `cargo install` only.
quick_install() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
    cargo install "$@"
}

install_trunk() {
  wait_for_other_install trunk
  if have trunk && [[ "$(trunk --version)" == "trunk $TRUNK_VERSION" ]]; then
    log "trunk $TRUNK_VERSION: present"
    return
  fi
  log "trunk $TRUNK_VERSION: installing with cargo install (a few minutes on 2 cores)"
  # No default features: they are TLS (rustls and ring, with C to compile) for downloading tools
  # and serving HTTPS, and a check for a newer Trunk on crates.io. Trunk runs offline here
  # (Trunk.toml) and serves plain HTTP on 127.0.0.1.
  quick_install trunk --locked --no-default-features --version "$TRUNK_VERSION"
  [[ "$(trunk --version)" == "trunk $TRUNK_VERSION" ]] || die "trunk --version says '$(trunk --version)', expected $TRUNK_VERSION"
}

# The CLI must be exactly the wasm-bindgen version in Cargo.lock: the generated JS glue and the
# wasm's custom sections must agree, and Trunk (offline) refuses to use a mismatching one.
wasm_bindgen_version() {
  local versions
  versions="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' "$ROOT/Cargo.lock")"
  [[ -n "$versions" ]] || die "no wasm-bindgen package in Cargo.lock"
  [[ "$(wc -l <<<"$versions")" -eq 1 ]] || die "Cargo.lock has several wasm-bindgen versions (${versions//$'\n'/, }); unify them"
  printf '%s\n' "$versions"
}

install_wasm_bindgen() {
  local version
  version="$(wasm_bindgen_version)"
  wait_for_other_install wasm-bindgen-cli
  if have wasm-bindgen && have wasm-bindgen-test-runner &&
    [[ "$(wasm-bindgen --version)" == "wasm-bindgen $version" ]]; then
    log "wasm-bindgen-cli $version (from Cargo.lock): present"
    return
  fi
  # No --locked: wasm-bindgen-cli's own lockfile pins a crate version that crates.io lacks.
  log "wasm-bindgen-cli $version (from Cargo.lock): installing with cargo install (a few minutes)"
  quick_install wasm-bindgen-cli --version "$version"
  [[ "$(wasm-bindgen --version)" == "wasm-bindgen $version" ]] || die "wasm-bindgen --version says '$(wasm-bindgen --version)', expected $version"
}

# npm ci wipes and reinstalls node_modules, so it only runs when package-lock.json changed since
# the last install (recorded in a stamp file inside node_modules, which npm ci removes).
install_npm_packages() {
  local stamp="$ROOT/node_modules/.crosstable-lock.sha256" want
  [[ -f "$ROOT/package-lock.json" ]] || die "package-lock.json missing"
  want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x "$ROOT/node_modules/.bin/wasm-opt" ]]; then
    log "npm packages: up to date with package-lock.json"
  else
    log "npm packages: npm ci"
    # playwright-core downloads nothing by itself; the variable guards against a future change.
    (cd "$ROOT" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
    printf '%s\n' "$want" >"$stamp"
  fi
  check_wasm_opt
}

# Trunk.toml pins wasm_opt = "version_N"; the npm wasm-opt must be exactly that version,
# or Trunk tries to download one (impossible here) and the build fails late and obscurely.
check_wasm_opt() {
  local pinned actual
  pinned="$(sed -n 's/^wasm_opt *= *"\(version_[0-9]*\)".*/\1/p' "$ROOT/Trunk.toml")"
  actual="$(wasm-opt --version)"
  [[ "$(command -v wasm-opt)" == "$ROOT/node_modules/.bin/wasm-opt" ]] || die "wasm-opt on PATH is $(command -v wasm-opt), expected node_modules/.bin/wasm-opt"
  if [[ -n "$pinned" && "$actual" != *"($pinned)"* ]]; then
    die "Trunk.toml pins wasm_opt = \"$pinned\" but node_modules has '$actual': update package.json's binaryen or Trunk.toml"
  fi
  log "wasm-opt: $actual"
}

# Everything Trunk and the tests compile, downloaded now, so `trunk build` can run offline.
fetch_crates() {
  log "crates: cargo fetch --locked"
  (cd "$ROOT" && cargo fetch --locked --quiet) || die "cargo fetch --locked failed: is Cargo.lock out of date with Cargo.toml?"
}

# --build-ahead (scripts/serve.sh): compile the app's wasm binaries in the background, with the
# very cargo arguments Trunk will use (scripts/trunk_cargo_builds.py reads them from index.html),
# while apt and npm install (they mostly wait on the network and the disk); Trunk then finds the
# binaries fresh and only runs wasm-bindgen and wasm-opt. It starts after the two cargo installs,
# not before: `cargo install` waits for every running cargo build to finish (it needs cargo's
# package cache to itself), and holds up any cargo started meanwhile. A failure here is only a
# warning: Trunk builds again and shows why.
BUILD_AHEAD_PID=
start_build_ahead() {
  local builds
  builds="$(python3 "$ROOT/scripts/trunk_cargo_builds.py")" || die "could not read index.html's rust links"
  mkdir -p "$ROOT/target"
  log "app: compiling its wasm binaries in the background meanwhile (target/build-ahead.log)"
  (
    cd "$ROOT" || exit 1
    while read -r -a args; do cargo build --offline "${args[@]}" || exit 1; done <<<"$builds"
  ) >"$ROOT/target/build-ahead.log" 2>&1 &
  BUILD_AHEAD_PID=$!
  trap stop_build_ahead EXIT
}

stop_build_ahead() {
  [[ -n $BUILD_AHEAD_PID ]] || return 0
  pkill -P "$BUILD_AHEAD_PID" 2>/dev/null || true
  kill "$BUILD_AHEAD_PID" 2>/dev/null || true
}

finish_build_ahead() {
  [[ -n $BUILD_AHEAD_PID ]] || return 0
  log "app: waiting for the background compile of its wasm binaries"
  if wait "$BUILD_AHEAD_PID"; then
    log "app: wasm binaries compiled"
  else
    warn "the background compile failed (target/build-ahead.log); Trunk will compile again and show why"
  fi
  BUILD_AHEAD_PID=
  trap - EXIT
}

main() {
  local start=$SECONDS build_ahead=0
  case ${1:-} in
    --build-ahead) build_ahead=1 ;;
    "") ;;
    *) die "unknown option $1 (the only one is --build-ahead)" ;;
  esac
  require_base_tools
  install_rust_parts
  install_trunk
  install_wasm_bindgen
  fetch_crates
  ((build_ahead)) && start_build_ahead
  install_chromium
  install_cjk_font
  install_npm_packages
  ((build_ahead)) && finish_build_ahead
  log "done in $(fmt_duration $((SECONDS - start)))"
}

main "$@"
