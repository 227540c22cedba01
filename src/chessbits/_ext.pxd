# The C core (ext/) as Cython sees it: declarations only, no code.
from libc.stdint cimport int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, uint64_t, int64_t

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
    const Technique Techniques[]
    void attacks_init()
    int technique_available(int t)
    int technique_default(const char **why)
    int technique_streaming(const char **why)
    uint64_t technique_selftest(int t, uint64_t randoms, Square *bad_sq, Bitboard *bad_occ, int *bad_piece)
    uint64_t technique_bench(int t, const uint8_t *sq, const uint64_t *occ, size_t n, int reps, int chained, int per)
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
    enum: CPU_POPCNT, CPU_BMI1, CPU_BMI2, CPU_LZCNT, CPU_AVX2, CPU_AVX512
    unsigned cpu_features()
    int cpu_v3()
    int cpu_v4()
    unsigned cpu_features_detected()
    int cpu_fast_pext()
    const char *cpu_name()
    const char *cpu_compiler()

cdef extern from *:
    """
    #ifdef CB_DEBUG
    #define CB_DEBUG_BUILD 1
    #else
    #define CB_DEBUG_BUILD 0
    #endif
    #if defined(__SANITIZE_ADDRESS__)
    #define CB_ASAN_BUILD 1
    #elif defined(__has_feature)
    #if __has_feature(address_sanitizer)
    #define CB_ASAN_BUILD 1
    #endif
    #endif
    #ifndef CB_ASAN_BUILD
    #define CB_ASAN_BUILD 0
    #endif
    """
    int CB_DEBUG_BUILD  # 1 in a CHESSBITS_DEBUG=1 build (the C core's asserts on)
    int CB_ASAN_BUILD   # 1 in a CHESSBITS_SANITIZE build (AddressSanitizer compiled in)

cdef extern from "position.h" nogil:
    ctypedef uint16_t Move_t "Move"
    ctypedef int Piece_t "Piece"
    enum: MOVE_NORMAL, MOVE_PROMOTION, MOVE_EP, MOVE_CASTLING, MAX_MOVES
    enum: SQ_NONE, NO_PIECE
    enum: PAWN_T "PAWN", KNIGHT_T "KNIGHT", BISHOP_T "BISHOP", ROOK_T "ROOK", QUEEN_T "QUEEN", KING_T "KING"
    enum: ALL_PIECES "NO_PIECE_TYPE"  # by_type[ALL_PIECES]: every piece
    enum: WHITE_C "WHITE", BLACK_C "BLACK"
    int type_of_piece(Piece_t pc)
    int color_of_piece(Piece_t pc)
    int file_of(int s)
    int rank_of(int s)
    ctypedef struct StateInfo:
        uint64_t key
        uint32_t rule50
        uint32_t fullmove
        uint8_t castling
        uint8_t ep
        uint8_t captured
        uint8_t ep_raw
        uint8_t flags
        Move_t move
        StateInfo *prev
        Bitboard castling_raw
        Bitboard promoted
    ctypedef struct AttackMaps:
        Bitboard from_ "from"[64]
        Bitboard to[64]
    ctypedef struct Psqt:
        int32_t table[16][64]
        int32_t score
    ctypedef struct Position:
        Bitboard by_type[7]
        Bitboard by_color[2]
        uint8_t board[64]
        StateInfo *st
        int side
        int chess960
        AttackMaps *maps
        Psqt *psqt
    uint64_t position_compute_key(const Position *pos)

