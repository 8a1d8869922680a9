/*
 * _pairs: gacrux's pair table without a dict per pair.
 *
 * gacrux's Dutch engine keeps one dict per pair of competitors: 500,000 at 1,000 players, 2 million at 2,000, made,
 * read and freed at every round (about 300 bytes each: 550 MB at 2,000 players). Most of a pair's values are those
 * of every pair of its higher competitor whose lower competitor has the same score level (fast_table.py): a `Pair`
 * here holds the lower competitor's number, a reference to that shared dict (its model) and, once a value is set on
 * it, a dict of its own values, which hide the model's. It reads and writes as gacrux's dict does (pair["key"],
 * pair["key"] = value, get, keys, items, len, in, iteration, ==): the same keys in the same order with the same
 * values. A pair is 32 bytes until a value is set on it (its number as a C int, its model; CPython's allocator rounds
 * 40 bytes up to 48, which 2 million pairs at 2,000 players would pay); gacrux sets values on the pairs of the
 * brackets it rates, which then point to a record of their own: the model, the dict of their values, "ca" if
 * written.
 *
 * A pair holds no reference to itself, nor do gacrux's values: it is not tracked by the cycle collector.
 *
 * Entry point: pair_rows(models, levels, numbers) -> the (n x n) table, [i][j] and [j][i] the same pair (i <= j):
 * models[lv][j] the model of the pairs (i, j) whose lower competitor i has level lv, levels[i] competitor i's
 * level, numbers[i] pair (i, j)'s "ca" (an int from 0 to 2^31 - 1: read as one int object per value, kept by the
 * module). Row i's pairs (i, j), j >= i, are made one after the
 * other, as fast_table.py makes its dicts.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* What a pair holds once a value is set on it. */
typedef struct {
    PyObject *model;
    PyObject *own;      /* NULL, or a dict: the values set on the pair */
    PyObject *ca;       /* NULL, or the "ca" written on the pair */
    PyObject *overlay;  /* NULL, or a dict of values of some of the model's keys shared with other pairs (set by
                         * overlay(): a rating, for pairs rated alike), read before the model's and after own */
} Own;

typedef struct {
    PyObject_HEAD
    int32_t ca;       /* the lower competitor's number (read as NUMBERS[ca]) */
    int32_t owned;    /* 1: `data` is an Own record; 0: the model */
    void *data;       /* the model (a dict: the values shared with other pairs; its "ca" is hidden), or an Own */
} Pair;

static PyObject *CA;  /* the interned "ca" */
static PyObject **NUMBERS;  /* the int objects 0 .. NNUMBERS - 1, made once */
static Py_ssize_t NNUMBERS;

static PyObject *model_of(Pair *self) { return self->owned ? ((Own *)self->data)->model : (PyObject *)self->data; }
static PyObject *own_of(Pair *self) { return self->owned ? ((Own *)self->data)->own : NULL; }
static PyObject *overlay_of(Pair *self) { return self->owned ? ((Own *)self->data)->overlay : NULL; }

static PyObject *ca_of(Pair *self) {
    if (self->owned && ((Own *)self->data)->ca) return ((Own *)self->data)->ca;
    return NUMBERS[self->ca];
}

