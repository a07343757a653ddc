#include <vips/vips.h>

// libvips's operations take their options as a NULL-terminated list of names and values, which Swift cannot
// call: these functions call them with the options transcripts uses.

/// Starts libvips (once per process): no cache of operations (every picture is read once), one thread per
/// picture (the caller works on several at a time), and the loaders libvips marks untrusted blocked.
static inline int transcripts_vips_start(void) {
    if (VIPS_INIT("transcripts")) return -1;
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
    return 0;
}

/// The picture at `path`, its header read (its pixels are read when asked for); NULL when it cannot be read.
static inline VipsImage *transcripts_vips_open(const char *path) {
    return vips_image_new_from_file(path, NULL);
}

/// The picture at `path` shrunk to fit `width` × `height` (never enlarged), or cut to that box's shape first
/// when `crop`, turned as its EXIF orientation says, in sRGB; NULL when it cannot be read.
static inline VipsImage *transcripts_vips_thumbnail(const char *path, int width, int height, int crop) {
    VipsImage *out = NULL;
    if (vips_thumbnail(path, &out, width, "height", height, "size", VIPS_SIZE_DOWN,
            "crop", crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE, "export_profile", "srgb", NULL))
        return NULL;
    return out;
}

/// `image` as a baseline JPEG of `quality` without metadata, in a buffer the caller frees with g_free.
static inline int transcripts_vips_save_jpeg(VipsImage *image, int quality, void **buffer, size_t *length) {
    return vips_jpegsave_buffer(image, buffer, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// `image` as a PNG without metadata, in a buffer the caller frees with g_free.
static inline int transcripts_vips_save_png(VipsImage *image, void **buffer, size_t *length) {
    return vips_pngsave_buffer(image, buffer, length, "compression", 6, "strip", TRUE, NULL);
}
