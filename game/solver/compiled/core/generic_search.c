/* The generic search (game/solver/generic/search.py: search; generic_space.py: shortened) over
 * generic.c's states and moves, and its Python interface (native_generic.py calls it).
 * Part of the compiled core, included by ../_core.c after the specialised core's
 * interface (it uses its ``refuse``, the clock and the transposition table of keys.c). */

#define GCHECK_EVERY 1024 /* states between two looks at the clock and the cancel event */

/* The most bytes the search's path may take, and the most its children waiting along it
   may (a test lowers it: _core.set_bound("stack", bytes)). A path that long (some three
   million moves, in Athena, whose foundation cards come back; in Thumb and Pouch, a
   million states deep, forty million children waiting) ends the search undecided: the
   Python search, fifty times slower, would not get further in the time left, so the core
   does not hand it on as out of memory. */
static size_t gstack_bound = MAX_ARENA_BYTES;

typedef struct { GState s; GKey key; size_t first, count, at; GMove move; } GFrame;
typedef struct { GMove move; GKey key; } GKid;
typedef struct { GKid *items; size_t n, cap; } GKids;

/* The children of ``s`` in move order onto ``kids``, each with its key, its slot of the
   transposition table fetched ahead (the look-up when the search comes to it is then
   seldom a wait on memory). 0 when out of memory; -1 when the children waiting along the
   path would pass ``gstack_bound`` (a path that long ends the search, as below). */
static int gexpand(const GRules *r, const GState *s, GKey key, GMoves *moves, GKids *kids,
                   Table *tt) {
    moves->n = 0;
    if (!gchildren(r, s, moves)) return 0;
    if (kids->n + moves->n > kids->cap) {
        size_t cap = kids->cap ? kids->cap : 1024;
        while (cap < kids->n + moves->n) cap *= 2;
        if (cap * sizeof(GKid) > gstack_bound) return -1;
        GKid *items = realloc(kids->items, cap * sizeof(GKid));
        if (!items) return 0;
        kids->items = items;
        kids->cap = cap;
    }
    for (size_t k = 0; k < moves->n; k++) {
        GKid *kid = &kids->items[kids->n++];
        kid->move = moves->items[k];
        kid->key = gdelta(r, s, key, kid->move);
        table_prefetch(tt, nonzero(kid->key.a));
    }
    return 1;
}

/* generic.DepthFirst: depth-first over every legal move in move order, each state entered
   once, in runs that go on where the last one stopped (its state is kept here between
   them). After a run that stopped on its budget, the next one searches on as if one run
   had been given both budgets: the test holds it to that. */
typedef struct {
    const GRules *r;
    Table tt;
    GMoves moves;
    GKids kids;
    GFrame *frames;
    size_t nframes, capframes;
    long long nodes; /* states entered so far, over every run */
    int over;        /* an answer no further run changes (-1: none yet) */
} GDepthFirst;

static void gdf_free(GDepthFirst *d) {
    free(d->tt.slots);
    free(d->kids.items);
    free(d->moves.items);
    free(d->frames);
    d->tt.slots = NULL;
    d->kids.items = NULL;
    d->moves.items = NULL;
    d->frames = NULL;
}

/* Ready to search from ``root``: 1, or 0 when out of memory. ``expected``: the states the
   table makes room for at once (it grows past them, up to its bound: a table sized for a
   whole state budget would cost a page fault a state). */
static int gdf_init(GDepthFirst *d, const GRules *r, const GState *root, long long expected) {
    memset(d, 0, sizeof *d);
    d->r = r;
    d->over = -1;
    if (gwon(r, root)) { d->over = WON; return 1; }
    if (!table_init(&d->tt, expected)) return 0;
    GKey key = gkey(r, root);
    d->capframes = 256;
    d->frames = malloc(d->capframes * sizeof(GFrame));
    if (!d->frames || !table_put(&d->tt, key.a, key.b, 0)) return 0;
    d->frames[0].s = *root;
    d->frames[0].key = key;
    d->frames[0].first = 0;
    d->frames[0].at = 0;
    int expanded = gexpand(r, root, key, &d->moves, &d->kids, &d->tt);
    if (expanded == 0) return 0;
    if (expanded < 0) d->over = UNDECIDED;
    d->frames[0].count = d->kids.n;
    d->nframes = 1;
    return 1;
}

