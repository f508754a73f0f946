/* The generic best-first search (game/solver/generic/best_first.py) over generic.c's states
 * and moves, and its Python interface. Part of the compiled core, included by ../_core.c
 * after generic_search.c (it shortens its line with ``gshortened``).
 *
 * Every state entered is kept (its parent and the move to it, for the line), so a round
 * holds its node budget of states: some 300 bytes each. */

/* generic_best_first.Weights: a round's weights beyond cards up and buried cards. */
typedef struct {
    int talon, free_cells, empty_piles, above_next, face_down, in_suit, stock, newest_first;
    int level_most; /* with a stock dealt to the tableau: states expanded a stock count */
} GWeights;

/* Is ``card`` one a foundation takes now (Relations.foundation_for is not None)? From
   ``wanted``: the ranks each suit's foundations take, bit by rank, and at [4] the rank any
   empty foundation takes (gwanted). */
static inline int gis_wanted(const GRules *r, const uint16_t *wanted, int card) {
    return ((wanted[r->suit[card]] | wanted[4]) >> r->rank[card]) & 1;
}

static void gwanted(const GRules *r, const GState *s, uint16_t *wanted) {
    memset(wanted, 0, 5 * sizeof *wanted);
    if (r->runs_up) return; /* foundations that take complete runs take no single card */
    for (int f = GFIRST_FOUNDATION; f < first_tableau(r); f++) {
        int n = glen(s, f);
        if (!n) {
            if (r->fbase) wanted[4] |= (uint16_t)(1u << r->fbase);
        } else if (n < GFULL && r->up[r->rank[gtop(s, f)]]) {
            wanted[r->suit[gtop(s, f)]] |= (uint16_t)(1u << r->up[r->rank[gtop(s, f)]]);
        }
    }
}

/* generic_best_first.evaluate: cards up, less the cards buried under what can move (a
   tableau pile's cards below its built top run, or with ``w->in_suit`` below its top run
   that moves as a unit, a reserve's below its top card), less, with
   limited redeals and a stock dealt to the waste, ``w->talon`` a card in the stock and the
   waste, twice for a card in the last pass's waste; more ``w->free_cells`` an empty cell
   and ``w->empty_piles`` an empty tableau pile, less ``w->above_next`` a card above a
   tableau card a foundation takes now; less ``w->face_down`` a face-down tableau card, more
   ``w->in_suit`` a face-up tableau card on the face-up card it moves with (links) and a
   foundation card on another, more ``w->stock`` a card in a stock dealt to the tableau. */
static int geval(const GRules *r, const GState *s, const GWeights *w) {
    int up = gprogress(r, s);
    int buried = 0, above_next = 0, empty_piles = 0, free_cells = 0, face_down = 0, linked = 0;
    uint16_t wanted[5];
    if (w->above_next) gwanted(r, s, wanted);
    for (int p = first_tableau(r); p < first_tableau(r) + r->nt; p++) {
        int n = glen(s, p);
        const uint8_t *c = gpile(s, p);
        face_down += s->down[p];
        if (w->in_suit)
            for (int i = s->down[p] + 1; i < n; i++) linked += glinks(r, c[i], c[i - 1]);
        if (w->above_next)
            for (int i = 0; i < n; i++)
                if (gis_wanted(r, wanted, c[i])) above_next += n - 1 - i;
        if (n <= 1) {
            empty_piles += !n;
            continue;
        }
        int run = 1;
        /* With in_suit weighed, the top run is the one that moves as a unit (links). */
        if (w->in_suit)
            while (run < n - s->down[p] && glinks(r, c[n - run], c[n - run - 1])) run++;
        else
            while (run < n - s->down[p] && gbuilds(r, c[n - run], c[n - run - 1])) run++;
        buried += n - run;
    }
    for (int p = first_tableau(r) + r->nt; p < r->npiles; p++)
        if (glen(s, p) > 1) buried += glen(s, p) - 1;
    int score = 10 * up - 3 * buried;
    if (r->limit >= 0 && r->stock_to == TO_WASTE) {
        int waste = glen(s, GWASTE);
        score -= w->talon * (glen(s, GSTOCK) + waste);
        if ((int)s->redeals >= r->limit) score -= w->talon * waste;
    }
    for (int c = r->first_cell; c < r->npiles; c++) free_cells += !glen(s, c);
    score += w->free_cells * free_cells + w->empty_piles * empty_piles;
    if (w->in_suit) /* a foundation's cards lie in suit too: a run sent up keeps its links */
        for (int f = GFIRST_FOUNDATION; f < first_tableau(r); f++)
            if (glen(s, f) > 1) linked += glen(s, f) - 1;
    if (r->stock_to == TO_TABLEAU) score += w->stock * glen(s, GSTOCK);
    score += w->in_suit * linked - w->face_down * face_down;
    return score - w->above_next * above_next;
}

