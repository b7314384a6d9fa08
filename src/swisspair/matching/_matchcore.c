/*
 * swisspair.matching._matchcore: the compiled core of swisspair.matching.weighted.
 *
 * The same algorithm as the pure-Python core (python_core.py) (Edmonds'
 * primal-dual blossom algorithm in Galil's O(n^3) dense form, with the
 * incremental "prepare a vertex" repair), statement for statement and in the
 * same iteration order, so that both give the same matching and the same
 * duals, ties included.  See the documentation of weighted.py for the
 * algorithm; the comments here only explain what differs in the
 * representation:
 *
 * - Numbers (doubled weights, duals, the stage's keys) are fixed-width
 *   two's-complement integers of L 64-bit limbs, L chosen per graph from the
 *   largest weight and dual (with a margin for the keys of a stage) and
 *   widened when a larger one appears, so no computation overflows: the
 *   results are those of Python's unbounded integers.
 * - The weight matrix holds, per pair, the index of the weight in a table of
 *   the distinct weights (4 bytes a pair: 400 MB at 9999 vertices), as the
 *   pure-Python core keeps one object per distinct weight.
 * - The heap of a stage orders (key, vertex) pairs; its pops are the same as
 *   heapq's, since the minimum of such pairs is unique.  Unlike the Python
 *   core's, it drops its stale entries when it would grow past a few entries
 *   a vertex (heap_compact), and a blossom's list of S-S edges gives its
 *   memory back when it is emptied: the events, hence the results, are the
 *   same, and a stage's memory stays O(edges) instead of growing with every
 *   key ever pushed and every list ever filled.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <setjmp.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(MATCHCORE_NO_INTRINSICS)
#include <x86intrin.h>
#define HAVE_CARRY_INTRINSICS 1
#endif

typedef uint64_t limb;

/* The tuning constants shared with the pure-Python core, read from swisspair.matching.tuning
 * (their one definition, documented there) when this module is imported: read_tuning. */
static struct {
    int min_capacity, resolve_fraction, resolve_min_size, max_roots, scratch_max_roots;
} tuning;
/* Spare bits above the largest weight or dual: a stage's keys reach
 * 4 * 2^(bits + 3) in absolute value. */
#define MARGIN_BITS 10
#define KNOWN 256 /* slots of Core.known (a power of 2) */
/* The stage's heap is compacted (heap_compact) rather than grown beyond this many entries a vertex. */
#define HEAP_COMPACT_FACTOR 4

/* ------------------------------------------------------------------ */
/* memory                                                              */
/* ------------------------------------------------------------------ */
/* Every call from Python runs under a guard (guarded, below).  An allocation deep inside the algorithm
 * that fails (xcalloc, xrealloc) jumps back to the guard of the call, which frees the call's
 * temporaries (tmp_calloc) and the Python objects it holds (guard_hold), forgets the solution when the
 * call may have changed it (as restart does: the weights are kept, the next compute solves from
 * scratch) and raises MemoryError, so the core stays usable, as the pure-Python core would raise
 * MemoryError too.  What the algorithm's code may leave half done when it jumps is only the solution
 * (matching, duals, blossoms, the stage's state), which forget_solution rebuilds whole; what must not
 * be half done (the arrays sized by the capacity, the width of the numbers) is allocated in full
 * before anything is changed (grow, ensure_bits). */
#define GUARD_TEMPS 16
#define GUARD_HELD 4
#define GUARD_DEPTH 8

typedef struct {
    jmp_buf jump;
    void *temps[GUARD_TEMPS];
    int ntemps;
    PyObject *held[GUARD_HELD];
    int nheld;
} guard;

/* Static, not automatic, storage: what a call records in its guard is still there after the jump.
 * Guards nest only when a call runs Python code that calls a core again (a weight's __index__), which
 * may also let another thread run a core meanwhile: each thread has its stack of guards. */
#if defined(_MSC_VER)
#define THREAD_LOCAL __declspec(thread)
#else
#define THREAD_LOCAL _Thread_local
#endif
static THREAD_LOCAL guard guards[GUARD_DEPTH];
static THREAD_LOCAL int guard_depth;

/* The tests' hook (_fail_allocation_after): the allocation after this many more fails; -1: none does. */
static Py_ssize_t allocations_left = -1;

static int allocation_fails(void)
{
    if (allocations_left < 0)
        return 0;
    return allocations_left-- == 0;
}

/* realloc and calloc (of at least one byte), NULL when out of memory: callers that can fail cleanly. */
static void *raw_realloc(void *p, size_t size)
{
    return allocation_fails() ? NULL : realloc(p, size ? size : 1);
}

static void *raw_calloc(size_t count, size_t size)
{
    return allocation_fails() ? NULL : calloc(count ? count : 1, size ? size : 1);
}

static void oom(void)
{
    if (!guard_depth)
        Py_FatalError("swisspair.matching._matchcore: out of memory outside a call");
    longjmp(guards[guard_depth - 1].jump, 1);
}

static void *xrealloc(void *p, size_t size)
{
    void *q = raw_realloc(p, size);
    if (!q)
        oom();
    return q;
}

static void *xcalloc(size_t count, size_t size)
{
    void *q = raw_calloc(count, size);
    if (!q)
        oom();
    return q;
}

/* A zeroed array freed by tmp_free, or by the guard when an allocation fails before. */
static void *tmp_calloc(size_t count, size_t size)
{
    void *q = xcalloc(count, size);
    guard *g = &guards[guard_depth - 1];
    if (g->ntemps == GUARD_TEMPS)
        Py_FatalError("swisspair.matching._matchcore: too many temporaries");
    g->temps[g->ntemps++] = q;
    return q;
}

static void tmp_free(void *q)
{
    guard *g = &guards[guard_depth - 1];
    for (int i = g->ntemps - 1; i >= 0; i--)
        if (g->temps[i] == q) {
            g->temps[i] = g->temps[--g->ntemps];
            break;
        }
    free(q);
}

/* The guard drops a reference to o if an allocation fails before guard_release(o). */
static void guard_hold(PyObject *o)
{
    guard *g = &guards[guard_depth - 1];
    if (g->nheld == GUARD_HELD)
        Py_FatalError("swisspair.matching._matchcore: too many objects held");
    g->held[g->nheld++] = o;
}

static void guard_release(PyObject *o)
{
    guard *g = &guards[guard_depth - 1];
    for (int i = g->nheld - 1; i >= 0; i--)
        if (g->held[i] == o) {
            g->held[i] = g->held[--g->nheld];
            break;
        }
}

/* ------------------------------------------------------------------ */
/* growable int vectors                                                */
/* ------------------------------------------------------------------ */
typedef struct {
    int *a;
    int n, cap;
} ivec;

static inline void iv_push(ivec *v, int x)
{
    if (v->n == v->cap) {
        int nc = v->cap ? 2 * v->cap : 8;
        v->a = xrealloc(v->a, (size_t)nc * sizeof(int));
        v->cap = nc;
    }
    v->a[v->n++] = x;
}

static void iv_set(ivec *v, const int *src, int n)
{
    if (n > v->cap) {
        v->a = xrealloc(v->a, (size_t)n * sizeof(int));
        v->cap = n;
    }
    if (n)
        memcpy(v->a, src, (size_t)n * sizeof(int));
    v->n = n;
}

static void iv_free(ivec *v)
{
    free(v->a);
    v->a = NULL;
    v->n = v->cap = 0;
}

/* ------------------------------------------------------------------ */
/* fixed-width integers of L limbs, two's complement                   */
/* ------------------------------------------------------------------ */
#define NP(arr, i) ((arr) + (size_t)(i) * (size_t)L)

static inline void ncpy(limb *d, const limb *a, int L)
{
    for (int i = 0; i < L; i++)
        d[i] = a[i];
}

static inline void nsmall(limb *d, int64_t v, int L)
{
    d[0] = (limb)v;
    limb fill = v < 0 ? ~(limb)0 : 0;
    for (int i = 1; i < L; i++)
        d[i] = fill;
}

/* d = a + (b ^ flip) + carry, limb by limb: a sum (flip 0, carry 0) or a difference (a + ~b + 1). */
static inline void ncarry(limb *d, const limb *a, const limb *b, int L, limb flip, limb carry)
{
#ifdef HAVE_CARRY_INTRINSICS
    unsigned char c = (unsigned char)carry;
    for (int i = 0; i < L; i++)
        c = _addcarry_u64(c, a[i], b[i] ^ flip, (unsigned long long *)&d[i]);
#else
    limb c = carry;
    for (int i = 0; i < L; i++) {
        limb ai = a[i];
        limb s = ai + (b[i] ^ flip);
        limb c1 = s < ai;
        limb s2 = s + c;
        limb c2 = s2 < s;
        d[i] = s2;
        c = c1 | c2;
    }
#endif
}

static inline void nadd(limb *d, const limb *a, const limb *b, int L) { ncarry(d, a, b, L, 0, 0); }

static inline void nsub(limb *d, const limb *a, const limb *b, int L) { ncarry(d, a, b, L, ~(limb)0, 1); }

