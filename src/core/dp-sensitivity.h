/* dp-sensitivity.h — global, local and smooth sensitivity of simple queries on a small data set
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: the DP summary (seed 001, 全局敏感度, 局部敏感度, 平滑上界, 平滑敏感度); the lecture
 * book, Def. 3.1 (k-neighbouring data sets) and Def. 3.3 (global sensitivity); Nissim,
 * Raskhodnikova & Smith, "Smooth sensitivity and sampling in private data analysis", STOC 2007
 * (NRS below).
 *
 * A data set is x = (x_1, …, x_n), every x_i in the stated domain [L, U]. The queries:
 *
 *   count   n                                   neighbours: add or remove one record
 *   sum     Σ x_i                               neighbours: replace one record (n fixed)
 *   mean    Σ x_i / n                           neighbours: replace one record (n fixed)
 *   median  x_(m), m = (n+1)/2 for odd n;       neighbours: replace one record (n fixed)
 *           (x_(n/2) + x_(n/2+1))/2 for even n
 *   max     x_(n)                               neighbours: replace one record (n fixed)
 *
 * (x_(1) ≤ … ≤ x_(n) is x sorted.) Which neighbours: the book's Def. 3.1 and Def. 3.3 take
 * data sets of a fixed size n that differ in one record, and the book adds that "1-neighbouring
 * may change with the setting" (定义中的 1-相邻，可能会随着情景不同而改变). With n fixed the
 * count is the constant n (GS = 0, nothing to protect), so the count uses the other relation,
 * the seed's |D Δ D′| = 1: one record added or removed. Every other query keeps n fixed, as
 * "mean (n fixed)" requires and as NRS do (Hamming distance on X^n).
 *
 * Distance d(x, y): the number of records to replace (Hamming) for the replace relation; the
 * size of the symmetric difference |x Δ y| for add/remove.
 */
#pragma once

#include "dp-common.h"

typedef enum {
  DP_QUERY_COUNT = 0,
  DP_QUERY_SUM,
  DP_QUERY_MEAN,
  DP_QUERY_MEDIAN,
  DP_QUERY_MAX,
  DP_N_QUERIES
} DpQuery;

typedef enum {
  DP_NEIGHBOURS_REPLACE = 0,  /* replace one record, n fixed (book Def. 3.1, 3.3; NRS) */
  DP_NEIGHBOURS_ADD_REMOVE,   /* add or remove one record, |D Δ D′| = 1 (seed 001) */
} DpNeighbours;

/* The largest data set, and the largest |L|, |U|, every function accepts. */
#define DP_SENSITIVITY_N_MAX 1000
#define DP_SENSITIVITY_BOUND_MAX 1e9

/* "count", "sum", "mean", "median", "max" and back; from_name returns false for unknown
 * names. */
const char *dp_query_to_name (DpQuery query);
bool dp_query_from_name (const char *name, DpQuery *out);
/* The neighbour relation @query is analysed with (see above). */
DpNeighbours dp_query_neighbours (DpQuery query);
/* "replace", "add_remove". */
const char *dp_neighbours_to_name (DpNeighbours neighbours);

/* f(x). 1 ≤ n ≤ DP_SENSITIVITY_N_MAX, every x_i finite. */
DpStatus dp_query_value (DpQuery query, const double *x, size_t n, double *out);

/* Every function below checks its data set: 1 ≤ n ≤ DP_SENSITIVITY_N_MAX, L < U, |L| and |U| at
 * most DP_SENSITIVITY_BOUND_MAX, every x_i in [L, U]; DP_ERR_DOMAIN otherwise. */

/* The local sensitivity LS_f(x) = max |f(x) − f(x′)| over the neighbours x′ of x in the domain
 * (seed 001), by enumerating the neighbours: every record replaced by L and by U (replace), or
 * every record removed and L or U added (add/remove). Those are all the neighbours that matter:
 * each query is non-decreasing in each record, so v ↦ f(x with x_i replaced by v) − f(x) is
 * monotone on [L, U] and its largest absolute value is at v = L or v = U. */
DpStatus dp_sensitivity_local (DpQuery query, const double *x, size_t n, double lower,
                               double upper, double *out);

/* The local sensitivity at distance t, A^(t)(x) = max LS_f(y) over the y with d(x, y) ≤ t
 * (NRS Def. 3.1), for t = 0, 1, …, n: writes n + 1 values into @out. A^(0) = LS_f(x); A^(t) is
 * non-decreasing in t and, for the replace relation, A^(n) = GS_f (every data set of size n is
 * within distance n). For the median this is NRS Prop. 3.4, A^(t)(x) =
 * max_{0≤s≤t+1} (x_(m+s) − x_(m+s−t−1)) with x_(i) = L for i ≤ 0 and U for i > n; the same
 * argument gives every other query here (see dp-sensitivity.c). */
DpStatus dp_sensitivity_local_at_distance (DpQuery query, const double *x, size_t n,
                                           double lower, double upper, double *out);

/* The global sensitivity GS_f = max over neighbouring x, x′ of |f(x) − f(x′)| (book Def. 3.3),
 * for data sets of size n in [L, U]: GS_f = max_x LS_f(x) (seed 001), found as A^(n) of any data
 * set (replace) — count 1, sum U − L, mean (U − L)/n, median U − L (odd n) or
 * (U − L)/2 (even n: the two middle values each move by one place at most), max U − L. */