/* Search on until ``most`` states in all were entered, the deadline or the cancel event.
   On WON, ``line`` holds the moves from the root. */
static int gdf_run(GDepthFirst *d, long long most, double deadline, PyObject *cancel,
                   GMoves *line, PyThreadState **save) {
    const GRules *r = d->r;
    int check = GCHECK_EVERY;
    line->n = 0;
    if (d->over >= 0) return d->over;
    if (cancel_set(cancel, save)) return CANCELLED;
    if (d->nodes >= most) return UNDECIDED;
    while (d->nframes) {
        GFrame *f = &d->frames[d->nframes - 1];
        if (f->at >= f->count) {
            d->kids.n = f->first; /* its children are done with */
            d->nframes--;
            continue;
        }
        GKid kid = d->kids.items[f->first + f->at++];
        GMove m = kid.move;
        GKey key = kid.key;
        if (table_seen(&d->tt, key.a, key.b, 0)) continue;
        GState child = f->s;
        gapply(r, &child, m);
        if (!table_put(&d->tt, key.a, key.b, 0)) return d->over = TOO_BIG;
        d->nodes++;
        if (gwon(r, &child)) {
            for (size_t k = 1; k < d->nframes; k++) {
                GMove step = d->frames[k].move;
                if (!gmoves_push(line, step.src, step.dst, step.n)) return d->over = TOO_BIG;
            }
            return d->over = gmoves_push(line, m.src, m.dst, m.n) ? WON : TOO_BIG;
        }
        if (d->nframes == d->capframes) {
            if (d->capframes * 2 * sizeof(GFrame) > gstack_bound) return d->over = UNDECIDED;
            GFrame *grown = realloc(d->frames, 2 * d->capframes * sizeof(GFrame));
            if (!grown) return d->over = TOO_BIG;
            d->frames = grown;
            d->capframes *= 2;
        }
        GFrame *g = &d->frames[d->nframes];
        g->s = child;
        g->key = key;
        g->move = m;
        g->at = 0;
        g->first = d->kids.n;
        int expanded = gexpand(r, &child, key, &d->moves, &d->kids, &d->tt);
        if (expanded <= 0) return d->over = expanded ? UNDECIDED : TOO_BIG;
        g->count = d->kids.n - g->first;
        d->nframes++;
        /* The budgets are looked at with the new state's frame in place, so that the next
           run goes on from it. */
        if (d->nodes >= most) return UNDECIDED;
        if (--check == 0) {
            check = GCHECK_EVERY;
            if (cancel_set(cancel, save)) return CANCELLED;
            if (deadline > 0 && now() >= deadline) return UNDECIDED;
        }
    }
    return d->over = UNWINNABLE;
}

/* generic_space.shortened: from each state of the won ``line``, the move (first in move order)
   that leads furthest along it, the states matched with their cells in place (line_key:
   the line's next move names its cells). Into ``out``; 0 when out of memory. */
static int gshortened(const GRules *r, const GState *root, const GMoves *line, GMoves *out) {
    size_t n = line->n;
    GState *states = malloc((n + 1) * sizeof(GState));
    Table at;
    GMoves kids = {0};
    int ok = 0;
    out->n = 0;
    if (!states || !table_init(&at, (long long)n + 1)) { free(states); return 0; }
    states[0] = *root;
    for (size_t i = 0; i < n; i++) {
        states[i + 1] = states[i];
        gapply(r, &states[i + 1], line->items[i]);
    }
    for (size_t i = 0; i <= n; i++) {
        GKey key = gkey_of(r, &states[i], 1);
        if (!table_put(&at, key.a, key.b, (int32_t)i)) goto done;
    }
    for (size_t i = 0; i < n;) {
        size_t best = i + 1;
        GMove best_move = line->items[i];
        kids.n = 0;
        if (!gchildren(r, &states[i], &kids)) goto done;
        for (size_t k = 0; k < kids.n; k++) {
            GState child = states[i];
            gapply(r, &child, kids.items[k]);
            GKey key = gkey_of(r, &child, 1);
            Entry *e = table_find(&at, nonzero(key.a), key.b);
            if (e->h1 && (size_t)e->rank > best) {
                best = (size_t)e->rank;
                best_move = kids.items[k];
            }
        }
        if (!gmoves_push(out, best_move.src, best_move.dst, best_move.n)) goto done;
        i = best;
    }
    ok = 1;
done:
    free(states);
    free(at.slots);
    free(kids.items);
    return ok;
}

