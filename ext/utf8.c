/* Text as Python sees it, in UTF-8 (utf8.h). */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "utf8.h"

/* Returns out advanced past the UTF-8 of code point c. */
static inline char *u8_put(char *o, uint32_t c) {
  if (c < 0x80) {
    *o++ = (char)c;
  } else if (c < 0x800) {
    *o++ = (char)(0xC0 | c >> 6), *o++ = (char)(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    *o++ = (char)(0xE0 | c >> 12), *o++ = (char)(0x80 | ((c >> 6) & 0x3F)), *o++ = (char)(0x80 | (c & 0x3F));
  } else {
    *o++ = (char)(0xF0 | c >> 18), *o++ = (char)(0x80 | ((c >> 12) & 0x3F));
    *o++ = (char)(0x80 | ((c >> 6) & 0x3F)), *o++ = (char)(0x80 | (c & 0x3F));
  }
  return o;
}

/* One loop per kind: where a 64-bit word of characters is all ASCII it is copied at once
   (8, 4 or 2 characters), the rest one character at a time. */
#define U8_FROM(T, PER_WORD, NOT_ASCII)                                                 \
  do {                                                                                  \
    const T *d = data;                                                                  \
    size_t i = 0;                                                                       \
    while (i < n) {                                                                     \
      uint64_t w;                                                                       \
      if (i + PER_WORD <= n && (memcpy(&w, d + i, 8), (w & NOT_ASCII) == 0)) {          \
        for (int k = 0; k < PER_WORD; k++) o[k] = (char)d[i + k];                       \
        o += PER_WORD, i += PER_WORD;                                                   \
      } else {                                                                          \
        o = u8_put(o, d[i++]);                                                          \
      }                                                                                 \
    }                                                                                   \
  } while (0)

size_t utf8_from_ucs(const void *data, int kind, size_t n, char *out) {
  char *o = out;
  if (kind == 1) U8_FROM(uint8_t, 8, 0x8080808080808080ULL);
  else if (kind == 2) U8_FROM(uint16_t, 4, 0xFF80FF80FF80FF80ULL);
  else U8_FROM(uint32_t, 2, 0xFFFFFF80FFFFFF80ULL);
  return (size_t)(o - out);
}

size_t utf8_valid_prefix(const char *s, size_t n) {
  const unsigned char *t = (const unsigned char *)s;
  size_t i = 0;
  while (i < n) {
    uint64_t w, x[4];
#ifdef __SSE2__
    if (i + 64 <= n) {  /* (a movetext line is kilobytes of ASCII: 64 bytes a step) */
      const __m128i *q = (const __m128i *)(t + i);
      const __m128i any = _mm_or_si128(_mm_or_si128(_mm_loadu_si128(q), _mm_loadu_si128(q + 1)),
                                       _mm_or_si128(_mm_loadu_si128(q + 2), _mm_loadu_si128(q + 3)));
      if (!_mm_movemask_epi8(any)) { i += 64; continue; }
    }
#endif
    if (i + 32 <= n && (memcpy(x, t + i, 32), ((x[0] | x[1] | x[2] | x[3]) & 0x8080808080808080ULL) == 0)) {
      i += 32;  /* (a movetext line is kilobytes of ASCII) */
      continue;
    }
    if (i + 8 <= n && (memcpy(&w, t + i, 8), (w & 0x8080808080808080ULL) == 0)) { i += 8; continue; }
    const unsigned char c = t[i];
    if (c < 0x80) { i++; continue; }
    size_t k;
    uint32_t lo = 0x80, hi = 0xBF;  /* the second byte's range (overlongs, surrogates, > U+10FFFF out) */
    if (c >= 0xC2 && c <= 0xDF) k = 2;
    else if (c >= 0xE0 && c <= 0xEF) k = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) k = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else return i;
    if (i + k > n || t[i + 1] < lo || t[i + 1] > hi) return i;
    for (size_t j = 2; j < k; j++)
      if ((t[i + j] & 0xC0) != 0x80) return i;
    i += k;
  }
  return n;
}

size_t utf8_next_wide(const char *s, size_t n, size_t i) {
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    if (w & 0x8080808080808080ULL) break;
  }
  while (i < n && !((unsigned char)s[i] & 0x80)) i++;
  return i;
}

uint32_t utf8_decode(const char *s, size_t n, size_t *i) {
  const unsigned char *t = (const unsigned char *)s;
  const unsigned char c = t[*i];
  const size_t k = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  uint32_t cp = c & (0x7F >> k);
  for (size_t j = 1; j < k && *i + j < n; j++) cp = cp << 6 | (t[*i + j] & 0x3F);
  *i += k;
  return cp;
}

int64_t utf8_chars(const char *t, size_t n) {
  int64_t k = (int64_t)n;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {  /* eight bytes at a time: subtract the continuation bytes (10xxxxxx) */
    uint64_t w;
    memcpy(&w, t + i, 8);
    const uint64_t cont = w & ~(w << 1) & 0x8080808080808080ULL;  /* bit 7 set, bit 6 clear */
    uint64_t b = cont >> 7;
    b *= 0x0101010101010101ULL;
    k -= (int64_t)(b >> 56);
  }
  for (; i < n; i++) k -= ((unsigned char)t[i] & 0xC0) == 0x80;
  return k;
}

size_t utf8_space_at(const char *t, size_t n, size_t i) {
  const unsigned char c = (unsigned char)t[i];
  if (c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f)) return 1;
  if (i + 1 < n && c == 0xC2 && ((unsigned char)t[i + 1] == 0x85 || (unsigned char)t[i + 1] == 0xA0)) return 2;
  if (i + 2 >= n) return 0;
  const unsigned char d = (unsigned char)t[i + 1], e = (unsigned char)t[i + 2];
  if (c == 0xE1 && d == 0x9A && e == 0x80) return 3;                                           /* U+1680 */
  if (c == 0xE2 && d == 0x80 && (e <= 0x8A || e == 0xA8 || e == 0xA9 || e == 0xAF)) return 3;  /* U+2000.. */
  if (c == 0xE2 && d == 0x81 && e == 0x9F) return 3;                                           /* U+205F */
  if (c == 0xE3 && d == 0x80 && e == 0x80) return 3;                                           /* U+3000 */
  return 0;
}

size_t utf8_char_start(const char *t, size_t i) {
  do i--; while (i > 0 && ((unsigned char)t[i] & 0xC0) == 0x80);
  return i;
}

size_t utf8_rstrip(const char *t, size_t n) {
  while (n) {
    const size_t s = utf8_char_start(t, n);
    if (utf8_space_at(t, n, s) != n - s) break;
    n = s;
  }
  return n;
}
