// The system's zlib (its headers come with every Swift toolchain on Linux and with the
// macOS SDK), for gzip-encoded answers.
#include <zlib.h>