static inline int ncmp(const limb *a, const limb *b, int L)
{
    int64_t ta = (int64_t)a[L - 1], tb = (int64_t)b[L - 1];
    if (ta != tb)
        return ta < tb ? -1 : 1;
    for (int i = L - 2; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static inline int nzero(const limb *a, int L)
{
    for (int i = 0; i < L; i++)
        if (a[i])
            return 0;
    return 1;
}

static inline int nneg(const limb *a, int L) { return (int64_t)a[L - 1] < 0; }

static inline int nsign(const limb *a, int L) { return nneg(a, L) ? -1 : !nzero(a, L); }

/* d = a >> 1 (arithmetic) */
static inline void nsar1(limb *d, const limb *a, int L)
{
    for (int i = 0; i < L - 1; i++)
        d[i] = (a[i] >> 1) | (a[i + 1] << 63);
    d[L - 1] = (limb)((int64_t)a[L - 1] >> 1);
}

/* Bit length of a non-negative number. */
static int nbits(const limb *a, int L)
{
    for (int i = L - 1; i >= 0; i--) {
        if (a[i]) {
            int b = 64;
            while (!(a[i] >> (b - 1)))
                b--;
            return 64 * i + b;
        }
    }
    return 0;
}

/* d = a << bits, a non-negative and the result fits */
static void nshl(limb *d, const limb *a, int bits, int L)
{
    int q = bits / 64, r = bits % 64;
    for (int i = L - 1; i >= 0; i--) {
        limb hi = i - q >= 0 ? a[i - q] : 0;
        limb lo = i - q - 1 >= 0 ? a[i - q - 1] : 0;
        d[i] = r ? (hi << r) | (lo >> (64 - r)) : hi;
    }
}

/* count numbers re-encoded from oldL to newL limbs (sign-extended) in a new array; NULL when out of memory. */
static limb *widened(const limb *arr, size_t count, int oldL, int newL)
{
    limb *out = raw_calloc(count ? count * (size_t)newL : 1, sizeof(limb));
    if (!out)
        return NULL;
    for (size_t k = 0; k < count; k++) {
        const limb *src = arr + k * (size_t)oldL;
        limb *dst = out + k * (size_t)newL;
        memcpy(dst, src, (size_t)oldL * sizeof(limb));
        limb fill = (int64_t)src[oldL - 1] < 0 ? ~(limb)0 : 0;
        for (int i = oldL; i < newL; i++)
            dst[i] = fill;
    }
    return out;
}

/* A Python int from a number (NULL with MemoryError when out of memory: no jump, the caller holds objects). */
static PyObject *n_to_py(const limb *a, int L)
{
    int neg = nneg(a, L);
    limb *t = raw_calloc((size_t)L, sizeof(limb));
    limb *z = t && neg ? raw_calloc((size_t)L, sizeof(limb)) : NULL;
    if (!t || (neg && !z)) {
        free(t);
        return PyErr_NoMemory();
    }
    if (neg) {
        nsub(t, z, a, L);
        free(z);
    } else {
        ncpy(t, a, L);
    }
    PyObject *r = PyLong_FromLong(0);
    PyObject *sh = PyLong_FromLong(64);
    for (int i = L - 1; r && sh && i >= 0; i--) {
        PyObject *x = PyNumber_Lshift(r, sh);
        Py_DECREF(r);
        if (!x) {
            r = NULL;
            break;
        }
        PyObject *limbv = PyLong_FromUnsignedLongLong(t[i]);
        r = limbv ? PyNumber_Or(x, limbv) : NULL;
        Py_XDECREF(limbv);
        Py_DECREF(x);
    }
    Py_XDECREF(sh);
    free(t);
    if (r && neg) {
        PyObject *x = PyNumber_Negative(r);
        Py_DECREF(r);
        r = x;
    }
    return r;
}

/* The limbs of a non-negative Python int (which fits in L limbs). Before Python 3.13, from its bytes in one call;
   else by masks and shifts. */
static int py_to_n(PyObject *x, limb *out, int L)
{
#if PY_VERSION_HEX < 0x030D0000
    size_t size = (size_t)L * sizeof(limb);
    unsigned char small[64], *bytes = size <= sizeof small ? small : raw_calloc(size, 1);
    if (!bytes) {
        PyErr_NoMemory();
        return -1;
    }
    int failed = _PyLong_AsByteArray((PyLongObject *)x, bytes, size, 1, 0) < 0;
    for (int i = 0; !failed && i < L; i++) {
        limb v = 0;
        for (int k = (int)sizeof(limb) - 1; k >= 0; k--)
            v = (v << 8) | bytes[(size_t)i * sizeof(limb) + (size_t)k];
        out[i] = v;
    }
    if (bytes != small)
        free(bytes);
    return failed ? -1 : 0;
#else
    PyObject *cur = x;
    Py_INCREF(cur);
    PyObject *mask = PyLong_FromUnsignedLongLong(~0ULL);
    PyObject *sh = PyLong_FromLong(64);
    int ok = mask && sh;
    for (int i = 0; ok && i < L; i++) {
        PyObject *lo = PyNumber_And(cur, mask);
        if (!lo) {
            ok = 0;
            break;
        }
        out[i] = PyLong_AsUnsignedLongLong(lo);
        Py_DECREF(lo);
        if (PyErr_Occurred()) {
            ok = 0;
            break;
        }
        PyObject *next = PyNumber_Rshift(cur, sh);
        Py_DECREF(cur);
        cur = next;
        if (!cur)
            ok = 0;
    }
    Py_XDECREF(cur);
    Py_XDECREF(mask);
    Py_XDECREF(sh);
    return ok ? 0 : -1;
#endif
}

/* The bit length of a Python int (an exact int before Python 3.13, read without a method call). */
static long py_bit_length(PyObject *x)
{
#if PY_VERSION_HEX < 0x030D0000
    size_t bits = _PyLong_NumBits(x);
    return bits == (size_t)-1 ? -1 : (long)bits;
#else
    PyObject *r = PyObject_CallMethod(x, "bit_length", NULL);
    if (!r)
        return -1;
    long b = PyLong_AsLong(r);
    Py_DECREF(r);
    return b;
#endif
}

/* ------------------------------------------------------------------ */
/* the solver                                                          */
/* ------------------------------------------------------------------ */
typedef struct {
    PyObject_HEAD
    int n, cap, L;
    /* weights: w[i * cap + j] indexes vals (doubled weights); 0 is no edge */
    uint32_t *w;
    limb *vals;
    int nvals, valcap;
    PyObject *valdict; /* weight -> index */
    PyObject *vallist; /* index -> weight (not doubled) */
    /* The int objects set_edge_weights met lately, held, by their address (KNOWN slots), with their index: the
       weights of a bracket are a few objects given again and again, checked and interned once. */
    PyObject *known[KNOWN];
    int known_wi[KNOWN];
    int wmax;          /* index of the largest doubled weight */
    /* the solution */
    int *mate;   /* cap */
    limb *dual;  /* 2 cap numbers: u(v) for vertices, z(B) for blossoms */
    int *top;    /* cap */
    int *bparent, *bbase; /* 2 cap */
    ivec *bchilds, *bedges, *bleaves; /* 2 cap; bedges holds pairs */
    ivec freeb;
    /* changes since the last compute: triples (i, j, old index), i < j */
    ivec pend;
    uint8_t *pendbits; /* cap * cap bits */
    int fresh, certified;
    uint8_t *isolated; /* cap */
    ivec isolist;
    int max_roots;
    int *mark; /* 2 cap */
    int stamp;
    long stages;
    long compactions; /* heap_compact calls so far (for the tests) */
    /* the stage */
    int *label, *labfrom, *labto, *bsa, *bsx, *sa, *sx; /* 2 cap */
    int *vl, *bestt; /* cap */
    uint8_t *intv;   /* cap */
    uint8_t *intn, *haslist; /* 2 cap */
    ivec *lists; /* 2 cap */
    ivec slist, tverts, tnodes, snodes, queue;
    /* scratch vectors of single functions, kept by the core so that a jump out of memory leaks none */
    ivec cover, rotation, path_v, path_w, flat, touched, roots, work;
    limb *bsk, *sk; /* 2 cap numbers */
    limb *bk;       /* cap numbers */
    limb *offset, *inf, *neginf;
    limb *hkey;     /* heap keys */
    int *hx;        /* heap vertices */
    int hn, hcap;
    limb *tmp;      /* 10 scratch numbers */
    /* Bounds that let a scan pass a block of BLOCK vertices by one comparison (see scan_vertex): per row and
       block the index of the heaviest weight (rowmax, valid for the rows with rowfresh set; rm_cap rows of
       rm_nb blocks), and per block an upper bound of bk over its vertices (blkbk, bb_nb numbers of bb_L limbs;
       blkdirty: some bk of the block decreased since the bound was taken). */
    uint32_t *rowmax;
    uint8_t *rowfresh;
    int rm_cap, rm_nb;
    limb *blkbk;
    uint8_t *blkdirty;
    int bb_cap, bb_L;
    /* u(x) + offset of the S vertex at each place of slist (constant while it is S: see scan_vertex); cap numbers */
    limb *skey;
    /* Per weight index, the scan's threshold of an edge to an S vertex of that weight (thr, valid where
       thrgen == tgen; thr_cap numbers of thr_L limbs) */
    limb *thr;
    unsigned *thrgen;
    unsigned tgen;
    int thr_cap, thr_L;
} Core;

#define BLOCK 32

static PyTypeObject CoreType;

static inline limb *WT(Core *s, int i, int j)
{
    return s->vals + (size_t)s->w[(size_t)i * s->cap + j] * (size_t)s->L;
}

/* A weight of row v changed: its block maxima are taken again when it is next scanned. */
static inline void row_changed(Core *s, int v)
{
    if (v < s->rm_cap)
        s->rowfresh[v] = 0;
}

/* The stage's numbers, of L limbs each. */
typedef struct {
    limb *bsk, *sk; /* 2 cap */
    limb *bk;       /* cap */
    limb *offset, *inf, *neginf;
    limb *hkey;     /* hcap */
    limb *tmp;      /* 8 */
} numbers;

/* Every array whose size follows the capacity (the matrix, the solution, the stage), zeroed. */
typedef struct {
    uint32_t *w;                    /* cap * cap */
    uint8_t *pendbits;              /* cap * cap bits */
    limb *dual;                     /* 2 cap numbers */
    int *mate, *top, *vl, *bestt;   /* cap */
    uint8_t *isolated, *intv;       /* cap */
    int *freeb;                     /* cap: room for every free blossom id */
    int *bparent, *bbase, *mark, *label, *labfrom, *labto, *bsa, *bsx, *sa, *sx; /* 2 cap */
    uint8_t *intn, *haslist;        /* 2 cap */
    ivec *bchilds, *bedges, *bleaves, *lists; /* 2 cap */
    numbers num;
} arrays;

static void drop_numbers(numbers *t)
{
    free(t->bsk);
    free(t->sk);
    free(t->bk);
    free(t->offset);
    free(t->inf);
    free(t->neginf);
    free(t->hkey);
    free(t->tmp);
    memset(t, 0, sizeof *t);
}

/* The stage's numbers for cap vertices, a heap of hcap entries and L limbs: all of them, or none and -1. */
static int new_numbers(numbers *t, int cap, int hcap, int L)
{
    size_t n2 = 2 * (size_t)cap;
    memset(t, 0, sizeof *t);
    if (!(t->bsk = raw_calloc(n2 * L, sizeof(limb))) || !(t->sk = raw_calloc(n2 * L, sizeof(limb)))
        || !(t->bk = raw_calloc((size_t)cap * L, sizeof(limb))) || !(t->offset = raw_calloc((size_t)L, sizeof(limb)))
        || !(t->inf = raw_calloc((size_t)L, sizeof(limb))) || !(t->neginf = raw_calloc((size_t)L, sizeof(limb)))
        || !(t->hkey = raw_calloc((size_t)(hcap ? hcap : 1) * L, sizeof(limb)))
        || !(t->tmp = raw_calloc((size_t)10 * L, sizeof(limb)))) {
        drop_numbers(t);
        return -1;
    }
    return 0;
}

/* The core's stage numbers become t's (its own are freed). */
static void put_numbers(Core *s, numbers *t)
{
    free(s->bsk);
    free(s->sk);
    free(s->bk);
    free(s->offset);
    free(s->inf);
    free(s->neginf);
    free(s->hkey);
    free(s->tmp);
    s->bsk = t->bsk;
    s->sk = t->sk;
    s->bk = t->bk;
    s->offset = t->offset;
    s->inf = t->inf;
    s->neginf = t->neginf;
    s->hkey = t->hkey;
    s->tmp = t->tmp;
    memset(t, 0, sizeof *t);
}

/* Make numbers of bits bits (and keys above them) representable: wider numbers, all allocated
   before any is replaced (out of memory leaves the core as it was). */
static void ensure_bits(Core *s, long bits)
{
    int need = (int)((bits + MARGIN_BITS + 63) / 64);
    if (need <= s->L)
        return;
    numbers t;
    limb *vals = widened(s->vals, (size_t)s->valcap, s->L, need);
    limb *dual = vals ? widened(s->dual, 2 * (size_t)s->cap, s->L, need) : NULL;
    if (!dual || new_numbers(&t, s->cap, s->hcap, need) < 0) {
        free(vals);
        free(dual);
        oom();
    }
    free(s->vals);
    free(s->dual);
    s->vals = vals;
    s->dual = dual;
    s->L = need;
    put_numbers(s, &t);
}

/* Free an array of count vectors and their contents (NULL: nothing). */
static void free_ivecs(ivec *v, size_t count)
{
    if (!v)
        return;
    for (size_t i = 0; i < count; i++)
        iv_free(&v[i]);
    free(v);
}

static void drop_arrays(arrays *a)
{
    void *all[] = {a->w, a->pendbits, a->dual, a->mate, a->top, a->vl, a->bestt, a->isolated, a->intv, a->freeb,
                   a->bparent, a->bbase, a->mark, a->label, a->labfrom, a->labto, a->bsa, a->bsx, a->sa, a->sx,
                   a->intn, a->haslist, a->bchilds, a->bedges, a->bleaves, a->lists};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++)
        free(all[k]);
    drop_numbers(&a->num);
    memset(a, 0, sizeof *a);
}

/* Every array of a core of capacity cap, zeroed, with stage numbers of L limbs and a heap of hcap:
   all of them, or none and -1. */
static int new_arrays(arrays *a, int cap, int hcap, int L)
{
    size_t c = (size_t)cap, n2 = 2 * c, cells = c * c;
    memset(a, 0, sizeof *a);
    int ok = (a->w = raw_calloc(cells, sizeof(uint32_t))) && (a->pendbits = raw_calloc((cells + 7) / 8 + 1, 1))
        && (a->dual = raw_calloc(n2 * L, sizeof(limb))) && (a->mate = raw_calloc(c, sizeof(int)))
        && (a->top = raw_calloc(c, sizeof(int))) && (a->vl = raw_calloc(c, sizeof(int)))
        && (a->bestt = raw_calloc(c, sizeof(int))) && (a->isolated = raw_calloc(c, 1)) && (a->intv = raw_calloc(c, 1))
        && (a->freeb = raw_calloc(c, sizeof(int))) && (a->bparent = raw_calloc(n2, sizeof(int)))
        && (a->bbase = raw_calloc(n2, sizeof(int))) && (a->mark = raw_calloc(n2, sizeof(int)))
        && (a->label = raw_calloc(n2, sizeof(int))) && (a->labfrom = raw_calloc(n2, sizeof(int)))
        && (a->labto = raw_calloc(n2, sizeof(int))) && (a->bsa = raw_calloc(n2, sizeof(int)))
        && (a->bsx = raw_calloc(n2, sizeof(int))) && (a->sa = raw_calloc(n2, sizeof(int)))
        && (a->sx = raw_calloc(n2, sizeof(int))) && (a->intn = raw_calloc(n2, 1)) && (a->haslist = raw_calloc(n2, 1))
        && (a->bchilds = raw_calloc(n2, sizeof(ivec))) && (a->bedges = raw_calloc(n2, sizeof(ivec)))
        && (a->bleaves = raw_calloc(n2, sizeof(ivec))) && (a->lists = raw_calloc(n2, sizeof(ivec)))
        && new_numbers(&a->num, cap, hcap, L) == 0;
    if (!ok) {
        drop_arrays(a);
        return -1;
    }
    return 0;
}

/* The core's arrays become a's, for capacity cap; its own are freed, the vectors of its blossom
   arrays included (take out first those to keep). */
static void put_arrays(Core *s, arrays *a, int cap)
{
    size_t n2 = 2 * (size_t)s->cap;
    free_ivecs(s->bchilds, n2);
    free_ivecs(s->bedges, n2);
    free_ivecs(s->bleaves, n2);
    free_ivecs(s->lists, n2);
    void *old[] = {s->w, s->pendbits, s->dual, s->mate, s->top, s->vl, s->bestt, s->isolated, s->intv, s->freeb.a,
                   s->bparent, s->bbase, s->mark, s->label, s->labfrom, s->labto, s->bsa, s->bsx, s->sa, s->sx,
                   s->intn, s->haslist};
    for (size_t k = 0; k < sizeof old / sizeof old[0]; k++)
        free(old[k]);
    s->cap = cap;
    s->w = a->w;
    s->pendbits = a->pendbits;
    s->dual = a->dual;
    s->mate = a->mate;
    s->top = a->top;
    s->vl = a->vl;
    s->bestt = a->bestt;
    s->isolated = a->isolated;
    s->intv = a->intv;
    s->freeb.a = a->freeb;
    s->freeb.n = 0;
    s->freeb.cap = cap;
    s->bparent = a->bparent;
    s->bbase = a->bbase;
    s->mark = a->mark;
    s->label = a->label;
    s->labfrom = a->labfrom;
    s->labto = a->labto;
    s->bsa = a->bsa;
    s->bsx = a->bsx;
    s->sa = a->sa;
    s->sx = a->sx;
    s->intn = a->intn;
    s->haslist = a->haslist;
    s->bchilds = a->bchilds;
    s->bedges = a->bedges;
    s->bleaves = a->bleaves;
    s->lists = a->lists;
    put_numbers(s, &a->num);
    memset(a, 0, sizeof *a);
}

static inline int *leaves(Core *s, int b, int *count, int *one)
{
    if (b < s->cap) {
        *one = b;
        *count = 1;
        return one;
    }
    *count = s->bleaves[b].n;
    return s->bleaves[b].a;
}

/* heap of (key, vertex) */
static inline int hless(Core *s, int a, int b)
{
    int L = s->L;
    int c = ncmp(NP(s->hkey, a), NP(s->hkey, b), L);
    return c < 0 || (c == 0 && s->hx[a] < s->hx[b]);
}

/* entry a < (key, x) */
static inline int hless_entry(Core *s, int a, const limb *key, int x)
{
    int c = ncmp(s->hkey + (size_t)a * s->L, key, s->L);
    return c < 0 || (c == 0 && s->hx[a] < x);
}

/* (key, x) < entry i of the heap */
static inline int hbefore(Core *s, const limb *key, int x, int i)
{
    int c = ncmp(key, s->hkey + (size_t)i * s->L, s->L);
    return c < 0 || (c == 0 && x < s->hx[i]);
}

static inline void hmove(Core *s, int to, int from)
{
    ncpy(s->hkey + (size_t)to * s->L, s->hkey + (size_t)from * s->L, s->L);
    s->hx[to] = s->hx[from];
}

/* The hole at heap slot i takes the entry (key, x): the end of both sifts. */
static inline void hplace(Core *s, int i, const limb *key, int x)
{
    ncpy(s->hkey + (size_t)i * s->L, key, s->L);
    s->hx[i] = x;
}

/* Sift the entry at slot i down to its place (key scratch: tmp slot 7). */
static void heap_sift_down(Core *s, int i)
{
    int L = s->L, n = s->hn;
    limb *key = s->tmp + 7 * (size_t)L;
    ncpy(key, NP(s->hkey, i), L);
    int x = s->hx[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && hless(s, c + 1, c))
            c++;
        if (!hless_entry(s, c, key, x))
            break;
        hmove(s, i, c);
        i = c;
    }
    hplace(s, i, key, x);
}

/* Drop the stale entries (those choose_delta would pop unseen: a labelled
 * vertex, or a key that is no longer bk + u) and rebuild the heap.  The
 * heap is lazy: a vertex's key only improves while it is unlabelled, so
 * one push per improving edge leaves O(edges) stale entries a stage (tens
 * of millions at 10^4 vertices).  A stale entry never counts again: while
 * its vertex stays unlabelled its bk only decreases, and when the vertex is
 * unlabelled again (a T-blossom expanded) its current key is pushed anew, so
 * an old entry that matched it again would only repeat that push.  The
 * minimum of the valid entries, hence every event, is unchanged. */
static void heap_compact(Core *s)
{
    int L = s->L, kept = 0;
    limb *t = s->tmp + 7 * (size_t)L;
    for (int i = 0; i < s->hn; i++) {
        int x = s->hx[i];
        nadd(t, NP(s->bk, x), NP(s->dual, x), L);
        if (s->vl[x] || ncmp(t, NP(s->hkey, i), L) != 0)
            continue;
        if (kept != i)
            hmove(s, kept, i);
        kept++;
    }
    s->hn = kept;
    s->compactions++;
    for (int i = kept / 2 - 1; i >= 0; i--)
        heap_sift_down(s, i);
}

static void heap_push(Core *s, const limb *key, int x)
{
    int L = s->L;
    if (s->hn == s->hcap) {
        int grow = 1;
        if (s->hcap >= HEAP_COMPACT_FACTOR * s->n + 64) {
            heap_compact(s);
            grow = s->hn * 2 > s->hcap;
        }
        if (grow) {
            int nc = s->hcap ? 2 * s->hcap : 64;
            s->hkey = xrealloc(s->hkey, (size_t)nc * L * sizeof(limb));
            s->hx = xrealloc(s->hx, (size_t)nc * sizeof(int));
            s->hcap = nc;
        }
    }
    int i = s->hn++;
    while (i) {
        int p = (i - 1) / 2;
        if (!hbefore(s, key, x, p))
            break;
        hmove(s, i, p);
        i = p;
    }
    hplace(s, i, key, x);
}