/* A node of the search: its state, the node it came from and the move. */
typedef struct { GState s; int64_t parent; GMove move; } GNode;
/* The heap's order: the higher score first, then the node entered first (with
   ``newest_first``, last). */
typedef struct { int score; uint32_t node; } GHeapItem;

static inline int gheap_before(GHeapItem a, GHeapItem b, int newest) {
    return a.score > b.score ||
           (a.score == b.score && (newest ? a.node > b.node : a.node < b.node));
}

static void gheap_push(GHeapItem *heap, size_t *n, GHeapItem item, int newest) {
    size_t i = (*n)++;
    while (i) {
        size_t up = (i - 1) / 2;
        if (!gheap_before(item, heap[up], newest)) break;
        heap[i] = heap[up];
        i = up;
    }
    heap[i] = item;
}

static GHeapItem gheap_pop(GHeapItem *heap, size_t *n, int newest) {
    GHeapItem top = heap[0], last = heap[--*n];
    size_t i = 0;
    for (;;) {
        size_t child = 2 * i + 1;
        if (child >= *n) break;
        if (child + 1 < *n && gheap_before(heap[child + 1], heap[child], newest)) child++;
        if (!gheap_before(heap[child], last, newest)) break;
        heap[i] = heap[child];
        i = child;
    }
    if (*n) heap[i] = last;
    return top;
}

/* generic_best_first.best_first: ``most`` states at most; on WON, ``line`` holds the moves
   from the root. UNWINNABLE when every reachable state was entered. */
static int gbest_first(const GRules *r, const GState *root, long long most, double deadline,
                       PyObject *cancel, const GWeights *w, GMoves *line, long long *nodes_out,
                       PyThreadState **save) {
    Table tt;
    GMoves moves = {0};
    GNode *nodes = NULL;
    GHeapItem *heap = NULL;
    size_t count = 0, cap = 0, heapn = 0, heapcap = 0;
    int outcome = UNWINNABLE, check = GCHECK_EVERY;
    line->n = 0;
    *nodes_out = 0;
    if (gwon(r, root)) return WON;
    if (cancel_set(cancel, save)) return CANCELLED;
    /* At most 1 GB of states (some 3.3 million): a round given more ends undecided there,
       as the Python round would run out of memory far sooner. */
    if (most > (long long)(MAX_ARENA_BYTES / sizeof(GNode))) most = MAX_ARENA_BYTES / sizeof(GNode);
    /* The table starts small and grows with the states entered: one sized for a budget of
       millions costs a tenth of a second to make and free, more than most rounds take. */
    if (!table_init(&tt, 1)) return TOO_BIG;
    cap = 1024;
    heapcap = 1024;
    nodes = malloc(cap * sizeof(GNode));
    heap = malloc(heapcap * sizeof(GHeapItem));
    GKey key = gkey(r, root);
    if (!nodes || !heap || !table_put(&tt, key.a, key.b, 0)) { outcome = TOO_BIG; goto done; }
    nodes[0].s = *root;
    nodes[0].parent = -1;
    count = 1;
    gheap_push(heap, &heapn, (GHeapItem){geval(r, root, w), 0}, w->newest_first);
    /* The states expanded at each number of cards in the stock, where that is limited; a
       state dropped past the limit means that running out of states proves nothing. */
    int level_most = r->stock_to == TO_TABLEAU ? w->level_most : 0, dropped = 0;
    int expanded[MAXCARDS + 1] = {0};
    while (heapn) {
        uint32_t at = gheap_pop(heap, &heapn, w->newest_first).node;
        if (level_most) {
            int level = glen(&nodes[at].s, GSTOCK);
            if (expanded[level] >= level_most) {
                dropped = 1;
                continue;
            }
            expanded[level]++;
        }
        moves.n = 0;
        if (!gchildren(r, &nodes[at].s, &moves)) { outcome = TOO_BIG; goto done; }
        key = gkey(r, &nodes[at].s);
        for (size_t k = 0; k < moves.n; k++) {
            GMove m = moves.items[k];
            GKey child_key = gdelta(r, &nodes[at].s, key, m);
            if (table_seen(&tt, child_key.a, child_key.b, 0)) continue;
            if (!table_put(&tt, child_key.a, child_key.b, 0)) { outcome = TOO_BIG; goto done; }
            if (count == cap) {
                GNode *grown = realloc(nodes, 2 * cap * sizeof(GNode));
                if (!grown) { outcome = TOO_BIG; goto done; }
                nodes = grown;
                cap *= 2;
            }
            GNode *child = &nodes[count];
            child->s = nodes[at].s;
            gapply(r, &child->s, m);
            child->parent = at;
            child->move = m;
            count++;
            if (gwon(r, &child->s)) {
                size_t length = 0;
                for (int64_t i = (int64_t)count - 1; nodes[i].parent >= 0; i = nodes[i].parent)
                    length++;
                for (size_t j = 0; j < length; j++)
                    if (!gmoves_push(line, 0, 0, 0)) { outcome = TOO_BIG; goto done; }
                size_t j = length;
                for (int64_t i = (int64_t)count - 1; nodes[i].parent >= 0; i = nodes[i].parent)
                    line->items[--j] = nodes[i].move;
                outcome = WON;
                goto done;
            }
            if ((long long)count - 1 >= most) { outcome = UNDECIDED; goto done; }
            if (--check == 0) {
                check = GCHECK_EVERY;
                if (cancel_set(cancel, save)) { outcome = CANCELLED; goto done; }
                if (deadline > 0 && now() >= deadline) { outcome = UNDECIDED; goto done; }
            }
            if (heapn == heapcap) {
                GHeapItem *grown = realloc(heap, 2 * heapcap * sizeof(GHeapItem));
                if (!grown) { outcome = TOO_BIG; goto done; }
                heap = grown;
                heapcap *= 2;
            }
            gheap_push(heap, &heapn, (GHeapItem){geval(r, &child->s, w), (uint32_t)(count - 1)},
                       w->newest_first);
        }
    }
    if (dropped) outcome = UNDECIDED;
done:
    *nodes_out = count ? (long long)count - 1 : 0;
    free(tt.slots);
    free(moves.items);
    free(nodes);
    free(heap);
    return outcome;
}

