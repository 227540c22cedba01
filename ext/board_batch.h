/* N games stepped together (chessbits.encode.BoardBatch): each a position with its recent
   states and the positions the encoders read, and the moves since its start; one move pushed
   per game per call, its outcome kept as python-chess's outcome() gives it. */
#ifndef CB_BOARD_BATCH_H
#define CB_BOARD_BATCH_H

#include "encode_batch.h"
#include "board.h"

/* Legal moves a game keeps from one call to the next (a position with more has them generated
   again when asked; no position of a game has more than 218). */
#define BATCH_LEGAL 256

/* A game's memory, all of it fixed at the start (one region of huge pages for the batch, so a
   step over a thousand games walks a few TLB entries and never copies a growing array):
   BATCH_STATES make/unmake states, a ring; the encoders' positions and their keys in room for
   BATCH_HIST, slid back to the last BATCH_BEHIND + 1 when full. Nothing reads further back
   than a game's halfmove clock, and RULE50_END plies without a capture or pawn move end it. */
#define BATCH_STATES 256
#define BATCH_HIST 384
#define BATCH_BEHIND 160
_Static_assert(BATCH_STATES > RULE50_END && BATCH_BEHIND >= RULE50_END && BATCH_HIST > BATCH_BEHIND + 1,
               "a game keeps every position its halfmove clock reaches back to");
_Static_assert((BATCH_STATES & (BATCH_STATES - 1)) == 0, "the ring's index is a mask");

/* (The fields a step reads share lines; the start, read only on a reset, goes last.) */
typedef struct {
  Position pos;         /* the game so far: pos.st is states[ply % BATCH_STATES] */
  StateInfo *states;    /* the ring of its last BATCH_STATES states */
  EncPos *hist;         /* hist[0..nhist - 1]: its last positions for the encoders, the current
                           one last (the whole game while it fits: then hist[0] is its start) */
  uint64_t *keys;       /* keys[k]: hist[k]'s key, packed for the repetition scan */
  int ply, nhist;
  PyMove *moves;        /* moves[0..ply - 1]: the moves played (malloc'd, doubled as it grows) */
  size_t move_cap;
  int8_t termination;   /* TERM_NONE while it goes on */
  int8_t white_wins;    /* after a checkmate */
  int nlegal;           /* the legal moves of its position, or -1 if more than BATCH_LEGAL */
  int index_key;        /* the policy (layout * 2 + lc0 canonical) of index[], -1 if none yet */
  int sorted_key;       /* the policy of sorted[] (as index_key), -1 if none since its last move */
  int nsorted;
  PyMove legal[BATCH_LEGAL];
  int16_t index[BATCH_LEGAL]; /* each legal move's index in that policy */
  int16_t sorted[BATCH_LEGAL]; /* index[] as a sparse mask (ascending, once each), kept while the
                                  game waits: a finished game is asked again every step */
  Position start;       /* where it starts (and resets to) */
  StateInfo start_st;
} BatchGame;

typedef struct {
  BatchGame *games;
  size_t n, cap;        /* games set, room for */
  int claim_draw;       /* end games on the fifty-move rule and threefold repetition too */
  char *region;         /* the games' states, hist and keys (huge_alloc'd) */
  size_t region_bytes;
} Batch;

/* Returns 0 with room for n games in b (none set yet), -1 if out of memory. */
int batch_init(Batch *b, size_t n);

/* Returns 0 after setting game g to start from a FEN (its first reset), -1 out of memory, 1 if the
   FEN is refused. */
int batch_set_start(Batch *b, size_t g, const char *fen, size_t len, int chess960);

/* Returns 0 after taking game g back to its start, -1 if out of memory. */
int batch_reset(Batch *b, size_t g);

/* Returns 0 after playing keys[g] (a python-chess key; 0: none) in each game g that goes on (a
   finished game stays as it is), -1 if out of memory, or 1 with *bad = g, nothing played, if
   keys[g] is not legal in g's ongoing game. */
int batch_push_keys(Batch *b, const uint16_t *keys, size_t *bad);

/* Returns 0 after writing to keys[g] the legal move of each ongoing game g with policy index
   indices[g] in layout (lc0's canonical transform where canonical; -1 or a finished game: 0),
   1 with *bad = g if game g has no such move (the first such), looked up on `threads`. */
int batch_index_keys(Batch *b, const int16_t *indices, int layout, int canonical, uint16_t *keys, size_t *bad,
                     int threads);

/* Returns as batch_push_keys for policy indices of layout (lc0's canonical transform where
   canonical; -1: none). */
int batch_push_indices(Batch *b, const int16_t *indices, int layout, int canonical, size_t *bad);

/* Returns 0 after playing m, a legal move of game g that goes on, the new position's moves
   indexed in `layout` as they are generated (-1: when first asked; lc0's canonical transform
   is always left until then), -1 if out of memory. */
int batch_play(Batch *b, size_t g, PyMove m, int layout);

/* Returns the legal move of game g with policy index `index` in layout (lc0's canonical
   transform where canonical), 0 if none. */
PyMove batch_index_move(Batch *b, size_t g, int layout, int canonical, int index);

/* Returns the number of legal moves of game g after writing their indices in layout to out
   (lc0's canonical transform where canonical), in the generator's order. */
int batch_legal_indices(Batch *b, size_t g, int layout, int canonical, int16_t *out);

/* Returns nothing; writes each game's Termination (TERM_NONE while it goes on), 1 where white
   won by checkmate (else 0) and its plies since its start. */
void batch_state(const Batch *b, int8_t *termination, int8_t *white_wins, int64_t *plies);

/* Returns the games over or cut off, after writing per game what a Gymnasium step returns: a
   reward of 1 for the move that mated (else 0), 1 in terminated where the game is over, 1 in
   truncated where it goes on after max_plies plies. */
size_t batch_env_state(const Batch *b, int64_t max_plies, float *reward, uint8_t *terminated, uint8_t *truncated);

/* Returns 0 after writing row k of every output of j for game rows[k], k < count (rows NULL:
   every game, row g for game g; with rows the games are only read, so rows may name a game
   twice), threads sharing them out, each game's legal move play[g] (0: none; play NULL, as with
   rows: no moves) played first, in the same pass; -1 if out of memory. */
int batch_encode(Batch *b, EncJob *j, const int64_t *rows, size_t count, const uint16_t *play, int threads);

/* Returns nothing; frees every game of b and b's room for them. */
void batch_free(Batch *b);

#endif