static void heap_pop(Core *s)
{
    int last = --s->hn;
    if (last == 0)
        return;
    hmove(s, 0, last);
    heap_sift_down(s, 0);
}

/* The array p freed and allocated again, zeroed, for n elements (NULL between the two: an allocation that fails
   jumps out, see xcalloc, and must not leave p pointing at freed memory). */
#define RENEW(p, n) do { free(p); (p) = NULL; (p) = xcalloc((n), sizeof *(p)); } while (0)

/* The scan's block bounds for the core's capacity and limbs (allocated when first needed, in a stage): every
   block's bk bound inf (which holds: every bk is inf at the start of a stage). */
static void reset_blocks(Core *s)
{
    int nb = (s->cap + BLOCK - 1) / BLOCK, L = s->L;
    if (s->rm_cap != s->cap) {
        s->rm_cap = 0; /* an allocation that fails leaves the arrays marked as absent */
        RENEW(s->rowmax, (size_t)s->cap * nb);
        RENEW(s->rowfresh, (size_t)s->cap);
        s->rm_nb = nb;
        s->rm_cap = s->cap;
    }
    if (s->bb_cap != s->cap || s->bb_L != L) {
        s->bb_cap = 0;
        RENEW(s->blkbk, (size_t)nb * L);
        RENEW(s->blkdirty, (size_t)nb);
        RENEW(s->skey, (size_t)s->cap * L);
        s->bb_cap = s->cap;
        s->bb_L = L;
    }
    if (s->thr_cap < s->valcap || s->thr_L != L) {
        s->thr_cap = 0;
        RENEW(s->thr, (size_t)s->valcap * L);
        RENEW(s->thrgen, (size_t)s->valcap);
        s->tgen = 0;
        s->thr_cap = s->valcap;
        s->thr_L = L;
    }
    for (int b = 0; b < nb; b++)
        ncpy(NP(s->blkbk, b), s->inf, L);
    memset(s->blkdirty, 0, (size_t)nb);
}

static void reset_stage_state(Core *s)
{
    int n = s->n, L = s->L;
    size_t n2 = 2 * (size_t)s->cap;
    /* bound = max(max(dual[:n]), wmax); inf = 1 << (bitlen(bound) + 3) */
    limb *bound = NP(s->vals, s->wmax);
    for (int x = 0; x < n; x++)
        if (ncmp(NP(s->dual, x), bound, L) > 0)
            bound = NP(s->dual, x);
    int bits = nbits(bound, L);
    if ((bits + MARGIN_BITS + 63) / 64 > L) {
        ensure_bits(s, bits);
        reset_stage_state(s);
        return;
    }
    L = s->L;
    for (size_t i = 0; i < n2; i++) {
        s->label[i] = 0;
        s->labfrom[i] = -1;
        s->labto[i] = -1;
        s->bsa[i] = -1;
        s->bsx[i] = -1;
        s->sa[i] = -1;
        s->sx[i] = -1;
        s->intn[i] = 0;
        s->haslist[i] = 0;
        iv_free(&s->lists[i]); /* its capacity too: O(edges) a blossom, kept by every slot it would add up to O(n^3) */
    }
    for (int i = 0; i < n; i++) {
        s->vl[i] = 0;
        s->bestt[i] = -1;
        s->intv[i] = 0;
    }
    s->slist.n = s->tverts.n = s->tnodes.n = s->snodes.n = s->queue.n = 0;
    nsmall(s->inf, 0, L);
    int e = bits + 3;
    s->inf[e / 64] = (limb)1 << (e % 64);
    nsmall(s->neginf, 0, L);
    nsub(s->neginf, s->neginf, s->inf, L);
    nsmall(s->offset, 0, L);
    memset(s->bsk, 0, n2 * L * sizeof(limb));
    for (size_t i = 0; i < n2; i++)
        nsmall(NP(s->sk, i), -1, L);
    for (int i = 0; i < n; i++)
        ncpy(NP(s->bk, i), s->inf, L);
    s->hn = 0;
}

static void release(Core *s, int b)
{
    s->bchilds[b].n = 0;
    s->bedges[b].n = 0;
    s->bleaves[b].n = 0;
    s->bparent[b] = -1;
    s->bbase[b] = -1;
    nsmall(s->dual + (size_t)b * s->L, 0, s->L);
    iv_push(&s->freeb, b);
}

/* ---------------- a solution at rest ---------------- */
/* The fallback start of a solve from scratch (PythonCore._ordered_start): each vertex in turn gets the least dual
   feasible with the earlier ones, and is matched along a tight edge to a free earlier vertex. */
static void ordered_start(Core *s)
{
    int n = s->n, L = s->L;
    limb *u = s->dual;
    limb *best = s->tmp, *d = s->tmp + L;
    for (int v = 0; v < n; v++) {
        const uint32_t *row = s->w + (size_t)v * s->cap;
        nsmall(best, 0, L);
        int arg = -1;
        for (int j = 0; j < v; j++) {
            if (!row[j])
                continue;
            nsub(d, NP(s->vals, row[j]), NP(u, j), L);
            int c = ncmp(d, best, L);
            if (c > 0 || (c == 0 && (arg < 0 || s->mate[arg] >= 0) && s->mate[j] < 0)) {
                ncpy(best, d, L);
                arg = j;
            }
        }
        ncpy(NP(u, v), best, L);
        if (arg >= 0 && !nzero(best, L) && s->mate[arg] < 0) {
            s->mate[v] = arg;
            s->mate[arg] = v;
        }
    }
}

static void clear_solution(Core *s)
{
    int cap = s->cap;
    for (int i = 0; i < s->n; i++) {
        s->mate[i] = -1;
        s->top[i] = i;
    }
    memset(s->dual, 0, 2 * (size_t)cap * s->L * sizeof(limb));
    for (int b = 0; b < 2 * cap; b++) {
        s->bparent[b] = -1;
        s->bchilds[b].n = 0;
        s->bedges[b].n = 0;
        s->bleaves[b].n = 0;
        s->bbase[b] = b < cap ? b : -1;
    }
    s->freeb.n = 0;
    for (int b = 2 * cap - 1; b >= cap; b--)
        iv_push(&s->freeb, b);
}

static void dissolve(Core *s, int b)
{
    int L = s->L, cnt, one;
    limb *u = s->dual;
    limb *z = NP(u, b);
    if (!nzero(z, L)) {
        int *lv = leaves(s, b, &cnt, &one);
        for (int k = 0; k < cnt; k++)
            nadd(NP(u, lv[k]), NP(u, lv[k]), z, L);
        nsmall(z, 0, L);
        int base = s->bbase[b];
        int m = s->mate[base];
        if (m >= 0) {
            s->mate[base] = -1;
            s->mate[m] = -1;
        }
    }
    ivec *ch = &s->bchilds[b];
    for (int k = 0; k < ch->n; k++) {
        int c = ch->a[k];
        s->bparent[c] = -1;
        int *lv = leaves(s, c, &cnt, &one);
        for (int i = 0; i < cnt; i++)
            s->top[lv[i]] = c;
    }
    release(s, b);
}

static void prepare(Core *s, int v)
{
    while (s->top[v] != v)
        dissolve(s, s->top[v]);
    int m = s->mate[v];
    if (m >= 0) {
        s->mate[v] = -1;
        s->mate[m] = -1;
    }
}

/* u(v) = max(0, max_j W(v, j) - u(j)) */
static void least_dual(Core *s, int v)
{
    int L = s->L;
    limb *best = s->tmp, *d = s->tmp + L;
    const uint32_t *row = s->w + (size_t)v * s->cap;
    nsmall(best, 0, L);
    for (int j = 0; j < s->n; j++) {
        if (!row[j])
            continue;
        nsub(d, NP(s->vals, row[j]), NP(s->dual, j), L);
        if (ncmp(d, best, L) > 0)
            ncpy(best, d, L);
    }
    ncpy(NP(s->dual, v), best, L);
}

/* The least feasible dual for every vertex with sel[v] set and every single free vertex with a positive dual, in order
   (PythonCore._lower_free); frees sel. */
static void lower_free(Core *s, uint8_t *sel)
{
    int L = s->L;
    for (int x = 0; x < s->n; x++)
        if (s->mate[x] < 0 && s->top[x] == x && nsign(NP(s->dual, x), L) > 0)
            sel[x] = 1;
    for (int v = 0; v < s->n; v++)
        if (sel[v])
            least_dual(s, v);
    tmp_free(sel);
}

static inline int infeasible(Core *s, const uint32_t *row, int a, int b, limb *t)
{
    int L = s->L;
    if (!row[b])
        return 0;
    nadd(t, NP(s->dual, a), NP(s->dual, b), L);
    return ncmp(t, NP(s->vals, row[b]), L) < 0;
}

/* Vertices covering every infeasible edge (no blossoms yet), the one on most uncovered ones first, the smaller on
   ties, as sel[v] = 1 (PythonCore._violated_cover); NULL past n / 2 of them. */
static uint8_t *violated_cover(Core *s, int *count)
{
    int n = s->n;
    limb *t = s->tmp + 2 * s->L;
    int *deg = tmp_calloc((size_t)n + 1, sizeof(int));
    uint8_t *covered = tmp_calloc((size_t)n + 1, 1);
    for (int a = 0; a < n; a++) {
        const uint32_t *row = s->w + (size_t)a * s->cap;
        for (int b = a + 1; b < n; b++)
            if (infeasible(s, row, a, b, t)) {
                deg[a]++;
                deg[b]++;
            }
    }
    int limit = n >= tuning.resolve_min_size ? n / tuning.resolve_fraction : n;
    *count = 0;
    for (;;) {
        int v = -1;
        for (int x = 0; x < n; x++)
            if (deg[x] > 0 && (v < 0 || deg[x] > deg[v]))
                v = x;
        if (v < 0)
            break;
        if (*count > limit) {
            tmp_free(covered);
            covered = NULL;
            break;
        }
        ++*count;
        covered[v] = 1;
        deg[v] = 0;
        const uint32_t *row = s->w + (size_t)v * s->cap;
        for (int j = 0; j < n; j++)
            if (!covered[j] && infeasible(s, row, v, j, t))
                deg[j]--;
    }
    tmp_free(deg);
    return covered;
}

/* A starting solution for a solve from scratch (PythonCore._initialise): each free vertex in turn is matched to the
   later free vertex of its heaviest edge (the first on ties), both with half its weight as
   dual; the free ones get the least feasible dual; the edges still infeasible are covered by a few vertices, which are
   unmatched and get the least feasible dual with every free vertex. Past n / 2 of them, ordered_start instead. */
static void initialise(Core *s)
{
    int n = s->n, L = s->L;
    limb *u = s->dual;
    s->pend.n = 0;
    memset(s->pendbits, 0, ((size_t)s->cap * s->cap + 7) / 8);
    s->max_roots = tuning.scratch_max_roots;
    for (int v = 0; v < n; v++) {
        if (s->mate[v] >= 0)
            continue;
        const uint32_t *row = s->w + (size_t)v * s->cap;
        int arg = -1;
        for (int j = v + 1; j < n; j++) {
            if (!row[j] || s->mate[j] >= 0)
                continue;
            int c = arg < 0 ? 1 : ncmp(NP(s->vals, row[j]), NP(s->vals, row[arg]), L);
            if (c > 0)
                arg = j;
        }
        if (arg >= 0) {
            s->mate[v] = arg;
            s->mate[arg] = v;
            nsar1(NP(u, v), NP(s->vals, row[arg]), L);
            ncpy(NP(u, arg), NP(u, v), L);
        }
    }
    for (int v = 0; v < n; v++)
        if (s->mate[v] < 0)
            least_dual(s, v);
    int count;
    uint8_t *cover = violated_cover(s, &count);
    if (!cover) {
        clear_solution(s);
        ordered_start(s);
        return;
    }
    for (int v = 0; v < n; v++)
        if (cover[v] && s->mate[v] >= 0) {
            s->mate[s->mate[v]] = -1;
            s->mate[v] = -1;
        }
    lower_free(s, cover);
}

/* The blossom cycle edges at each vertex (PythonCore._cycle_partners), as lists in one array: the other ends of
   x's are ends[start[x] .. start[x + 1] - 1]. */
static void cycle_partners(Core *s, int **pstart, int **pends)
{
    int n = s->n, cap = s->cap;
    int *start = tmp_calloc((size_t)n + 1, sizeof(int));
    size_t total = 0;
    for (int b = cap; b < 2 * cap; b++) {
        const ivec *e = &s->bedges[b];
        for (int k = 0; k + 1 < e->n; k += 2) {
            start[e->a[k] + 1]++;
            start[e->a[k + 1] + 1]++;
            total += 2;
        }
    }
    for (int x = 0; x < n; x++)
        start[x + 1] += start[x];
    int *ends = tmp_calloc(total + 1, sizeof(int));
    int *fill = tmp_calloc((size_t)n + 1, sizeof(int));
    for (int b = cap; b < 2 * cap; b++) {
        const ivec *e = &s->bedges[b];
        for (int k = 0; k + 1 < e->n; k += 2) {
            int x = e->a[k], y = e->a[k + 1];
            ends[start[x] + fill[x]++] = y;
            ends[start[y] + fill[y]++] = x;
        }
    }
    tmp_free(fill);
    *pstart = start;
    *pends = ends;
}

/* Whether a change of {a, b} inside a blossom leaves every condition but (iii) in place (PythonCore._harmless_inside):
   a lighter weight on an edge neither matched nor on a blossom's cycle only raises its slack. */
static int harmless_inside(Core *s, int a, int b, uint32_t wi, int old, int **start, int **ends)
{
    int L = s->L;
    if (s->mate[a] == b || ncmp(NP(s->vals, wi), NP(s->vals, old), L) >= 0)
        return 0;
    if (!*start)
        cycle_partners(s, start, ends);
    for (int k = (*start)[a]; k < (*start)[a + 1]; k++)
        if ((*ends)[k] == b)
            return 0;
    return 1;
}

/* A matched pair whose ends lie in no blossom and have no other edge (an isolated pair, PythonCore._lone_pair): every
   condition holds again once its ends' duals are half its doubled weight each, which is done. */
static int lone_pair(Core *s, int a, int b, uint32_t wi)
{
    int n = s->n, cap = s->cap, L = s->L;
    if (!wi || s->top[a] != a || s->top[b] != b)
        return 0;
    const uint32_t *ra = s->w + (size_t)a * cap, *rb = s->w + (size_t)b * cap;
    for (int j = 0; j < n; j++)
        if ((ra[j] && j != b) || (rb[j] && j != a))
            return 0;
    nsar1(NP(s->dual, a), NP(s->vals, wi), L);
    ncpy(NP(s->dual, b), NP(s->dual, a), L);
    return 1;
}

