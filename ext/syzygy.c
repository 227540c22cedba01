/* Syzygy tables from their bytes (syzygy.h). The format has no document but its probing
   code; this reader follows the layout that code reads, in its own words: a table is headers
   (its pieces, then per side the code lengths and symbols), index entries, block sizes and
   64-byte aligned blocks of codes. https://www.chessprogramming.org/Syzygy_Bases */
#include <stdlib.h>
#include <string.h>
#include "bits.h"
#include "syzygy.h"

/* --- the squares as the format numbers them ------------------------------------------------ */

static int sz_triangle[64];   /* a1-d4 quadrant's lower triangle: b1..d3 0-5, a1 b2 c3 d4 6-9 */
static int sz_lower[64];      /* squares below the a1-h8 diagonal 0-27 by rank then file */
static int sz_diag[64];       /* the a1-h8 diagonal's squares 0-7 */
static int sz_kk[10][64];     /* the index of two kings, the first by sz_triangle, -1 if none */
static uint64_t sz_choose[SZ_PIECES_MAX + 1][65];
static int sz_flap[64];       /* a pawn square by file from the edge (a/h first), then rank: 0-23 */
static int sz_ptwist[64];     /* a pawn square by file from the centre, then rank from the 7th: 0-47 */
static uint64_t sz_pawnidx[SZ_PIECES_MAX][24];  /* [leading pawns - 1][flap of the first]: its offset */
static uint64_t sz_pfactor[SZ_PIECES_MAX][4];   /* [leading pawns - 1][file]: their placements */

/* Returns the square's rank minus its file: 0 on the a1-h8 diagonal, > 0 above it. */
static int sz_offdiag(int s) { return (s >> 3) - (s & 7); }

/* Returns 1 if the squares touch (a king's step apart). */
static int sz_adjacent(int a, int b) {
  const int df = abs((a & 7) - (b & 7)), dr = abs((a >> 3) - (b >> 3));
  return df <= 1 && dr <= 1;
}

void sz_init(void) {
  for (int n = 0; n <= 64; n++) {
    sz_choose[0][n] = 1;
    for (int k = 1; k <= SZ_PIECES_MAX; k++)
      sz_choose[k][n] = n == 0 ? 0 : sz_choose[k][n - 1] + sz_choose[k - 1][n - 1];
  }
  int lower = 0;
  for (int s = 0; s < 64; s++) sz_lower[s] = sz_diag[s] = sz_triangle[s] = -1;
  for (int r = 0; r < 8; r++)
    for (int f = r + 1; f < 8; f++) sz_lower[r * 8 + f] = lower++;
  for (int i = 0; i < 8; i++) sz_diag[i * 9] = i;
  for (int sq = 0; sq < 64; sq++) {
    const int f = sq & 7, r = sq >> 3, edge = f < 4 ? f : 7 - f;
    sz_flap[sq] = r >= 1 && r <= 6 ? edge * 6 + r - 1 : 0;
    sz_ptwist[sq] = r >= 1 && r <= 6 ? 12 * (3 - edge) + 2 * (6 - r) + (f < 4) : 0;
  }
  /* the leading pawns: the first (least flap) of a file, the others on squares twisted
     below it, counted for every first square in flap order */
  for (int k = 0; k < SZ_PIECES_MAX; k++)
    for (int f = 0; f < 4; f++) {
      uint64_t total = 0;
      for (int j = 6 * f; j < 6 * f + 6; j++) {
        sz_pawnidx[k][j] = total;
        const int sq = (j % 6 + 1) * 8 + j / 6;  /* the square of flap j on files a-d */
        total += sz_choose[k][sz_ptwist[sq]];
      }
      sz_pfactor[k][f] = total;
    }
  /* the triangle: below the diagonal in the a1-d4 quadrant, then its diagonal squares */
  int tri = 0;
  for (int r = 0; r < 4; r++)
    for (int f = r + 1; f < 4; f++) sz_triangle[r * 8 + f] = tri++;
  for (int i = 0; i < 4; i++) sz_triangle[i * 9] = tri++;
  /* two kings: the first in the triangle, the second anywhere apart from it (below the
     diagonal if the first is on it); then both on the diagonal */
  int idx = 0;
  int first[10];
  for (int s = 0; s < 64; s++)
    if (sz_triangle[s] >= 0) first[sz_triangle[s]] = s;
  for (int t = 0; t < 10; t++)
    for (int s = 0; s < 64; s++) sz_kk[t][s] = -1;
  for (int t = 0; t < 10; t++)
    for (int s = 0; s < 64; s++) {
      const int k = first[t];
      if (s == k || sz_adjacent(s, k) || (sz_offdiag(k) == 0 && sz_offdiag(s) >= 0)) continue;
      sz_kk[t][s] = idx++;
    }
  for (int t = 0; t < 10; t++)
    for (int s = 0; s < 64; s++) {
      const int k = first[t];
      if (s == k || sz_adjacent(s, k) || sz_offdiag(k) != 0 || sz_offdiag(s) != 0) continue;
      sz_kk[t][s] = idx++;
    }
}

