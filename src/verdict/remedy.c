/* remedy.c -- what fixes it here: the remedies tried at a level and how each
 * did (see remedy.h). */
#include "verdict/remedy.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/num.h"

const remedy remedies[] = {
    {"libgomp", "OMP_WAIT_POLICY=passive",
     "a waiting thread spins 300,000 times before it sleeps (30 billion with "
     "OMP_WAIT_POLICY=active)",
     "GCC libgomp manual: GOMP_SPINCOUNT, OMP_WAIT_POLICY"},
    {"libgomp", "GOMP_SPINCOUNT=1000",
     "300,000 spins; 100 only when there are more threads than CPUs in its affinity mask, "
     "which a load program does not change",
     "GCC libgomp manual: GOMP_SPINCOUNT"},
    {"libomp", "OMP_WAIT_POLICY=passive",
     "a waiting thread spins for KMP_BLOCKTIME, 200 ms, before it sleeps",
     "LLVM OpenMP runtime: KMP_BLOCKTIME, KMP_DEFAULT_BLOCKTIME in kmp.h"},
    {"libomp", "KMP_BLOCKTIME=0", "200 ms of spinning after each parallel region",
     "LLVM OpenMP runtime: KMP_BLOCKTIME"},
    {"libiomp5", "OMP_WAIT_POLICY=passive",
     "a waiting thread spins for KMP_BLOCKTIME, 200 ms, before it sleeps",
     "Intel OpenMP runtime (LLVM's): KMP_BLOCKTIME"},
    {"libiomp5", "KMP_BLOCKTIME=0", "200 ms of spinning after each parallel region",
     "Intel OpenMP runtime (LLVM's): KMP_BLOCKTIME"},
    {"libopenblas (pthread)", "OPENBLAS_THREAD_TIMEOUT=4",
     "an idle thread polls for 2^28 cycles before it sleeps (THREAD_TIMEOUT 28; the variable "
     "takes 4..30)",
     "OpenBLAS README (OPENBLAS_THREAD_TIMEOUT), driver/others/blas_server.c"},
    {"libopenblas (openmp)", "OMP_WAIT_POLICY=passive",
     "its threads are libgomp's: 300,000 spins before a waiting thread sleeps",
     "GCC libgomp manual: GOMP_SPINCOUNT"},
};
const size_t remediesN = sizeof remedies / sizeof remedies[0];

int remedyApplies(size_t i, const char *list) {
    if (i >= remediesN || !list) return 0;
    size_t n = strlen(remedies[i].runtime);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, ":;");
        if (k == n && !strncmp(p, remedies[i].runtime, n)) return 1;
        p += strcspn(p, ";");
        p += *p == ';';
    }
    return 0;
}

int remediesList(FILE *f) {
    fputs("runtime\tsetting\twithout\tsource\n", f);
    for (size_t i = 0; i < remediesN; i++)
        fprintf(f, "%s\t%s\t%s\t%s\n", remedies[i].runtime, remedies[i].setting,
                remedies[i].without, remedies[i].source);
    return ferror(f) ? -1 : 0;
}

int remedyModeParse(const char *word, int *mode) {
    static const char *const words[] = {"off", "auto", "all"};
    for (int i = 0; i < 3; i++)
        if (word && !strcmp(word, words[i])) return *mode = i, 0;
    return -1;
}

long remedyFreeWidth(const metaTable *m, int load_kind, const char *stressors) {
    double q = 0, w = 0;
    long usable = 0;
    const char *cpus = m ? metaGet(m, "threads_cpus_usable") : NULL;
    for (const char *p = cpus ? cpus : ""; *p;) {
        p += strspn(p, " ");
        if (!*p) break;
        usable++;
        p += strcspn(p, " ");
    }
    long free_cpus;
    if (load_kind == SUMMARY_LOAD_QUOTA)
        free_cpus = numDouble(stressors, 0.01, 4096, &q) ? 1 : (long)q;
    else free_cpus = usable - (numDouble(stressors, 0, 4096, &w) ? usable : (long)w);
    return free_cpus < 1 ? 1 : free_cpus;
}

/* The level of load/stressors among t's cells, 0 when none was measured. */
static int remedyLevel(const answerThreadsCells *t, const char *load, const char *stressors,
                       answerThreadsLevel *L) {
    for (size_t i = 0; i < t->n; i++) {
        const summaryKey *k = &t->c[i].g->key;
        if (strcmp(k->load, load) || strcmp(k->stressors, stressors)) continue;
        *L = answerThreadsLevelOf(t, &t->c[i]);
        return L->best != NULL;
    }
    return 0;
}


/* Where the settings are tried: the default cell when it costs (what users
 * get), else the widest width (where threads hurt). */
static const answerThreadsCell *remedyCellOf(const answerThreadsLevel *L) {
    return answerThreadsDefaultCosts(L) || !L->widest ? L->def : L->widest;
}

/* Threads hurt at L, or its default cell costs: at least ANSWER_THREADS_HURT x
 * the best width (a bound counts: the cell took longer still). */
static int remedyHurts(const answerThreadsLevel *L) {
    return L->hurt == ANSWER_THREADS_YES || answerThreadsDefaultCosts(L);
}