static void apply_pending(Core *s)
{
    int n = s->n, cap = s->cap, L = s->L;
    limb *u = s->dual;
    limb *t = s->tmp + 2 * L;
    int np = s->pend.n / 3;
    int *ea = tmp_calloc((size_t)np, sizeof(int));
    int *eb = tmp_calloc((size_t)np, sizeof(int));
    int *cstart = NULL, *cends = NULL;
    int ne = 0;
    for (int k = 0; k < np; k++) {
        int a = s->pend.a[3 * k], b = s->pend.a[3 * k + 1], old = s->pend.a[3 * k + 2];
        size_t bit = (size_t)a * cap + b;
        s->pendbits[bit >> 3] &= (uint8_t)~(1u << (bit & 7));
        uint32_t wi = s->w[(size_t)a * cap + b];
        if ((int)wi == old)
            continue;
        int need;
        if (s->top[a] == s->top[b] && s->top[a] >= cap)
            need = !harmless_inside(s, a, b, wi, old, &cstart, &cends);
        else if (s->mate[a] == b)
            need = !lone_pair(s, a, b, wi);
        else {
            nadd(t, NP(u, a), NP(u, b), L);
            need = wi && ncmp(t, NP(s->vals, wi), L) < 0;
        }
        if (need) {
            ea[ne] = a;
            eb[ne] = b;
            ne++;
        }
    }
    s->pend.n = 0;
    if (cstart) {
        tmp_free(cstart);
        tmp_free(cends);
    }
    if (!ne) {
        tmp_free(ea);
        tmp_free(eb);
        return;
    }
    /* greedy vertex cover: most edges first, the smaller vertex in ties */
    int *deg = tmp_calloc((size_t)n, sizeof(int));
    int *start = tmp_calloc((size_t)n + 1, sizeof(int));
    int *inc = tmp_calloc((size_t)2 * ne, sizeof(int));
    uint8_t *gone = tmp_calloc((size_t)ne, 1);
    for (int e = 0; e < ne; e++) {
        deg[ea[e]]++;
        deg[eb[e]]++;
    }
    for (int x = 0; x < n; x++)
        start[x + 1] = start[x] + deg[x];
    int *fill = tmp_calloc((size_t)n, sizeof(int));
    for (int e = 0; e < ne; e++) {
        inc[start[ea[e]] + fill[ea[e]]++] = e;
        inc[start[eb[e]] + fill[eb[e]]++] = e;
    }
    tmp_free(fill);
    ivec *cover = &s->cover;
    cover->n = 0;
    int limit = n >= tuning.resolve_min_size ? n / tuning.resolve_fraction : n;
    int left = ne, scratch = 0;
    while (left) {
        if (cover->n > limit) {
            scratch = 1;
            break;
        }
        int v = -1;
        for (int x = 0; x < n; x++)
            if (deg[x] > 0 && (v < 0 || deg[x] > deg[v]))
                v = x;
        iv_push(cover, v);
        for (int k = start[v]; k < start[v + 1]; k++) {
            int e = inc[k];
            if (gone[e])
                continue;
            gone[e] = 1;
            deg[ea[e]]--;
            deg[eb[e]]--;
            left--;
        }
    }
    tmp_free(deg);
    tmp_free(start);
    tmp_free(inc);
    tmp_free(gone);
    tmp_free(ea);
    tmp_free(eb);
    if (scratch) {
        clear_solution(s);
        initialise(s);
        return;
    }
    for (int k = 0; k < cover->n; k++)
        prepare(s, cover->a[k]);
    uint8_t *sel = tmp_calloc((size_t)n + 1, 1);
    for (int k = 0; k < cover->n; k++)
        sel[cover->a[k]] = 1;
    lower_free(s, sel);
}

static void normalise_parity(Core *s)
{
    int n = s->n, cap = s->cap, L = s->L, cnt, one;
    limb *u = s->dual;
    limb *onev = s->tmp + 3 * L;
    nsmall(onev, 1, L);
    for (int x = 0; x < n; x++) {
        if (s->mate[x] >= 0 || !(NP(u, x)[0] & 1))
            continue;
        for (;;) {
            int b = s->top[x];
            if (b < cap) {
                nadd(NP(u, x), NP(u, x), onev, L);
                break;
            }
            if (nsign(NP(u, b), L) > 0) {
                int *lv = leaves(s, b, &cnt, &one);
                for (int k = 0; k < cnt; k++)
                    nadd(NP(u, lv[k]), NP(u, lv[k]), onev, L);
                nsub(NP(u, b), NP(u, b), onev, L);
                break;
            }
            dissolve(s, b);
        }
    }
}

/* ---------------- primal operations ---------------- */
static int index_of(ivec *v, int x)
{
    for (int i = 0; i < v->n; i++)
        if (v->a[i] == x)
            return i;
    return -1;
}

static void rotate_vec(ivec *v, int i, int width)
{
    /* v = v[i*width:] + v[:i*width] */
    int n = v->n, k = i * width;
    if (!k)
        return;
    int *t = tmp_calloc((size_t)n, sizeof(int));
    memcpy(t, v->a + k, (size_t)(n - k) * sizeof(int));
    memcpy(t + (n - k), v->a, (size_t)k * sizeof(int));
    memcpy(v->a, t, (size_t)n * sizeof(int));
    tmp_free(t);
}

static void rotate(Core *s, int b0, int v0)
{
    int cap = s->cap;
    ivec *stack = &s->rotation;
    stack->n = 0;
    iv_push(stack, b0);
    iv_push(stack, v0);
    while (stack->n) {
        int v = stack->a[--stack->n];
        int b = stack->a[--stack->n];
        int t = v;
        while (s->bparent[t] != b)
            t = s->bparent[t];
        if (t >= cap) {
            iv_push(stack, t);
            iv_push(stack, v);
        }
        ivec *childs = &s->bchilds[b];
        int i = index_of(childs, t);
        if (i) {
            ivec *edges = &s->bedges[b];
            int k = childs->n;
            int p, stop, step;
            if (i & 1) {
                p = k - 1;
                stop = i;
                step = -2;
            } else {
                p = 0;
                stop = i;
                step = 2;
            }
            for (; step > 0 ? p < stop : p > stop; p += step) {
                int x = edges->a[2 * p], y = edges->a[2 * p + 1];
                s->mate[x] = y;
                s->mate[y] = x;
                int c = childs->a[p];
                if (c >= cap) {
                    iv_push(stack, c);
                    iv_push(stack, x);
                }
                c = p + 1 < k ? childs->a[p + 1] : childs->a[0];
                if (c >= cap) {
                    iv_push(stack, c);
                    iv_push(stack, y);
                }
            }
            rotate_vec(childs, i, 1);
            rotate_vec(edges, i, 2);
        }
        s->bbase[b] = v;
    }
}

static void walk(Core *s, int sv, int j)
{
    int cap = s->cap;
    for (;;) {
        int bs = s->top[sv];
        if (bs >= cap)
            rotate(s, bs, sv);
        s->mate[sv] = j;
        int t = s->labfrom[bs];
        if (t < 0)
            return;
        int bt = s->top[t];
        sv = s->labfrom[bt];
        j = s->labto[bt];
        if (bt >= cap)
            rotate(s, bt, j);
        s->mate[j] = sv;
    }
}

/* ---------------- labelling ---------------- */
/* x becomes an S vertex: on slist and the queue, with its key u(x) + offset. */
static inline void push_s(Core *s, int x)
{
    int L = s->L;
    nadd(NP(s->skey, s->slist.n), NP(s->dual, x), s->offset, L);
    iv_push(&s->slist, x);
    iv_push(&s->queue, x);
}

static void label_s(Core *s, int b, int frm, int to)
{
    int L = s->L, cnt, one;
    s->label[b] = 1;
    s->labfrom[b] = frm;
    s->labto[b] = to;
    iv_push(&s->snodes, b);
    int *lv = leaves(s, b, &cnt, &one);
    for (int k = 0; k < cnt; k++) {
        int x = lv[k];
        s->vl[x] = 1;
        ncpy(NP(s->bk, x), s->neginf, L);
        push_s(s, x);
    }
}

static void label_t(Core *s, int b, int frm, int to)
{
    int L = s->L, cnt, one;
    s->label[b] = 2;
    s->labfrom[b] = frm;
    s->labto[b] = to;
    if (!s->intn[b]) {
        s->intn[b] = 1;
        iv_push(&s->tnodes, b);
    }
    if (b < s->cap)
        ncpy(NP(s->bk, b), s->neginf, L);
    int *lv = leaves(s, b, &cnt, &one);
    for (int k = 0; k < cnt; k++) {
        int x = lv[k];
        s->vl[x] = 2;
        if (!s->intv[x]) {
            s->intv[x] = 1;
            iv_push(&s->tverts, x);
        }
    }
}

static int grow_or_augment(Core *s, int v, int j)
{
    int bj = s->top[j];
    int base = s->bbase[bj];
    int m = s->mate[base];
    if (m < 0) {
        walk(s, v, j);
        walk(s, j, v);
        return 1;
    }
    label_t(s, bj, v, j);
    label_s(s, s->top[m], base, m);
    return 0;
}

/* Record slack sl of (y, j) towards S blossom tg (make_blossom). */
static inline void record_slack(Core *s, ivec *touched, int tg, const limb *sl, int y, int j)
{
    int L = s->L;
    limb *old = NP(s->sk, tg);
    if (nneg(old, L)) {
        iv_push(touched, tg);
        ncpy(old, sl, L);
        s->sa[tg] = y;
        s->sx[tg] = j;
    } else if (ncmp(sl, old, L) < 0) {
        ncpy(old, sl, L);
        s->sa[tg] = y;
        s->sx[tg] = j;
    }
}

/* The cycle closed by (v, w) through base bb: children and edges of the new blossom. */
static void blossom_cycle(Core *s, int bb, int v, int w, ivec *childs, ivec *edges)
{
    int *top = s->top, *labfrom = s->labfrom, *labto = s->labto;
    ivec *pv = &s->path_v, *pw = &s->path_w;
    pv->n = pw->n = 0;
    int x = top[v];
    while (x != bb) {
        iv_push(pv, x);
        int t = top[labfrom[x]];
        iv_push(pv, t);
        x = top[labfrom[t]];
    }
    x = top[w];
    while (x != bb) {
        iv_push(pw, x);
        int t = top[labfrom[x]];
        iv_push(pw, t);
        x = top[labfrom[t]];
    }
    childs->n = edges->n = 0;
    iv_push(childs, bb);
    for (int k = pv->n - 1; k >= 0; k--)
        iv_push(childs, pv->a[k]);
    for (int k = 0; k < pw->n; k++)
        iv_push(childs, pw->a[k]);
    for (int k = pv->n - 1; k >= 0; k--) {
        iv_push(edges, labfrom[pv->a[k]]);
        iv_push(edges, labto[pv->a[k]]);
    }
    iv_push(edges, v);
    iv_push(edges, w);
    for (int k = 0; k < pw->n; k++) {
        iv_push(edges, labto[pw->a[k]]);
        iv_push(edges, labfrom[pw->a[k]]);
    }
}

static void make_blossom(Core *s, int bb, int v, int w)
{
    int L = s->L, cnt, one;
    int *top = s->top;
    limb *u = s->dual;
    int b = s->freeb.a[--s->freeb.n];
    ivec *childs = &s->bchilds[b];
    blossom_cycle(s, bb, v, w, childs, &s->bedges[b]);
    s->bparent[b] = -1;
    s->bbase[b] = s->bbase[bb];
    nsmall(NP(u, b), 0, L);
    s->label[b] = 1;
    s->labfrom[b] = s->labfrom[bb];
    s->labto[b] = s->labto[bb];
    iv_push(&s->snodes, b);

    int k = childs->n;
    /* leaves of each child, before top changes: offsets into a flat array */
    ivec *flat = &s->flat;
    flat->n = 0;
    int *lstart = tmp_calloc((size_t)k + 1, sizeof(int));
    for (int idx = 0; idx < k; idx++) {
        int c = childs->a[idx];
        s->bparent[c] = b;
        int *lv = leaves(s, c, &cnt, &one);
        lstart[idx] = flat->n;
        for (int i = 0; i < cnt; i++)
            iv_push(flat, lv[i]);
        lstart[idx + 1] = flat->n;
        for (int i = lstart[idx]; i < lstart[idx + 1]; i++)
            top[flat->a[i]] = b;
        if (s->label[c] == 2) {
            for (int i = lstart[idx]; i < lstart[idx + 1]; i++) {
                int y = flat->a[i];
                s->vl[y] = 1;
                ncpy(NP(s->bk, y), s->neginf, L);
                push_s(s, y);
            }
        }
    }
    ivec *bl = &s->bleaves[b];
    bl->n = 0;
    for (int idx = k - 1; idx >= 0; idx--)
        for (int i = lstart[idx]; i < lstart[idx + 1]; i++)
            iv_push(bl, flat->a[i]);

    /* least-slack edge from the new blossom to every other S blossom */
    limb *sl = s->tmp;
    ivec *touched = &s->touched;
    touched->n = 0;
    for (int idx = 0; idx < k; idx++) {
        int c = childs->a[idx];
        if (s->label[c] != 1)
            continue;
        if (!s->haslist[c]) {
            for (int i = lstart[idx]; i < lstart[idx + 1]; i++) {
                int y = flat->a[i];
                const uint32_t *row = s->w + (size_t)y * s->cap;
                limb *uy = NP(u, y);
                for (int q = 0; q < s->slist.n; q++) {
                    int j = s->slist.a[q];
                    if (!row[j])
                        continue;
                    int tg = top[j];
                    if (tg == b)
                        continue;
                    nadd(sl, uy, NP(u, j), L);
                    nsub(sl, sl, NP(s->vals, row[j]), L);
                    record_slack(s, touched, tg, sl, y, j);
                }
            }
        } else {
            ivec *lc = &s->lists[c];
            for (int p = 0; p < lc->n; p += 2) {
                int y = lc->a[p], j = lc->a[p + 1];
                int tg = top[j];
                if (tg == b)
                    continue;
                nadd(sl, NP(u, y), NP(u, j), L);
                nsub(sl, sl, WT(s, y, j), L);
                record_slack(s, touched, tg, sl, y, j);
            }
        }
        s->haslist[c] = 0;
        iv_free(&s->lists[c]);
    }
    ivec *nl = &s->lists[b];
    iv_free(nl);
    s->haslist[b] = 1;
    limb *best = s->tmp + L;
    nsmall(best, -1, L);
    int ba = -1, bx = -1;
    for (int i = 0; i < touched->n; i++) {
        int tg = touched->a[i];
        limb *skv = NP(s->sk, tg);
        iv_push(nl, s->sa[tg]);
        iv_push(nl, s->sx[tg]);
        if (nneg(best, L) || ncmp(skv, best, L) < 0) {
            ncpy(best, skv, L);
            ba = s->sa[tg];
            bx = s->sx[tg];
        }
        nsmall(skv, -1, L);
    }
    s->bsa[b] = ba;
    s->bsx[b] = bx;
    nadd(best, best, s->offset, L);
    nadd(NP(s->bsk, b), best, s->offset, L);
    tmp_free(lstart);
}

static int tight_ss(Core *s, int v, int w)
{
    int *top = s->top, *labfrom = s->labfrom, *mark = s->mark;
    int stamp = ++s->stamp;
    int bv = top[v], bw = top[w], base = -1;
    while (bv >= 0 || bw >= 0) {
        if (bv >= 0) {
            if (mark[bv] == stamp) {
                base = bv;
                break;
            }
            mark[bv] = stamp;
            int f = labfrom[bv];
            bv = f < 0 ? -1 : top[labfrom[top[f]]];
        }
        int t = bv;
        bv = bw;
        bw = t;
    }
    if (base < 0) {
        walk(s, v, w);
        walk(s, w, v);
        return 1;
    }
    make_blossom(s, base, v, w);
    return 0;
}

/* One step along a blossom's cycle of k children from child p: the next
 * child, with the ends of the edge (own end a, the next child's end y). */
static inline int cycle_step(const int *edges, int p, int k, int forward, int *a, int *y)
{
    if (forward) {
        *a = edges[2 * p];
        *y = edges[2 * p + 1];
        return p + 1 < k ? p + 1 : 0;
    }
    *y = edges[2 * (p - 1)];
    *a = edges[2 * (p - 1) + 1];
    return p - 1;
}

