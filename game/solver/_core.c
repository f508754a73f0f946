/* The optional compiled core of the solver: the exhaustive depth-first search over sound
 * moves, the same search as game/solver/depth_first.py over MoveGenerator(sound=True), in C.
 *
 * Everything here mirrors a Python function, named in the comments; the Python code is the
 * reference and the tests compare the two. The position is the same as position.py's; the
 * transposition table keeps a 128-bit hash of each key instead of the key itself (two
 * different keys share a hash with a chance of about N * N / 2^129 for N positions: below
 * 10^-24 for a billion positions). Without a C compiler the package installs without this
 * module and the Python search runs instead (see native.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXPILES 12
#define MAXPILE 32
#define MAXTALON 128
#define TALON_DIRTY (1u << 15)
#define MAXCARDS 208
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
    uint8_t rank[MAXCARDS], suit[MAXCARDS], keycard[MAXCARDS];
} Tables;

typedef struct {
    uint8_t len[MAXPILES], down[MAXPILES];
    uint8_t cards[MAXPILES][MAXPILE];
    uint8_t fnd[MAXSLOTS];
    uint8_t tlen, waste, redeals;
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


/* -- foundations (foundations.py, sound rule) ------------------------------------------ */

static int slot_for(const Tables *t, const Pos *p, int card) {
    int suit = t->suit[card], need = t->rank[card] - 1;
    for (int s = suit * t->decks; s < suit * t->decks + t->decks; s++)
        if (p->fnd[s] == need) return s;
    return -1;
}

static int lowest(const Tables *t, const Pos *p) {
    int m = 99;
    for (int s = 0; s < 4 * t->decks; s++)
        if (p->fnd[s] < m) m = p->fnd[s];
    return m;
}

static int cone_safe(const Tables *t, const Pos *p, int card) {
    const uint8_t *req = t->cone_req[card];
    for (int a = 0, at = 1; a < req[0]; a++, at += 9) {
        int ok = 1;
        for (int k = 0; k < req[at] && ok; k++)
            if (p->fnd[req[at + 1 + 2 * k]] < req[at + 2 + 2 * k]) ok = 0;
        if (ok) return 1;
    }
    return 0;
}

/* Safe to play up at once: every card of a lower rank is up (the sound rule), or with fast
   moves the cone rule (tables.RuleTables._cone). */
static int safe_slot(const Tables *t, const Pos *p, int card) {
    if (t->fast ? !cone_safe(t, p, card) : lowest(t, p) < t->rank[card] - 1) return -1;
    return slot_for(t, p, card);
}

static int cards_up(const Tables *t, const Pos *p) {
    int n = 0;
    for (int s = 0; s < 4 * t->decks; s++) n += p->fnd[s];
    return n;
}

/* -- position.take_from_pile and MoveGenerator.apply ----------------------------------- */

static void take(Pos *p, int pile, int count) {
    p->dirty |= (uint16_t)(1u << pile);
    p->len[pile] -= count;
    if (p->down[pile] && p->len[pile] == p->down[pile]) p->down[pile]--;
}

static void push(Pos *p, int pile, int card) {
    if (p->len[pile] >= MAXPILE) { p->overflow = 1; return; }
    p->dirty |= (uint16_t)(1u << pile);
    p->cards[pile][p->len[pile]++] = (uint8_t)card;
}

static void talon_remove(Pos *p, int at) {
    memmove(p->talon + at - 1, p->talon + at, p->tlen - at);
    p->tlen--;
    p->dirty |= TALON_DIRTY;
}

static void play_safe_cards(const Tables *t, Pos *p, Autos *autos) {
    int waste_too = t->draw == 1 || t->fast, moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < t->npiles; i++) {
            if (p->len[i] > p->down[i]) {
                int slot = safe_slot(t, p, p->cards[i][p->len[i] - 1]);
                if (slot >= 0) {
                    p->fnd[slot]++;
                    take(p, i, 1);
                    if (autos) autos->source[autos->n++] = i;
                    moved = 1;
                }
            }
        }
        if (p->waste && waste_too) {
            int slot = safe_slot(t, p, p->talon[p->waste - 1]);
            if (slot >= 0) {
                p->fnd[slot]++;
                talon_remove(p, p->waste);
                p->waste--;
                if (autos) autos->source[autos->n++] = -1;
                moved = 1;
            }
        }
    }
}

static void apply(const Tables *t, Pos *p, Move m, Autos *autos) {
    int scan = 0;
    if (autos) autos->n = 0;
    switch (m.kind) {
    case PILE_TO_PILE:
    case SPLIT_UP: {
        int src = m.a, dst = m.b, count = m.c, from = p->len[src] - count;
        for (int k = 0; k < count; k++) push(p, dst, p->cards[src][from + k]);
        if (m.kind == SPLIT_UP) {
            p->len[src] -= count;
            p->dirty |= (uint16_t)(1u << src);
            p->fnd[slot_for(t, p, p->cards[src][p->len[src] - 1])]++;
            take(p, src, 1);
            scan = 1;
        } else {
            take(p, src, count);
            scan = p->len[src] > 0 && safe_slot(t, p, p->cards[src][p->len[src] - 1]) >= 0;
        }
        break;
    }
    case PILE_UP: {
        int src = m.a;
        p->fnd[slot_for(t, p, p->cards[src][p->len[src] - 1])]++;
        take(p, src, 1);
        scan = 1;
        break;
    }
    case TALON_UP:
    case TALON_TO_PILE: {
        int at = m.a, card = p->talon[at - 1];
        talon_remove(p, at);
        p->waste = (uint8_t)(at - 1);
        if (m.b && t->limit >= 0) p->redeals++;
        if (m.kind == TALON_UP) {
            p->fnd[slot_for(t, p, card)]++;
            scan = 1;
        } else {
            push(p, m.c, card);
            scan = p->waste > 0 && (t->draw == 1 || t->fast)
                   && safe_slot(t, p, p->talon[p->waste - 1]) >= 0;
        }
        break;
    }
    default: { /* FOUNDATION_TO_PILE: suit a, height b, target c */
        int slot = m.a * t->decks + t->decks - 1;
        while (p->fnd[slot] != m.b) slot--;
        p->fnd[slot]--;
        push(p, m.c, m.a * 13 + m.b - 1);
    }
    }
    if (scan) play_safe_cards(t, p, autos);
}

