/* The relaxed loss proof (deadlock.py) and the finish by collection (expansion.py). Part
   of the compiled core, included by ../_core.c. */

/* -- deadlock.hopeless --------------------------------------------------------------------- */

/* Can the talon's card at index ``j`` top the waste at some time (deadlock.surfaces)? */
static int surfaces(const Tables *t, const Pos *p, const uint8_t *freed, int later_pass, int j) {
    int size = p->tlen, last = j == size - 1;
    if (j == p->waste - 1) return 1;
    if (j >= p->waste && (last || (j + 1 - p->waste) % t->draw == 0)) return 1;
    if (later_pass) {
        int need = (j + 1) % t->draw; /* cards before it that must have left, at the least */
        if (last || need == 0) return 1;
        for (int i = 0; i < j; i++)
            if (freed[p->talon[i]] && --need == 0) return 1;
    }
    return j + 1 < size && freed[p->talon[j + 1]];
}

static int hopeless(const Tables *t, const Pos *p) {
    int n = t->ncards;
    int above[MAXCARDS], below[MAXCARDS], talon_index[MAXCARDS];
    uint8_t in_tableau[MAXCARDS], placed[MAXCARDS];
    uint8_t home[MAXCARDS], freed[MAXCARDS], clear[MAXCARDS], at_hand[MAXCARDS];
    int later_pass = t->limit < 0 || p->redeals < t->limit; /* a redeal is left */
    for (int c = 0; c < n; c++) {
        above[c] = below[c] = talon_index[c] = -1;
        in_tableau[c] = placed[c] = home[c] = freed[c] = clear[c] = at_hand[c] = 0;
    }
    for (int j = 0; j < p->tlen; j++) {
        talon_index[p->talon[j]] = j;
        placed[p->talon[j]] = 1;
    }
    for (int i = 0; i < t->npiles; i++) {
        int size = p->len[i];
        const uint8_t *cards = p->cards[i];
        for (int j = 0; j < size; j++) {
            int c = cards[j];
            placed[c] = 1;
            below[c] = j ? cards[j - 1] : -1;
            above[c] = j + 1 < size ? cards[j + 1] : -1;
            in_tableau[c] = j >= p->down[i];
        }
    }
    for (int c = 0; c < n; c++)
        if (!placed[c]) { home[c] = 1; at_hand[c] = (uint8_t)t->may_return; }
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
            if (!clear[c]) {
                if (talon_index[c] >= 0) {
                    if (surfaces(t, p, freed, later_pass, talon_index[c])) clear[c] = changed = 1;
                } else if (above[c] < 0 || freed[above[c]]) {
                    clear[c] = changed = 1;
                }
            }
            /* c leaves with the cards on it when it, or a card of the built run on it,
               can become the top (deadlock.liftable) */
            int liftable = clear[c];
            if (!liftable && t->runs && in_tableau[c]) {
                int x = c, y = above[c];
                while (y >= 0 && t->builds_on[(y << 8) | x]) {
                    if (clear[y]) { liftable = 1; break; }
                    x = y; y = above[y];
                }
            }
            if (!freed[c] && liftable) {
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
