/*
 * Live heap bytes and blocks of a process, counted at the malloc interface: memory.sh preloads it
 * (LD_PRELOAD) into the instruction-counts executable, which reads the counters through
 * reactorflow_live_heap() around the objects it makes. A block's bytes are what it takes of the
 * heap: malloc_usable_size() plus glibc's 8-byte chunk header (as mallinfo() counts in-use chunks),
 * so a 1-byte and a 24-byte request both take 32.
 * glibc's __libc_* entry points are the real allocator, so no dlsym() is needed at start-up.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static long live_bytes;
static long live_blocks;
/* Live blocks by footprint in 16-byte steps; the last entry counts every block of 4 KB or more. */
#define SIZE_CLASSES 257
static long live_by_size[SIZE_CLASSES];

static long size_class(long bytes) { return bytes / 16 < SIZE_CLASSES - 1 ? bytes / 16 : SIZE_CLASSES - 1; }

static long footprint(void *pointer) { return (long)(malloc_usable_size(pointer) + sizeof(size_t)); }

static void counted(void *pointer) {
  if (pointer == NULL) return;
  long bytes = footprint(pointer);
  __atomic_add_fetch(&live_bytes, bytes, __ATOMIC_RELAXED);
  __atomic_add_fetch(&live_blocks, 1, __ATOMIC_RELAXED);
  __atomic_add_fetch(&live_by_size[size_class(bytes)], 1, __ATOMIC_RELAXED);
}

static void uncounted(void *pointer) {
  if (pointer == NULL) return;
  long bytes = footprint(pointer);
  __atomic_sub_fetch(&live_bytes, bytes, __ATOMIC_RELAXED);
  __atomic_sub_fetch(&live_blocks, 1, __ATOMIC_RELAXED);
  __atomic_sub_fetch(&live_by_size[size_class(bytes)], 1, __ATOMIC_RELAXED);
}

void reactorflow_live_heap(long *bytes, long *blocks) {
  *bytes = __atomic_load_n(&live_bytes, __ATOMIC_RELAXED);
  *blocks = __atomic_load_n(&live_blocks, __ATOMIC_RELAXED);
}

/* Copies the live blocks by footprint into sizes[0..<257]: entry i counts blocks of 16 i to
 * 16 i + 15 bytes, the last one every block of 4 KB or more. memory.sh --sizes prints them. */
void reactorflow_live_sizes(long *sizes) {
  for (int i = 0; i < SIZE_CLASSES; i++) sizes[i] = __atomic_load_n(&live_by_size[i], __ATOMIC_RELAXED);
}

void *malloc(size_t size) {
  void *pointer = __libc_malloc(size);
  counted(pointer);
  return pointer;
}

void *calloc(size_t count, size_t size) {
  void *pointer = __libc_calloc(count, size);
  counted(pointer);
  return pointer;
}

void *realloc(void *pointer, size_t size) {
  uncounted(pointer);
  void *moved = __libc_realloc(pointer, size);
  if (moved != NULL) {
    counted(moved);
  } else if (pointer != NULL && size != 0) {
    counted(pointer); /* failed: the old block is still live */
  }
  return moved;
}

void free(void *pointer) {
  uncounted(pointer);
  __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  counted(pointer);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
  void *pointer = memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *valloc(size_t size) { return memalign(4096, size); }