/* --- reading the bytes ------------------------------------------------------------------- */

static uint32_t sz_u16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t sz_u32(const uint8_t *p) { return sz_u16(p) | sz_u16(p + 2) << 16; }

/* Returns the n bytes at p (n <= 8) big-endian in the low bits, zeros for bytes at or past end. */
static uint64_t sz_be(const uint8_t *p, const uint8_t *end, int n) {
  uint64_t w = 0;
  if (end - p >= 8) {
    memcpy(&w, p, 8);
    w = bswap64(w);
    return n == 8 ? w : w >> (64 - 8 * n);
  }
  for (int i = 0; i < n; i++) w = w << 8 | (p + i < end ? p[i] : 0);
  return w;
}

/* Returns SZ_OK with p's span (values it stands for, minus one) filled for every symbol,
   SZ_CORRUPT if a symbol refers past the symbols or to itself through others, or stands for
   more than 256 values (the format's limit: a byte each, read in cache). */
static int sz_spans(SzPairs *d) {
  uint8_t *state = calloc((size_t)d->nsym, 1);   /* 0 not seen, 1 being found, 2 found */
  int *stack = malloc(sizeof(int) * (size_t)d->nsym * 2 + sizeof(int));
  if (!state || !stack) { free(state); free(stack); return SZ_NOMEM; }
  int rc = SZ_OK;
  for (int s0 = 0; s0 < d->nsym && rc == SZ_OK; s0++) {
    if (state[s0]) continue;
    int top = 0;
    stack[top++] = s0;
    while (top) {
      const int s = stack[top - 1];
      const uint8_t *w = d->symbols + 3 * (size_t)s;
      const int left = w[0] | (w[1] & 15) << 8, right = w[1] >> 4 | w[2] << 4;
      if (right == 0xFFF) { d->span[s] = 0, state[s] = 2, top--; continue; }
      if (left >= d->nsym || right >= d->nsym) { rc = SZ_CORRUPT; break; }
      if (state[s] == 0) state[s] = 1;
      if (state[left] != 2 || state[right] != 2) {
        const int next = state[left] != 2 ? left : right;
        if (state[next] == 1 || top >= 2 * d->nsym) { rc = SZ_CORRUPT; break; }
        stack[top++] = next;
        continue;
      }
      const int span = d->span[left] + d->span[right] + 1;
      if (span > 255) { rc = SZ_CORRUPT; break; }
      d->span[s] = (uint8_t)span, state[s] = 2, top--;
    }
  }
  free(state);
  free(stack);
  return rc;
}

/* Returns the bytes past the pairs header at p, *d read from it for a side of `size`
   positions; NULL if it does not fit before end or does not decode (*rc then says why where
   it is not the bytes' end: it may be left as it was). */