/* -- tables.talon_reach ----------------------------------------------------------------- */

typedef struct { int at, redeal, turns; } Reach;

static int talon_reach(const Tables *t, const Pos *p, Reach *out) {
    int n = 0, size = p->tlen, draw = t->draw, at = p->waste, turns = 0;
    uint8_t seen[MAXCARDS + 1];
    memset(seen, 0, size + 1);
    if (at > 0) { out[n++] = (Reach){at, 0, 0}; seen[at] = 1; }
    while (at < size) {
        at = at + draw < size ? at + draw : size;
        turns++;
        out[n++] = (Reach){at, 0, turns};
        seen[at] = 1;
    }
    if (size && (t->limit < 0 || p->redeals < t->limit)) {
        turns++;
        at = 0;
        while (at < size) {
            at = at + draw < size ? at + draw : size;
            turns++;
            if (!seen[at]) { seen[at] = 1; out[n++] = (Reach){at, 1, turns}; }
        }
    }
    return n;
}

/* -- position.position_key, as a 128-bit hash ------------------------------------------- */

static inline uint64_t mix(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Random numbers for each (place, card): a pile is hashed as the sum of the numbers of
 * its cards at their heights, mixed (so that the sum over the piles, which does not depend
 * on their order, still tells which cards lie together); the talon likewise, unmixed. */
static uint64_t zpile[2][MAXPILE + 1][52], zdown[2][MAXPILE + 1], ztalon[2][MAXTALON][52];

static void init_random(void) {
    uint64_t state = 0x1234567890abcdefULL;
    for (int h = 0; h < 2; h++) {
        for (int k = 0; k <= MAXPILE; k++) {
            for (int c = 0; c < 52; c++) zpile[h][k][c] = mix(state += 0x9e3779b97f4a7c15ULL);
            zdown[h][k] = mix(state += 0x9e3779b97f4a7c15ULL);
        }
        for (int k = 0; k < MAXTALON; k++)
            for (int c = 0; c < 52; c++) ztalon[h][k][c] = mix(state += 0x9e3779b97f4a7c15ULL);
    }
}

static int fresh_waste(const Tables *t, int size, int waste) {
    return t->draw == 1 || waste % t->draw == 0 || waste == size;
}

/* The piles are summed (their order does not matter: a sum is the same for any order,
 * as sorting them is in Python); the two copies of a card share a key byte. */
static void position_key(const Tables *t, Pos *p, uint64_t *k1, uint64_t *k2,
                         int32_t *rank) {
    uint64_t s1 = 0, s2 = 0;
    for (int i = 0; i < t->npiles; i++) {
        if (p->dirty & (1u << i)) {
            int n = p->len[i];
            uint64_t a = zdown[0][p->down[i]], b = zdown[1][p->down[i]];
            for (int k = 0; k < n; k++) {
                int c = t->keycard[p->cards[i][k]];
                a += zpile[0][k][c];
                b += zpile[1][k][c];
            }
            p->pile_hash[0][i] = mix(a + (uint64_t)n);
            p->pile_hash[1][i] = mix(b ^ ((uint64_t)n << 32));
        }
        s1 += p->pile_hash[0][i];
        s2 += p->pile_hash[1][i];
    }
    if (p->dirty & TALON_DIRTY) {
        uint64_t a = 0, b = 0;
        for (int k = 0; k < p->tlen; k++) {
            int c = t->keycard[p->talon[k]];
            a += ztalon[0][k][c];
            b += ztalon[1][k][c];
        }
        p->talon_hash[0] = mix(a + p->tlen);
        p->talon_hash[1] = mix(b ^ ((uint64_t)p->tlen << 24));
    }
    p->dirty = 0;
    s1 = mix(s1 ^ p->talon_hash[0]);
    s2 = mix(s2 + p->talon_hash[1]);
    int size = p->tlen, fresh = fresh_waste(t, size, p->waste);
    uint64_t suffix = 0;
    if (t->limit < 0) {
        if (fresh) *rank = 0;
        else { suffix = 1 + (uint64_t)(p->waste % t->draw); *rank = p->waste; }
    } else if (fresh) {
        *rank = p->redeals * 1024 + p->waste;
    } else {
        suffix = 1 + (uint64_t)(p->waste % t->draw) + ((uint64_t)(128 + p->redeals) << 8);
        *rank = p->waste;
    }
    *k1 = mix(s1 + suffix * 0x2545f4914f6cdd1dULL);
    *k2 = mix(s2 ^ (suffix * 0x9e3779b97f4a7c15ULL));
}

/* -- the transposition table ----------------------------------------------------------- */

/* 16 bytes an entry: the first hash (never 0: an empty slot), 32 bits of the second, and
 * the rank. A position is thus known by 96 bits; two keys meet by chance with a probability
 * of about N * N / 2^97 for N positions (below 10^-13 for a hundred million). */
typedef struct { uint64_t h1; uint32_t h2; int32_t rank; } Entry;
typedef struct { Entry *slots; size_t cap, count; } Table;

static int table_init(Table *tt) {
    tt->cap = 1 << 20; tt->count = 0; /* 16 MB, touched only as it fills */
    tt->slots = calloc(tt->cap, sizeof(Entry));
    return tt->slots != NULL;
}

static inline uint64_t nonzero(uint64_t h1) { return h1 ? h1 : 1; }

static Entry *table_find(Table *tt, uint64_t h1, uint64_t h2) {
    size_t mask = tt->cap - 1, i = (size_t)(h1 >> 7) & mask;
    uint32_t low = (uint32_t)h2;
    while (tt->slots[i].h1 && !(tt->slots[i].h1 == h1 && tt->slots[i].h2 == low))
        i = (i + 1) & mask;
    return &tt->slots[i];
}

static inline void table_prefetch(const Table *tt, uint64_t h1) {
    __builtin_prefetch(&tt->slots[(size_t)(h1 >> 7) & (tt->cap - 1)]);
}

static int table_grow(Table *tt) {
    Entry *old = tt->slots;
    size_t oldcap = tt->cap;
    tt->cap *= 2;
    tt->slots = calloc(tt->cap, sizeof(Entry));
    if (!tt->slots) { tt->slots = old; tt->cap = oldcap; return 0; }
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].h1) {
            size_t mask = tt->cap - 1, j = (size_t)(old[i].h1 >> 7) & mask;
            while (tt->slots[j].h1) j = (j + 1) & mask;
            tt->slots[j] = old[i];
        }
    free(old);
    return 1;
}

