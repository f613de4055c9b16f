// Linux's epoll, which Swift's Glibc module leaves out (Darwin's kqueue comes with Darwin).
#ifdef __linux__
#include <sys/epoll.h>
#endif
