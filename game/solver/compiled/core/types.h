/* The compiled core's constants and types (see ../_core.c). */
#ifndef PATIENCE_CORE_TYPES_H
#define PATIENCE_CORE_TYPES_H

/* The limits cover every table the engine accepts (game/engine/schema.py): up to 12
   piles, 4 decks, piles dealt up to 30 cards (a pile then holds at most its dealt cards
   and a run of 12 built on them: 42), a talon of every card, draws of 1 to 10 and up to
   1000 redeals. read_tables and read_position refuse anything past them, or not a
   position of its rules, with a ValueError. */
#define MAXPILES 12
#define MAXPILE 44
#define MAXCARDS 208
#define MAXTALON MAXCARDS
#define MAXDRAW 10
#define MAXREDEALS 16383 /* position.py's key holds the redeals in two 7-bit bytes */
#define TALON_DIRTY (1u << 15)
/* The memory bound of a search's own arrays (best-first's positions, depth-first's stack);
   the transposition table has its own (keys.c). Past it: TOO_BIG, reported by solve.py. */
#define MAX_ARENA_BYTES ((size_t)1 << 30)
#define MAXSLOTS 16
#define MAXKIDS 16
#define KING 13
#define CHECK_EVERY 4096
#define LOSS_PROOF_DEPTH 3

enum { PILE_TO_PILE = 0, PILE_UP = 1, TALON_UP = 2, TALON_TO_PILE = 3, FOUNDATION_TO_PILE = 4,
       SPLIT_UP = 5 };
enum { WON = 0, UNWINNABLE = 1, UNDECIDED = 2, CANCELLED = 3, TOO_BIG = 4 };

typedef struct {
    int decks, ncards, npiles, draw, limit, runs, accepts, may_return;
    int talon_sign, onto_pile; /* move order, as MoveGenerator's */
    int all_splits;            /* MoveGenerator._all_splits */
    /* Fast moves (best-first only, which reports wins only): the cone rule for safe cards,
       a safe waste top played at once, foundation cards back only when worth it, a whole
       pile onto another only when a card could use the space. As MoveGenerator(sound=False)
       less its cuts that depend on the line, which best-first does not use. */
    int fast;
    uint8_t cone_req[MAXCARDS][19]; /* per card: alternatives, each (count, (slot, height) x 4) */
    uint8_t builds_on[65536];
    uint8_t nkids[MAXCARDS], kids[MAXCARDS][MAXKIDS];
    uint8_t nparents[MAXCARDS], parents[MAXCARDS][MAXKIDS];
    uint8_t empty_takes[MAXCARDS];
    /* The sound rule for automatic moves: per card, per suit, the height every slot of the
       suit must reach (rules.c's closure_needs, tables.RuleTables.closure). */
    uint8_t sound_need[MAXCARDS][4];
    uint8_t rank[MAXCARDS], suit[MAXCARDS], keycard[MAXCARDS];
    /* Stack-swap keys (keys.c), where runs move whole and every two cards one card may
       lie on take the same cards. */
    int swap_keys;
} Tables;

typedef struct {
    uint8_t len[MAXPILES], down[MAXPILES];
    uint8_t cards[MAXPILES][MAXPILE];
    uint8_t fnd[MAXSLOTS];
    uint8_t tlen, waste;
    uint16_t redeals; /* up to MAXREDEALS: never wraps */
    uint8_t overflow; /* a pile would outgrow MAXPILE: the search gives up */
    uint8_t talon[MAXTALON];
    /* The hash of each pile and of the talon (position_key), kept up to date lazily: a
       change marks its pile (or the talon) dirty, and only those are hashed again. */
    uint16_t dirty;
    uint64_t pile_hash[2][MAXPILES], talon_hash[2];
} Pos;

typedef struct { uint8_t kind, a, b, c; } Move;

typedef struct {
    int score;
    Move move;
    uint64_t h1, h2;
    int32_t rank;
} Child;

typedef struct { int source[64 + MAXCARDS]; int n; } Autos;

typedef struct { int at, redeal, turns; } Reach;
typedef struct { Child *items; size_t n, cap; } Children;
typedef struct { Move *items; int n, cap; } Moves;

#endif
