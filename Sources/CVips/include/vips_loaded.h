// libvips, loaded when a picture is first asked for (`dlopen`), not linked: libvips and the hundred libraries it
// links (GLib, cairo, poppler, curl, ...) would otherwise be mapped by every run of transcripts, about 22 MB of
// memory and 30 ms at each start, though only a book's pictures use it. The functions below call libvips's own
// through the table `transcripts_vips_start` fills; libvips's options, passed as a NULL-terminated list of names
// and values that Swift cannot call, are the ones transcripts uses. `PictureResizer` is the one file that calls
// them.
#ifndef TRANSCRIPTS_VIPS_LOADED_H
#define TRANSCRIPTS_VIPS_LOADED_H

#include <stddef.h>

/// libvips's image, only ever handled by pointer.
typedef struct _VipsImage VipsImage;

/// Loads and starts libvips (call once per process, before any other function here): no cache of operations
/// (every picture is read once), one thread per picture (the caller works on several at a time), and the loaders
/// libvips marks untrusted blocked. 0 when it started; otherwise -1, with why in `reason` (at most `capacity`
/// bytes, ended by a zero byte).
int transcripts_vips_start(char *reason, size_t capacity);

/// The picture at `path`, its header read (its pixels are read when asked for); NULL when it cannot be read.
VipsImage *transcripts_vips_open(const char *path);

/// The picture at `path` shrunk to fit `width` × `height` (never enlarged), or cut to that box's shape first
/// when `crop`, turned as its EXIF orientation says, in sRGB; NULL when it cannot be read.
VipsImage *transcripts_vips_thumbnail(const char *path, int width, int height, int crop);

/// `image` as a baseline JPEG of `quality` without metadata, in a buffer the caller frees with
/// `transcripts_vips_free`; 0 when it was written.
int transcripts_vips_save_jpeg(VipsImage *image, int quality, void **buffer, size_t *length);

/// `image` as a PNG without metadata, in a buffer the caller frees with `transcripts_vips_free`; 0 when it was
/// written.
int transcripts_vips_save_png(VipsImage *image, void **buffer, size_t *length);

/// The size of `image` in pixels, as stored.
int transcripts_vips_width(const VipsImage *image);
int transcripts_vips_height(const VipsImage *image);
/// The EXIF orientation of `image`, 1 (as stored) to 8.
int transcripts_vips_orientation(VipsImage *image);
/// Whether `image` has an alpha channel (not 0).
int transcripts_vips_has_alpha(VipsImage *image);

/// The name of the loader libvips would read the file at `path` with (such as "VipsForeignLoadJpegFile"), by its
/// first bytes; NULL when none.
const char *transcripts_vips_find_load(const char *path);

/// libvips's error messages since they were last cleared, in a string the caller frees with
/// `transcripts_vips_free`; NULL when libvips is not loaded.
char *transcripts_vips_error_copy(void);
/// Forgets libvips's error messages.
void transcripts_vips_error_clear(void);

/// Lets go of an image.
void transcripts_vips_unref(VipsImage *image);
/// Frees a buffer or string libvips made (NULL is nothing).
void transcripts_vips_free(void *memory);

#endif