cdef extern from "board.h" nogil:
    ctypedef uint16_t PyMove
    enum: BOARD_REGULAR, BOARD_IRREVERSIBLE
    ctypedef enum FenError:
        FEN_OK, FEN_EMPTY, FEN_TURN, FEN_CASTLING, FEN_EN_PASSANT
        FEN_HALFMOVE, FEN_HALFMOVE_NEGATIVE, FEN_HALFMOVE_RANGE
        FEN_FULLMOVE, FEN_FULLMOVE_NEGATIVE, FEN_FULLMOVE_RANGE, FEN_PARTS
        FEN_BOARD_PARTS, FEN_BOARD_ROWS, FEN_BOARD_CHARACTER, FEN_BOARD_DIGITS, FEN_BOARD_TILDE, FEN_BOARD_COLUMNS
    FenError board_set_fen(Position *pos, const char *fen, size_t len, int chess960, StateInfo *st, int *where)
    FenError board_set_board_fen(Position *pos, const char *fen, size_t len, int *where)
    int board_castling_syntax(const char *f, size_t n)
    int board_board_fen(const Position *pos, uint64_t marked, char *out)
    int board_castling_fen(const Position *pos, int shredder, char *out)
    int board_castling_from_fen(const Position *pos, const char *f, size_t n, Bitboard *rights)
    enum: BOARD_EP_LEGAL, BOARD_EP_FEN, BOARD_EP_XFEN
    int board_fen(const Position *pos, int shredder, int ep_mode, int promoted, char *out)
    void board_sync(Position *pos)
    int board_king(const Position *pos, int c)
    Bitboard board_clean_castling(const Position *pos, int has_stack)
    Bitboard board_attacks_mask(const Position *pos, int s)
    Bitboard board_attackers(const Position *pos, int c, int s, Bitboard occ)
    Bitboard board_checkers(const Position *pos)
    Bitboard board_pin_mask(const Position *pos, int c, int s)
    int board_generate(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out)
    int board_generate_castling(const Position *pos, Bitboard from_mask, Bitboard to_mask, PyMove *out)
    int board_generate_ep(const Position *pos, Bitboard from_mask, Bitboard to_mask, int legal, PyMove *out)
    int pymove_in(const PyMove *moves, int n, PyMove m)
    int board_is_pseudo_legal(const Position *pos, PyMove m)
    int board_is_legal(const Position *pos, PyMove m)
    int board_is_into_check(const Position *pos, PyMove m)
    int board_is_en_passant(const Position *pos, PyMove m)
    int board_is_castling(const Position *pos, PyMove m)
    int board_is_capture(const Position *pos, PyMove m)
    int board_is_zeroing(const Position *pos, PyMove m)
    int board_is_irreversible(const Position *pos, PyMove m)
    int board_has_legal_ep(const Position *pos)
    int board_push(Position *pos, PyMove m, StateInfo *newst)
    void board_push_legal(Position *pos, PyMove m, StateInfo *newst)
    void board_push_pseudo(Position *pos, PyMove m, StateInfo *newst)
    PyMove board_pop(Position *pos)
    PyMove board_pymove(const Position *pos, Move_t m)
    PyMove board_from_chess960(const Position *pos, PyMove m)
    PyMove board_to_chess960(const Position *pos, PyMove m)
    unsigned board_status(const Position *pos, int next)
    uint64_t board_polyglot_key(const Position *pos)
    int board_count_legal(const Position *pos)
    uint64_t board_perft_general(Position *pos, int depth)
    bint board_insufficient(const Position *pos, int c)  # bint: has_insufficient_material's False/True
    int board_repetition(const Position *pos, int count)
    int board_can_claim_fifty(Position *pos)
    int board_can_claim_threefold(Position *pos)
    int board_outcome(Position *pos, int claim_draw, int legal, int next, int earlier, int *white_wins)
    bint board_several_kings(const Position *pos, int c)

