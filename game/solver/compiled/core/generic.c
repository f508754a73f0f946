/* The generic search's state and moves (game/solver/generic/search.py over the engine): every
 * pile of the engine's State, the engine's legal commands (legal.pile_moves, then Draw)
 * and what each does (commands.Mechanics.check, events.apply_step), move for move. The
 * policies come compiled to tables by native_generic.py (may this card lie on that one,
 * do two cards link in a run, which rank each rank takes, what an empty pile takes), so
 * that this part knows no policy by name. Part of the compiled core, included by
 * ../_core.c; generic_search.c holds the search and its Python interface.
 *
 * Piles are numbered as the engine's: 0 the stock, 1 the waste, the foundations, the
 * tableau, the reserves, the cells. A state keeps every card in one array, pile after pile,
 * bottom to top (``start[i]`` to ``start[i + 1]``), so that it is a few hundred bytes and
 * its key is a hash of those bytes.
 *
 * A card is its index in the deck's cards in order (compiled/generic.py maps the engine's
 * card ints to these and back: a deck of chosen suits has card ints past its card count),
 * and its rank and suit come with the rules. */

#define GSTOCK 0
#define GWASTE 1
#define GFIRST_FOUNDATION 2
#define GMAXCELLS 8
#define GMAXTABLEAU 13 /* Baker's Dozen */
#define GMAXPILES (2 + 16 + GMAXTABLEAU + 12 + GMAXCELLS) /* foundations, tableau, reserves, cells */
#define GDRAW 255                   /* the src of a Draw */
#define GFULL 13                    /* a foundation holds thirteen cards at most */
enum { RUN_BUILT = 0, RUN_TOP_OR_ALL = 1, RUN_ALL_FACE_UP = 2, RUN_ANY_FACE_UP = 3 };
enum { TO_WASTE = 0, TO_TABLEAU = 1, TO_RESERVES = 2, TO_NONE = 3 };
enum { LIMIT_NONE = 0, LIMIT_FREE_SPACE = 1, LIMIT_FREE_CELLS = 2 };
enum {
    GOAL_FOUNDATIONS = 0,
    GOAL_TABLEAU_RUNS = 1,
    GOAL_TABLEAU_CLEARED = 2,
    GOAL_FOUNDATIONS_OR_TABLEAU_RUNS = 3
};

typedef struct {
    int nf, nt, nr, npiles, ncards;
    int draw, limit, stock_to, fill_first;
    int move_runs, run_kind, step, wrap;
    int fbase;       /* the rank an empty foundation takes (0: none yet) */
    int may_return;  /* cards_may_return */
    int empty_rank;  /* Relations.empty_tableau_rank (0: any card, or none) */
    int empty_any;   /* Relations.empty_takes_any */
    int from_reserve; /* an emptied tableau pile takes the reserve's top card at once */
    int nc, first_cell; /* the cells: the last piles */
    int move_limit;  /* LIMIT_NONE, LIMIT_FREE_SPACE or LIMIT_FREE_CELLS (Relations.most_moving) */
    int runs_up;     /* foundations take only complete runs, King to Ace (FoundationTakes.RUNS) */
    int group_up;    /* group_to_foundation: a group goes up one by one as one move */
    int needs_every; /* deal_needs_every_pile: the stock deals only with no tableau pile empty */
    int goal;        /* GOAL_FOUNDATIONS, GOAL_TABLEAU_RUNS (Scorpion), GOAL_TABLEAU_CLEARED (Golf),
                        GOAL_FOUNDATIONS_OR_TABLEAU_RUNS (Spider) */
    int waste_builds; /* WasteBuild.UP_OR_DOWN: tableau tops onto the waste, a rank up or down */
    int waste_sink;   /* space.waste_is_sink: no card leaves the waste (the key's waste cut) */
    int safe_up;      /* space.safe_up_needs holds: a safe move up is a state's only child */
    uint8_t safe_need[52 * 4]; /* [card * 4 + suit]: that suit's height its move up needs */
    uint8_t wanted[KING + 1], up[KING + 1]; /* 0: nothing */
    uint8_t rank[MAXCARDS], suit[MAXCARDS], empty_takes[MAXCARDS];
    uint8_t builds_on[MAXCARDS * MAXCARDS], links[MAXCARDS * MAXCARDS]; /* [card * n + onto] */
    uint64_t shown[GMAXPILES]; /* the deal's: Athena's face-up cards in the face-down part */
} GRules;

