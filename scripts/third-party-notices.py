#!/usr/bin/env python3
"""Writes THIRD_PARTY_NOTICES: every library the `transcripts` binary and the container image contain, with its
licence text.

    scripts/third-party-notices.py [--checkouts DIR] [--output FILE]

Reads the Swift packages' licence files from a resolved checkout (`swift package resolve` puts them in
.build/checkouts; --checkouts names another folder), the Swift toolchain's LICENSE.txt, and the Debian packages'
copyright files in /usr/share/doc (the build image and the runtime image are Debian bookworm, as this machine).
Run it again when Package.swift's pins, the Dockerfile's packages or the toolchain change.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

# The Swift packages compiled into the binary (swift-docc-plugin and swift-docc-symbolkit only build the docs).
SWIFT_PACKAGES = [
    ("swift-argument-parser", "swift-argument-parser", "the command line", ["LICENSE.txt"]),
    ("swift-mustache", "swift-mustache", "Mustache templates", ["LICENSE.txt"]),
    ("Yams", "yams", "transcripts.yml and the strings tables", ["LICENSE"]),
    ("ZIPFoundation", "zipfoundation", "the zip container of EPUB books", ["LICENSE"]),
    ("hummingbird", "hummingbird", "the preview server", ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-nio", "swift-nio", "the preview server's networking and HTTP/1 decoder; includes llhttp",
     ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-nio-extras", "swift-nio-extras", "used by Hummingbird: NIO's HTTP parts as swift-http-types",
     ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-http-types", "swift-http-types", "used by Hummingbird: HTTP requests and responses",
     ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-log", "swift-log", "used by Hummingbird and NIO: logging", ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-service-lifecycle", "swift-service-lifecycle", "used by Hummingbird: running the server",
     ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-async-algorithms", "swift-async-algorithms", "used by Hummingbird", ["LICENSE.txt"]),
    ("swift-atomics", "swift-atomics", "used by Hummingbird and NIO", ["LICENSE.txt"]),
    ("swift-collections", "swift-collections", "used by Hummingbird and NIO", ["LICENSE.txt"]),
    ("swift-distributed-tracing", "swift-distributed-tracing", "used by Hummingbird", ["LICENSE.txt"]),
    ("swift-service-context", "swift-service-context", "used by swift-distributed-tracing",
     ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-metrics", "swift-metrics", "used by Hummingbird", ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-system", "swift-system", "used by NIO's file system module", ["LICENSE.txt"]),
    ("swift-crypto", "swift-crypto", "SHA-256, AES-GCM, HKDF, PBKDF2; includes BoringSSL", ["LICENSE.txt", "NOTICE.txt"]),
    ("swift-asn1", "swift-asn1", "used by swift-crypto's CryptoExtras", ["LICENSE.txt", "NOTICE.txt"]),
]

LIBYAML = """\
Copyright (c) 2017-2020 Ingy döt Net
Copyright (c) 2006-2016 Kirill Simonov

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""

# The Debian packages the binary links at run time, as the Dockerfile's runtime stage installs them.
DEBIAN_LINKED = [
    ("libcmark0.30.2", "cmark", "CommonMark: message text to HTML"),
    ("libsqlite3-0", "SQLite", "reading iMessage's chat.db"),
    ("libxml2", "libxml2", "reading Telegram's HTML export"),
    ("libarchive13", "libarchive", "reading zip and tar archives of exports"),
    ("zlib1g", "zlib", "checking the gzip trailers of compressed tars"),
    ("libjemalloc2", "jemalloc", "the memory allocator of release builds"),
    ("libphonenumber8", "libphonenumber", "phone numbers as E.164, to match one person's ids"),
    ("libprotobuf32", "Protocol Buffers", "used by libphonenumber"),
    ("libabsl20220623", "Abseil", "used by libphonenumber"),
    ("libicu72", "ICU", "used by libxml2 and libphonenumber"),
    ("libvips42", "libvips", "shrinking, turning and converting a book's pictures"),
    ("libglib2.0-0", "GLib", "used by libvips"),
    ("tzdata", "the time zone database", "the config's time zones"),
]

# The Debian packages of the programs the binary runs, as the Dockerfile's runtime stage installs them.
DEBIAN_PROGRAMS = [
    ("libimage-exiftool-perl", "ExifTool", "removes the metadata of HEIC pictures and videos"),
]

