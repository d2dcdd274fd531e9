# taktable's container image (issue 43): built in one stage, run from a small one.
#
#   docker build -t taktable .
#   docker run -d --name taktable -e DISCORD_TOKEN=... -v taktable-data:/data taktable
#
# The token comes from the environment at run time (never baked into the image); the database
# lives on the volume /data (DATABASE_PATH=/data/taktable.db). `docker stop` sends SIGTERM: the
# bot stops taking commands, lets those under way finish and closes the database within Docker's
# 10 s. docs/deploy/compose.yaml runs it with Compose; docs/operating.md says more.
# tests/cli/container.rs checks this file, and runs the binary it builds against the Discord
# stand-in (cargo test --release --test cli container).

# The build: the same command as a release build anywhere (`cargo build --release --locked`).
FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY .cargo .cargo
COPY src src
COPY migrations migrations
COPY assets assets
COPY benches benches
RUN cargo build --release --locked --bin taktable

# The run: Debian's slim image, the CA certificates for Discord's TLS, and the binary.
FROM debian:bookworm-slim AS run
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin taktable \
    && mkdir -p /data \
    && chown taktable:taktable /data
COPY --from=build /src/target/release/taktable /usr/local/bin/taktable
USER taktable
WORKDIR /data
VOLUME ["/data"]
ENV DATABASE_PATH=/data/taktable.db \
    RUST_LOG=info,serenity=warn,poise=warn
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/taktable"]
CMD ["run"]
