/* libxml2's HTML parser and tree. Debian builds libxml2 with ICU, so libxml/encoding.h includes ICU's
   unicode/ucnv.h; the system's ICU headers clash with the copy Foundation carries (_FoundationICU: "UErrorCode
   has different definitions in different modules"). They are kept out: ucnv.h's guard is set, and the two ICU
   types encoding.h names (only as pointers and a buffer in a struct transcripts never touches) are declared
   as ICU declares them in C. */
#define UCNV_H 1
#include <stdint.h>
typedef struct UConverter UConverter;
typedef uint16_t UChar;
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
