/* Black magic bitboards: fixed-shift magics on (occ | ~mask), which puts the empty board's
   index mid-range so the per-square windows of one shared table can overlap; both pieces
   fit in 87,988 entries. https://www.chessprogramming.org/Magic_Bitboards#Black_Magic_Bitboards */
#include <stdio.h>
#include <string.h>
#include "attacks.h"
#include "../tables.h"
#include "../hugemem.h"

enum { BLACK_MAGIC_SIZE = 87988 };

/* Multipliers and table offsets by Volker Annuss and Niklas Fiekas, the 87,988-entry set
   from the CCC thread "Black magic bitboards", http://talkchess.com/forum/viewtopic.php?t=64790
   (cited by the chessprogramming page above). Squares A1 = 0 .. H8 = 63. */
static const struct { Bitboard magic; uint32_t offset; } black_magic_seeds[2][64] = {
  { /* bishops, index width 9 */
    {0xa7020080601803d8ULL, 60984}, {0x13802040400801f1ULL, 66046}, {0x0a0080181001f60cULL, 32910},
    {0x1840802004238008ULL, 16369}, {0xc03fe00100000000ULL, 42115}, {0x24c00bffff400000ULL,   835},
    {0x0808101f40007f04ULL, 18910}, {0x100808201ec00080ULL, 25911}, {0xffa2feffbfefb7ffULL, 63301},
    {0x083e3ee040080801ULL, 16063}, {0xc0800080181001f8ULL, 17481}, {0x0440007fe0031000ULL, 59361},
    {0x2010007ffc000000ULL, 18735}, {0x1079ffe000ff8000ULL, 61249}, {0x3c0708101f400080ULL, 68938},
    {0x080614080fa00040ULL, 61791}, {0x7ffe7fff817fcff9ULL, 21893}, {0x7ffebfffa01027fdULL, 62068},
    {0x53018080c00f4001ULL, 19829}, {0x407e0001000ffb8aULL, 26091}, {0x201fe000fff80010ULL, 15815},
    {0xffdfefffde39ffefULL, 16419}, {0xcc8808000fbf8002ULL, 59777}, {0x7ff7fbfff8203fffULL, 16288},
    {0x8800013e8300c030ULL, 33235}, {0x0420009701806018ULL, 15459}, {0x7ffeff7f7f01f7fdULL, 15863},
    {0x8700303010c0c006ULL, 75555}, {0xc800181810606000ULL, 79445}, {0x20002038001c8010ULL, 15917},
    {0x087ff038000fc001ULL,  8512}, {0x00080c0c00083007ULL, 73069}, {0x00000080fc82c040ULL, 16078},
    {0x000000407e416020ULL, 19168}, {0x00600203f8008020ULL, 11056}, {0xd003fefe04404080ULL, 62544},
    {0xa00020c018003088ULL, 80477}, {0x7fbffe700bffe800ULL, 75049}, {0x107ff00fe4000f90ULL, 32947},
    {0x7f8fffcff1d007f8ULL, 59172}, {0x0000004100f88080ULL, 55845}, {0x00000020807c4040ULL, 61806},
    {0x00000041018700c0ULL, 73601}, {0x0010000080fc4080ULL, 15546}, {0x1000003c80180030ULL, 45243},
    {0xc10000df80280050ULL, 20333}, {0xffffffbfeff80fdcULL, 33402}, {0x000000101003f812ULL, 25917},
    {0x0800001f40808200ULL, 32875}, {0x084000101f3fd208ULL,  4639}, {0x080000000f808081ULL, 17077},
    {0x0004000008003f80ULL, 62324}, {0x08000001001fe040ULL, 18159}, {0x72dd000040900a00ULL, 61436},
    {0xfffffeffbfeff81dULL, 57073}, {0xcd8000200febf209ULL, 61025}, {0x100000101ec10082ULL, 81259},
    {0x7fbaffffefe0c02fULL, 64083}, {0x7f83fffffff07f7fULL, 56114}, {0xfff1fffffff7ffc1ULL, 57058},
    {0x0878040000ffe01fULL, 58912}, {0x945e388000801012ULL, 22194}, {0x0840800080200fdaULL, 70880},
    {0x100000c05f582008ULL, 11140}},
  { /* rooks, index width 12 */
    {0x80280013ff84ffffULL, 10890}, {0x5ffbfefdfef67fffULL, 50579}, {0xffeffaffeffdffffULL, 62020},
    {0x003000900300008aULL, 67322}, {0x0050028010500023ULL, 80251}, {0x0020012120a00020ULL, 58503},
    {0x0030006000c00030ULL, 51175}, {0x0058005806b00002ULL, 83130}, {0x7fbff7fbfbeafffcULL, 50430},
    {0x0000140081050002ULL, 21613}, {0x0000180043800048ULL, 72625}, {0x7fffe800021fffb8ULL, 80755},
    {0xffffcffe7fcfffafULL, 69753}, {0x00001800c0180060ULL, 26973}, {0x4f8018005fd00018ULL, 84972},
    {0x0000180030620018ULL, 31958}, {0x00300018010c0003ULL, 69272}, {0x0003000c0085ffffULL, 48372},
    {0xfffdfff7fbfefff7ULL, 65477}, {0x7fc1ffdffc001fffULL, 43972}, {0xfffeffdffdffdfffULL, 57154},
    {0x7c108007befff81fULL, 53521}, {0x20408007bfe00810ULL, 30534}, {0x0400800558604100ULL, 16548},
    {0x0040200010080008ULL, 46407}, {0x0010020008040004ULL, 11841}, {0xfffdfefff7fbfff7ULL, 21112},
    {0xfebf7dfff8fefff9ULL, 44214}, {0xc00000ffe001ffe0ULL, 57925}, {0x4af01f00078007c3ULL, 29574},
    {0xbffbfafffb683f7fULL, 17309}, {0x0807f67ffa102040ULL, 40143}, {0x200008e800300030ULL, 64659},
    {0x0000008780180018ULL, 70469}, {0x0000010300180018ULL, 62917}, {0x4000008180180018ULL, 60997},
    {0x008080310005fffaULL, 18554}, {0x4000188100060006ULL, 14385}, {0xffffff7fffbfbfffULL,     0},
    {0x0000802000200040ULL, 38091}, {0x20000202ec002800ULL, 25122}, {0xfffff9ff7cfff3ffULL, 60083},
    {0x000000404b801800ULL, 72209}, {0x2000002fe03fd000ULL, 67875}, {0xffffff6ffe7fcffdULL, 56290},
    {0xbff7efffbfc00fffULL, 43807}, {0x000000100800a804ULL, 73365}, {0x6054000a58005805ULL, 76398},
    {0x0829000101150028ULL, 20024}, {0x00000085008a0014ULL,  9513}, {0x8000002b00408028ULL, 24324},
    {0x4000002040790028ULL, 22996}, {0x7800002010288028ULL, 23213}, {0x0000001800e08018ULL, 56002},
    {0xa3a80003f3a40048ULL, 22809}, {0x2003d80000500028ULL, 44545}, {0xfffff37eefefdfbeULL, 36072},
    {0x40000280090013c1ULL,  4750}, {0xbf7ffeffbffaf71fULL,  6014}, {0xfffdffff777b7d6eULL, 36054},
    {0x48300007e8080c02ULL, 78538}, {0xafe0000fff780402ULL, 28745}, {0xee73fffbffbb77feULL,  8555},
    {0x0002000308482882ULL,  1009}}
};

