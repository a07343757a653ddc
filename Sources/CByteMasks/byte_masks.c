#include "byte_masks.h"

transcripts_json_masks transcripts_json_block_masks_bytewise(const uint8_t *bytes) {
    transcripts_json_masks masks = {0, 0, 0, 0};
    for (int i = 0; i < 64; i++) {
        uint64_t bit = (uint64_t)1 << i;
        switch (bytes[i]) {
        case '"': masks.quotes |= bit; break;
        case '\\': masks.backslashes |= bit; break;
        case '{': case '[': masks.opens |= bit; break;
        case '}': case ']': masks.closes |= bit; break;
        default: break;
        }
    }
    return masks;
}
