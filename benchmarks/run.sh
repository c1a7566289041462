#!/usr/bin/env bash
# Interlude beside the peers people would pick instead, in one run; prints the ratios first.
#
#   benchmarks/run.sh [--small] [--binary PATH] [interlude-bench options…]
#
# 1. builds the release binaries, `interlude` and `interlude-bench` (`--binary PATH` uses another
#    `interlude`, such as the debug build, and the `interlude-bench` beside it);
# 2. installs the peers into .build/bench-venv from benchmarks/peers/requirements.txt (once; nothing of
#    theirs is committed) and starts a private PostgreSQL 15 (scripts/postgres-private) in a temporary
#    folder, removed afterwards;
# 3. measures Majortomo (broker + 2 echo workers, a windowed DEALER client) and PgQueuer (no-op jobs, one
#    transaction per enqueue) with the same --jobs and --in-flight as Interlude, and PgQueuer's batched
#    enqueue (lists: --bulk-batch jobs a transaction, 4 in flight) with the same --bulk-jobs as Interlude's bulk row;
# 4. runs `interlude-bench … --peers FILE --postgres URL`: the floor, Interlude in separate processes and
#    in one (with the journal on SQLite, and on the private PostgreSQL), parked jobs, webhooks, and the
#    ratios to the floor and to both peers.
# --small runs every scenario at a size that takes seconds (what `make test` runs; no timing is asserted).
# A peer that cannot be installed because PyPI is unreachable is skipped with one line saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1

binary=""
small=0
jobs=2000
in_flight=64
timeout=30
bulk_jobs=20000
bulk_batch=1000
passed=()
while [ $# -gt 0 ]; do
    case $1 in
    --small) small=1 ;;
    --binary) binary=$2; shift ;;
    --jobs) jobs=$2; passed+=("$1" "$2"); shift ;;
    --in-flight) in_flight=$2; passed+=("$1" "$2"); shift ;;
    --timeout) timeout=$2; passed+=("$1" "$2"); shift ;;
    --bulk-jobs) bulk_jobs=$2; passed+=("$1" "$2"); shift ;;
    --bulk-batch) bulk_batch=$2; passed+=("$1" "$2"); shift ;;
    *) passed+=("$1") ;;
    esac
    shift
done
if [ "$small" = 1 ]; then
    # Set before the caller's own options, which win.
    small_jobs=300
    [[ " ${passed[*]} " == *" --jobs "* ]] || jobs=$small_jobs
    [[ " ${passed[*]} " == *" --timeout "* ]] || timeout=60
    [[ " ${passed[*]} " == *" --bulk-jobs "* ]] || bulk_jobs=2000
    [[ " ${passed[*]} " == *" --bulk-batch "* ]] || bulk_batch=100
    passed=(--jobs "$jobs" --bulk-jobs "$bulk_jobs" --bulk-batch "$bulk_batch" --questions 20 --echoes 1000 --parked 500 --parked-in-flight 64 --parked-timeout 60 --idle 1
        --webhooks 200 --timeout "$timeout" "${passed[@]}")
fi

say() { echo "benchmarks/run.sh: $*" >&2; }

if [ -z "$binary" ]; then
    say "building the release binaries"
    # As the Dockerfile builds what ships (the Swift runtime linked in, cross-module optimization): the same
    # flags for both products, so neither build undoes the other's.
    release=(-c release --static-swift-stdlib -Xswiftc -cross-module-optimization)
    swift build "${release[@]}" --product interlude >/dev/null
    swift build "${release[@]}" --product interlude-bench >/dev/null
    binary=.build/release/interlude
fi
[ -x "$binary" ] || { say "no executable at $binary"; exit 1; }
bench="$(dirname "$binary")/interlude-bench"
[ -x "$bench" ] || { say "no executable at $bench (swift build --product interlude-bench builds it)"; exit 1; }

work=$(mktemp -d)
# A folder of its own: the postgres user must reach it, and $work is closed to others.
postgres=$(mktemp -d)
trap 'scripts/postgres-private stop "$postgres" >/dev/null 2>&1 || true; rm -rf "$work" "$postgres"' EXIT