static void expand_t(Core *s, int b)
{
    int L = s->L, cnt, one;
    int *top = s->top;
    ivec *ch = &s->bchilds[b];
    int k = ch->n;
    int *childs = tmp_calloc((size_t)k, sizeof(int));
    int *edges = tmp_calloc((size_t)2 * k, sizeof(int));
    memcpy(childs, ch->a, (size_t)k * sizeof(int));
    memcpy(edges, s->bedges[b].a, (size_t)2 * k * sizeof(int));
    for (int i = 0; i < k; i++) {
        int c = childs[i];
        s->bparent[c] = -1;
        s->label[c] = 0;
        s->labfrom[c] = -1;
        int *lv = leaves(s, c, &cnt, &one);
        for (int q = 0; q < cnt; q++) {
            top[lv[q]] = c;
            s->vl[lv[q]] = 0;
        }
    }
    int sv = s->labfrom[b], t = s->labto[b];
    int p = 0;
    while (childs[p] != top[t])
        p++;
    label_t(s, childs[p], sv, t);
    int forward = p & 1;
    while (p) {
        /* the even path from the entry child to the base: S and T in turn */
        int a, y;
        p = cycle_step(edges, p, k, forward, &a, &y);
        label_s(s, childs[p], a, y);
        p = cycle_step(edges, p, k, forward, &a, &y);
        label_t(s, childs[p], a, y);
    }
    limb *key = s->tmp + 4 * L;
    for (int i = 0; i < k; i++) {
        int c = childs[i];
        if (s->label[c])
            continue;
        int *lv = leaves(s, c, &cnt, &one);
        for (int q = 0; q < cnt; q++) {
            int x = lv[q];
            if (s->bestt[x] >= 0) {
                nadd(key, NP(s->bk, x), NP(s->dual, x), L);
                heap_push(s, key, x);
            }
        }
    }
    s->label[b] = 0;
    s->labfrom[b] = -1;
    release(s, b);
    tmp_free(childs);
    tmp_free(edges);
}

/* ---------------- the stage ---------------- */

/* The first j >= j0 (n when none) whose edge from the S vertex with
 * uvo = u(v) + offset improves the least slack recorded at j, i.e. with
 * uvo - W(v, j) < bk[j] (non-edges skipped).  The top limb of uvo - W is d
 * or d - 1, which decides most comparisons without the whole subtraction. */
#define NEXT_IMPROVING_BODY                                                     \
    limb kd[MAX_FIXED_LIMBS];                                                   \
    for (int j = j0; j < n; j++) {                                              \
        uint32_t wi = row[j];                                                   \
        if (!wi)                                                                \
            continue;                                                           \
        const limb *bkj = bk + (size_t)j * L;                                   \
        const limb *wt = vals + (size_t)wi * L;                                 \
        int64_t d = (int64_t)uvo[L - 1] - (int64_t)wt[L - 1];                   \
        int64_t bt = (int64_t)bkj[L - 1];                                       \
        if (d - 1 > bt)                                                         \
            continue;                                                           \
        if (d < bt)                                                             \
            return j;                                                           \
        nsub(kd, uvo, wt, L);                                                   \
        if (ncmp(kd, bkj, L) < 0)                                               \
            return j;                                                           \
    }                                                                           \
    return n;

#define MAX_FIXED_LIMBS 12

#define NEXT_IMPROVING_FIXED(K)                                                 \
    static int next_improving_##K(const uint32_t *row, const limb *vals,        \
                                  const limb *bk, const limb *uvo, int j0, int n) \
    {                                                                           \
        const int L = K;                                                        \
        NEXT_IMPROVING_BODY                                                     \
    }
NEXT_IMPROVING_FIXED(1)
NEXT_IMPROVING_FIXED(2)
NEXT_IMPROVING_FIXED(3)
NEXT_IMPROVING_FIXED(4)
NEXT_IMPROVING_FIXED(5)
NEXT_IMPROVING_FIXED(6)
NEXT_IMPROVING_FIXED(7)
NEXT_IMPROVING_FIXED(8)
NEXT_IMPROVING_FIXED(9)
NEXT_IMPROVING_FIXED(10)
NEXT_IMPROVING_FIXED(11)
NEXT_IMPROVING_FIXED(12)

/* The same for any number of limbs (the wide weights of a scaled copy):
 * the sign of D = uvo - W(v, j) - bk[j] from the top limb down.  After the
 * limbs above i, D = a B^i + (the limbs below), which lie strictly between
 * -2 B^i and B^i; so D < 0 when a <= -1 and D > 0 when a >= 2, and only
 * a = 0 or 1 needs the next limb. */
static int next_improving_any(const uint32_t *row, const limb *vals, const limb *bk, const limb *uvo, int j0,
                              int n, int L)
{
    for (int j = j0; j < n; j++) {
        uint32_t wi = row[j];
        if (!wi)
            continue;
        const limb *wt = vals + (size_t)wi * L;
        const limb *bkj = bk + (size_t)j * L;
        __int128 a = (__int128)(int64_t)uvo[L - 1] - (int64_t)wt[L - 1] - (int64_t)bkj[L - 1];
        for (int i = L - 2; i >= 0 && (a == 0 || a == 1); i--)
            a = a * ((__int128)1 << 64) + (__int128)uvo[i] - (__int128)wt[i] - (__int128)bkj[i];
        if (a < 0)
            return j;
    }
    return n;
}

static int next_improving(const uint32_t *row, const limb *vals, const limb *bk, const limb *uvo, int j0, int n,
                          int L)
{
    switch (L) {
    case 1: return next_improving_1(row, vals, bk, uvo, j0, n);
    case 2: return next_improving_2(row, vals, bk, uvo, j0, n);
    case 3: return next_improving_3(row, vals, bk, uvo, j0, n);
    case 4: return next_improving_4(row, vals, bk, uvo, j0, n);
    case 5: return next_improving_5(row, vals, bk, uvo, j0, n);
    case 6: return next_improving_6(row, vals, bk, uvo, j0, n);
    case 7: return next_improving_7(row, vals, bk, uvo, j0, n);
    case 8: return next_improving_8(row, vals, bk, uvo, j0, n);
    case 9: return next_improving_9(row, vals, bk, uvo, j0, n);
    case 10: return next_improving_10(row, vals, bk, uvo, j0, n);
    case 11: return next_improving_11(row, vals, bk, uvo, j0, n);
    case 12: return next_improving_12(row, vals, bk, uvo, j0, n);
    default: return next_improving_any(row, vals, bk, uvo, j0, n, L);
    }
}

/* The index of the heaviest weight of each block of row v (0: no edge), taken again after a change. */
static const uint32_t *row_maxima(Core *s, int v)
{
    uint32_t *rmax = s->rowmax + (size_t)v * s->rm_nb;
    if (s->rowfresh[v])
        return rmax;
    int n = s->n, L = s->L;
    const uint32_t *row = s->w + (size_t)v * s->cap;
    for (int blk = 0, j0 = 0; j0 < n; blk++, j0 += BLOCK) {
        int j1 = j0 + BLOCK < n ? j0 + BLOCK : n;
        uint32_t best = 0;
        for (int j = j0; j < j1; j++) {
            uint32_t wi = row[j];
            if (wi && wi != best && (!best || ncmp(NP(s->vals, wi), NP(s->vals, best), L) > 0))
                best = wi;
        }
        rmax[blk] = best;
    }
    s->rowfresh[v] = 1;
    return rmax;
}

/* The bound of block blk (vertices j0 .. j1 - 1) taken again: the largest bk among them. */
static void block_bound(Core *s, int blk, int j0, int j1)
{
    int L = s->L;
    const limb *best = NP(s->bk, j0);
    for (int j = j0 + 1; j < j1; j++)
        if (ncmp(NP(s->bk, j), best, L) > 0)
            best = NP(s->bk, j);
    ncpy(NP(s->blkbk, blk), best, L);
    s->blkdirty[blk] = 0;
}

/* A new generation of the scan's thresholds (every one to be taken again). */
static inline unsigned next_gen(Core *s)
{
    if (++s->tgen == 0) {
        memset(s->thrgen, 0, (size_t)s->thr_cap * sizeof(unsigned));
        s->tgen = 1;
    }
    return s->tgen;
}

/* Scan the edges of the new S vertex v; 1 when the stage augmented. */
static int scan_vertex(Core *s, int v)
{
    int L = s->L, n = s->n;
    int *top = s->top, *vl = s->vl;
    limb *u = s->dual, *offset = s->offset;
    limb *sl = s->tmp + 5 * L, *uvo = s->tmp + 6 * L;
    int bv = top[v];
    const limb *uv = NP(u, v);
    const uint32_t *row = s->w + (size_t)v * s->cap;
    const limb *vals = s->vals;
    /* edges to the S vertices labelled so far: sl is the slack plus
     * 2 offset (uv2 = u(v) + 2 offset), so the slack is 0 when sl == off2 */
    limb *uv2 = s->tmp + 3 * L, *off2 = s->tmp + 2 * L;
    nadd(off2, offset, offset, L);
    nadd(uv2, uv, off2, L);
    int ns = s->slist.n;
    /* With a_x = u(x) + offset (constant for an S vertex x during the stage, kept in skey), sl = a_v + a_j - W(v, j),
       which is at least off2 (feasibility). Once bv has a least slack recorded (bsk), an edge matters only when
       it is tight (sl == off2) or better (sl < bsk), i.e. when a_j <= T = bsk - a_v + W(v, j), and a_j == T only
       matters when bsk == off2: one comparison with the threshold of its weight, taken once a scan per weight
       (again when bsk or bv changes). */
    limb *av = s->tmp + 8 * L, *thr = s->thr;
    const limb *skey = s->skey;
    nadd(av, uv, offset, L);
    unsigned gen = next_gen(s);
    int rec = s->bsa[bv] >= 0, eq_skips = rec && ncmp(NP(s->bsk, bv), off2, L) != 0;
    for (int q = 0; q < ns; q++) {
        int j = s->slist.a[q];
        uint32_t wi = row[j];
        if (!wi || top[j] == bv)
            continue;
        if (rec) {
            limb *t = thr + (size_t)wi * L;
            if (s->thrgen[wi] != gen) {
                nsub(t, NP(s->bsk, bv), av, L);
                nadd(t, t, NP(vals, wi), L);
                s->thrgen[wi] = gen;
            }
            int c = ncmp(NP(skey, q), t, L);
            if (c > 0 || (c == 0 && eq_skips)) {
                if (s->haslist[bv]) {
                    iv_push(&s->lists[bv], v);
                    iv_push(&s->lists[bv], j);
                }
                continue;
            }
        }
        nadd(sl, uv2, NP(u, j), L);
        nsub(sl, sl, NP(vals, wi), L);
        if (ncmp(sl, off2, L) == 0) {
            if (tight_ss(s, v, j))
                return 1;
            bv = top[v];
            gen = next_gen(s);
            rec = s->bsa[bv] >= 0;
            eq_skips = rec && ncmp(NP(s->bsk, bv), off2, L) != 0;
            continue;
        }
        if (s->haslist[bv]) {
            iv_push(&s->lists[bv], v);
            iv_push(&s->lists[bv], j);
        }
        if (s->bsa[bv] < 0 || ncmp(sl, NP(s->bsk, bv), L) < 0) {
            s->bsa[bv] = v;
            s->bsx[bv] = j;
            ncpy(NP(s->bsk, bv), sl, L);
            gen = next_gen(s);
            rec = 1;
            eq_skips = ncmp(sl, off2, L) != 0;
        }
    }
    /* edges that improve the least slack recorded at a non-S vertex */
    nadd(uvo, uv, offset, L);
    limb *kd = sl;
    limb *k2 = s->tmp + 4 * L;
    limb *bk = s->bk;
    /* Block by block: a block whose heaviest edge from v does not improve the bound of its bk (uvo - W(v, j)
       >= uvo - max W >= bound >= bk[j]) holds no improving edge and is passed; the others are read as before,
       so the edges are found in the same order. */
    const uint32_t *rmax = row_maxima(s, v);
    limb *lim = s->tmp + 7 * L;
    int nb = (n + BLOCK - 1) / BLOCK;
    for (int blk = 0; blk < nb; blk++) {
        uint32_t mw = rmax[blk];
        if (!mw)
            continue;
        nsub(lim, uvo, NP(vals, mw), L);
        if (ncmp(lim, NP(s->blkbk, blk), L) >= 0)
            continue;
        int j0 = blk * BLOCK, j1 = j0 + BLOCK < n ? j0 + BLOCK : n;
        if (s->blkdirty[blk]) {
            block_bound(s, blk, j0, j1);
            if (ncmp(lim, NP(s->blkbk, blk), L) >= 0)
                continue;
        }
        for (int j = next_improving(row, vals, bk, uvo, j0, j1, L); j < j1;
             j = next_improving(row, vals, bk, uvo, j + 1, j1, L)) {
            limb *bkj = NP(bk, j);
            s->blkdirty[blk] = 1;
            nsub(kd, uvo, NP(vals, row[j]), L);
            int lj = vl[j];
            if (!lj) {
                s->bestt[j] = v;
                ncpy(bkj, kd, L);
                nadd(k2, kd, NP(u, j), L);
                if (ncmp(k2, offset, L) == 0) {
                    if (grow_or_augment(s, v, j))
                        return 1;
                } else {
                    heap_push(s, k2, j);
                }
            } else if (lj == 2 && top[j] != j) {
                s->bestt[j] = v;
                ncpy(bkj, kd, L);
            } else {
                ncpy(bkj, s->neginf, L);
            }
        }
    }
    return 0;
}

/* The dual change: kind 1-4 (see matching.py) and its argument; delta into delta. */
static int choose_delta(Core *s, limb *delta, int *arg)
{
    int L = s->L, cap = s->cap, kind = 0;
    limb *u = s->dual, *offset = s->offset;
    limb *t = s->tmp + 5 * L;
    nsmall(delta, -1, L);
    *arg = -1;
    while (s->hn) {
        int x = s->hx[0];
        nadd(t, NP(s->bk, x), NP(u, x), L);
        if (s->vl[x] || ncmp(t, NP(s->hkey, 0), L) != 0) {
            heap_pop(s);
            continue;
        }
        nsub(delta, NP(s->hkey, 0), offset, L);
        kind = 2;
        *arg = x;
        break;
    }
    for (int i = 0; i < s->snodes.n; i++) {
        int b = s->snodes.a[i];
        if (s->bparent[b] < 0 && s->bsa[b] >= 0) {
            if (NP(s->bsk, b)[0] & 1)
                Py_FatalError("swisspair._matchcore: odd slack between S vertices");
            nsar1(t, NP(s->bsk, b), L);
            nsub(t, t, offset, L);
            if (nneg(delta, L) || ncmp(t, delta, L) < 0) {
                ncpy(delta, t, L);
                kind = 3;
                *arg = b;
            }
        }
    }
    for (int i = 0; i < s->tnodes.n; i++) {
        int b = s->tnodes.a[i];
        if (b >= cap && s->label[b] == 2 && s->bparent[b] < 0) {
            limb *z = NP(u, b);
            if (nneg(delta, L) || ncmp(z, delta, L) < 0) {
                ncpy(delta, z, L);
                kind = 4;
                *arg = b;
            }
        }
    }
    limb *d1 = NP(u, s->slist.a[0]);
    for (int i = 1; i < s->slist.n; i++)
        if (ncmp(NP(u, s->slist.a[i]), d1, L) < 0)
            d1 = NP(u, s->slist.a[i]);
    if (nneg(delta, L) || ncmp(d1, delta, L) < 0) {
        ncpy(delta, d1, L);
        kind = 1;
    }
    return kind;
}

