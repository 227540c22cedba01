/* The whole C core as one translation unit, so the compiler can inline each
   technique's lookups into the loops instantiated per technique (registry loops,
   movegen/perft) without LTO. Every file also compiles on its own; file-level
   statics carry their file's name as a prefix so they never clash. perft_tt.c comes first:
   it asks for the non-POSIX system calls it needs before any system header is read. */
#include "perft_tt.c"
#include "attacks/unity.c"
#include "position.c"
#include "attackmaps.c"
#include "movegen.c"
#include "workers.c"
#include "perft.c"
#include "deep.c"
#include "board.c"
#include "board_fen.c"
#include "book.c"
#include "psqt.c"
#include "engine.c"
#include "san.c"
#include "pgn.c"
#include "pgn_board.c"
#include "pgn_arrays.c"
#include "encode.c"
#include "policy.c"
#include "encode_batch.c"
#include "board_batch.c"
#include "variant.c"
#include "svg.c"
