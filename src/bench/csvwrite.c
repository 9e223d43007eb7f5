/* csvwrite.c -- tidy CSV rows out, one whole row per write (see csvwrite.h).
 *
 * The writer builds each row in memory and appends it with one write(2), so
 * a process killed between samples leaves a file of whole rows, and a row the
 * disk had no room for is cut back off (ftruncate to where it began) rather
 * than left half-written for the next run to append onto.
 *
 * One write is not enough against a signal: a fatal INT, TERM or HUP that
 * lands while write(2) copies a row can cut it short (the kernel checks for
 * one between pages), and a killed process cannot cut the partial row back.
 * So the writer holds such a signal until its row is whole (csvSig*): the
 * handler dies at once, as the default action would, unless a row is being
 * written; then it leaves the death to the writer, which raises the signal
 * the moment the row is complete. A binary still dies on TERM within a call,
 * by the same signal, so its exit status is unchanged. */
#include "bench/csvwrite.h"

#include "bench/measure.h"
#include "common/csvfield.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct csvWriter {
    int fd;
    const csvTag *tags;
    size_t ntags;
    char path[256]; /* for messages */
    char err[384];  /* why the last row failed, "" when none did */
};

/* The header this writer's rows need: its columns, then the tag keys. */
static char *csvHeaderOf(const char *columns, const csvTag *tags, size_t ntags) {
    size_t len = strlen(columns) + 3;
    for (size_t i = 0; i < ntags; i++) len += strlen(tags[i].key) + 1;
    char *h = malloc(len);
    if (!h) return NULL;
    strcpy(h, columns);
    for (size_t i = 0; i < ntags; i++) {
        strcat(h, ",");
        strcat(h, tags[i].key);
    }
    return h;
}

char *csvHeaderFor(const csvTag *tags, size_t ntags) {
    return csvHeaderOf(CSV_FIXED_COLUMNS, tags, ntags);
}

/* Compares the first line of the open (read and append), non-empty file fd with `want`
 * (read from the descriptor: the path could name another file by now). */
static int csvHeaderMatches(int fd, const char *want) {
    size_t cap = strlen(want) + 3;
    char *line = malloc(cap);
    ssize_t n = line ? pread(fd, line, cap - 1, 0) : -1;
    int ok = n > 0;
    if (ok) {
        line[n] = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        ok = strcmp(line, want) == 0;
    }
    free(line);
    return ok;
}

/* The write itself (csvAppend holds the signals around it). */
static int csvAppendRow(csvWriter *w, const char *buf, size_t len) {
    struct stat st;
    if (fstat(w->fd, &st) != 0) {
        snprintf(w->err, sizeof w->err, "%s: %s", w->path, strerror(errno));
        return -1;
    }
    ssize_t n = write(w->fd, buf, len);
    if (n == (ssize_t)len) return 0;
    int e = errno;
    if (n >= 0) {
        /* A short write does not say why; the next byte's write does
         * (ENOSPC, EFBIG, EDQUOT...). Whatever it adds is cut off below. */
        ssize_t m = write(w->fd, buf + n, len - (size_t)n);
        e = m < 0 ? errno : EIO;
    }
    if (n > 0 && ftruncate(w->fd, st.st_size) != 0)
        snprintf(w->err, sizeof w->err,
                 "%s: a row could not be written (%s) and the partial row "
                 "could not be removed: %s",
                 w->path, strerror(e), strerror(errno));
    else
        snprintf(w->err, sizeof w->err, "%s: a row could not be written: %s", w->path, strerror(e));
    return -1;
}

/* --- holding INT, TERM and HUP while a row is written -------------------- */

enum { CSV_SIG_IDLE, CSV_SIG_WRITING, CSV_SIG_HELD, CSV_SIG_DYING };
static atomic_int csvSigState;           /* one of the above; lock-free, so handler-safe */
static volatile sig_atomic_t csvSigHeld; /* the signal held (CSV_SIG_HELD) */

