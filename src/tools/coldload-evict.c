/* coldload-evict.c -- drop files' pages from the page cache, without root.
 *
 * The cold-start harness needs a binary and its shared libraries to be "not
 * in memory" before a run, to reproduce a first start after boot without
 * dropping the whole cache (which needs root). For each FILE this writes back
 * any dirty pages (a page that is dirty cannot be dropped), asks the kernel to
 * drop the clean ones with posix_fadvise(POSIX_FADV_DONTNEED), and reports how
 * many of the file's pages were resident before and after, as mincore(2) sees
 * them through a mapping that is never touched (so measuring faults nothing in).
 *
 * Pages mapped by a running process stay resident whatever we ask: the
 * "after" count says how far the drop went, so the harness can record it.
 *
 *   coldload-evict [--query] FILE...
 *
 * One line per file, `evict: PATH pages=N resident_before=A resident_after=B`,
 * then a total line. --query only counts (before = after, nothing dropped).
 *
 * mincore cannot see every file: for a file the caller neither owns nor may
 * write (and without CAP_FOWNER), the kernel hides its page-cache state and
 * reports every page resident (Linux 5.0, "make mincore() more
 * conservative"). Such a file is still dropped, but its counts would be a lie:
 * its line says resident_before=unknown resident_after=unknown, the totals
 * leave it out, and the total line ends with
 * `unknown_files=U unknown_pages=P uid=N` (absent when every file was seen).
 * Exit 0; 1 when a file could not be read; 2 on bad usage, a FILE that is not
 * a regular file included (a FIFO would block open() until a writer came). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define EVICT_EXIT_USAGE 2

typedef struct evictCount {
    long pages, before, after;
    int hidden; /* 1: mincore cannot see this file's page cache */
} evictCount;

/* 1 when mincore would report every page of the file resident whatever is
 * cached: the kernel shows the page cache only to the file's owner, to a
 * process that may write it, and to one with CAP_FOWNER (root here). The
 * write test is the effective ids' (AT_EACCESS), as the kernel's is. */
static int evictHidden(const char *path, const struct stat *st) {
    uid_t me = geteuid();
    if (me == 0 || st->st_uid == me) return 0;
    return faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0;
}

/* Resident pages of the first `pages` pages of the file behind fd (mapped, never
 * touched). Returns -1 with errno set when the mapping or mincore fails. */
static long evictResident(int fd, size_t len, long pages) {
    if (pages == 0) return 0;
    void *map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) return -1;
    unsigned char *vec = malloc((size_t)pages);
    long resident = -1;
    if (vec && mincore(map, len, vec) == 0) {
        resident = 0;
        for (long i = 0; i < pages; i++) resident += vec[i] & 1;
    }
    int saved = errno;
    free(vec);
    munmap(map, len);
    errno = saved;
    return resident;
}

/* Counts, and unless query drops, one file's cached pages. Returns 0, -1
 * (unreadable) or -2 (not a regular file) after one line on stderr naming
 * the file and the reason. */
static int evictFile(const char *path, int query, evictCount *c) {
    /* stat first and O_NONBLOCK: open() of a FIFO would wait for a writer. */
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(stderr, "coldload-evict: %s: %s\n", path,
                S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
        return -2;
    }
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        fprintf(stderr, "coldload-evict: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "coldload-evict: %s: %s\n", path,
                S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
        close(fd);
        return -2;
    }
    long psz = sysconf(_SC_PAGESIZE);
    size_t len = (size_t)st.st_size;
    c->pages = (long)((len + (size_t)psz - 1) / (size_t)psz);
    c->hidden = evictHidden(path, &st);
    c->before = evictResident(fd, len, c->pages);
    if (c->before < 0) {
        fprintf(stderr, "coldload-evict: %s: mincore: %s\n", path, strerror(errno));
        close(fd);
        return -1;
    }
    if (!query) {
        /* Dirty pages (a file just copied) are skipped by DONTNEED: write them
         * back first. fdatasync works on a read-only descriptor; where the file
         * system cannot sync (EINVAL, EROFS) its pages are clean anyway. */
        (void)fdatasync(fd);
        int rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
        if (rc != 0) {
            fprintf(stderr, "coldload-evict: %s: posix_fadvise: %s\n", path, strerror(rc));
            close(fd);
            return -1;
        }
    }
    c->after = query ? c->before : evictResident(fd, len, c->pages);
    close(fd);
    if (c->after < 0) {
        fprintf(stderr, "coldload-evict: %s: mincore: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Usage on f; help goes to stdout (exit 0), mistakes to stderr (exit 2). */
static void evictUsage(FILE *f) {
    fprintf(f, "usage: coldload-evict [--query] FILE...\n"
               "  drops each FILE's pages from the page cache (--query: only counts them)\n");
}

int main(int argc, char **argv) {
    int query = 0, first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        if (strcmp(argv[first], "--") == 0) {
            first++;
            break;
        }
        if (strcmp(argv[first], "--query") == 0) query = 1;
        else if (strcmp(argv[first], "-h") == 0 || strcmp(argv[first], "--help") == 0) {
            evictUsage(stdout);
            return 0;
        } else {
            fprintf(stderr, "coldload-evict: unknown option '%s'\n", argv[first]);
            evictUsage(stderr);
            return EVICT_EXIT_USAGE;
        }
    }
    if (first >= argc) {
        fprintf(stderr, "coldload-evict: no FILE given\n");
        evictUsage(stderr);
        return EVICT_EXIT_USAGE;
    }

    evictCount total = {0, 0, 0, 0};
    long hidden_pages = 0;
    int failed = 0, files = 0;
    for (int i = first; i < argc; i++) {
        evictCount c;
        int rc = evictFile(argv[i], query, &c);
        if (rc != 0) {
            if (rc == -2) failed = EVICT_EXIT_USAGE;
            else if (!failed) failed = 1;
            continue;
        }
        if (c.hidden) {
            printf("evict: %s pages=%ld resident_before=unknown resident_after=unknown\n", argv[i],
                   c.pages);
            total.hidden++;
            hidden_pages += c.pages;
            continue;
        }
        printf("evict: %s pages=%ld resident_before=%ld resident_after=%ld\n", argv[i], c.pages,
               c.before, c.after);
        files++;
        total.pages += c.pages;
        total.before += c.before;
        total.after += c.after;
    }
    printf("evict: total files=%d pages=%ld resident_before=%ld resident_after=%ld", files,
           total.pages, total.before, total.after);
    if (total.hidden)
        printf(" unknown_files=%d unknown_pages=%ld uid=%ld", total.hidden, hidden_pages,
               (long)geteuid());
    putchar('\n');
    return failed;
}
