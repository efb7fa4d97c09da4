/*
 * Times one reference Blosc library decoding one chunk file, the way `packscope bench`
 * times PackScope: the whole chunk into a buffer reused between rounds, best of N rounds,
 * on the number of threads asked for. Built twice by bench/references.sh: against c-blosc
 * 1.x (blosc.h) and, with -DUSE_BLOSC2, against c-blosc2 (which reads Blosc 1.x chunks).
 *
 *   blosc_decode FILE [repeat [threads]]
 *
 * Prints: best_s=… gbytes_per_s=… nbytes=… checksum=…
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef USE_BLOSC2
#include <blosc2.h>
#else
#include <blosc.h>
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [repeat [threads]]\n", argv[0]);
    return 2;
  }
  int repeat = argc > 2 ? atoi(argv[2]) : 10;
  int threads = argc > 3 ? atoi(argv[3]) : 1;
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  fseek(f, 0, SEEK_END);
  long csize = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *src = malloc(csize);
  if (!src || fread(src, 1, csize, f) != (size_t) csize) { fprintf(stderr, "short read\n"); return 2; }
  fclose(f);

#ifdef USE_BLOSC2
  blosc2_init();
  blosc2_set_nthreads((int16_t) threads);
  int32_t nbytes, cbytes, blocksize;
  if (blosc2_cbuffer_sizes(src, &nbytes, &cbytes, &blocksize) < 0) { fprintf(stderr, "not a Blosc chunk\n"); return 1; }
#else
  blosc_init();
  blosc_set_nthreads(threads);
  size_t nbytes, cbytes, blocksize;
  blosc_cbuffer_sizes(src, &nbytes, &cbytes, &blocksize);
#endif
  char *dst = malloc(nbytes);
  double best = 1e30;
  for (int r = 0; r < repeat; r++) {
    double t0 = now();
#ifdef USE_BLOSC2
    int n = blosc2_decompress(src, (int32_t) csize, dst, (int32_t) nbytes);
#else
    int n = blosc_decompress(src, dst, nbytes);
#endif
    double t = now() - t0;
    if (n != (int) nbytes) { fprintf(stderr, "decompress returned %d, want %ld\n", n, (long) nbytes); return 1; }
    if (t < best) best = t;
  }
  uint64_t sum = 0;
  for (size_t i = 0; i < (size_t) nbytes; i++) sum = sum * 31 + (unsigned char) dst[i];
  printf("best_s=%.6f gbytes_per_s=%.3f nbytes=%ld checksum=%016llx\n", best, nbytes / best / 1e9, (long) nbytes,
         (unsigned long long) sum);
#ifdef USE_BLOSC2
  blosc2_destroy();
#else
  blosc_destroy();
#endif
  return 0;
}