/* The bytes from ``start`` to ``cards + ncards`` are the state's key (keys up to date:
   everything past the piles in use stays zero); ``redeals`` joins it when they count. */
typedef struct {
    uint8_t start[GMAXPILES + 2];
    uint8_t down[GMAXPILES + 2];
    uint8_t cards[MAXCARDS];
    uint32_t redeals;
} GState;

typedef struct { uint8_t src, dst, n; } GMove;
typedef struct { GMove *items; size_t n, cap; } GMoves;

static inline int glen(const GState *s, int p) { return s->start[p + 1] - s->start[p]; }
static inline const uint8_t *gpile(const GState *s, int p) { return s->cards + s->start[p]; }
static inline int gtop(const GState *s, int p) { return s->cards[s->start[p + 1] - 1]; }
static inline int is_foundation(const GRules *r, int p) {
    return p >= GFIRST_FOUNDATION && p < GFIRST_FOUNDATION + r->nf;
}
static inline int first_tableau(const GRules *r) { return GFIRST_FOUNDATION + r->nf; }
static inline int is_tableau(const GRules *r, int p) {
    return p >= first_tableau(r) && p < first_tableau(r) + r->nt;
}
static inline int is_reserve(const GRules *r, int p) {
    return p >= first_tableau(r) + r->nt && p < r->first_cell;
}
static inline int is_cell(const GRules *r, int p) { return p >= r->first_cell && p < r->npiles; }
static inline int gbuilds(const GRules *r, int card, int onto) {
    return r->builds_on[card * r->ncards + onto];
}
static inline int glinks(const GRules *r, int card, int onto) {
    return r->links[card * r->ncards + onto];
}

static int gmoves_push(GMoves *m, int src, int dst, int n) {
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 256;
        if (cap * sizeof(GMove) > MAX_ARENA_BYTES) return 0;
        GMove *items = realloc(m->items, cap * sizeof(GMove));
        if (!items) return 0;
        m->items = items;
        m->cap = cap;
    }
    m->items[m->n++] = (GMove){(uint8_t)src, (uint8_t)dst, (uint8_t)n};
    return 1;
}

/* State.face_up_on_top: the cards above the face-down part, and under them the shown
   ones no face-down card separates from the top. */
static int face_up_on_top(const GRules *r, const GState *s, int p) {
    if (p == GSTOCK) return 0;
    int count = glen(s, p) - s->down[p];
    if (count <= 0) return 0;
    uint64_t bits = r->shown[p];
    for (int pos = s->down[p] - 1; pos >= 0 && pos < 64 && (bits >> pos & 1); pos--) count++;
    return count;
}

/* Relations.lift_counts of a tableau pile, ascending, into ``out``: their number. */
static int lift_counts(const GRules *r, const GState *s, int p, uint8_t *out) {
    int fu = face_up_on_top(r, s, p);
    if (fu <= 0) return 0;
    if (!r->move_runs) { out[0] = 1; return 1; }
    const uint8_t *c = gpile(s, p);
    int top = glen(s, p) - 1, n = 0, all = 1;
    switch (r->run_kind) {
    case RUN_BUILT: {
        int k = 1;
        while (k < fu && glinks(r, c[top - (k - 1)], c[top - k])) k++;
        for (int i = 1; i <= k; i++) out[n++] = (uint8_t)i;
        return n;
    }
    case RUN_ANY_FACE_UP:
        for (int i = 1; i <= fu; i++) out[n++] = (uint8_t)i;
        return n;
    default:
        for (int i = 0; i < fu - 1 && all; i++) all = glinks(r, c[top - i], c[top - i - 1]);
        if (r->run_kind == RUN_TOP_OR_ALL) {
            out[n++] = 1;
            if (fu > 1 && all) out[n++] = (uint8_t)fu;
        } else if (all) {
            out[n++] = (uint8_t)fu;
        }
        return n;
    }
}

static int foundation_takes(const GRules *r, const GState *s, int f, int card) {
    if (r->runs_up) return 0; /* only whole runs (complete_run) */
    int n = glen(s, f);
    if (!n) return r->fbase && r->rank[card] == r->fbase;
    int top = gtop(s, f);
    return r->suit[top] == r->suit[card] && r->up[r->rank[top]] == r->rank[card] && n < GFULL;
}