/* -- Python interface ------------------------------------------------------------------- */

static int flag(int value, const char *what) { return (value & ~1) ? refuse(what) : 1; }

static int read_bytes_table(PyObject *obj, uint8_t *into, Py_ssize_t size, int most,
                            const char *what) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != size) return refuse(what);
    const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(obj);
    for (Py_ssize_t i = 0; i < size; i++)
        if (b[i] > most) return refuse(what);
    memcpy(into, b, (size_t)size);
    return 1;
}

/* spec: (foundations, tableau, reserves, decks, draw, redeal limit or -1, stock target,
   fill_empty_first, move_runs, run kind, build step, tableau wrap, foundation base rank,
   cards_may_return, empty-pile rank, empty takes any, from reserve, cells, move limit,
   foundations take runs, group moves up, deal needs every pile, goal, waste builds,
   waste sink, safe moves up, safe_need[52 * 4], rank[ncards],
   suit[ncards], wanted[14], up[14], empty_takes[ncards], builds_on[ncards^2],
   links[ncards^2]) (compiled/generic.py; a card is its index in the deck). */
static int read_grules(PyObject *spec, GRules *r) {
    PyObject *needs, *ranks, *suits, *wanted, *up, *empty, *builds, *links;
    int decks;
    if (!PyTuple_Check(spec)) return refuse("the rules must be a tuple");
    if (!PyArg_ParseTuple(spec, "iiiiiiiiiiiiiiiiiiiiiiiiiiSSSSSSSS", &r->nf, &r->nt, &r->nr, &decks,
                          &r->draw, &r->limit, &r->stock_to, &r->fill_first, &r->move_runs,
                          &r->run_kind, &r->step, &r->wrap, &r->fbase, &r->may_return,
                          &r->empty_rank, &r->empty_any, &r->from_reserve, &r->nc,
                          &r->move_limit, &r->runs_up, &r->group_up, &r->needs_every, &r->goal,
                          &r->waste_builds, &r->waste_sink, &r->safe_up, &needs, &ranks,
                          &suits, &wanted, &up, &empty, &builds, &links))
        return 0;
    if (decks < 1 || decks > MAXCARDS / 52) return refuse("decks outside 1 to 4");
    r->ncards = 52 * decks;
    if (r->nf < 0 || r->nf > 16) return refuse("foundations outside 0 to 16");
    if (r->nt < 1 || r->nt > GMAXTABLEAU) return refuse("tableau piles outside 1 to 13");
    if (r->nr < 0 || r->nr > 12) return refuse("reserves outside 0 to 12");
    if (r->nc < 0 || r->nc > GMAXCELLS) return refuse("cells outside 0 to 8");
    r->first_cell = GFIRST_FOUNDATION + r->nf + r->nt + r->nr;
    r->npiles = r->first_cell + r->nc;
    if (r->draw < 1 || r->draw > MAXDRAW) return refuse("a draw outside 1 to 10");
    if (r->limit < -1) return refuse("a redeal limit below -1");
    if (r->stock_to < TO_WASTE || r->stock_to > TO_NONE) return refuse("an unknown stock target");
    if (r->stock_to == TO_RESERVES && !r->nr) return refuse("a stock dealt to no reserve");
    if (r->run_kind < RUN_BUILT || r->run_kind > RUN_ANY_FACE_UP) return refuse("an unknown run");
    if (r->step != 1 && r->step != -1) return refuse("a build step not 1 or -1");
    if (r->fbase < 0 || r->fbase > KING || r->empty_rank < 0 || r->empty_rank > KING)
        return refuse("a rank outside 0 to 13");
    if (!flag(r->fill_first | r->move_runs | r->wrap | r->may_return, "a flag not 0 or 1")
        || !flag(r->empty_any | r->from_reserve, "a flag not 0 or 1")
        || !flag(r->runs_up | r->group_up | r->needs_every | r->waste_builds, "a flag not 0 or 1")
        || !flag(r->waste_sink | r->safe_up, "a flag not 0 or 1"))
        return 0;
    if (r->safe_up && r->ncards != 52) return refuse("safe moves up with more than one deck");
    if (!read_bytes_table(needs, r->safe_need, 52 * 4, KING, "a safe-up table not of 52 x 4 ranks"))
        return 0;
    if (r->goal < GOAL_FOUNDATIONS || r->goal > GOAL_FOUNDATIONS_OR_TABLEAU_RUNS)
        return refuse("an unknown goal");
    if (r->move_limit < LIMIT_NONE || r->move_limit > LIMIT_FREE_CELLS)
        return refuse("an unknown move limit");
    Py_ssize_t n = r->ncards;
    if (!read_bytes_table(ranks, r->rank, n, KING, "a rank table not of a rank a card")
        || !read_bytes_table(suits, r->suit, n, 3, "a suit table not of a suit a card")
        || !read_bytes_table(wanted, r->wanted, KING + 1, KING, "a rank table not of 14 ranks")
        || !read_bytes_table(up, r->up, KING + 1, KING, "a rank table not of 14 ranks")
        || !read_bytes_table(empty, r->empty_takes, n, 1, "an empty-pile table not of 0/1 a card")
        || !read_bytes_table(builds, r->builds_on, n * n, 1, "a building table not of 0/1 a pair")
        || !read_bytes_table(links, r->links, n * n, 1, "a run table not of 0/1 a pair"))
        return 0;
    for (int c = 0; c < r->ncards; c++)
        if (!r->rank[c]) return refuse("a rank table not of a rank a card");
    return 1;
}