static void pair_dealloc(Pair *self) {
    if (self->owned) {
        Own *own = self->data;
        Py_XDECREF(own->model);
        Py_XDECREF(own->own);
        Py_XDECREF(own->ca);
        Py_XDECREF(own->overlay);
        PyMem_Free(own);
    } else {
        Py_XDECREF((PyObject *)self->data);
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The pair's Own record, made on the first write (or overlay). */
static Own *owned(Pair *self) {
    if (self->owned) return self->data;
    Own *own = PyMem_Malloc(sizeof(Own));
    if (!own) { PyErr_NoMemory(); return NULL; }
    own->own = NULL;
    own->model = self->data;  /* the reference moves */
    own->ca = NULL;
    own->overlay = NULL;
    self->data = own;
    self->owned = 1;
    return own;
}

/* The pair's dict of its own values, made on the first write. */
static PyObject *own_dict(Pair *self) {
    Own *own = owned(self);
    if (!own) return NULL;
    if (!own->own && !(own->own = PyDict_New())) return NULL;
    return own->own;
}

/* Is key "ca"? Keys written in Python code are interned, as CA is: a string compare only for the others. */
static inline int is_ca(PyObject *key) {
    if (key == CA) return 1;
    if (!PyUnicode_Check(key) || (PyUnicode_CheckExact(key) && PyUnicode_CHECK_INTERNED(key))) return 0;
    return PyUnicode_Compare(key, CA) == 0;
}

/* The value of key (a new reference), or NULL with no error set if the pair has no such key. */
static PyObject *lookup(Pair *self, PyObject *key) {
    if (key == CA) return Py_NewRef(ca_of(self));
    PyObject *own = own_of(self), *overlay = overlay_of(self);
    if (own) {
        PyObject *v = PyDict_GetItemWithError(own, key);
        if (v) return Py_NewRef(v);
        if (PyErr_Occurred()) return NULL;
    }
    if (is_ca(key)) return Py_NewRef(ca_of(self));
    if (overlay) {
        PyObject *v = PyDict_GetItemWithError(overlay, key);
        if (v) return Py_NewRef(v);
        if (PyErr_Occurred()) return NULL;
    }
    PyObject *v = PyDict_GetItemWithError(model_of(self), key);
    return v ? Py_NewRef(v) : NULL;
}

static PyObject *pair_subscript(Pair *self, PyObject *key) {
    PyObject *v = lookup(self, key);
    if (!v && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    return v;
}

static int pair_ass_subscript(Pair *self, PyObject *key, PyObject *value) {
    if (is_ca(key)) {
        if (!value) {
            PyErr_SetString(PyExc_TypeError, "a pair's \"ca\" cannot be deleted");
            return -1;
        }
        Own *own = owned(self);
        if (!own) return -1;
        Py_XSETREF(own->ca, Py_NewRef(value));
        return 0;
    }
    if (!value) {
        PyErr_SetString(PyExc_TypeError, "a pair's keys cannot be deleted");
        return -1;
    }
    PyObject *own = own_dict(self);
    return own ? PyDict_SetItem(own, key, value) : -1;
}

/* A new dict with the pair's keys and values, in gacrux's order: the model's keys, then those set on the pair only,
 * in the order they were set. */
static PyObject *as_dict(Pair *self) {
    PyObject *d = PyDict_New(), *key, *value;
    Py_ssize_t pos = 0;
    if (!d) return NULL;
    PyObject *model = model_of(self), *own = own_of(self);
    while (PyDict_Next(model, &pos, &key, &value)) {
        PyObject *v = lookup(self, key);
        if (!v || PyDict_SetItem(d, key, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(v);
    }
    if (own) {
        pos = 0;
        while (PyDict_Next(own, &pos, &key, &value)) {
            int known = PyDict_Contains(model, key);
            if (known < 0 || (!known && PyDict_SetItem(d, key, value) < 0)) {
                Py_DECREF(d);
                return NULL;
            }
        }
    }
    return d;
}

static Py_ssize_t pair_length(Pair *self) {
    PyObject *model = model_of(self), *own = own_of(self);
    Py_ssize_t count = PyDict_GET_SIZE(model);
    if (own) {
        PyObject *key, *value;
        Py_ssize_t pos = 0;
        while (PyDict_Next(own, &pos, &key, &value)) {
            int known = PyDict_Contains(model, key);
            if (known < 0) return -1;
            count += !known;
        }
    }
    return count;
}

static int pair_contains(Pair *self, PyObject *key) {  /* (an overlay holds model keys only) */
    PyObject *own = own_of(self);
    if (own) {
        int found = PyDict_Contains(own, key);
        if (found) return found;
    }
    return PyDict_Contains(model_of(self), key);
}

static PyObject *pair_get(Pair *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "get(key, default=None)");
        return NULL;
    }
    PyObject *v = lookup(self, args[0]);
    if (v || PyErr_Occurred()) return v;
    return Py_NewRef(nargs == 2 ? args[1] : Py_None);
}

/* keys(), values(), items(), copy(): those of the pair as a dict (a new dict: views of it for the first three) */
static PyObject *via_dict(Pair *self, const char *method) {
    PyObject *d = as_dict(self);
    if (!d) return NULL;
    PyObject *r = method ? PyObject_CallMethod(d, method, NULL) : Py_NewRef(d);
    Py_DECREF(d);
    return r;
}

static PyObject *pair_keys(Pair *self, PyObject *Py_UNUSED(ignored)) { return via_dict(self, "keys"); }
static PyObject *pair_values(Pair *self, PyObject *Py_UNUSED(ignored)) { return via_dict(self, "values"); }
static PyObject *pair_items(Pair *self, PyObject *Py_UNUSED(ignored)) { return via_dict(self, "items"); }
static PyObject *pair_copy(Pair *self, PyObject *Py_UNUSED(ignored)) { return via_dict(self, NULL); }

/* f applied to the pair as a dict (its iterator, its repr) */
static PyObject *through_dict(Pair *self, PyObject *(*f)(PyObject *)) {
    PyObject *d = as_dict(self);
    if (!d) return NULL;
    PyObject *r = f(d);
    Py_DECREF(d);
    return r;
}

static PyObject *pair_iter(Pair *self) { return through_dict(self, PyObject_GetIter); }
static PyObject *pair_repr(Pair *self) { return through_dict(self, PyObject_Repr); }

static PyTypeObject PairType;

/* == and != with a dict or another pair: as dicts */
static PyObject *pair_richcompare(PyObject *a, PyObject *b, int op) {
    if ((op != Py_EQ && op != Py_NE) || !(PyDict_Check(b) || PyObject_TypeCheck(b, &PairType)))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *da = as_dict((Pair *)a);
    if (!da) return NULL;
    PyObject *db = PyObject_TypeCheck(b, &PairType) ? as_dict((Pair *)b) : Py_NewRef(b);
    if (!db) { Py_DECREF(da); return NULL; }
    PyObject *r = PyObject_RichCompare(da, db, op);
    Py_DECREF(da);
    Py_DECREF(db);
    return r;
}

static PyMappingMethods pair_mapping = {
    (lenfunc)pair_length, (binaryfunc)pair_subscript, (objobjargproc)pair_ass_subscript,
};

static PySequenceMethods pair_sequence = {
    .sq_contains = (objobjproc)pair_contains,
};

static PyMethodDef pair_methods[] = {
    {"get", (PyCFunction)(void (*)(void))pair_get, METH_FASTCALL, "get(key, default=None): as a dict's"},
    {"keys", (PyCFunction)pair_keys, METH_NOARGS, "the keys, in gacrux's order"},
    {"values", (PyCFunction)pair_values, METH_NOARGS, "the values, in the keys' order"},
    {"items", (PyCFunction)pair_items, METH_NOARGS, "the (key, value) pairs, in the keys' order"},
    {"copy", (PyCFunction)pair_copy, METH_NOARGS, "a dict of the pair's keys and values"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PairType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tournament.pairing._pairs.Pair",
    .tp_doc = "A pair of competitors, read and written as gacrux's pair dict (see the module's text).",
    .tp_basicsize = sizeof(Pair),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_MAPPING,
    .tp_dealloc = (destructor)pair_dealloc,
    .tp_as_mapping = &pair_mapping,
    .tp_as_sequence = &pair_sequence,
    .tp_methods = pair_methods,
    .tp_iter = (getiterfunc)pair_iter,
    .tp_repr = (reprfunc)pair_repr,
    .tp_richcompare = pair_richcompare,
    .tp_hash = PyObject_HashNotImplemented,
};

static PyObject *pair_rows(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *models, *levels, *numbers;
    if (!PyArg_ParseTuple(args, "O!O!O!:pair_rows", &PyList_Type, &models, &PyList_Type, &levels, &PyList_Type,
                          &numbers))
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(levels);
    if (PyList_GET_SIZE(numbers) != n) {
        PyErr_SetString(PyExc_ValueError, "pair_rows: one number per competitor");
        return NULL;
    }
    /* check every model first: the loop below then cannot fail but for memory */
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t lv = PyLong_AsSsize_t(PyList_GET_ITEM(levels, i));
        if (lv == -1 && PyErr_Occurred()) return NULL;
        if (lv < 0 || lv >= PyList_GET_SIZE(models) || !PyList_Check(PyList_GET_ITEM(models, lv)) ||
            PyList_GET_SIZE(PyList_GET_ITEM(models, lv)) != n) {
            PyErr_SetString(PyExc_ValueError, "pair_rows: models[levels[i]] must be a list of n models");
            return NULL;
        }
    }
    for (Py_ssize_t lv = 0; lv < PyList_GET_SIZE(models); lv++) {
        PyObject *row = PyList_GET_ITEM(models, lv);
        if (!PyList_Check(row)) continue;  /* a level nobody has */
        for (Py_ssize_t j = 0; j < PyList_GET_SIZE(row); j++)
            if (!PyDict_CheckExact(PyList_GET_ITEM(row, j))) {
                PyErr_SetString(PyExc_TypeError, "pair_rows: a model is not a dict");
                return NULL;
            }
    }
    Py_ssize_t most = -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *number = PyList_GET_ITEM(numbers, i);
        long value = PyLong_Check(number) ? PyLong_AsLong(number) : -1;
        if (value == -1 && PyErr_Occurred()) return NULL;
        if (value < 0 || value > INT32_MAX - 1) {
            PyErr_SetString(PyExc_ValueError, "pair_rows: a number is not an int from 0 to 2^31 - 2");
            return NULL;
        }
        if (value > most) most = value;
    }
    if (most >= NNUMBERS) {  /* the int objects of the numbers not made yet */
        PyObject **grown = PyMem_Realloc(NUMBERS, sizeof(PyObject *) * (size_t)(most + 1));
        if (!grown) return PyErr_NoMemory();
        NUMBERS = grown;
        for (; NNUMBERS <= most; NNUMBERS++)
            if (!(NUMBERS[NNUMBERS] = PyLong_FromSsize_t(NNUMBERS))) return NULL;
    }
    PyObject *table = PyList_New(n);
    if (!table) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PyList_New(n);
        if (!row) { Py_DECREF(table); return NULL; }
        PyList_SET_ITEM(table, i, row);
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PyList_GET_ITEM(table, i);
        PyObject *mrow = PyList_GET_ITEM(models, PyLong_AsSsize_t(PyList_GET_ITEM(levels, i)));
        int32_t number = (int32_t)PyLong_AsLong(PyList_GET_ITEM(numbers, i));
        for (Py_ssize_t j = i; j < n; j++) {
            Pair *p = PyObject_New(Pair, &PairType);
            if (!p) { Py_DECREF(table); return NULL; }
            p->ca = number;
            p->owned = 0;
            p->data = Py_NewRef(PyList_GET_ITEM(mrow, j));
            PyList_SET_ITEM(row, j, (PyObject *)p);
            if (j > i) PyList_SET_ITEM(PyList_GET_ITEM(table, j), i, Py_NewRef((PyObject *)p));
        }
    }
    return table;
}

/* overlay(pair, values): the pair reads `values` (a dict of some of its model's keys, not "ca"; shared with other
 * pairs, never written here) for those keys, as if each had been written on it: the values it had of its own for
 * them are dropped. `values` is kept, not copied: what is set on the pair later is its own, and read first. */
static PyObject *set_overlay(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *pair, *values;
    if (!PyArg_ParseTuple(args, "O!O!:overlay", &PairType, &pair, &PyDict_Type, &values)) return NULL;
    Pair *p = (Pair *)pair;
    PyObject *model = model_of(p), *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(values, &pos, &key, &value)) {
        int known = PyDict_Contains(model, key);
        if (known < 0) return NULL;
        if (!known || is_ca(key)) {
            PyErr_SetString(PyExc_KeyError, "overlay: only keys of the pair's model, not \"ca\"");
            return NULL;
        }
    }
    Own *own = owned(p);
    if (!own) return NULL;
    if (own->overlay) {  /* the former overlay's values of other keys stay, as values of its own */
        pos = 0;
        while (PyDict_Next(own->overlay, &pos, &key, &value)) {
            int kept = PyDict_Contains(values, key);
            if (kept < 0) return NULL;
            if (kept) continue;
            int set = own->own ? PyDict_Contains(own->own, key) : 0;
            if (set < 0) return NULL;
            if (!set) {
                PyObject *d = own_dict(p);
                if (!d || PyDict_SetItem(d, key, value) < 0) return NULL;
            }
        }
    }
    if (own->own) {  /* the values of its own for those keys are replaced */
        pos = 0;
        while (PyDict_Next(values, &pos, &key, &value)) {
            int found = PyDict_Contains(own->own, key);
            if (found < 0 || (found && PyDict_DelItem(own->own, key) < 0)) return NULL;
        }
    }
    Py_XSETREF(own->overlay, Py_NewRef(values));
    Py_RETURN_NONE;
}

