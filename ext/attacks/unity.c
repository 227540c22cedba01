/* The attack catalogue as one translation unit: CPU detection, the shared tables,
   every technique and the registry, which inlines each technique's lookups into
   its own loops. ext/core.c adds move generation on top; tests/c builds this alone.
   hugemem.c comes first (the big tables' memory): it sets the feature macros it needs
   before any system header is read. */
#include "../hugemem.c"
#include "../cpu.c"
#include "../tables.c"
#include "reference.c"
#include "classical.c"
#include "rotated.c"
#include "kindergarten.c"
#include "hyperbola.c"
#include "obstruction.c"
#include "exploding.c"
#include "dumb7fill.c"
#include "kogge_stone.c"
#include "magic_finder.c"
#include "magic.c"
#include "fancy_magic.c"
#include "black_magic.c"
#include "pext.c"
#include "registry.c"