/* state: (piles: bytes each, down: int each, redeals used, shown: int each or ()), every
   card of the decks once. Sets the deal's ``shown`` bits in ``r``. */
static int read_gstate(PyObject *obj, GRules *r, GState *s) {
    PyObject *piles, *down, *shown;
    long long redeals;
    uint8_t seen[MAXCARDS] = {0};
    int at = 0;
    memset(s, 0, sizeof *s);
    if (!PyTuple_Check(obj)) return refuse("a state must be a tuple");
    if (!PyArg_ParseTuple(obj, "O!O!LO!", &PyTuple_Type, &piles, &PyTuple_Type, &down, &redeals,
                          &PyTuple_Type, &shown))
        return 0;
    if (PyTuple_GET_SIZE(piles) != r->npiles || PyTuple_GET_SIZE(down) != r->npiles)
        return refuse("not one pile and one face-down count a pile of the rules");
    if (PyTuple_GET_SIZE(shown) && PyTuple_GET_SIZE(shown) != r->npiles)
        return refuse("not one set of shown cards a pile");
    if (redeals < 0 || redeals > 1000000000) return refuse("redeals used outside 0 to 10^9");
    if (r->limit >= 0 && redeals > r->limit) return refuse("more redeals used than the rules allow");
    s->redeals = (uint32_t)redeals;
    for (int p = 0; p < r->npiles; p++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, p);
        if (!PyBytes_Check(pile)) return refuse("a pile not bytes");
        const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(pile);
        Py_ssize_t len = PyBytes_GET_SIZE(pile);
        if (at + len > r->ncards) return refuse("more cards than the decks");
        s->start[p] = (uint8_t)at;
        for (Py_ssize_t k = 0; k < len; k++) {
            if (b[k] >= r->ncards || seen[b[k]]) return refuse("a card not of the decks, or twice");
            seen[b[k]] = 1;
            s->cards[at++] = b[k];
        }
        if (is_foundation(r, p) && len > GFULL) return refuse("a foundation of more than 13 cards");
        /* Only tableau piles and reserves have a face-down part (the stock is all face
           down, the waste and the foundations face up, whatever their counts say). */
        int hidden = is_tableau(r, p) || is_reserve(r, p);
        long d = PyLong_AsLong(PyTuple_GET_ITEM(down, p));
        if (d == -1 && PyErr_Occurred()) return 0;
        if (d < 0 || d > r->ncards) return refuse("a face-down count outside 0 to the decks' cards");
        if (d && !hidden) return refuse("a face-down count on a pile that has none");
        s->down[p] = (uint8_t)d;
        r->shown[p] = 0;
        if (PyTuple_GET_SIZE(shown)) {
            unsigned long long bits = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(shown, p));
            if (bits == (unsigned long long)-1 && PyErr_Occurred()) return 0;
            if (bits && !hidden) return refuse("shown cards on a pile that has no face-down part");
            r->shown[p] = bits;
        }
    }
    if (at != r->ncards) return refuse("not every card of the decks");
    s->start[r->npiles] = (uint8_t)at;
    return 1;
}