/* Seen with a rank no higher? */
static int table_seen(Table *tt, uint64_t h1, uint64_t h2, int32_t rank) {
    Entry *e = table_find(tt, nonzero(h1), h2);
    return e->h1 && e->rank <= rank;
}

static int table_put(Table *tt, uint64_t h1, uint64_t h2, int32_t rank) {
    if (2 * (tt->count + 1) > tt->cap && !table_grow(tt)) return 0;
    h1 = nonzero(h1);
    Entry *e = table_find(tt, h1, h2);
    if (!e->h1) { e->h1 = h1; e->h2 = (uint32_t)h2; e->rank = rank; tt->count++; }
    else if (e->rank > rank) e->rank = rank;
    return 1;
}

/* Expander.visit: the key, and the fresh pass a waste that is not fresh reaches. */
static int visit(const Tables *t, Table *tt, const Pos *p, uint64_t h1, uint64_t h2,
                 int32_t rank) {
    /* ``p``'s hashes are up to date (it was keyed): the copy below re-hashes nothing. */
    if (!table_put(tt, h1, h2, rank)) return 0;
    if (t->draw > 1 && !fresh_waste(t, p->tlen, p->waste)) {
        Pos q = *p;
        q.waste = q.tlen;
        uint64_t s1, s2;
        int32_t r;
        position_key(t, &q, &s1, &s2, &r);
        if (t->limit < 0) r = 0;
        if (!table_put(tt, s1, s2, r)) return 0;
    }
    return 1;
}

/* -- MoveGenerator.moves (sound) ---------------------------------------------------------- */

/* fast_cuts.space_useful_now: could an empty pile take a card next? */
static int space_useful_now(const Tables *t, const Pos *p, const int *run, const int *top) {
    if (t->accepts == 0) return 0;
    if (t->accepts == 2) return 1;
    for (int i = 0; i < t->npiles; i++) {
        if (top[i] < 0) continue;
        int offset = KING - t->rank[top[i]];
        if (0 <= offset && offset < run[i] && p->len[i] > offset + 1) return 1;
    }
    if (p->tlen) {
        Reach reach[2 * MAXCARDS + 4];
        int n = talon_reach(t, p, reach);
        for (int r = 0; r < n; r++)
            if (t->empty_takes[p->talon[reach[r].at - 1]]) return 1;
    }
    if (t->may_return)
        for (int s = 0; s < 4 * t->decks; s++)
            if (p->fnd[s] == KING) return 1;
    return 0;
}

/* MoveGenerator._run_moves_on: could a card of the pile's run move on elsewhere? */
static int run_moves_on(const Tables *t, const Pos *p, int pile, const int *run, const int *top) {
    for (int count = 1; count <= run[pile]; count++) {
        int card = p->cards[pile][p->len[pile] - count];
        if (t->accepts != 0 && t->empty_takes[card]) return 1;
        for (int q = 0; q < t->npiles; q++)
            if (q != pile && top[q] >= 0 && t->builds_on[(card << 8) | top[q]]) return 1;
    }
    return 0;
}

/* fast_cuts.worth_returning: more cards could use ``card`` back now than have other places. */
static int worth_returning(const Tables *t, const Pos *p, int card, const int *run,
                           const int *top) {
    uint8_t reachable[MAXCARDS] = {0}, in_talon[MAXCARDS] = {0};
    if (p->tlen) {
        Reach reach[2 * MAXCARDS + 4];
        int n = talon_reach(t, p, reach);
        for (int r = 0; r < n; r++) reachable[p->talon[reach[r].at - 1]] = 1;
        for (int k = 0; k < p->tlen; k++) in_talon[p->talon[k]] = 1;
    }
    int movable = 0;
    for (int k = 0; k < t->nkids[card]; k++) {
        int kid = t->kids[card][k];
        if (in_talon[kid]) { movable += reachable[kid]; continue; }
        int base = t->suit[kid] * t->decks, on_top = 0;
        for (int s = base; s < base + t->decks; s++) if (p->fnd[s] == t->rank[kid]) on_top = 1;
        if (on_top) { movable++; continue; }
        for (int i = 0; i < t->npiles; i++) {
            if (top[i] < 0) continue;
            int n = p->len[i], at = -1;
            for (int a = n - 1; a >= n - run[i]; a--) if (p->cards[i][a] == kid) { at = a; break; }
            if (at < 0) continue;
            if (at == n - run[i]) { /* the base of the movable run */
                int under = at - 1 >= p->down[i] ? p->cards[i][at - 1] : -1;
                if (under < 0 || !t->builds_on[(kid << 8) | under]) { movable++; break; }
            }
            if (slot_for(t, p, p->cards[i][at - 1]) >= 0) movable++;
            break;
        }
    }
    if (!movable) return 0;
    int homes = 0;
    for (int i = 0; i < t->npiles; i++) {
        if (top[i] < 0) continue;
        for (int k = 0; k < t->nkids[card]; k++)
            if (t->builds_on[(t->kids[card][k] << 8) | top[i]]) { homes++; break; }
    }
    return movable > homes;
}

typedef struct { Child *items; size_t n, cap; } Children;

static int add(Children *out, int score, int kind, int a, int b, int c) {
    if (out->n == out->cap) {
        size_t cap = out->cap ? out->cap * 2 : 1024;
        Child *items = realloc(out->items, cap * sizeof(Child));
        if (!items) return 0;
        out->items = items; out->cap = cap;
    }
    Child *ch = &out->items[out->n++];
    ch->score = score;
    ch->move = (Move){(uint8_t)kind, (uint8_t)a, (uint8_t)b, (uint8_t)c};
    return 1;
}

#define ADD(score, kind, a, b, c) if (!add(out, score, kind, a, b, c)) return 0

