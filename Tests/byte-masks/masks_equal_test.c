// The byte masks of a 64-byte block, made every way this machine can compile, held equal to the plain byte-by-byte
// answer (`transcripts_json_block_masks_bytewise`): the words path always, SSE2 where the compiler targets it, and
// NEON when built with TRANSCRIPTS_BYTE_MASKS_NEON (scripts/check-byte-masks.sh builds it on x86-64 against
// SIMDe, which gives NEON's intrinsics in portable C). Exits 1 at the first difference, naming the block.
#include <stdio.h>
#include <stdlib.h>

#include "byte_masks.h"

static int failures = 0;

static void print_block(const uint8_t *block) {
    for (int i = 0; i < 64; i++) fprintf(stderr, "%02x%s", block[i], i % 16 == 15 ? "\n" : " ");
}

static int same(transcripts_json_masks a, transcripts_json_masks b) {
    return a.quotes == b.quotes && a.backslashes == b.backslashes && a.opens == b.opens && a.closes == b.closes;
}

static void check(const uint8_t *block) {
    transcripts_json_masks expected = transcripts_json_block_masks_bytewise(block);
    struct { const char *name; transcripts_json_masks masks; } ways[4];
    int count = 0;
    ways[count].name = "words";
    ways[count++].masks = transcripts_json_block_masks_words(block);
    ways[count].name = "default";
    ways[count++].masks = transcripts_json_block_masks(block);
#if defined(__SSE2__)
    transcripts_json_masks sse2 = {0, 0, 0, 0};
    for (int part = 0; part < 4; part++) transcripts_json_masks_add16(block + 16 * part, 16 * part, &sse2);
    ways[count].name = "sse2";
    ways[count++].masks = sse2;
#endif
#if defined(TRANSCRIPTS_BYTE_MASKS_NEON)
    ways[count].name = "neon";
    ways[count++].masks = transcripts_json_block_masks_neon(block);
#endif
    for (int way = 0; way < count; way++) {
        if (same(ways[way].masks, expected)) continue;
        transcripts_json_masks got = ways[way].masks;
        fprintf(stderr, "%s differs: quotes %016llx (want %016llx), backslashes %016llx (%016llx), opens %016llx (%016llx), "
                "closes %016llx (%016llx) for the block\n", ways[way].name,
                (unsigned long long)got.quotes, (unsigned long long)expected.quotes,
                (unsigned long long)got.backslashes, (unsigned long long)expected.backslashes,
                (unsigned long long)got.opens, (unsigned long long)expected.opens,
                (unsigned long long)got.closes, (unsigned long long)expected.closes);
        print_block(block);
        if (++failures > 5) exit(1);
    }
}

// A small, fixed generator (xorshift64*), so a failure comes back the same on every run.
static uint64_t state = 0x9E3779B97F4A7C15ULL;
static uint64_t next_random(void) {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545F4914F6CDD1DULL;
}

int main(void) {
    // The bytes that matter, their neighbours and what 0x20 or the high bit turns them into.
    static const uint8_t near[] = {'"', '\\', '{', '}', '[', ']', 0x02, 0x7C, 0x3C, 0x5E, 0x7A, 0x7E, 0x5A, 0x21,
                                   0x23, 0xA2, 0xDC, 0xFB, 0xFD, 0xDB, 0xDD, 0x00, 0x20, 0x7F, 0x80, 0xFF};
    uint8_t block[64];
    long blocks = 0;
    // Every byte value at every place, in a block of zeros and in a block of 0xFF.
    for (int fill = 0; fill < 2; fill++) {
        for (int place = 0; place < 64; place++) {
            for (int value = 0; value < 256; value++) {
                memset(block, fill ? 0xFF : 0x00, 64);
                block[place] = (uint8_t)value;
                check(block);
                blocks++;
            }
        }
    }
    // Blocks of one byte value throughout.
    for (int value = 0; value < 256; value++) {
        memset(block, value, 64);
        check(block);
        blocks++;
    }
    // Random blocks: of any bytes, of the bytes that matter and their neighbours, and of the two mixed.
    for (int round = 0; round < 300000; round++) {
        int kind = round % 3;
        for (int i = 0; i < 64; i++) {
            uint64_t r = next_random();
            uint8_t any = (uint8_t)(r >> 24), close = near[(r >> 40) % sizeof near];
            block[i] = kind == 0 ? any : kind == 1 ? close : ((r & 1) ? any : close);
        }
        check(block);
        blocks++;
    }
    if (failures) return 1;
    printf("byte masks: %ld blocks, every way equal to the bytewise masks\n", blocks);
    return 0;
}