static PyObject *gmove_tuple(GMove m) {
    if (m.src == GDRAW) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", m.src, m.dst, m.n);
}

static PyObject *gstate_tuple(const GRules *r, const GState *s) {
    PyObject *piles = PyTuple_New(r->npiles), *down = PyTuple_New(r->npiles);
    if (!piles || !down) { Py_XDECREF(piles); Py_XDECREF(down); return NULL; }
    for (int p = 0; p < r->npiles; p++) {
        PyTuple_SET_ITEM(piles, p, PyBytes_FromStringAndSize((const char *)gpile(s, p), glen(s, p)));
        PyTuple_SET_ITEM(down, p, PyLong_FromLong(s->down[p]));
    }
    return Py_BuildValue("(NNk)", piles, down, (unsigned long)s->redeals);
}

static PyObject *gmoves_list(const GMoves *m) {
    PyObject *list = PyList_New((Py_ssize_t)m->n);
    for (size_t k = 0; list && k < m->n; k++) PyList_SET_ITEM(list, k, gmove_tuple(m->items[k]));
    return list;
}

/* generic_moves(spec, state, ordered) -> [(move, child state, keys agree)]: the legal moves
   in the engine's order (``ordered``: in the search's), each with the state it leads to and
   whether the key the search gives it (``gdelta``) is that state's whole key. */
static PyObject *core_generic_moves(PyObject *self, PyObject *args) {
    PyObject *spec, *state, *result = NULL;
    int ordered;
    if (!PyArg_ParseTuple(args, "OOp", &spec, &state, &ordered)) return NULL;
    GRules *r = malloc(sizeof(GRules));
    GState *s = malloc(sizeof(GState));
    GMoves moves = {0};
    if (!r || !s) { PyErr_NoMemory(); goto out; }
    if (!read_grules(spec, r) || !read_gstate(state, r, s)) goto out;
    if (!(ordered ? gchildren(r, s, &moves) : legal_moves(r, s, &moves))) {
        PyErr_NoMemory();
        goto out;
    }
    result = PyList_New((Py_ssize_t)moves.n);
    GKey key = gkey(r, s);
    for (size_t k = 0; result && k < moves.n; k++) {
        GState child = *s;
        gapply(r, &child, moves.items[k]);
        GKey whole = gkey(r, &child), step = gdelta(r, s, key, moves.items[k]);
        int agree = whole.a == step.a && whole.b == step.b;
        PyObject *entry = Py_BuildValue("(NNO)", gmove_tuple(moves.items[k]),
                                        gstate_tuple(r, &child), agree ? Py_True : Py_False);
        if (!entry) { Py_CLEAR(result); break; }
        PyList_SET_ITEM(result, k, entry);
    }
out:
    free(r);
    free(s);
    free(moves.items);
    return result;
}