static int list_moves(const Tables *t, const Pos *p, Children *out) {
    int npiles = t->npiles, empty = -1;
    int run[MAXPILES], top[MAXPILES];
    for (int i = 0; i < npiles; i++) {
        int n = p->len[i], up = n - p->down[i];
        top[i] = -1; run[i] = 0;
        if (n == 0) { if (empty < 0) empty = i; continue; }
        if (up <= 0) continue;
        top[i] = p->cards[i][n - 1];
        int r = 1;
        if (t->runs)
            while (r < up && t->builds_on[(p->cards[i][n - r] << 8) | p->cards[i][n - r - 1]]) r++;
        run[i] = r;
    }
    int floor = t->fast ? 0 : lowest(t, p) + 1, space_useful = -1;
    for (int i = 0; i < npiles; i++) {
        if (top[i] < 0) continue;
        int size = p->len[i], down = p->down[i];
        const uint8_t *pile = p->cards[i];
        if (slot_for(t, p, top[i]) >= 0) {
            int turns_up = size - 1 == down && down;
            ADD(turns_up ? 1000 + down : 750, PILE_UP, i, 0, 0);
        }
        for (int count = 1; count <= run[i]; count++) {
            int card = pile[size - count], left = size - count, score, kind = PILE_TO_PILE;
            if (left == 0) score = 400;
            else if (left == down) score = 900 + down;
            else if (count == run[i]) score = 900 + left;
            else if (slot_for(t, p, pile[size - count - 1]) >= 0) { score = 760; kind = SPLIT_UP; }
            else if (t->all_splits) score = 200;
            else continue;
            for (int j = 0; j < npiles; j++) {
                if (top[j] < 0 || !t->builds_on[(card << 8) | top[j]]) continue;
                if (left == 0) {
                    if (space_useful < 0) space_useful = space_useful_now(t, p, run, top);
                    if (!space_useful && (t->fast || !run_moves_on(t, p, j, run, top))) continue;
                }
                ADD(score, kind, i, j, count);
            }
        }
        if (empty >= 0 && t->accepts != 0) {
            int lo = 1, hi = run[i];
            if (t->accepts == 1) {
                int offset = KING - t->rank[top[i]];
                if (0 <= offset && offset < run[i]) lo = hi = offset + 1;
                else hi = 0;
            }
            for (int count = lo; count <= hi; count++) {
                int left = size - count, score;
                if (left == 0) continue;
                int kind = PILE_TO_PILE;
                if (left == down) score = 850 + down;
                else if (count == run[i]) score = 850 + left;
                else if (slot_for(t, p, pile[size - count - 1]) >= 0) { score = 740; kind = SPLIT_UP; }
                else score = 190;
                ADD(score, kind, i, empty, count);
            }
        }
    }
    if (p->tlen) {
        Reach reach[2 * MAXCARDS + 4];
        uint8_t listed[MAXCARDS];
        memset(listed, 0, sizeof listed);
        int n = talon_reach(t, p, reach);
        for (int r = 0; r < n; r++) {
            int at = reach[r].at, card = p->talon[at - 1];
            if (listed[card]) continue;
            listed[card] = 1;
            int order = t->talon_sign * reach[r].turns;
            if (slot_for(t, p, card) >= 0) ADD(800 + order, TALON_UP, at, reach[r].redeal, 0);
            for (int j = 0; j < npiles; j++)
                if (top[j] >= 0 && t->builds_on[(card << 8) | top[j]])
                    ADD(t->onto_pile + order, TALON_TO_PILE, at, reach[r].redeal, j);
            if (empty >= 0 && t->empty_takes[card])
                ADD(600 + order, TALON_TO_PILE, at, reach[r].redeal, empty);
        }
    }
    if (t->may_return) {
        for (int suit = 0; suit < 4; suit++) {
            int last = -1;
            for (int slot = suit * t->decks; slot < suit * t->decks + t->decks; slot++) {
                int height = p->fnd[slot];
                if (height == 0 || height == last) continue;
                last = height;
                if (height <= floor) continue;
                int card = suit * 13 + height - 1;
                if (t->fast) {
                    if (cone_safe(t, p, card)) continue;
                    int wanted = empty >= 0 && t->empty_takes[card];
                    for (int j = 0; j < npiles && !wanted; j++)
                        if (top[j] >= 0 && t->builds_on[(card << 8) | top[j]]) wanted = 1;
                    if (!wanted || !worth_returning(t, p, card, run, top)) continue;
                }
                for (int j = 0; j < npiles; j++)
                    if (top[j] >= 0 && t->builds_on[(card << 8) | top[j]])
                        ADD(100, FOUNDATION_TO_PILE, suit, height, j);
                if (empty >= 0 && t->empty_takes[card])
                    ADD(90, FOUNDATION_TO_PILE, suit, height, empty);
            }
        }
    }
    return 1;
}

/* -- deadlock.hopeless --------------------------------------------------------------------- */

static int hopeless(const Tables *t, const Pos *p) {
    int n = t->ncards;
    int above[MAXCARDS], below[MAXCARDS];
    uint8_t in_run[MAXCARDS], in_talon[MAXCARDS], placed[MAXCARDS];
    uint8_t home[MAXCARDS], freed[MAXCARDS], clear[MAXCARDS], at_hand[MAXCARDS];
    for (int c = 0; c < n; c++) {
        above[c] = below[c] = -1;
        in_run[c] = in_talon[c] = placed[c] = home[c] = freed[c] = clear[c] = at_hand[c] = 0;
    }
    if (t->limit >= 0 && p->redeals >= t->limit && p->waste > 1) {
        for (int j = p->waste; j < p->tlen; j++) in_talon[p->talon[j]] = 1;
        for (int j = 0; j < p->waste; j++) {
            int c = p->talon[j];
            placed[c] = 1;
            above[c] = j + 1 < p->waste ? p->talon[j + 1] : -1;
        }
    } else {
        for (int j = 0; j < p->tlen; j++) in_talon[p->talon[j]] = 1;
    }
    for (int i = 0; i < t->npiles; i++) {
        int size = p->len[i];
        const uint8_t *cards = p->cards[i];
        if (!size) continue;
        int r = 1, up = size - p->down[i];
        if (t->runs)
            while (r < up && t->builds_on[(cards[size - r] << 8) | cards[size - r - 1]]) r++;
        for (int j = 0; j < size; j++) {
            int c = cards[j];
            placed[c] = 1;
            below[c] = j ? cards[j - 1] : -1;
            above[c] = j + 1 < size ? cards[j + 1] : -1;
            in_run[c] = j >= size - r;
        }
    }
    for (int c = 0; c < n; c++) {
        if (in_talon[c]) at_hand[c] = freed[c] = clear[c] = 1;
        else if (!placed[c]) { home[c] = 1; at_hand[c] = (uint8_t)t->may_return; }
    }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int c = 0; c < n; c++) {
            if (home[c]) continue;
            int lower_home = 1;
            if (t->rank[c] > 1) {
                lower_home = 0;
                for (int d = 0; d < t->decks; d++)
                    if (home[d * 52 + t->suit[c] * 13 + t->rank[c] - 2]) lower_home = 1;
            }
            if (in_talon[c]) {
                if (lower_home) home[c] = changed = 1;
                continue;
            }
            if (!clear[c] && (above[c] < 0 || freed[above[c]])) clear[c] = changed = 1;
            if (!freed[c] && (in_run[c] || clear[c])) {
                int somewhere = t->empty_takes[c] || (clear[c] && lower_home);
                for (int k = 0; !somewhere && k < t->nparents[c]; k++) {
                    int q = t->parents[c][k];
                    if (q != below[c] && (at_hand[q] || clear[q] || freed[q])) somewhere = 1;
                }
                if (somewhere) freed[c] = changed = 1;
            }
            if ((clear[c] || freed[c]) && lower_home) home[c] = freed[c] = changed = 1;
        }
    }
    for (int c = 0; c < n; c++)
        if (!home[c]) return 1;
    return 0;
}

