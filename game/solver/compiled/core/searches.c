/* The searches (depth_first.py, best_first.py) with their budget. Part of the compiled
   core, included by ../_core.c. */

typedef struct { Pos pos; size_t first, count, at; Move move; } Frame;

typedef struct {
    Tables t;
    PyObject *cancel;
    double deadline;
    long long max_nodes;
} Job;

/* A monotonic clock in seconds: QueryPerformanceCounter under Windows (MSVC has no
   clock_gettime), else POSIX's CLOCK_MONOTONIC. */
static double now(void) {
#ifdef _WIN32
    LARGE_INTEGER count, frequency;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&frequency);
    return (double)count.QuadPart / (double)frequency.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
#endif
}

/* Has the caller set the cancel event? (Takes the GIL for the look.) */
static int cancel_set(PyObject *cancel, PyThreadState **save) {
    if (cancel == Py_None) return 0;
    PyEval_RestoreThread(*save);
    PyObject *res = PyObject_CallMethod(cancel, "is_set", NULL);
    int set = res ? PyObject_IsTrue(res) : 1;
    Py_XDECREF(res);
    if (!res) PyErr_Clear();
    *save = PyEval_SaveThread();
    return set;
}

static int cancelled(Job *job, PyThreadState **save) { return cancel_set(job->cancel, save); }

/* The table is full (its memory bound): forget every position searched but those on the
   search's path, which keep a line from coming round to itself, and go on. Sound: a
   position is skipped only when one of its key and no higher rank is in the table, and
   everything once in the table was entered and is searched to the end before an
   exhausted search concludes (docs/solver.md, "Transpositions and dominance"); a position
   forgotten is at worst searched again. 0 when the path alone does not fit. */
static int table_restart(const Tables *t, Table *tt, const Frame *frames, size_t nframes) {
    table_clear(tt);
    for (size_t k = 0; k < nframes; k++) {
        Pos p = frames[k].pos;
        uint64_t a, b;
        int32_t r;
        position_key(t, &p, &a, &b, &r);
        if (!visit(t, tt, &p, a, b, r)) return 0;
    }
    return 1;
}

/* Returns the outcome; on WON fills ``line`` with the moves below the root (and the
   collection after them in ``finish``). */
/* How many positions the search may reach: its node budget, else about 1.2 million a
   second of its time, else a million. */
static long long expected_positions(const Job *job) {
    if (job->max_nodes >= 0) return job->max_nodes;
    if (job->deadline > 0) {
        double left = (job->deadline - now()) * 1.2e6; /* may be infinite: clamp first */
        return left < (double)(1 << 24) ? (long long)left : 1 << 24;
    }
    return 1 << 20;
}

