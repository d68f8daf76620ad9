/* dpv-ticks.h — "nice" tick generation and number formatting
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define DPV_MAX_TICKS 64

typedef struct {
  double value;
  gboolean major;     /* minor ticks carry no label */
  char label[48];     /* Pango markup, e.g. "10<sup>−5</sup>", "0.25", "−2" (U+2212 minus) */
} DpvTick;

/* Linear ticks at 1, 2, 5 × 10ⁿ steps covering [min, max] with at most max_ticks major ticks;
 * labels share one precision and never print "-0" or float noise (0.30000000000000004);
 * values below 10⁻⁴ and round numbers from 10⁶ up are labelled "2×10<sup>−10</sup>".
 * Returns the number written (≤ DPV_MAX_TICKS); min < max, both finite (min == max, NaN or
 * infinite ends fall back to a sensible range without warnings). */
gsize dpv_ticks_linear (double min, double max, guint max_ticks, DpvTick *ticks);
/* Log ticks: decades (10ⁿ labelled with superscripts; every 2nd, 3rd, 5th, 10th, … decade
 * when they would exceed max_ticks); when the range spans less than about two decades, 1-2-5
 * subdivisions are labelled too (plain numbers between 10⁻³ and 10⁴); minor ticks at
 * 2..9 × 10ⁿ. A range holding fewer than two 1-2-5 values (0.5 … 0.52) gets linear ticks.
 * 0 < min < max; degenerate input falls back to a sensible range without warnings. */
gsize dpv_ticks_log (double min, double max, guint max_ticks, DpvTick *ticks);

/* Makes [*min, *max] a usable axis range, as the two functions above do with theirs: min <
 * max, both finite, max − min finite and above double resolution, and for @log min > 0. NaN,
 * infinite, equal or swapped ends fall back to a sensible range without warnings. */
void dpv_range_sanitize (double *min, double *max, gboolean log);

/* Formats value for read-outs with @significant significant digits, scientific with a
 * Unicode superscript exponent ("1.0×10⁻⁵") outside [1e-3, 1e5), U+2212 for minus.
 * Never prints "nan" or "inf": non-finite values give "∞", "−∞" or "—". Returns a new string. */
char *dpv_format_number (double value, int significant);

G_END_DECLS