/* -- expansion.collection_finish ---------------------------------------------------------- */

typedef struct { Move *items; int n, cap; } Moves;

static int moves_push(Moves *m, Move mv) {
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 256;
        Move *items = realloc(m->items, cap * sizeof(Move));
        if (!items) return 0;
        m->items = items; m->cap = cap;
    }
    m->items[m->n++] = mv;
    return 1;
}

static int collection_finish(const Tables *t, const Pos *start, Moves *out) {
    for (int i = 0; i < t->npiles; i++) {
        if (start->down[i]) return 0;
        int previous = 99;
        for (int k = 0; k < start->len[i]; k++) {
            int r = t->rank[start->cards[i][k]];
            if (r >= previous) return 0;
            previous = r;
        }
    }
    Pos p = *start;
    out->n = 0;
    for (;;) {
        int empty = p.tlen == 0;
        for (int i = 0; empty && i < t->npiles; i++) if (p.len[i]) empty = 0;
        if (empty) return 1;
        Move mv = {255, 0, 0, 0};
        for (int i = 0; i < t->npiles; i++)
            if (p.len[i] && slot_for(t, &p, p.cards[i][p.len[i] - 1]) >= 0) {
                mv = (Move){PILE_UP, (uint8_t)i, 0, 0};
                break;
            }
        if (mv.kind == 255 && p.tlen) {
            Reach reach[2 * MAXCARDS + 4];
            int n = talon_reach(t, &p, reach);
            for (int r = 0; r < n; r++)
                if (slot_for(t, &p, p.talon[reach[r].at - 1]) >= 0) {
                    mv = (Move){TALON_UP, (uint8_t)reach[r].at, (uint8_t)reach[r].redeal, 0};
                    break;
                }
        }
        if (mv.kind == 255) return 0;
        apply(t, &p, mv, NULL);
        if (!moves_push(out, mv)) return -1;
    }
}

/* -- depth_first.depth_first -------------------------------------------------------------- */

typedef struct { Pos pos; size_t first, count, at; Move move; } Frame;

/* The unseen children of the top frame's position, sorted, appended to ``kids``. */
static int children(const Tables *t, Table *tt, const Pos *p, Children *kids, size_t *first,
                    size_t *count) {
    size_t start = kids->n;
    if (!list_moves(t, p, kids)) return 0;
    /* Key every child first and ask the memory for their table slots, then look them up:
       the look-ups wait for memory far more than anything else, and so they wait together. */
    for (size_t i = start; i < kids->n; i++) {
        Child *ch = &kids->items[i];
        Pos q = *p;
        apply(t, &q, ch->move, NULL);
        position_key(t, &q, &ch->h1, &ch->h2, &ch->rank);
        table_prefetch(tt, nonzero(ch->h1));
    }
    size_t keep = start;
    for (size_t i = start; i < kids->n; i++) {
        Child ch = kids->items[i];
        if (table_seen(tt, ch.h1, ch.h2, ch.rank)) continue;
        kids->items[keep++] = ch;
    }
    kids->n = keep;
    /* Highest score first, the listing order kept among equals (as Python's stable sort):
       an insertion sort, cheap for the few dozen children of a position. */
    for (size_t i = start + 1; i < keep; i++) {
        Child ch = kids->items[i];
        size_t j = i;
        while (j > start && kids->items[j - 1].score < ch.score) {
            kids->items[j] = kids->items[j - 1];
            j--;
        }
        kids->items[j] = ch;
    }
    *first = start;
    *count = keep - start;
    return 1;
}

typedef struct {
    Tables t;
    PyObject *cancel;
    double deadline;
    long long max_nodes;
} Job;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Has the caller set the cancel event? (Takes the GIL for the look.) */
static int cancelled(Job *job, PyThreadState **save) {
    if (job->cancel == Py_None) return 0;
    PyEval_RestoreThread(*save);
    PyObject *res = PyObject_CallMethod(job->cancel, "is_set", NULL);
    int set = res ? PyObject_IsTrue(res) : 1;
    Py_XDECREF(res);
    if (!res) PyErr_Clear();
    *save = PyEval_SaveThread();
    return set;
}

/* Returns the outcome; on WON fills ``line`` with the moves below the root (and the
   collection after them in ``finish``). */
