/* The tables checked against the rules of the game: for every position of a material (or a
   sample of them), its probed WDL is the best of its moves' (captures into smaller tables,
   promotions into others), its DTZ agrees with its WDL, and its DTZ steps by one along the
   best move (within one: a DTZ table may round). What catches a misread entry that random
   positions compared with python-chess would miss. */
#ifndef CB_SYZYGY_CHECK_H
#define CB_SYZYGY_CHECK_H

#include "syzygy_probe.h"

typedef struct {
  int64_t positions;          /* legal positions checked */
  int64_t failures;
  int64_t first;              /* the candidate number of the first failure (sz_check), -1 if none */
  int rule;                   /* which rule it broke: SZ_RULE_* */
  int code;                   /* SZ_OK, or the probe error that stopped the check */
} SzCheck;

enum { SZ_RULE_NONE, SZ_RULE_TERMINAL, SZ_RULE_WDL, SZ_RULE_DTZ_SIGN, SZ_RULE_DTZ_STEP };

/* Returns SZ_OK after checking the legal positions among candidates offset, offset + stride,
   ... of material name ("KRvKP", White's pieces first): candidate k puts piece i on square
   (k >> 1) / 64^i % 64, k & 1 the side to move (1 White); a candidate whose pieces of one kind
   are not on ascending squares is skipped (the same position as one that is). Every table it
   needs must be given. Checked densely (stride <= 8), each position's values are probed once.
   The first probe error stops it (its code in out->code, the candidate in out->first). */
int sz_check(const SzBase *b, const char *name, uint64_t stride, uint64_t offset, int threads, SzCheck *out);

/* Returns the number of candidates of material name (2 * 64^pieces), 0 if it is not a table name. */
uint64_t sz_check_candidates(const char *name);

#endif
