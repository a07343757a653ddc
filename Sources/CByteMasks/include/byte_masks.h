// The bytes of a JSON document that matter to finding where its values end, 64 at a time, as bit masks: bit i
// of each mask is byte i of the block. Swift has no way to turn a vector comparison into such a mask (SSE2's
// `pmovmskb`), so this one piece is C; `JSONBlockState` (TranscriptJSON) does the rest in Swift. It reads the
// 64 bytes it is given and nothing else, and keeps no memory.
//
// Three ways, one answer: SSE2 (x86-64), NEON (arm64) and eight bytes at a time in 64-bit words (elsewhere).
// scripts/check-byte-masks.sh compiles the NEON one on x86-64 against SIMDe (NEON's intrinsics in portable C) and
// holds all three equal to `transcripts_json_block_masks_bytewise`.
#ifndef TRANSCRIPTS_BYTE_MASKS_H
#define TRANSCRIPTS_BYTE_MASKS_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
// NEON's 64-bit instruction set (`vpaddq_u8` is arm64's); scripts/check-byte-masks.sh defines the macro itself.
#if !defined(TRANSCRIPTS_BYTE_MASKS_NEON) && defined(__ARM_NEON) && (defined(__aarch64__) || defined(_M_ARM64))
#define TRANSCRIPTS_BYTE_MASKS_NEON 1
#include <arm_neon.h>
#endif

/// Which of 64 bytes are quotes, backslashes, opening brackets (`{`, `[`) and closing brackets (`}`, `]`).
typedef struct {
    uint64_t quotes;
    uint64_t backslashes;
    uint64_t opens;
    uint64_t closes;
} transcripts_json_masks;

/// The masks of the 64 bytes at `bytes`, one byte at a time: what the tests compare the others with.
transcripts_json_masks transcripts_json_block_masks_bytewise(const uint8_t *bytes);

/// The bytes of a word (eight bytes, the first in memory lowest) equal to `byte`, as the high bit of each byte;
/// exact (no borrow from one byte flags the next).
static inline uint64_t transcripts_word_equal(uint64_t word, uint8_t byte) {
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
    uint64_t difference = word ^ (0x0101010101010101ULL * byte);
    // A byte's high bit ends up set when any of its bits is: none of them is set only where the byte was equal.
    return ~(((difference & low7) + low7) | difference) & 0x8080808080808080ULL;
}

/// The high bits of a word's eight bytes gathered into its eight lowest bits (bit i from byte i).
static inline uint64_t transcripts_word_gather(uint64_t flags) {
    return ((flags >> 7) * 0x0102040810204080ULL) >> 56;
}

/// The masks of the 64 bytes at `bytes`, eight at a time in 64-bit words: for machines without SSE2.
static inline transcripts_json_masks transcripts_json_block_masks_words(const uint8_t *bytes) {
    transcripts_json_masks masks = {0, 0, 0, 0};
    for (int part = 0; part < 8; part++) {
        uint64_t word;
        memcpy(&word, bytes + 8 * part, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        // `[` and `]` are `{` and `}` without the bit 0x20, and no other byte becomes either with it.
        uint64_t folded = word | 0x2020202020202020ULL;
        int shift = 8 * part;
        masks.quotes |= transcripts_word_gather(transcripts_word_equal(word, '"')) << shift;
        masks.backslashes |= transcripts_word_gather(transcripts_word_equal(word, '\\')) << shift;
        masks.opens |= transcripts_word_gather(transcripts_word_equal(folded, '{')) << shift;
        masks.closes |= transcripts_word_gather(transcripts_word_equal(folded, '}')) << shift;
    }
    return masks;
}

#if defined(__SSE2__)
/// The masks of 16 bytes, shifted to their place (`shift`) in a block's.
static inline void transcripts_json_masks_add16(const uint8_t *bytes, int shift, transcripts_json_masks *masks) {
    __m128i v = _mm_loadu_si128((const __m128i *)bytes);
    // `[` and `]` are `{` and `}` without the bit 0x20, and no other byte becomes either with it.
    __m128i folded = _mm_or_si128(v, _mm_set1_epi8(0x20));
    masks->quotes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))) << shift;
    masks->backslashes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))) << shift;
    masks->opens |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('{'))) << shift;
    masks->closes |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(folded, _mm_set1_epi8('}'))) << shift;
}
#endif