/* generic_best_first(spec, state, most, max_seconds, cancel, (talon, free cells, empty
   piles, above next, face down, in suit, stock, newest first, level most)) -> (outcome,
   line, states):
   one best-first round with the GIL released (ganswer). */
static PyObject *core_generic_best_first(PyObject *self, PyObject *args) {
    PyObject *spec, *state, *cancel, *result = NULL;
    long long most, nodes = 0;
    double max_seconds;
    GWeights w;
    if (!PyArg_ParseTuple(args, "OOLdO(iiiiiiiii)", &spec, &state, &most, &max_seconds, &cancel,
                          &w.talon, &w.free_cells, &w.empty_piles, &w.above_next, &w.face_down,
                          &w.in_suit, &w.stock, &w.newest_first, &w.level_most))
        return NULL;
    if (w.level_most < 0) {
        refuse("a limit of states below 0");
        return NULL;
    }
    int weights[] = {w.talon,     w.free_cells, w.empty_piles, w.above_next,
                     w.face_down, w.in_suit,    w.stock,       w.newest_first};
    for (int k = 0; k < 8; k++)
        if (weights[k] < 0 || weights[k] > 1000) {
            refuse("a weight outside 0 to 1000");
            return NULL;
        }
    GRules *r = malloc(sizeof(GRules));
    GState *s = malloc(sizeof(GState));
    GMoves line = {0}, shortened = {0};
    if (!r || !s) { PyErr_NoMemory(); goto out; }
    if (!read_grules(spec, r) || !read_gstate(state, r, s)) goto out;
    if (!gbudgets_ok(most, max_seconds, cancel)) goto out;
    double deadline = max_seconds >= 0 ? now() + max_seconds : 0;
    PyThreadState *save = PyEval_SaveThread();
    int outcome = gbest_first(r, s, most, deadline, cancel, &w, &line, &nodes, &save);
    if (outcome == WON && !gshortened(r, s, &line, &shortened)) outcome = TOO_BIG;
    PyEval_RestoreThread(save);
    result = ganswer(outcome, &shortened, nodes);
out:
    free(r);
    free(s);
    free(line.items);
    free(shortened.items);
    return result;
}
