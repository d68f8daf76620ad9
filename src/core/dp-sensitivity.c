/* dp-sensitivity.c — global, local and smooth sensitivity of count, sum, mean, median, max
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The definitions are those of the DP summary (seed 001) and the book's Def. 3.3; the local
 * sensitivity at distance t and the smooth sensitivity follow Nissim, Raskhodnikova & Smith,
 * STOC 2007 (NRS). See dp-sensitivity.h for the queries and their neighbour relations.
 *
 * LS_f(x) is found by enumerating neighbours (dp_sensitivity_local). A^(t)(x) needs the largest
 * LS_f(y) over a whole ball around x, which is not enumerable; it rests on one fact about the
 * four replace-relation queries, each written out at gap_terms() below: LS_f(y) is the largest
 * of at most two "gaps" c · (y_(p+w) − y_(p)) of the sorted y, padded with y_(i) = L for i ≤ 0
 * and y_(i) = U for i > n. The largest value of one gap over the ball B_t(x) = {y : d(x, y) ≤ t}
 * is then
 *
 *   max_{y ∈ B_t(x)} (y_(p+w) − y_(p)) = max_{0 ≤ s ≤ t} (x_(p+w+s) − x_(p+s−t))      (*)
 *
 * (x padded the same way). "≤": let y differ from x in r ≤ t records, let a of y's p smallest
 * and b of its n − p − w + 1 largest be records of x left unchanged, so that
 * (p − a) + (n − p − w + 1 − b) ≤ t. At least a records of x are ≤ y_(p), so
 * y_(p) ≥ x_(a); at least b are ≥ y_(p+w), so y_(p+w) ≤ x_(n−b+1) ≤ x_(p+w+s) with
 * s = a − p + t ∈ [0, t], and x_(a) = x_(p+s−t). "≥": replace t of the records strictly inside
 * the window (x_(p+s−t), x_(p+w+s)) — t − s of them by L and s by U — and the window's ends
 * become y_(p) and y_(p+w). For the median, (*) applied to its two gaps is NRS Prop. 3.4:
 * A^(t)(x) = max_{0≤s≤t+1} (x_(m+s) − x_(m+s−t−1)). tests/core/test-sensitivity.c checks
 * every A^(t) against the maximum over all data sets within distance t on small domains.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_math.h>

#include "dp-core.h"
#include "dp-private.h"

static const char *const query_names[DP_N_QUERIES] = {
  [DP_QUERY_COUNT] = "count",
  [DP_QUERY_SUM] = "sum",
  [DP_QUERY_MEAN] = "mean",
  [DP_QUERY_MEDIAN] = "median",
  [DP_QUERY_MAX] = "max",
};

const char *
dp_query_to_name (DpQuery query)
{
  if ((unsigned) query >= DP_N_QUERIES)
    return NULL;
  return query_names[query];
}

bool
dp_query_from_name (const char *name, DpQuery *out)
{
  if (name == NULL)
    return false;
  for (unsigned i = 0; i < DP_N_QUERIES; i++)
    if (strcmp (name, query_names[i]) == 0)
      {
        if (out != NULL)
          *out = (DpQuery) i;
        return true;
      }
  return false;
}

DpNeighbours
dp_query_neighbours (DpQuery query)
{
  return query == DP_QUERY_COUNT ? DP_NEIGHBOURS_ADD_REMOVE : DP_NEIGHBOURS_REPLACE;
}

const char *
dp_neighbours_to_name (DpNeighbours neighbours)
{
  switch (neighbours)
    {
    case DP_NEIGHBOURS_REPLACE:
      return "replace";
    case DP_NEIGHBOURS_ADD_REMOVE:
      return "add_remove";
    default:
      return NULL;
    }
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static bool
is_valid_query (DpQuery query)
{
  return (unsigned) query < DP_N_QUERIES;
}

static bool
is_valid_domain (size_t n, double lower, double upper)
{
  return n >= 1 && n <= DP_SENSITIVITY_N_MAX && lower < upper
         && fabs (lower) <= DP_SENSITIVITY_BOUND_MAX && fabs (upper) <= DP_SENSITIVITY_BOUND_MAX;
}

static bool
is_valid_data (const double *x, size_t n, double lower, double upper)
{
  if (x == NULL || !is_valid_domain (n, lower, upper))
    return false;
  for (size_t i = 0; i < n; i++)
    if (!(x[i] >= lower && x[i] <= upper))   /* false for NaN */
      return false;
  return true;
}