/* Relations.foundation_for: the first foundation that takes ``card``, or -1. */
static int foundation_for(const GRules *r, const GState *s, int card) {
    for (int f = GFIRST_FOUNDATION; f < first_tableau(r); f++)
        if (foundation_takes(r, s, f, card)) return f;
    return -1;
}

/* Relations.complete_run: are the top thirteen cards of tableau pile ``p`` face up and a
   run in suit from King down to Ace? */
static int complete_run(const GRules *r, const GState *s, int p) {
    int n = glen(s, p);
    if (n < GFULL || face_up_on_top(r, s, p) < GFULL) return 0;
    const uint8_t *run = gpile(s, p) + n - GFULL;
    for (int i = 0; i < GFULL; i++)
        if (r->suit[run[i]] != r->suit[run[0]] || r->rank[run[i]] != KING - i) return 0;
    return 1;
}

/* legal._up_together: a complete run to every empty foundation (runs_up), or every group
   of two cards or more that goes up one by one (Relations.group_up: the top card to the
   first foundation that takes it, each card under it one rank higher in suit). */
static int up_together(const GRules *r, const GState *s, GMoves *out) {
    int t0 = first_tableau(r);
    for (int t = t0; t < t0 + r->nt; t++) {
        if (glen(s, t) <= s->down[t]) continue;
        if (r->runs_up) {
            if (!complete_run(r, s, t)) continue;
            for (int f = GFIRST_FOUNDATION; f < t0; f++)
                if (!glen(s, f) && !gmoves_push(out, t, f, GFULL)) return 0;
            continue;
        }
        const uint8_t *c = gpile(s, t);
        int top = glen(s, t) - 1, fu = face_up_on_top(r, s, t);
        int target = fu >= 2 ? foundation_for(r, s, c[top]) : -1;
        if (target < 0) continue;
        /* A group of ``count`` is one of count - 1 and the card under it, one rank up. */
        for (int count = 2; count <= fu; count++) {
            if (glen(s, target) + count > GFULL) break; /* a foundation holds 13 */
            int card = c[top - count + 1], below = c[top - count + 2];
            if (r->suit[card] != r->suit[below] || r->up[r->rank[below]] != r->rank[card]) break;
            if (!gmoves_push(out, t, target, count)) return 0;
        }
    }
    return 1;
}

/* Relations.most_moving: the most cards that may move together onto tableau pile ``dst``
   as the free cells and the empty piles other than ``dst`` allow (MoveLimit.FREE_SPACE:
   (free cells + 1) << empty piles; MoveLimit.FREE_CELLS: free cells + 1); -1: no limit. */
static int most_moving(const GRules *r, const GState *s, int dst) {
    if (r->move_limit == LIMIT_NONE) return -1;
    int free = 0, empty = 0, t0 = first_tableau(r);
    for (int c = r->first_cell; c < r->npiles; c++) free += !glen(s, c);
    if (r->move_limit == LIMIT_FREE_CELLS) return free + 1;
    for (int t = t0; t < t0 + r->nt; t++) empty += !glen(s, t) && t != dst;
    return (free + 1) << empty;
}

/* legal._offsets, pushing a move of offset + 1 cards for each (``check``: only where the
   card at the offset builds on ``onto``; -1: no check, an empty target). */
static int push_offsets(const GRules *r, const GState *s, GMoves *out, int src, int dst,
                        int need, int length, int onto) {
    const uint8_t *c = gpile(s, src);
    int top = glen(s, src) - 1;
    int offset = (need - r->rank[c[top]]) * r->step;
    int lo = offset, hi = offset, every = 1;
    if (r->wrap) {
        lo = ((offset % GFULL) + GFULL) % GFULL;
        hi = length - 1;
        every = GFULL;
    }
    for (int o = lo; o >= 0 && o <= hi && o < length; o += every)
        if (onto < 0 || gbuilds(r, c[top - o], onto))
            if (!gmoves_push(out, src, dst, o + 1)) return 0;
    return 1;
}