/* Are a search's budgets and cancel event of the kinds it takes? Else a Python error. */
static int gbudgets_ok(long long most, double max_seconds, PyObject *cancel) {
    if (most < 1) return refuse("a state budget below 1");
    if (cancel != Py_None && !PyObject_HasAttrString(cancel, "is_set")) {
        PyErr_SetString(PyExc_TypeError, "compiled solver core: a cancel event without is_set");
        return 0;
    }
    if (max_seconds != max_seconds) return refuse("a time budget that is not a number");
    return 1;
}

/* A search's answer for Python, (outcome, line, states): the line (shortened) made of
   (source, target, count) with None for a Draw; MemoryError past the memory bound. */
static PyObject *ganswer(int outcome, const GMoves *shortened, long long nodes) {
    if (outcome == TOO_BIG) {
        PyErr_SetString(PyExc_MemoryError,
                        "compiled solver core: the generic search outgrew the core's memory");
        return NULL;
    }
    PyObject *path = outcome == WON ? gmoves_list(shortened) : Py_None;
    if (path == Py_None) Py_INCREF(path);
    return path ? Py_BuildValue("(iNL)", outcome, path, nodes) : NULL;
}

/* A depth-first search kept between its runs, for Python (a capsule). */
typedef struct { GRules r; GState root; GDepthFirst d; int busy; } GSearchHandle;
#define GSEARCH_CAPSULE "game.solver.compiled._core.generic_depth_first"

static void gsearch_handle_free(PyObject *capsule) {
    GSearchHandle *h = PyCapsule_GetPointer(capsule, GSEARCH_CAPSULE);
    if (!h) { PyErr_Clear(); return; }
    gdf_free(&h->d);
    free(h);
}

/* generic_depth_first(spec, state, expected) -> a search to run (generic_depth_first_run),
   its table made ready for ``expected`` states. */
static PyObject *core_generic_depth_first(PyObject *self, PyObject *args) {
    PyObject *spec, *state;
    long long expected;
    if (!PyArg_ParseTuple(args, "OOL", &spec, &state, &expected)) return NULL;
    if (expected < 1) return refuse("expected states below 1"), NULL;
    GSearchHandle *h = calloc(1, sizeof(GSearchHandle));
    if (!h) return PyErr_NoMemory();
    if (!read_grules(spec, &h->r) || !read_gstate(state, &h->r, &h->root)) { free(h); return NULL; }
    if (!gdf_init(&h->d, &h->r, &h->root, expected)) {
        gdf_free(&h->d);
        free(h);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(h, GSEARCH_CAPSULE, gsearch_handle_free);
    if (!capsule) { gdf_free(&h->d); free(h); }
    return capsule;
}

/* generic_depth_first_run(search, most, max_seconds, cancel) -> (outcome, line, states in
   all): the search goes on until ``most`` states in all, with the GIL released (ganswer). */
static PyObject *core_generic_depth_first_run(PyObject *self, PyObject *args) {
    PyObject *capsule, *cancel;
    long long most;
    double max_seconds;
    if (!PyArg_ParseTuple(args, "OLdO", &capsule, &most, &max_seconds, &cancel)) return NULL;
    GSearchHandle *h = PyCapsule_GetPointer(capsule, GSEARCH_CAPSULE);
    if (!h || !gbudgets_ok(most, max_seconds, cancel)) return NULL;
    if (h->busy) return refuse("a search run twice at once"), NULL;
    h->busy = 1;
    GMoves line = {0}, shortened = {0};
    double deadline = max_seconds >= 0 ? now() + max_seconds : 0;
    PyThreadState *save = PyEval_SaveThread();
    int outcome = gdf_run(&h->d, most, deadline, cancel, &line, &save);
    if (outcome == WON && line.n && !gshortened(&h->r, &h->root, &line, &shortened))
        outcome = TOO_BIG;
    PyEval_RestoreThread(save);
    h->busy = 0;
    PyObject *result = ganswer(outcome, &shortened, h->d.nodes);
    free(line.items);
    free(shortened.items);
    return result;
}
