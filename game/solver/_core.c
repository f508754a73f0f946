/* The optional compiled core of the solver: the sound depth-first search and the best-first
 * search over fast moves, in C, move for move the same as game/solver/depth_first.py and
 * best_first.py (the Python code is the reference; the tests hold the two to the same
 * outcomes, lines and node counts). Without a C compiler the package installs without this
 * module and the Python searches run (native.py).
 *
 * The C is cut by job into game/solver/core/: types.h, rules.c (what a move does), keys.c
 * (keys and the transposition table), moves.c (listing moves), proofs.c (the loss proof
 * and the finish by collection), searches.c (depth-first and best-first). This file
 * includes them in that order, so that the compiler sees one unit (small functions inline
 * across the parts), and holds the Python interface.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/types.h"
#include "core/rules.c"
#include "core/keys.c"
#include "core/moves.c"
#include "core/proofs.c"
#include "core/searches.c"

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
    if (best_first_weight >= 0) {
        if (ncone != job->t.ncards * 19) {
            PyErr_SetString(PyExc_ValueError, "cone requirements of the wrong size");
            goto out;
        }
        job->t.fast = 1;
        memcpy(job->t.cone_req, cone, (size_t)ncone);
    }
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
    if (talon_weight < 0) {
        PyErr_SetString(PyExc_ValueError, "a talon weight is never negative");
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