typedef struct {
  Bitboard notmask, magic;
  const Bitboard *attacks;  /* the square's window: the shared table plus its offset */
} BlackMagic;

/* On huge pages (hugemem.h). */
static Bitboard *black_magic_table, black_magic_static[BLACK_MAGIC_SIZE];
static _Alignas(64) BlackMagic black_magic_rooks[64];
static _Alignas(64) BlackMagic black_magic_bishops[64];

const uint64_t black_magic_bytes = sizeof(black_magic_static) + sizeof(black_magic_rooks)
                                 + sizeof(black_magic_bishops);

/* Returns nothing; fills the shared table from the reference. If two occupancies with
   different attacks share an entry, or the windows do not end exactly at 87,988 entries,
   it says so on stderr and empties the table, so that every lookup returns 0 and the
   exhaustive self-test fails on every square instead of a rare position going wrong. */
void black_magic_init(void) {
  static int done = 0;
  if (done) return;
  tables_init();
  black_magic_table = huge_table(black_magic_static, sizeof black_magic_static);
  size_t end = 0;
  int collisions = 0;
  for (int p = 0; p < 2; p++)
    for (Square s = SQ_A1; s <= SQ_H8; s++) {
      const Bitboard mask = slider_mask(p, s), magic = black_magic_seeds[p][s].magic;
      const uint32_t offset = black_magic_seeds[p][s].offset;
      const int shift = p ? 52 : 55;
      Bitboard sub = 0;
      (p ? black_magic_rooks : black_magic_bishops)[s] =
        (BlackMagic){~mask, magic, black_magic_table + offset};
      do {  /* every subset of mask; attacks are never empty, so 0 marks a free entry */
        size_t idx = offset + (size_t)(((sub | ~mask) * magic) >> shift);
        Bitboard a = sliding_walk(s, sub, p ? ROOK_DIRS : BISHOP_DIRS);
        if (idx >= BLACK_MAGIC_SIZE || (black_magic_table[idx] && black_magic_table[idx] != a))
          collisions++;
        else
          black_magic_table[idx] = a;
        if (idx + 1 > end) end = idx + 1;
      } while ((sub = (sub - mask) & mask));
    }
  if (collisions || end != BLACK_MAGIC_SIZE) {
    fprintf(stderr, "chessbits: black_magic table broken (%d collisions, %zu entries, want %d);"
                    " its lookups now return 0\n", collisions, end, (int)BLACK_MAGIC_SIZE);
    memset(black_magic_table, 0, sizeof(black_magic_static));
  }
  done = 1;
}

/* Returns the rook attacks from s given the occupancy occ. */
inline Bitboard black_magic_rook(Square s, Bitboard occ) {
  const BlackMagic *m = &black_magic_rooks[s];
  return m->attacks[((occ | m->notmask) * m->magic) >> 52];
}

/* Returns the bishop attacks from s given the occupancy occ. */
inline Bitboard black_magic_bishop(Square s, Bitboard occ) {
  const BlackMagic *m = &black_magic_bishops[s];
  return m->attacks[((occ | m->notmask) * m->magic) >> 55];
}
