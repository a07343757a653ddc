// The bytes of a JSON document that matter to finding where its values end, 64 at a time, as bit masks: bit i
// of each mask is byte i of the block. Swift has no way to turn a vector comparison into such a mask (SSE2's
// `pmovmskb`), so this one piece is C; `JSONBlockState` (TranscriptModel) does the rest in Swift. It reads the
// 64 bytes it is given and nothing else, and keeps no memory.
#ifndef TRANSCRIPTS_BYTE_MASKS_H
#define TRANSCRIPTS_BYTE_MASKS_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
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

/// The masks of the 64 bytes at `bytes` (all 64 must be readable): by SSE2 where the machine has it (x86-64
/// always does), else eight bytes at a time.
static inline transcripts_json_masks transcripts_json_block_masks(const uint8_t *bytes) {
#if defined(__SSE2__)
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
