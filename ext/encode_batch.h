/* Many positions encoded in one call (chessbits.encode over a list of Boards or a GameArrays):
   what to write for each position (planes, tokens, raw bitboards, legal-move masks or indices,
   the played move's index) in one EncJob, each output row n for the n-th position, on threads
   that each take a contiguous range of the positions (or games). */
#ifndef CB_ENCODE_BATCH_H
#define CB_ENCODE_BATCH_H

#include "encode.h"
#include "policy.h"
#include "syzygy_probe.h"
#include "workers.h"

/* Planes written compact: 64-bit masks and float values, lc0's own form. */
#define ENC_COMPACT (-1)

/* A thread's legal-move indices of the sparse form, its positions' back to back (apart: two threads'
   counters never share a cache line, wherever the job lies; each writes its own a position). */
typedef struct { int16_t *idx; size_t n, cap, first; int oom; char apart[96]; } EncSparse;

typedef struct {
  EncOptions opt;          /* the planes' layout (opt.layout < 0: no planes) */
  int planes;              /* planes per position (enc_plane_count) */
  int dtype;               /* ENC_BOOL..ENC_FLOAT32, or ENC_COMPACT */
  void *planes_out;        /* dense: N x planes x 64 of dtype; compact: N x planes uint64 */
  float *values_out;       /* compact: N x planes */
  uint8_t *tokens_out;     /* N x ENC_TOKENS searchless tokens (255 where refused), or NULL */
  uint8_t *tokens_ok;      /* N: 1 where tokenized (with tokens_out) */
  uint64_t *bitboards_out; /* N x 12: white's pawns..king, black's, or NULL */
  uint8_t *black_out;      /* N: 1 where black is to move, or NULL */
  int policy;              /* POL_* for masks, indices and the played move; -1: none */
  int lc0_format;          /* with POL_LC0: moves indexed with this format's canonical transform */
  uint8_t *mask_out;       /* N x policy_size(policy) bools, or NULL */
  uint8_t *rows_out;       /* N rows of row_width bytes (enc_rows_finish's form: compact planes from
                              byte 0, the legal mask as bits from bits_at, the rest 0), or NULL */
  size_t row_width, bits_at;
  int32_t *counts_out;     /* N legal-move counts (sparse form), or NULL */
  int16_t *played_out;     /* N: the played move's index, -1 if none (games only), or NULL */
  int history;             /* the planes read earlier positions (lc0, AlphaZero) */
  SzMany *syzygy;          /* Syzygy probes of each position, or NULL */
  int threads;             /* the sparse lists in use: sparse[0..threads) (enc_job_expect) */
  EncSparse sparse[WORKERS_MAX]; /* (last: enc_job_init leaves the 32 kB unwritten) */
} EncJob;

/* Returns nothing; sets every field of j before its sparse lists to zero (enc_job_expect
   readies the lists a run uses). */
void enc_job_init(EncJob *j);

/* Returns 0 after readying j for the options it holds (history, plane count), -1 if invalid. */
int enc_job_ready(EncJob *j);

/* Returns 0 after writing row n of every output of j for pos, whose history h[0..hn) ends with
   it (reps counted; hn 0 where no output of j reads it), played the move played from it (0:
   none), legal[0..nlegal) its legal moves if known (else NULL) and index[0..nlegal) their
   indices in j's policy if known (else NULL), sparse[0..nsparse) their policy_ascending if
   known (else NULL), -1 if out of memory. */
int enc_job_position(EncJob *j, int thread, size_t n, const EncPos *h, int hn, const Position *pos, PyMove played,
                     const PyMove *legal, int nlegal, const int16_t *index, const int16_t *sparse, int nsparse);

/* Returns whether j writes nothing but the sparse form (counts and indices). */
int enc_job_sparse_only(const EncJob *j);

/* Returns 0 after writing row n of the sparse form of j, sparse[0..nsparse) (a position's
   policy_ascending), -1 if out of memory. */
int enc_job_sparse(EncJob *j, int thread, size_t n, const int16_t *sparse, int nsparse);

/* Returns lc0's canonical transform of the last of h[0..hn) for j's policy (0 unless lc0 with a
   canonical format). */
int enc_job_transform(const EncJob *j, const EncPos *h, int hn);

/* Returns 0 after encoding the positions pos[0..count) (each with the moves its Board's stack
   holds: pos[i]->st->prev chains nply[i] states back), or -1 if out of memory. */
int enc_boards(EncJob *j, const Position *const *pos, const int64_t *nply, size_t count, int threads);

/* A game's start: its FEN (NULL: the standard start) and whether it is Chess960. */
typedef struct { const char *fen; size_t fen_len; int chess960; } EncStart;

/* Returns 0 after encoding the position before each move of each game (moves[offsets[g] ..
   offsets[g + 1]) played from starts[g]; outputs aligned with moves), -1 if out of memory,
   -2 - g if game g's FEN is refused or a move is not legal (its position's row and the rest of
   that game left as they were). */
int64_t enc_games(EncJob *j, const uint16_t *moves, const int64_t *offsets, size_t ngames,
                  const EncStart *starts, int threads);

/* Returns nothing; readies the sparse lists of `threads` threads (empty), the first buffer of each
   sized for its share of `count` positions (the buffers then rarely grow: each growth a copy,
   its new pages faulted in). */
void enc_job_expect(EncJob *j, int threads, size_t count);

/* Returns nothing; frees the sparse buffers of j. */
void enc_job_free(EncJob *j);

/* Returns nothing; out row i = buf row slots[i] (where out is not NULL), then buf row slots[i] =
   in row i (where in is not NULL), for i < n (rows of `width` bytes; the slots distinct: a
   shuffle buffer's exchange), on `threads`. */
void enc_rows_swap(uint8_t *buf, const int64_t *slots, const uint8_t *in, uint8_t *out, size_t n, size_t width,
                   int threads);

/* Returns nothing; for i < n, rows of `width` bytes at rec (8-byte aligned, width a multiple of
   8) each holding `planes` compact planes (their masks at byte 0, their values after) and a mask
   of `moves` bits at byte bits_at: the planes written out dense in dtype (enc_expand) to
   planes_out row i, the bits as bools to mask_out row i, on `threads`. */
void enc_rows_finish(const uint8_t *rec, size_t width, size_t n, int planes, int dtype, void *planes_out,
                     size_t bits_at, int moves, uint8_t *mask_out, int threads);

#endif
