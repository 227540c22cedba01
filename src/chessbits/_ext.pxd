# The C core (ext/) as Cython sees it: declarations only, no code.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t

cdef extern from "attacks/attacks.h" nogil:
    ctypedef uint64_t Bitboard
    ctypedef int Square
    ctypedef struct Technique:
        const char *name
        Bitboard (*rook)(Square, Bitboard)
        Bitboard (*bishop)(Square, Bitboard)
        const uint64_t *bytes
        unsigned cpu
    enum: TECHNIQUE_NB
    enum: ROOK, BISHOP, QUEEN
    const Technique Techniques[]
    void attacks_init()
    int technique_available(int t)
    int technique_default(const char **why)
    uint64_t technique_selftest(int t, uint64_t randoms, Square *bad_sq, Bitboard *bad_occ, int *bad_piece)
    uint64_t technique_bench(int t, const uint8_t *sq, const uint64_t *occ, size_t n, int reps, int chained)
    int64_t technique_many(int t, int piece, const uint8_t *sq, const uint64_t *occ, uint64_t *out, size_t n)

cdef extern from "attacks/magic_finder.h" nogil:
    uint64_t magic_find_all(int fixed, uint64_t seed, Bitboard magics[2][64], int bits[2][64])

cdef extern from "tables.h" nogil:
    Bitboard KnightAttacks[64]
    Bitboard KingAttacks[64]
    Bitboard PawnAttacks[2][64]
    Bitboard BetweenBB[64][64]
    Bitboard LineBB[64][64]

cdef extern from "cpu.h" nogil:
    enum: CPU_POPCNT, CPU_BMI1, CPU_BMI2, CPU_LZCNT, CPU_AVX2
    unsigned cpu_features()
    unsigned cpu_features_detected()
    int cpu_fast_pext()
    const char *cpu_name()
    const char *cpu_compiler()

cdef extern from "position.h" nogil:
    ctypedef uint16_t Move_t "Move"
    ctypedef int Piece_t "Piece"
    enum: MOVE_NORMAL, MOVE_PROMOTION, MOVE_EP, MOVE_CASTLING, MAX_MOVES, FEN_MAX_LEN, FEN_BUF_LEN
    enum: SQ_NONE, NO_PIECE, KING_T "KING", PAWN_T "PAWN", ROOK_T "ROOK"
    enum: WHITE_C "WHITE", BLACK_C "BLACK"
    ctypedef struct StateInfo:
        uint64_t key
        uint32_t rule50
        uint32_t fullmove
        uint8_t castling
        uint8_t ep
        uint8_t captured
        StateInfo *prev
    ctypedef struct Position:
        Bitboard by_type[7]
        Bitboard by_color[2]
        uint8_t board[64]
        StateInfo *st
        int side
        int chess960
        uint8_t castling_rook[4]
    void position_init()
    int position_set_fen_len(Position *pos, const char *fen, size_t len, int chess960,
                             StateInfo *st, char *err, size_t errlen)
    int position_fen(const Position *pos, char *out)
    uint64_t position_compute_key(const Position *pos)
    int position_ok(const Position *pos)
    void do_move(Position *pos, Move_t m, StateInfo *newst)
    void undo_move(Position *pos, Move_t m)
    Square move_from(Move_t m)
    Square move_to(Move_t m)
    int move_type(Move_t m)
    int move_promotion(Move_t m)
    Square castling_king_to(Square king_sq, Square rook_sq)

cdef extern from "movegen.h" nogil:
    const char *movegen_path()
    int generate_legal_t(const Position *pos, Move_t *moves, int t)
    int count_legal_t(const Position *pos, int t)
    Bitboard attackers_to(const Position *pos, Square s, Bitboard occ)
    Bitboard checkers(const Position *pos)
    int is_check "is_check"(const Position *pos)
    int gives_check(const Position *pos, Move_t m)

cdef extern from "perft.h" nogil:
    uint64_t perft(Position *pos, int depth, int technique)
    int perft_divide(Position *pos, int depth, int technique, Move_t *moves, uint64_t *counts)
    int perft_divide_threads(const Position *pos, int depth, int technique, int threads,
                             Move_t *moves, uint64_t *counts)
    uint64_t perft_threads(const Position *pos, int depth, int technique, int threads)
    uint64_t perft_hashed(Position *pos, int depth, int technique, size_t tt_bytes)