# What those pull in besides the base image (libxml2's and libarchive's dependencies, libvips's own, which bring
# theirs, and Perl for ExifTool).
DEBIAN_DEPENDENCIES = [
    "libbz2-1.0", "liblz4-1", "liblzma5", "libnettle8", "libzstd1",
    "libcairo2", "libcfitsio10", "libcgif0", "libexif12", "libexpat1", "libfftw3-double3", "libfontconfig1",
    "libgsf-1-114", "libheif1", "libimagequant0", "libjpeg62-turbo", "libjxl0.7", "liblcms2-2",
    "libmagickcore-6.q16-6", "libmatio11", "libopenexr-3-1-30", "libopenjp2-7", "libopenslide0", "liborc-0.4-0",
    "libpango-1.0-0", "libpangocairo-1.0-0", "libpangoft2-1.0-0", "libpng16-16", "libpoppler-glib8", "librsvg2-2",
    "libtiff6", "libwebp7", "libwebpdemux2", "libwebpmux3",
    "perl", "perl-modules-5.36", "libperl5.36", "libdb5.3", "libgdbm6", "libgdbm-compat4",
]


def run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def find_checkouts(given: str | None) -> Path:
    if given:
        return Path(given)
    for candidate in [REPO_ROOT / ".build" / "checkouts", *sorted(REPO_ROOT.glob(".build-*/checkouts"))]:
        if candidate.is_dir():
            return candidate
    raise SystemExit("no package checkouts: run `swift package resolve` first, or give --checkouts")


def resolved_versions() -> dict[str, str]:
    path = REPO_ROOT / "Package.resolved"
    if not path.exists():
        return {}
    return {pin["identity"]: pin["state"].get("version", "?") for pin in json.loads(path.read_text())["pins"]}


