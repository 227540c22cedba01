/* Games read into flat arrays (chessbits.pgn.read_games): every mainline move as a PyMove,
   its clock and eval, per game the tags, result and errors, optionally every position
   before each move. A PgnArrays reads one span of a buffer; threads read spans side by side
   and the caller joins them. Offsets into the buffer stand for text; the caller words it. */
#ifndef CB_PGN_ARRAYS_H
#define CB_PGN_ARRAYS_H

#include "pgn.h"
#include "san.h"
#include "pgn_board.h"

/* A tag: the game (index in this PgnArrays), name and value as offsets into the buffer. */
typedef struct { int64_t game, name, name_n, value, value_n; } PgnTagRec;

/* Why a game has an error. */
enum {
  PGN_ERR_SAN,          /* code: SanError; token: the SAN; fen: the board; move: find_move's */
  PGN_ERR_FEN,          /* code: FenError; token: the FEN tag's value; move: where */
  PGN_ERR_VARIANT,      /* python-chess's "unsupported variant": read as standard chess */
  PGN_ERR_VARIANT_BULK  /* a variant python-chess knows but the arrays do not: game skipped */
};
typedef struct {
  int64_t game, line, token, token_n;
  int kind, code, move;
  char fen[128];
} PgnErrorRec;

/* Per game: where its moves start, its result (an offset into the buffer, or -1 for "*"),
   the offset of its first line, the FEN it starts from (an offset, or -1 for the standard start)
   and whether it is played as Chess960. */
typedef struct { int64_t first_move, result, result_n, start, fen, fen_n; int chess960; } PgnGameRec;

typedef struct {
  /* options */
  int positions;                 /* record the position before each move */
  /* output */
  uint16_t *moves;               /* from | to << 6 | promotion << 12, python-chess's move */
  float *clocks, *evals;         /* NaN where absent */
  uint64_t *boards;              /* with positions: 8 per move (pawns..kings, white, black) */
  uint64_t *castling;            /* with positions: python-chess's castling_rights */
  int8_t *ep;                    /* with positions: the ep square fen() writes, -1 if none */
  uint8_t *turn;                 /* with positions: 1 if white to move */
  uint32_t *halfmove;            /* with positions: the halfmove clock */
  size_t nmoves, move_cap;
  PgnGameRec *games;
  size_t ngames, game_cap;
  PgnTagRec *tags;
  size_t ntags, tag_cap;
  PgnErrorRec *errors;
  size_t nerrors, error_cap;
  int oom;                       /* memory ran out: the output is incomplete */
  /* reading */
  PgnBuffer src;
  PgnReader reader;
  PgnBoard board;
  int visitor_depth, in_variation, start_black;
  PgnSpan variant, fen;          /* this game's tags that set up its board */
  int has_variant, has_fen;
  /* sharding: next_game counts the games read (kept or not) from the index the caller set;
     with shard_workers, a game whose index is not shard_worker modulo shard_workers is only
     scanned for its end (python-chess's skip) and left out (shard_worker -1: every game) */
  int64_t next_game;
  int shard_workers, shard_worker, dry;
} PgnArrays;

/* Returns nothing; readies a (zeroed) PgnArrays. */
void pgn_arrays_init(PgnArrays *a, int positions);

/* Returns nothing; frees everything a holds. */
void pgn_arrays_free(PgnArrays *a);

/* Returns nothing; readies a PgnArrays an earlier read left (moved here by memcpy) as
   pgn_arrays_init would, its output arrays' room kept for the next read. */
void pgn_arrays_reuse(PgnArrays *a, int positions);

/* Returns the bytes of room a's output arrays hold. */
size_t pgn_arrays_room(const PgnArrays *a);

/* Returns the offset where reading stopped: games of buf[start..n) are read while they start
   before `stop` (or to the end); without `final` a game cut off by the end of the buffer is
   left out, reading stopping at its start. Lines are counted from start (a->src.line_no). */
size_t pgn_arrays_read(PgnArrays *a, const char *buf, size_t n, size_t start, size_t stop, int final);

/* Returns the offset of a place in buf[from..n) where a game starts if the games before it
   end as usual (after a blank line, the next line opening with '['), or n. */
size_t pgn_split_point(const char *buf, size_t n, size_t from);

#endif