static int search(Job *job, Pos *root, Moves *line, Moves *finish, long long *nodes_out,
                  PyThreadState **save) {
    const Tables *t = &job->t;
    Table tt;
    Children kids = {0};
    Frame *frames = NULL;
    size_t nframes = 0, capframes = 0;
    long long nodes = 0;
    int outcome = UNWINNABLE, check = CHECK_EVERY;
    if (!table_init(&tt)) return TOO_BIG;
    uint64_t h1, h2;
    int32_t rank;
    position_key(t, root, &h1, &h2, &rank);
    if (!visit(t, &tt, root, h1, h2, rank)) { outcome = TOO_BIG; goto done; }
    capframes = 256;
    frames = malloc(capframes * sizeof(Frame));
    if (!frames) { outcome = TOO_BIG; goto done; }
    frames[0].pos = *root;
    if (!children(t, &tt, root, &kids, &frames[0].first, &frames[0].count)) {
        outcome = TOO_BIG; goto done;
    }
    frames[0].at = 0;
    nframes = 1;
    while (nframes) {
        Frame *f = &frames[nframes - 1];
        if (f->at >= f->count) {
            kids.n = f->first; /* its children are done with */
            nframes--;
            continue;
        }
        Child ch = kids.items[f->first + f->at++];
        if (table_seen(&tt, ch.h1, ch.h2, ch.rank)) continue;
        Pos child = f->pos;
        apply(t, &child, ch.move, NULL);
        if (child.overflow) { outcome = TOO_BIG; goto done; }
        position_key(t, &child, &h1, &h2, &rank); /* brings its cached hashes up to date */
        if (!visit(t, &tt, &child, ch.h1, ch.h2, ch.rank)) { outcome = TOO_BIG; goto done; }
        nodes++;
        int won = cards_up(t, &child) == t->ncards;
        if (!won) {
            int got = collection_finish(t, &child, finish);
            if (got < 0) { outcome = TOO_BIG; goto done; }
            won = got;
        } else {
            finish->n = 0;
        }
        if (won) {
            line->n = 0;
            for (size_t k = 1; k < nframes; k++)
                if (!moves_push(line, frames[k].move)) { outcome = TOO_BIG; goto done; }
            if (!moves_push(line, ch.move)) { outcome = TOO_BIG; goto done; }
            outcome = WON;
            goto done;
        }
        if (nframes <= LOSS_PROOF_DEPTH && hopeless(t, &child)) continue;
        if (nframes == capframes) {
            capframes *= 2;
            Frame *grown = realloc(frames, capframes * sizeof(Frame));
            if (!grown) { outcome = TOO_BIG; goto done; }
            frames = grown;
        }
        Frame *g = &frames[nframes];
        g->pos = child;
        g->move = ch.move;
        g->at = 0;
        if (!children(t, &tt, &child, &kids, &g->first, &g->count)) {
            outcome = TOO_BIG; goto done;
        }
        nframes++;
        if (--check == 0) {
            check = CHECK_EVERY;
            if (job->max_nodes >= 0 && nodes >= job->max_nodes) { outcome = UNDECIDED; goto done; }
            if (job->deadline > 0 && now() >= job->deadline) { outcome = UNDECIDED; goto done; }
            if (cancelled(job, save)) { outcome = CANCELLED; goto done; }
        }
    }
done:
    *nodes_out = nodes;
    free(tt.slots);
    free(kids.items);
    free(frames);
    return outcome;
}

/* -- best_first.best_first, over fast moves ------------------------------------------------
 * Wins only: the queue is cut off after ``max_nodes`` positions. */

static int evaluate(const Tables *t, const Pos *p, int talon_weight) {
    int buried = 0, up = 0;
    for (int i = 0; i < t->npiles; i++) {
        int size = p->len[i];
        if (size <= 1) continue;
        int face_up = size - p->down[i], r = 1;
        while (r < face_up
               && t->builds_on[(p->cards[i][size - r] << 8) | p->cards[i][size - r - 1]])
            r++;
        buried += size - r;
    }
    for (int s = 0; s < 4 * t->decks; s++) up += p->fnd[s];
    int score = 10 * up - 3 * buried;
    if (t->limit >= 0) {
        int size = p->tlen;
        score += ((t->limit - p->redeals) * size + size - p->waste) / t->draw - talon_weight * size;
        if (p->redeals >= t->limit) score -= talon_weight * p->waste;
    }
    return score;
}

typedef struct { Pos pos; int parent; Move move; uint64_t h1, h2; int32_t rank; } Node;
typedef struct { int score; int counter; int node; } Item;

static int item_before(const Item *a, const Item *b) {
    return a->score > b->score || (a->score == b->score && a->counter < b->counter);
}

static void heap_push(Item *heap, int *n, Item it) {
    int i = (*n)++;
    while (i > 0) {
        int up = (i - 1) / 2;
        if (!item_before(&it, &heap[up])) break;
        heap[i] = heap[up];
        i = up;
    }
    heap[i] = it;
}

static Item heap_pop(Item *heap, int *n) {
    Item top = heap[0], last = heap[--(*n)];
    int i = 0;
    for (;;) {
        int kid = 2 * i + 1;
        if (kid >= *n) break;
        if (kid + 1 < *n && item_before(&heap[kid + 1], &heap[kid])) kid++;
        if (!item_before(&heap[kid], &last)) break;
        heap[i] = heap[kid];
        i = kid;
    }
    heap[i] = last;
    return top;
}