def section(title: str, body: str) -> str:
    rule = "=" * 100
    return f"{rule}\n{title}\n{rule}\n\n{body.rstrip()}\n\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkouts")
    parser.add_argument("--output", default=str(REPO_ROOT / "THIRD_PARTY_NOTICES"))
    arguments = parser.parse_args()
    checkouts = find_checkouts(arguments.checkouts)
    versions = resolved_versions()
    swift = shutil.which("swift")
    toolchain_license = Path(swift).resolve().parent.parent / "share" / "swift" / "LICENSE.txt" if swift else None
    toolchain_version = run("swift", "--version").splitlines()[0] if swift else "the Swift toolchain"

    out = [
        "THIRD-PARTY NOTICES for transcripts\n\n"
        "transcripts itself is under the Apache License 2.0 (the file LICENSE). The `transcripts` binary and the\n"
        "container image that the Dockerfile builds also contain the software below, each under its own licence,\n"
        "whose text follows. `transcripts licenses` prints where this file and LICENSE are.\n\n"
        "Contents\n"
        "  1. Compiled into the binary: Swift packages\n"
        "  2. Compiled into the binary: the Swift runtime, Foundation and Dispatch\n"
        "  3. Linked at run time (in the container image, from Debian bookworm)\n"
        "  4. Run as a program (in the container image, from Debian bookworm)\n"
        "  5. Further Debian packages in the container image\n\n"
    ]

    out.append("1. COMPILED INTO THE BINARY: SWIFT PACKAGES\n\n")
    for folder, identity, role, files in SWIFT_PACKAGES:
        texts = []
        for name in files:
            path = checkouts / folder / name
            if not path.exists():
                raise SystemExit(f"missing {path}")
            texts.append(path.read_text(encoding="utf-8"))
        title = f"{folder} {versions.get(identity, '')}".strip() + f" ({role})"
        out.append(section(title, "\n\n".join(texts)))
        if folder == "Yams":
            out.append(section("libyaml (in Yams, as its CYaml module)", LIBYAML))
        if folder == "swift-nio":
            out.append(section("llhttp (in swift-nio, as its CNIOLLHTTP module)",
                               (checkouts / folder / "Sources" / "CNIOLLHTTP" / "LICENSE").read_text(encoding="utf-8")))
        if folder == "swift-crypto":
            hash_file = checkouts / folder / "Sources" / "CCryptoBoringSSL" / "hash.txt"
            origin = hash_file.read_text().strip() if hash_file.exists() else "BoringSSL"
            out.append(section(
                "BoringSSL (in swift-crypto, as its CCryptoBoringSSL module)",
                f"{origin}\n\nBoringSSL's files carry the Apache License 2.0 (its text is in swift-crypto's LICENSE.txt\n"
                "above and in this project's LICENSE); they include code of the OpenSSL Project, also under the\n"
                "Apache License 2.0 since OpenSSL 3. Its third_party/fiat files are generated by fiat-crypto\n"
                "(Copyright the fiat-crypto authors, under the MIT License, the Apache License 2.0 or the BSD\n"
                "1-Clause License, at the user's choice; used here under the Apache License 2.0)."))

    out.append("2. COMPILED INTO THE BINARY: THE SWIFT RUNTIME, FOUNDATION AND DISPATCH\n\n")
    body = (
        f"Release builds link these in (--static-swift-stdlib), from {toolchain_version}:\n"
        "the Swift runtime and standard library, Foundation (swift-corelibs-foundation and swift-foundation),\n"
        "Dispatch (swift-corelibs-libdispatch) and the BlocksRuntime, all Copyright Apple Inc. and the Swift\n"
        "project authors, under the Apache License 2.0 with the Runtime Library Exception:\n\n")
    if toolchain_license and toolchain_license.exists():
        body += toolchain_license.read_text(encoding="utf-8")
    out.append(section("The Swift project", body))
    out.append(section(
        "ICU (in Foundation, as swift-foundation-icu)",
        "Foundation's internationalization links in ICU, Copyright Unicode, Inc. and others, under the Unicode\n"
        "License (ICU's licence). Its text is the same as the ICU entry in part 3 (libicu72) below."))
    out.append(section(
        "CLDR's plural rules (in TranscriptModel, as PluralRules+Table.swift)",
        "The plural rules of the Unicode Common Locale Data Repository (supplemental/plurals.xml, from Debian's\n"
        "unicode-cldr-core), Copyright Unicode, Inc., under the Unicode License (Unicode-DFS-2016), the same\n"
        "terms as the ICU entry in part 3 (libicu72) below."))

    out.append("3. LINKED AT RUN TIME (IN THE CONTAINER IMAGE, FROM DEBIAN BOOKWORM)\n\n")
    for package, name, role in DEBIAN_LINKED:
        path = Path("/usr/share/doc") / package / "copyright"
        if not path.exists():
            raise SystemExit(f"missing {path}: apt-get install {package}")
        out.append(section(f"{name} (Debian package {package}: {role})", path.read_text(encoding="utf-8")))
    gcc = Path("/usr/share/doc/libstdc++6/copyright").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(gcc) if line.startswith("GCC is Copyright"))
    exception = next(i for i, line in enumerate(gcc) if line.strip() == "GCC RUNTIME LIBRARY EXCEPTION")
    end = next(i for i in range(exception, len(gcc)) if gcc[i].startswith("requirements of the license of GCC."))
    excerpt = "\n".join(gcc[start:exception - 1] + ["", "-" * 40, ""] + gcc[exception:end + 1])
    out.append(section(
        "the GNU C++ library (Debian package libstdc++6: the C++ runtime, with libgcc-s1)",
        "From the package's copyright file (/usr/share/doc/libstdc++6/copyright in the image), the parts about\n"
        "the runtime libraries; the GNU General Public License version 3 is /usr/share/common-licenses/GPL-3.\n\n"
        + excerpt))

    out.append("4. RUN AS A PROGRAM (IN THE CONTAINER IMAGE, FROM DEBIAN BOOKWORM)\n\n")
    for package, name, role in DEBIAN_PROGRAMS:
        path = Path("/usr/share/doc") / package / "copyright"
        if not path.exists():
            raise SystemExit(f"missing {path}: apt-get install {package}")
        out.append(section(f"{name} (Debian package {package}: {role})", path.read_text(encoding="utf-8")))

    out.append("5. FURTHER DEBIAN PACKAGES IN THE CONTAINER IMAGE\n\n")
    lines = [
        "The packages above bring these in (libxml2's, libarchive's and libvips's dependencies, and theirs, and Perl,",
        "which runs ExifTool), where the debian:bookworm-slim base image does not already hold them.",
        "Each package's full copyright and licence text is in the image at /usr/share/doc/<package>/copyright, and the",
        "common licences (GPL-2, GPL-3, LGPL-2.1, LGPL-3, Apache-2.0) in /usr/share/common-licenses.",
        "",
    ]
    lines += ["  " + ", ".join(DEBIAN_DEPENDENCIES[i:i + 8]) for i in range(0, len(DEBIAN_DEPENDENCIES), 8)]
    out.append(section("Dependencies of the packages above", "\n".join(lines)))

    Path(arguments.output).write_text("".join(out).rstrip() + "\n", encoding="utf-8")
    print(f"wrote {arguments.output}")


if __name__ == "__main__":
    main()
