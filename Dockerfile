# transcripts in a container (docs/ci.md): the first stage builds the binary with the Swift image, the second
# runs it on a slim Debian with only the libraries it links. The image builds the site mounted at /site:
#
#   docker build -t transcripts .
#   docker run --rm -v "$PWD/Site:/site" transcripts             # writes Site/public (the config's output)
#   docker run --rm -v "$PWD/Site:/site" transcripts --strict    # build flags go after the image's name
#
# The passphrase of a protected site comes in as usual: docker run -e TRANSCRIPTS_PASSPHRASE ...

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libcmark-dev libsqlite3-dev libxml2-dev libarchive-dev zlib1g-dev libdeflate-dev libjemalloc-dev libphonenumber-dev libvips-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The Swift runtime and Foundation are linked in (--static-swift-stdlib): the runtime image needs no Swift.
RUN swift build -c release --product transcripts --static-swift-stdlib \
    && install -D "$(swift build -c release --show-bin-path)/transcripts" /out/transcripts

FROM ${RUNTIME_IMAGE}
# What the binary links besides libc: cmark (text), SQLite (iMessage's chat.db), libxml2 (Telegram's HTML
# export; it brings ICU), libarchive (zip and tar archives of exports), zlib (the gzip trailers of compressed tars),
# jemalloc (release builds allocate with it),
# libphonenumber (one person's numbers, however written), libvips (a book's pictures), the C++ runtime; tzdata for
# the config's time zones; and exiftool, the program that strips HEIC pictures and videos of their metadata
# (privacy.stripMetadata).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libcmark0.30.2 libsqlite3-0 libxml2 libarchive13 zlib1g libdeflate0 libjemalloc2 libphonenumber8 libvips42 libstdc++6 tzdata libimage-exiftool-perl \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --create-home --uid 1000 transcripts
COPY --from=build /out/transcripts /usr/local/bin/transcripts
# The licence of transcripts and the notices of every library in the binary and this image (`transcripts licenses`).
COPY LICENSE THIRD_PARTY_NOTICES /usr/local/share/doc/transcripts/
# Files written in /site belong to uid 1000; run with --user "$(id -u):$(id -g)" to write them as yourself.
USER transcripts
WORKDIR /site
ENTRYPOINT ["transcripts", "build", "/site"]
