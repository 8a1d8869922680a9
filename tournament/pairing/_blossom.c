/*
 * _blossom: an exact maximum-weight matching of a general graph with integer weights of any size.
 *
 * Edmonds' blossom algorithm in its primal-dual form, organised as Galil describes it ("Efficient algorithms
 * for finding maximum matching in graphs", ACM Computing Surveys 18, 1986): O(n) stages, each of which grows
 * alternating trees from every exposed vertex, shrinks odd cycles into blossoms, changes the dual variables
 * when no tight edge is left to use, and ends with an augmentation (or with the proof that none is left).
 * Keeping, for every vertex and every outer blossom, its least-slack edge makes each stage O(n^2) edge and
 * dual operations: O(n^3) in all, each operation on K machine words.
 *
 * Numbers. A weight is an integer of any size, given by the caller as `width` little-endian bytes in two's
 * complement. Every quantity here (weights, duals, slacks) is a fixed-width integer of K 64-bit limbs, K chosen
 * per call from `width` with one spare limb: duals stay within a few multiples of the largest weight, far inside
 * that range (checked at the end: OverflowError otherwise). The duals are kept integral by working on doubled weights: an edge's slack is
 *     slack(i, j) = u[i] + u[j] - 2 w(i, j)          (plus the z of the blossoms holding both ends, never needed)
 * and every vertex dual starts at max(0, largest weight). A dual change by d lowers the outer (S) vertices'
 * u by d, raises the inner (T) vertices' u by d, adds 2d to the z of outer blossoms and takes 2d from inner
 * ones. All vertices of the forest keep the parity of the exposed vertices' duals (equal to each other), so the
 * slack of an edge between two outer blossoms is even and half of it, the step that makes it tight, an integer.
 *
 * With maxcardinality and an even number of vertices (gacrux's brackets, which have perfect matchings), a stage
 * grows one tree at a time instead, as Edmonds' algorithm for a perfect matching does: it scans one tree's edges,
 * not the whole forest's. Each stage's root ends matched, so an exposed vertex has never had its dual changed (all
 * equal, the same parity argument). A tree that cannot grow proves there is no perfect matching, and the stages
 * start over with the forest (solve, run, reach_free; the free vertices' least slacks kept as keys: unkey, rekey).
 *
 * Entry point: max_weight_matching(n, ends, weights, width, maxcardinality, top=None) -> list of n partners (-1:
 * none). `ends` holds 2m native ints (the two ends of each edge), `weights` m * width bytes or a list of m ints
 * (read as top - w if top is given). With maxcardinality the matching is of maximum cardinality first, then of
 * maximum weight among those (vertex duals may go below 0). With duals=True (after top) the answer is (partners,
 * duals): each vertex's final dual u, such that u[i] + u[j] >= 2 w(i, j) for every edge between two vertices that no
 * remaining blossom holds both of, with equality on the matched edges (w as read: top - w if top is given).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t limb;

enum { FREE = 0, OUTER = 1, INNER = 2 };

typedef struct {
    int n, m, K, maxcard;
    int single;             /* grow one alternating tree per stage (a perfect matching sought: see stage) */
    const int *ends;        /* ends[2e], ends[2e+1]: the vertices of edge e */
    limb *u;                /* vertex duals */
    limb *z;                /* blossom duals (index: blossom id, n..2n-1) */
    int *adjstart, *adj;    /* the edges of vertex v: adj[adjstart[v] .. adjstart[v+1]) */
    int *adjv;              /* their other ends */
    limb *wstore;           /* the doubled weights' chunks (CHUNK limbs each), every distinct chunk once, and */
    uint32_t *wofs;         /* where edge e's C chunks are in wstore: wofs[e * C + j], in limbs */
    size_t nstore;          /* (limbs in wstore) */
    int C;
    int *wid;               /* per edge: an edge of the same weight (the same one for all of them) */
    int *cls, *clsmap, *clskey;  /* per vertex: a class of vertices whose duals are equal (equal duals may be
                                  * in different classes); scratch to renumber them at each dual change */
    int *mate;              /* the matched edge of each vertex, -1 */
    int *top;               /* the outermost blossom holding each vertex (a vertex is its own trivial blossom) */
    /* per blossom id (0..n-1 the vertices, n..2n-1 the blossoms) */
    int *parent, *base, *label, *ledge, *lto, *obest;
    int **kids, **kedge, **kfrom, *nkids;  /* a blossom's sub-blossoms around its odd cycle, kids[0] holding the
                                            * base; kedge[j] joins kids[j] to kids[j+1 mod k] at vertex kfrom[j]
                                            * (in kids[j]) */
    int **olist, *nolist;   /* an outer blossom's least-slack edge to each other outer blossom (if made) */
    int *vbest;             /* per vertex: the least-slack edge from an outer vertex (vertices not outer) */
    limb *vslack, *oslack;  /* the slacks of vbest and obest, computed at dual change number vepoch, oepoch */
    int *vepoch, *oepoch, epoch;
    int *freeid, nfree;     /* unused blossom ids */
    int *queue, qhead, qtail;  /* outer vertices whose edges are still to scan */
    int *mark, stamp;       /* blossoms seen while looking for a common ancestor */
    int *bestto, *touched;  /* scratch for merging least-slack edges, and */
    limb *bestslack;        /* their slacks (per blossom id) */
    int *stack, *leafbuf;   /* scratch for listing a blossom's vertices */
    limb *s1, *s2, *delta;  /* scratch numbers */
    limb *wmax;             /* the largest weight, at least 0 (every vertex dual's start) */
    limb *D, *uvD;          /* the stage's dual steps so far (the outer duals' fall); scratch: U(v) + D */
    unsigned char *keyed;   /* per vertex: vslack holds its least slack from an outer vertex plus D at the time (a
                             * free vertex: that sum stays the same while the outer duals fall), else the slack
                             * itself at dual step vepoch (an inner vertex) */
} Graph;

/* ---- K-limb two's-complement integers ---- */

/* An edge's doubled weight, read by chunks of CHUNK limbs through its chunks' places in the store. gacrux's
 * weights are numerals whose high digits take few values in a bracket (the 2,000-player open's round 3: 209,000
 * edges, 3,040-bit weights, 2,541 distinct values of the second chunk from the top): each distinct chunk is kept
 * once, a tenth of the memory, and the chunks read most often stay in the processor's caches. */
enum { CHUNK = 8 };
typedef struct { const limb *s; const uint32_t *o; } Weight;
#define WL(d, i) ((d).s[(d).o[(i) / CHUNK] + (i) % CHUNK])
/* for (i = 0; i < K; i++) with p the chunk holding limb i, p[i % CHUNK] that limb */
#define FOR_LIMBS(d, K, i, p) \
    for (int i = 0, j_ = 0; i < (K); j_++) \
        for (const limb *p = (d).s + (d).o[j_], *end_ = p + CHUNK; p < end_ && i < (K); p++, i++)

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(BLOSSOM_PORTABLE)
#include <x86intrin.h>  /* add-with-carry and subtract-with-borrow instructions */

static inline void num_add(limb *r, const limb *a, const limb *b, int K) {
    unsigned char c = 0;
    for (int i = 0; i < K; i++) c = _addcarry_u64(c, a[i], b[i], (unsigned long long *)&r[i]);
}

static inline void num_sub(limb *r, const limb *a, const limb *b, int K) {
    unsigned char c = 0;
    for (int i = 0; i < K; i++) c = _subborrow_u64(c, a[i], b[i], (unsigned long long *)&r[i]);
}

/* r = a + b - d in one pass (the slack of an edge: the hottest computation here) */
static inline void num_add_sub(limb *r, const limb *a, const limb *b, Weight d, int K) {
    unsigned char carry = 0, borrow = 0;
    FOR_LIMBS(d, K, i, p) {
        unsigned long long t;
        carry = _addcarry_u64(carry, a[i], b[i], &t);
        borrow = _subborrow_u64(borrow, t, *p, (unsigned long long *)&r[i]);
    }
}