static const uint8_t *sz_pairs(SzPairs *d, const uint8_t *p, const uint8_t *end, uint64_t size, int *rc) {
  memset(d, 0, sizeof *d);
  d->size = size;
  if (end - p < 2) return NULL;
  d->flags = p[0];
  if (p[0] & 0x80) {  /* one value for every position (a WDL table's is its next byte, a DTZ's 0) */
    d->constant = 1, d->value = p[1];
    return p + 2;
  }
  if (end - p < 12) return NULL;
  d->block_bits = p[1], d->idx_bits = p[2];
  d->real_blocks = sz_u32(p + 4), d->blocks = d->real_blocks + p[3];
  d->max_len = p[8], d->min_len = p[9];
  const int h = d->max_len - d->min_len + 1;
  /* (codes of at most 32 bits: they are read with 32 bits ahead at least) */
  if (d->min_len < 1 || d->max_len > 32 || h < 1 || d->block_bits > 30 || d->idx_bits < 1 || d->idx_bits > 62 ||
      end - p < 12 + 2 * h) {
    *rc = SZ_CORRUPT;
    return NULL;
  }
  d->offsets = p + 10;
  d->nsym = (int)sz_u16(p + 10 + 2 * h);
  d->symbols = p + 12 + 2 * h;
  if (end - d->symbols < 3 * d->nsym + (d->nsym & 1)) return NULL;
  if (!(d->span = malloc((size_t)(d->nsym ? d->nsym : 1)))) { *rc = SZ_NOMEM; return NULL; }
  if ((*rc = sz_spans(d)) != SZ_OK) return NULL;
  d->base[h - 1] = 0;
  for (int i = h - 2; i >= 0; i--)
    d->base[i] = (d->base[i + 1] + sz_u16(d->offsets + 2 * i) - sz_u16(d->offsets + 2 * i + 2)) / 2;
  for (int i = 0; i < h; i++) {
    if (d->min_len + i < 64) d->base[i] <<= 64 - (d->min_len + i);
    d->first[i] = sz_u16(d->offsets + 2 * i);
  }
  for (int i = 0; i < h; i++) {  /* every code of every length names a symbol (none checked when decoding) */
    const int l = d->min_len + i;
    const uint64_t codes = i ? (d->base[i - 1] - d->base[i]) >> (64 - l) : (~d->base[0] >> (64 - l)) + 1;
    if (d->base[i] > (i ? d->base[i - 1] : ~0ULL) || (codes && d->first[i] + codes > (uint64_t)d->nsym)) {
      *rc = SZ_CORRUPT;
      return NULL;
    }
  }
  for (int top = 255, i = 0; top >= 0; top--) {  /* the length of the top byte's largest code */
    const uint64_t largest = (uint64_t)top << 56 | 0xFFFFFFFFFFFFFFULL;
    while (i < h - 1 && largest < d->base[i]) i++;
    d->len_from[top] = (uint8_t)i;
  }
  return d->symbols + 3 * d->nsym + (d->nsym & 1);
}

/* Returns the bytes of d's index entries, block sizes and blocks (0 for a constant side). */
static uint64_t sz_index_bytes(const SzPairs *d) { return d->constant ? 0 : 6 * ((d->size + ((uint64_t)1 << d->idx_bits) - 1) >> d->idx_bits); }
static uint64_t sz_size_bytes(const SzPairs *d) { return d->constant ? 0 : 2 * (uint64_t)d->blocks; }
static uint64_t sz_data_bytes(const SzPairs *d) { return d->constant ? 0 : (uint64_t)d->real_blocks << d->block_bits; }

/* Returns SZ_OK with *value the value at idx of d. */
static int sz_value(const SzPairs *d, uint64_t idx, int *value) {
  if (d->constant) { *value = d->value; return SZ_OK; }
  if (idx >= d->size) return SZ_CORRUPT;
  const uint64_t main = idx >> d->idx_bits;
  int64_t lit = (int64_t)(idx & (((uint64_t)1 << d->idx_bits) - 1)) - ((int64_t)1 << (d->idx_bits - 1));
  const uint8_t *e = d->index + 6 * main;
  uint64_t block = sz_u32(e);
  lit += sz_u16(e + 4);
  if (block >= d->blocks) return SZ_CORRUPT;
  for (; lit < 0; lit += sz_u16(d->sizes + 2 * block) + 1)
    if (block-- == 0) return SZ_CORRUPT;
  for (;;) {
    if (block >= d->blocks) return SZ_CORRUPT;
    const int64_t n = sz_u16(d->sizes + 2 * block);
    if (lit <= n) break;
    lit -= n + 1, block++;
  }
  if (block >= d->real_blocks) return SZ_CORRUPT;
  const size_t bytes = (size_t)1 << d->block_bits;
  const uint8_t *next = d->data + (block << d->block_bits), *end = next + bytes;
  uint64_t code = sz_be(next, end, 8);  /* the next codes, `avail` bits of them at the top */
  int avail = 64, sym;
  next = end - next > 8 ? next + 8 : end;
  /* the codes in order until the one whose values hold lit: lit drops each time, so a corrupted
     block ends too, reading zeros past its end (sz_be); every code's symbol exists (sz_pairs) */
  const uint64_t *base = d->base;
  const uint8_t *span = d->span;
  for (;;) {
    int i = d->len_from[code >> 56];
    while (code < base[i]) i++;  /* (base[max_len - min_len] is 0) */
    const int l = d->min_len + i;  /* (added here: a table read would lengthen the chain from code to code) */
    sym = (int)(d->first[i] + ((code - base[i]) >> (64 - l)));
    if (lit <= span[sym]) break;
    lit -= span[sym] + 1;
    code <<= l, avail -= l;
    if (avail <= 32) {
      code |= sz_be(next, end, 4) << (32 - avail), avail += 32;
      next = end - next > 4 ? next + 4 : end;
    }
  }
  for (;;) {  /* down the symbol's halves to the value */
    const uint8_t *w = d->symbols + 3 * (size_t)sym;
    const int left = w[0] | (w[1] & 15) << 8, right = w[1] >> 4 | w[2] << 4;
    if (right == 0xFFF) { *value = w[0]; return SZ_OK; }
    if (lit <= d->span[left]) sym = left;
    else lit -= d->span[left] + 1, sym = right;
  }
}