#if defined(TRANSCRIPTS_BYTE_MASKS_NEON)
/// The bytes of four 16-byte comparisons (each 0xFF or 0) as a 64-bit mask, bit i from byte i: each byte keeps
/// only its own bit of its eight (`weights`), and three rounds of pairwise adds gather eight bytes into one.
static inline uint64_t transcripts_neon_gather(uint8x16_t c0, uint8x16_t c1, uint8x16_t c2, uint8x16_t c3) {
    static const uint8_t weight_bytes[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    const uint8x16_t weights = vld1q_u8(weight_bytes);
    uint8x16_t sum01 = vpaddq_u8(vandq_u8(c0, weights), vandq_u8(c1, weights));
    uint8x16_t sum23 = vpaddq_u8(vandq_u8(c2, weights), vandq_u8(c3, weights));
    uint8x16_t sum = vpaddq_u8(sum01, sum23);
    sum = vpaddq_u8(sum, sum);
    return vgetq_lane_u64(vreinterpretq_u64_u8(sum), 0);
}

/// The masks of the 64 bytes at `bytes`, 16 at a time by NEON: for arm64 (Apple silicon).
static inline transcripts_json_masks transcripts_json_block_masks_neon(const uint8_t *bytes) {
    uint8x16_t v0 = vld1q_u8(bytes), v1 = vld1q_u8(bytes + 16), v2 = vld1q_u8(bytes + 32), v3 = vld1q_u8(bytes + 48);
    const uint8x16_t quote = vdupq_n_u8('"'), backslash = vdupq_n_u8('\\');
    const uint8x16_t open = vdupq_n_u8('{'), close = vdupq_n_u8('}'), bit20 = vdupq_n_u8(0x20);
    // `[` and `]` are `{` and `}` without the bit 0x20, and no other byte becomes either with it.
    uint8x16_t f0 = vorrq_u8(v0, bit20), f1 = vorrq_u8(v1, bit20), f2 = vorrq_u8(v2, bit20), f3 = vorrq_u8(v3, bit20);
    transcripts_json_masks masks;
    masks.quotes = transcripts_neon_gather(vceqq_u8(v0, quote), vceqq_u8(v1, quote), vceqq_u8(v2, quote), vceqq_u8(v3, quote));
    masks.backslashes = transcripts_neon_gather(
        vceqq_u8(v0, backslash), vceqq_u8(v1, backslash), vceqq_u8(v2, backslash), vceqq_u8(v3, backslash));
    masks.opens = transcripts_neon_gather(vceqq_u8(f0, open), vceqq_u8(f1, open), vceqq_u8(f2, open), vceqq_u8(f3, open));
    masks.closes = transcripts_neon_gather(vceqq_u8(f0, close), vceqq_u8(f1, close), vceqq_u8(f2, close), vceqq_u8(f3, close));
    return masks;
}
#endif

/// The masks of the 64 bytes at `bytes` (all 64 must be readable): by NEON on arm64, by SSE2 where the machine
/// has it (x86-64 always does), else eight bytes at a time.
static inline transcripts_json_masks transcripts_json_block_masks(const uint8_t *bytes) {
#if defined(TRANSCRIPTS_BYTE_MASKS_NEON)
    return transcripts_json_block_masks_neon(bytes);
#elif defined(__SSE2__)
    transcripts_json_masks masks = {0, 0, 0, 0};
    transcripts_json_masks_add16(bytes, 0, &masks);
    transcripts_json_masks_add16(bytes + 16, 16, &masks);
    transcripts_json_masks_add16(bytes + 32, 32, &masks);
    transcripts_json_masks_add16(bytes + 48, 48, &masks);
    return masks;
#else
    return transcripts_json_block_masks_words(bytes);
#endif
}

#endif
