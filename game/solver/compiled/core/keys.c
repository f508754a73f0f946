/* Position keys as 128-bit hashes and the transposition table (position.py). Part of the
   compiled core, included by ../_core.c. */

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
/* One number per card of a pile's top run above the run's first card (the stack-swap
   keys below), wherever it lies. */
static uint64_t zrun[2][52];

static void init_random(void) {
    uint64_t state = 0x1234567890abcdefULL;
    for (int h = 0; h < 2; h++) {
        for (int k = 0; k <= MAXPILE; k++) {
            for (int c = 0; c < 52; c++) zpile[h][k][c] = mix(state += 0x9e3779b97f4a7c15ULL);
            zdown[h][k] = mix(state += 0x9e3779b97f4a7c15ULL);
        }
        for (int k = 0; k < MAXTALON; k++)
            for (int c = 0; c < 52; c++) ztalon[h][k][c] = mix(state += 0x9e3779b97f4a7c15ULL);
        for (int c = 0; c < 52; c++) zrun[h][c] = mix(state += 0x9e3779b97f4a7c15ULL);
    }
}

static int fresh_waste(const Tables *t, int size, int waste) {
    return t->draw == 1 || waste % t->draw == 0 || waste == size;
}

/* The piles are summed (their order does not matter: a sum is the same for any order,
 * as sorting them is in Python); the two copies of a card share a key byte.
 *
 * Stack-swap keys (stack_swaps.pile_parts): the cards of a pile's top built run above the
 * run's first card are hashed by card alone, summed unmixed over every pile (a multiset),
 * and the rest of the pile as before. Positions that differ only in which of two equal
 * parents carries which stack then share a key: they are equally winnable in as many
 * moves, counting a run split with its send-up as one (docs/solver.md, "Stacks on equal
 * parents"). Every card a card may lie on is of one class of equal parents, so the card
 * alone tells what it lies on, up to such swaps. */
static void position_key(const Tables *t, Pos *p, uint64_t *k1, uint64_t *k2,
                         int32_t *rank) {
    uint64_t s1 = 0, s2 = 0;
    for (int i = 0; i < t->npiles; i++) {
        if (p->dirty & (1u << i)) {
            int n = p->len[i], root = n;
            const uint8_t *pile = p->cards[i];
            if (t->swap_keys && n > p->down[i]) /* root - 1: the first card of the top run */
                root = n - top_run(t, p, i) + 1;
            uint64_t a = zdown[0][p->down[i]], b = zdown[1][p->down[i]], la = 0, lb = 0;
            for (int k = 0; k < root; k++) {
                int c = t->keycard[pile[k]];
                a += zpile[0][k][c];
                b += zpile[1][k][c];
            }
            for (int k = root; k < n; k++) {
                int c = t->keycard[pile[k]];
                la += zrun[0][c];
                lb += zrun[1][c];
            }
            p->pile_hash[0][i] = mix(a + (uint64_t)root) + la;
            p->pile_hash[1][i] = mix(b ^ ((uint64_t)root << 32)) + lb;
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

/* At most 2^25 entries (512 MB), rather than growing until the machine swaps: past that
   the depth-first search forgets what it has searched and goes on (table_restart), the
   other searches stop with TOO_BIG, which solve.py reports. ``table_bound`` is that bound;
   a test lowers it (_core.set_bound("table", ...)) to reach it in a few thousand positions. */
#define MAX_TABLE_SLOTS ((size_t)1 << 25)
static size_t table_bound = MAX_TABLE_SLOTS;

/* 16 bytes an entry: the first hash (never 0: an empty slot), 32 bits of the second, and
 * the rank. A position is thus known by 96 bits; two keys meet by chance with a probability
 * of about N * N / 2^97 for N positions (below 10^-13 for a hundred million). */
typedef struct { uint64_t h1; uint32_t h2; int32_t rank; } Entry;
typedef struct { Entry *slots; size_t cap, count; } Table;

/* Room for about ``expected`` positions at half load, so that a search of the expected
   size never stops to grow its table (between 1 MB and 256 MB). */
static int table_init(Table *tt, long long expected) {
    tt->cap = 1 << 16;
    while ((long long)tt->cap < 2 * expected && tt->cap < (1u << 24) && tt->cap < table_bound)
        tt->cap *= 2;
    tt->count = 0;
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
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(&tt->slots[(size_t)(h1 >> 7) & (tt->cap - 1)]);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_prefetch((const char *)&tt->slots[(size_t)(h1 >> 7) & (tt->cap - 1)], _MM_HINT_T0);
#else
    (void)tt; (void)h1; /* a hint only: the look-up works the same without it */
#endif
}

static int table_grow(Table *tt) {
    Entry *old = tt->slots;
    size_t oldcap = tt->cap;
    if (oldcap >= table_bound) return 0; /* the memory bound */
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

/* Forget every position (the table keeps its size). */
static void table_clear(Table *tt) {
    memset(tt->slots, 0, tt->cap * sizeof(Entry));
    tt->count = 0;
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
