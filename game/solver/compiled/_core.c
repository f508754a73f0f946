/* The optional compiled core of the solver: the sound depth-first search and the best-first
 * search over fast moves, in C, move for move the same as game/solver/specialised/depth_first.py and
 * best_first.py (the Python code is the reference; the tests hold the two to the same
 * outcomes, lines and node counts). Without a C compiler the package installs without this
 * module and the Python searches run (native.py).
 *
 * The C is cut by job into game/solver/compiled/core/: types.h, rules.c (what a move does), keys.c
 * (keys and the transposition table), moves.c (listing moves), proofs.c (the loss proof
 * and the finish by collection), searches.c (depth-first and best-first), generic.c (the
 * generic search's states and moves: the engine's whole vocabulary), generic_search.c
 * (the generic search and its interface, included after the specialised core's) and
 * generic_best_first.c (the generic best-first rounds and their interface). This
 * file includes them in that order, so that the compiler sees one unit (small functions
 * inline across the parts), and holds the Python interface.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
#include <windows.h> /* QueryPerformanceCounter: the monotonic clock of searches.c */
#endif
#if defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <xmmintrin.h> /* _mm_prefetch, for keys.c */
#endif

#include "core/types.h"
#include "core/rules.c"
#include "core/keys.c"
#include "core/moves.c"
#include "core/proofs.c"
#include "core/searches.c"
#include "core/generic.c"

/* -- Python interface ------------------------------------------------------------------- */

/* Every value the core is given is checked against its limits and its rules before the
   search reads it: a card, count, size or draw out of range is a ValueError naming it,
   never a read or a write outside the core's arrays. */
static int refuse(const char *what) {
    PyErr_Format(PyExc_ValueError, "compiled solver core: %s", what);
    return 0;
}

static int read_tables(PyObject *spec, Tables *t) {
    /* spec: (decks, piles, draw, limit or -1, runs, accepts 0/1/2, may_return, talon_sign,
       onto_pile, all_splits, builds_on bytes[65536], empty_takes bytes[ncards]) */
    const char *builds_on, *empty_takes;
    Py_ssize_t nb, ne;
    if (!PyTuple_Check(spec)) {
        PyErr_SetString(PyExc_TypeError, "compiled solver core: the rules must be a tuple");
        return 0;
    }
    if (!PyArg_ParseTuple(spec, "iiiiiiiiiiy#y#", &t->decks, &t->npiles, &t->draw, &t->limit,
                          &t->runs, &t->accepts, &t->may_return, &t->talon_sign, &t->onto_pile,
                          &t->all_splits, &builds_on, &nb, &empty_takes, &ne))
        return 0;
    t->fast = 0;
    if (t->decks < 1 || t->decks > MAXCARDS / 52) return refuse("decks outside 1 to 4");
    t->ncards = t->decks * 52;
    if (t->npiles < 1 || t->npiles > MAXPILES) return refuse("tableau piles outside 1 to 12");
    if (t->draw < 1 || t->draw > MAXDRAW) return refuse("a draw outside 1 to 10");
    if (t->limit < -1 || t->limit > MAXREDEALS) return refuse("redeals outside 0 to 16383");
    if ((t->runs | t->may_return | t->all_splits) & ~1) return refuse("a flag not 0 or 1");
    if (t->accepts < 0 || t->accepts > 2) return refuse("an empty-pile rule not 0, 1 or 2");
    if (t->talon_sign != 1 && t->talon_sign != -1) return refuse("a talon order not 1 or -1");
    if (t->onto_pile < 0 || t->onto_pile > 10000) return refuse("a move score outside 0 to 10000");
    if (nb != 65536) return refuse("a building table not of 65536 bytes");
    if (ne != t->ncards) return refuse("an empty-pile table not of one byte a card");
    for (int i = 0; i < 65536; i++) {
        uint8_t b = (uint8_t)builds_on[i];
        if (b > 1 || (b && ((i >> 8) >= t->ncards || (i & 255) >= t->ncards)))
            return refuse("a building table entry not 0 or 1, or for no card");
    }
    memcpy(t->builds_on, builds_on, 65536);
    for (int c = 0; c < t->ncards; c++) {
        if ((uint8_t)empty_takes[c] > 1) return refuse("an empty-pile table entry not 0 or 1");
        t->rank[c] = (uint8_t)(c % 13 + 1);
        t->suit[c] = (uint8_t)((c % 52) / 13);
        t->keycard[c] = (uint8_t)(c % 52);
        t->empty_takes[c] = (uint8_t)empty_takes[c];
        t->nkids[c] = t->nparents[c] = 0;
    }
    for (int onto = 0; onto < t->ncards; onto++)
        for (int c = 0; c < t->ncards; c++)
            if (t->builds_on[(c << 8) | onto]) {
                if (t->nkids[onto] >= MAXKIDS || t->nparents[c] >= MAXKIDS)
                    return refuse("too many cards build on one card");
                t->kids[onto][t->nkids[onto]++] = (uint8_t)c;
                t->parents[c][t->nparents[c]++] = (uint8_t)onto;
            }
    closure_needs(t);
    t->swap_keys = t->runs && !t->all_splits;
    return 1;
}

