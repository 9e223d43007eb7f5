/* text.h -- a text field as one line: the one escaping of every writer of
 * coldload (the CSVs, verdicts.txt, results.json, the reports; meta.txt's
 * values through the harness's cl_escape, which follows the same rule).
 *
 * A text field -- a program's arguments, a path, a line it printed -- comes
 * from outside and may hold anything. Written as it is, a newline splits a
 * verdict over two lines, a CR or an ESC rewrites a terminal, invalid UTF-8
 * makes results.json unwritable. So:
 *
 * Escaping: each control character is written as an escape -- \n, \r, \t,
 * and \xHH for the others (ESC is \x1b; DEL \x7f; the C1 controls U+0080 to
 * U+009F byte by byte, \xc2\x80) -- and so is each byte that is not part of
 * valid UTF-8, so the text is valid UTF-8 on one line. Every other byte is
 * as it is, a backslash too: escaping twice changes nothing, so each layer
 * escapes what it writes without knowing whether it was escaped before.
 * (The price: a backslash followed by n in the original reads like an
 * escaped newline.)
 *
 * Bounding: a document shows at most TEXT_FIELD_MAX bytes of a text field
 * from a results directory (a 10 MB params field must not become a 100 MB
 * report; 4096, a path's length, keeps any command line a person types
 * whole). A longer one is cut on a character boundary and ends in
 * "…(N bytes, FNV-1a H)": N the original's length, H the FNV-1a 64 of its
 * bytes, so that two texts that differ only after the cut stay two texts. */
#ifndef COLDLOAD_TEXT_H
#define COLDLOAD_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* The most bytes of one text field (escaped, the cut's mark included) that
 * the summary and the documents keep. */
#define TEXT_FIELD_MAX 4096

/* The shortest bound textOneLine takes (room for the mark and some text). */
#define TEXT_MIN_MAX 96

/* 1 when s needs no escape (NULL counts as empty: 1). */
int textIsOneLine(const char *s);

/* s escaped, cut to at most max bytes (0: no bound; else at least
 * TEXT_MIN_MAX), in a new string the caller frees; NULL when out of memory.
 * NULL s gives "". */
char *textOneLine(const char *s, size_t max);

/* s escaped into f, unbounded (the CSVs keep the whole field). keep_newlines:
 * a newline stays one (a preformatted block of several lines), every other
 * control character is escaped. */
void textWrite(FILE *f, const char *s, int keep_newlines);

/* Writes s into a gnuplot single-quoted string literal, quotes included
 * (no backtick substitution there; control characters become blanks): the
 * charts' labels, from results directories. */
void textGnuplotString(FILE *f, const char *s);

#endif