static void csvSigDie(int sig) {
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Any thread may run it (the engine's and OpenBLAS's threads do not block
 * signals), so the decision is one compare-and-swap on the state. */
static void csvSigHandler(int sig) {
    int st = CSV_SIG_WRITING;
    csvSigHeld = sig;
    if (atomic_compare_exchange_strong(&csvSigState, &st, CSV_SIG_HELD)) return;
    st = CSV_SIG_IDLE;
    if (atomic_compare_exchange_strong(&csvSigState, &st, CSV_SIG_DYING)) csvSigDie(sig);
    /* held or dying already: one death is on its way */
}

/* Installs the handler where the signal has its default action (an ignored
 * HUP, e.g. under nohup, stays ignored). */
static void csvSigInstall(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = csvSigHandler;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

/* Before a row: from now a signal waits for csvSigEnd. When one already
 * decided to kill the process, the row is not started: wait for the death. */
static void csvSigBegin(void) {
    int st = CSV_SIG_IDLE;
    while (!atomic_compare_exchange_strong(&csvSigState, &st, CSV_SIG_WRITING)) {
        pause();
        st = CSV_SIG_IDLE;
    }
}

/* After a row: a signal held meanwhile is raised now, the row whole. */
static void csvSigEnd(void) {
    if (atomic_exchange(&csvSigState, CSV_SIG_IDLE) == CSV_SIG_HELD) csvSigDie(csvSigHeld);
}

/* Appends buf[0..len) with one write(2); on a short write the file is cut
 * back to its size before the row, so it never ends in a partial row. */
static int csvAppend(csvWriter *w, const char *buf, size_t len) {
    csvSigBegin();
    int rc = csvAppendRow(w, buf, len);
    csvSigEnd();
    return rc;
}

csvWriter *csvWriterOpen(const char *path, const csvTag *tags, size_t ntags, char *err,
                         size_t errlen) {
    return csvWriterOpenColumns(path, CSV_FIXED_COLUMNS, tags, ntags, err, errlen);
}

csvWriter *csvWriterOpenColumns(const char *path, const char *columns, const csvTag *tags,
                                size_t ntags, char *err, size_t errlen) {
    csvSigInstall(); /* before the first row, header included */
    csvWriter *w = calloc(1, sizeof(*w));
    char *header = csvHeaderOf(columns, tags, ntags);
    int fd = -1;
    struct stat st;
    if (!w || !header) {
        snprintf(err, errlen, "--csv %s: out of memory", path);
        goto err;
    }
    /* A FIFO (or a device) would block open() until a reader comes, or take
     * rows nobody keeps: only regular files. A symbolic link is not followed
     * (one planted in a results directory would point the rows anywhere).
     * lstat first, then O_NONBLOCK | O_NOFOLLOW and fstat for one swapped in
     * meanwhile. */
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "--csv %s: %s", path,
                 S_ISLNK(st.st_mode) ? "a symbolic link: not followed" : "not a regular file");
        goto err;
    }
    fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0644);
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, errlen, "--csv %s: cannot open for appending: %s", path,
                 errno == ELOOP ? "a symbolic link: not followed" : strerror(errno));
        goto err;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "--csv %s: not a regular file", path);
        goto err;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0) {
        snprintf(err, errlen, "--csv %s: %s", path, strerror(errno));
        goto err;
    }
    if (st.st_size > 0 && !csvHeaderMatches(fd, header)) {
        snprintf(err, errlen, "--csv %s: the file exists with a different header (expected: %s)",
                 path, header);
        goto err;
    }
    w->fd = fd;
    w->tags = tags;
    w->ntags = ntags;
    snprintf(w->path, sizeof w->path, "%s", path);
    if (st.st_size == 0) {
        size_t hl = strlen(header);
        header[hl] = '\n'; /* csvHeaderOf left room for it */
        if (csvAppend(w, header, hl + 1) != 0) {
            snprintf(err, errlen, "--csv %s: write failed: %s", path, w->err);
            goto err;
        }
    }
    free(header);
    return w;
