/* The moves of a position (moves.py, fast_cuts.py) and its unseen children, sorted.
   Part of the compiled core, included by ../_core.c. */

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
        run[i] = t->runs ? top_run(t, p, i) : 1;
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
            else if (t->all_splits && !t->fast) score = 200; /* sound moves only, as moves.py */
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
                else if (!t->fast) score = 190; /* sound moves only, as moves.py */
                else continue;
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
                if (!t->fast && sound_safe(t, p, card)) continue; /* never needed back */
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

/* The unseen children of the top frame's position, sorted, appended to ``kids``. 0 when
   out of memory, or when a move would outgrow a pile (no table of the engine deals a
   position that can: types.h). */
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
        if (q.overflow) return 0; /* a pile past MAXPILE: the search gives up (TOO_BIG) */
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