/* legal.pile_moves: every legal Move, in the engine's order. 0 when out of memory. */
static int pile_moves(const GRules *r, const GState *s, GMoves *out) {
    uint8_t counts[GMAXTABLEAU][MAXCARDS], ncounts[GMAXTABLEAU], length[GMAXTABLEAU];
    int loose[1 + 12 + GMAXCELLS + 16], nloose = 0, returning[16], nreturning = 0;
    int t0 = first_tableau(r);
    size_t start = out->n;
    for (int i = 0; i < r->nt; i++) {
        ncounts[i] = (uint8_t)lift_counts(r, s, t0 + i, counts[i]);
        length[i] = ncounts[i] ? counts[i][ncounts[i] - 1] : 0;
    }
    int sequence = r->run_kind == RUN_BUILT;
    /* Single cards from off the tableau: the waste, the reserves' face-up tops, the cells'
       cards (a cell has no face-down part). */
    if (glen(s, GWASTE)) loose[nloose++] = GWASTE;
    for (int p = t0 + r->nt; p < r->npiles; p++)
        if (glen(s, p) > s->down[p]) loose[nloose++] = p;
    int from[1 + 12 + GMAXCELLS + GMAXTABLEAU], nfrom = 0;
    for (int k = 0; k < nloose; k++) from[nfrom++] = loose[k];
    for (int t = t0; t < t0 + r->nt; t++)
        if (glen(s, t) > s->down[t]) from[nfrom++] = t;
    for (int k = 0; k < nfrom; k++) {
        int card = gtop(s, from[k]);
        for (int f = GFIRST_FOUNDATION; f < t0; f++)
            if (foundation_takes(r, s, f, card) && !gmoves_push(out, from[k], f, 1)) return 0;
    }
    if ((r->runs_up || r->group_up) && !up_together(r, s, out)) return 0;
    for (int f = GFIRST_FOUNDATION; f < t0; f++)
        if (glen(s, f) && r->may_return) returning[nreturning++] = f;
    for (int k = 0; k < nreturning; k++) loose[nloose++] = returning[k]; /* loose + returning */
    for (int d = 0; d < r->nt; d++) {
        int dst = t0 + d;
        if (glen(s, dst)) {
            int onto = gtop(s, dst), need = r->wanted[r->rank[onto]];
            if (!need) continue;
            for (int i = 0; i < r->nt; i++) {
                int src = t0 + i;
                if (src == dst || !length[i]) continue;
                if (sequence) {
                    if (!push_offsets(r, s, out, src, dst, need, length[i], onto)) return 0;
                    continue;
                }
                const uint8_t *c = gpile(s, src);
                int size = glen(s, src);
                for (int k = 0; k < ncounts[i]; k++)
                    if (gbuilds(r, c[size - counts[i][k]], onto)
                        && !gmoves_push(out, src, dst, counts[i][k]))
                        return 0;
            }
            for (int k = 0; k < nloose; k++)
                if (gbuilds(r, gtop(s, loose[k]), onto) && !gmoves_push(out, loose[k], dst, 1))
                    return 0;
            continue;
        }
        if (!r->empty_rank && !r->empty_any) continue; /* an empty pile that takes nothing */
        for (int i = 0; i < r->nt; i++) {
            int src = t0 + i;
            if (src == dst || !length[i]) continue;
            const uint8_t *c = gpile(s, src);
            int size = glen(s, src);
            if (!r->empty_rank) {
                for (int k = 0; k < ncounts[i]; k++)
                    if (!gmoves_push(out, src, dst, counts[i][k])) return 0;
            } else if (sequence) {
                if (!push_offsets(r, s, out, src, dst, r->empty_rank, length[i], -1)) return 0;
            } else {
                for (int k = 0; k < ncounts[i]; k++)
                    if (r->rank[c[size - counts[i][k]]] == r->empty_rank
                        && !gmoves_push(out, src, dst, counts[i][k]))
                        return 0;
            }
        }
        for (int k = 0; k < nloose; k++)
            if (r->empty_takes[gtop(s, loose[k])] && !gmoves_push(out, loose[k], dst, 1)) return 0;
    }
    /* An empty cell takes any one card: from the waste, the reserves, the other cells, the
       tableau and (where they may come back) the foundations. */
    if (r->waste_builds && glen(s, GWASTE)) { /* legal: Golf's tableau tops onto the waste */
        int onto = r->rank[gtop(s, GWASTE)];
        for (int t = t0; t < t0 + r->nt; t++) {
            if (glen(s, t) <= s->down[t] || onto == KING) continue;
            int d = r->rank[gtop(s, t)] - onto;
            if ((d == 1 || d == -1) && !gmoves_push(out, t, GWASTE, 1)) return 0;
        }
    }
    for (int dst = r->first_cell; dst < r->npiles; dst++) {
        if (glen(s, dst)) continue;
        for (int k = 0; k < nfrom; k++)
            if (!gmoves_push(out, from[k], dst, 1)) return 0;
        for (int k = 0; k < nreturning; k++)
            if (!gmoves_push(out, returning[k], dst, 1)) return 0;
    }
    if (r->move_limit != LIMIT_NONE) { /* runs as the free space allows (FreeCell) */
        int most[GMAXTABLEAU];
        for (int i = 0; i < r->nt; i++) most[i] = most_moving(r, s, t0 + i);
        size_t kept = start;
        for (size_t k = start; k < out->n; k++) {
            GMove m = out->items[k];
            if (m.n == 1 || !is_tableau(r, m.dst) || m.n <= most[m.dst - t0])
                out->items[kept++] = m;
        }
        out->n = kept;
    }
    return 1;
}

