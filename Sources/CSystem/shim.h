// What Swift's Glibc module leaves out: glibc's allocator settings (mallopt) and the calling
// thread's id (for its scheduling priority).
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int drawingboard_thread_id(void) { return (int)syscall(SYS_gettid); }
