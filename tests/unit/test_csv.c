/* test_csv.c -- rows out (header once, quoting, refusing a foreign header)
 * and in (RFC 4180 records back, every defect as file:line). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "bench/csvwrite.h"
#include "model/csvread.h"

static char tmpl[64];

static int setupFile(void **state) {
    (void)state;
    strcpy(tmpl, "/tmp/coldload-csv-XXXXXX");
    int fd = mkstemp(tmpl);
    if (fd < 0) return -1;
    close(fd);
    unlink(tmpl); /* the writer must create it */
    return 0;
}

static int teardownFile(void **state) {
    (void)state;
    unlink(tmpl);
    return 0;
}

static void writeFile(const char *text) {
    FILE *f = fopen(tmpl, "w");
    fputs(text, f);
    fclose(f);
}

static csvRow sampleRow(int iter) {
    csvRow r = {.workload = "grad",
                .params = "n=1000",
                .wait = "block",
                .phase = "steady",
                .width = 2,
                .iter = iter,
                .ms = 0.0175,
                .load1 = 0.5,
                .procs_running = 1,
                .checksum = 0xabcdefULL,
                .usage = {1, 0, 2, 3},
                .cpu = 1,
                .cpus = "0;1",
                .migrations = -1,
                .width_requested = "auto:4"};
    return r;
}

/* A field with a comma or a quote is quoted; one with a newline is one line
 * all the same: its control characters escaped (common/text.h). */
static void headerIsWrittenOnceAndTagsAreQuoted(void **state) {
    (void)state;
    char err[256];
    csvTag tags[2] = {{"copy", "fresh"}, {"note", "a,\"b\"\nc"}};
    for (int round = 0; round < 2; round++) {
        csvWriter *w = csvWriterOpen(tmpl, tags, 2, err, sizeof err);
        assert_non_null(w);
        csvRow r = sampleRow(round + 1);
        r.censored = round == 1;
        assert_int_equal(csvWriterRow(w, &r), 0);
        csvWriterClose(w);
    }
    csvReader *rd = csvReaderOpen(tmpl, err, sizeof err);
    assert_non_null(rd);
    char **f;
    size_t n;
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 1);
    assert_int_equal(n, 25);
    assert_string_equal(f[0], "timestamp");
    assert_string_equal(f[18], "cpu");
    assert_string_equal(f[20], "migrations");
    assert_string_equal(f[21], "width_requested");
    assert_string_equal(f[22], "censored");
    assert_string_equal(f[23], "copy");
    assert_string_equal(f[24], "note");
    for (int row = 1; row <= 2; row++) {
        assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 1);
        assert_int_equal(n, 25);
        assert_string_equal(f[3], "grad");
        assert_string_equal(f[7], "steady");
        assert_int_equal(atoi(f[8]), row);
        assert_string_equal(f[16], "0000000000abcdef");
        assert_string_equal(f[18], "1");
        assert_string_equal(f[19], "0;1");
        assert_string_equal(f[20], ""); /* unknown migrations: empty, never 0 */
        assert_string_equal(f[21], "auto:4");
        assert_string_equal(f[22], row == 2 ? "1" : "0"); /* a bound, or a time */
        assert_string_equal(f[23], "fresh");
        assert_string_equal(f[24], "a,\"b\"\\nc"); /* quoted, and one line */
    }
    assert_int_equal(csvReaderLine(rd), 3); /* the second row starts on line 3 */
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 0);
    csvReaderClose(rd);
}

static void aForeignHeaderIsRefused(void **state) {
    (void)state;
    char err[512];
    writeFile("a,b,c\n1,2,3\n");
    assert_null(csvWriterOpen(tmpl, NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "different header"));
    /* the same columns but another tag set: also refused */
    csvTag tag = {"copy", "x"};
    unlink(tmpl);
    csvWriter *w = csvWriterOpen(tmpl, NULL, 0, err, sizeof err);
    csvWriterClose(w);
    assert_null(csvWriterOpen(tmpl, &tag, 1, err, sizeof err));
}

static void anUnwritablePathIsRefused(void **state) {
    (void)state;
    char err[512];
    assert_null(csvWriterOpen("/nonexistent-dir/x.csv", NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent-dir/x.csv"));
    assert_null(csvWriterOpen("/tmp", NULL, 0, err, sizeof err));
    /* a FIFO: refused at once, open() never waits for a reader */
    assert_int_equal(mkfifo(tmpl, 0600), 0);
    assert_null(csvWriterOpen(tmpl, NULL, 0, err, sizeof err));
    assert_non_null(strstr(err, "not a regular file"));
    assert_null(csvWriterOpen("/dev/null", NULL, 0, err, sizeof err));
}

static void readerHandlesCrlfAndEmptyFields(void **state) {
    (void)state;
    char err[256], **f;
    size_t n;
    writeFile("a,,\"\"\r\nx,\"y\"\"z\",w\n");
    csvReader *rd = csvReaderOpen(tmpl, err, sizeof err);
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 1);
    assert_int_equal(n, 3);
    assert_string_equal(f[0], "a");
    assert_string_equal(f[1], "");
    assert_string_equal(f[2], "");
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 1);
    assert_int_equal(n, 3);
    assert_string_equal(f[1], "y\"z");
    assert_string_equal(f[2], "w");
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 0);
    csvReaderClose(rd);
}

