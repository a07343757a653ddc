#!/usr/bin/env bash
# The JSON scanner's byte masks (Sources/CByteMasks) made every way held equal to the byte-by-byte masks
# (Tests/byte-masks/masks_equal_test.c): on this machine's own paths (SSE2 on x86-64), and on arm64's NEON path,
# which an x86-64 machine cannot run: it is compiled against SIMDe (Debian's libsimde-dev, NEON's intrinsics in
# portable C). Then the NEON path is compiled for arm64 itself (syntax and types only) when clang can.
set -euo pipefail
cd "$(dirname "$0")/.."
cc=${CC:-clang}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c11 -O2 -Wall -Wextra -Werror -I Sources/CByteMasks/include)
sources=(Tests/byte-masks/masks_equal_test.c Sources/CByteMasks/byte_masks.c)

"$cc" "${flags[@]}" "${sources[@]}" -o "$work/native"
"$work/native"

if [ ! -f /usr/include/simde/arm/neon.h ]; then
    echo "check-byte-masks: SIMDe is not installed (libsimde-dev; scripts/test.sh installs it)" >&2
    exit 1
fi
# SIMDe's own headers do not pass -Wextra -Werror; only the project's are held to it.
"$cc" "${flags[@]}" -DTRANSCRIPTS_BYTE_MASKS_NEON=1 -DSIMDE_ENABLE_NATIVE_ALIASES \
    -isystem /usr/include -include simde/arm/neon.h "${sources[@]}" -o "$work/neon"
"$work/neon" | sed 's/^byte masks:/byte masks (NEON by SIMDe):/'

# arm64 itself: the header as an arm64 compiler sees it (the NEON path chosen), with clang's own headers and a
# stand-in for the C library's string.h (no arm64 C library is installed here). Syntax and types only.
if echo '#include <arm_neon.h>' | "$cc" -target aarch64-linux-gnu -ffreestanding -fsyntax-only -x c - 2>/dev/null; then
    printf '#include <stddef.h>\nvoid *memcpy(void *, const void *, size_t);\n' >"$work/string.h"
    printf '%s\n' '#include "byte_masks.h"' '#if !defined(TRANSCRIPTS_BYTE_MASKS_NEON)' '#error "no NEON path"' '#endif' \
        'uint64_t quotes(const uint8_t *b) { return transcripts_json_block_masks(b).quotes; }' \
        | "$cc" -target aarch64-linux-gnu -ffreestanding -nostdlibinc -I "$work" -I Sources/CByteMasks/include \
            -std=c11 -Wall -Wextra -Werror -fsyntax-only -x c -
    echo "byte masks: the NEON path compiles for aarch64-linux-gnu"
else
    echo "check-byte-masks: $cc cannot compile for arm64; the NEON path was checked by SIMDe only"
fi
