/* scandoc.c -- the report's scan section and the recommendation it cites
 * (see scandoc.h), from <results>/scan-run/ as results/results loaded it
 * (resultsScan): scan/counts.tsv and scan/recommendation.tsv (the findings
 * as data, model/scanrec.h), scan/verdict.txt (quoted whole, never parsed),
 * the chart data beside them, the ledger scan-cells.csv and meta.txt. */
#include "doc/scandoc.h"

#include <stdlib.h>
#include <string.h>

/* One workload's recommendation line (malloc'd), or NULL. */
static char *scandocLine(const scanRec *r, size_t n, const char *w) {
    char *line = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&line, &len);
    if (!f) return NULL;
    scanrecLine(r, n, w, f);
    if (fclose(f) != 0) {
        free(line);
        return NULL;
    }
    return line;
}

/* 1 when r[i] is its workload's first row: one line per workload. */
static int scandocFirst(const scanRec *r, size_t i) {
    size_t j;
    for (j = 0; j < i && strcmp(r[j].workload, r[i].workload); j++) {}
    return j == i;
}

char *scandocRecommendation(const resultsScan *sc) {
    if (!sc || !sc->have_recs) return NULL;
    const scanRec *r = sc->recs;
    size_t n = sc->nrecs;
    char *out = NULL;
    size_t len = 0, k = 0;
    FILE *f = open_memstream(&out, &len);
    for (size_t i = 0; f && i < n; i++) {
        if (!scandocFirst(r, i)) continue;
        char *line = scandocLine(r, n, r[i].workload);
        if (line) fprintf(f, "%s%s", k++ ? "; " : "", line);
        free(line);
    }
    if (!f || fclose(f) != 0 || k == 0) {
        free(out);
        return NULL;
    }
    return out;
}

static const char scandocNone[] =
    "Not measured here: these results hold no scan (" SCANDOC_DIR "/scan/verdict.txt). "
    "make report SCAN=1 runs it as the report's last step (a full report does by default, "
    "a QUICK one does not); make scan runs it alone.";

static const char scandocUnfinished[] =
    "The scan did not finish: " SCANDOC_DIR "/ holds no scan/verdict.txt (or an empty one). "
    "Its logs are in " SCANDOC_DIR "/logs/, and a failed scan step is a \"Missing: scan\" line "
    "above; coldload-scan <results>/" SCANDOC_DIR " re-analyses what it measured.";

/* A scan-run/scan/ written before coldload-scan wrote its findings as data:
 * its verdict.txt is quoted, never parsed. */
static const char scandocOld[] =
    "not recorded as data (no scan/" SCANREC_COUNTS_FILE " or scan/" SCANREC_FILE
    ": analysed by an older coldload-scan; coldload-scan <results>/" SCANDOC_DIR " writes them)";

static const char scandocHowto[] =
    "The load scan runs each workload at every width (1..2N and auto) under 0..N pinned "
    "load workers (N usable CPUs) and compares each cell's median with the same workload "
    "idle at width 1: the smallest slowdown of a load level is its best width. The wait "
    "scan runs the engine's wait policies (spin, yield, block) idle and under pinned and "
    "free load. Every process had a share of the scan's deadline; a cell cut short says "
    "how (its budget, or stopped inside a call: its slowdown is then a lower bound).";

/* One chart: name is heatmap-W or wait-W; how to read it only under the
 * first of its kind (the workloads' charts read alike). The name comes from
 * a file name in scan-run/scan/: the format escapes it like any text. */
static void scandocChart(const char *name, int first, const docFmt *fmt, FILE *f) {
    int heat = name[0] == 'h';
    const char *w = strchr(name, '-') + 1;
    char title[256], id[300], png[300], svg[300], dat[300];
    snprintf(title, sizeof title, "%s: %s", w,
             heat ? "slowdown against idle width 1, by load workers and width"
                  : "wait policy x width x load");
    const char *how =
        heat ? "One row per number of pinned load workers, one column per width (auto last); "
               "log colour scale; each cell labelled with its slowdown against idle width 1 "
               "and its processes (>Nx: a lower bound, its processes were stopped inside a "
               "call). The smallest number in a row is that load level's best width."
             : "The median call (log scale) against the engine width, one line per load and "
               "policy: colour the policy, dashes the load (solid idle, dashed pinned, dotted "
               "free). The policy whose lines rise least under load degrades least.";
    snprintf(id, sizeof id, "chart-scan-%s", name);
    snprintf(png, sizeof png, SCANDOC_DIR "/scan/%s.png", name);
    snprintf(svg, sizeof svg, SCANDOC_DIR "/scan/%s.svg", name);
    snprintf(dat, sizeof dat, SCANDOC_DIR "/scan/%s.dat", name);
    const docFigure g = {id, title, png, png, first ? how : NULL, {{"SVG", svg}, {"data", dat}}};
    fmt->figure(f, &g);
}