DpStatus dp_sensitivity_global (DpQuery query, size_t n, double lower, double upper,
                                double *out);

/* The β-smooth sensitivity S*_{f,β}(x) = max_{t ≥ 0} e^{−tβ} A^(t)(x) (NRS §3; seed 001,
 * 平滑敏感度, writes it as max over x′ of e^{−β d(x,x′)} LS_f(x′)), from the n + 1
 * values A^(0 … n) of dp_sensitivity_local_at_distance(): beyond t = n, A^(t) stays at A^(n)
 * (replace) or at 1 (count) while e^{−tβ} falls, so the maximum is at some t ≤ n, written to
 * @argmax_t (the smallest such t; may be NULL). @count = n + 1 ≥ 1, β > 0 finite, every A^(t)
 * finite and ≥ 0. */
DpStatus dp_sensitivity_smooth (const double *local_at_distance, size_t count, double beta,
                                double *out, size_t *argmax_t);

/* The noise that makes f(x) + (noise scale) · Z private when the scale follows a β-smooth upper
 * bound S(x) of LS_f (NRS Cor. 2.4, the one-dimensional calibration):
 *   δ = 0:       ε-DP with Z standard Cauchy (density ∝ 1/(1 + z²), γ = 2 in NRS), β = ε/6,
 *                scale 6 S(x)/ε;
 *   0 < δ < 1:   (ε, δ)-DP with Z ~ Lap(1), β = ε/(2 ln(2/δ)), scale 2 S(x)/ε. */
typedef enum {
  DP_NOISE_LAPLACE = 0,
  DP_NOISE_CAUCHY,
} DpNoiseKind;

typedef struct {
  DpNoiseKind kind;
  double epsilon;
  double delta;
  double beta;          /* the smoothness β to compute S*_{f,β} with */
  double scale_factor;  /* the noise scale is scale_factor · S(x): 6/ε or 2/ε */
} DpSmoothCalibration;

/* ε in [DP_EPSILON_MIN, DP_EPSILON_MAX]; δ = 0 (Cauchy) or 0 < δ < 1 (Laplace). */
DpStatus dp_smooth_calibration (double epsilon, double delta, DpSmoothCalibration *out);

/* The density of scale · Z at z: e^{−|z|/s}/(2s) (Laplace) or 1/(πs(1 + (z/s)²)) (Cauchy);
 * scale > 0 finite, z not NaN (±∞ gives 0). */
DpStatus dp_noise_density (DpNoiseKind kind, double scale, double z, double *out);

/* The q-quantile of |scale · Z| (0 < q < 1): for the Laplace Z, scale · ln(1/(1 − q)); for the
 * standard Cauchy Z, scale · tan(πq/2). q = 0.5 is the typical error, q = 0.95 a bound the
 * error stays under 95 % of the time. scale ≥ 0 finite. */
DpStatus dp_noise_abs_quantile (DpNoiseKind kind, double scale, double q, double *out);

/* A neighbour x′ of x whose local sensitivity differs most from LS_f(x): why noise scaled to
 * LS_f(x) alone is not private — its scale itself tells x and x′ apart, and LS_f(x) = 0 releases
 * f(x) exactly. Found among the replacements of one record by L, U or a value of the data set
 * (replace relation; a difference below 10⁻⁹·GS_f counts as none); the count's neighbours
 * all have LS = 1, so none differs there. */
typedef struct {
  bool differs;          /* false: no neighbour found with another local sensitivity */
  size_t index;          /* the record replaced: its position in the caller's array */
  double value;          /* its new value */
  double query_value;    /* f(x′) */
  double local;          /* LS_f(x′), by dp_sensitivity_local() */
} DpSensitivityNeighbour;

DpStatus dp_sensitivity_neighbour (DpQuery query, const double *x, size_t n, double lower,
                                   double upper, DpSensitivityNeighbour *out);

/* Everything a view shows for one data set and query, computed at once. */
typedef struct {
  DpQuery query;
  DpNeighbours neighbours;
  size_t n;
  double lower, upper;
  double value;                /* f(x) */
  double global;               /* GS_f */
  double local;                /* LS_f(x) */
  double *local_at_distance;   /* A^(t)(x), t = 0 … n: n + 1 values (owned) */
  DpSensitivityNeighbour neighbour;
} DpSensitivityAnalysis;

/* Fills @out (its array is allocated here; free it with dp_sensitivity_analysis_clear(), which
 * is also safe on a zeroed struct). On error @out is left zeroed. */
DpStatus dp_sensitivity_analyse (DpQuery query, const double *x, size_t n, double lower,
                                 double upper, DpSensitivityAnalysis *out);
void dp_sensitivity_analysis_clear (DpSensitivityAnalysis *analysis);

/* Built-in example data sets (ages, domain [0, 100]) for the sensitivity view:
 *   "seminar"  41 students aged 19 … 25: the median's LS is 0 (its two neighbours in sorted
 *              order equal it), yet a neighbour has LS 1, and A^(t) stays within a few years
 *              until t approaches n/2, so the smooth sensitivity is far below GS;
 *   "family"   a family gathering, children and grandparents: the median's LS is 52, the gap
 *              between the middle child and grandparent. */
typedef struct {
  const char *id;
  double lower;
  double upper;
  size_t n;
  const double *values;
} DpSensitivityExample;

/* The examples, in a fixed order; writes their number to @count. */
const DpSensitivityExample *dp_sensitivity_examples (size_t *count);
