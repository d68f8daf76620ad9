/* dpv-walk.h — the privacy-loss random walk: Dwork & Roth Thm 3.20 made visible
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Points stored per path (j = 0 … k evenly, k + 1 when fewer): enough for a smooth line. */
#define DPV_WALK_COLUMNS 201
/* Bins of the histogram of S_k. */
#define DPV_WALK_BINS 40
/* Paths drawn as lines: the first ones below the threshold, and the first ones above it (all
 * of them are drawn as a density). */
#define DPV_WALK_DRAWN_BELOW 25
#define DPV_WALK_DRAWN_ABOVE 25
/* Rows of the density of the paths (its columns are the stored points). */
#define DPV_WALK_DENSITY_ROWS 160
/* Confidence of the interval of the fraction above the threshold. */
#define DPV_WALK_CONFIDENCE 0.95

/* The numbers of the figure; the paths themselves are the frame's data (a DpWalk). */
typedef struct {
  const DpWalk *walk;
  DpMechanismKind kind;
  gboolean bounded;         /* ε-DP: Lemmas 3.18, 3.19 and Thm 3.20 apply */
  unsigned long k;
  gsize n_paths;
  double epsilon, delta_prime;

  gsize n_columns;
  double *xs;               /* j of each column, as doubles */
  double *max_line;         /* ε-DP: j·ε, the largest loss possible; NULL otherwise */
  /* paths drawn, by index: below the threshold at j = k (some of them above the band at
   * some j) and above it */
  gsize n_below_drawn, n_above_drawn;
  gsize below_drawn[DPV_WALK_DRAWN_BELOW];
  gsize above_drawn[DPV_WALK_DRAWN_ABOVE];
  double y_lo, y_hi;
  /* where all the paths are: at each column c, how many paths are in each of the
   * DPV_WALK_DENSITY_ROWS equal rows of [y_lo, y_hi] (row 0 at y_lo), all paths and those
   * ending above the threshold; index c·ROWS + row */
  guint *density, *density_above;

  /* the three numbers at j = k */
  double fraction_above;    /* empirical P[S_k > ε′] */
  double fraction_lo, fraction_hi;  /* its Clopper–Pearson interval */
  double exact_tail;        /* P[S_k > ε′] */
  double log10_exact_tail;  /* its log10 (−HUGE_VAL when 0), for tails below 1e-300 */
  double max_loss;          /* ε-DP: kε; NaN otherwise */
  gboolean threshold_unreachable; /* ε-DP with ε′ ≥ kε: no path can cross */

  /* histogram along the loss axis: fraction of paths per bin and exact probability */
  gsize n_bins;
  double *hist;             /* fraction of paths in bin b */
  double hist_max;
} DpvWalkView;

extern const DpvViewClass dpv_walk_view;

/* The Clopper–Pearson interval of a binomial proportion: x successes of n at @confidence. */
void dpv_walk_binomial_interval (gsize x, gsize n, double confidence, double *lo, double *hi);

/* A probability as text: "0" when it is 0, ≈10^x for tails below the double range. */
char *dpv_walk_fmt_tail (double tail, double log10_tail);

/* The three numbers at j = k and what they mean (Pango markup): the strip under the plots. */
char *dpv_walk_numbers_markup (const DpvWalkView *r);

void dpv_walk_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                    double x, double y, double w, double h);

G_END_DECLS