/* The cone rule of the fast moves: per card (alternatives <= 2, each (pairs <= 4,
   (slot, height) x 4)), every slot one of the rules' and every height at most a King. */
static int read_cone(Tables *t, const char *cone, Py_ssize_t ncone) {
    if (ncone != (Py_ssize_t)t->ncards * 19) return refuse("cone requirements of the wrong size");
    memcpy(t->cone_req, cone, (size_t)ncone);
    for (int c = 0; c < t->ncards; c++) {
        const uint8_t *req = t->cone_req[c];
        if (req[0] > 2) return refuse("a cone requirement with more than two alternatives");
        for (int a = 0, at = 1; a < req[0]; a++, at += 9) {
            if (req[at] > 4) return refuse("a cone alternative of more than four slots");
            for (int k = 0; k < req[at]; k++)
                if (req[at + 1 + 2 * k] >= 4 * t->decks || req[at + 2 + 2 * k] > KING)
                    return refuse("a cone requirement outside the foundations");
        }
    }
    t->fast = 1;
    return 1;
}

/* Marks ``card`` as placed: a card of the rules, never twice. */
static int place(const Tables *t, uint8_t *seen, uint8_t *count, int card) {
    if (card >= t->ncards) return refuse("a card outside the rules' decks");
    if (seen[card]) return refuse("a card found twice");
    seen[card] = 1;
    count[t->keycard[card]]++;
    return 1;
}