void scandocSection(const resultsScan *sc, const docFmt *fmt, FILE *f) {
    if (!sc) return;
    fmt->section(f, "scan", "The map of when threads hurt");
    const char *verdict = sc->verdict;
    if (!verdict || !*verdict) {
        /* A scan-run/ without a verdict is a scan that did not finish:
         * that is not the same as no scan asked for. */
        fmt->para(f, sc->present ? scandocUnfinished : scandocNone);
        fmt->section_end(f);
        return;
    }
    /* The counts (counts.tsv), the ledger's processes, the scan's own
     * settings. The verdict's first line says the same counts: the quoted
     * verdict below starts after it. */
    const char *rest = strchr(verdict, '\n');
    rest = rest ? rest + 1 : verdict + strlen(verdict);
    char buf[512];
    fmt->para_begin(f, NULL);
    fmt->text(f, "The scan (" SCANDOC_DIR "/): ");
    if (sc->have_counts) {
        char *head = NULL;
        size_t hlen = 0;
        FILE *h = open_memstream(&head, &hlen);
        if (h) {
            scanrecCountsText(&sc->counts, h);
            if (fclose(h) == 0) fmt->text(f, head);
        }
        free(head);
    } else {
        fmt->text(f, scandocOld);
    }
    if (sc->procs >= 0) {
        snprintf(buf, sizeof buf, "; %ld processes in its ledger (" SCANDOC_DIR "/scan-cells.csv)",
                 sc->procs);
        fmt->text(f, buf);
    }
    const char *k = metaGet(&sc->meta, "scan_procs");
    const char *t = metaGet(&sc->meta, "scan_total_s");
    if (k) {
        snprintf(buf, sizeof buf, ", %s per cell", k);
        fmt->text(f, buf);
    }
    if (t) {
        snprintf(buf, sizeof buf, ", deadline %s s", t);
        fmt->text(f, buf);
    }
    fmt->text(f, ". ");
    fmt->text(f, scandocHowto);
    fmt->para_end(f);

    /* The recommendation, one line per workload. */
    fmt->para_begin(f, NULL);
    fmt->strong(f, "Recommendation");
    fmt->text(f, " (the best fixed width per number of pinned load workers):");
    fmt->para_end(f);
    fmt->list_begin(f, NULL);
    size_t nrec = 0;
    for (size_t i = 0; i < sc->nrecs; i++) {
        if (!scandocFirst(sc->recs, i)) continue;
        char *line = scandocLine(sc->recs, sc->nrecs, sc->recs[i].workload);
        if (line) {
            fmt->item(f, line);
            nrec++;
        }
        free(line);
    }
    if (!sc->have_recs) fmt->item(f, scandocOld);
    else if (!nrec)
        fmt->item(f, "none: the scan has no load-scan cells with an idle width-1 reference");
    fmt->list_end(f);

    for (size_t i = 0; i < sc->ncharts; i++)
        scandocChart(sc->charts[i], i == 0 || sc->charts[i][0] != sc->charts[i - 1][0], fmt, f);

    /* The verdict as coldload-scan wrote it: its indentation is its
     * structure, so a preformatted block. */
    fmt->para_begin(f, NULL);
    fmt->text(f, "The scan's verdict (");
    fmt->link(f, SCANDOC_DIR "/scan/verdict.txt", SCANDOC_DIR "/scan/verdict.txt");
    fmt->text(f, "):");
    fmt->para_end(f);
    fmt->pre(f, rest);
    fmt->section_end(f);
}
