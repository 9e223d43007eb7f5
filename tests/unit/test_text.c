/* test_text.c -- a text field as one line (common/text.h): the escapes, valid
 * UTF-8 kept and invalid bytes escaped, escaping twice changing nothing, and
 * the bound with its mark. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/text.h"

static void expectLine(const char *in, const char *want) {
    char *got = textOneLine(in, 0);
    assert_non_null(got);
    assert_string_equal(got, want);
    /* escaping twice changes nothing */
    char *again = textOneLine(got, 0);
    assert_string_equal(again, got);
    assert_true(textIsOneLine(got));
    /* the stream writer says the same */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    textWrite(f, in, 0);
    fclose(f);
    assert_string_equal(buf, want);
    free(buf);
    free(again);
    free(got);
}

static void controlCharactersAreEscaped(void **state) {
    (void)state;
    expectLine("plain text, a\\b \"quoted\"", "plain text, a\\b \"quoted\"");
    expectLine("a\nb", "a\\nb");
    expectLine("a\r\nb\tc", "a\\r\\nb\\tc");
    expectLine("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
    expectLine("del\x7f bell\a", "del\\x7f bell\\x07");
    expectLine("", "");
    assert_false(textIsOneLine("a\nb"));
    assert_true(textIsOneLine(NULL));
    char *e = textOneLine(NULL, 0);
    assert_string_equal(e, "");
    free(e);
}

static void utf8IsKeptAndInvalidBytesEscaped(void **state) {
    (void)state;
    expectLine("第一次跑慢 — ×2 …", "第一次跑慢 — ×2 …");
    expectLine("\xff\xfe", "\\xff\\xfe");
    expectLine("cut \xe4\xb8", "cut \\xe4\\xb8");  /* a character cut short */
    expectLine("\xc0\xaf", "\\xc0\\xaf");          /* an overlong '/' */
    expectLine("\xed\xa0\x80", "\\xed\\xa0\\x80"); /* a surrogate */
    expectLine("c1 \xc2\x9b", "c1 \\xc2\\x9b");    /* the C1 control CSI */
    expectLine("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80");
}

static void aLongTextIsCutWithItsMark(void **state) {
    (void)state;
    size_t n = 10 * 1000 * 1000;
    char *big = malloc(n + 1);
    memset(big, 'x', n);
    big[n] = '\0';
    char *cut = textOneLine(big, TEXT_FIELD_MAX);
    assert_true(strlen(cut) <= TEXT_FIELD_MAX);
    const char *mark = strstr(cut, "\xe2\x80\xa6(10000000 bytes, FNV-1a ");
    assert_non_null(mark);
    assert_true(mark > cut + 300); /* most of the room is the text */
    assert_int_equal(cut[strlen(cut) - 1], ')');
    /* another text with the same start differs in its mark */
    big[n - 1] = 'y';
    char *cut2 = textOneLine(big, TEXT_FIELD_MAX);
    assert_string_not_equal(cut, cut2);
    /* a text that fits is not cut, and a cut never splits an escape or a character */
    char *fits = textOneLine("short", TEXT_FIELD_MAX);
    assert_string_equal(fits, "short");
    for (size_t i = 0; i < n; i += 2) memcpy(big + i, i % 4 ? "\n\n" : "\xc3\xa9", 2);
    char *esc = textOneLine(big, 100);
    assert_true(strlen(esc) <= 100);
    assert_true(textIsOneLine(esc));
    assert_null(strstr(esc, "\\x"));
    /* a bound below the least is raised to it */
    char *least = textOneLine(big, 10);
    assert_true(strlen(least) <= TEXT_MIN_MAX && strlen(least) > 10);
    free(least);
    free(esc);
    free(fits);
    free(cut2);
    free(cut);
    free(big);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(controlCharactersAreEscaped),
        cmocka_unit_test(utf8IsKeptAndInvalidBytesEscaped),
        cmocka_unit_test(aLongTextIsCutWithItsMark),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
