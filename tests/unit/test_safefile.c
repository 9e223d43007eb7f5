/* test_safefile.c -- files opened only when they are what coldload expects
 * (common/safefile.h) and the atomic writer on top (common/atomicfile.h): a
 * FIFO, a device node and a symbolic link are refused for reading and never
 * replaced by a write, with the reason said; a path that cannot be written
 * is found before anything is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "common/atomicfile.h"
#include "common/safefile.h"
#include "common/slurp.h"

typedef struct scratch {
    char dir[64];
    char path[6][128]; /* file, fifo, link, dev, sub, dirlink */
} scratch;

enum { S_FILE, S_FIFO, S_LINK, S_DEV, S_SUB, S_DIRLINK };

static int scratchSetup(void **state) {
    scratch *s = calloc(1, sizeof *s);
    snprintf(s->dir, sizeof s->dir, "/tmp/test_safefile.XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    static const char *names[] = {"file", "fifo", "link", "dev", "sub", "dirlink"};
    /* the directory copied out first: one object both read and written by
     * snprintf is what -Wrestrict (at the sanitizers' -O1) refuses */
    char dir[sizeof s->dir];
    memcpy(dir, s->dir, sizeof dir);
    for (int i = 0; i < 6; i++) snprintf(s->path[i], sizeof s->path[i], "%s/%s", dir, names[i]);
    FILE *f = fopen(s->path[S_FILE], "w");
    assert_non_null(f);
    fputs("text\n", f);
    fclose(f);
    assert_int_equal(mkfifo(s->path[S_FIFO], 0600), 0);
    assert_int_equal(symlink(s->path[S_FILE], s->path[S_LINK]), 0);
    assert_int_equal(mkdir(s->path[S_SUB], 0700), 0);
    assert_int_equal(symlink(s->path[S_SUB], s->path[S_DIRLINK]), 0);
    /* the node of /dev/null, made here: only root may (else these cases
     * test the other kinds alone) */
    if (geteuid() == 0) assert_int_equal(mknod(s->path[S_DEV], S_IFCHR | 0666, makedev(1, 3)), 0);
    *state = s;
    return 0;
}

static int scratchTeardown(void **state) {
    scratch *s = *state;
    for (int i = 0; i < 6; i++) {
        if (i == S_SUB) rmdir(s->path[i]);
        else unlink(s->path[i]);
    }
    assert_int_equal(rmdir(s->dir), 0);
    free(s);
    return 0;
}

/* A regular file is read; a FIFO is refused at once (alarm: a blocked
 * open() fails the test instead of hanging it), a link is not followed, a
 * directory is not read; each says what it is. */
static void readingTakesRegularFilesOnly(void **state) {
    scratch *s = *state;
    char why[SAFEFILE_WHY_MAX];
    int cut = 0;
    alarm(10);
    char *t = slurpText(s->path[S_FILE], 100, &cut, why, sizeof why);
    assert_non_null(t);
    assert_string_equal(t, "text\n");
    free(t);
    assert_null(slurpText(s->path[S_FIFO], 100, &cut, why, sizeof why));
    assert_int_equal(errno, EINVAL);
    assert_string_equal(why, "a FIFO, not a regular file: not read");
    assert_null(safefileFopenRead(s->path[S_LINK], why, sizeof why));
    assert_int_equal(errno, ELOOP);
    assert_string_equal(why, "a symbolic link: not followed");
    assert_int_equal(safefileOpenRead(s->path[S_SUB], why, sizeof why), -1);
    assert_string_equal(why, "a directory, not a regular file: not read");
    assert_int_equal(safefileOpenRead("/nonexistent/x", why, sizeof why), -1);
    assert_int_equal(errno, ENOENT);
    if (geteuid() == 0) {
        assert_int_equal(safefileOpenRead(s->path[S_DEV], why, sizeof why), -1);
        assert_string_equal(why, "a character device, not a regular file: not read");
    }
    alarm(0);
}

/* The atomic writer replaces a regular file, and refuses a device node, a
 * FIFO and a link, which stay what they were. */
static void aDeviceNodeFifoOrLinkIsNeverReplaced(void **state) {
    scratch *s = *state;
    atomicFile a;
    assert_int_equal(atomicOpen(&a, s->path[S_FILE]), 0);
    fputs("new\n", a.f);
    assert_int_equal(atomicCommit(&a), 0);
    for (int i = S_FIFO; i <= S_DEV; i++) {
        struct stat before, after;
        if (i == S_DEV && geteuid() != 0) continue;
        assert_int_equal(lstat(s->path[i], &before), 0);
        assert_int_equal(atomicOpen(&a, s->path[i]), -1);
        assert_null(a.f);
        assert_non_null(strstr(a.why, i == S_LINK ? "a symbolic link: not followed"
                                                  : "not a regular file: not replaced"));
        atomicAbort(&a); /* a no-op after a refusal */
        assert_int_equal(lstat(s->path[i], &after), 0);
        assert_int_equal(before.st_mode, after.st_mode);
        assert_int_equal(before.st_ino, after.st_ino);
    }
    char why[SAFEFILE_WHY_MAX];
    if (geteuid() == 0) {
        assert_int_equal(safefileReplaceable(s->path[S_DEV], why, sizeof why), -1);
        assert_string_equal(why, "a character device, not a regular file: not replaced");
    }
}

/* A path to be written is checked before anything is: absent or regular,
 * in a directory where a file can be made (no probe file is left). */
static void aPathThatCannotBeWrittenIsFoundFirst(void **state) {
    scratch *s = *state;
    char why[SAFEFILE_WHY_MAX], path[160];
    snprintf(path, sizeof path, "%s/new.json", s->dir);
    assert_int_equal(safefileWritable(path, why, sizeof why), 0);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(safefileWritable(s->path[S_FILE], why, sizeof why), 0);
    assert_int_equal(safefileWritable(s->path[S_FIFO], why, sizeof why), -1);
    assert_string_equal(why, "a FIFO, not a regular file: not replaced");
    snprintf(path, sizeof path, "%s/missing/new.json", s->dir);
    assert_int_equal(safefileWritable(path, why, sizeof why), -1);
    assert_non_null(strstr(why, "no directory "));
    /* /proc/version is a regular file where no file can be made */
    assert_int_equal(safefileWritable("/proc/version", why, sizeof why), -1);
    assert_non_null(strstr(why, "no file can be made in /proc"));
    /* the directory holds only what the setup made */
    snprintf(path, sizeof path, "%s/.new.json.XXXXXX", s->dir);
    assert_int_equal(access(path, F_OK), -1);
}

/* A directory written into is one itself: made when absent, a link to one
 * or a file refused. */
static void aDirectoryWrittenIntoIsNoLink(void **state) {
    scratch *s = *state;
    char why[SAFEFILE_WHY_MAX], path[160];
    assert_int_equal(safefileDir(s->path[S_SUB], 0, why, sizeof why), 0);
    assert_int_equal(safefileDir(s->path[S_DIRLINK], 1, why, sizeof why), -1);
    assert_int_equal(errno, ELOOP);
    assert_string_equal(why, "a symbolic link: not followed");
    assert_int_equal(safefileDir(s->path[S_FILE], 1, why, sizeof why), -1);
    assert_string_equal(why, "a regular file, not a directory");
    snprintf(path, sizeof path, "%s/made", s->dir);
    assert_int_equal(safefileDir(path, 0, why, sizeof why), -1);
    assert_int_equal(errno, ENOENT);
    assert_int_equal(safefileDir(path, 1, why, sizeof why), 0);
    assert_int_equal(rmdir(path), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(readingTakesRegularFilesOnly),
        cmocka_unit_test(aDeviceNodeFifoOrLinkIsNeverReplaced),
        cmocka_unit_test(aPathThatCannotBeWrittenIsFoundFirst),
        cmocka_unit_test(aDirectoryWrittenIntoIsNoLink),
    };
    return cmocka_run_group_tests(tests, scratchSetup, scratchTeardown);
}