# A peer's figures, or why it has none, as the JSON object its driver prints.
skipped() { printf '{"name": "%s", "jobs": %s, "inFlight": %s, "error": "%s"}\n' "$1" "$jobs" "$in_flight" "$2"; }

venv=.build/bench-venv
requirements=benchmarks/peers/requirements.txt
peers_ready() {
    [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/installed-requirements.txt" && return 0
    command -v python3 >/dev/null || { echo "python3 is missing"; return 1; }
    python3 -c 'import venv, ensurepip' 2>/dev/null || { echo "python3-venv is missing (scripts/install-deps.sh)"; return 1; }
    say "installing the peers into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv" >/dev/null
    if ! "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements" >"$work/pip.log" 2>&1; then
        if ! python3 -c 'import urllib.request; urllib.request.urlopen("https://pypi.org/simple/", timeout=10)' 2>/dev/null; then
            rm -rf "$venv"
            echo "SKIP: PyPI (pypi.org) is unreachable, and the peers install from it"
            return 1
        fi
        tail -n 5 "$work/pip.log" >&2
        say "pip could not install $requirements although PyPI is reachable"
        exit 1
    fi
    cp "$requirements" "$venv/installed-requirements.txt"
}

# One private PostgreSQL for PgQueuer and for Interlude's row with the journal on PostgreSQL (a schema each).
url=""
if ! url=$(scripts/postgres-private start "$postgres" 2>"$work/postgres.err"); then
    url=""
    say "the private PostgreSQL did not start: $(tail -n 1 "$work/postgres.err")"
fi
if reason=$(peers_ready); then
    say "Majortomo: $jobs requests, ≤$in_flight in flight"
    "$venv/bin/python" benchmarks/peers/majortomo_peer.py --jobs "$jobs" --in-flight "$in_flight" --timeout "$timeout" --work "$work" \
        >"$work/majortomo.json" || true
    if [ -n "$url" ]; then
        say "PgQueuer: $jobs jobs, ≤$in_flight in flight, PostgreSQL 15 at 127.0.0.1:$(cat "$postgres/port")"
        "$venv/bin/python" benchmarks/peers/pgqueuer_peer.py --url "$url" --jobs "$jobs" --in-flight "$in_flight" --timeout "$timeout" \
            >"$work/pgqueuer.json" || true
        say "PgQueuer batched: $bulk_jobs jobs, $bulk_batch to an enqueue, 4 enqueues in flight"
        "$venv/bin/python" benchmarks/peers/pgqueuer_peer.py --url "$url" --jobs "$bulk_jobs" --in-flight 4 --batch "$bulk_batch" \
            --timeout "$timeout" >"$work/pgqueuerBatched.json" || true
    else
        skipped pgqueuer "the private PostgreSQL did not start: $(tail -n 1 "$work/postgres.err" | tr -d '"\\')" >"$work/pgqueuer.json"
        cp "$work/pgqueuer.json" "$work/pgqueuerBatched.json"
    fi
else
    say "peers not measured: $reason"
    skipped majortomo "$reason" >"$work/majortomo.json"
    skipped pgqueuer "$reason" >"$work/pgqueuer.json"
    skipped pgqueuer "$reason" >"$work/pgqueuerBatched.json"
fi
for peer in majortomo pgqueuer pgqueuerBatched; do
    [ -s "$work/$peer.json" ] || skipped "$peer" "its driver printed nothing" >"$work/$peer.json"
done
printf '{"majortomo": %s, "pgqueuer": %s, "pgqueuerBatched": %s}\n' "$(tail -n 1 "$work/majortomo.json")" "$(tail -n 1 "$work/pgqueuer.json")" \
    "$(tail -n 1 "$work/pgqueuerBatched.json")" >"$work/peers.json"

postgres_option=()
[ -z "$url" ] || postgres_option=(--postgres "$url")
"$bench" --interlude "$binary" "${passed[@]}" --peers "$work/peers.json" "${postgres_option[@]}"
