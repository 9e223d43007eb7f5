/* remedydoc.c -- "What fixes it here" (see remedydoc.h). */
#include "doc/remedydoc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/text.h"
#include "doc/threadsdoc.h"

static void remedydocAt(const remedydocInput *in, const answerThreadsCells *t,
                        const answerThreadsCell *first, remedydocLevel *lv) {
    lv->L = answerThreadsLevelOf(t, first);
    lv->n = lv->L.best
                ? remedyResultsAt(in->runs, in->n, in->m, t, &lv->L, &lv->w, lv->r, REMEDY_MAX)
                : 0;
}

int remedydocNextLevel(const remedydocInput *in, const answerThreadsCells *t, size_t *i,
                       remedydocLevel *lv) {
    for (; *i < t->n; (*i)++) {
        const answerThreadsCell *c = &t->c[*i];
        int first = 1;
        for (size_t j = 0; j < *i && first; j++) first = !answerThreadsSameLevel(&t->c[j], c);
        if (!first) continue;
        remedydocAt(in, t, c, lv);
        (*i)++;
        return 1;
    }
    return 0;
}

const char *remedydocName(const remedyResult *r, char *buf, size_t len) {
    const remedyItem *it = r->item;
    if (it->is_width)
        snprintf(buf, len, "width %ld (the CPUs the load leaves free, at least 1)", it->width);
    else if (r->cell.g && r->cell.g->key.width > 0)
        snprintf(buf, len, "%s at width %d", remedies[it->row].setting, r->cell.g->key.width);
    else snprintf(buf, len, "%s", remedies[it->row].setting);
    return buf;
}

void remedydocSay(const remedydocInput *in, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    remedydocLevel *lv = malloc(sizeof *lv);
    if (!t || !lv) goto out;
    answerThreadsCollect(in->s, t);
    answerThreadsLevel D;
    if (!answerThreadsDeciding(t, &D)) goto out;
    remedydocAt(in, t, D.first, lv);
    if (!lv->n) goto out;
    char name[96], level[96];
    fprintf(f, " What fixes it here, under %s:", threadsdocLevelName(D.first, level, sizeof level));
    for (size_t i = 0; i < lv->n; i++) {
        const remedyResult *r = &lv->r[i];
        fprintf(f, "%s %s %s (median run %s%s ms, %s%.2fx the best width)", i ? ";" : "",
                remedydocName(r, name, sizeof name),
                r->fixes      ? "fixes it"
                : r->does_not ? "does not"
                              : "is not resolved",
                r->cell.median_bound ? ">= " : "", summaryFmtMs(r->cell.median, (char[32]){0}, 32),
                r->cell.median_bound ? ">= " : "", r->over_best);
    }
    fputc('.', f);
out:
    free(t);
    free(lv);
}

void remedydocTable(const remedydocInput *in, const docFmt *fmt, FILE *f) {
    answerThreadsCells *t = malloc(sizeof *t);
    remedydocLevel *lv = malloc(sizeof *lv);
    if (!t || !lv) goto out;
    answerThreadsCollect(in->s, t);
    static const char *const modes[] = {"off", "auto", "all"};
    int mode;
    fmt->section(f, "remedies", "What fixes it here");
    if (remedyModeParse(metaGet(in->m, "threads_remedies"), &mode) != 0) {
        fmt->para(f, "No remedies were tried: these results are from before threads.sh tried "
                     "them.");
        goto end;
    }
    fmt->para(f, "At a load level where threads hurt (or the default cell took at least 1.25x "
                 "the best width), the default cell -- or, when it does not cost, the widest "
                 "width, where threads hurt -- ran again under the same load with each setting "
                 "that applies to the threading runtimes it loaded, and the width of the CPUs "
                 "the load leaves free ran too; where ARGS hold {width} there is no default "
                 "cell and the settings went on the widest width. `coldload-summarize "
                 "--list-remedies` lists the settings, what each runtime does without them and "
                 "where that is documented. A remedy fixes it when its median run is within "
                 "1.25x of the best width's and not a lower bound; it does not when the rank "
                 "test resolves it 1.25x slower than the best (the rule of every difference "
                 "here); else it is not resolved.");
    if (in->err) {
        char *e = textOneLine(in->err, 300);
        fmt->para(f, e ? e : "remedies/: a directory could not be read");
        free(e);
    }
    static const char *const h[] = {"load",           "remedy",   "median run, ms", "x best width",
                                    "x default cell", "fixes it", "without it"};
    static const docTable tb = {NULL, h, 7, "llrrrll"};
    size_t shown = 0;
    for (size_t i = 0; remedydocNextLevel(in, t, &i, lv);) {
        const answerThreadsCell *c = lv->L.first;
        for (size_t k = 0; k < lv->n; k++) {
            const remedyResult *r = &lv->r[k];
            char level[96], name[96], med[96], xb[32], xd[32] = "-";
            if (!shown++) fmt->table(f, &tb);
            snprintf(xb, sizeof xb, "%s%.2fx", r->cell.median_bound ? ">= " : "", r->over_best);
            if (!isnan(r->over_default))
                snprintf(xd, sizeof xd, "%s%.2fx", r->cell.median_bound ? ">= " : "",
                         r->over_default);
            const char *row[] = {threadsdocLevelName(c, level, sizeof level),
                                 remedydocName(r, name, sizeof name),
                                 threadsdocInterval(&r->cell, med, sizeof med),
                                 xb,
                                 xd,
                                 r->fixes      ? "yes"
                                 : r->does_not ? "no"
                                               : "not resolved",
                                 r->item->is_width ? "-" : remedies[r->item->row].without};
            fmt->row(f, &tb, row);
        }
    }
    if (shown) fmt->table_end(f, &tb);
    else {
        char p[256];
        if (mode == REMEDY_OFF) snprintf(p, sizeof p, "Nothing was tried (--remedies off).");
        else
            snprintf(p, sizeof p,
                     "Nothing was tried (--remedies %s): threads hurt at no loaded level, or no "
                     "setting applies to the runtimes the program loaded.",
                     modes[mode]);
        fmt->para(f, p);
    }
end:
    fmt->section_end(f);
out:
    free(t);
    free(lv);
}