static int best_first_search(Job *job, Pos *root, int talon_weight, Moves *line, Moves *finish,
                             long long *nodes_out, PyThreadState **save) {
    const Tables *t = &job->t;
    long long max_nodes = job->max_nodes < 0 ? 40000 : job->max_nodes;
    int outcome = UNDECIDED, nnodes = 0, nheap = 0, counter = 0, pops = 0;
    long long nodes = 0;
    Table tt;
    Children kids = {0};
    /* As in Python, the last position expanded has all its children kept, past the limit. */
    long long room = max_nodes + 4096;
    Node *arena = malloc((size_t)room * sizeof(Node));
    Item *heap = malloc((size_t)room * sizeof(Item));
    tt.slots = NULL;
    if (!arena || !heap || !table_init(&tt)) { outcome = TOO_BIG; goto done; }
    Node *r = &arena[nnodes++];
    r->pos = *root;
    r->parent = -1;
    position_key(t, &r->pos, &r->h1, &r->h2, &r->rank);
    if (!visit(t, &tt, &r->pos, r->h1, r->h2, r->rank)) { outcome = TOO_BIG; goto done; }
    heap_push(heap, &nheap, (Item){evaluate(t, &r->pos, talon_weight), counter++, 0});
    while (nheap && nodes < max_nodes) {
        if (++pops % 32 == 0) {
            if (job->deadline > 0 && now() >= job->deadline) break;
            if (cancelled(job, save)) { outcome = CANCELLED; goto done; }
        }
        Item it = heap_pop(heap, &nheap);
        Node *cur = &arena[it.node];
        Entry *e = table_find(&tt, nonzero(cur->h1), cur->h2);
        if (e->rank != cur->rank) continue; /* superseded by a better copy */
        size_t first, count;
        kids.n = 0;
        if (!children(t, &tt, &cur->pos, &kids, &first, &count)) { outcome = TOO_BIG; goto done; }
        for (size_t k = 0; k < count; k++) {
            Child ch = kids.items[first + k];
            if (table_seen(&tt, ch.h1, ch.h2, ch.rank)) continue;
            if (nnodes + 1 >= room) { outcome = TOO_BIG; goto done; }
            nodes++;
            Node *n = &arena[nnodes];
            n->pos = arena[it.node].pos;
            apply(t, &n->pos, ch.move, NULL);
            if (n->pos.overflow) { outcome = TOO_BIG; goto done; }
            position_key(t, &n->pos, &n->h1, &n->h2, &n->rank);
            n->parent = it.node;
            n->move = ch.move;
            if (!visit(t, &tt, &n->pos, n->h1, n->h2, n->rank)) { outcome = TOO_BIG; goto done; }
            int won = cards_up(t, &n->pos) == t->ncards;
            if (!won) {
                int got = collection_finish(t, &n->pos, finish);
                if (got < 0) { outcome = TOO_BIG; goto done; }
                won = got;
            } else {
                finish->n = 0;
            }
            if (won) {
                int depth = 0;
                for (int at = nnodes; at > 0; at = arena[at].parent) depth++;
                line->n = 0;
                for (int d = 0; d < depth; d++)
                    if (!moves_push(line, ch.move)) { outcome = TOO_BIG; goto done; }
                for (int at = nnodes, d = depth - 1; d >= 0; d--, at = arena[at].parent)
                    line->items[d] = arena[at].move;
                outcome = WON;
                goto done;
            }
            heap_push(heap, &nheap, (Item){evaluate(t, &n->pos, talon_weight), counter++, nnodes});
            nnodes++;
        }
    }
done:
    *nodes_out = nodes;
    free(tt.slots);
    free(kids.items);
    free(arena);
    free(heap);
    return outcome;
}

/* -- Python interface ------------------------------------------------------------------- */

static int read_tables(PyObject *spec, Tables *t) {
    /* spec: (decks, piles, draw, limit or -1, runs, accepts 0/1/2, may_return, talon_sign,
       onto_pile, all_splits, builds_on bytes[65536], empty_takes bytes[ncards]) */
    const char *builds_on, *empty_takes;
    Py_ssize_t nb, ne;
    if (!PyArg_ParseTuple(spec, "iiiiiiiiiiy#y#", &t->decks, &t->npiles, &t->draw, &t->limit,
                          &t->runs, &t->accepts, &t->may_return, &t->talon_sign, &t->onto_pile,
                          &t->all_splits, &builds_on, &nb, &empty_takes, &ne))
        return 0;
    t->ncards = t->decks * 52;
    t->fast = 0;
    if (nb != 65536 || ne != t->ncards || t->npiles > MAXPILES || t->decks > 4 || t->decks < 1) {
        PyErr_SetString(PyExc_ValueError, "rules outside the compiled core's limits");
        return 0;
    }
    memcpy(t->builds_on, builds_on, 65536);
    for (int c = 0; c < t->ncards; c++) {
        t->rank[c] = (uint8_t)(c % 13 + 1);
        t->suit[c] = (uint8_t)((c % 52) / 13);
        t->keycard[c] = (uint8_t)(c % 52);
        t->empty_takes[c] = (uint8_t)empty_takes[c];
        t->nkids[c] = t->nparents[c] = 0;
    }
    for (int onto = 0; onto < t->ncards; onto++)
        for (int c = 0; c < t->ncards; c++)
            if (t->builds_on[(c << 8) | onto]) {
                if (t->nkids[onto] >= MAXKIDS || t->nparents[c] >= MAXKIDS) {
                    PyErr_SetString(PyExc_ValueError, "too many cards build on one card");
                    return 0;
                }
                t->kids[onto][t->nkids[onto]++] = (uint8_t)c;
                t->parents[c][t->nparents[c]++] = (uint8_t)onto;
            }
    return 1;
}

static int read_position(PyObject *obj, const Tables *t, Pos *p) {
    PyObject *tableau, *fnd;
    const char *talon;
    Py_ssize_t tlen;
    int waste, redeals;
    memset(p, 0, sizeof *p);
    if (!PyArg_ParseTuple(obj, "OOy#ii", &tableau, &fnd, &talon, &tlen, &waste, &redeals))
        return 0;
    if (!PyTuple_Check(tableau) || PyTuple_GET_SIZE(tableau) != t->npiles || !PyTuple_Check(fnd)
        || PyTuple_GET_SIZE(fnd) != 4 * t->decks || tlen > MAXTALON) {
        PyErr_SetString(PyExc_ValueError, "not a position of these rules");
        return 0;
    }
    for (int i = 0; i < t->npiles; i++) {
        PyObject *pile = PyTuple_GET_ITEM(tableau, i);
        char *b;
        Py_ssize_t n;
        if (PyBytes_AsStringAndSize(pile, &b, &n) < 0) return 0;
        if (n < 1 || n - 1 > MAXPILE - 13) {
            PyErr_SetString(PyExc_ValueError, "a pile outside the compiled core's limits");
            return 0;
        }
        p->down[i] = (uint8_t)b[0];
        p->len[i] = (uint8_t)(n - 1);
        memcpy(p->cards[i], b + 1, n - 1);
    }
    for (int s = 0; s < 4 * t->decks; s++)
        p->fnd[s] = (uint8_t)PyLong_AsLong(PyTuple_GET_ITEM(fnd, s));
    memcpy(p->talon, talon, tlen);
    p->tlen = (uint8_t)tlen;
    p->waste = (uint8_t)waste;
    p->redeals = (uint8_t)redeals;
    p->dirty = 0xffff;
    return !PyErr_Occurred();
}

static PyObject *move_tuple(Move m) {
    switch (m.kind) {
    case PILE_UP: return Py_BuildValue("(ii)", m.kind, m.a);
    case TALON_UP: return Py_BuildValue("(iii)", m.kind, m.a, m.b);
    default: return Py_BuildValue("(iiii)", m.kind, m.a, m.b, m.c);
    }
}

static PyObject *autos_list(const Autos *a) {
    PyObject *list = PyList_New(a->n);
    for (int k = 0; list && k < a->n; k++)
        PyList_SET_ITEM(list, k, PyLong_FromLong(a->source[k]));
    return list;
}

