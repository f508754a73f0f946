/* What a move does: foundations, piles, the talon (foundations.py, moves.py's apply,
   tables.talon_reach). Part of the compiled core, included by ../_core.c. */

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

/* The sound rule's heights (tables.RuleTables.closure): the cards that may lie on a card,
   on those, and so on, with every copy of the card below each in its suit; per suit the
   highest rank among them. Read from the building table once per call of the core. */
static void closure_needs(Tables *t) {
    int stack[MAXCARDS];
    uint8_t seen[MAXCARDS];
    for (int c = 0; c < t->ncards; c++) {
        int n = 0;
        memset(seen, 0, sizeof seen);
        memset(t->sound_need[c], 0, 4);
        stack[n++] = c;
        seen[c] = 1;
        while (n) {
            int x = stack[--n];
            if (x != c && t->rank[x] > t->sound_need[c][t->suit[x]])
                t->sound_need[c][t->suit[x]] = t->rank[x];
            for (int k = 0; k < t->nkids[x]; k++)
                if (!seen[t->kids[x][k]]) { seen[t->kids[x][k]] = 1; stack[n++] = t->kids[x][k]; }
            if (t->rank[x] > 1)
                for (int d = 0; d < t->decks; d++) {
                    int below = d * 52 + t->suit[x] * 13 + t->rank[x] - 2;
                    if (!seen[below]) { seen[below] = 1; stack[n++] = below; }
                }
        }
    }
}

/* Every card of the card's closure is up: each suit's lowest slot (the last: heights fall
   within a suit) at its height. */
static int sound_safe(const Tables *t, const Pos *p, int card) {
    for (int s = 0; s < 4; s++)
        if (p->fnd[s * t->decks + t->decks - 1] < t->sound_need[card][s]) return 0;
    return 1;
}

/* Safe to play up at once: the card's closure is up (the sound rule), or with fast moves
   the cone rule (tables.RuleTables._cone). */
static int safe_slot(const Tables *t, const Pos *p, int card) {
    if (t->fast ? !cone_safe(t, p, card) : !sound_safe(t, p, card)) return -1;
    return slot_for(t, p, card);
}

static int cards_up(const Tables *t, const Pos *p) {
    int n = 0;
    for (int s = 0; s < 4 * t->decks; s++) n += p->fnd[s];
    return n;
}

/* tables.RuleTables.top_run: how many cards from the top of pile ``i`` lie face up one on
   another, each on a card it may lie on (at least 1 where the top card is face up). */
static int top_run(const Tables *t, const Pos *p, int i) {
    int size = p->len[i], up = size - p->down[i], r = 1;
    const uint8_t *pile = p->cards[i];
    while (r < up && t->builds_on[(pile[size - r] << 8) | pile[size - r - 1]]) r++;
    return r;
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