/* --- a table's header ---------------------------------------------------------------------- */

static const uint64_t SZ_LEADING[3] = {31332, 0, 462};  /* three unique pieces; -; two kings */

/* Returns nothing; sets side's groups from `first` on: runs of one piece code. */
static void sz_groups(const SzTable *t, SzSide *side, int first) {
  for (int i = first; i < t->num;) {
    int j = i;
    while (j < t->num && side->pieces[j] == side->pieces[i]) j++;
    side->group[i] = (uint8_t)(j - i), i = j;
  }
}

/* Returns a pawnless side's positions, its groups and multipliers set, the leading group's
   first at place `order` among the groups. */
static uint64_t sz_factors(const SzTable *t, SzSide *side, int order) {
  const int lead = t->enc == 0 ? 3 : 2;
  memset(side->group, 0, sizeof side->group);
  side->group[0] = (uint8_t)lead;
  sz_groups(t, side, lead);
  uint64_t f = 1;
  int free_squares = 64 - lead;
  for (int k = 0, i = lead; i < t->num || k == order; k++) {
    if (k == order) {
      side->factor[0] = f, f *= SZ_LEADING[t->enc];
    } else {
      side->factor[i] = f, f *= sz_choose[side->group[i]][free_squares];
      free_squares -= side->group[i], i += side->group[i];
    }
  }
  return f;
}

/* Returns a pawn side's positions for the leading pawn on `file`: the leading pawns at place
   `order`, the other colour's pawns (if any) at `order2`, the other groups in turn. */
static uint64_t sz_factors_pawn(const SzTable *t, SzSide *side, int order, int order2, int file) {
  const int lead = t->pawns[0], other = t->pawns[1];
  memset(side->group, 0, sizeof side->group);
  side->group[0] = (uint8_t)lead;
  if (other) side->group[lead] = (uint8_t)other;
  sz_groups(t, side, lead + other);
  int i = lead + (order2 < 15 ? other : 0);
  int free_squares = 64 - i;
  uint64_t f = 1;
  for (int k = 0; i < t->num || k == order || k == order2; k++) {
    if (k == order) {
      side->factor[0] = f, f *= sz_pfactor[lead - 1][file];
    } else if (k == order2) {
      side->factor[lead] = f, f *= sz_choose[other][48 - lead];
    } else {
      side->factor[i] = f, f *= sz_choose[side->group[i]][free_squares];
      free_squares -= side->group[i], i += side->group[i];
    }
  }
  return f;
}

int sz_material(const char *name, int counts[2][7]) {
  static const char letters[] = "PNBRQK";
  int color = 0, n = 0;
  memset(counts, 0, sizeof(int) * 14);
  for (const char *c = name; *c; c++) {
    if (*c == 'v' && color == 0) { color = 1; continue; }
    const char *at = strchr(letters, *c);
    if (!at || ++n > SZ_PIECES_MAX) return 0;
    counts[color][at - letters + 1]++;
  }
  return color == 1 && counts[0][KING] && counts[1][KING];
}

/* Returns 1 with t's pieces and pawns counted from a table's name, 0 if it is not one. */
static int sz_name(SzTable *t, const char *name) {
  int counts[2][7];
  if (!sz_material(name, counts)) return 0;
  t->num = 0;
  for (int c = 0; c < 2; c++)
    for (int pt = PAWN; pt <= KING; pt++) t->num += counts[c][pt];
  const int white = counts[0][PAWN], black = counts[1][PAWN];
  const int swap = black > 0 && (white == 0 || black < white);  /* the leading colour: fewer pawns, not none */
  t->pawns[0] = swap ? black : white, t->pawns[1] = swap ? white : black;
  return 1;
}