static int read_position(PyObject *obj, const Tables *t, Pos *p) {
    PyObject *tableau, *fnd;
    const char *talon;
    Py_ssize_t tlen;
    long long waste, redeals;
    uint8_t seen[MAXCARDS], count[52];
    memset(p, 0, sizeof *p);
    memset(seen, 0, sizeof seen);
    memset(count, 0, sizeof count);
    if (!PyTuple_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "compiled solver core: a position must be a tuple");
        return 0;
    }
    if (!PyArg_ParseTuple(obj, "O!O!y#LL", &PyTuple_Type, &tableau, &PyTuple_Type, &fnd, &talon,
                          &tlen, &waste, &redeals))
        return 0;
    if (PyTuple_GET_SIZE(tableau) != t->npiles) return refuse("not one pile a tableau pile");
    if (PyTuple_GET_SIZE(fnd) != 4 * t->decks) return refuse("not one height a foundation");
    for (int i = 0; i < t->npiles; i++) {
        PyObject *pile = PyTuple_GET_ITEM(tableau, i);
        if (!PyBytes_Check(pile)) {
            PyErr_SetString(PyExc_TypeError, "compiled solver core: a pile must be bytes");
            return 0;
        }
        const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(pile);
        Py_ssize_t n = PyBytes_GET_SIZE(pile);
        if (n < 1 || n - 1 > MAXPILE) return refuse("a pile of more than 44 cards");
        /* A pile's top card is face up: face-down cards lie under at least one. */
        if (b[0] >= n - 1 && !(b[0] == 0 && n == 1))
            return refuse("a pile with no face-up card over its face-down ones");
        p->down[i] = b[0];
        p->len[i] = (uint8_t)(n - 1);
        for (Py_ssize_t k = 1; k < n; k++)
            if (!place(t, seen, count, b[k])) return 0;
        memcpy(p->cards[i], b + 1, (size_t)(n - 1));
    }
    for (int s = 0; s < 4 * t->decks; s++) {
        long h = PyLong_AsLong(PyTuple_GET_ITEM(fnd, s));
        if (h == -1 && PyErr_Occurred()) return 0;
        if (h < 0 || h > KING) return refuse("a foundation height outside 0 to 13");
        /* Heights fall within a suit (position.py): two decks' slots compare as sets. */
        if (s % t->decks && h > p->fnd[s - 1]) return refuse("foundation heights not falling");
        p->fnd[s] = (uint8_t)h;
        for (int r = 0; r < h; r++) count[(s / t->decks) * 13 + r]++;
    }
    if (tlen > MAXTALON) return refuse("a talon of more cards than the decks");
    for (Py_ssize_t k = 0; k < tlen; k++)
        if (!place(t, seen, count, (uint8_t)talon[k])) return 0;
    for (int c = 0; c < 52; c++)
        if (count[c] != t->decks) return refuse("not every card of the decks once");
    if (waste < 0 || waste > tlen) return refuse("a waste larger than the talon");
    if (redeals < 0 || (t->limit >= 0 && redeals > t->limit))
        return refuse("more redeals used than the rules allow");
    memcpy(p->talon, talon, (size_t)tlen);
    p->tlen = (uint8_t)tlen;
    p->waste = (uint8_t)waste;
    /* With unlimited redeals nothing counts them (the key and the moves ignore them). */
    p->redeals = t->limit >= 0 ? (uint16_t)redeals : 0;
    p->dirty = 0xffff;
    return 1;
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

/* Run one search on (spec, position) as a Python call: the GIL released while it runs, the
   outcome, path and node count as a tuple. ``best_first_weight`` < 0: the depth-first
   search; else best-first with that talon weight and ``cone`` for the fast moves. */
