/* Strictly legal move generation (checkers, check mask, pins, king safety with the
   king off the board), instantiated once per sliding-attack technique so each
   technique's lookups inline; the API picks the technique once per call. */
#ifndef CB_MOVEGEN_H
#define CB_MOVEGEN_H

#include "position.h"
#include "attacks/attacks.h"
#include "perft_tt.h"


/* The generator's methods: every technique of attacks.h by its index, then the attack
   maps kept incrementally (attackmaps.h) as MOVEGEN_INCREMENTAL. */
enum { MOVEGEN_INCREMENTAL = TECHNIQUE_NB, MOVEGEN_NB };

/* One technique's instantiation of the generator and the perft loops. */
typedef struct {
  int (*generate)(const Position *, Move *);
  int (*count)(const Position *);
  uint64_t (*perft)(Position *, int, PerftTT *); /* tt may be NULL */
} MovegenTechnique;

/* The instantiations the CPU runs best (MOVEGEN_NB of them): the x86-64-v3 ones where the CPU has
   POPCNT/BMI1/BMI2/LZCNT/AVX2 (and CHESSBITS_CPU is not baseline), else base. */
extern const MovegenTechnique *movegen_techniques;

/* Returns which code variant movegen_init picked and why. */
const char *movegen_path(void);

/* Returns nothing; initialises the attack tables and Zobrist keys and picks the default
   technique: the one call that readies the C core (idempotent). */
void movegen_init(void);

/* Returns the technique the non-_t functions use. */
int movegen_technique(void);

/* Returns the technique for positions met once each among many (technique_streaming). */
int movegen_technique_streaming(void);

/* Returns the number of legal moves, counted without listing them (default technique). */
int count_legal(const Position *pos);

#endif