/* Mechanics._could_fill, from the moves ``pile_moves`` listed (``from`` on): may a move
   fill an empty tableau pile now without emptying another? */
static int could_fill(const GRules *r, const GState *s, const GMoves *moves, size_t from) {
    int t0 = first_tableau(r), any_empty = 0;
    if (!r->fill_first) return 0;
    for (int t = t0; t < t0 + r->nt; t++) any_empty |= !glen(s, t);
    if (!any_empty) return 0;
    for (size_t k = from; k < moves->n; k++) {
        GMove m = moves->items[k];
        if (is_tableau(r, m.dst) && !glen(s, m.dst)
            && (!is_tableau(r, m.src) || m.n < glen(s, m.src)))
            return 1;
    }
    return 0;
}

/* Mechanics._empty_pile: with deal_needs_every_pile, is a tableau pile empty (Spider
   deals only when none is)? */
static int empty_pile(const GRules *r, const GState *s) {
    if (!r->needs_every) return 0;
    for (int t = first_tableau(r); t < first_tableau(r) + r->nt; t++)
        if (!glen(s, t)) return 1;
    return 0;
}

/* Mechanics.legal_moves: the Moves, then Draw if legal. Appends to ``out``; 0 when out of
   memory. */
static int legal_moves(const GRules *r, const GState *s, GMoves *out) {
    size_t from = out->n;
    if (!pile_moves(r, s, out)) return 0;
    int draw;
    if (r->stock_to == TO_NONE) draw = 0;
    else if (glen(s, GSTOCK)) draw = !could_fill(r, s, out, from) && !empty_pile(r, s);
    else draw = glen(s, GWASTE) && (r->limit < 0 || s->redeals < (uint32_t)r->limit);
    return !draw || gmoves_push(out, GDRAW, 0, 0);
}

/* ``n`` cards from the top of ``src`` to the top of ``dst``, their order kept. */
static void transfer(GState *s, int src, int dst, int n) {
    uint8_t moving[MAXCARDS];
    int at = s->start[src + 1] - n;
    memcpy(moving, s->cards + at, (size_t)n);
    if (src < dst) {
        memmove(s->cards + at, s->cards + s->start[src + 1], s->start[dst + 1] - s->start[src + 1]);
        for (int k = src + 1; k <= dst; k++) s->start[k] -= (uint8_t)n;
        memcpy(s->cards + s->start[dst + 1] - n, moving, (size_t)n);
    } else {
        int end = s->start[dst + 1];
        memmove(s->cards + end + n, s->cards + end, at - end);
        for (int k = dst + 1; k <= src; k++) s->start[k] += (uint8_t)n;
        memcpy(s->cards + end, moving, (size_t)n);
    }
}

/* Mechanics._group_up's move: several cards to a foundation one by one, the top card
   first (a complete run, Spider's, goes as it lies). */
static inline int is_group(const GRules *r, GMove m) {
    return r->group_up && m.n > 1 && is_foundation(r, m.dst);
}