/* Returns 1 if each side's pieces (of every file) are name's material, either colouring. */
static int sz_pieces_match(const SzTable *t, const char *name, int files, int sides) {
  int counts[2][7];
  if (!sz_material(name, counts)) return 0;
  for (int f = 0; f < files; f++)
    for (int s = 0; s < sides; s++) {
      int seen[16] = {0}, same = 1, mirrored = 1;
      for (int i = 0; i < t->num; i++) seen[t->side[f][s].pieces[i]]++;
      for (int c = 0; c < 2; c++)
        for (int pt = PAWN; pt <= KING; pt++) {
          same &= seen[pt | c << 3] == counts[c][pt];
          mirrored &= seen[pt | c << 3] == counts[c ^ 1][pt];
        }
      if (!same && !mirrored) return 0;
    }
  return 1;
}

/* Returns SZ_OK after reading the pairs of sides[0..n) from p (for a DTZ table then the value
   maps of each) and placing their index entries, block sizes and blocks after them: all the
   index entries first, then the sizes, then each side's blocks 64-byte aligned. */
static int sz_layout(SzTable *t, SzPairs **pairs, int n, const uint64_t *size, const uint8_t *p) {
  const uint8_t *end = t->bytes + t->length;
  for (int s = 0; s < n; s++) {
    int rc = SZ_CORRUPT;  /* (sz_pairs sets it on some of its failures only) */
    if (!(p = sz_pairs(pairs[s], p, end, size[s], &rc))) return rc == SZ_NOMEM ? SZ_NOMEM : SZ_CORRUPT;
    if (t->dtz && pairs[s]->constant) pairs[s]->value = 0;
  }
  if (t->dtz) {  /* per file, if mapped: four maps (win, loss, cursed win, blessed loss), each its length first */
    t->map = p;
    for (int f = 0; f < n; f++) {
      if (!(pairs[f]->flags & 2)) continue;
      const int wide = (pairs[f]->flags & 16) != 0;
      if (wide) p += (p - t->bytes) & 1;
      for (int i = 0; i < 4; i++) {
        if (end - p < 2) return SZ_CORRUPT;
        t->map_idx[f][i] = wide ? (uint32_t)((p - t->map) / 2 + 1) : (uint32_t)(p - t->map + 1);
        p += wide ? 2 + 2 * (size_t)sz_u16(p) : 1 + (size_t)p[0];
      }
    }
    if (p > end) return SZ_CORRUPT;
    t->map_end = p;
  }
  p += (p - t->bytes) & 1;
  uint64_t at = (uint64_t)(p - t->bytes);
  for (int s = 0; s < n; s++) pairs[s]->index = t->bytes + at, at += sz_index_bytes(pairs[s]);
  for (int s = 0; s < n; s++) pairs[s]->sizes = t->bytes + at, at += sz_size_bytes(pairs[s]);
  for (int s = 0; s < n; s++) {
    at = (at + 63) & ~(uint64_t)63;
    pairs[s]->data = t->bytes + at, at += sz_data_bytes(pairs[s]);
  }
  return at > t->length ? SZ_CORRUPT : SZ_OK;  /* (16 bytes of checksum follow, not read) */
}

/* Returns nothing; sets t->key: the name for pawns, else the material of the first side's
   stored pieces (python-chess's recalc_key), which a few tables store with colours swapped. */