err:
    if (fd >= 0) close(fd);
    free(header);
    free(w);
    return NULL;
}

/* The tags, the newline, and the one write of the row f holds. */
static int csvFinishRow(csvWriter *w, FILE *f, char **buf, size_t *len) {
    for (size_t i = 0; i < w->ntags; i++) {
        fputc(',', f);
        csvWriteField(f, w->tags[i].value);
    }
    fputc('\n', f);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        snprintf(w->err, sizeof w->err, "%s: out of memory for a row", w->path);
        free(*buf);
        return -1;
    }
    int rc = csvAppend(w, *buf, *len);
    free(*buf);
    return rc;
}

int csvWriterRow(csvWriter *w, const csvRow *r) {
    char stamp[40];
    measureUtc(stamp, sizeof stamp);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(w->err, sizeof w->err, "%s: %s", w->path, strerror(errno));
        return -1;
    }
    fprintf(f, "%s,", stamp);
    csvWriteField(f, csvHost());
    fprintf(f, ",%s,", csvRunId());
    csvWriteField(f, r->workload);
    fputc(',', f);
    csvWriteField(f, r->params);
    fprintf(f, ",%d,", r->width);
    csvWriteField(f, r->wait);
    fputc(',', f);
    csvWriteField(f, r->phase);
    fprintf(f, ",%d,%.6f,%ld,%ld,%ld,%ld,%.2f,%d,", r->iter, r->ms, r->usage.minflt,
            r->usage.majflt, r->usage.nvcsw, r->usage.nivcsw, r->load1, r->procs_running);
    if (!r->no_checksum) fprintf(f, "%016" PRIx64, r->checksum);
    fprintf(f, ",%d", r->truncated ? 1 : 0);
    fputc(',', f);
    if (r->cpu >= 0) fprintf(f, "%d", r->cpu);
    fputc(',', f);
    csvWriteField(f, r->cpus);
    fputc(',', f);
    if (r->migrations >= 0) fprintf(f, "%ld", r->migrations);
    fputc(',', f);
    csvWriteField(f, r->width_requested);
    fprintf(f, ",%d", r->censored ? 1 : 0);
    return csvFinishRow(w, f, &buf, &len);
}

int csvWriterFields(csvWriter *w, const char *const *fields, size_t n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(w->err, sizeof w->err, "%s: %s", w->path, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (i) fputc(',', f);
        csvWriteField(f, fields[i]);
    }
    return csvFinishRow(w, f, &buf, &len);
}

const char *csvWriterError(const csvWriter *w) { return w ? w->err : ""; }

void csvWriterClose(csvWriter *w) {
    if (!w) return;
    close(w->fd);
    free(w);
}

const char *csvRunId(void) {
    static char id[48];
    if (!id[0]) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        snprintf(id, sizeof id, "%lld-%ld", (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000,
                 (long)getpid());
    }
    return id;
}

const char *csvHost(void) {
    static char host[256];
    if (!host[0] && (gethostname(host, sizeof host - 1) != 0 || !host[0])) strcpy(host, "unknown");
    return host;
}

int csvWriteTimes(const char *path, const csvTag *tags, size_t ntags, const csvRow *tmpl,
                  const double *ms, size_t n, int page, char *err, size_t errlen) {
    if (n == 0) return 0;
    csvWriter *w = csvWriterOpen(path, tags, ntags, err, errlen);
    if (!w) return -1;
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        csvRow row = *tmpl;
        row.phase = page ? (i ? "steady" : "first") : "call";
        row.iter = page ? (int)i : (int)i + 1;
        row.ms = ms[i];
        row.censored = 0;
        if ((rc = csvWriterRow(w, &row)) != 0) snprintf(err, errlen, "%s", csvWriterError(w));
    }
    csvWriterClose(w);
    return rc;
}
