/* optstag.c -- --tag KEY=VALUE, the tag columns of a CSV (optscommon.h).
 * Apart from the other common options so that a launcher (coldload-run)
 * takes tags without linking the engine those options name. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bench/optscommon.h"

int optsTagAdd(csvTag *tags, size_t *ntags, size_t max, const char *s) {
    const char *eq = strchr(s, '=');
    size_t klen = eq ? (size_t)(eq - s) : 0;
    int ok = klen > 0 && klen < CSV_TAG_KEY_MAX && (isalpha((unsigned char)s[0]) || s[0] == '_');
    for (size_t i = 1; ok && i < klen; i++) ok = isalnum((unsigned char)s[i]) || s[i] == '_';
    char shown[256];
    if (!ok)
        return optsError("--tag: expected KEY=VALUE, KEY of letters, digits and _ "
                         "(1..%d chars, not starting with a digit), got '%s'",
                         CSV_TAG_KEY_MAX - 1, optsPrintable(s, shown, sizeof shown));
    /* A tag may not shadow a column: the CSV would have two of that name. */
    if (optsKeyIn(CSV_FIXED_COLUMNS, s, klen))
        return optsError("--tag: key '%.*s' is a fixed CSV column", (int)klen, s);
    for (size_t i = 0; i < *ntags; i++)
        if (strlen(tags[i].key) == klen && strncmp(tags[i].key, s, klen) == 0)
            return optsError("--tag: key '%.*s' given twice", (int)klen, s);
    if (*ntags >= max) return optsError("--tag: at most %zu tags", max);
    memcpy(tags[*ntags].key, s, klen);
    tags[*ntags].key[klen] = '\0';
    tags[*ntags].value = eq + 1;
    (*ntags)++;
    return 0;
}