static void sz_stored_key(SzTable *t, const char *name) {
  static const char order[] = "KQRBNP";
  static const int type_of[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  if (t->has_pawns) {
    strncpy(t->key, name, sizeof t->key - 1);
    return;
  }
  char *o = t->key;
  for (int c = 0; c < 2; c++) {
    if (c) *o++ = 'v';
    for (int k = 0; k < 6; k++)
      for (int i = 0; i < t->num; i++)
        if (t->side[0][0].pieces[i] == (type_of[k] | c << 3)) *o++ = order[k];
  }
  *o = 0;
}

/* Returns as sz_wdl_open, for either kind of table (dtz: one side to move, value maps). */
static int sz_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name, int dtz) {
  static const uint8_t magic[2][4] = {{0x71, 0xE8, 0x23, 0x5D}, {0xD7, 0x66, 0x0C, 0xA5}};
  memset(t, 0, sizeof *t);
  t->bytes = bytes, t->length = length, t->dtz = dtz;
  if (!sz_name(t, name)) return SZ_CORRUPT;
  const int num = t->num;
  if (length < 6 || memcmp(bytes, magic[dtz], 4) != 0) return SZ_CORRUPT;
  t->split = !dtz && (bytes[4] & 1), t->has_pawns = (bytes[4] & 2) != 0;
  if (t->has_pawns != (t->pawns[0] > 0)) return SZ_CORRUPT;
  const int sides = t->split ? 2 : 1, files = t->has_pawns ? 4 : 1;
  const int skip = t->has_pawns ? 1 + (t->pawns[1] > 0) : 1;  /* order bytes before the pieces */
  if ((size_t)(5 + files * (num + skip) + 1) > length) return SZ_CORRUPT;
  const uint8_t *p = bytes + 5;
  uint64_t size[8];
  int count[16] = {0};
  for (int f = 0; f < files; f++, p += num + skip) {
    const int order[2] = {p[0] & 15, p[0] >> 4};
    const int order2[2] = {t->pawns[1] ? p[1] & 15 : 15, t->pawns[1] ? p[1] >> 4 : 15};
    for (int i = 0; i < num; i++)
      t->side[f][0].pieces[i] = p[skip + i] & 15, t->side[f][1].pieces[i] = p[skip + i] >> 4;
    if (f == 0) {
      for (int i = 0; i < num; i++) count[t->side[0][0].pieces[i]]++;
      int unique = 0, unequal = 0;
      for (int c = 0; c < 16; c++) unique += count[c] == 1;
      for (int c = 1; c < 7; c++) unequal += count[c] != count[c + 8];
      t->symmetric = unequal == 0;
      if (!t->has_pawns && unique < 2) return SZ_CORRUPT;  /* (no kings: an antichess table, not this name's) */
      t->enc = unique >= 3 ? 0 : 2;
    }
    for (int s = 0; s < sides; s++)
      size[2 * f + s] = t->has_pawns ? sz_factors_pawn(t, &t->side[f][s], order[s], order2[s], f)
                                     : sz_factors(t, &t->side[f][s], order[s]);
  }
  if (!sz_pieces_match(t, name, files, sides)) return SZ_CORRUPT;
  sz_stored_key(t, name);
  p += (p - bytes) & 1;
  int n = 0;
  uint64_t sized[8];
  SzPairs *pairs[8];
  for (int f = 0; f < files; f++)
    for (int s = 0; s < sides; s++) pairs[n] = &t->side[f][s].pairs, sized[n++] = size[2 * f + s];
  const int rc = sz_layout(t, pairs, n, sized, p);
  if (rc != SZ_OK) sz_table_free(t);
  return rc;
}

int sz_wdl_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name) {
  return sz_open(t, bytes, length, name, 0);
}

int sz_dtz_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name) {
  return sz_open(t, bytes, length, name, 1);
}

void sz_table_free(SzTable *t) {
  for (int f = 0; f < 4; f++)
    for (int s = 0; s < 2; s++) free(t->side[f][s].pairs.span), t->side[f][s].pairs.span = NULL;
}

/* --- a position's index --------------------------------------------------------------------- */

/* Returns the combination rank of the group sq[i..i+g) (sorted here) among the squares the
   pieces before it leave free, the first `skip` squares not counted (8 for pawns: rank 1). */
static uint64_t sz_rank(int *sq, int i, int g, int skip) {
  for (int a = i; a < i + g; a++)
    for (int b = a + 1; b < i + g; b++)
      if (sq[a] > sq[b]) { const int x = sq[a]; sq[a] = sq[b], sq[b] = x; }
  uint64_t rank = 0;
  for (int m = 0; m < g; m++) {
    int below = 0;
    for (int k = 0; k < i; k++) below += sq[i + m] > sq[k];
    rank += sz_choose[m + 1][sq[i + m] - below - skip];
  }
  return rank;
}

