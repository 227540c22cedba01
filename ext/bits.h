/* Bit tricks in one portability header: GCC/clang builtins, MSVC intrinsics,
   or portable C. Nothing here needs an ISA flag; see cpu.h for run-time paths. */
#ifndef CB_BITS_H
#define CB_BITS_H

#include "types.h"

/* CHESSBITS_DEBUG=1 builds (setup.py) define CB_DEBUG: invariants are asserted where they
   must hold (position_ok after every make and unmake of a position with one king each). */
#ifdef CB_DEBUG
#include <assert.h>
#define CB_ASSERT(x) assert(x)
#else
#define CB_ASSERT(x) ((void)0)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CB_FORCE_INLINE inline __attribute__((always_inline))
#define CB_NOINLINE __attribute__((noinline))
#elif defined(_MSC_VER)
#define CB_FORCE_INLINE __forceinline
#define CB_NOINLINE __declspec(noinline)
#else
#define CB_FORCE_INLINE inline
#define CB_NOINLINE
#endif

/* CB_PORTABLE_BITS forces the plain-C versions, so tests can prove them. */
#if defined(CB_PORTABLE_BITS)
#define CB_GNU 0
#define CB_MSVC 0
#elif defined(__GNUC__) || defined(__clang__)
#define CB_GNU 1
#define CB_MSVC 0
#elif defined(_MSC_VER)
#include <intrin.h>
#define CB_GNU 0
#define CB_MSVC 1
#else
#define CB_GNU 0
#define CB_MSVC 0
#endif

/* Returns the number of set bits in b. */
static inline int popcount(Bitboard b) {
#if CB_GNU
  return __builtin_popcountll(b);
#elif CB_MSVC && defined(_M_X64)
  return (int)__popcnt64(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}

/* Returns the least significant set square of b (b must not be 0). */
static inline Square lsb(Bitboard b) {
  CB_ASSERT(b);
#if CB_GNU
  return __builtin_ctzll(b);
#elif CB_MSVC
  unsigned long i; _BitScanForward64(&i, b); return (Square)i;
#else
  static const int index[64] = {
     0, 47,  1, 56, 48, 27,  2, 60, 57, 49, 41, 37, 28, 16,  3, 61,
    54, 58, 35, 52, 50, 42, 21, 44, 38, 32, 29, 23, 17, 11,  4, 62,
    46, 55, 26, 59, 40, 36, 15, 53, 34, 51, 20, 43, 31, 22, 10, 45,
    25, 39, 14, 33, 19, 30,  9, 24, 13, 18,  8, 12,  7,  6,  5, 63};
  return index[((b ^ (b - 1)) * 0x03F79D71B4CB0A89ULL) >> 58];
#endif
}

/* Returns the most significant set square of b (b must not be 0). */
static inline Square msb(Bitboard b) {
  CB_ASSERT(b);
#if CB_GNU
  return 63 ^ __builtin_clzll(b);
#elif CB_MSVC
  unsigned long i; _BitScanReverse64(&i, b); return (Square)i;
#else
  b |= b >> 1; b |= b >> 2; b |= b >> 4; b |= b >> 8; b |= b >> 16; b |= b >> 32;
  return popcount(b) - 1;
#endif
}

/* Returns the least significant square of *b and clears it from *b. */
static inline Square pop_lsb(Bitboard *b) {
  Square s = lsb(*b);
  *b &= *b - 1;
  return s;
}

/* Returns b with its bytes in reverse order: ranks mirrored top to bottom. */
static inline Bitboard bswap64(Bitboard b) {
#if CB_GNU
  return __builtin_bswap64(b);
#elif CB_MSVC
  return _byteswap_uint64(b);
#else
  b = ((b >> 8) & 0x00FF00FF00FF00FFULL) | ((b & 0x00FF00FF00FF00FFULL) << 8);
  b = ((b >> 16) & 0x0000FFFF0000FFFFULL) | ((b & 0x0000FFFF0000FFFFULL) << 16);
  return (b >> 32) | (b << 32);
#endif
}

/* Returns the bits of b selected by mask, packed to the low end (PEXT in C). */
static inline Bitboard pext_soft(Bitboard b, Bitboard mask) {
  Bitboard r = 0;
  for (Bitboard bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (b & mask & (0 - mask)) r |= bit;
  return r;
}

/* Returns the low bits of b deposited on the set bits of mask (PDEP in C). */
static inline Bitboard pdep_soft(Bitboard b, Bitboard mask) {
  Bitboard r = 0;
  for (Bitboard bit = 1; mask; bit <<= 1, mask &= mask - 1)
    if (b & bit) r |= mask & (0 - mask);
  return r;
}

#endif
