/* The whole C core as one translation unit, so the compiler can inline each
   technique's lookups into the loops instantiated per technique (bench now,
   movegen/perft later) without LTO. Every file also compiles on its own;
   file-level statics carry their file's name as a prefix so they never clash. */
#include "cpu.c"
#include "tables.c"
#include "attacks/reference.c"
#include "attacks/classical.c"
#include "attacks/rotated.c"
#include "attacks/kindergarten.c"
#include "attacks/hyperbola.c"
#include "attacks/obstruction.c"
#include "attacks/exploding.c"
#include "attacks/dumb7fill.c"
#include "attacks/kogge_stone.c"
#include "attacks/magic_finder.c"
#include "attacks/magic.c"
#include "attacks/fancy_magic.c"
#include "attacks/black_magic.c"
#include "attacks/pext.c"
#include "attacks/registry.c"
#include "position.c"
#include "movegen.c"
#include "perft.c"