int remedyPlan(const summary *s, const metaTable *m, const char *load, const char *stressors,
               int mode, remedyPlanOf *p) {
    memset(p, 0, sizeof *p);
    answerThreadsCells *t = malloc(sizeof *t);
    answerThreadsLevel *L = malloc(sizeof *L);
    if (!t || !L) {
        free(t);
        free(L);
        return -1;
    }
    answerThreadsCollect(s, t);
    const int kind = summaryWordOf(summaryLoads, SUMMARY_LOAD_N, load); /* the level's, once */
    if (mode == REMEDY_OFF) p->why = "--remedies off";
    else if (kind == SUMMARY_LOAD_NONE) p->why = "the idle level: nothing to fix";
    else if (!remedyLevel(t, load, stressors, L)) p->why = "the level has no cell with a time";
    else if (!(p->hurts = remedyHurts(L)) && mode == REMEDY_AUTO)
        p->why = "threads do not hurt at this level";
    if (p->why) goto out;
    const answerThreadsCell *at = remedyCellOf(L);
    const char *loaded = summaryRunTextOf(s, at->g, RUNFIG_RUNTIMES);
    for (size_t i = 0; i < remediesN && p->n < REMEDY_MAX - 1; i++) {
        if (mode == REMEDY_AUTO && !remedyApplies(i, loaded)) continue;
        size_t j = 0; /* a setting once: its first row that applies */
        while (j < i && (strcmp(remedies[j].setting, remedies[i].setting) ||
                         (mode == REMEDY_AUTO && !remedyApplies(j, loaded))))
            j++;
        if (j < i) continue;
        remedyItem *it = &p->it[p->n++];
        snprintf(it->id, sizeof it->id, "r%zu", i);
        it->row = i;
        it->width = at->g->key.width;
    }
    remedyItem *w = &p->it[p->n++];
    w->is_width = 1;
    w->width = remedyFreeWidth(m, kind, stressors);
    snprintf(w->id, sizeof w->id, "w%ld", w->width);
    for (size_t i = 0; i < t->n; i++)
        if (answerThreadsSameLevel(&t->c[i], L->first) && t->c[i].g->key.width == w->width &&
            !answerThreadsIsAgain(&t->c[i]))
            w->measured = 1;
out:
    free(t);
    free(L);
    return 0;
}

void remedyJudge(const remedyItem *item, const answerThreadsLevel *L, const answerThreadsCells *t,
                 const summary *rs, remedyResult *out) {
    memset(out, 0, sizeof *out);
    out->item = item;
    out->over_best = out->over_default = NAN;
    const answerThreadsCell *c = NULL;
    answerThreadsCells *own = NULL;
    if (item->measured) {
        for (size_t i = 0; i < t->n && !c; i++)
            if (answerThreadsSameLevel(&t->c[i], L->first) && t->c[i].g->key.width == item->width &&
                !answerThreadsIsAgain(&t->c[i]))
                c = &t->c[i];
    } else if (rs && (own = malloc(sizeof *own))) {
        answerThreadsCollect(rs, own);
        for (size_t i = 0; i < own->n && !c; i++)
            if (summaryKeySame(&own->c[i].g->key, &L->first->g->key,
                               SUMMARY_K_LOAD | SUMMARY_K_STRESSORS))
                c = &own->c[i];
    }
    if (c) {
        out->cell = *c;
        out->have = !isnan(c->median);
    }
    free(own);
    if (!out->have || !L->best) return;
    const answerThreadsCell *b = L->best, *r = &out->cell;
    out->over_best = r->median / b->median;
    if (L->def && !isnan(L->def->median)) out->over_default = r->median / L->def->median;
    out->fixes = remedyFixes(r, b);
    out->does_not = !out->fixes && remedyFailsAgainst(L, r, b);
}

int remedyFixes(const answerThreadsCell *r, const answerThreadsCell *b) {
    if (isnan(r->median) || isnan(b->median) || r->median_bound) return 0;
    return r->median < ANSWER_THREADS_HURT * b->median;
}

int remedyFailsAgainst(const answerThreadsLevel *L, const answerThreadsCell *r,
                       const answerThreadsCell *b) {
    differResult d;
    return !isnan(r->median) && !isnan(b->median) &&
           answerThreadsDiffer(L, r, b, DIFFER_GREATER, DIFFER_ALPHA, ANSWER_THREADS_HURT - 1,
                               &d) == 0 &&
           d.verdict == DIFFER_SLOWER;
}

int remedyItemOfId(const char *id, remedyItem *it) {
    long v;
    memset(it, 0, sizeof *it);
    if (!id || (id[0] != 'r' && id[0] != 'w') || strlen(id) >= sizeof it->id ||
        strspn(id + 1, "0123456789") != strlen(id + 1) || numLong(id + 1, 0, 100000, &v))
        return -1;
    if (id[0] == 'r' && (size_t)v >= remediesN) return -1;
    snprintf(it->id, sizeof it->id, "%s", id);
    it->is_width = id[0] == 'w';
    if (it->is_width) it->width = v;
    else it->row = (size_t)v;
    return 0;
}

size_t remedyResultsAt(const remedyRuns *runs, size_t n, const metaTable *m,
                       const answerThreadsCells *t, const answerThreadsLevel *L, remedyItem *w,
                       remedyResult *out, size_t max) {
    size_t k = 0;
    for (size_t i = 0; i < n && k < max; i++) {
        remedyJudge(&runs[i].item, L, t, &runs[i].s, &out[k]);
        if (out[k].have) k++;
    }
    if (!k || k >= max) return k;
    const summaryKey *key = &L->first->g->key;
    memset(w, 0, sizeof *w);
    w->is_width = w->measured = 1;
    w->width = remedyFreeWidth(m, key->load_kind, key->stressors);
    snprintf(w->id, sizeof w->id, "w%ld", w->width);
    for (size_t i = 0; i < k; i++) /* measured in a directory of its own */
        if (out[i].item->is_width && out[i].item->width == w->width) return k;
    remedyJudge(w, L, t, NULL, &out[k]);
    return k + out[k].have;
}
