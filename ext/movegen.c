#include <string.h>
#include "movegen.h"
#include "attacks/rotated.h"

/* Empty-board rook and bishop attacks: prefilters before a lookup, and the
   "snipers" that find checkers and pins without one. */
static Bitboard movegen_rook_pseudo[SQUARE_NB], movegen_bishop_pseudo[SQUARE_NB];
static int movegen_default = -1;

/* Rotated bitboards' occupancy: plain and rotated three ways (attacks/rotated.h). */
typedef struct { Bitboard occ, r90, r45, r315; } MovegenRot;

/* Returns occ with its rotations computed from scratch. */
static inline MovegenRot movegen_rot_of(Bitboard occ) {
  MovegenRot v = {occ, rotated_90(occ), rotated_45(occ), rotated_315(occ)};
  return v;
}

/* Returns v with the squares of delta toggled, in all four boards. */
static inline MovegenRot movegen_rot_xor(MovegenRot v, Bitboard delta) {
  v.occ ^= delta;
  while (delta) {
    Square s = pop_lsb(&delta);
    v.r90 ^= rotated_bit90[s];
    v.r45 ^= rotated_bit45[s];
    v.r315 ^= rotated_bit315[s];
  }
  return v;
}

/* One instantiation per technique of CB_TECHNIQUES (attacks.h); the table below
   names each one, so a technique missing here fails to compile. */
#define CB_T reference
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T classical
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T rotated
#define CB_T_TARGET CB_TARGET_NONE
#define CB_T_ROTATED 1
#include "movegen_impl.h"
#define CB_T kindergarten
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T hyperbola
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T obstruction
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T exploding
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T dumb7fill
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T kogge_stone
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T magic
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T fancy_magic
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T black_magic
#define CB_T_TARGET CB_TARGET_NONE
#include "movegen_impl.h"
#define CB_T pext
#define CB_T_TARGET CB_TARGET_BMI2
#include "movegen_impl.h"

#define CB_MOVEGEN_ENTRY(name, target, cpu) \
  {movegen_generate_##name, movegen_count_##name, movegen_attackers_##name, movegen_perft_##name},
const MovegenTechnique movegen_techniques[TECHNIQUE_NB] = {CB_TECHNIQUES(CB_MOVEGEN_ENTRY)};

void movegen_init(void) {
  const char *why;
  if (movegen_default >= 0) return;
  attacks_init();
  for (Square s = SQ_A1; s <= SQ_H8; s++) {
    movegen_rook_pseudo[s] = RankMask[s] | FileMask[s];
    movegen_bishop_pseudo[s] = DiagMask[s] | AntiMask[s];
  }
  movegen_default = technique_default(&why);
}

int movegen_technique(void) { return movegen_default; }

int movegen_set_technique(int t) {
  int old = movegen_default;
  if (technique_available(t)) movegen_default = t;
  return old;
}

int generate_legal(const Position *pos, Move *list) {
  return movegen_techniques[movegen_default].generate(pos, list);
}

/* Returns t if this CPU can run it, else the default technique. */
static int movegen_pick(int t) { return technique_available(t) ? t : movegen_default; }

int generate_legal_t(const Position *pos, Move *list, int t) {
  return movegen_techniques[movegen_pick(t)].generate(pos, list);
}

int count_legal(const Position *pos) { return movegen_techniques[movegen_default].count(pos); }

int count_legal_t(const Position *pos, int t) { return movegen_techniques[movegen_pick(t)].count(pos); }

Bitboard attackers_to(const Position *pos, Square s, Bitboard occ) {
  return movegen_techniques[movegen_default].attackers(pos, s, occ);
}

Bitboard checkers(const Position *pos) {
  const Color us = pos->side;
  return attackers_to(pos, king_square(pos, us), pos->by_type[NO_PIECE_TYPE]) & pos->by_color[us ^ 1];
}

int is_check(const Position *pos) { return checkers(pos) != 0; }

int is_legal(const Position *pos, Move m) {
  Move list[MAX_MOVES];
  const int n = generate_legal(pos, list);
  for (int i = 0; i < n; i++)
    if (list[i] == m) return 1;
  return 0;
}

int gives_check(const Position *pos, Move m) {
  /* Play it on a copy: exact for every kind of discovered check and cheap next to
     the Python call that asks. */
  Position copy = *pos;
  StateInfo st;
  do_move(&copy, m, &st);
  return is_check(&copy);
}

int has_legal_ep(const Position *pos) { return pos->st->ep != SQ_NONE; }
