# Shared helpers for scripts/*.sh — sourced, not executed.
# Sets ROOT (the repository), puts project-local tools on PATH, and defines log/die helpers.

# Resolve the repository root from this file's location so the scripts work from any cwd.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export ROOT

# cargo-installed tools (trunk, wasm-bindgen) and npm's wasm-opt must be found first:
# Trunk looks for wasm-opt on PATH and would otherwise try to download one (which fails here),
# and Debian's binaryen (v108) produces wasm that fails at load.
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# Colour only on a terminal, so CI logs stay readable.
if [[ -t 1 ]]; then
  C_BOLD=$'\e[1m' C_RED=$'\e[31m' C_GREEN=$'\e[32m' C_YELLOW=$'\e[33m' C_RESET=$'\e[0m'
else
  C_BOLD='' C_RED='' C_GREEN='' C_YELLOW='' C_RESET=''
fi

# log MESSAGE... — a progress line, prefixed with the calling script's name.
log() { printf '%s[%s]%s %s\n' "$C_BOLD" "${LOG_TAG:-crosstable}" "$C_RESET" "$*"; }

# warn MESSAGE... — something worth noticing that does not stop the script.
warn() { printf '%s[%s] warning:%s %s\n' "$C_YELLOW" "${LOG_TAG:-crosstable}" "$C_RESET" "$*" >&2; }

# die MESSAGE... — stop with a clear message and a non-zero exit code.
die() {
  printf '%s[%s] error:%s %s\n' "$C_RED" "${LOG_TAG:-crosstable}" "$C_RESET" "$*" >&2
  exit 1
}

# have COMMAND — is COMMAND on PATH?
have() { command -v "$1" >/dev/null 2>&1; }

# fmt_duration SECONDS — "1m05s" / "42s".
fmt_duration() {
  local s=$1
  if ((s >= 60)); then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}