/* f(x) of n ≥ 0 records (only the count is defined for n = 0); @work has room for n doubles. */
static double
query_value_unchecked (DpQuery query, const double *x, size_t n, double *work)
{
  double acc = 0.0;

  if (query == DP_QUERY_COUNT || n == 0)
    return (double) n;
  switch (query)
    {
    case DP_QUERY_SUM:
    case DP_QUERY_MEAN:
      for (size_t i = 0; i < n; i++)
        acc += x[i];
      return query == DP_QUERY_MEAN ? acc / (double) n : acc;
    case DP_QUERY_MEDIAN:
      memcpy (work, x, n * sizeof (double));
      qsort (work, n, sizeof (double), cmp_double);
      return n % 2 == 1 ? work[n / 2] : 0.5 * (work[n / 2 - 1] + work[n / 2]);
    case DP_QUERY_MAX:
      acc = x[0];
      for (size_t i = 1; i < n; i++)
        acc = fmax (acc, x[i]);
      return acc;
    case DP_QUERY_COUNT:
    case DP_N_QUERIES:
    default:
      return (double) n;
    }
}

DpStatus
dp_query_value (DpQuery query, const double *x, size_t n, double *out)
{
  double *work;

  if (!is_valid_query (query) || x == NULL || out == NULL || n < 1
      || n > DP_SENSITIVITY_N_MAX)
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!isfinite (x[i]))
      return DP_ERR_DOMAIN;
  work = malloc (n * sizeof (double));
  if (work == NULL)
    return DP_ERR_NOMEM;
  *out = query_value_unchecked (query, x, n, work);
  free (work);
  return DP_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Local sensitivity by enumeration                                                          */

/* The sorted, padded y: @xs with its (r+1)-th smallest record replaced by @v, which lands
 * after @q of the other records. */
typedef struct {
  const double *xs;
  size_t n;
  size_t r;
  size_t q;
  double v;
  double lower, upper;
} Replaced;

static double
replaced_at (const Replaced *y, long i)
{
  size_t j;

  if (i <= 0)
    return y->lower;
  if (i > (long) y->n)
    return y->upper;
  j = (size_t) (i - 1);
  if (j == y->q)
    return y->v;
  if (j > y->q)
    j--;
  return y->xs[j < y->r ? j : j + 1];
}