static void change_duals(Core *s, const limb *delta)
{
    int L = s->L, cap = s->cap;
    limb *u = s->dual;
    nadd(s->offset, s->offset, delta, L);
    for (int i = 0; i < s->slist.n; i++) {
        limb *x = NP(u, s->slist.a[i]);
        nsub(x, x, delta, L);
    }
    for (int i = 0; i < s->tverts.n; i++) {
        int x = s->tverts.a[i];
        if (s->vl[x] == 2)
            nadd(NP(u, x), NP(u, x), delta, L);
    }
    for (int i = 0; i < s->snodes.n; i++) {
        int b = s->snodes.a[i];
        if (b >= cap && s->bparent[b] < 0)
            nadd(NP(u, b), NP(u, b), delta, L);
    }
    for (int i = 0; i < s->tnodes.n; i++) {
        int b = s->tnodes.a[i];
        if (b >= cap && s->label[b] == 2 && s->bparent[b] < 0)
            nsub(NP(u, b), NP(u, b), delta, L);
    }
}

static void run_stage(Core *s)
{
    int L = s->L;
    int qi = 0;
    limb *delta = tmp_calloc((size_t)L, sizeof(limb));
    for (;;) {
        while (qi < s->queue.n) {
            int v = s->queue.a[qi++];
            if (scan_vertex(s, v))
                goto done;
        }
        int arg;
        int kind = choose_delta(s, delta, &arg);
        if (!nzero(delta, L))
            change_duals(s, delta);
        if (kind == 2) {
            if (grow_or_augment(s, s->bestt[arg], arg))
                goto done;
        } else if (kind == 3) {
            if (tight_ss(s, s->bsa[arg], s->bsx[arg]))
                goto done;
        } else if (kind == 4) {
            expand_t(s, arg);
        } else {
            for (int i = 0; i < s->slist.n; i++) {
                int x = s->slist.a[i];
                if (nzero(NP(s->dual, x), L)) {
                    walk(s, x, -1);
                    goto done;
                }
            }
            Py_FatalError("swisspair._matchcore: delta1 without a zero dual");
        }
    }
done:
    tmp_free(delta);
}

/* One stage; 0 when no free vertex has a positive dual. */
static int stage(Core *s)
{
    normalise_parity(s);
    int n = s->n, cap = s->cap;
    ivec *roots = &s->roots;
    roots->n = 0;
    for (int x = 0; x < n; x++)
        if (s->mate[x] < 0 && nsign(s->dual + (size_t)x * s->L, s->L) > 0)
            iv_push(roots, x);
    if (!roots->n)
        return 0;
    reset_stage_state(s);
    reset_blocks(s); /* here, inside compute: it may allocate */
    int L = s->L;
    limb *u = s->dual;
    int limit = s->max_roots;
    if (roots->n > limit) {
        /* the limit roots of largest dual (then smallest index), in that order */
        for (int k = 0; k < limit; k++) {
            int bi = k;
            for (int i = k + 1; i < roots->n; i++) {
                int c = ncmp(NP(u, roots->a[i]), NP(u, roots->a[bi]), L);
                if (c > 0 || (c == 0 && roots->a[i] < roots->a[bi]))
                    bi = i;
            }
            int t = roots->a[k];
            roots->a[k] = roots->a[bi];
            roots->a[bi] = t;
        }
        roots->n = limit;
    }
    for (int k = 0; k < roots->n; k++)
        label_s(s, s->top[roots->a[k]], -1, -1);
    s->stages++;
    run_stage(s);
    if (2 * s->slist.n > n)
        s->max_roots = tuning.max_roots;
    /* dissolve the S blossoms whose dual is 0 (and their zero sub-blossoms) */
    ivec *work = &s->work;
    for (int i = 0; i < s->snodes.n; i++) {
        int b = s->snodes.a[i];
        if (b >= cap && s->bparent[b] < 0 && s->label[b] == 1 && nzero(NP(u, b), L) && s->bchilds[b].n) {
            work->n = 0;
            iv_push(work, b);
            while (work->n) {
                int c = work->a[--work->n];
                /* the zero sub-blossoms, before dissolve releases the list
                 * (dissolving c leaves the duals of its children as they are) */
                for (int q = 0; q < s->bchilds[c].n; q++) {
                    int sb = s->bchilds[c].a[q];
                    if (sb >= cap && nzero(NP(u, sb), L))
                        iv_push(work, sb);
                }
                dissolve(s, c);
            }
        }
    }
    return 1;
}

/* No vertex counts as isolated since the last compute any more (PythonCore: _isolated emptied). */
static void forget_isolated(Core *s)
{
    for (int i = 0; i < s->isolist.n; i++)
        s->isolated[s->isolist.a[i]] = 0;
    s->isolist.n = 0;
}

static void compute(Core *s)
{
    s->max_roots = tuning.max_roots;
    if (s->fresh) {
        initialise(s);
        s->fresh = 0;
    } else if (s->pend.n) {
        apply_pending(s);
    }
    while (stage(s))
        ;
    s->max_roots = tuning.max_roots;
    s->certified = 1;
    forget_isolated(s);
}

/* ------------------------------------------------------------------ */
/* storage                                                             */
/* ------------------------------------------------------------------ */
/* Raise the capacity to newcap, renumbering the blossoms (PythonCore._grow); -1 (MemoryError, the core as it
   was) when out of memory. */
static int grow(Core *s, int newcap)
{
    int old = s->cap, L = s->L, n = s->n;
    int shift = newcap - old;
    size_t n2 = 2 * (size_t)newcap;
    arrays a;
    if (new_arrays(&a, newcap, s->hcap, L) < 0) {
        PyErr_NoMemory();
        return -1;
    }
#define REMAP(x) ((x) >= old ? (x) + shift : (x))
    for (int i = 0; i < n; i++)
        memcpy(a.w + (size_t)i * newcap, s->w + (size_t)i * old, (size_t)n * sizeof(uint32_t));
    for (int k = 0; k < s->pend.n; k += 3) {
        size_t bit = (size_t)s->pend.a[k] * newcap + s->pend.a[k + 1];
        a.pendbits[bit >> 3] |= (uint8_t)(1u << (bit & 7));
    }
    for (size_t i = 0; i < n2; i++) {
        a.bparent[i] = -1;
        a.bbase[i] = (int)i < newcap ? (int)i : -1;
    }
    memcpy(a.dual, s->dual, (size_t)old * L * sizeof(limb));
    for (int x = 0; x < old; x++)
        a.bparent[x] = REMAP(s->bparent[x]);
    for (int b = old; b < 2 * old; b++) {
        int nb = b + shift;
        ncpy(NP(a.dual, nb), NP(s->dual, b), L);
        a.bparent[nb] = REMAP(s->bparent[b]);
        a.bchilds[nb] = s->bchilds[b]; /* moved: the old slots are emptied below */
        for (int i = 0; i < a.bchilds[nb].n; i++)
            a.bchilds[nb].a[i] = REMAP(a.bchilds[nb].a[i]);
        a.bedges[nb] = s->bedges[b];
        a.bleaves[nb] = s->bleaves[b];
        a.bbase[nb] = s->bbase[b];
        memset(&s->bchilds[b], 0, sizeof(ivec));
        memset(&s->bedges[b], 0, sizeof(ivec));
        memset(&s->bleaves[b], 0, sizeof(ivec));
    }
    memcpy(a.mate, s->mate, (size_t)old * sizeof(int));
    for (int x = 0; x < n; x++)
        a.top[x] = REMAP(s->top[x]);
    memcpy(a.isolated, s->isolated, (size_t)old);
#undef REMAP
    put_arrays(s, &a, newcap);
    s->stamp = 0;
    for (int b = (int)n2 - 1; b >= newcap; b--)
        if (!s->bchilds[b].n)
            s->freeb.a[s->freeb.n++] = b;
    reset_stage_state(s);
    return 0;
}

/* Index of a weight in the table (appended if new); -1 on error. */
static int intern(Core *s, PyObject *weight)
{
    PyObject *idx = PyDict_GetItemWithError(s->valdict, weight);
    if (idx)
        return (int)PyLong_AsLong(idx);
    if (PyErr_Occurred())
        return -1;
    long bits = py_bit_length(weight);
    if (bits < 0)
        return -1;
    if (s->nvals >= 0x7fffffff) {
        PyErr_SetString(PyExc_OverflowError, "too many distinct weights");
        return -1;
    }
    ensure_bits(s, bits + 1);
    int L = s->L;
    if (s->nvals == s->valcap) {
        int nc = 2 * s->valcap;
        s->vals = xrealloc(s->vals, (size_t)nc * L * sizeof(limb));
        s->valcap = nc;
    }
    limb *dst = NP(s->vals, s->nvals);
    if (py_to_n(weight, dst, L) < 0)
        return -1;
    nadd(dst, dst, dst, L);
    /* the list, then the dict: a failure leaves both as they were (nvals is counted last) */
    PyObject *key = PyLong_FromLong(s->nvals);
    if (!key || PyList_Append(s->vallist, weight) < 0) {
        Py_XDECREF(key);
        return -1;
    }
    if (PyDict_SetItem(s->valdict, weight, key) < 0) {
        Py_DECREF(key);
        PyList_SetSlice(s->vallist, s->nvals, s->nvals + 1, NULL);
        return -1;
    }
    Py_DECREF(key);
    if (ncmp(dst, NP(s->vals, s->wmax), L) > 0)
        s->wmax = s->nvals;
    return s->nvals++;
}

static void note_change(Core *s, int a, int b, uint32_t old, int certify)
{
    if (s->fresh)
        return;
    int i = a < b ? a : b, j = a < b ? b : a;
    size_t bit = (size_t)i * s->cap + j;
    if (s->pendbits[bit >> 3] & (1u << (bit & 7)))
        return;
    s->pendbits[bit >> 3] |= (uint8_t)(1u << (bit & 7));
    iv_push(&s->pend, i);
    iv_push(&s->pend, j);
    iv_push(&s->pend, (int)old);
    if (certify && !s->isolated[a] && !s->isolated[b])
        s->certified = 0;
}