cdef extern from "variant.h" nogil:
    enum: VARIANT_CHESS, VARIANT_SUICIDE, VARIANT_GIVEAWAY, VARIANT_ANTICHESS, VARIANT_ATOMIC, VARIANT_KING_OF_THE_HILL, \
        VARIANT_RACING_KINGS, VARIANT_HORDE, VARIANT_THREE_CHECK, VARIANT_CRAZYHOUSE, VARIANT_NB
    const char *const variant_names[]
    ctypedef struct VariantPos:
        Position pos
        StateInfo st
        int variant
        int remaining_checks[2]
        int pocket[2][7]
    void variant_init(VariantPos *vp, int v, const Position *pos)
    int variant_is_end(const VariantPos *vp)
    enum: VARIANT_WIN, VARIANT_LOSS, VARIANT_DRAW
    unsigned variant_result(VariantPos *vp)
    Bitboard variant_checkers(const VariantPos *vp)
    bint variant_insufficient(const VariantPos *vp, int c)
    int variant_generate(VariantPos *vp, PyMove *out)
    void variant_push(VariantPos *vp, PyMove m, VariantPos *child)
    unsigned variant_rules(int v)
    int variant_pseudo(const VariantPos *vp, Bitboard from_mask, Bitboard to_mask, PyMove *out)
    bint variant_is_pseudo_legal(const VariantPos *vp, PyMove m)
    Bitboard variant_drop_squares(const Position *pos)
    uint64_t variant_perft_c "variant_perft"(VariantPos *vp, int depth)
    void variant_perft_stats(VariantPos *vp, int depth, PerftStats *s)
    int variant_divide_c "variant_divide"(const VariantPos *vp, int depth, int threads, PyMove *moves, uint64_t *counts)
    bint pymove_is_drop(PyMove m)

cdef extern from "movegen.h" nogil:
    enum: MOVEGEN_INCREMENTAL
    void movegen_init()
    const char *movegen_path()

cdef extern from "perft.h" nogil:
    uint64_t perft(Position *pos, int depth, int technique)
    int perft_divide(Position *pos, int depth, int technique, Move_t *moves, uint64_t *counts)
    int perft_divide_threads(const Position *pos, int depth, int technique, int threads,
                             Move_t *moves, uint64_t *counts)
    uint64_t perft_threads(const Position *pos, int depth, int technique, int threads)
    uint64_t perft_hashed(const Position *pos, int depth, int technique, size_t tt_bytes, int threads)
    const int PERFT_MAX_DEPTH_C "PERFT_MAX_DEPTH"
    enum: PERFT_STAT_NB
    ctypedef struct PerftStats:
        uint64_t nodes
    const char *const perft_stat_names[]
    void perft_stats(Position *pos, int depth, PerftStats *s)

cdef extern from "perft_tt.h" nogil:
    ctypedef struct PerftTT:
        pass
    enum: PERFT_TT_MAX_MB
    int perft_tt_alloc(PerftTT *tt, size_t bytes, uint64_t seed)
    void perft_tt_free(PerftTT *tt)

cdef extern from "deep.h" nogil:
    ctypedef struct PackedPosition:
        pass
    int64_t deep_split(Position *pos, int ply, int64_t cap, PackedPosition *out, uint64_t *paths)
    ctypedef struct DeepBatch:
        const Position *root
        const PackedPosition *tasks
        int64_t n
        int depth, technique, stats
        PerftTT *tt
        uint64_t *counts
        uint8_t *finished
        int64_t *done
        int *stop
    int deep_run(DeepBatch *b, int threads)
    int deep_finished(const uint8_t *finished, int64_t first, int64_t last)

cdef extern from "attackmaps.h" nogil:
    void attackmaps_compute(AttackMaps *m, const Position *pos)
    Bitboard attackmaps_xray(const Position *pos, const AttackMaps *m, Square s)

cdef extern from "psqt.h" nogil:
    void psqt_compute(Psqt *p, const Position *pos)

cdef extern from "engine.h" nogil:
    int engine_see(const Position *pos, PyMove m, const int values[7])
    enum: ORDER_MVV_LVA, ORDER_SEE
    void engine_order(const Position *pos, PyMove *moves, int n, int order, const int values[7])
    int engine_mobility(const Position *pos, const AttackMaps *m, int c)

cdef extern from "polyglot.h" nogil:
    enum: POLYGLOT_RANDOM_NB
    const uint64_t polyglot_random[]

cdef extern from "book.h" nogil:
    enum: BOOK_ENTRY_BYTES
    ctypedef struct BookEntry:
        uint64_t key
        uint16_t raw_move
        uint16_t weight
        uint32_t learn
    BookEntry book_entry(const unsigned char *data, size_t i)
    size_t book_lower_bound(const unsigned char *data, size_t n, uint64_t key)
    int book_pymove(uint16_t raw_move, int *promotion)