/* Number of values of the sorted @xs below @v. */
static size_t
count_below (const double *xs, size_t n, double v)
{
  size_t lo = 0, hi = n;

  while (lo < hi)
    {
      size_t mid = lo + (hi - lo) / 2;

      if (xs[mid] < v)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* f(y) for y = @xs (sorted, summing to @sum) with its (r+1)-th smallest record replaced by
 * y->v: the query's definition read off y's order statistics, in O(1). */
static double
query_value_replaced (DpQuery query, const Replaced *y, double sum)
{
  size_t n = y->n;

  switch (query)
    {
    case DP_QUERY_SUM:
      return sum - y->xs[y->r] + y->v;
    case DP_QUERY_MEAN:
      return (sum - y->xs[y->r] + y->v) / (double) n;
    case DP_QUERY_MEDIAN:
      if (n % 2 == 1)
        return replaced_at (y, (long) (n + 1) / 2);
      return 0.5 * (replaced_at (y, (long) n / 2) + replaced_at (y, (long) n / 2 + 1));
    case DP_QUERY_MAX:
      return replaced_at (y, (long) n);
    case DP_QUERY_COUNT:
    case DP_N_QUERIES:
    default:
      return (double) n;
    }
}

static Replaced
replaced_init (const double *xs, size_t n, size_t r, double v, double lower, double upper)
{
  Replaced y = { .xs = xs, .n = n, .r = r, .v = v, .lower = lower, .upper = upper };

  y.q = count_below (xs, n, v) - (xs[r] < v ? 1 : 0);
  return y;
}

/* LS_f(x) = max over the neighbours x′ of |f(x) − f(x′)| (seed 001, 局部敏感度). The
 * neighbours enumerated are those that can attain the maximum (dp-sensitivity.h): replace
 * relation, each record replaced by L and by U; add/remove, each record removed, and L or U
 * added. Every query commutes with a shift of the data (f(x + c) = f(x) + c for mean, median
 * and max, + nc for the sum, the count unchanged), so LS is the same for x − L, which is where
 * it is evaluated: a large offset such as [10⁶, 10⁶ + 10] then does not cancel in
 * f(x) − f(x′). Each f(x′) is evaluated from the sorted x (query_value_replaced), so the n
 * records cost O(n log n) in all. @buf has room for 2(n + 1) doubles. */
static double
local_enumerated (DpQuery query, const double *x, size_t n, double lower, double upper,
                  double *buf)
{
  double *xs = buf, *work = buf + n + 1;
  const double ends[2] = { 0.0, upper - lower };
  double fx, sum = 0.0, best = 0.0;

  for (size_t i = 0; i < n; i++)
    xs[i] = x[i] - lower;
  fx = query_value_unchecked (query, xs, n, work);

  if (dp_query_neighbours (query) == DP_NEIGHBOURS_ADD_REMOVE)
    {
      /* the count: every record removed (n − 1 records), L or U added (n + 1) */
      for (size_t i = 0; i < n; i++)
        best = fmax (best, fabs (query_value_unchecked (query, xs, n - 1, work) - fx));
      for (int e = 0; e < 2; e++)
        {
          xs[n] = ends[e];
          best = fmax (best, fabs (query_value_unchecked (query, xs, n + 1, work) - fx));
        }
      return best;
    }

  qsort (xs, n, sizeof (double), cmp_double);
  for (size_t i = 0; i < n; i++)
    sum += xs[i];
  for (size_t r = 0; r < n; r++)
    {
      /* records of equal value have the same neighbours */
      if (r > 0 && xs[r] == xs[r - 1])
        continue;
      for (int e = 0; e < 2; e++)
        {
          Replaced y = replaced_init (xs, n, r, ends[e], ends[0], ends[1]);

          best = fmax (best, fabs (query_value_replaced (query, &y, sum) - fx));
        }
    }
  return best;
}

DpStatus
dp_sensitivity_local (DpQuery query, const double *x, size_t n, double lower, double upper,
                      double *out)
{
  double *buf;

  if (!is_valid_query (query) || out == NULL || !is_valid_data (x, n, lower, upper))
    return DP_ERR_DOMAIN;
  buf = malloc (2 * (n + 1) * sizeof (double));
  if (buf == NULL)
    return DP_ERR_NOMEM;
  *out = local_enumerated (query, x, n, lower, upper, buf);
  free (buf);
  return DP_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Local sensitivity at distance t                                                           */

/* One gap c · (y_(p+w) − y_(p)) of the sorted, padded data set. */
typedef struct {
  long p;
  long w;
  double c;
} GapTerm;

/* The gaps whose maximum is LS_f(y) for the replace-relation queries, y of size n:
 *
 * sum    Replacing y_i by v changes the sum by v − y_i ∈ [L − y_i, U − y_i]; the largest
 *        |change| is max(U − y_(1), y_(n) − L) = max(y_(n+1) − y_(1), y_(n) − y_(0)).
 * mean   The sum's gaps divided by n.
 * median n odd, m = (n+1)/2: one replacement moves the median at most to the next order
 *        statistic above or below, so LS = max(y_(m+1) − y_(m), y_(m) − y_(m−1)) (NRS §3.1).
 *        n even, m = n/2, median (y_(m) + y_(m+1))/2: a record moved from below the middle
 *        to above shifts both middle order statistics up by one place, (y_(m+1) + y_(m+2))/2,
 *        a change of (y_(m+2) − y_(m))/2; downwards (y_(m+1) − y_(m−1))/2.
 * max    Replacing the largest by L leaves y_(n−1); replacing any record by U gives U:
 *        LS = max(y_(n+1) − y_(n), y_(n) − y_(n−1)).
 *
 * Returns the number of terms (0 for the count, whose LS is 1 on every data set). */
static int
gap_terms (DpQuery query, size_t n, GapTerm terms[2])
{
  long nn = (long) n, m;

  switch (query)
    {
    case DP_QUERY_SUM:
    case DP_QUERY_MEAN:
      {
        double c = query == DP_QUERY_MEAN ? 1.0 / (double) n : 1.0;

        terms[0] = (GapTerm) { 1, nn, c };
        terms[1] = (GapTerm) { 0, nn, c };
        return 2;
      }
    case DP_QUERY_MEDIAN:
      if (n % 2 == 1)
        {
          m = (nn + 1) / 2;
          terms[0] = (GapTerm) { m, 1, 1.0 };
          terms[1] = (GapTerm) { m - 1, 1, 1.0 };
        }
      else
        {
          m = nn / 2;
          terms[0] = (GapTerm) { m, 2, 0.5 };
          terms[1] = (GapTerm) { m - 1, 2, 0.5 };
        }
      return 2;
    case DP_QUERY_MAX:
      terms[0] = (GapTerm) { nn, 1, 1.0 };
      terms[1] = (GapTerm) { nn - 1, 1, 1.0 };
      return 2;
    case DP_QUERY_COUNT:
    case DP_N_QUERIES:
    default:
      return 0;
    }
}

/* x_(i) of the sorted @xs, padded: L for i ≤ 0, U for i > n. */
static double
padded (const double *xs, size_t n, double lower, double upper, long i)
{
  if (i <= 0)
    return lower;
  if (i > (long) n)
    return upper;
  return xs[i - 1];
}

/* max over y ∈ B_t(x) of y_(p+w) − y_(p): formula (*) at the top of this file. */
static double
gap_ball_max (const double *xs, size_t n, double lower, double upper, const GapTerm *g,
              long t)
{
  double best = 0.0;

  for (long s = 0; s <= t; s++)
    best = fmax (best, padded (xs, n, lower, upper, g->p + g->w + s)
                       - padded (xs, n, lower, upper, g->p + s - t));
  return best;
}

/* A^(t), t = 0 … n, of the sorted @xs into @out. */
static void
local_at_distance_sorted (DpQuery query, const double *xs, size_t n, double lower,
                          double upper, double *out)
{
  GapTerm terms[2];
  int n_terms = gap_terms (query, n, terms);

  for (size_t t = 0; t <= n; t++)
    {
      double a = 0.0;

      if (n_terms == 0)
        {
          /* count, add/remove: every data set y (even the empty one) has the neighbour y plus
           * one record, whose count differs by exactly 1, and no neighbour differs by more. */
          out[t] = 1.0;
          continue;
        }
      /* non-decreasing in t: each window of (*) at t lies inside one at t + 1 */
      for (int k = 0; k < n_terms; k++)
        a = fmax (a, terms[k].c * gap_ball_max (xs, n, lower, upper, &terms[k], (long) t));
      out[t] = a;
    }
}

static double *
sorted_copy (const double *x, size_t n)
{
  double *xs = malloc (n * sizeof (double));

  if (xs == NULL)
    return NULL;
  memcpy (xs, x, n * sizeof (double));
  qsort (xs, n, sizeof (double), cmp_double);
  return xs;
}

DpStatus
dp_sensitivity_local_at_distance (DpQuery query, const double *x, size_t n, double lower,
                                  double upper, double *out)
{
  double *xs;

  if (!is_valid_query (query) || out == NULL || !is_valid_data (x, n, lower, upper))
    return DP_ERR_DOMAIN;
  xs = sorted_copy (x, n);
  if (xs == NULL)
    return DP_ERR_NOMEM;
  local_at_distance_sorted (query, xs, n, lower, upper, out);
  free (xs);
  return DP_OK;
}

DpStatus
dp_sensitivity_global (DpQuery query, size_t n, double lower, double upper, double *out)
{
  double *xs, *a;

  if (!is_valid_query (query) || out == NULL || !is_valid_domain (n, lower, upper))
    return DP_ERR_DOMAIN;
  xs = malloc ((2 * n + 1) * sizeof (double));
  if (xs == NULL)
    return DP_ERR_NOMEM;
  a = xs + n;
  /* GS_f = max_y LS_f(y) (seed 001); every y of size n is within distance n of any x, here
   * x = (L, …, L), so the maximum is A^(n)(x). The count's neighbours are not at a bounded
   * distance in this sense, but its LS is 1 everywhere. */
  for (size_t i = 0; i < n; i++)
    xs[i] = lower;
  local_at_distance_sorted (query, xs, n, lower, upper, a);
  *out = a[n];
  free (xs);
  return DP_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* Smooth sensitivity and the noise calibrated to it                                         */

DpStatus
dp_sensitivity_smooth (const double *local_at_distance, size_t count, double beta,
                       double *out, size_t *argmax_t)
{
  double best = -1.0;
  size_t best_t = 0;

  if (local_at_distance == NULL || out == NULL || count < 1 || !(beta > 0.0)
      || !isfinite (beta))
    return DP_ERR_DOMAIN;
  for (size_t t = 0; t < count; t++)
    if (!(local_at_distance[t] >= 0.0) || !isfinite (local_at_distance[t]))
      return DP_ERR_DOMAIN;
  for (size_t t = 0; t < count; t++)
    {
      /* e^{−tβ} underflows to 0 far out, which only removes terms that cannot be the max. */
      double v = exp (-(double) t * beta) * local_at_distance[t];

      if (v > best)
        {
          best = v;
          best_t = t;
        }
    }
  *out = best;
  if (argmax_t != NULL)
    *argmax_t = best_t;
  return DP_OK;
}

/* NRS Cor. 2.4 (one-dimensional calibration to a β-smooth upper bound S of LS_f):
 * (1) γ > 1, β ≤ ε/(2(γ+1)), noise 2(γ+1)S(x)/ε · Z with density ∝ 1/(1 + |z|^γ) is ε-DP; with
 *     γ = 2, Z is standard Cauchy, β = ε/6 and the scale 6S(x)/ε;
 * (2) β ≤ ε/(2 ln(2/δ)), noise 2S(x)/ε · Lap(1) is (ε, δ)-DP. */
DpStatus
dp_smooth_calibration (double epsilon, double delta, DpSmoothCalibration *out)
{
  if (out == NULL || !dp_is_valid_epsilon (epsilon) || !(delta >= 0.0 && delta < 1.0))
    return DP_ERR_DOMAIN;
  if (delta == 0.0)
    *out = (DpSmoothCalibration) { .kind = DP_NOISE_CAUCHY, .epsilon = epsilon, .delta = 0.0,
                                   .beta = epsilon / 6.0, .scale_factor = 6.0 / epsilon };
  else
    *out = (DpSmoothCalibration) { .kind = DP_NOISE_LAPLACE, .epsilon = epsilon,
                                   .delta = delta,
                                   .beta = epsilon / (2.0 * log (2.0 / delta)),
                                   .scale_factor = 2.0 / epsilon };
  return DP_OK;
}

DpStatus
dp_noise_density (DpNoiseKind kind, double scale, double z, double *out)
{
  double u;

  if (out == NULL || !(scale > 0.0) || !isfinite (scale) || isnan (z))
    return DP_ERR_DOMAIN;
  u = fabs (z) / scale;
  switch (kind)
    {
    case DP_NOISE_LAPLACE:
      *out = exp (-u) / (2.0 * scale);
      return DP_OK;
    case DP_NOISE_CAUCHY:
      /* 1/(πs(1 + u²)); for u above 1e154, u² overflows to +∞ and the density is 0 */
      *out = 1.0 / (M_PI * scale * (1.0 + u * u));
      return DP_OK;
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_noise_abs_quantile (DpNoiseKind kind, double scale, double q, double *out)
{
  if (out == NULL || !(scale >= 0.0) || !isfinite (scale) || !(q > 0.0 && q < 1.0))
    return DP_ERR_DOMAIN;
  switch (kind)
    {
    case DP_NOISE_LAPLACE:
      /* Pr[|Z| > z] = e^{−z} for Z ~ Lap(1) */
      *out = scale * -log1p (-q);
      return DP_OK;
    case DP_NOISE_CAUCHY:
      /* Pr[|Z| ≤ z] = (2/π) atan z for the standard Cauchy Z */
      *out = scale * tan (0.5 * M_PI * q);
      return DP_OK;
    default:
      return DP_ERR_DOMAIN;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* A neighbour with another local sensitivity                                                */

static double
replaced_local (const Replaced *y, const GapTerm *terms, int n_terms)
{
  double ls = 0.0;

  for (int k = 0; k < n_terms; k++)
    ls = fmax (ls, terms[k].c * (replaced_at (y, terms[k].p + terms[k].w)
                                 - replaced_at (y, terms[k].p)));
  return ls;
}

DpStatus
dp_sensitivity_neighbour (DpQuery query, const double *x, size_t n, double lower,
                          double upper, DpSensitivityNeighbour *out)
{
  GapTerm terms[2];
  int n_terms;
  double *xs, *buf, ls_x, gs, best;
  size_t best_r = 0;
  double best_v = 0.0;
  bool found = false;

  if (!is_valid_query (query) || out == NULL || !is_valid_data (x, n, lower, upper))
    return DP_ERR_DOMAIN;
  xs = malloc ((n + 4 * (n + 1)) * sizeof (double));
  if (xs == NULL)
    return DP_ERR_NOMEM;
  buf = xs + n;
  memcpy (xs, x, n * sizeof (double));
  qsort (xs, n, sizeof (double), cmp_double);

  ls_x = local_enumerated (query, x, n, lower, upper, buf);
  *out = (DpSensitivityNeighbour) { .differs = false, .index = 0, .value = x[0],
                                    .query_value = query_value_unchecked (query, x, n, buf),
                                    .local = ls_x };

  n_terms = gap_terms (query, n, terms);
  /* Differences below 10⁻⁹·GS are rounding (the gaps and the enumeration round differently),
   * not another local sensitivity. */
  if (dp_sensitivity_global (query, n, lower, upper, &gs) != DP_OK)
    {
      free (xs);
      return DP_ERR_NOMEM;
    }
  best = 1e-9 * gs;
  /* Candidates: each distinct record value (equal records give the same neighbours) replaced
   * by L, U or another value of the data set. LS of a candidate by its gaps, in O(1). */
  for (size_t r = 0; r < n && n_terms > 0; r++)
    {
      if (r > 0 && xs[r] == xs[r - 1])
        continue;
      for (size_t c = 0; c < n + 2; c++)
        {
          double v = c == 0 ? lower : c == 1 ? upper : xs[c - 2];
          Replaced y;
          double diff;

          if (v == xs[r] || (c >= 3 && xs[c - 2] == xs[c - 3]))
            continue;
          y = replaced_init (xs, n, r, v, lower, upper);
          diff = fabs (replaced_local (&y, terms, n_terms) - ls_x);
          if (diff > best)
            {
              best = diff;
              best_r = r;
              best_v = v;
              found = true;
            }
        }
    }

  if (found)
    {
      size_t i = 0;

      while (x[i] != xs[best_r])
        i++;
      double *y = buf + 3 * (n + 1);

      memcpy (y, x, n * sizeof (double));
      y[i] = best_v;
      out->differs = true;
      out->index = i;
      out->value = best_v;
      out->query_value = query_value_unchecked (query, y, n, buf);
      /* By definition on the neighbour itself, not by its gaps. */
      out->local = local_enumerated (query, y, n, lower, upper, buf);
    }
  free (xs);
  return DP_OK;
}

/* ---------------------------------------------------------------------------------------- */

DpStatus
dp_sensitivity_analyse (DpQuery query, const double *x, size_t n, double lower, double upper,
                        DpSensitivityAnalysis *out)
{
  DpSensitivityAnalysis a = { 0 };
  DpStatus status;

  if (out == NULL)
    return DP_ERR_DOMAIN;
  *out = (DpSensitivityAnalysis) { 0 };
  if (!is_valid_query (query) || !is_valid_data (x, n, lower, upper))
    return DP_ERR_DOMAIN;
  a.query = query;
  a.neighbours = dp_query_neighbours (query);
  a.n = n;
  a.lower = lower;
  a.upper = upper;
  a.local_at_distance = malloc ((n + 1) * sizeof (double));
  if (a.local_at_distance == NULL)
    return DP_ERR_NOMEM;
  if ((status = dp_query_value (query, x, n, &a.value)) != DP_OK
      || (status = dp_sensitivity_global (query, n, lower, upper, &a.global)) != DP_OK
      || (status = dp_sensitivity_local (query, x, n, lower, upper, &a.local)) != DP_OK
      || (status = dp_sensitivity_local_at_distance (query, x, n, lower, upper,
                                                     a.local_at_distance)) != DP_OK
      || (status = dp_sensitivity_neighbour (query, x, n, lower, upper, &a.neighbour))
         != DP_OK)
    {
      free (a.local_at_distance);
      return status;
    }
  *out = a;
  return DP_OK;
}

void
dp_sensitivity_analysis_clear (DpSensitivityAnalysis *analysis)
{
  if (analysis == NULL)
    return;
  free (analysis->local_at_distance);
  *analysis = (DpSensitivityAnalysis) { 0 };
}

/* ---------------------------------------------------------------------------------------- */

/* 41 students: 19 ×3, 20 ×7, 21 ×12, 22 ×7, 23 ×6, 24 ×4, 25 ×2 */
static const double seminar_ages[] = {
  19, 19, 19, 20, 20, 20, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
  21, 22, 22, 22, 22, 22, 22, 22, 23, 23, 23, 23, 23, 23, 24, 24, 24, 24, 25, 25,
};
static const double family_ages[] = { 2, 4, 5, 7, 9, 61, 63, 66, 68, 71, 74 };

static const DpSensitivityExample examples[] = {
  { "seminar", 0.0, 100.0, sizeof seminar_ages / sizeof seminar_ages[0], seminar_ages },
  { "family", 0.0, 100.0, sizeof family_ages / sizeof family_ages[0], family_ages },
};

const DpSensitivityExample *
dp_sensitivity_examples (size_t *count)
{
  if (count != NULL)
    *count = sizeof examples / sizeof examples[0];
  return examples;
}
