// The bytes of a JSON document that matter to finding where its values end, 64 at a time, as bit masks: bit i
// of each mask is byte i of the block. Swift has no way to turn a vector comparison into such a mask (SSE2's
// `pmovmskb`), so this one piece is C; `JSONBlockScanner` (TranscriptModel) does the rest in Swift. It reads the
// 64 bytes it is given and nothing else, and keeps no memory.
#ifndef TRANSCRIPTS_BYTE_MASKS_H
#define TRANSCRIPTS_BYTE_MASKS_H

#include <stdint.h>
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

/// The masks of the 64 bytes at `bytes`, one byte at a time: what `transcripts_json_block_masks` gives on
/// machines without SSE2, and what the tests compare it with.
transcripts_json_masks transcripts_json_block_masks_bytewise(const uint8_t *bytes);

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

/// The masks of the 64 bytes at `bytes` (all 64 must be readable).
static inline transcripts_json_masks transcripts_json_block_masks(const uint8_t *bytes) {
#if defined(__SSE2__)
    transcripts_json_masks masks = {0, 0, 0, 0};
    transcripts_json_masks_add16(bytes, 0, &masks);
    transcripts_json_masks_add16(bytes + 16, 16, &masks);
    transcripts_json_masks_add16(bytes + 32, 32, &masks);
    transcripts_json_masks_add16(bytes + 48, 48, &masks);
    return masks;
#else
    return transcripts_json_block_masks_bytewise(bytes);
#endif
}

#endif