/* Returns the index of the squares sq[0..num) (in the side's piece order) in a pawnless table. */
static uint64_t sz_index_pieces(const SzTable *t, const SzSide *side, int *sq) {
  const int n = t->num, lead = t->enc == 0 ? 3 : 2;
  if (sq[0] & 4) for (int i = 0; i < n; i++) sq[i] ^= 7;    /* the first piece on files a-d */
  if (sq[0] & 32) for (int i = 0; i < n; i++) sq[i] ^= 56;  /* and ranks 1-4 */
  int i = 0;
  while (i < n && sz_offdiag(sq[i]) == 0) i++;
  if (i < lead && i < n && sz_offdiag(sq[i]) > 0)  /* the first piece off the diagonal below it */
    for (int k = 0; k < n; k++) sq[k] = (sq[k] >> 3) | (sq[k] & 7) << 3;
  uint64_t idx;
  if (t->enc == 0) {
    const int a = sq[0], b = sq[1], c = sq[2];
    const int bb = b - (b > a), cc = c - (c > a) - (c > b);
    if (sz_offdiag(a))
      idx = (uint64_t)sz_triangle[a] * 63 * 62 + (uint64_t)bb * 62 + (uint64_t)cc;
    else if (sz_offdiag(b))
      idx = 6 * 63 * 62 + (uint64_t)sz_diag[a] * 28 * 62 + (uint64_t)sz_lower[b] * 62 + (uint64_t)cc;
    else if (sz_offdiag(c))
      idx = 6 * 63 * 62 + 4 * 28 * 62 + (uint64_t)sz_diag[a] * 7 * 28 + (uint64_t)(sz_diag[b] - (b > a)) * 28 +
            (uint64_t)sz_lower[c];
    else
      idx = 6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + (uint64_t)sz_diag[a] * 7 * 6 +
            (uint64_t)(sz_diag[b] - (b > a)) * 6 + (uint64_t)(sz_diag[c] - (c > a) - (c > b));
  } else {
    idx = (uint64_t)sz_kk[sz_triangle[sq[0]]][sq[1]];
  }
  idx *= side->factor[0];
  for (i = lead; i < n; i += side->group[i]) idx += sz_rank(sq, i, side->group[i], 0) * side->factor[i];
  return idx;
}

/* Returns the index of the squares sq[0..num) (in the side's piece order, the leading pawn
   first and on files a-d after sz_wdl_raw's reflections) in a table with pawns. */
static uint64_t sz_index_pawns(const SzTable *t, const SzSide *side, int *sq) {
  const int n = t->num, lead = t->pawns[0], other = t->pawns[1];
  if (sq[0] & 4) for (int i = 0; i < n; i++) sq[i] ^= 7;
  for (int a = 1; a < lead; a++)  /* the other leading pawns, most twisted first */
    for (int b = a + 1; b < lead; b++)
      if (sz_ptwist[sq[a]] < sz_ptwist[sq[b]]) { const int x = sq[a]; sq[a] = sq[b], sq[b] = x; }
  uint64_t idx = sz_pawnidx[lead - 1][sz_flap[sq[0]]];
  for (int i = lead - 1; i > 0; i--) idx += sz_choose[lead - i][sz_ptwist[sq[i]]];
  idx *= side->factor[0];
  int i = lead;
  if (other)  /* the other colour's pawns: on the 48 pawn squares less the leading pawns' */
    idx += sz_rank(sq, i, other, 8) * side->factor[i], i += other;
  for (; i < n; i += side->group[i]) idx += sz_rank(sq, i, side->group[i], 0) * side->factor[i];
  return idx;
}

/* Returns the next free place in sq after filling it from `from` with the squares (reflected
   by mirror) of the run of pieces[from]'s code, colours swapped by cmirror; -1 if the
   position's pieces are not the table's. */
static int sz_fill(const SzTable *t, const SzSide *side, const Bitboard by_color[2], const Bitboard by_type[7],
                   int cmirror, int mirror, int from, int *sq) {
  const int code = side->pieces[from] ^ cmirror;
  Bitboard b = by_color[code >> 3] & by_type[code & 7];
  if ((code & 7) == PAWN && (b & (RANK_1_BB | RANK_8_BB))) return -1;  /* (no pawn square's index) */
  int i = from;
  while (b && i < t->num && side->pieces[i] == side->pieces[from]) sq[i++] = pop_lsb(&b) ^ mirror;
  return b || i == from ? -1 : i;
}

/* Returns the side of t (its file, for pawns) holding the position and *idx its index in
   it, NULL if the position's pieces are not the table's; bside: the side to look in. */