/* overlay_of(pair): the dict set by overlay() and not since replaced, or None */
static PyObject *get_overlay(PyObject *self, PyObject *pair) {
    (void)self;
    if (!PyObject_TypeCheck(pair, &PairType)) {
        PyErr_SetString(PyExc_TypeError, "overlay_of: not a Pair");
        return NULL;
    }
    PyObject *overlay = overlay_of((Pair *)pair);
    return Py_NewRef(overlay ? overlay : Py_None);
}

static PyMethodDef methods[] = {
    {"overlay", set_overlay, METH_VARARGS,
     "overlay(pair, values): the pair reads values (a dict of some of its model's keys, shared, kept) for those keys, "
     "as if each had been set on it"},
    {"overlay_of", get_overlay, METH_O, "overlay_of(pair): the dict overlay() set on the pair, or None"},
    {"pair_rows", pair_rows, METH_VARARGS,
     "pair_rows(models, levels, numbers) -> the n x n table of pairs ([i][j] and [j][i] the same pair): the pair "
     "(i, j), i <= j, reads as models[levels[i]][j] but for its \"ca\", numbers[i]"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_pairs",
    "gacrux's pair table without a dict per pair (see _pairs.c)", -1, methods};

PyMODINIT_FUNC PyInit__pairs(void) {
    if (PyType_Ready(&PairType) < 0) return NULL;
    if (!(CA = PyUnicode_InternFromString("ca"))) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Pair", (PyObject *)&PairType) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