static PyObject *run(PyObject *spec, PyObject *position, long long max_nodes, double max_seconds,
                     PyObject *cancel, int best_first_weight, const char *cone, Py_ssize_t ncone) {
    Job *job = malloc(sizeof(Job));
    Pos *root = malloc(sizeof(Pos)), *start = malloc(sizeof(Pos));
    PyObject *result = NULL;
    Moves line = {0}, finish = {0};
    if (!job || !root || !start) { PyErr_NoMemory(); goto out; }
    if (!read_tables(spec, &job->t) || !read_position(position, &job->t, start)) goto out;
    if (best_first_weight >= 0 && !read_cone(&job->t, cone, ncone)) goto out;
    if (max_seconds != max_seconds) { refuse("a time budget that is not a number"); goto out; }
    job->cancel = cancel;
    job->max_nodes = max_nodes;
    job->deadline = max_seconds >= 0 ? now() + max_seconds : 0;
    *root = *start;
    play_safe_cards(&job->t, root, NULL);
    long long nodes = 0;
    int outcome = WON;
    if (cards_up(&job->t, root) != job->t.ncards) {
        PyThreadState *save = PyEval_SaveThread();
        if (best_first_weight >= 0)
            outcome = best_first_search(job, root, best_first_weight, &line, &finish, &nodes, &save);
        else
            outcome = search(job, root, &line, &finish, &nodes, &save);
        PyEval_RestoreThread(save);
    }
    if (outcome == TOO_BIG) {
        PyErr_SetString(PyExc_MemoryError,
                        "compiled solver core: the search outgrew the core's memory or pile room");
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

static PyObject *core_depth_first(PyObject *self, PyObject *args) {
    PyObject *spec, *position, *cancel;
    long long max_nodes;
    double max_seconds;
    if (!PyArg_ParseTuple(args, "OOLdO", &spec, &position, &max_nodes, &max_seconds, &cancel))
        return NULL;
    return run(spec, position, max_nodes, max_seconds, cancel, -1, NULL, 0);
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
    if (talon_weight < 0 || talon_weight > 1000) {
        PyErr_SetString(PyExc_ValueError, "compiled solver core: a talon weight outside 0 to 1000");
        return NULL;
    }
    return run(spec, position, max_nodes, max_seconds, cancel, talon_weight, cone, ncone);
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

#include "core/generic_search.c"
#include "core/generic_best_first.c"

/* set_bound(name, value): one of the core's memory bounds, for tests (a bound reached in a
   few thousand positions); returns the bound it replaces. "table": the transposition
   tables' slots, a power of two from 2^16 to the default 2^25; "stack": the generic
   search's path (and the children waiting along it) in bytes, from 4 KB to the default
   1 GB. */
static PyObject *core_set_bound(PyObject *self, PyObject *args) {
    (void)self;
    const char *name;
    unsigned long long value;
    size_t before;
    if (!PyArg_ParseTuple(args, "sK", &name, &value)) return NULL;
    if (!strcmp(name, "table")) {
        if (value < (1u << 16) || value > MAX_TABLE_SLOTS || (value & (value - 1))) {
            PyErr_SetString(PyExc_ValueError, "a table bound is a power of two from 2^16 to 2^25");
            return NULL;
        }
        before = table_bound;
        table_bound = (size_t)value;
    } else if (!strcmp(name, "stack")) {
        if (value < 4096 || value > MAX_ARENA_BYTES) {
            PyErr_SetString(PyExc_ValueError, "a stack bound is from 4 KB to 1 GB");
            return NULL;
        }
        before = gstack_bound;
        gstack_bound = (size_t)value;
    } else {
        PyErr_SetString(PyExc_ValueError, "the core's bounds are \"table\" and \"stack\"");
        return NULL;
    }
    return PyLong_FromSize_t(before);
}

static PyMethodDef methods[] = {
    {"set_bound", core_set_bound, METH_VARARGS,
     "set_bound(\"table\" or \"stack\", slots or bytes) -> the bound before"},
    {"depth_first", core_depth_first, METH_VARARGS,
     "depth_first(spec, position, max_nodes, max_seconds, cancel) -> (outcome, path, nodes)"},
    {"best_first", core_best_first, METH_VARARGS,
     "best_first(spec, position, max_nodes, max_seconds, cancel, talon_weight, cone)"
     " -> (outcome, path, nodes)"},
    {"hopeless", core_hopeless, METH_VARARGS, "hopeless(spec, position) -> bool"},
    {"generic_moves", core_generic_moves, METH_VARARGS,
     "generic_moves(spec, state, ordered) -> [(move, child state)]"},
    {"generic_depth_first", core_generic_depth_first, METH_VARARGS,
     "generic_depth_first(spec, state, expected) -> a search to run"},
    {"generic_depth_first_run", core_generic_depth_first_run, METH_VARARGS,
     "generic_depth_first_run(search, most, max_seconds, cancel) -> (outcome, line, states)"},
    {"generic_best_first", core_generic_best_first, METH_VARARGS,
     "generic_best_first(spec, state, most, max_seconds, cancel, talon_weight)"
     " -> (outcome, line, states)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_core",
                                    "The solver's compiled core (see native.py).", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void) {
    init_random();
    return PyModule_Create(&module);
}