cdef extern from "san.h" nogil:
    ctypedef enum SanError:
        SAN_OK, SAN_INVALID, SAN_MULTI_LEG, SAN_ILLEGAL, SAN_AMBIGUOUS, SAN_NO_PROMOTION, SAN_NO_MATCH
    SanError san_parse(const Position *pos, const char *san, size_t n, PyMove *out)
    enum: SAN_MAX
    int san_write(Position *pos, PyMove m, int long_form, char *out)
    PyMove san_sought(PyMove out)
    int san_written_to(PyMove out)
    int board_has_chess960_castling(const Position *pos, int has_stack)

cdef extern from "pgn_arrays.h" nogil:
    ctypedef struct PgnBuffer:
        int64_t line_no
    ctypedef struct PgnTagRec:
        int64_t game, name, name_n, value, value_n
    enum: PGN_ERR_SAN, PGN_ERR_FEN, PGN_ERR_VARIANT, PGN_ERR_VARIANT_BULK
    ctypedef struct PgnErrorRec:
        int64_t game, line, token, token_n
        int kind, code, move
        char fen[128]
    ctypedef struct PgnGameRec:
        int64_t first_move, result, result_n, start, fen, fen_n
        int chess960
    ctypedef struct PgnArrays:
        uint16_t *moves
        float *clocks
        float *evals
        uint64_t *boards
        uint64_t *castling
        int8_t *ep
        uint8_t *turn
        uint32_t *halfmove
        size_t nmoves
        PgnGameRec *games
        size_t ngames
        PgnTagRec *tags
        size_t ntags
        PgnErrorRec *errors
        size_t nerrors
        int oom
        PgnBuffer src
        int64_t next_game
        int shard_workers
        int shard_worker
    void pgn_arrays_init(PgnArrays *a, int positions)
    void pgn_arrays_free(PgnArrays *a)
    void pgn_arrays_reuse(PgnArrays *a, int positions)
    size_t pgn_arrays_room(const PgnArrays *a)
    size_t pgn_arrays_read(PgnArrays *a, const char *buf, size_t n, size_t start, size_t stop, int final)
    size_t pgn_split_point(const char *buf, size_t n, size_t start)

cdef extern from "workers.h" nogil:
    const int WORKERS_MAX
    void workers_run(int n, void (*fn)(void *) noexcept nogil, void *args, size_t size)
    int64_t workers_fetch_add(int64_t *counter, int64_t add)

cdef extern from "pgn.h":
    ctypedef struct PgnSpan:
        const char *p
        size_t n
    ctypedef struct PgnLine:
        const char *p
        size_t n
        int eol
    enum: PGN_GO, PGN_SKIP, PGN_IGNORED, PGN_ERROR, PGN_ABORT
    ctypedef struct PgnSink:
        int (*begin_game)(void *ctx) noexcept
        int (*header)(void *ctx, PgnSpan name, PgnSpan value) noexcept
        int (*end_headers)(void *ctx) noexcept
        int (*comment)(void *ctx, PgnSpan text) noexcept
        int (*nag)(void *ctx, PgnSpan token, int nag) noexcept
        int (*begin_variation)(void *ctx) noexcept
        int (*end_variation)(void *ctx, int pop_board) noexcept
        int (*board_depth)(void *ctx) noexcept
        int (*result)(void *ctx, PgnSpan token) noexcept
        int (*move)(void *ctx, PgnSpan token) noexcept
        int (*end_game)(void *ctx) noexcept
    ctypedef struct PgnLines:
        int (*next)(void *ctx, PgnLine *line) noexcept
        void *ctx
    ctypedef struct PgnReader:
        PgnLines lines
        const PgnSink *sink
        void *ctx
        int indented_tags
    int pgn_read_game(PgnReader *r)
    void pgn_reader_free(PgnReader *r)

cdef extern from "pgn_board.h" nogil:
    ctypedef struct PgnBoard:
        Position pos
        int ply
    int pgn_board_set(PgnBoard *b, const Position *pos, const StateInfo *st)
    int pgn_board_push(PgnBoard *b, PyMove m)
    int pgn_board_play(PgnBoard *b, PyMove m)
    void pgn_board_pop(PgnBoard *b)
    int pgn_board_begin_variation(PgnBoard *b)
    void pgn_board_end_variation(PgnBoard *b)
    int pgn_board_depth(const PgnBoard *b)
    void pgn_board_free(PgnBoard *b)