/* The path of (move, automatic moves) from the root, as depth_first.depth_first gives it. */
static PyObject *path_list(const Tables *t, const Pos *start, const Moves *line,
                           const Moves *finish) {
    Pos p = *start;
    Autos autos;
    autos.n = 0;
    PyObject *path = PyList_New(0);
    if (!path) return NULL;
    play_safe_cards(t, &p, &autos);
    PyObject *entry = Py_BuildValue("(ON)", Py_None, autos_list(&autos));
    if (!entry || PyList_Append(path, entry) < 0) { Py_XDECREF(entry); Py_DECREF(path); return NULL; }
    Py_DECREF(entry);
    const Moves *parts[2] = {line, finish};
    for (int part = 0; part < 2; part++)
        for (int k = 0; k < parts[part]->n; k++) {
            Move m = parts[part]->items[k];
            apply(t, &p, m, &autos);
            entry = Py_BuildValue("(NN)", move_tuple(m), autos_list(&autos));
            if (!entry || PyList_Append(path, entry) < 0) {
                Py_XDECREF(entry); Py_DECREF(path); return NULL;
            }
            Py_DECREF(entry);
        }
    return path;
}

static PyObject *core_depth_first(PyObject *self, PyObject *args) {
    PyObject *spec, *position, *cancel;
    long long max_nodes;
    double max_seconds;
    if (!PyArg_ParseTuple(args, "OOLdO", &spec, &position, &max_nodes, &max_seconds, &cancel))
        return NULL;
    Job *job = malloc(sizeof(Job));
    Pos *root = malloc(sizeof(Pos)), *start = malloc(sizeof(Pos));
    if (!job || !root || !start) { free(job); free(root); free(start); return PyErr_NoMemory(); }
    PyObject *result = NULL;
    if (!read_tables(spec, &job->t) || !read_position(position, &job->t, start)) goto out;
    job->cancel = cancel;
    job->max_nodes = max_nodes;
    job->deadline = max_seconds >= 0 ? now() + max_seconds : 0;
    *root = *start;
    play_safe_cards(&job->t, root, NULL);
    Moves line = {0}, finish = {0};
    long long nodes = 0;
    int outcome;
    if (cards_up(&job->t, root) == job->t.ncards) {
        outcome = WON;
    } else {
        PyThreadState *save = PyEval_SaveThread();
        outcome = search(job, root, &line, &finish, &nodes, &save);
        PyEval_RestoreThread(save);
    }
    if (outcome == TOO_BIG) {
        PyErr_SetString(PyExc_MemoryError, "the compiled core ran out of room");
    } else {
        PyObject *path = outcome == WON ? path_list(&job->t, start, &line, &finish) : Py_None;
        if (path == Py_None) Py_INCREF(path);
        if (path) result = Py_BuildValue("(iNL)", outcome, path, nodes);
    }
    free(line.items);
    free(finish.items);
out:
    free(job);
    free(root);
    free(start);
    return result;
}

static PyObject *core_best_first(PyObject *self, PyObject *args) {
    PyObject *spec, *position, *cancel;
    long long max_nodes;
    double max_seconds;
    int talon_weight;
    const char *cone;
    Py_ssize_t ncone;
    if (!PyArg_ParseTuple(args, "OOLdOiy#", &spec, &position, &max_nodes, &max_seconds, &cancel,
                          &talon_weight, &cone, &ncone))
        return NULL;
    Job *job = malloc(sizeof(Job));
    Pos *root = malloc(sizeof(Pos)), *start = malloc(sizeof(Pos));
    if (!job || !root || !start) { free(job); free(root); free(start); return PyErr_NoMemory(); }
    PyObject *result = NULL;
    Moves line = {0}, finish = {0};
    if (!read_tables(spec, &job->t) || !read_position(position, &job->t, start)) goto out;
    if (ncone != job->t.ncards * 19) {
        PyErr_SetString(PyExc_ValueError, "cone requirements of the wrong size");
        goto out;
    }
    job->t.fast = 1;
    memcpy(job->t.cone_req, cone, (size_t)ncone);
    job->cancel = cancel;
    job->max_nodes = max_nodes;
    job->deadline = max_seconds >= 0 ? now() + max_seconds : 0;
    *root = *start;
    play_safe_cards(&job->t, root, NULL);
    long long nodes = 0;
    int outcome;
    if (cards_up(&job->t, root) == job->t.ncards) {
        outcome = WON;
    } else {
        PyThreadState *save = PyEval_SaveThread();
        outcome = best_first_search(job, root, talon_weight, &line, &finish, &nodes, &save);
        PyEval_RestoreThread(save);
    }
    if (outcome == TOO_BIG) {
        PyErr_SetString(PyExc_MemoryError, "the compiled core ran out of room");
    } else {
        PyObject *path = outcome == WON ? path_list(&job->t, start, &line, &finish) : Py_None;
        if (path == Py_None) Py_INCREF(path);
        if (path) result = Py_BuildValue("(iNL)", outcome, path, nodes);
    }
out:
    free(line.items);
    free(finish.items);
    free(job);
    free(root);
    free(start);
    return result;
}

static PyObject *core_hopeless(PyObject *self, PyObject *args) {
    PyObject *spec, *position;
    if (!PyArg_ParseTuple(args, "OO", &spec, &position)) return NULL;
    Tables *t = malloc(sizeof(Tables));
    Pos *p = malloc(sizeof(Pos));
    PyObject *result = NULL;
    if (!t || !p) { free(t); free(p); return PyErr_NoMemory(); }
    if (read_tables(spec, t) && read_position(position, t, p)) result = PyBool_FromLong(hopeless(t, p));
    free(t);
    free(p);
    return result;
}

static PyMethodDef methods[] = {
    {"depth_first", core_depth_first, METH_VARARGS,
     "depth_first(spec, position, max_nodes, max_seconds, cancel) -> (outcome, path, nodes)"},
    {"best_first", core_best_first, METH_VARARGS,
     "best_first(spec, position, max_nodes, max_seconds, cancel, talon_weight, cone)"
     " -> (outcome, path, nodes)"},
    {"hopeless", core_hopeless, METH_VARARGS, "hopeless(spec, position) -> bool"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "The solver's compiled core (see native.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    init_random();
    return PyModule_Create(&module);
}
