#!/usr/bin/env bash
# Builds the app (release: the deployed build, profiles web and worker with LTO) and serves it on
# http://127.0.0.1:$PORT (default 8080), rebuilding on changes. Runs scripts/setup.sh first, so it
# works on a fresh machine.
#   PORT=9000 ./scripts/serve.sh
set -euo pipefail
LOG_TAG=serve
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

readonly ADDRESS=127.0.0.1
PORT="${PORT:-8080}"

# Fail early and clearly if the port is taken: otherwise the browser may show another
# process's server and Trunk's bind error scrolls away after the build.
port_in_use() { (exec 3<>"/dev/tcp/$ADDRESS/$1") 2>/dev/null; }

main() {
  [[ "$PORT" =~ ^[0-9]+$ ]] && ((PORT > 0 && PORT < 65536)) || die "PORT must be a number from 1 to 65535 (got '$PORT')"
  port_in_use "$PORT" && die "port $PORT on $ADDRESS is already in use: stop that server or run PORT=<other> $0"
  # --build-ahead: the wasm binaries compile while apt and npm install (scripts/setup.sh).
  "$ROOT/scripts/setup.sh" --build-ahead
  cd "$ROOT"
  log "building and serving at  http://$ADDRESS:$PORT/  (Ctrl-C to stop)"
  # --offline=true, not --offline: Trunk would take the next word as the flag's value.
  exec trunk serve --release --offline=true --address "$ADDRESS" --port "$PORT"
}

main "$@"