/* The most significant limb of a + b - d - c (its sign is that of the sum) */
static inline int64_t num_sum_sign(const limb *a, const limb *b, Weight d, const limb *c, int K) {
    unsigned char carry = 0, borrow1 = 0, borrow2 = 0;
    unsigned long long t = 0;
    FOR_LIMBS(d, K, i, p) {
        carry = _addcarry_u64(carry, a[i], b[i], &t);
        borrow1 = _subborrow_u64(borrow1, t, *p, &t);
        borrow2 = _subborrow_u64(borrow2, t, c[i], &t);
    }
    return (int64_t)t;
}
#else
static inline void num_add(limb *r, const limb *a, const limb *b, int K) {
    limb carry = 0;
    for (int i = 0; i < K; i++) {
        limb s = a[i] + carry;
        carry = s < carry;
        limb t = s + b[i];
        carry += t < s;
        r[i] = t;
    }
}

static inline void num_sub(limb *r, const limb *a, const limb *b, int K) {
    limb borrow = 0;
    for (int i = 0; i < K; i++) {
        limb d = a[i] - b[i];
        limb out = d < borrow || a[i] < b[i];
        r[i] = d - borrow;
        borrow = out;
    }
}

static inline void num_add_sub(limb *r, const limb *a, const limb *b, Weight d, int K) {
    limb carry = 0, borrow = 0;
    FOR_LIMBS(d, K, i, p) {
        limb s = a[i] + carry;
        carry = s < carry;
        limb t = s + b[i];
        carry += t < s;
        limb x = *p + borrow;
        borrow = x < borrow;
        r[i] = t - x;
        borrow += t < x;
    }
}

static inline int64_t num_sum_sign(const limb *a, const limb *b, Weight d, const limb *c, int K) {
    limb carry = 0, borrow = 0, top = 0;
    FOR_LIMBS(d, K, i, p) {
        limb s = a[i] + carry;
        carry = s < carry;
        limb t = s + b[i];
        carry += t < s;
        limb x = *p + borrow;  /* subtract d + c with their borrows: x and y never wrap unnoticed */
        borrow = x < borrow;
        limb y = x + c[i];
        borrow += y < x;
        top = t - y;
        borrow += t < y;
    }
    return (int64_t)top;
}
#endif

