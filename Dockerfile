# Builds the interlude binary and runs it on a slim Debian with only the C libraries it links.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      libzmq3-dev libsqlite3-dev libmicrohttpd-dev libsodium-dev libarchive-dev libpq-dev libcurl4-openssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# Cross-module optimization lets the compiler specialize and inline across the package's modules (the broker's
# CPU per job about 9 % lower in docs/benchmarks.md's separate-process row).
RUN swift build -c release --product interlude --static-swift-stdlib -Xswiftc -cross-module-optimization

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
      libzmq5 libsqlite3-0 libmicrohttpd12 libsodium23 libarchive13 libpq5 libcurl4 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# The image's user, uid and gid 10001 on every build, so volumes and secrets can be given to it: it owns
# the journal, outbox and library folders (a new named volume takes their owner); compose's long secret
# syntax gives it its keys (uid "10001", mode 0400).
RUN groupadd --system --gid 10001 interlude \
    && useradd --system --uid 10001 --gid 10001 --home-dir /srv --no-create-home --shell /usr/sbin/nologin interlude \
    && mkdir -p /var/lib/interlude /var/lib/interlude-gateway /srv/library \
    && chown interlude:interlude /var/lib/interlude /var/lib/interlude-gateway /srv/library
COPY --from=build /src/.build/release/interlude /usr/local/bin/interlude
USER 10001:10001
WORKDIR /srv
ENTRYPOINT []
# SIGTERM starts the graceful stop: each process finishes its turn, says goodbye and stops within 10 s
# (its service group's grace), then cancels what still runs; give it 15 s (`docker stop -t 15`,
# compose's stop_grace_period) before SIGKILL.
STOPSIGNAL SIGTERM
# HEALTH_PROBE names the part a container runs: broker (the default), `worker NAME`, or gateway, and
# with CURVE keys the probe's own (`--key FILE --broker-key FILE`); see `interlude health --help`.
ENV HEALTH_PROBE=broker
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["sh", "-c", "exec interlude health $HEALTH_PROBE"]