/* apply_step(state, check(state, command)) for a legal command. */
static void gapply(const GRules *r, GState *s, GMove m) {
    if (m.src == GDRAW) {
        int stock = glen(s, GSTOCK);
        if (!stock) {
            while (glen(s, GWASTE)) transfer(s, GWASTE, GSTOCK, 1);
            s->redeals++;
        } else if (r->stock_to == TO_WASTE) {
            for (int k = 0; k < r->draw && k < stock; k++) transfer(s, GSTOCK, GWASTE, 1);
        } else {
            int first = r->stock_to == TO_TABLEAU ? first_tableau(r) : first_tableau(r) + r->nt;
            int count = r->stock_to == TO_TABLEAU ? r->nt : r->nr;
            for (int k = 0; k < count && k < stock; k++) transfer(s, GSTOCK, first + k, 1);
        }
        return;
    }
    /* Mechanics._after_leaving, judged on the state before the move. */
    int src = m.src, left = glen(s, src) - m.n, turn = 0, reserve = -1;
    if (left) {
        turn = s->down[src] >= left && (is_tableau(r, src) || is_reserve(r, src));
    } else if (r->from_reserve && is_tableau(r, src)) {
        for (int p = first_tableau(r) + r->nt; p < r->first_cell && reserve < 0; p++)
            if (glen(s, p)) reserve = p;
    }
    if (is_group(r, m)) {
        for (int k = 0; k < m.n; k++) transfer(s, src, m.dst, 1); /* the top card first */
    } else {
        transfer(s, src, m.dst, m.n);
    }
    if (turn) s->down[src]--;
    if (reserve >= 0) {
        int rest = glen(s, reserve) - 1;
        int turned = rest && s->down[reserve] >= rest;
        transfer(s, reserve, src, 1);
        if (turned) s->down[reserve]--;
    }
}

/* generic_space.GenericSearch.score: the move order, from the move and the state before it. */
static int gscore(const GRules *r, const GState *s, GMove m) {
    if (m.src == GDRAW) return 30;
    if (is_foundation(r, m.dst)) return 100;
    if (is_foundation(r, m.src)) return 5;
    if (!is_tableau(r, m.src)) return 50;
    int left = glen(s, m.src) - m.n;
    if (left && s->down[m.src] >= left) return 80;
    if (!left && !glen(s, m.dst)) return 10;
    return 40;
}

/* GenericSearch.children: the legal moves sorted by score, highest first, the engine's
   order kept among equals (a stable sort). */
/* GenericSearch.safe_move_up: where the first of the children from ``from`` on (in move
   order, the moves up first) that sends a card up safely, it alone is left. */
static void safe_move_up(const GRules *r, const GState *s, GMoves *out, size_t from) {
    if (from == out->n || out->items[from].src == GDRAW || !is_foundation(r, out->items[from].dst))
        return; /* no move up: the foundations need not be read */
    int height[4] = {0, 0, 0, 0};
    for (int f = GFIRST_FOUNDATION; f < GFIRST_FOUNDATION + r->nf; f++)
        if (glen(s, f)) height[r->suit[gtop(s, f)]] = r->rank[gtop(s, f)];
    for (size_t k = from; k < out->n; k++) {
        GMove m = out->items[k];
        if (m.src == GDRAW || !is_foundation(r, m.dst)) return;
        if (is_foundation(r, m.src) || m.n != 1) continue;
        const uint8_t *need = r->safe_need + 4 * gtop(s, m.src);
        if (height[0] >= need[0] && height[1] >= need[1] && height[2] >= need[2] &&
            height[3] >= need[3]) {
            out->items[from] = m;
            out->n = from + 1;
            return;
        }
    }
}

static int gchildren(const GRules *r, const GState *s, GMoves *out) {
    static const int levels[] = {100, 80, 50, 40, 30, 10, 5};
    size_t from = out->n;
    if (!legal_moves(r, s, out)) return 0;
    size_t n = out->n - from;
    if (n < 2) return 1;
    GMove sorted[1024], *buf = n <= 1024 ? sorted : malloc(n * sizeof(GMove));
    uint8_t score[1024], *sc = n <= 1024 ? score : malloc(n);
    if (!buf || !sc) {
        if (buf != sorted) free(buf);
        if (sc != score) free(sc);
        return 0;
    }
    for (size_t k = 0; k < n; k++) sc[k] = (uint8_t)gscore(r, s, out->items[from + k]);
    size_t at = 0;
    for (int l = 0; l < 7; l++)
        for (size_t k = 0; k < n; k++)
            if (sc[k] == levels[l]) buf[at++] = out->items[from + k];
    memcpy(out->items + from, buf, n * sizeof(GMove));
    if (buf != sorted) free(buf);
    if (sc != score) free(sc);
    if (r->safe_up) safe_move_up(r, s, out, from);
    return 1;
}

/* Relations._tableau_in_runs: every tableau pile empty or one complete run in suit. */
static int tableau_in_runs(const GRules *r, const GState *s) {
    int t0 = first_tableau(r);
    for (int t = t0; t < t0 + r->nt; t++) {
        int n = glen(s, t);
        if (n && !(n == GFULL && complete_run(r, s, t))) return 0;
    }
    return 1;
}