static inline int num_cmp(const limb *a, const limb *b, int K) {
    int64_t ha = (int64_t)a[K - 1], hb = (int64_t)b[K - 1];
    if (ha != hb) return ha < hb ? -1 : 1;
    for (int i = K - 2; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

#if defined(__SIZEOF_INT128__)
/* Is a + b - d (the slack of an edge) at least c (a slack already known)? From the most significant limb down,
 * stopping as soon as the rest cannot change the answer: two slacks far apart are told apart in a limb or two,
 * instead of computing all K limbs. The remaining lower limbs add less than 3 units of the current one. Slacks
 * close to each other (often equal: gacrux's weights differ in their low digits only) are not told apart in
 * the first limbs: then the whole of a + b - d - c is computed from the least significant limb up (a carry
 * chain, several times cheaper per limb than this loop), and its sign read (the duals' headroom, 3 bits, keeps
 * it inside K limbs). */
static inline int num_sum_at_least(const limb *a, const limb *b, Weight d, const limb *c, int K, limb *tmp) {
    typedef __int128 wide;
    (void)tmp;
    wide r = (wide)(int64_t)a[K - 1] + (int64_t)b[K - 1] - (int64_t)WL(d, K - 1) - (int64_t)c[K - 1];
    int stop = K > 4 ? K - 4 : -1;
    for (int i = K - 2; i > stop; i--) {
        if (r >= 3) return 1;
        if (r <= -3) return 0;
        r = r * ((wide)1 << 64) + (wide)a[i] + b[i] - WL(d, i) - c[i];
    }
    if (stop < 0) return r >= 0;
    if (r >= 3) return 1;
    if (r <= -3) return 0;
    return num_sum_sign(a, b, d, c, K) >= 0;
}
#else
static inline int num_sum_at_least(const limb *a, const limb *b, Weight d, const limb *c, int K, limb *tmp) {
    num_add_sub(tmp, a, b, d, K);
    return num_cmp(tmp, c, K) >= 0;
}
#endif

static inline int num_iszero(const limb *a, int K) {
    for (int i = 0; i < K; i++)
        if (a[i]) return 0;
    return 1;
}

static inline void num_half(limb *a, int K) { /* arithmetic shift right by one bit */
    for (int i = 0; i < K - 1; i++) a[i] = (a[i] >> 1) | (a[i + 1] << 63);
    a[K - 1] = (limb)((int64_t)a[K - 1] >> 1);
}

static inline void num_twice(limb *r, const limb *a, int K) {
    for (int i = K - 1; i > 0; i--) r[i] = (a[i] << 1) | (a[i - 1] >> 63);
    r[0] = a[0] << 1;
}

#define U(g, v) ((g)->u + (size_t)(v) * (g)->K)
#define Z(g, b) ((g)->z + (size_t)(b) * (g)->K)

static inline int other_end(const Graph *g, int e, int v) {
    return g->ends[2 * e] == v ? g->ends[2 * e + 1] : g->ends[2 * e];
}

/* out = slack of edge e */
static inline Weight weight(const Graph *g, int e) {
    Weight d = {g->wstore, g->wofs + (size_t)e * g->C};
    return d;
}

static inline void slack(const Graph *g, int e, limb *out) {
    num_add_sub(out, U(g, g->ends[2 * e]), U(g, g->ends[2 * e + 1]), weight(g, e), g->K);
}

/* The slack of best[x] (an edge), from the cache when no dual changed since it was computed. */
static const limb *best_slack(Graph *g, const int *best, limb *cache, int *epoch, int x) {
    limb *c = cache + (size_t)x * g->K;
    if (epoch[x] != g->epoch) {
        slack(g, best[x], c);
        epoch[x] = g->epoch;
    }
    return c;
}

/* best[x] = e if the slack of e (in g->s1) is smaller than best[x]'s (or there is none), its slack cached. Most
 * scans compare many edges with one best edge between two dual changes: one slack computed instead of two. */
static void improve(Graph *g, int *best, limb *cache, int *epoch, int x, int e) {
    if (best[x] >= 0 && num_cmp(g->s1, best_slack(g, best, cache, epoch, x), g->K) >= 0) return;
    best[x] = e;
    memcpy(cache + (size_t)x * g->K, g->s1, sizeof(limb) * g->K);
    epoch[x] = g->epoch;
}

#define IMPROVE_V(g, w, e) improve(g, (g)->vbest, (g)->vslack, (g)->vepoch, w, e)
#define IMPROVE_O(g, b, e) improve(g, (g)->obest, (g)->oslack, (g)->oepoch, b, e)

/* The vertices of blossom b, written to out; their number. */
static int leaves(Graph *g, int b, int *out) {
    int sp = 0, count = 0;
    g->stack[sp++] = b;
    while (sp) {
        int x = g->stack[--sp];
        if (x < g->n) out[count++] = x;
        else
            for (int j = 0; j < g->nkids[x]; j++) g->stack[sp++] = g->kids[x][j];
    }
    return count;
}

static void drop_olist(Graph *g, int b) {
    free(g->olist[b]);
    g->olist[b] = NULL;
    g->nolist[b] = 0;
}

/* A vertex leaves the free ones (it becomes inner): its least slack from an outer vertex, kept as a key, becomes
 * the slack itself (outer-inner slacks stay put while the duals change). */
static void unkey(Graph *g, int x) {
    if (!g->keyed[x]) return;
    g->keyed[x] = 0;
    if (g->vbest[x] < 0) return;
    limb *c = g->vslack + (size_t)x * g->K;
    num_sub(c, c, g->D, g->K);
    g->vepoch[x] = g->epoch;
}

/* A vertex becomes free again (an inner blossom undone): its least slack from an outer vertex as a key. */
static void rekey(Graph *g, int x) {
    if (g->keyed[x]) return;
    g->keyed[x] = 1;
    if (g->vbest[x] < 0) return;
    limb *c = g->vslack + (size_t)x * g->K;
    if (g->vepoch[x] != g->epoch) slack(g, g->vbest[x], c);
    num_add(c, c, g->D, g->K);
}

/* Label the outermost blossom of vertex w, reached through edge e (-1: a tree root). An inner blossom's base is
 * matched: the blossom at the other end of that matched edge becomes outer. */
static void assign_label(Graph *g, int w, int lab, int e) {
    int b = g->top[w];
    g->label[b] = lab;
    g->ledge[b] = e;
    g->lto[b] = w;
    g->obest[b] = -1;
    if (lab == OUTER) {
        drop_olist(g, b);
        g->qtail += leaves(g, b, g->queue + g->qtail);
    } else {
        int nl = leaves(g, b, g->leafbuf);
        for (int i = 0; i < nl; i++) unkey(g, g->leafbuf[i]);
        int bv = g->base[b], me = g->mate[bv];
        assign_label(g, other_end(g, me, bv), OUTER, me);
    }
}

/* The outer blossom above outer blossom b in its tree (through its inner parent); -1 at the root. */
static int grandparent(const Graph *g, int b) {
    if (g->ledge[b] < 0) return -1;
    int t = g->top[other_end(g, g->ledge[b], g->lto[b])];
    return g->top[other_end(g, g->ledge[t], g->lto[t])];
}

/* The outer blossom where the tree paths of outer vertices v and w meet, or -1 if they are in two trees. */
static int common_ancestor(Graph *g, int v, int w) {
    int a = g->top[v], b = g->top[w];
    g->stamp++;
    while (a >= 0 || b >= 0) {
        if (a >= 0) {
            if (g->mark[a] == g->stamp) return a;
            g->mark[a] = g->stamp;
            a = grandparent(g, a);
        }
        int t = a; a = b; b = t;
    }
    return -1;
}

/* After a dual change: the vertices of one class and one label have had the same change, so they keep equal
 * duals; each (class, label) becomes a class, renumbered from 0 (fewer than n). */
static void reclass(Graph *g) {
    int next = 0;
    for (int v = 0; v < g->n; v++) {
        int key = g->clskey[v] = 3 * g->cls[v] + g->label[g->top[v]];
        if (g->clsmap[key] < 0) g->clsmap[key] = next++;
        g->cls[v] = g->clsmap[key];
    }
    for (int v = 0; v < g->n; v++) g->clsmap[g->clskey[v]] = -1;
}

/* Do edges e and f have equal slacks? 1 if they have equal weights and ends of the same classes (a sufficient
 * condition, read without a limb: gacrux's brackets have many such ties, each needing every limb otherwise). */
static inline int same_slack(const Graph *g, int e, int f) {
    if (g->wid[e] != g->wid[f]) return 0;
    int a = g->cls[g->ends[2 * e]], b = g->cls[g->ends[2 * e + 1]];
    int c = g->cls[g->ends[2 * f]], d = g->cls[g->ends[2 * f + 1]];
    return (a == c && b == d) || (a == d && b == c);
}

/* Edge e of the new blossom nb: is it the least-slack edge so far to the outer blossom at its other end? Its
 * slack is compared with the best one's, kept in bestslack, from the most significant limb down (most edges are
 * told apart in a limb or two), and computed whole only if it is smaller. */
static void consider(Graph *g, int nb, int e, int *ntouched) {
    int i = g->ends[2 * e], j = g->ends[2 * e + 1];
    int bj = g->top[i] == nb ? g->top[j] : g->top[i];
    if (bj == nb || g->label[bj] != OUTER) return;
    const limb *ui = U(g, i), *uj = U(g, j);
    Weight w2 = weight(g, e);
    limb *known = g->bestslack + (size_t)bj * g->K;
    if (g->bestto[bj] < 0) g->touched[(*ntouched)++] = bj;
    else if (same_slack(g, e, g->bestto[bj]) || num_sum_at_least(ui, uj, w2, known, g->K, g->s1)) return;
    num_add_sub(known, ui, uj, w2, g->K);
    g->bestto[bj] = e;
}

/* Shrink the odd cycle closed by the tight edge e = (v, w) between two outer blossoms of one tree, whose paths
 * meet at outer blossom `lca`, into a new outer blossom. */
static int add_blossom(Graph *g, int lca, int v, int w, int e) {
    int nb = g->freeid[--g->nfree];
    int cap = 1, b;
    for (b = g->top[v]; b != lca; b = grandparent(g, b)) cap += 2;
    for (b = g->top[w]; b != lca; b = grandparent(g, b)) cap += 2;
    int *kids = malloc(sizeof(int) * cap), *kedge = malloc(sizeof(int) * cap), *kfrom = malloc(sizeof(int) * cap);
    if (!kids || !kedge || !kfrom) { free(kids); free(kedge); free(kfrom); return -1; }
    /* The cycle: lca, down the tree to v's blossom, across e, up from w's blossom back to lca. The path down is
     * the reverse of the path up from v: write it from the end of its slot. */
    int nv = 0;
    for (b = g->top[v]; b != lca; b = grandparent(g, b)) nv += 2;
    int k = 0;
    kids[k++] = lca;
    int pos = nv;
    for (b = g->top[v]; b != lca;) {          /* kids[1..nv], lca's side first */
        int t = g->top[other_end(g, g->ledge[b], g->lto[b])];
        kids[pos] = b;
        kedge[pos - 1] = g->ledge[b];
        kfrom[pos - 1] = other_end(g, g->ledge[b], g->lto[b]);
        kids[pos - 1] = t;
        kedge[pos - 2] = g->ledge[t];
        kfrom[pos - 2] = other_end(g, g->ledge[t], g->lto[t]);
        pos -= 2;
        b = g->top[kfrom[pos]];
    }
    k += nv;
    kedge[k - 1] = e;                         /* v's blossom to w's blossom */
    kfrom[k - 1] = v;
    for (b = g->top[w]; b != lca;) {          /* up from w's blossom: through its label edge, then its parent's */
        int t = g->top[other_end(g, g->ledge[b], g->lto[b])];
        kids[k] = b; kedge[k] = g->ledge[b]; kfrom[k] = g->lto[b]; k++;
        kids[k] = t; kedge[k] = g->ledge[t]; kfrom[k] = g->lto[t]; k++;
        b = g->top[other_end(g, g->ledge[t], g->lto[t])];
    }
    g->kids[nb] = kids; g->kedge[nb] = kedge; g->kfrom[nb] = kfrom; g->nkids[nb] = k;
    g->base[nb] = g->base[lca];
    g->parent[nb] = -1;
    memset(Z(g, nb), 0, sizeof(limb) * g->K);
    for (int j = 0; j < k; j++) {
        g->parent[kids[j]] = nb;
        if (g->label[kids[j]] == INNER)       /* inner vertices become outer: their edges are to scan */
            g->qtail += leaves(g, kids[j], g->queue + g->qtail);
    }
    int count = leaves(g, nb, g->leafbuf);
    for (int i = 0; i < count; i++) g->top[g->leafbuf[i]] = nb;
    g->label[nb] = OUTER;
    g->ledge[nb] = g->ledge[lca];
    g->lto[nb] = g->lto[lca];
    /* The new blossom's least-slack edges to the other outer blossoms, from its sub-blossoms' lists, or from all
     * the edges of the sub-blossoms that have none (trivial ones, and those that were inner). */
    int ntouched = 0;
    for (int j = 0; j < k; j++) {
        int c = kids[j];
        if (g->olist[c]) {
            for (int i = 0; i < g->nolist[c]; i++) consider(g, nb, g->olist[c][i], &ntouched);
        } else {
            int nl = leaves(g, c, g->leafbuf);
            for (int i = 0; i < nl; i++) {
                int x = g->leafbuf[i];
                for (int a = g->adjstart[x]; a < g->adjstart[x + 1]; a++) consider(g, nb, g->adj[a], &ntouched);
            }
        }
        drop_olist(g, c);
        g->obest[c] = -1;
    }
    int *list = malloc(sizeof(int) * (ntouched ? ntouched : 1));
    if (!list) return -1;
    g->obest[nb] = -1;
    for (int i = 0; i < ntouched; i++) {
        int e2 = g->bestto[g->touched[i]];
        list[i] = e2;
        g->bestto[g->touched[i]] = -1;
        memcpy(g->s1, g->bestslack + (size_t)g->touched[i] * g->K, sizeof(limb) * g->K);
        IMPROVE_O(g, nb, e2);
    }
    g->olist[nb] = list;
    g->nolist[nb] = ntouched;
    return 0;
}

static int child_of(const Graph *g, int b, int v) { /* the sub-blossom of b holding vertex v */
    while (g->parent[v] != b) v = g->parent[v];
    return v;
}

static int index_in(const Graph *g, int b, int c) {
    for (int j = 0;; j++)
        if (g->kids[b][j] == c) return j;
}

/* The edge between kids[j] and kids[j + d] of blossom b (d = +1 or -1): its id, and its ends in each. */
static int cycle_edge(const Graph *g, int b, int j, int d, int *in_j, int *in_next) {
    int k = g->nkids[b], at = d > 0 ? j : (j - 1 + k) % k;
    int e = g->kedge[b][at], from = g->kfrom[b][at], to = other_end(g, e, from);
    *in_j = d > 0 ? from : to;
    *in_next = d > 0 ? to : from;
    return e;
}

/* Make vertex v the base of blossom b by swapping matched and unmatched edges along the even side of its
 * cycle, from v's sub-blossom to the base's (the sub-blossoms on the way re-based the same way). */
static void rebase(Graph *g, int b, int v) {
    int c = child_of(g, b, v);
    if (c >= g->n) rebase(g, c, v);
    int k = g->nkids[b], i = index_in(g, b, c);
    int d = (i & 1) ? 1 : -1;   /* around the cycle, kids[i] to kids[0] is an even path that way */
    for (int j = i; j != 0; j = (j + 2 * d + 2 * k) % k) {
        /* kids[j]-kids[j1] is matched and becomes unmatched; kids[j1]-kids[j2] becomes matched (p-q) */
        int j1 = (j + d + k) % k, j2 = (j1 + d + k) % k, p, q;
        int e = cycle_edge(g, b, j1, d, &p, &q);
        if (g->kids[b][j1] >= g->n) rebase(g, g->kids[b][j1], p);
        if (g->kids[b][j2] >= g->n) rebase(g, g->kids[b][j2], q);
        g->mate[p] = g->mate[q] = e;
    }
    if (i) { /* rotate the cycle so that v's sub-blossom comes first */
        int *tmp = g->leafbuf;  /* n >= k ints, free at this point */
        int *arrays[3] = {g->kids[b], g->kedge[b], g->kfrom[b]};
        for (int a = 0; a < 3; a++) {
            for (int j = 0; j < k; j++) tmp[j] = arrays[a][(j + i) % k];
            memcpy(arrays[a], tmp, sizeof(int) * k);
        }
    }
    g->base[b] = v;
}

/* Augment along the tree path from outer vertex s to its root, s being matched by edge e from now on. */
static void augment_from(Graph *g, int s, int e) {
    for (;;) {
        int bs = g->top[s], j = g->ledge[bs];
        if (bs >= g->n) rebase(g, bs, s);
        g->mate[s] = e;
        if (j < 0) return;
        int bt = g->top[other_end(g, j, g->lto[bs])];
        int e2 = g->ledge[bt], y = g->lto[bt];
        if (bt >= g->n) rebase(g, bt, y);
        g->mate[y] = e2;
        s = other_end(g, e2, y);
        e = e2;
    }
}

static void release(Graph *g, int b) {
    free(g->kids[b]); free(g->kedge[b]); free(g->kfrom[b]);
    g->kids[b] = g->kedge[b] = g->kfrom[b] = NULL;
    g->nkids[b] = 0;
    drop_olist(g, b);
    g->base[b] = -1;
    g->freeid[g->nfree++] = b;
}

/* Undo blossom b: its sub-blossoms become outermost. At the end of a stage (endstage), those with a zero dual
 * are undone too. In a stage, b is inner with a zero dual: its sub-blossoms on the even path from the one it
 * was entered by to its base get the labels of that path, inner and outer in turn; the others are left free
 * (a tight edge into one of them is found by the next dual step, of size zero). */
static void expand(Graph *g, int b, int endstage) {
    int k = g->nkids[b];
    for (int j = 0; j < k; j++) {
        int c = g->kids[b][j];
        g->parent[c] = -1;
        g->label[c] = FREE;
        g->obest[c] = -1;
        if (c >= g->n && endstage && num_iszero(Z(g, c), g->K)) {
            expand(g, c, endstage);
        } else {
            int nl = leaves(g, c, g->leafbuf);
            for (int i = 0; i < nl; i++) g->top[g->leafbuf[i]] = c;
        }
    }
    if (!endstage && g->label[b] == INNER) {
        int x = g->lto[b], entry = g->ledge[b];
        int j = index_in(g, b, g->top[x]);
        int d = (j & 1) ? 1 : -1;
        int to = x, e = entry;
        while (j != 0) {
            assign_label(g, to, INNER, e);      /* and the next sub-blossom, its mate's, outer */
            int j1 = (j + d + k) % k, p;
            e = cycle_edge(g, b, j1, d, &p, &to);
            j = (j1 + d + k) % k;
        }
        int c0 = g->kids[b][0];                 /* the base's sub-blossom: inner, its mate already outer */
        g->label[c0] = INNER;
        g->ledge[c0] = e;
        g->lto[c0] = to;
        for (int i = 0; i < k; i++) {           /* the sub-blossoms left free: their vertices' slacks as keys */
            int c = g->kids[b][i];
            if (g->label[c] != FREE) continue;
            int nl = leaves(g, c, g->leafbuf);
            for (int l = 0; l < nl; l++) rekey(g, g->leafbuf[l]);
        }
    }
    release(g, b);
}

/* An outer vertex v meets outer vertex w across tight edge e: a new blossom, or an augmenting path (1). */
static int outer_meets_outer(Graph *g, int v, int w, int e) {
    int lca = common_ancestor(g, v, w);
    if (lca >= 0) return add_blossom(g, lca, v, w, e) < 0 ? -1 : 0;
    augment_from(g, v, e);
    augment_from(g, w, e);
    return 1;
}

/* Outer vertex v reaches vertex w of a free blossom across tight edge e: w's blossom becomes inner (its mate's
 * outer), or, if its base is exposed (only when one tree grows at a time), the path from v's root through e to it
 * is augmenting: 1 then. */
static int reach_free(Graph *g, int v, int w, int e) {
    int bw = g->top[w];
    if (g->mate[g->base[bw]] >= 0) {
        assign_label(g, w, INNER, e);
        return 0;
    }
    augment_from(g, v, e);
    g->ledge[bw] = -1;  /* w's blossom: a tree of its own, its base matched through e from now on */
    augment_from(g, w, e);
    return 1;
}

/* Scan the queued outer vertices' edges: labels, blossoms, least slacks. 1 if it augmented, -1 out of memory. */
static int scan(Graph *g) {
    while (g->qhead < g->qtail) {
        int v = g->queue[g->qhead++];
        num_add(g->uvD, U(g, v), g->D, g->K);
        for (int a = g->adjstart[v]; a < g->adjstart[v + 1]; a++) {
            int e = g->adj[a], w = g->adjv[a];
            int bv = g->top[v], bw = g->top[w];
            if (bv == bw) continue;
            const limb *uw = U(g, w);
            Weight w2 = weight(g, e);
            if (g->label[bw] == FREE) {  /* keys: slack + D (see keyed) */
                limb *key = g->vslack + (size_t)w * g->K;
                int known = g->vbest[w] >= 0;
                if (known && num_cmp(key, g->D, g->K) != 0 &&
                    (same_slack(g, e, g->vbest[w]) || num_sum_at_least(g->uvD, uw, w2, key, g->K, g->s1)))
                    continue;
                num_add_sub(g->s1, U(g, v), uw, w2, g->K);
                if (num_iszero(g->s1, g->K)) {
                    if (reach_free(g, v, w, e)) return 1;
                } else {
                    num_add(g->s1, g->s1, g->D, g->K);
                    if (!known || num_cmp(g->s1, key, g->K) < 0) {
                        g->vbest[w] = e;
                        memcpy(key, g->s1, sizeof(limb) * g->K);
                    }
                }
                continue;
            }
            /* most edges are no better than the target's least-slack edge so far (slack > 0): skip them early */
            int *best = g->label[bw] == OUTER ? &g->obest[bv] : &g->vbest[w];
            if (*best >= 0) {
                const limb *known = g->label[bw] == OUTER ? best_slack(g, g->obest, g->oslack, g->oepoch, bv)
                                                         : best_slack(g, g->vbest, g->vslack, g->vepoch, w);
                if (!num_iszero(known, g->K) &&
                    (same_slack(g, e, *best) || num_sum_at_least(U(g, v), uw, w2, known, g->K, g->s1)))
                    continue;
            }
            num_add_sub(g->s1, U(g, v), uw, w2, g->K);
            int tight = num_iszero(g->s1, g->K);
            if (g->label[bw] == OUTER) {
                if (tight) {
                    int r = outer_meets_outer(g, v, w, e);
                    if (r) return r;
                } else {
                    IMPROVE_O(g, bv, e);
                }
            } else {  /* an inner vertex (free ones are handled above) */
                IMPROVE_V(g, w, e);
            }
        }
    }
    return 0;
}

/* One stage. 1: augmented; 0: no augmenting path is left (the matching is optimal); -1: out of memory. */
static int stage(Graph *g) {
    int n = g->n, K = g->K;
    for (int b = 0; b < 2 * n; b++) {
        g->label[b] = FREE;
        g->obest[b] = -1;
        drop_olist(g, b);
    }
    for (int v = 0; v < n; v++) { g->vbest[v] = -1; g->keyed[v] = 1; }
    memset(g->D, 0, sizeof(limb) * K);
    g->qhead = g->qtail = 0;
    g->epoch++;
    int exposed = 0;
    for (int v = 0; v < n && !(g->single && exposed); v++)
        if (g->mate[v] < 0 && g->label[g->top[v]] == FREE) {
            assign_label(g, v, OUTER, -1);
            exposed++;
        }
    if (!exposed) return 0;
    for (;;) {
        int r = scan(g);
        if (r) return r;
        g->qhead = g->qtail = 0;
        /* the dual step: the largest that keeps every slack >= 0 and every blossom dual >= 0 */
        int kind = 0, edge = -1, blossom = -1;
        limb *delta = g->delta;
        if (!g->maxcard) { /* 1: an outer vertex's dual reaches zero */
            for (int v = 0; v < n; v++)
                if (g->label[g->top[v]] == OUTER && (!kind || num_cmp(U(g, v), delta, K) < 0)) {
                    memcpy(delta, U(g, v), sizeof(limb) * K);
                    kind = 1;
                }
        }
        /* 2: an edge from an outer vertex to a free one becomes tight (the least key, less D) */
        int least = -1;
        for (int v = 0; v < n; v++)
            if (g->label[g->top[v]] == FREE && g->vbest[v] >= 0 &&
                (least < 0 || num_cmp(g->vslack + (size_t)v * K, g->vslack + (size_t)least * K, K) < 0))
                least = v;
        if (least >= 0) {
            num_sub(g->s2, g->vslack + (size_t)least * K, g->D, K);
            if (!kind || num_cmp(g->s2, delta, K) < 0) {
                memcpy(delta, g->s2, sizeof(limb) * K);
                kind = 2; edge = g->vbest[least];
            }
        }
        for (int b = 0; b < 2 * n; b++) /* 3: an edge between two outer blossoms becomes tight */
            if (g->parent[b] < 0 && (b < n || g->base[b] >= 0) && g->label[b] == OUTER && g->obest[b] >= 0) {
                memcpy(g->s1, best_slack(g, g->obest, g->oslack, g->oepoch, b), sizeof(limb) * K);
                num_half(g->s1, K);
                if (!kind || num_cmp(g->s1, delta, K) < 0) {
                    memcpy(delta, g->s1, sizeof(limb) * K);
                    kind = 3; edge = g->obest[b];
                }
            }
        for (int b = n; b < 2 * n; b++) /* 4: an inner blossom's dual reaches zero */
            if (g->base[b] >= 0 && g->parent[b] < 0 && g->label[b] == INNER) {
                memcpy(g->s1, Z(g, b), sizeof(limb) * K);
                num_half(g->s1, K);
                if (!kind || num_cmp(g->s1, delta, K) < 0) {
                    memcpy(delta, g->s1, sizeof(limb) * K);
                    kind = 4; blossom = b;
                }
            }
        if (!kind) return g->single ? -4 : 0;  /* maximum cardinality: no edge can become tight, no path is left
                                                 * (from this one root: no perfect matching, see run) */
        for (int v = 0; v < n; v++) {
            int lab = g->label[g->top[v]];
            if (lab == OUTER) num_sub(U(g, v), U(g, v), delta, K);
            else if (lab == INNER) num_add(U(g, v), U(g, v), delta, K);
        }
        num_add(g->D, g->D, delta, K);
        num_twice(g->s1, delta, K);
        for (int b = n; b < 2 * n; b++)
            if (g->base[b] >= 0 && g->parent[b] < 0) {
                if (g->label[b] == OUTER) num_add(Z(g, b), Z(g, b), g->s1, K);
                else if (g->label[b] == INNER) num_sub(Z(g, b), Z(g, b), g->s1, K);
            }
        reclass(g);
        g->epoch++;  /* every cached slack is stale */
        if (kind == 1) return 0;
        if (kind == 2) {
            int i = g->ends[2 * edge], j = g->ends[2 * edge + 1];
            int outer = g->label[g->top[i]] == OUTER ? i : j;
            if (reach_free(g, outer, outer == i ? j : i, edge)) return 1;
        } else if (kind == 3) {
            int r = outer_meets_outer(g, g->ends[2 * edge], g->ends[2 * edge + 1], edge);
            if (r) return r;
        } else {
            expand(g, blossom, 0);
        }
    }
}

static void graph_free(Graph *g) {
    for (int b = 0; b < 2 * g->n; b++) { /* (each table may be missing: a failed allocation stops solve) */
        if (g->kids) free(g->kids[b]);
        if (g->kedge) free(g->kedge[b]);
        if (g->kfrom) free(g->kfrom[b]);
        if (g->olist) free(g->olist[b]);
    }
    void *blocks[] = {g->wstore, g->wofs, g->wid, g->cls, g->clsmap, g->clskey, g->adjv, g->u, g->z, g->adjstart, g->adj, g->mate, g->top, g->parent,
                      g->base, g->label,
                      g->ledge, g->lto, g->obest, g->kids, g->kedge, g->kfrom, g->nkids, g->olist, g->nolist,
                      g->vbest, g->freeid, g->queue, g->mark, g->bestto, g->bestslack, g->touched, g->stack, g->leafbuf,
                      g->s1, g->s2, g->delta, g->wmax, g->D, g->uvD, g->keyed, g->vslack, g->oslack, g->vepoch, g->oepoch};
    for (size_t i = 0; i < sizeof(blocks) / sizeof(blocks[0]); i++) free(blocks[i]);
}

static inline uint64_t chunk_hash(const limb *c) {
    uint64_t h = 0;
    for (int i = 0; i < CHUNK; i++) h = (h ^ c[i]) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Where the weights are read from: `width` bytes per edge (little-endian, two's complement), or a list of Python
 * ints (read with the GIL held), each inverted into top - w if `top` is given (K limbs). */
typedef struct {
    const unsigned char *bytes;
    Py_ssize_t width;
    PyObject *list;
    const limb *top;
} Source;

/* The Python int `item` into w (K limbs, two's complement). 0, or -3 with a Python exception set (not an int, or
 * wider than K limbs). */
static int int_to_limbs(PyObject *item, limb *w, int K) {
    if (!PyLong_Check(item)) {
        PyErr_SetString(PyExc_TypeError, "max_weight_matching: a weight is not an int");
        return -3;
    }
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t need = PyLong_AsNativeBytes(item, w, (Py_ssize_t)(sizeof(limb) * K), Py_ASNATIVEBYTES_LITTLE_ENDIAN);
    if (need < 0) return -3;
    if (need > (Py_ssize_t)(sizeof(limb) * K)) {
        PyErr_SetString(PyExc_OverflowError, "max_weight_matching: a weight is wider than announced");
        return -3;
    }
#else
    if (_PyLong_AsByteArray((PyLongObject *)item, (unsigned char *)w, sizeof(limb) * K, 1, 1) < 0) return -3;
#endif
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    for (int i = 0; i < K; i++) {  /* little-endian bytes into native limbs */
        const unsigned char *b = (const unsigned char *)&w[i];
        limb x = 0;
        for (int k = 7; k >= 0; k--) x = (x << 8) | b[k];
        w[i] = x;
    }
#endif
    return 0;
}

/* Edge e's weight into w (K limbs). 0, or -3 with a Python exception set (an int out of range, not an int). */
static int read_weight(const Source *src, int e, limb *w, int K) {
    if (src->list) {
        if (int_to_limbs(PyList_GET_ITEM(src->list, e), w, K) < 0) return -3;
        if (src->top) num_sub(w, src->top, w, K);
        return 0;
    }
    const unsigned char *b = src->bytes + (size_t)e * src->width;
    Py_ssize_t width = src->width;
    limb fill_limb = (b[width - 1] & 0x80) ? ~(limb)0 : 0;
    for (int i = 0; i < K; i++) w[i] = fill_limb;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(w, b, (size_t)width);  /* the limbs' bytes in the same order (K limbs hold width + 8 bytes) */
#else
    for (Py_ssize_t byte = 0; byte < width; byte++) {
        int i = (int)(byte / 8), shift = (int)(byte % 8) * 8;
        w[i] = (w[i] & ~((limb)0xff << shift)) | ((limb)b[byte] << shift);
    }
#endif
    return 0;
}

/* Read the weights into wstore and wofs (each distinct chunk stored once, found through a hash table of the
 * chunks' places); the largest weight (at least 0) into g->wmax. 0, -1 out of memory, -3 a Python exception
 * (reading a list: with the GIL held). */
static int store_weights(Graph *g, const Source *source) {
    int K = g->K, C = g->C;
    size_t cap = 1024, slots = 1024;
    while (slots < 2 * (size_t)g->m * C) slots *= 2;
    uint32_t *table = malloc(sizeof(uint32_t) * slots);
    limb *w = malloc(sizeof(limb) * (size_t)C * CHUNK), *w2 = malloc(sizeof(limb) * (size_t)C * CHUNK);
    g->wstore = malloc(sizeof(limb) * cap * CHUNK);
    int status = -1;
    if (!table || !w || !w2 || !g->wstore) goto out;
    memset(table, 0xff, sizeof(uint32_t) * slots);
    g->nstore = 0;
    limb *wmax = g->wmax;
    for (int e = 0; e < g->m; e++) {
        if (g->ends[2 * e] == g->ends[2 * e + 1]) continue;  /* a self-loop: never read */
        memset(w, 0, sizeof(limb) * (size_t)C * CHUNK);
        int r = read_weight(source, e, w, K);
        if (r < 0) { status = r; goto out; }
        if (num_cmp(w, wmax, K) > 0) memcpy(wmax, w, sizeof(limb) * K);
        memset(w2, 0, sizeof(limb) * (size_t)C * CHUNK);
        num_twice(w2, w, K);
        for (int j = 0; j < C; j++) {
            const limb *chunk = w2 + (size_t)j * CHUNK;
            size_t at = chunk_hash(chunk) & (slots - 1);
            while (table[at] != UINT32_MAX && memcmp(g->wstore + table[at], chunk, sizeof(limb) * CHUNK))
                at = (at + 1) & (slots - 1);
            if (table[at] == UINT32_MAX) {
                if (g->nstore / CHUNK == cap) {
                    limb *grown = realloc(g->wstore, sizeof(limb) * cap * 2 * CHUNK);
                    if (!grown) goto out;
                    g->wstore = grown;
                    cap *= 2;
                }
                if (g->nstore > UINT32_MAX - CHUNK) goto out;
                memcpy(g->wstore + g->nstore, chunk, sizeof(limb) * CHUNK);
                table[at] = (uint32_t)g->nstore;
                g->nstore += CHUNK;
            }
            g->wofs[(size_t)e * C + j] = table[at];
        }
    }
    /* weight ids: the edges of equal weights (equal chunks) share one */
    memset(table, 0xff, sizeof(uint32_t) * slots);
    for (int e = 0; e < g->m; e++) {
        g->wid[e] = e;
        if (g->ends[2 * e] == g->ends[2 * e + 1]) continue;
        const uint32_t *row = g->wofs + (size_t)e * C;
        uint64_t h = 0;
        for (int j = 0; j < C; j++) h = (h ^ row[j]) * 0x9E3779B97F4A7C15ull;
        size_t at = (h ^ (h >> 29)) & (slots - 1);
        while (table[at] != UINT32_MAX && memcmp(g->wofs + (size_t)table[at] * C, row, sizeof(uint32_t) * C))
            at = (at + 1) & (slots - 1);
        if (table[at] == UINT32_MAX) table[at] = (uint32_t)e;
        g->wid[e] = (int)table[at];
    }
    status = 0;
out:
    free(table); free(w); free(w2);
    return status;
}

static int run(Graph *g, const limb *wmax);

/* Read the weights, set up the structures, run the stages. 0, -1 out of memory, -2 if a dual outgrew its headroom
 * (not seen: duals stay within a few multiples of the largest weight; then the caller uses another matcher), -3 a
 * Python exception reading the weights. Runs without the GIL (taken to read a list of ints). */

static int solve(Graph *g, const Source *source) {
    int n = g->n, m = g->m, K = g->K;
    size_t N2 = 2 * (size_t)n + 1;
#define ALLOC(field, count) if (!(g->field = calloc((size_t)(count) + 1, sizeof(*g->field)))) return -1
    int C = g->C = (K + CHUNK - 1) / CHUNK;
    ALLOC(wofs, (size_t)m * C); ALLOC(wid, m); ALLOC(cls, n); ALLOC(clsmap, 3 * (size_t)n); ALLOC(clskey, n); ALLOC(u, (size_t)n * K); ALLOC(z, N2 * K);
    ALLOC(adjstart, (size_t)n + 1); ALLOC(adj, 2 * (size_t)m);
    ALLOC(adjv, 2 * (size_t)m); ALLOC(mate, n); ALLOC(top, n);
    ALLOC(parent, N2); ALLOC(base, N2); ALLOC(label, N2); ALLOC(ledge, N2); ALLOC(lto, N2); ALLOC(obest, N2);
    ALLOC(kids, N2); ALLOC(kedge, N2); ALLOC(kfrom, N2); ALLOC(nkids, N2); ALLOC(olist, N2); ALLOC(nolist, N2);
    ALLOC(vbest, n); ALLOC(freeid, N2); ALLOC(queue, (size_t)n + 1); ALLOC(mark, N2); ALLOC(bestto, N2);
    ALLOC(bestslack, N2 * K); ALLOC(touched, N2); ALLOC(stack, N2); ALLOC(leafbuf, (size_t)n + 1);
    ALLOC(s1, K); ALLOC(s2, K); ALLOC(delta, K); ALLOC(wmax, K); ALLOC(D, K); ALLOC(uvD, K); ALLOC(keyed, n);
    ALLOC(vslack, (size_t)n * K); ALLOC(oslack, N2 * K); ALLOC(vepoch, n); ALLOC(oepoch, N2);
#undef ALLOC
    /* adjacency (self-loops left out: no matching uses them) */
    for (int e = 0; e < m; e++)
        if (g->ends[2 * e] != g->ends[2 * e + 1]) {
            g->adjstart[g->ends[2 * e] + 1]++;
            g->adjstart[g->ends[2 * e + 1] + 1]++;
        }
    for (int v = 0; v < n; v++) g->adjstart[v + 1] += g->adjstart[v];
    int *fill = g->leafbuf;
    memcpy(fill, g->adjstart, sizeof(int) * n);
    for (int e = 0; e < m; e++) {
        int i = g->ends[2 * e], j = g->ends[2 * e + 1];
        if (i == j) continue;
        g->adj[fill[i]] = e; g->adjv[fill[i]++] = j;
        g->adj[fill[j]] = e; g->adjv[fill[j]++] = i;
    }
    /* weights: sign-extend each to K limbs, double it, store its chunks; the largest (at least 0) starts every
     * vertex dual */
    limb *wmax = g->wmax;
    int stored;
    if (source->list) {  /* Python ints: read with the GIL (released for the rest) */
        PyGILState_STATE gil = PyGILState_Ensure();
        stored = store_weights(g, source);
        PyGILState_Release(gil);
    } else {
        stored = store_weights(g, source);
    }
    if (stored < 0) return stored;
    /* With maxcardinality and an even number of vertices, a perfect matching is sought one alternating tree at a
     * time (single): a stage scans the edges of one tree's vertices, not those of every exposed vertex's tree (the
     * 2,000-player open's largest bracket: 185 stages of ~570 vertices' edges each). A tree that cannot grow
     * means there is no perfect matching: everything starts over with a forest of every exposed vertex per stage,
     * as Galil describes it. */
    g->single = g->maxcard && n % 2 == 0;
    for (;;) {
        int r = run(g, wmax);
        if (r != -4) return r;
        for (int b = n; b < 2 * n; b++) /* start over: no blossom, the forest of every exposed vertex */
            if (g->base[b] >= 0) release(g, b);
        g->single = 0;
    }
}

/* The stages from the start (equal duals, the greedy matching of the heaviest edges): 0, -1 out of memory, -2 a
 * dual outgrew its headroom, -4 a single tree could not grow (see solve). */
static int run(Graph *g, const limb *wmax) {
    int n = g->n, K = g->K;
    for (int v = 0; v < n; v++) memcpy(U(g, v), wmax, sizeof(limb) * K);
    for (int b = n; b < 2 * n; b++) memset(Z(g, b), 0, sizeof(limb) * K);
    for (int v = 0; v < n; v++) g->cls[v] = 0;  /* all duals equal */
    for (int k = 0; k < 3 * n; k++) g->clsmap[k] = -1;
    for (int v = 0; v < n; v++) {
        g->mate[v] = -1;
        g->top[v] = v;
        g->parent[v] = -1;
        g->base[v] = v;
    }
    /* The edges of the largest weight are tight: those between exposed vertices are matched greedily, as the
     * first stages would match them, without a dual change (the duals stay equal). Graphs of equal weights
     * (ExactCounts' fields, matching.py) are then matched but for a few augmenting paths. */
    for (int v = 0; v < n; v++)
        for (int a = g->adjstart[v]; a < g->adjstart[v + 1] && g->mate[v] < 0; a++) {
            if (g->mate[g->adjv[a]] >= 0) continue;
            slack(g, g->adj[a], g->s1);
            if (num_iszero(g->s1, K)) g->mate[v] = g->mate[g->adjv[a]] = g->adj[a];
        }
    g->nfree = 0;
    for (int b = 2 * n - 1; b >= n; b--) {
        g->parent[b] = -1;
        g->base[b] = -1;
        g->freeid[g->nfree++] = b;
    }
    for (int b = 0; b < 2 * n; b++) { g->mark[b] = 0; g->bestto[b] = -1; }
    g->stamp = 0;
    g->epoch = 1;  /* the cache epochs start at 0: nothing cached */
    for (int v = 0; v < n; v++) g->vepoch[v] = 0;  /* (a second run: no slack cached by the first is current) */
    for (int b = 0; b < 2 * n; b++) g->oepoch[b] = 0;
    for (;;) {
        int r = stage(g);
        if (r == -4) return -4;
        if (r < 0) return -1;
        if (r == 0) { /* check the headroom: |every dual| < 2^(64K - 3), so no sum of three overflowed */
            for (int v = 0; v < n; v++) {
                int64_t high = (int64_t)U(g, v)[K - 1] >> 60;
                if (high != 0 && high != -1) return -2;
            }
            return 0;
        }
        for (int b = n; b < 2 * n; b++) /* end of stage: outermost blossoms with a zero dual are undone */
            if (g->base[b] >= 0 && g->parent[b] < 0 && num_iszero(Z(g, b), K)) expand(g, b, 1);
    }
}

/* The K-limb two's-complement integer w as a Python int (NULL with an exception set: out of memory). */
static PyObject *limbs_to_int(const limb *w, int K) {
    unsigned char *bytes = malloc(sizeof(limb) * (size_t)K);
    if (!bytes) return PyErr_NoMemory();
    for (int i = 0; i < K; i++)  /* little-endian bytes, whatever the machine's order */
        for (int k = 0; k < 8; k++) bytes[8 * i + k] = (unsigned char)(w[i] >> (8 * k));
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *value = PyLong_FromNativeBytes(bytes, sizeof(limb) * (size_t)K, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    PyObject *value = _PyLong_FromByteArray(bytes, sizeof(limb) * (size_t)K, 1, 1);
#endif
    free(bytes);
    return value;
}

static PyObject *max_weight_matching(PyObject *self, PyObject *args) {
    (void)self;
    Py_ssize_t n, width;
    Py_buffer ends, weights = {0};
    PyObject *wobj, *topobj = Py_None;
    int maxcard, duals = 0;
    limb *top = NULL;
    if (!PyArg_ParseTuple(args, "ny*Onp|Op:max_weight_matching", &n, &ends, &wobj, &width, &maxcard, &topobj,
                          &duals))
        return NULL;
    PyObject *result = NULL;
    Py_ssize_t m = ends.len / (Py_ssize_t)(2 * sizeof(int));
    int listed = PyList_Check(wobj);
    if (!listed && PyObject_GetBuffer(wobj, &weights, PyBUF_SIMPLE) < 0) goto done;
    if (n < 0 || n > INT32_MAX / 4 || width < 1 || width > (1 << 24) || ends.len % (2 * sizeof(int)) ||
        (listed ? PyList_GET_SIZE(wobj) != m : weights.len != m * width) || m > INT32_MAX / 2 ||
        (topobj != Py_None && (!listed || !PyLong_Check(topobj)))) {
        PyErr_SetString(PyExc_ValueError, "max_weight_matching: inconsistent sizes of ends and weights (or a top "
                                          "without a list of weights)");
        goto done;
    }
    const int *e = ends.buf;
    for (Py_ssize_t i = 0; i < 2 * m; i++)
        if (e[i] < 0 || e[i] >= n) {
            PyErr_SetString(PyExc_ValueError, "max_weight_matching: an edge end is not a vertex");
            goto done;
        }
    Graph g;
    memset(&g, 0, sizeof g);
    g.n = (int)n; g.m = (int)m; g.maxcard = maxcard; g.ends = e;
    g.K = (int)((width * 8 + 63) / 64) + 1;
    Source source = {listed ? NULL : weights.buf, width, listed ? wobj : NULL, NULL};
    if (topobj != Py_None) {
        if (!(top = calloc((size_t)g.K, sizeof(limb)))) { PyErr_NoMemory(); goto done; }
        if (int_to_limbs(topobj, top, g.K) < 0) goto done;
        source.top = top;
    }
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = solve(&g, &source);
    Py_END_ALLOW_THREADS
    if (status == -3) {
        /* the exception reading the weights is set */
    } else if (status == -2) {
        PyErr_SetString(PyExc_OverflowError, "max_weight_matching: a dual variable outgrew its width");
    } else if (status < 0) {
        PyErr_NoMemory();
    } else if ((result = PyList_New(n))) {
        for (Py_ssize_t v = 0; v < n; v++) {
            int me = g.mate[v];
            PyObject *partner = PyLong_FromLong(me < 0 ? -1 : other_end(&g, me, (int)v));
            if (!partner) { Py_CLEAR(result); break; }
            PyList_SET_ITEM(result, v, partner);
        }
        if (result && duals) {  /* and the vertex duals (the doubled convention: see the header) */
            PyObject *us = PyList_New(n);
            for (Py_ssize_t v = 0; us && v < n; v++) {
                PyObject *u = limbs_to_int(U(&g, v), g.K);
                if (!u) Py_CLEAR(us);
                else PyList_SET_ITEM(us, v, u);
            }
            if (!us) Py_CLEAR(result);
            else result = Py_BuildValue("(NN)", result, us);  /* (N: both references passed on) */
        }
    }
    graph_free(&g);
done:
    free(top);
    PyBuffer_Release(&ends);
    if (weights.obj) PyBuffer_Release(&weights);
    return result;
}

/*
 * keep_runs(list, runs, flags): the list narrowed in place to the items of `runs`, in order; the other items are
 * released. `runs` holds 3k native 64-bit ints (start, stop, at) per run, ascending and not overlapping: the items
 * start..stop-1 are all kept when `at` is -1, else those whose byte flags[at + i - start] is not 0. The items
 * kept are moved, not touched: FastDutch narrows its ~500,000-pair list after every bracket, and a new list (or
 * a freed one) would touch every pair dict's reference count, one trip to memory per pair
 * (tournament/pairing/fast_dutch.py).
 */
static PyObject *keep_runs(PyObject *self, PyObject *args) {
    PyObject *list;
    Py_buffer buf, fbuf;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!y*y*", &PyList_Type, &list, &buf, &fbuf)) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(list), k = buf.len / (Py_ssize_t)(3 * sizeof(int64_t));
    const int64_t *runs = (const int64_t *)buf.buf;
    const unsigned char *flags = (const unsigned char *)fbuf.buf;
    PyObject *result = NULL;
    PyObject **dropped = NULL;
    if (buf.len % (Py_ssize_t)(3 * sizeof(int64_t)) != 0) {
        PyErr_Format(PyExc_ValueError, "keep_runs: runs must hold triples of 64-bit integers");
        goto done;
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        int64_t start = runs[3 * j], stop = runs[3 * j + 1], at = runs[3 * j + 2];
        int64_t floor = j ? runs[3 * j - 2] : 0;
        if (start < floor || stop < start || stop > n || at < -1 || (at >= 0 && at + (stop - start) > fbuf.len)) {
            PyErr_Format(PyExc_ValueError, "keep_runs: run %zd (%lld, %lld, %lld) out of order or range", j,
                         (long long)start, (long long)stop, (long long)at);
            goto done;
        }
    }
    PyObject **items = ((PyListObject *)list)->ob_item;
    dropped = PyMem_Malloc((size_t)(n + 1) * sizeof(PyObject *));
    if (dropped == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* first move, then release (a release may run code that reads the list: it is whole by then) */
    Py_ssize_t write = 0, read = 0, ndropped = 0;
    for (Py_ssize_t j = 0; j <= k; j++) {
        Py_ssize_t start = j < k ? (Py_ssize_t)runs[3 * j] : n, stop = j < k ? (Py_ssize_t)runs[3 * j + 1] : n;
        int64_t at = j < k ? runs[3 * j + 2] : -1;
        while (read < start) dropped[ndropped++] = items[read++];
        if (at < 0) {
            if (stop > start) memmove(items + write, items + start, (size_t)(stop - start) * sizeof(PyObject *));
            write += stop - start;
        } else {
            for (Py_ssize_t i = start; i < stop; i++) {
                if (flags[at + (i - start)]) items[write++] = items[i];
                else dropped[ndropped++] = items[i];
            }
        }
        read = stop;
    }
    Py_SET_SIZE(list, write);
    for (Py_ssize_t j = 0; j < ndropped; j++) Py_DECREF(dropped[j]);
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(dropped);
    PyBuffer_Release(&buf);
    PyBuffer_Release(&fbuf);
    return result;
}

/*
 * cut_pieces(pairs, seconds, picks, stay) -> (flags, cut, emptied): FastDutch's narrowing of the pieces of a list of
 * pairs (fast_dutch.py `_narrow`). Piece k holds the pairs pairs[k] (a list) of one first competitor with the
 * second competitors seconds[k] (a list of ints, as long); `picks` are the indices of the pieces to look at,
 * ascending; `stay` holds one byte per competitor number (not 0: it stays). Each picked piece with a second
 * competitor who does not stay gets new lists, of the pairs whose second competitor stays. Returns the pieces'
 * flags (one byte per pair of each piece cut, 1: kept, one piece after the other), the list of (index, where its
 * flags start) of the pieces cut, and whether a piece was left empty.
 */
/* items[i] as an index below `bound` into *out: 0, or -1 with an exception (`what` names it in the message) */
static int index_at(PyObject *items, Py_ssize_t i, Py_ssize_t bound, const char *what, Py_ssize_t *out) {
    Py_ssize_t k = PyLong_AsSsize_t(PyList_GET_ITEM(items, i));
    if (k == -1 && PyErr_Occurred()) return -1;
    if (k < 0 || k >= bound) {
        PyErr_Format(PyExc_IndexError, "cut_pieces: %s %zd out of 0..%zd", what, k, bound - 1);
        return -1;
    }
    *out = k;
    return 0;
}

static PyObject *cut_pieces(PyObject *self, PyObject *args) {
    PyObject *pairs, *seconds, *picks;
    Py_buffer sbuf;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!O!y*", &PyList_Type, &pairs, &PyList_Type, &seconds, &PyList_Type, &picks,
                          &sbuf))
        return NULL;
    const unsigned char *stay = (const unsigned char *)sbuf.buf;
    Py_ssize_t nstay = sbuf.len, npicks = PyList_GET_SIZE(picks), nparts = PyList_GET_SIZE(pairs);
    PyObject *flags = PyByteArray_FromStringAndSize(NULL, 0), *cut = PyList_New(0), *result = NULL;
    unsigned char *mask = NULL;
    Py_ssize_t maskcap = 0;
    int emptied = 0;
    if (flags == NULL || cut == NULL) goto done;
    if (PyList_GET_SIZE(seconds) != nparts) {
        PyErr_Format(PyExc_ValueError, "cut_pieces: %zd lists of pairs, %zd of seconds", nparts,
                     PyList_GET_SIZE(seconds));
        goto done;
    }
    for (Py_ssize_t j = 0; j < npicks; j++) {
        Py_ssize_t k;
        if (index_at(picks, j, nparts, "piece", &k) < 0) goto done;
        PyObject *es = PyList_GET_ITEM(pairs, k), *cbs = PyList_GET_ITEM(seconds, k);
        if (!PyList_Check(es) || !PyList_Check(cbs) || PyList_GET_SIZE(es) != PyList_GET_SIZE(cbs)) {
            PyErr_Format(PyExc_TypeError, "cut_pieces: piece %zd: not two lists of one length", k);
            goto done;
        }
        Py_ssize_t len = PyList_GET_SIZE(cbs), kept = 0;
        if (len > maskcap) {
            unsigned char *grown = PyMem_Realloc(mask, (size_t)len);
            if (grown == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            mask = grown;
            maskcap = len;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            Py_ssize_t cb;
            if (index_at(cbs, i, nstay, "competitor (beyond `stay`)", &cb) < 0) goto done;
            mask[i] = stay[cb] ? 1 : 0;
            kept += mask[i];
        }
        if (kept == len) continue;
        PyObject *new_es = PyList_New(kept), *new_cbs = PyList_New(kept), *entry;
        if (new_es == NULL || new_cbs == NULL) {
            Py_XDECREF(new_es);
            Py_XDECREF(new_cbs);
            goto done;
        }
        for (Py_ssize_t i = 0, w = 0; i < len; i++) {
            if (!mask[i]) continue;
            PyObject *e = PyList_GET_ITEM(es, i), *c = PyList_GET_ITEM(cbs, i);
            Py_INCREF(e);
            Py_INCREF(c);
            PyList_SET_ITEM(new_es, w, e);
            PyList_SET_ITEM(new_cbs, w, c);
            w++;
        }
        Py_ssize_t at = PyByteArray_GET_SIZE(flags);
        entry = Py_BuildValue("(nn)", k, at);
        if (entry == NULL || PyList_Append(cut, entry) < 0 || PyByteArray_Resize(flags, at + len) < 0) {
            Py_XDECREF(entry);
            Py_DECREF(new_es);
            Py_DECREF(new_cbs);
            goto done;
        }
        Py_DECREF(entry);
        memcpy(PyByteArray_AS_STRING(flags) + at, mask, (size_t)len);
        /* PyList_SetItem steals the new lists and releases the old ones */
        if (PyList_SetItem(pairs, k, new_es) < 0) {
            Py_DECREF(new_cbs);
            goto done;
        }
        if (PyList_SetItem(seconds, k, new_cbs) < 0) goto done;
        if (kept == 0) emptied = 1;
    }
    result = Py_BuildValue("(OOO)", flags, cut, emptied ? Py_True : Py_False);
done:
    PyMem_Free(mask);
    Py_XDECREF(flags);
    Py_XDECREF(cut);
    PyBuffer_Release(&sbuf);
    return result;
}

static PyMethodDef methods[] = {
    {"cut_pieces", cut_pieces, METH_VARARGS,
     "cut_pieces(pairs, seconds, picks, stay) -> (flags, cut, emptied)\n\nThe picked pieces (pairs[k], "
     "seconds[k]) that hold a second competitor not in `stay` (a byte per competitor) given new lists without "
     "them; the kept-flags of the pieces cut, (index, offset of its flags) per piece cut, whether one is empty."},
    {"keep_runs", keep_runs, METH_VARARGS,
     "keep_runs(list, runs, flags) -> None\n\nNarrow `list` in place to the items in `runs` (start, stop, at: "
     "native 64-bit ints, ascending, not overlapping; at -1: all, else the items whose byte in `flags` from `at` is "
     "not 0); the others are released."},
    {"max_weight_matching", max_weight_matching, METH_VARARGS,
     "max_weight_matching(n, ends, weights, width, maxcardinality, top=None) -> list of partners (-1: unmatched)\n\n"
     "A maximum-weight matching of the graph on vertices 0..n-1 whose edges are given by `ends` (2m native "
     "ints) and `weights`: m signed little-endian integers of `width` bytes each, or a list of m ints that fit in "
     "`width` bytes, read as top - w if `top` (an int) is given."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_blossom",
                                    "Exact maximum-weight matching over integers of any size (C).", -1, methods};

PyMODINIT_FUNC PyInit__blossom(void) { return PyModule_Create(&module); }