static int search(Job *job, Pos *root, Moves *line, Moves *finish, long long *nodes_out,
                  PyThreadState **save) {
    const Tables *t = &job->t;
    Table tt;
    Children kids = {0};
    Frame *frames = NULL;
    size_t nframes = 0, capframes = 0;
    long long nodes = 0;
    int outcome = UNWINNABLE, check = CHECK_EVERY;
    if (!table_init(&tt, expected_positions(job))) return TOO_BIG;
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
        if (!visit(t, &tt, &child, ch.h1, ch.h2, ch.rank)) {
            if (!table_restart(t, &tt, frames, nframes) ||
                !visit(t, &tt, &child, ch.h1, ch.h2, ch.rank)) {
                outcome = TOO_BIG; goto done;
            }
        }
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
            if (capframes * 2 * sizeof(Frame) > MAX_ARENA_BYTES) { outcome = TOO_BIG; goto done; }
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
        if (size > 1) buried += size - top_run(t, p, i);
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

/* Best-first keeps every position it reached, packed to its cards (a few hundred bytes at
   most, about 100 for a deal of one deck: not the 1 KB of a Pos), in blocks allocated as
   the search grows (not its whole node budget up front), up to MAX_ARENA_BYTES in all,
   past which it stops with TOO_BIG (reported by solve.py). */
typedef struct { const uint8_t *packed; int parent; Move move; uint64_t h1, h2; int32_t rank; } Node;

#define BLOCK_NODES 4096
#define BLOCK_BYTES ((size_t)1 << 20)
typedef struct {
    Node **blocks;
    size_t nblocks, capblocks;
    uint8_t **bytes; /* the packed positions */
    size_t nbytes, capbytes, used; /* blocks of BLOCK_BYTES, and how full the last is */
} Arena;

static inline Node *arena_at(const Arena *a, int i) {
    return &a->blocks[i / BLOCK_NODES][i % BLOCK_NODES];
}

/* A list of ``item``-byte entries with room for entry ``n``: the list (moved, perhaps)
   with ``*cap`` updated, or NULL when out of memory (the old list still stands). */
static void *grow_list(void *list, size_t *cap, size_t n, size_t item) {
    if (n < *cap) return list;
    size_t more = *cap ? 2 * *cap : 64;
    void *grown = realloc(list, more * item);
    if (grown) *cap = more;
    return grown;
}

static size_t arena_bytes(const Arena *a) {
    return a->nblocks * BLOCK_NODES * sizeof(Node) + a->nbytes * BLOCK_BYTES;
}

/* Room for node ``i`` (the next one): 0 when past the memory bound or out of memory. */
static int arena_reserve(Arena *a, int i) {
    if ((size_t)i < a->nblocks * BLOCK_NODES) return 1;
    if (arena_bytes(a) + BLOCK_NODES * sizeof(Node) > MAX_ARENA_BYTES) return 0;
    Node **blocks = grow_list(a->blocks, &a->capblocks, a->nblocks, sizeof(Node *));
    if (!blocks) return 0;
    a->blocks = blocks;
    a->blocks[a->nblocks] = malloc(BLOCK_NODES * sizeof(Node));
    if (!a->blocks[a->nblocks]) return 0;
    a->nblocks++;
    return 1;
}

/* The position as bytes: each pile's length, face-down count and cards; the foundation
   heights; the talon's length, waste and redeals (two bytes); the talon. */
static const uint8_t *arena_pack(Arena *a, const Tables *t, const Pos *p) {
    size_t size = 2 * (size_t)t->npiles + 4 * (size_t)t->decks + 4 + p->tlen;
    for (int i = 0; i < t->npiles; i++) size += p->len[i];
    if (!a->nbytes || a->used + size > BLOCK_BYTES) {
        if (arena_bytes(a) + BLOCK_BYTES > MAX_ARENA_BYTES) return NULL;
        uint8_t **bytes = grow_list(a->bytes, &a->capbytes, a->nbytes, sizeof(uint8_t *));
        if (!bytes) return NULL;
        a->bytes = bytes;
        a->bytes[a->nbytes] = malloc(BLOCK_BYTES);
        if (!a->bytes[a->nbytes]) return NULL;
        a->nbytes++;
        a->used = 0;
    }
    uint8_t *out = a->bytes[a->nbytes - 1] + a->used, *at = out;
    a->used += size;
    for (int i = 0; i < t->npiles; i++) {
        *at++ = p->len[i];
        *at++ = p->down[i];
        memcpy(at, p->cards[i], p->len[i]);
        at += p->len[i];
    }
    memcpy(at, p->fnd, 4 * (size_t)t->decks);
    at += 4 * t->decks;
    *at++ = p->tlen;
    *at++ = p->waste;
    *at++ = (uint8_t)(p->redeals & 255);
    *at++ = (uint8_t)(p->redeals >> 8);
    memcpy(at, p->talon, p->tlen);
    return out;
}

/* Unpacks into ``p`` (whose other bytes are left as they were) with every hash stale. */
static void arena_unpack(const Tables *t, const uint8_t *at, Pos *p) {
    for (int i = 0; i < t->npiles; i++) {
        p->len[i] = *at++;
        p->down[i] = *at++;
        memcpy(p->cards[i], at, p->len[i]);
        at += p->len[i];
    }
    memcpy(p->fnd, at, 4 * (size_t)t->decks);
    at += 4 * t->decks;
    p->tlen = *at++;
    p->waste = *at++;
    p->redeals = (uint16_t)(at[0] | at[1] << 8);
    at += 2;
    memcpy(p->talon, at, p->tlen);
    p->overflow = 0;
    p->dirty = 0xffff;
}

static void arena_free(Arena *a) {
    for (size_t b = 0; b < a->nblocks; b++) free(a->blocks[b]);
    for (size_t b = 0; b < a->nbytes; b++) free(a->bytes[b]);
    free(a->blocks);
    free(a->bytes);
}

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
    /* As in Python, the last position expanded has all its children kept, past the limit:
       the arena and the heap grow as the search does. */
    Arena arena = {0};
    Item *heap = NULL;
    size_t capheap = 0;
    tt.slots = NULL;
    if (!table_init(&tt, max_nodes) || !arena_reserve(&arena, 0)) { outcome = TOO_BIG; goto done; }
    capheap = BLOCK_NODES;
    heap = malloc(capheap * sizeof(Item));
    if (!heap) { outcome = TOO_BIG; goto done; }
    Pos cur, child; /* the position expanded, and each child of it */
    memset(&cur, 0, sizeof cur);
    Node *r = arena_at(&arena, nnodes++);
    cur = *root;
    r->parent = -1;
    position_key(t, &cur, &r->h1, &r->h2, &r->rank);
    r->packed = arena_pack(&arena, t, &cur);
    if (!r->packed || !visit(t, &tt, &cur, r->h1, r->h2, r->rank)) { outcome = TOO_BIG; goto done; }
    heap_push(heap, &nheap, (Item){evaluate(t, &cur, talon_weight), counter++, 0});
    while (nheap && nodes < max_nodes) {
        if (++pops % 32 == 0) {
            if (job->deadline > 0 && now() >= job->deadline) break;
            if (cancelled(job, save)) { outcome = CANCELLED; goto done; }
        }
        Item it = heap_pop(heap, &nheap);
        const Node *node = arena_at(&arena, it.node);
        Entry *e = table_find(&tt, nonzero(node->h1), node->h2);
        if (e->rank != node->rank) continue; /* superseded by a better copy */
        arena_unpack(t, node->packed, &cur);
        uint64_t k1, k2;
        int32_t kr;
        position_key(t, &cur, &k1, &k2, &kr); /* hashes every pile once, for the children */
        size_t first, count;
        kids.n = 0;
        if (!children(t, &tt, &cur, &kids, &first, &count)) { outcome = TOO_BIG; goto done; }
        for (size_t k = 0; k < count; k++) {
            Child ch = kids.items[first + k];
            if (table_seen(&tt, ch.h1, ch.h2, ch.rank)) continue;
            if (!arena_reserve(&arena, nnodes)) { outcome = TOO_BIG; goto done; }
            if ((size_t)nheap == capheap) {
                Item *grown = realloc(heap, 2 * capheap * sizeof(Item));
                if (!grown) { outcome = TOO_BIG; goto done; }
                heap = grown;
                capheap *= 2;
            }
            nodes++;
            Node *n = arena_at(&arena, nnodes);
            child = cur;
            apply(t, &child, ch.move, NULL);
            if (child.overflow) { outcome = TOO_BIG; goto done; }
            position_key(t, &child, &n->h1, &n->h2, &n->rank);
            n->parent = it.node;
            n->move = ch.move;
            n->packed = arena_pack(&arena, t, &child);
            if (!n->packed) { outcome = TOO_BIG; goto done; }
            if (!visit(t, &tt, &child, n->h1, n->h2, n->rank)) { outcome = TOO_BIG; goto done; }
            int won = cards_up(t, &child) == t->ncards;
            if (!won) {
                int got = collection_finish(t, &child, finish);
                if (got < 0) { outcome = TOO_BIG; goto done; }
                won = got;
            } else {
                finish->n = 0;
            }
            if (won) {
                int depth = 0;
                for (int at = nnodes; at > 0; at = arena_at(&arena, at)->parent) depth++;
                line->n = 0;
                for (int d = 0; d < depth; d++)
                    if (!moves_push(line, ch.move)) { outcome = TOO_BIG; goto done; }
                for (int at = nnodes, d = depth - 1; d >= 0;
                     d--, at = arena_at(&arena, at)->parent)
                    line->items[d] = arena_at(&arena, at)->move;
                outcome = WON;
                goto done;
            }
            heap_push(heap, &nheap, (Item){evaluate(t, &child, talon_weight), counter++, nnodes});
            nnodes++;
        }
    }
done:
    *nodes_out = nodes;
    free(tt.slots);
    free(kids.items);
    arena_free(&arena);
    free(heap);
    return outcome;
}