static int set_index(Core *s, int a, int b, int wi)
{
    uint32_t *pa = s->w + (size_t)a * s->cap + b;
    uint32_t old = *pa;
    if ((int)old == wi)
        return 0;
    *pa = (uint32_t)wi;
    s->w[(size_t)b * s->cap + a] = (uint32_t)wi;
    row_changed(s, a);
    row_changed(s, b);
    note_change(s, a, b, old, 1);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Python interface                                                    */
/* ------------------------------------------------------------------ */
/* A graph of size vertices and no edges; -1 with an exception set on failure (then the core stays
   unusable: ready() is false until valdict, set last, exists). */
static int core_setup(Core *s, int size)
{
    int cap = size > tuning.min_capacity ? size : tuning.min_capacity;
    arrays a;
    s->valcap = 16;
    s->vals = raw_calloc((size_t)s->valcap, sizeof(limb));
    if (!s->vals || new_arrays(&a, cap, 0, 1) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->n = size;
    s->L = 1;
    s->nvals = 1;
    s->wmax = 0;
    put_arrays(s, &a, cap);
    s->stamp = 0;
    clear_solution(s);
    s->fresh = 1;
    s->certified = 0;
    s->max_roots = tuning.max_roots;
    reset_stage_state(s);
    PyObject *valdict = PyDict_New(), *vallist = PyList_New(0), *zero = PyLong_FromLong(0);
    if (!valdict || !vallist || !zero || PyDict_SetItem(valdict, zero, zero) < 0
        || PyList_Append(vallist, zero) < 0) {
        Py_XDECREF(valdict);
        Py_XDECREF(vallist);
        Py_XDECREF(zero);
        return -1;
    }
    Py_DECREF(zero);
    s->vallist = vallist;
    s->valdict = valdict;
    return 0;
}

static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Core *s = (Core *)type->tp_alloc(type, 0);
    return (PyObject *)s;
}

static PyObject *guarded(Core *s, PyObject *arg, PyObject *(*call)(Core *, PyObject *), int forgets);

/* core_setup as a guarded call (Core_init): None, or NULL with an exception. */
static PyObject *setup_call(Core *s, PyObject *size)
{
    if (core_setup(s, (int)PyLong_AsSsize_t(size)) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static int Core_init(Core *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"size", NULL};
    Py_ssize_t size = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|n", kwlist, &size))
        return -1;
    if (s->valdict || s->w) {
        PyErr_SetString(PyExc_RuntimeError, "already initialised");
        return -1;
    }
    if (size < 0) {
        PyErr_Format(PyExc_ValueError, "negative size: %zd", size);
        return -1;
    }
    if (size > 100000) {
        PyErr_Format(PyExc_ValueError, "too many vertices: %zd", size);
        return -1;
    }
    PyObject *sizeobj = PyLong_FromSsize_t(size);
    PyObject *done = sizeobj ? guarded(s, sizeobj, setup_call, 0) : NULL;
    Py_XDECREF(sizeobj);
    if (!done)
        return -1;
    Py_DECREF(done);
    return 0;
}

/* Frees whatever the core holds, whole or, after a failed set-up, in part (every array is NULL or complete). */
static void Core_dealloc(Core *s)
{
    size_t n2 = 2 * (size_t)s->cap;
    free_ivecs(s->bchilds, n2);
    free_ivecs(s->bedges, n2);
    free_ivecs(s->bleaves, n2);
    free_ivecs(s->lists, n2);
    void *arrays[] = {s->w, s->pendbits, s->vals, s->mate, s->dual, s->top, s->bparent, s->bbase, s->isolated,
                      s->mark, s->label, s->labfrom, s->labto, s->bsa, s->bsx, s->sa, s->sx, s->vl, s->bestt,
                      s->intv, s->intn, s->haslist, s->hx, s->bsk, s->sk, s->bk, s->offset, s->inf, s->neginf,
                      s->hkey, s->tmp, s->rowmax, s->rowfresh, s->blkbk, s->blkdirty, s->skey, s->thr, s->thrgen};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        free(arrays[k]);
    ivec *vectors[] = {&s->freeb, &s->pend, &s->isolist, &s->slist, &s->tverts, &s->tnodes, &s->snodes, &s->queue,
                       &s->cover, &s->rotation, &s->path_v, &s->path_w, &s->flat, &s->touched, &s->roots,
                       &s->work};
    for (size_t k = 0; k < sizeof vectors / sizeof vectors[0]; k++)
        iv_free(vectors[k]);
    Py_XDECREF(s->valdict);
    Py_XDECREF(s->vallist);
    for (int k = 0; k < KNOWN; k++)
        Py_XDECREF(s->known[k]);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int ready(Core *s)
{
    if (!s->valdict) {
        PyErr_SetString(PyExc_RuntimeError, "Core not initialised");
        return 0;
    }
    return 1;
}

static Py_ssize_t Core_len(Core *s) { return s->n; }

/* A vertex argument: its value, or -1 when it is not one (then *bad holds the object). */
static long long vertex_arg(PyObject *o)
{
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow)
        return overflow < 0 ? -1 : LLONG_MAX;
    return v;
}

static PyObject *Core_add_vertex(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    s->certified = 0;
    int v = s->n;
    if (v == s->cap && grow(s, 2 * s->cap) < 0)
        return NULL;
    for (int i = 0; i <= v; i++) {
        s->w[(size_t)i * s->cap + v] = 0;
        s->w[(size_t)v * s->cap + i] = 0;
        row_changed(s, i);
    }
    s->n = v + 1;
    s->mate[v] = -1;
    s->top[v] = v;
    nsmall(s->dual + (size_t)v * s->L, 0, s->L);
    s->bbase[v] = v;
    s->vl[v] = 0;
    s->bestt[v] = -1;
    s->intv[v] = 0;
    return PyLong_FromLong(v);
}

/* The checks and the interned index of set_edge_weight; -1 on error. */
static int checked_weight(Core *s, PyObject *uo, PyObject *vo, PyObject *wo, int *pu, int *pv)
{
    PyObject *weight = PyNumber_Index(wo);
    if (!weight)
        return -1;
    long long u = vertex_arg(uo), v = vertex_arg(vo);
    if (PyErr_Occurred()) {
        Py_DECREF(weight);
        return -1;
    }
    int n = s->n;
    if (!(0 <= u && u < n && 0 <= v && v < n)) {
        PyErr_Format(PyExc_ValueError, "vertex out of range: %R, %R (size %d)", uo, vo, n);
        Py_DECREF(weight);
        return -1;
    }
    if (u == v) {
        PyErr_Format(PyExc_ValueError, "no loops: %R", uo);
        Py_DECREF(weight);
        return -1;
    }
    int negative = PyObject_RichCompareBool(weight, s->vallist ? PyList_GET_ITEM(s->vallist, 0) : NULL, Py_LT);
    if (negative) {
        if (negative > 0)
            PyErr_Format(PyExc_ValueError, "negative weight: %R", weight);
        Py_DECREF(weight);
        return -1;
    }
    guard_hold(weight);
    int wi = intern(s, weight);
    guard_release(weight);
    Py_DECREF(weight);
    *pu = (int)u;
    *pv = (int)v;
    return wi;
}

static PyObject *Core_set_edge_weight(Core *s, PyObject *args)
{
    PyObject *uo, *vo, *wo;
    int u, v;
    if (!ready(s) || !PyArg_ParseTuple(args, "OOO", &uo, &vo, &wo))
        return NULL;
    int wi = checked_weight(s, uo, vo, wo, &u, &v);
    if (wi < 0)
        return NULL;
    set_index(s, u, v, wi);
    Py_RETURN_NONE;
}

static PyObject *Core_set_edge_weights(Core *s, PyObject *args)
{
    PyObject *uo, *others, *weights;
    if (!ready(s) || !PyArg_ParseTuple(args, "OOO", &uo, &others, &weights))
        return NULL;
    long long uu = vertex_arg(uo);
    if (PyErr_Occurred())
        return NULL;
    if (!(0 <= uu && uu < s->n)) {
        PyErr_Format(PyExc_ValueError, "vertex out of range: %R (size %d)", uo, s->n);
        return NULL;
    }
    PyObject *fo = PySequence_Fast(others, "others must be a sequence");
    if (!fo)
        return NULL;
    PyObject *fw = PySequence_Fast(weights, "weights must be a sequence");
    if (!fw) {
        Py_DECREF(fo);
        return NULL;
    }
    Py_ssize_t m = PySequence_Fast_GET_SIZE(fo);
    if (PySequence_Fast_GET_SIZE(fw) < m)
        m = PySequence_Fast_GET_SIZE(fw);
    guard_hold(fo);
    guard_hold(fw);
    int failed = 0;
    /* The weights of a row are mostly the same few objects (one per kind of pair), given again in the next rows:
       each object checked is kept (Core.known), so that it is checked and interned once. */
    for (Py_ssize_t k = 0; k < m && !failed; k++) {
        int u, v;
        PyObject *vo = PySequence_Fast_GET_ITEM(fo, k), *wo = PySequence_Fast_GET_ITEM(fw, k);
        size_t h = ((uintptr_t)wo >> 4) & (KNOWN - 1);
        long long vv = PyLong_CheckExact(vo) ? vertex_arg(vo) : -1;
        if (s->known[h] == wo && 0 <= vv && vv < s->n && vv != uu) {
            set_index(s, (int)uu, (int)vv, s->known_wi[h]);
            continue;
        }
        int wi = checked_weight(s, uo, vo, wo, &u, &v);
        if (wi < 0)
            failed = 1;
        else {
            if (PyLong_CheckExact(wo)) {
                PyObject *old = s->known[h];
                Py_INCREF(wo);
                s->known[h] = wo;
                s->known_wi[h] = wi;
                Py_XDECREF(old);
            }
            set_index(s, u, v, wi);
        }
    }
    guard_release(fo);
    guard_release(fw);
    Py_DECREF(fo);
    Py_DECREF(fw);
    if (failed)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_isolate_pair(Core *s, PyObject *args)
{
    PyObject *uo, *vo, *wo;
    int u, v;
    if (!ready(s) || !PyArg_ParseTuple(args, "OOO", &uo, &vo, &wo))
        return NULL;
    int wi = checked_weight(s, uo, vo, wo, &u, &v);
    if (wi < 0)
        return NULL;
    if (!s->fresh) {
        if (s->mate[u] == v) {
            if (!s->isolated[u]) {
                s->isolated[u] = 1;
                iv_push(&s->isolist, u);
            }
            if (!s->isolated[v]) {
                s->isolated[v] = 1;
                iv_push(&s->isolist, v);
            }
        } else {
            s->certified = 0;
        }
    }
    /* An edge removed that is neither matched nor inside a blossom only loses a condition: apply_pending would pass
       it by (and nothing but compute, which applies the pending changes first, can match it or put it in a
       blossom), so it is not recorded; at 9999 vertices the record of the others took a gigabyte. */
    int pair[2][2] = {{u, v}, {v, u}};
    for (int p = 0; p < 2; p++) {
        int x = pair[p][0], other = pair[p][1];
        uint32_t *row = s->w + (size_t)x * s->cap;
        for (int i = 0; i < s->n; i++) {
            uint32_t old = row[i];
            if (old && i != other) {
                row[i] = 0;
                s->w[(size_t)i * s->cap + x] = 0;
                row_changed(s, i);
                row_changed(s, x);
                if (s->mate[x] == i || (s->top[x] == s->top[i] && s->top[x] >= s->cap))
                    note_change(s, x, i, old, 0);
            }
        }
    }
    set_index(s, u, v, wi);
    Py_RETURN_NONE;
}

/* The sign of the slack of (u, v): -2 for no edge or isolated. */
/* For each vertex of u's top-level blossom, the sum of z(B) over the blossoms holding it and u
   (PythonCore._shared_blossom_duals): down u's chain of blossoms from the top, the vertices of a blossom's other
   children share with u exactly the blossoms above, that one included. One pass, whatever the depth. */
static limb *shared_blossom_duals(Core *s, int u)
{
    int L = s->L, depth = 0, cnt, one;
    for (int b = s->bparent[u]; b >= 0; b = s->bparent[b])
        depth++;
    int *chain = tmp_calloc((size_t)depth + 1, sizeof(int));
    int k = depth;
    chain[k] = u;
    for (int b = s->bparent[u]; b >= 0; b = s->bparent[b])
        chain[--k] = b;
    limb *shared = tmp_calloc((size_t)s->n * L, sizeof(limb));
    limb *total = tmp_calloc((size_t)L, sizeof(limb));
    for (k = 0; k < depth; k++) {
        int c = chain[k], below = chain[k + 1];
        nadd(total, total, NP(s->dual, c), L);
        ivec *ch = &s->bchilds[c];
        for (int i = 0; i < ch->n; i++) {
            if (ch->a[i] == below)
                continue;
            int *lv = leaves(s, ch->a[i], &cnt, &one);
            for (int x = 0; x < cnt; x++)
                ncpy(NP(shared, lv[x]), total, L);
        }
    }
    ncpy(NP(shared, u), total, L);
    tmp_free(total);
    tmp_free(chain);
    return shared; /* a temporary: tmp_free */
}

/* The slack of u-v into out; its sign, or -2 for no edge (or v isolated). shared: from shared_blossom_duals. */
static int slack_into(Core *s, int u, int v, const limb *shared, limb *out)
{
    int L = s->L;
    uint32_t wi = s->w[(size_t)u * s->cap + v];
    if (!wi || s->isolated[v])
        return -2;
    nadd(out, NP(s->dual, u), NP(s->dual, v), L);
    nsub(out, out, NP(s->vals, wi), L);
    if (s->top[u] == s->top[v] && s->top[u] != u) {
        nadd(out, out, NP(shared, v), L);
        nadd(out, out, NP(shared, v), L);
    }
    return nsign(out, L);
}

/* Calls f(sign, slack) per other; mode 0: excluded, 1: tight, 2: slacks. */
static PyObject *slacks_common(Core *s, PyObject *args, int mode)
{
    PyObject *uo, *others;
    if (!ready(s) || !PyArg_ParseTuple(args, "OO", &uo, &others))
        return NULL;
    long long uu = vertex_arg(uo);
    if (PyErr_Occurred())
        return NULL;
    if (mode < 2 && (!s->certified || (0 <= uu && uu < s->n && s->isolated[uu]))) {
        if (mode == 0)
            Py_RETURN_FALSE;
        Py_RETURN_NONE;
    }
    if (!(0 <= uu && uu < s->n)) {
        PyErr_Format(PyExc_IndexError, "vertex out of range: %R", uo);
        return NULL;
    }
    int u = (int)uu;
    /* the temporaries first: no allocation jumps out while a Python object is held */
    limb *shared = s->top[u] != u ? shared_blossom_duals(s, u) : NULL;
    limb *sl = tmp_calloc((size_t)s->L, sizeof(limb));
    PyObject *fo = PySequence_Fast(others, "others must be a sequence");
    if (!fo) {
        tmp_free(shared);
        tmp_free(sl);
        return NULL;
    }
    Py_ssize_t m = PySequence_Fast_GET_SIZE(fo);
    PyObject *result = mode ? PyList_New(m) : NULL;
    int all_positive = 1;
    for (Py_ssize_t k = 0; k < m && (mode == 0 || result); k++) {
        long long v = vertex_arg(PySequence_Fast_GET_ITEM(fo, k));
        if (PyErr_Occurred() || !(0 <= v && v < s->n)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_IndexError, "vertex out of range: %R", PySequence_Fast_GET_ITEM(fo, k));
            Py_CLEAR(result);
            all_positive = -1;
            break;
        }
        int sign = slack_into(s, u, (int)v, shared, sl);
        if (mode == 0) {
            if (sign <= 0 || sign == -2) {
                all_positive = 0;
                break;
            }
        } else if (mode == 1) {
            PyObject *flag = sign <= 0 ? Py_True : Py_False;
            Py_INCREF(flag);
            PyList_SET_ITEM(result, k, flag);
        } else {
            PyObject *x;
            if (sign == -2) {
                x = Py_None;
                Py_INCREF(x);
            } else {
                x = n_to_py(sl, s->L);
                if (!x) {
                    Py_CLEAR(result);
                    break;
                }
            }
            PyList_SET_ITEM(result, k, x);
        }
    }
    tmp_free(shared);
    tmp_free(sl);
    Py_DECREF(fo);
    if (mode == 0) {
        if (all_positive < 0)
            return NULL;
        return PyBool_FromLong(all_positive);
    }
    return result;
}

static PyObject *Core_excluded(Core *s, PyObject *args) { return slacks_common(s, args, 0); }
static PyObject *Core_tight(Core *s, PyObject *args) { return slacks_common(s, args, 1); }
static PyObject *Core_slacks(Core *s, PyObject *args) { return slacks_common(s, args, 2); }

static ivec ivec_copy(const ivec *v)
{
    ivec r = {0};
    iv_set(&r, v->a, v->n);
    return r;
}

/* v << bits into d (L limbs), from a number of L0 limbs; t: L scratch limbs. */
static void shifted(limb *d, const limb *v, int L0, int bits, int L, limb *t)
{
    memset(t, 0, (size_t)L * sizeof(limb));
    memcpy(t, v, (size_t)L0 * sizeof(limb));
    nshl(d, t, bits, L);
}

static PyObject *Core_scaled(Core *s, PyObject *args)
{
    int bits;
    if (!ready(s) || !PyArg_ParseTuple(args, "i", &bits))
        return NULL;
    if (bits < 0) {
        PyErr_SetString(PyExc_ValueError, "negative shift count");
        return NULL;
    }
    /* the widest number after the shift */
    int L0 = s->L;
    long top = nbits(s->vals + (size_t)s->wmax * L0, L0);
    for (int i = 0; i < 2 * s->cap; i++) {
        long b = nbits(s->dual + (size_t)i * L0, L0);
        if (b > top)
            top = b;
    }
    int L = (int)((top + bits + MARGIN_BITS + 63) / 64);
    if (L < L0)
        L = L0;
    size_t n2 = 2 * (size_t)s->cap, cells = (size_t)s->cap * s->cap;
    Core *c = (Core *)CoreType.tp_alloc(&CoreType, 0);
    if (!c)
        return NULL;
    guard_hold((PyObject *)c); /* dropped, and freed, if an allocation fails below */
    arrays a;
    c->vals = raw_calloc((size_t)s->valcap * L, sizeof(limb));
    if (!c->vals || new_arrays(&a, s->cap, 0, L) < 0)
        oom();
    put_arrays(c, &a, s->cap);
    c->n = s->n;
    c->L = L;
    c->fresh = s->fresh;
    c->stamp = s->stamp;
    c->certified = s->certified;
    c->max_roots = s->max_roots;
    c->stages = s->stages;
    c->nvals = s->nvals;
    c->valcap = s->valcap;
    c->wmax = s->wmax;
    limb *t = tmp_calloc((size_t)L, sizeof(limb));
    for (int i = 0; i < s->nvals; i++)
        shifted(NP(c->vals, i), s->vals + (size_t)i * L0, L0, bits, L, t);
    for (size_t i = 0; i < n2; i++)
        shifted(NP(c->dual, i), s->dual + i * L0, L0, bits, L, t);
    tmp_free(t);
    memcpy(c->w, s->w, cells * sizeof(uint32_t));
    memcpy(c->pendbits, s->pendbits, (cells + 7) / 8 + 1);
    memcpy(c->mate, s->mate, (size_t)s->cap * sizeof(int));
    memcpy(c->top, s->top, (size_t)s->cap * sizeof(int));
    memcpy(c->bparent, s->bparent, n2 * sizeof(int));
    memcpy(c->bbase, s->bbase, n2 * sizeof(int));
    memcpy(c->mark, s->mark, n2 * sizeof(int));
    memcpy(c->isolated, s->isolated, (size_t)s->cap);
    memcpy(c->freeb.a, s->freeb.a, (size_t)s->freeb.n * sizeof(int));
    c->freeb.n = s->freeb.n;
    c->pend = ivec_copy(&s->pend);
    c->isolist = ivec_copy(&s->isolist);
    for (size_t b = 0; b < n2; b++) {
        c->bchilds[b] = ivec_copy(&s->bchilds[b]);
        c->bedges[b] = ivec_copy(&s->bedges[b]);
        c->bleaves[b] = ivec_copy(&s->bleaves[b]);
    }
    reset_stage_state(c);
    guard_release((PyObject *)c); /* no allocation of ours below: errors are Python's, handled here */
    PyObject *valdict = PyDict_New(), *vallist = PyList_New(s->nvals), *sh = PyLong_FromLong(bits);
    c->vallist = vallist;
    if (!valdict || !vallist || !sh) {
        Py_XDECREF(valdict);
        Py_XDECREF(sh);
        Py_DECREF(c);
        return NULL;
    }
    for (int i = 0; i < s->nvals; i++) {
        PyObject *x = PyNumber_Lshift(PyList_GET_ITEM(s->vallist, i), sh);
        PyObject *key = PyLong_FromLong(i);
        if (!x || !key || PyDict_SetItem(valdict, x, key) < 0) {
            Py_XDECREF(x);
            Py_XDECREF(key);
            Py_DECREF(sh);
            Py_DECREF(valdict);
            Py_DECREF(c);
            return NULL;
        }
        Py_DECREF(key);
        PyList_SET_ITEM(vallist, i, x);
    }
    Py_DECREF(sh);
    c->valdict = valdict; /* last: the copy is ready */
    return (PyObject *)c;
}

/* The matching becomes mates (PythonCore.adopt): every blossom is dissolved, its dual moved into its vertices' (dual
   feasibility kept), the pairs of mates whose edge is not tight then are left unmatched, and the single free vertices
   with a positive dual get the least feasible one. mates is read and checked before anything changes. */
static PyObject *Core_adopt(Core *s, PyObject *arg)
{
    if (!ready(s))
        return NULL;
    if (!PyList_Check(arg) || PyList_GET_SIZE(arg) != s->n) {
        PyErr_Format(PyExc_ValueError, "expected a list of %d vertices", s->n);
        return NULL;
    }
    int n = s->n, cap = s->cap, L = s->L, cnt, one;
    int *m = tmp_calloc((size_t)n + 1, sizeof(int));
    for (int v = 0; v < n; v++) {
        long long x = vertex_arg(PyList_GET_ITEM(arg, v));
        if (PyErr_Occurred())
            goto bad;
        if (!(0 <= x && x < n)) {
            PyErr_Format(PyExc_ValueError, "vertex out of range: %lld (size %d)", x, n);
            goto bad;
        }
        m[v] = (int)x;
    }
    for (int v = 0; v < n; v++)
        if (m[m[v]] != v || (m[v] != v && !s->w[(size_t)v * cap + m[v]])) {
            PyErr_Format(PyExc_ValueError, "not a matching of the graph's edges at vertex %d", v);
            goto bad;
        }
    if (s->fresh) {
        tmp_free(m);
        Py_RETURN_NONE; /* no solution to start from: the next compute solves from scratch */
    }
    limb *u = s->dual;
    for (int b = cap; b < 2 * cap; b++) {
        if (!s->bchilds[b].n)
            continue;
        if (!nzero(NP(u, b), L)) {
            int *lv = leaves(s, b, &cnt, &one);
            for (int k = 0; k < cnt; k++)
                nadd(NP(u, lv[k]), NP(u, lv[k]), NP(u, b), L);
        }
        release(s, b);
    }
    limb *t = s->tmp + 2 * L;
    for (int v = 0; v < n; v++) {
        s->top[v] = v;
        s->bparent[v] = -1;
        s->mate[v] = -1;
    }
    for (int v = 0; v < n; v++) {
        int x = m[v];
        if (x <= v)
            continue;
        nadd(t, NP(u, v), NP(u, x), L);
        if (!ncmp(t, WT(s, v, x), L)) {
            s->mate[v] = x;
            s->mate[x] = v;
        }
    }
    tmp_free(m);
    s->certified = 0;
    forget_isolated(s);
    lower_free(s, tmp_calloc((size_t)n + 1, 1));
    Py_RETURN_NONE;
bad:
    tmp_free(m);
    return NULL;
}

/* No solution, the weights kept: the next compute solves from scratch (restart, and what a call that ran out of
   memory leaves). Allocates nothing: freeb has room for every blossom, and the numbers are as wide as the weights
   need. */
static void forget_solution(Core *s)
{
    clear_solution(s);
    s->fresh = 1; /* nothing is recorded while fresh; the next compute's initialise forgets what was */
    s->certified = 0;
    forget_isolated(s);
    reset_stage_state(s);
}

static PyObject *Core_restart(Core *s, PyObject *Py_UNUSED(ignored))
{
    if (!ready(s))
        return NULL;
    forget_solution(s);
    Py_RETURN_NONE;
}

static PyObject *Core_blossom_size(Core *s, PyObject *arg)
{
    if (!ready(s))
        return NULL;
    long long v = vertex_arg(arg);
    if (PyErr_Occurred())
        return NULL;
    if (!(0 <= v && v < s->n)) {
        PyErr_Format(PyExc_IndexError, "vertex out of range: %R", arg);
        return NULL;
    }
    int t = s->top[v];
    return PyLong_FromLong(t >= s->cap ? s->bleaves[t].n : 1);
}

static PyObject *Core_edge_weight(Core *s, PyObject *args)
{
    PyObject *uo, *vo;
    if (!ready(s) || !PyArg_ParseTuple(args, "OO", &uo, &vo))
        return NULL;
    long long u = vertex_arg(uo), v = vertex_arg(vo);
    if (PyErr_Occurred())
        return NULL;
    if (!(0 <= u && u < s->n && 0 <= v && v < s->n)) {
        PyErr_Format(PyExc_ValueError, "vertex out of range: %R, %R (size %d)", uo, vo, s->n);
        return NULL;
    }
    PyObject *x = PyList_GET_ITEM(s->vallist, s->w[(size_t)u * s->cap + v]);
    Py_INCREF(x);
    return x;
}

static PyObject *Core_mates(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    PyObject *r = PyList_New(s->n);
    if (!r)
        return NULL;
    for (int v = 0; v < s->n; v++) {
        PyObject *x = PyLong_FromLong(s->mate[v] >= 0 ? s->mate[v] : v);
        if (!x) {
            Py_DECREF(r);
            return NULL;
        }
        PyList_SET_ITEM(r, v, x);
    }
    return r;
}

static PyObject *Core_compute(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    compute(s);
    Py_RETURN_NONE;
}

static PyObject *Core_apply_pending(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    if (s->pend.n)
        apply_pending(s);
    Py_RETURN_NONE;
}

static PyObject *Core_normalise_parity(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    normalise_parity(s);
    Py_RETURN_NONE;
}

static PyObject *int_list(const int *a, int n)
{
    PyObject *r = PyList_New(n);
    for (int i = 0; r && i < n; i++) {
        PyObject *x = PyLong_FromLong(a[i]);
        if (!x) {
            Py_CLEAR(r);
            break;
        }
        PyList_SET_ITEM(r, i, x);
    }
    return r;
}

static int put(PyObject *d, const char *key, PyObject *value)
{
    if (!value)
        return -1;
    int r = PyDict_SetItemString(d, key, value);
    Py_DECREF(value);
    return r;
}

/* The whole solution as Python objects (for the tests' certificate check). */
static PyObject *Core_state(Core *s, PyObject *unused)
{
    if (!ready(s))
        return NULL;
    int n2 = 2 * s->cap;
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    PyObject *dual = PyList_New(n2), *childs = PyList_New(n2), *edges = PyList_New(n2), *lv = PyList_New(n2);
    int ok = dual && childs && edges && lv;
    for (int b = 0; ok && b < n2; b++) {
        PyObject *x = n_to_py(s->dual + (size_t)b * s->L, s->L);
        PyObject *c = int_list(s->bchilds[b].a, s->bchilds[b].n);
        PyObject *l = int_list(s->bleaves[b].a, s->bleaves[b].n);
        PyObject *e = PyList_New(s->bedges[b].n / 2);
        for (int k = 0; e && k < s->bedges[b].n / 2; k++) {
            PyObject *t = Py_BuildValue("(ii)", s->bedges[b].a[2 * k], s->bedges[b].a[2 * k + 1]);
            if (!t) {
                Py_CLEAR(e);
                break;
            }
            PyList_SET_ITEM(e, k, t);
        }
        if (!x || !c || !l || !e) {
            Py_XDECREF(x);
            Py_XDECREF(c);
            Py_XDECREF(l);
            Py_XDECREF(e);
            ok = 0;
            break;
        }
        PyList_SET_ITEM(dual, b, x);
        PyList_SET_ITEM(childs, b, c);
        PyList_SET_ITEM(edges, b, e);
        PyList_SET_ITEM(lv, b, l);
    }
    if (!ok || put(d, "n", PyLong_FromLong(s->n)) < 0 || put(d, "cap", PyLong_FromLong(s->cap)) < 0
        || put(d, "mate", int_list(s->mate, s->n)) < 0 || put(d, "top", int_list(s->top, s->n)) < 0
        || put(d, "bparent", int_list(s->bparent, n2)) < 0 || put(d, "bbase", int_list(s->bbase, n2)) < 0
        || PyDict_SetItemString(d, "dual", dual) < 0 || PyDict_SetItemString(d, "bchilds", childs) < 0
        || PyDict_SetItemString(d, "bedges", edges) < 0 || PyDict_SetItemString(d, "bleaves", lv) < 0) {
        Py_XDECREF(dual);
        Py_XDECREF(childs);
        Py_XDECREF(edges);
        Py_XDECREF(lv);
        Py_DECREF(d);
        return NULL;
    }
    Py_DECREF(dual);
    Py_DECREF(childs);
    Py_DECREF(edges);
    Py_DECREF(lv);
    return d;
}

static PyObject *Core_get_stages(Core *s, void *closure) { return PyLong_FromLong(s->stages); }
static PyObject *Core_get_limbs(Core *s, void *closure) { return PyLong_FromLong(s->L); }
static PyObject *Core_get_compactions(Core *s, void *closure) { return PyLong_FromLong(s->compactions); }

static PyGetSetDef Core_getset[] = {
    {"stages", (getter)Core_get_stages, NULL, "The number of stages run so far.", NULL},
    {"limbs", (getter)Core_get_limbs, NULL, "64-bit limbs per number.", NULL},
    {"heap_compactions", (getter)Core_get_compactions, NULL, "How many times a stage's heap was compacted.", NULL},
    {NULL},
};

/* Run call(s, arg) under a guard (see "memory" at the top): when an allocation fails inside, the call's
   temporaries are freed and the objects it holds dropped, the solution is forgotten if forgets (the call may
   have changed it) and MemoryError is raised. */
static PyObject *guarded(Core *s, PyObject *arg, PyObject *(*call)(Core *, PyObject *), int forgets)
{
    if (guard_depth == GUARD_DEPTH) {
        PyErr_SetString(PyExc_RecursionError, "matching cores called from each other too deeply");
        return NULL;
    }
    guard *g = &guards[guard_depth++];
    g->ntemps = g->nheld = 0;
    PyObject *result;
    if (!setjmp(g->jump)) {
        result = call(s, arg);
        guard_depth--;
        return result;
    }
    for (int i = 0; i < g->ntemps; i++)
        free(g->temps[i]);
    for (int i = 0; i < g->nheld; i++)
        Py_DECREF(g->held[i]);
    g->ntemps = g->nheld = 0;
    guard_depth--; /* forget_solution allocates nothing: no jump can come back here */
    if (forgets)
        forget_solution(s);
    return PyErr_NoMemory();
}

#define GUARDED(name, forgets)                                                  \
    static PyObject *name##_guarded(Core *s, PyObject *arg) { return guarded(s, arg, name, forgets); }

GUARDED(Core_add_vertex, 1)
GUARDED(Core_set_edge_weight, 1)
GUARDED(Core_set_edge_weights, 1)
GUARDED(Core_isolate_pair, 1)
GUARDED(Core_adopt, 1)
GUARDED(Core_excluded, 0)
GUARDED(Core_tight, 0)
GUARDED(Core_slacks, 0)
GUARDED(Core_scaled, 0)
GUARDED(Core_restart, 1)
GUARDED(Core_blossom_size, 0)
GUARDED(Core_edge_weight, 0)
GUARDED(Core_mates, 0)
GUARDED(Core_compute, 1)
GUARDED(Core_apply_pending, 1)
GUARDED(Core_normalise_parity, 1)
GUARDED(Core_state, 0)

static PyMethodDef Core_methods[] = {
    {"add_vertex", (PyCFunction)Core_add_vertex_guarded, METH_NOARGS, NULL},
    {"set_edge_weight", (PyCFunction)Core_set_edge_weight_guarded, METH_VARARGS, NULL},
    {"set_edge_weights", (PyCFunction)Core_set_edge_weights_guarded, METH_VARARGS, NULL},
    {"isolate_pair", (PyCFunction)Core_isolate_pair_guarded, METH_VARARGS, NULL},
    {"adopt", (PyCFunction)Core_adopt_guarded, METH_O, NULL},
    {"excluded", (PyCFunction)Core_excluded_guarded, METH_VARARGS, NULL},
    {"tight", (PyCFunction)Core_tight_guarded, METH_VARARGS, NULL},
    {"slacks", (PyCFunction)Core_slacks_guarded, METH_VARARGS, NULL},
    {"scaled", (PyCFunction)Core_scaled_guarded, METH_VARARGS, NULL},
    {"restart", (PyCFunction)Core_restart_guarded, METH_NOARGS, NULL},
    {"blossom_size", (PyCFunction)Core_blossom_size_guarded, METH_O, NULL},
    {"edge_weight", (PyCFunction)Core_edge_weight_guarded, METH_VARARGS, NULL},
    {"mates", (PyCFunction)Core_mates_guarded, METH_NOARGS, NULL},
    {"compute", (PyCFunction)Core_compute_guarded, METH_NOARGS, NULL},
    {"apply_pending", (PyCFunction)Core_apply_pending_guarded, METH_NOARGS, NULL},
    {"normalise_parity", (PyCFunction)Core_normalise_parity_guarded, METH_NOARGS, NULL},
    {"state", (PyCFunction)Core_state_guarded, METH_NOARGS, NULL},
    {NULL},
};

static PySequenceMethods Core_as_sequence = {
    .sq_length = (lenfunc)Core_len,
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "swisspair.matching._matchcore.Core",
    .tp_doc = "The compiled core of swisspair.matching.weighted.MatchingComputer.",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = Core_new,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_as_sequence = &Core_as_sequence,
};

/* For the tests: the allocation after n more fails (n < 0: none); returns what was left of the previous count
   (-1 once the failure happened, or when none was set). */
static PyObject *fail_allocation_after(PyObject *module, PyObject *arg)
{
    Py_ssize_t n = PyLong_AsSsize_t(arg);
    if (n == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t left = allocations_left;
    allocations_left = n < 0 ? -1 : n;
    return PyLong_FromSsize_t(left);
}

static PyMethodDef module_methods[] = {
    {"_fail_allocation_after", fail_allocation_after, METH_O,
     "For the tests: make the allocation after n more fail (n < 0: none); returns the previous count left."},
    {NULL},
};

static struct PyModuleDef matchcore_module = {
    PyModuleDef_HEAD_INIT,
    .m_methods = module_methods,
    .m_name = "swisspair.matching._matchcore",
    .m_doc = "Compiled core of the maximum-weight matching (see swisspair.matching.weighted).",
    .m_size = -1,
};

/* Read the tuning constants from swisspair.matching.tuning, each a whole number of at least its minimum. */
static int read_tuning(void)
{
    struct {
        const char *name;
        int *value;
        long least;
    } fields[] = {
        {"MIN_CAPACITY", &tuning.min_capacity, 1},
        {"RESOLVE_FRACTION", &tuning.resolve_fraction, 1},
        {"RESOLVE_MIN_SIZE", &tuning.resolve_min_size, 0},
        {"MAX_ROOTS", &tuning.max_roots, 1},
        {"SCRATCH_MAX_ROOTS", &tuning.scratch_max_roots, 1},
    };
    PyObject *module = PyImport_ImportModule("swisspair.matching.tuning");
    if (!module)
        return -1;
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        PyObject *x = PyObject_GetAttrString(module, fields[k].name);
        long v = x ? PyLong_AsLong(x) : -1;
        Py_XDECREF(x);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(module);
            return -1;
        }
        if (v < fields[k].least || v > 1000000) {
            PyErr_Format(PyExc_ValueError, "swisspair.matching.tuning.%s: %ld is out of range", fields[k].name, v);
            Py_DECREF(module);
            return -1;
        }
        *fields[k].value = (int)v;
    }
    Py_DECREF(module);
    return 0;
}

PyMODINIT_FUNC PyInit__matchcore(void)
{
    if (read_tuning() < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&matchcore_module);
    if (!m)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
