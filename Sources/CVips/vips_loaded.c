// libvips's functions, found in the library once it is loaded. The declarations are libvips's (vips/*.h, GLib's
// gboolean an int, gpointer a void pointer); the library is found by its ABI's name, libvips.so.42, whose functions
// keep these signatures.
#include "vips_loaded.h"

#include <dlfcn.h>
#include <stdio.h>

enum { ABI_VERSION = 42, SIZE_DOWN = 2, INTERESTING_NONE = 0, INTERESTING_CENTRE = 1 };

/// libvips's functions, filled once by `transcripts_vips_start` (which its caller runs once, before the others).
static struct {
    int loaded;
    int (*version)(int flag);
    int (*init)(const char *argv0);
    void (*cache_set_max)(int max);
    void (*concurrency_set)(int concurrency);
    void (*block_untrusted_set)(int state);
    VipsImage *(*image_new_from_file)(const char *name, ...);
    int (*thumbnail)(const char *filename, VipsImage **out, int width, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*pngsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*image_get_width)(const VipsImage *image);
    int (*image_get_height)(const VipsImage *image);
    int (*image_get_orientation)(VipsImage *image);
    int (*image_hasalpha)(VipsImage *image);
    const char *(*foreign_find_load)(const char *filename);
    char *(*error_buffer_copy)(void);
    void (*error_clear)(void);
    void (*object_unref)(void *object);
    void (*free)(void *memory);
} vips;

static int find(void *library, const char *name, void **function, char *reason, size_t capacity) {
    *function = dlsym(library, name);
    if (*function) return 0;
    snprintf(reason, capacity, "libvips has no %s", name);
    return -1;
}

#define FIND(field, name) \
    if (find(library, name, (void **)&vips.field, reason, capacity)) return -1

int transcripts_vips_start(char *reason, size_t capacity) {
#if defined(__APPLE__)
    const char *names[] = {"libvips.42.dylib", "libvips.dylib"};
#else
    const char *names[] = {"libvips.so.42", "libvips.so"};
#endif
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        const char *error = dlerror();
        snprintf(reason, capacity, "libvips could not be loaded (%s); install libvips42 (Debian) or vips",
            error ? error : names[0]);
        return -1;
    }
    FIND(version, "vips_version");
    FIND(init, "vips_init");
    FIND(cache_set_max, "vips_cache_set_max");
    FIND(concurrency_set, "vips_concurrency_set");
    FIND(block_untrusted_set, "vips_block_untrusted_set");
    FIND(image_new_from_file, "vips_image_new_from_file");
    FIND(thumbnail, "vips_thumbnail");
    FIND(jpegsave_buffer, "vips_jpegsave_buffer");
    FIND(pngsave_buffer, "vips_pngsave_buffer");
    FIND(image_get_width, "vips_image_get_width");
    FIND(image_get_height, "vips_image_get_height");
    FIND(image_get_orientation, "vips_image_get_orientation");
    FIND(image_hasalpha, "vips_image_hasalpha");
    FIND(foreign_find_load, "vips_foreign_find_load");
    FIND(error_buffer_copy, "vips_error_buffer_copy");
    FIND(error_clear, "vips_error_clear");
    FIND(object_unref, "g_object_unref");
    FIND(free, "g_free");
    // VIPS_INIT's check: the library's ABI is the one these signatures are of.
    int abi = vips.version(3) - vips.version(5);
    if (abi != ABI_VERSION) {
        snprintf(reason, capacity, "libvips has ABI version %d, transcripts needs %d", abi, ABI_VERSION);
        return -1;
    }
    vips.loaded = 1;
    if (vips.init("transcripts")) {
        char *error = vips.error_buffer_copy();
        snprintf(reason, capacity, "libvips did not start: %s", error ? error : "no reason given");
        vips.free(error);
        return -1;
    }
    vips.cache_set_max(0);
    vips.concurrency_set(1);
    vips.block_untrusted_set(1);
    return 0;
}

VipsImage *transcripts_vips_open(const char *path) {
    return vips.image_new_from_file(path, NULL);
}

VipsImage *transcripts_vips_thumbnail(const char *path, int width, int height, int crop) {
    VipsImage *out = NULL;
    if (vips.thumbnail(path, &out, width, "height", height, "size", SIZE_DOWN,
            "crop", crop ? INTERESTING_CENTRE : INTERESTING_NONE, "export_profile", "srgb", NULL))
        return NULL;
    return out;
}

int transcripts_vips_save_jpeg(VipsImage *image, int quality, void **buffer, size_t *length) {
    return vips.jpegsave_buffer(image, buffer, length, "Q", quality, "strip", 1, "optimize_coding", 1, NULL);
}

int transcripts_vips_save_png(VipsImage *image, void **buffer, size_t *length) {
    return vips.pngsave_buffer(image, buffer, length, "compression", 6, "strip", 1, NULL);
}

int transcripts_vips_width(const VipsImage *image) { return vips.image_get_width(image); }
int transcripts_vips_height(const VipsImage *image) { return vips.image_get_height(image); }
int transcripts_vips_orientation(VipsImage *image) { return vips.image_get_orientation(image); }
int transcripts_vips_has_alpha(VipsImage *image) { return vips.image_hasalpha(image); }

const char *transcripts_vips_find_load(const char *path) { return vips.foreign_find_load(path); }

char *transcripts_vips_error_copy(void) { return vips.loaded ? vips.error_buffer_copy() : NULL; }
void transcripts_vips_error_clear(void) { if (vips.loaded) vips.error_clear(); }

void transcripts_vips_unref(VipsImage *image) { vips.object_unref(image); }
void transcripts_vips_free(void *memory) { if (memory) vips.free(memory); }
