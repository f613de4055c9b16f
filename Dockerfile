# graph-server as a container image.
#
#   docker build -t graph-server .
#   docker run --rm -p 8080:8080 --stop-timeout 35 graph-server
#
# Both stages are Debian 12 (bookworm): the official Swift image's bookworm variant to build, and
# debian:bookworm-slim to run. Same distribution, same glibc (2.36) and libstdc++ (GCC 12) in both,
# and the same distribution as the CI machines, so Scripts/check-container.sh can build and
# check the very binary this file builds (ldd, smoke test) without a container engine.
#
# Keep in step with Scripts/check-container.sh, which reads this file:
# - the `swift build` line below is the one source of the build flags; the script runs it as is;
# - the `RUN mkdir` placeholder line must name every target under Tests/ in Package.swift;
# - the runtime libraries listed in the script must be the ones the runtime stage provides.

# ---- build ------------------------------------------------------------------------------------
# Pinned to the patch release of the toolchain the project uses (swift --version: 6.3.1). Where
# the build can look them up, pin both images by digest too (FROM image:tag@sha256:...).
FROM swift:6.3.1-bookworm AS build
WORKDIR /src

# The manifest first, so a change to Sources reuses these layers. SwiftPM refuses a manifest whose
# target folders are missing even to build one product, and the tests are not in the build
# context (.dockerignore): stand in an empty file for each target under Tests/ in Package.swift
# (the determinism probe is an executable: its empty file is its main.swift).
COPY Package.swift ./
RUN mkdir -p Tests/GraphCodableTests Tests/GraphHTTPTests Tests/DeterminismProbe && touch Tests/GraphCodableTests/Placeholder.swift Tests/GraphHTTPTests/Placeholder.swift Tests/DeterminismProbe/main.swift
# No dependencies today; with some, this layer caches their checkout.
RUN swift package resolve

COPY Sources ./Sources
# The Swift runtime and Foundation (with its ICU data) are linked in statically; what is left is
# glibc, libstdc++/libgcc_s and the system zlib (CZlib; zlib1g-dev comes with the Swift image).
RUN swift build -c release --static-swift-stdlib --product graph-server \
    && install -D -m 0755 .build/release/graph-server /out/graph-server

# ---- run --------------------------------------------------------------------------------------
# The binary needs libc6, libstdc++6, libgcc-s1 and zlib1g and nothing else (ldd, checked by
# Scripts/check-container.sh). bookworm-slim already has all four (dpkg pre-depends on zlib1g;
# apt depends on libstdc++6 and libgcc-s1), so nothing is installed here: no apt layer to pin.
FROM debian:bookworm-slim

# A fixed numeric non-root user, matching runAsUser in deploy/kubernetes.yaml.
RUN groupadd --gid 10001 graph-server \
    && useradd --no-log-init --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin graph-server

COPY --from=build /out/graph-server /usr/local/bin/graph-server

# Listen on every interface inside the container (the binary's default is 127.0.0.1).
# `graph-server health` reads the same variables (and asks 127.0.0.1 when the host is 0.0.0.0).
ENV GRAPH_SERVER_HOST=0.0.0.0 \
    GRAPH_SERVER_PORT=8080

USER 10001:10001
EXPOSE 8080

# No curl in the image: the binary probes /healthz itself (it gives up after 3 s).
HEALTHCHECK --interval=15s --timeout=5s --start-period=5s --retries=3 CMD ["graph-server", "health"]

# On SIGTERM /readyz fails at once, work in flight drains within GRAPH_SERVER_DRAIN_TIMEOUT
# (default 25 s), then the process exits 0. `docker stop` waits only 10 s before SIGKILL unless
# told otherwise: run with --stop-timeout 35 (or a shorter drain timeout).
# The server is PID 1 on purpose: it handles SIGTERM and SIGINT itself and starts no children.
STOPSIGNAL SIGTERM
ENTRYPOINT ["graph-server"]
CMD ["serve"]
