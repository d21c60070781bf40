// What Swift's Glibc module leaves out: glibc's allocator settings (mallopt), the calling
// thread's id (for its scheduling priority) and memmem (a search through bytes).
#define _GNU_SOURCE 1
#include <malloc.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int drawingboard_thread_id(void) { return (int)syscall(SYS_gettid); }

static inline const void *drawingboard_memmem(const void *haystack, size_t length, const void *needle, size_t needle_length) {
    return memmem(haystack, length, needle, needle_length);
}