/* A row that does not fit -- here RLIMIT_FSIZE, as a full disk would -- is
 * cut back off: the file ends with the last whole row, the error says why. */
static void aRowPastTheFileLimitIsCutBackOff(void **state) {
    (void)state;
    char err[256];
    csvWriter *w = csvWriterOpen(tmpl, NULL, 0, err, sizeof err);
    assert_non_null(w);
    csvRow r = sampleRow(1);
    assert_int_equal(csvWriterRow(w, &r), 0);
    struct stat st;
    assert_int_equal(stat(tmpl, &st), 0);
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = (rlim_t)st.st_size + 20; /* 20 bytes of the next row fit */
    signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    int rc = csvWriterRow(w, &r);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, SIG_DFL);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(csvWriterError(w), strerror(EFBIG)));
    csvWriterClose(w);
    struct stat after;
    assert_int_equal(stat(tmpl, &after), 0);
    assert_int_equal(after.st_size, st.st_size);
}

/* The writer holds INT/TERM/HUP only while a row is written: between rows a
 * TERM still kills the process by TERM (the exit status the harness reads),
 * and a signal the process ignores stays ignored. */
static int childStatus(int ignore_hup, int sig) {
    pid_t pid = fork();
    if (pid == 0) {
        char err[256];
        if (ignore_hup) signal(SIGHUP, SIG_IGN);
        csvWriter *w = csvWriterOpen(tmpl, NULL, 0, err, sizeof err);
        csvRow r = sampleRow(1);
        if (!w || csvWriterRow(w, &r) != 0) _exit(3);
        raise(sig);
        if (csvWriterRow(w, &r) != 0) _exit(4);
        _exit(0);
    }
    int st = -1;
    waitpid(pid, &st, 0);
    return st;
}

static void signalsBetweenRowsKeepTheirAction(void **state) {
    (void)state;
    int st = childStatus(0, SIGTERM);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGTERM);
    unlink(tmpl);
    st = childStatus(1, SIGHUP);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
}

static void expectDefect(const char *text, const char *what, int line) {
    char err[256], want[64], **f;
    size_t n;
    int rc;
    writeFile(text);
    csvReader *rd = csvReaderOpen(tmpl, err, sizeof err);
    assert_non_null(rd);
    while ((rc = csvReaderNext(rd, &f, &n, err, sizeof err)) == 1) {}
    assert_int_equal(rc, -1);
    snprintf(want, sizeof want, ":%d: ", line);
    if (!strstr(err, want) || !strstr(err, what) || !strstr(err, tmpl))
        fail_msg("error '%s' does not say '%s' at line %d", err, what, line);
    csvReaderClose(rd);
}

static void readerReportsEveryDefectWithFileAndLine(void **state) {
    (void)state;
    expectDefect("a,b\n\"open,c\nd\n", "unterminated", 2);
    expectDefect("a,b\nx,\"q\"z\n", "after a closing quote", 2);
    expectDefect("a,b\nx,y\"z\n", "quote inside", 2);
    expectDefect("a\n1\n2\rx\n", "carriage return", 3);
    /* every writer ends its rows with a newline: a last row without one was
     * cut, maybe inside its last field ("copy=wa" of "copy=warm") */
    expectDefect("a,copy\n1,warm\n2,wa", "no newline", 3);
    expectDefect("a,copy\n1,\"warm\"", "no newline", 2);
    writeFile("a\nb\0c\n");
    FILE *fp = fopen(tmpl, "wb");
    fwrite("a\nb\0c\n", 1, 6, fp);
    fclose(fp);
    char err[256], **f;
    size_t n;
    csvReader *rd = csvReaderOpen(tmpl, err, sizeof err);
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 1);
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), -1);
    assert_non_null(strstr(err, ":2: NUL"));
    csvReaderClose(rd);
    assert_null(csvReaderOpen("/nonexistent/file.csv", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/file.csv"));
}

static void anEmptyFileHasNoRecords(void **state) {
    (void)state;
    char err[256], **f;
    size_t n;
    writeFile("");
    csvReader *rd = csvReaderOpen(tmpl, err, sizeof err);
    assert_int_equal(csvReaderNext(rd, &f, &n, err, sizeof err), 0);
    csvReaderClose(rd);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(headerIsWrittenOnceAndTagsAreQuoted, setupFile,
                                        teardownFile),
        cmocka_unit_test_setup_teardown(aForeignHeaderIsRefused, setupFile, teardownFile),
        cmocka_unit_test_setup_teardown(anUnwritablePathIsRefused, setupFile, teardownFile),
        cmocka_unit_test_setup_teardown(readerHandlesCrlfAndEmptyFields, setupFile, teardownFile),
        cmocka_unit_test_setup_teardown(aRowPastTheFileLimitIsCutBackOff, setupFile, teardownFile),
        cmocka_unit_test_setup_teardown(readerReportsEveryDefectWithFileAndLine, setupFile,
                                        teardownFile),
        cmocka_unit_test_setup_teardown(anEmptyFileHasNoRecords, setupFile, teardownFile),
        cmocka_unit_test_setup_teardown(signalsBetweenRowsKeepTheirAction, setupFile, teardownFile),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
