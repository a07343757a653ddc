// A C face on Google's libphonenumber (Debian's libphonenumber-dev, C++): one function that writes a phone
// number as E.164, so that Swift reaches the library without C++ interoperability. The library keeps one
// shared, thread-safe instance of its metadata; nothing here keeps memory between calls.
#ifndef TRANSCRIPTS_PHONE_NUMBERS_H
#define TRANSCRIPTS_PHONE_NUMBERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Writes `text` (UTF-8, a number as people write it: "+1 (555) 555-0101", "0151 12345678") as E.164
/// ("+15555550101") into `out`, NUL-terminated, and returns its length; returns 0 when the text is not a
/// possible number, or when a number without a country code is read without a region (`region`: a CLDR
/// region code such as "DE", or NULL), or when `out` is too small (`capacity` bytes; 24 always suffice).
size_t transcripts_phone_number_e164(const char *text, const char *region, char *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