/* Relations.won: the table's goal. */
static int gwon(const GRules *r, const GState *s) {
    int t0 = first_tableau(r);
    if (r->goal == GOAL_TABLEAU_CLEARED) return s->start[t0 + r->nt] == s->start[t0];
    if (r->goal == GOAL_TABLEAU_RUNS) return tableau_in_runs(r, s);
    int up = s->start[t0] - s->start[GFIRST_FOUNDATION];
    if (up == r->ncards) return 1;
    /* Spider's second way: every card still in the tableau, in complete runs. */
    return r->goal == GOAL_FOUNDATIONS_OR_TABLEAU_RUNS && up == 0 &&
           s->start[t0 + r->nt] - s->start[t0] == r->ncards && tableau_in_runs(r, s);
}

/* Relations.progress: cards on the foundations; off the tableau (Golf, negative); lying in
   suit on the card one rank higher (Scorpion). */
static int gprogress(const GRules *r, const GState *s) {
    int t0 = first_tableau(r);
    if (r->goal == GOAL_TABLEAU_CLEARED) return -(s->start[t0 + r->nt] - s->start[t0]);
    if (r->goal == GOAL_TABLEAU_RUNS) {
        int pairs = 0;
        for (int t = t0; t < t0 + r->nt; t++) {
            const uint8_t *c = gpile(s, t);
            int from = s->down[t] > 0 ? s->down[t] : 0;
            for (int i = from + 1; i < glen(s, t); i++)
                pairs += r->suit[c[i]] == r->suit[c[i - 1]] && r->rank[c[i - 1]] == r->rank[c[i]] + 1;
        }
        return pairs;
    }
    return s->start[t0] - s->start[GFIRST_FOUNDATION];
}

/* The key of a state (GenericSearch.key: the whole state, the redeals used only where they
   are limited, the cells' cards as a set, a sink waste's cards as a set and its top) as
   two 64-bit sums, one term for each card at its place, each pile's face-down count, the
   redeals and a sink waste's top card: so a move changes the key by the terms of what it
   changes (``gdelta``), and the key of a child costs a few terms, not the whole state. */
typedef struct { uint64_t a, b; } GKey;

static inline GKey gterm(uint64_t code) {
    GKey k;
    k.a = mix(0x243f6a8885a308d3ULL + code * 0x9e3779b97f4a7c15ULL);
    k.b = mix(0x13198a2e03707344ULL ^ (code * 0xc2b2ae3d27d4eb4fULL + 0x165667b19e3779f9ULL));
    return k;
}
static inline uint64_t card_code(int pile, int pos, int card) {
    return ((uint64_t)pile << 20) | ((uint64_t)pos << 10) | (uint64_t)card;
}
#define GCELLS_CODE 1023 /* the pile of gcard_code's cards in cells: any cell */
#define DOWN_CODE(pile, down) ((1ULL << 40) | ((uint64_t)(pile) << 20) | (uint64_t)(down))
#define REDEALS_CODE(redeals) ((1ULL << 41) | (uint64_t)(redeals))
#define WASTE_TOP_CODE(card) ((1ULL << 42) | (uint64_t)(card))

static inline void gadd(GKey *k, uint64_t code) {
    GKey t = gterm(code);
    k->a += t.a;
    k->b += t.b;
}
static inline void gsub(GKey *k, uint64_t code) {
    GKey t = gterm(code);
    k->a -= t.a;
    k->b -= t.b;
}

/* The term of ``card`` at place ``pos`` of pile ``pile`` in the search's key: a card in a
   cell counts as in any cell (GenericSearch.key sorts the cells, which are interchangeable:
   generic/space.py says why that is sound), so a state and the same with its cells' cards
   in another order share one key. */
static inline uint64_t gcard_code(const GRules *r, int pile, int pos, int index) {
    /* A card's face (its suit and rank), not which copy it is: copies of a card are
       interchangeable (generic/space.py, the copies' cut); with one deck, one card a face. */
    int card = r->suit[index] * 13 + r->rank[index] - 1;
    if (pile >= r->first_cell) return card_code(GCELLS_CODE, 0, card);
    /* A sink waste's cards count in any order (its top has a term of its own, below):
       generic/space.py says why that is sound. */
    if (pile == GWASTE && r->waste_sink) return card_code(GWASTE, 0, card);
    return card_code(pile, pos, card);
}

/* The key of ``s``: the search's (GenericSearch.key), or with ``placed`` the state's own,
   its cells in their places (GenericSearch.line_key: a won line is matched by it). */