cdef extern from "encode.h" nogil:
    enum: ENC_SIMPLE, ENC_LC0, ENC_ALPHAZERO, ENC_MAIA2
    enum: ENC_SIMPLE_PLANES, ENC_LC0_PLANES, ENC_ALPHAZERO_PLANES, ENC_MAIA2_PLANES
    enum: LC0_CLASSICAL, LC0_CASTLING_PLANE, LC0_CANONICAL, LC0_CANONICAL_HECTOPLIES
    enum: LC0_CANONICAL_HECTOPLIES_ARMAGEDDON, LC0_CANONICAL_V2, LC0_CANONICAL_V2_ARMAGEDDON
    enum: LC0_FILL_NO, LC0_FILL_FEN_ONLY, LC0_FILL_ALWAYS
    enum: ENC_TOKENS
    enum: ENC_BOOL, ENC_UINT8, ENC_FLOAT16, ENC_FLOAT32
    ctypedef struct EncOptions:
        int layout
        int lc0_format
        int lc0_fill
        int perspective
    ctypedef struct EncPos:
        uint8_t black
    void enc_snapshot(const Position *pos, int start, EncPos *e)
    int enc_lc0_transform(const EncPos *e)
    int enc_lc0_canonical(int format)
    int enc_plane_count(const EncOptions *o)
    int enc_fractional(const EncOptions *o)
    void enc_init()
    int enc_dtype_size(int dtype)
    void enc_expand(const uint64_t *mask, const float *value, int count, int dtype, void *out)

cdef extern from "policy.h" nogil:
    enum: POL_LC0, POL_ALPHAZERO, POL_MAIA2, POL_SEARCHLESS
    int policy_size(int layout)
    int policy_index(int layout, const Position *pos, PyMove m, int transform)
    int policy_legal_moves(const Position *pos, PyMove *out)
    void policy_init()

cdef extern from "hugemem.h" nogil:
    size_t HUGE_PAGE
    void *huge_alloc(size_t bytes)
    void huge_free(void *p, size_t bytes)

cdef extern from "encode_batch.h" nogil:
    enum: ENC_COMPACT
    ctypedef struct EncSparse:
        int16_t *idx
        size_t n
    ctypedef struct EncJob:
        EncOptions opt
        int planes
        int dtype
        void *planes_out
        float *values_out
        uint8_t *tokens_out
        uint8_t *tokens_ok
        uint64_t *bitboards_out
        uint8_t *black_out
        int policy
        int lc0_format
        uint8_t *mask_out
        uint8_t *rows_out
        size_t row_width
        size_t bits_at
        int32_t *counts_out
        EncSparse sparse[WORKERS_MAX]
        int16_t *played_out
        void *syzygy  # (an SzMany, declared below)
        int threads
    void enc_job_init(EncJob *j)
    int enc_job_ready(EncJob *j)
    int enc_boards(EncJob *j, const Position *const *pos, const int64_t *nply, size_t count, int threads)
    ctypedef struct EncStart:
        const char *fen
        size_t fen_len
        int chess960
    int64_t enc_games(EncJob *j, const uint16_t *moves, const int64_t *offsets, size_t ngames,
                      const EncStart *starts, int threads)
    void enc_job_free(EncJob *j)
    void enc_rows_swap(uint8_t *buf, const int64_t *slots, const uint8_t *src, uint8_t *out, size_t n, size_t width,
                       int threads)
    void enc_rows_finish(const uint8_t *rec, size_t width, size_t n, int planes, int dtype, void *planes_out,
                         size_t bits_at, int moves, uint8_t *mask_out, int threads)

