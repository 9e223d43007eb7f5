/* section.c -- what the report's sections share (doc/section.h). */
#include "doc/section.h"

#include <math.h>

const char *reportRatio(double r, char *buf, size_t len) {
    if (isnan(r)) snprintf(buf, len, "-");
    else snprintf(buf, len, r >= 100 ? "%.0fx" : r >= 0.1 ? "%.1fx" : "%.2gx", r);
    return buf;
}