static GKey gkey_of(const GRules *r, const GState *s, int placed) {
    GKey k = {0, 0};
    for (int p = 0; p < r->npiles; p++) {
        const uint8_t *c = gpile(s, p);
        for (int i = 0, n = glen(s, p); i < n; i++)
            gadd(&k, placed ? card_code(p, i, c[i]) : gcard_code(r, p, i, c[i]));
        gadd(&k, DOWN_CODE(p, s->down[p]));
    }
    if (r->limit >= 0) gadd(&k, REDEALS_CODE(s->redeals));
    if (!placed && r->waste_sink && glen(s, GWASTE)) gadd(&k, WASTE_TOP_CODE(gtop(s, GWASTE)));
    return k;
}

/* A sink waste's top term, when a step puts ``card`` on the waste (cards only come onto a
   sink waste: none leaves it). */
static inline void gwaste_top(const GRules *r, const GState *s, GKey *k, int card) {
    if (!r->waste_sink) return;
    if (glen(s, GWASTE)) gsub(k, WASTE_TOP_CODE(gtop(s, GWASTE)));
    gadd(k, WASTE_TOP_CODE(card));
}

static GKey gkey(const GRules *r, const GState *s) { return gkey_of(r, s, 0); }

/* ``card`` from the top of ``src`` (at ``from``) to the top of ``dst`` (at ``to``). */
static inline void gmoved(const GRules *r, GKey *k, int card, int src, int from, int dst, int to) {
    gsub(k, gcard_code(r, src, from, card));
    gadd(k, gcard_code(r, dst, to, card));
}

/* The key of the state ``m`` leads to from ``s`` (key ``k``): gapply, on the key. */
static GKey gdelta(const GRules *r, const GState *s, GKey k, GMove m) {
    if (m.src == GDRAW) {
        int stock = glen(s, GSTOCK), waste = glen(s, GWASTE);
        const uint8_t *st = gpile(s, GSTOCK), *w = gpile(s, GWASTE);
        if (!stock) {
            for (int j = 0; j < waste; j++) gmoved(r, &k, w[j], GWASTE, j, GSTOCK, waste - 1 - j);
            if (r->limit >= 0) {
                gsub(&k, REDEALS_CODE(s->redeals));
                gadd(&k, REDEALS_CODE(s->redeals + 1));
            }
        } else if (r->stock_to == TO_WASTE) {
            int j = 0;
            for (; j < r->draw && j < stock; j++)
                gmoved(r, &k, st[stock - 1 - j], GSTOCK, stock - 1 - j, GWASTE, waste + j);
            gwaste_top(r, s, &k, st[stock - j]);
        } else {
            int first = r->stock_to == TO_TABLEAU ? first_tableau(r) : first_tableau(r) + r->nt;
            int count = r->stock_to == TO_TABLEAU ? r->nt : r->nr;
            for (int j = 0; j < count && j < stock; j++)
                gmoved(r, &k, st[stock - 1 - j], GSTOCK, stock - 1 - j, first + j, glen(s, first + j));
        }
        return k;
    }
    int src = m.src, size = glen(s, src), left = size - m.n, to = glen(s, m.dst);
    const uint8_t *c = gpile(s, src);
    if (is_group(r, m)) {
        for (int j = 0; j < m.n; j++) gmoved(r, &k, c[size - 1 - j], src, size - 1 - j, m.dst, to + j);
    } else {
        for (int j = 0; j < m.n; j++) gmoved(r, &k, c[left + j], src, left + j, m.dst, to + j);
        if (m.dst == GWASTE) gwaste_top(r, s, &k, c[size - 1]);
    }
    if (left) {
        if (s->down[src] >= left && (is_tableau(r, src) || is_reserve(r, src))) {
            gsub(&k, DOWN_CODE(src, s->down[src]));
            gadd(&k, DOWN_CODE(src, s->down[src] - 1));
        }
    } else if (r->from_reserve && is_tableau(r, src)) {
        for (int p = first_tableau(r) + r->nt; p < r->first_cell; p++) {
            int n = glen(s, p);
            if (!n) continue;
            gmoved(r, &k, gtop(s, p), p, n - 1, src, 0);
            if (n - 1 && s->down[p] >= n - 1) {
                gsub(&k, DOWN_CODE(p, s->down[p]));
                gadd(&k, DOWN_CODE(p, s->down[p] - 1));
            }
            break;
        }
    }
    return k;
}
