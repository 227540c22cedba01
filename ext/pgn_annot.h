/* The annotations python-chess reads from PGN comments, found in UTF-8 text as its regexes
   find them (chess.pgn's CLOCK_REGEX, EMT_REGEX, EVAL_REGEX, ARROWS_REGEX): the first match
   at or after a position, each part as a byte offset and length. \s and \d are ASCII's here
   (\s with \x1c-\x1f, as Python has it): text with whitespace or digits past ASCII is left
   to the regexes themselves; other characters past ASCII take part in no match. */
#ifndef CB_PGN_ANNOT_H
#define CB_PGN_ANNOT_H

#include <stddef.h>

/* A match: [start, end) with the optional whitespace before and after it (the regexes'
   prefix and suffix groups, each 0 or 1 character long). */
typedef struct { size_t start, end, prefix, suffix; } PgnSpanMatch;

/* [%clk H:M:S] or [%emt H:M:S]: the digits of each field (S may have a fraction). */
typedef struct { PgnSpanMatch at; size_t h, hn, m, mn, s, sn; } PgnTimeMatch;

/* [%eval ...]: mate (1 for #N) and its text (signed digits, or the centipawn number as
   written), the depth's digits (dn 0 if none). */
typedef struct { PgnSpanMatch at; int mate; size_t v, vn, d, dn; } PgnEvalMatch;

/* [%csl ...] or [%cal ...]: the comma-separated list of Ga1 / Ya2h2 items. */
typedef struct { PgnSpanMatch at; size_t list, listn; } PgnArrowsMatch;

/* Returns 1 with *t for the first [%<cmd> H:M:S] (cmd "clk" or "emt") in s[from..n), else 0. */
int pgn_find_time(const char *s, size_t n, size_t from, const char *cmd, PgnTimeMatch *t);

/* Returns 1 with *e for the first [%eval ...] in s[from..n), else 0. */
int pgn_find_eval(const char *s, size_t n, size_t from, PgnEvalMatch *e);

/* Returns 1 with *a for the first [%csl ...] or [%cal ...] in s[from..n), else 0. */
int pgn_find_arrows(const char *s, size_t n, size_t from, PgnArrowsMatch *a);

/* Returns 1 with *x the double of s[0..n) = [+-]?digits[.digits] of at most 15 digits (one
   division of exact numbers: the correctly rounded value, as float() reads it), else 0. */
int pgn_decimal(const char *s, size_t n, double *x);

#endif