cdef extern from "board_batch.h" nogil:
    ctypedef struct BatchGame:
        int ply
        PyMove *moves
        int8_t termination
        int8_t white_wins
    ctypedef struct Batch:
        BatchGame *games
        size_t n
        int claim_draw
    int batch_init(Batch *b, size_t n)
    int batch_set_start(Batch *b, size_t g, const char *fen, size_t len, int chess960)
    int batch_reset(Batch *b, size_t g)
    int batch_push_keys(Batch *b, const uint16_t *keys, size_t *bad)
    int batch_push_indices(Batch *b, const int16_t *indices, int layout, int canonical, size_t *bad)
    void batch_state(const Batch *b, int8_t *termination, int8_t *white_wins, int64_t *plies)
    size_t batch_env_state(const Batch *b, int64_t max_plies, float *reward, uint8_t *terminated, uint8_t *truncated)
    int batch_encode(Batch *b, EncJob *j, const int64_t *rows, size_t count, const uint16_t *play, int threads)
    int batch_index_keys(Batch *b, const int16_t *indices, int layout, int canonical, uint16_t *keys, size_t *bad,
                         int threads)
    void batch_free(Batch *b)

cdef extern from "pz_chess.h" nogil:
    enum: PZ_PLANES, PZ_ACTIONS
    ctypedef struct PzHistory:
        pass
    int pz_step(Batch *b, size_t g, PzHistory *h, int action)
    void pz_observe(Batch *b, size_t g, const PzHistory *h, int player, uint8_t *obs, int8_t *mask)

cdef extern from "pgn_annot.h" nogil:
    ctypedef struct PgnSpanMatch:
        size_t start, end, prefix, suffix
    ctypedef struct PgnTimeMatch:
        PgnSpanMatch at
        size_t h, hn, m, mn, s, sn
    ctypedef struct PgnEvalMatch:
        PgnSpanMatch at
        int mate
        size_t v, vn, d, dn
    ctypedef struct PgnArrowsMatch:
        PgnSpanMatch at
        size_t list, listn
    int pgn_find_time(const char *s, size_t n, size_t start, const char *cmd, PgnTimeMatch *t)
    int pgn_find_eval(const char *s, size_t n, size_t start, PgnEvalMatch *e)
    int pgn_find_arrows(const char *s, size_t n, size_t start, PgnArrowsMatch *a)
    int pgn_decimal(const char *s, size_t n, double *x)

cdef extern from "pgn_export.h" nogil:
    ctypedef struct PgnWriter:
        int limited
        int64_t columns
        char *text
        size_t n
        size_t *ends
        size_t lines
        char *cur
        size_t curn
        int oom
    void pgn_writer_init(PgnWriter *w, int limited, int64_t columns)
    void pgn_writer_free(PgnWriter *w)
    void pgn_writer_set_current(PgnWriter *w, const char *t, size_t n)
    void pgn_writer_token(PgnWriter *w, const char *t, size_t n)
    void pgn_writer_flush(PgnWriter *w)
    void pgn_writer_line(PgnWriter *w, const char *t, size_t n)
    void pgn_writer_header(PgnWriter *w, const char *name, size_t nn, const char *value, size_t vn)
    void pgn_writer_comment(PgnWriter *w, const char *t, size_t n)

cdef extern from "utf8.h" nogil:
    size_t utf8_from_ucs(const void *data, int kind, size_t n, char *out)
    int64_t utf8_chars(const char *t, size_t n)
    size_t utf8_valid_prefix(const char *s, size_t n)
    size_t utf8_next_wide(const char *s, size_t n, size_t i)
    uint32_t utf8_decode(const char *s, size_t n, size_t *i)
    size_t utf8_rstrip(const char *t, size_t n)

cdef extern from "fileread.h" nogil:
    int64_t file_pread(int fd, char *buf, int64_t n, int64_t off)

