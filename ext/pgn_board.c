/* The board stack of PGN reading (pgn_board.h). */
#include <stdlib.h>
#include <string.h>
#include "pgn_board.h"

/* Returns 0 with room for states[ply + 1], -1 if out of memory (prev pointers relinked). */
static int pb_room(PgnBoard *b) {
  if ((size_t)b->ply + 1 < b->state_cap) return 0;
  const size_t cap = b->state_cap ? b->state_cap * 2 : 256;
  StateInfo *s = realloc(b->states, cap * sizeof(StateInfo));
  if (!s) return -1;
  for (int i = 1; i <= b->ply; i++) s[i].prev = &s[i - 1];
  b->states = s, b->state_cap = cap;
  b->pos.st = &s[b->ply];
  return 0;
}

int pgn_board_set(PgnBoard *b, const Position *pos, const StateInfo *st) {
  b->ply = 0, b->nframes = 0;
  if (pb_room(b) < 0) return -1;
  b->pos = *pos;
  b->states[0] = *st;
  b->states[0].prev = NULL;
  b->pos.st = &b->states[0];
  b->pos.maps = NULL, b->pos.psqt = NULL;
  return 0;
}

int pgn_board_push(PgnBoard *b, PyMove m) {
  if (pb_room(b) < 0) return -1;
  if (m) board_push_legal(&b->pos, m, &b->states[b->ply + 1]);
  else board_push(&b->pos, 0, &b->states[b->ply + 1]);
  b->ply++;
  return 0;
}

int pgn_board_play(PgnBoard *b, PyMove m) {
  if (pb_room(b) < 0) return -1;
  if (board_push(&b->pos, board_from_chess960(&b->pos, m), &b->states[b->ply + 1]) != 0) return 1;
  b->ply++;
  return 0;
}

void pgn_board_pop(PgnBoard *b) {
  board_pop(&b->pos);
  b->ply--;
}

int pgn_board_begin_variation(PgnBoard *b) {
  if (b->ply == 0) return 0;
  if (b->nframes >= b->frame_cap) {
    const int cap = b->frame_cap ? b->frame_cap * 2 : 16;
    struct PgnFrame *f = realloc(b->frames, (size_t)cap * sizeof *f);
    if (!f) return -1;
    b->frames = f, b->frame_cap = cap;
  }
  b->frames[b->nframes].move = board_pop(&b->pos);
  b->frames[b->nframes++].ply = --b->ply;
  return 1;
}

void pgn_board_end_variation(PgnBoard *b) {
  const struct PgnFrame f = b->frames[--b->nframes];
  for (; b->ply > f.ply; b->ply--) board_pop(&b->pos);
  board_push(&b->pos, f.move, &b->states[++b->ply]);
}

void pgn_board_free(PgnBoard *b) {
  free(b->states), free(b->frames);
  memset(b, 0, sizeof *b);
}
