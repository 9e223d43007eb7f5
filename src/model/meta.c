/* meta.c -- meta.txt's key=value lines (see meta.h). */
#include "model/meta.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/slurp.h"

#define META_FILE_MAX (256 * 1024) /* more is cut */

int metaRead(metaTable *m, const char *path, char *err, size_t errlen) {
    int trunc = 0;
    memset(m, 0, sizeof(*m));
    m->text = slurpText(path, META_FILE_MAX, &trunc);
    if (!m->text) {
        if (errno != ENOENT) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            return -1;
        }
        m->text = strdup("");
        return m->text ? 0 : -1;
    }
    size_t lines = 1;
    for (const char *p = m->text; *p; p++) lines += *p == '\n';
    m->keys = calloc(lines, sizeof(char *));
    m->vals = calloc(lines, sizeof(char *));
    if (!m->keys || !m->vals) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    for (const char *p = m->text; *p;) {
        size_t len = strcspn(p, "\n");
        const char *eq = memchr(p, '=', len);
        if (p[0] != '#' && eq && eq > p) {
            m->keys[m->n] = strndup(p, (size_t)(eq - p));
            m->vals[m->n] = strndup(eq + 1, len - (size_t)(eq - p) - 1);
            if (!m->keys[m->n] || !m->vals[m->n]) {
                snprintf(err, errlen, "%s: out of memory", path);
                m->n++;
                return -1;
            }
            m->n++;
        }
        p += len + (p[len] == '\n');
    }
    return 0;
}

const char *metaGet(const metaTable *m, const char *key) {
    const char *v = NULL; /* the last one wins, as in a shell env file */
    for (size_t i = 0; i < m->n; i++)
        if (strcmp(m->keys[i], key) == 0) v = m->vals[i];
    return v;
}

void metaFree(metaTable *m) {
    for (size_t i = 0; i < m->n; i++) {
        free(m->keys[i]);
        free(m->vals[i]);
    }
    free(m->keys);
    free(m->vals);
    free(m->text);
    memset(m, 0, sizeof(*m));
}

/* The first of keys meta has a non-empty value for, or NULL. */
static const char *metaAny(const metaTable *m, const char *const *keys) {
    for (; *keys; keys++) {
        const char *v = metaGet(m, *keys);
        if (v && *v) return v;
    }
    return NULL;
}

char *metaMachine(const metaTable *m) {
    static const char *const host_k[] = {"host", "hostname", NULL};
    static const char *const cpu_k[] = {"cpu_model", "cpu", "model_name", NULL};
    static const char *const n_k[] = {"nproc", "cpus", "online_cpus", NULL};
    const char *host = metaAny(m, host_k), *cpu = metaAny(m, cpu_k), *n = metaAny(m, n_k);
    char *out;
    if (asprintf(&out, "%s%s%s%s%s%s", host ? host : "unknown host", cpu ? ": " : "",
                 cpu ? cpu : "", n ? ", " : "", n ? n : "", n ? " CPUs" : "") < 0)
        return NULL;
    return out;
}