cdef extern from "svg.h":
    ctypedef struct SvgBuf:
        char *p
        size_t n
        size_t cap
        int oom
    ctypedef struct SvgText:
        const char *p
        size_t n
    ctypedef struct SvgColor:
        SvgText text
        double opacity
    ctypedef struct SvgFloats:
        size_t (*repr)(double v, char *out) noexcept
        double (*hypot)(double x, double y) noexcept
    enum: SVG_SQUARE_LIGHT, SVG_SQUARE_DARK, SVG_SQUARE_LIGHT_LASTMOVE, SVG_SQUARE_DARK_LASTMOVE, SVG_MARGIN
    enum: SVG_COORD, SVG_INNER_BORDER, SVG_OUTER_BORDER, SVG_COLOR_NB
    ctypedef struct SvgArrow:
        int tail_file, tail_rank, head_file, head_rank
        SvgColor color
    ctypedef struct SvgBoard:
        int orientation, coordinates, borders
        const SvgText *size
        const SvgText *style
        int desc
        const SvgText *desc_text
        int pieces
        uint8_t piece[64]
        unsigned defs
        SvgText glyph[12]
        SvgText coord[16]
        SvgText xx, gradient
        uint64_t squares, lastmove
        int check, check_file, check_rank
        SvgColor color[8]
        uint64_t fill_mask
        SvgColor fill[64]
        const SvgArrow *arrows
        size_t arrow_nb
    int svg_board(const SvgBoard *b, const SvgFloats *f, SvgBuf *out)
    int svg_piece(SvgText glyph, const SvgText *size, SvgBuf *out)
    void svg_buf_free(SvgBuf *out)

cdef extern from "syzygy.h":
    ctypedef struct SzTable:
        int num, split, has_pawns, symmetric
        char key[16]
    int SZ_OK, SZ_CORRUPT, SZ_NOMEM
    void sz_init()
    int sz_wdl_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name)
    int sz_dtz_open(SzTable *t, const uint8_t *bytes, size_t length, const char *name)
    void sz_table_free(SzTable *t)
    int sz_wdl_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], int turn,
                   int flipped, int *value) nogil
    int sz_dtz_raw(const SzTable *t, const Bitboard by_color[2], const Bitboard by_type[7], int turn,
                   int flipped, int wdl, int *value, int *found) nogil

cdef extern from "syzygy_probe.h":
    int SZ_NEED, SZ_MISSING, SZ_CASTLING, SZ_TOO_MANY, SZ_INVALID, SZ_WDL, SZ_DTZ
    ctypedef struct SzError:
        int code, kind, entry, pieces
        char key[16]
    ctypedef struct SzBase:
        int n
    int sz_base_add(SzBase *b, const char *name, int kind, int *entry)
    int sz_base_give(SzBase *b, int entry, int kind, const uint8_t *bytes, size_t length)
    void sz_base_drop(SzBase *b, int entry, int kind)
    void sz_base_free(SzBase *b)
    int SZ_PROBE_WDL_TABLE, SZ_PROBE_AB, SZ_PROBE_WDL, SZ_PROBE_DTZ_TABLE, SZ_PROBE_DTZ_NO_EP, SZ_PROBE_DTZ
    int sz_probe(const SzBase *b, const Position *pos, int what, int alpha, int beta, int wdl, int *v, int *v2,
                 SzError *e) nogil
    ctypedef struct SzMany:
        const SzBase *base
        int what, retry
        int16_t *value
        int8_t *code
        uint8_t *need
        SzError first[256]
        int64_t first_row[256]
    void sz_many_begin(SzMany *m)
    ctypedef struct SzBits:
        const uint64_t *bits
        const uint8_t *turns
        const int8_t *ep
        const uint32_t *rule50
        const uint64_t *castling
    void sz_many_bits(SzMany *m, const SzBits *inp, size_t n, int threads) nogil
    void sz_many_positions(SzMany *m, const Position *const *pos, size_t n, int threads) nogil
    int sz_probe_bits(const SzBase *b, const uint64_t *bits, int white, int ep, unsigned rule50, int what,
                      int *value) nogil

cdef extern from "syzygy_check.h":
    ctypedef struct SzCheck:
        int64_t positions, failures, first
        int rule, code
    int SZ_RULE_NONE, SZ_RULE_TERMINAL, SZ_RULE_WDL, SZ_RULE_DTZ_SIGN, SZ_RULE_DTZ_STEP
    int sz_check(const SzBase *b, const char *name, uint64_t stride, uint64_t offset, int threads,
                 SzCheck *out) nogil
    uint64_t sz_check_candidates(const char *name)
