// glibc's malloc tuning (mallopt), which Swift's Glibc module leaves out.
#ifdef __linux__
#include <malloc.h>
#endif
