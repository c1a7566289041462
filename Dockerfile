# Builds the interlude binary and runs it on a slim Debian with only the C libraries it links.
FROM swift:6.3-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      libzmq3-dev libsqlite3-dev libmicrohttpd-dev libsodium-dev libarchive-dev libpq-dev libcurl4-openssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product interlude --static-swift-stdlib

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
      libzmq5 libsqlite3-0 libmicrohttpd12 libsodium23 libarchive13 libpq5 libcurl4 ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/.build/release/interlude /usr/local/bin/interlude
WORKDIR /srv
ENTRYPOINT []