static const SzSide *sz_locate(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7],
                               int cmirror, int bside, int *file, uint64_t *idx) {
  int sq[SZ_PIECES_MAX] = {0}, i = 0;
  const SzSide *side;
  *file = 0;
  if (t->has_pawns) {
    const int mirror = cmirror ? 0x38 : 0;
    if ((i = sz_fill(t, &t->side[0][0], by_color, by_type, cmirror, mirror, 0, sq)) != t->pawns[0]) return NULL;
    for (int k = 1; k < i; k++)  /* the leading pawn: the least flap */
      if (sz_flap[sq[0]] > sz_flap[sq[k]]) { const int x = sq[0]; sq[0] = sq[k], sq[k] = x; }
    *file = (sq[0] & 7) < 4 ? sq[0] & 7 : 7 - (sq[0] & 7);
    side = &t->side[*file][bside];
    while (i < t->num)
      if ((i = sz_fill(t, side, by_color, by_type, cmirror, mirror, i, sq)) < 0) return NULL;
    *idx = sz_index_pawns(t, side, sq);
  } else {
    side = &t->side[0][bside];
    while (i < t->num)
      if ((i = sz_fill(t, side, by_color, by_type, cmirror, 0, i, sq)) < 0) return NULL;
    *idx = sz_index_pieces(t, side, sq);
  }
  return side;
}

/* Returns nothing; *cmirror (the colours to swap) and *bside (the table side to read) of a
   position with `turn` to move, `flipped` if its colours are the table's swapped. */
static void sz_orient(const SzTable *t, Color turn, int flipped, int *cmirror, int *bside) {
  if (t->symmetric) *cmirror = turn == WHITE ? 0 : 8, *bside = 0;
  else if (flipped) *cmirror = 8, *bside = turn == WHITE;
  else *cmirror = 0, *bside = turn != WHITE;
}

int sz_wdl_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], Color turn,
               int flipped, int *value) {
  int cmirror, bside, file, v;
  uint64_t idx;
  sz_orient(t, turn, flipped, &cmirror, &bside);
  if (t->dtz || (bside && !t->split)) return SZ_CORRUPT;
  const SzSide *side = sz_locate(t, by_color, by_type, cmirror, bside, &file, &idx);
  if (!side) return SZ_CORRUPT;
  const int rc = sz_value(&side->pairs, idx, &v);
  if (rc != SZ_OK) return rc;
  if (v > 4) return SZ_CORRUPT;  /* (a WDL table stores 0-4: loss, blessed loss, draw, cursed win, win) */
  *value = v - 2;
  return SZ_OK;
}

int sz_dtz_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], Color turn,
               int flipped, int wdl, int *value, int *found) {
  static const int map_of[5] = {1, 3, 0, 2, 0};      /* wdl + 2 -> its map: loss, blessed loss, -, cursed win, win */
  static const uint8_t halved[5] = {8, 0, 0, 0, 4};  /* wdl + 2 -> the flag of its values stored halved */
  int cmirror, bside, file, v;
  uint64_t idx;
  if (!t->dtz || wdl < -2 || wdl > 2 || wdl == 0) return SZ_CORRUPT;
  sz_orient(t, turn, flipped, &cmirror, &bside);
  *found = 0;
  if (!t->has_pawns && !t->symmetric && (t->side[0][0].pairs.flags & 1) != bside) return SZ_OK;
  const SzSide *side = sz_locate(t, by_color, by_type, cmirror, 0, &file, &idx);
  if (!side) return SZ_CORRUPT;
  const uint8_t flags = side->pairs.flags;
  if (t->has_pawns && (flags & 1) != bside) return SZ_OK;
  const int rc = sz_value(&side->pairs, idx, &v);
  if (rc != SZ_OK) return rc;
  if (flags & 2) {
    const uint64_t at = (uint64_t)t->map_idx[file][map_of[wdl + 2]] + (uint64_t)v;
    if (flags & 16) {
      if (2 * at + 2 > (uint64_t)(t->map_end - t->map)) return SZ_CORRUPT;
      v = (int)sz_u16(t->map + 2 * at);
    } else {
      if (at >= (uint64_t)(t->map_end - t->map)) return SZ_CORRUPT;
      v = t->map[at];
    }
  }
  if (!(flags & halved[wdl + 2]) || (wdl & 1)) v *= 2;
  *value = v, *found = 1;
  return SZ_OK;
}
