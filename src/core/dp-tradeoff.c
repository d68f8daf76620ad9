/* dp-tradeoff.c — hypothesis tests, trade-off curves and posterior odds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dong, Roth & Su 2022, "Gaussian differential privacy" (J. R. Stat. Soc. B 84(1);
 * arXiv:1905.02383): Def. 2.1 (trade-off function), Prop. 2.5 (f_{ε,δ}), Def. 2.6 (G_μ),
 * Cor. 3.3 (G_μ composes to G_{μ√k}), Props. 2.12–2.13 (the duality between δ(ε) and f);
 * Kairouz, Oh & Viswanath 2015, "The composition theorem for differential privacy": Thm 2.1
 * ((ε, δ)-DP as a region of (α, β)), Thm 3.3 (optimal composition and its extremal pair);
 * Neyman & Pearson 1933 (the likelihood-ratio tests are the most powerful; Lehmann & Romano,
 * Testing Statistical Hypotheses, Thm 3.2.1); the book, §1.2.1 (the log-likelihood ratio).
 *
 * The Laplace curve, derived here. P = Lap(0, b), Q = Lap(Δ, b), ε = Δ/b. The loss
 * L(y) = (|y − Δ| − |y|)/b is non-increasing in y, so "say D′ when y > t" are Neyman–Pearson
 * tests; on the flat parts of L (y ≤ 0, y ≥ Δ) every such test is still one (any test there
 * is), so as t runs over ℝ they trace the whole curve without randomisation:
 *   t ≥ Δ:     α = ½e^{−t/b} ≤ ½e^{−ε},  β = 1 − ½e^{−(t−Δ)/b} = 1 − e^ε α;
 *   0 ≤ t ≤ Δ: α = ½e^{−t/b},            β = ½e^{(t−Δ)/b} = e^{−ε}/(4α);
 *   t ≤ 0:     α = 1 − ½e^{t/b} ≥ ½,      β = ½e^{(t−Δ)/b} = e^{−ε}(1 − α).
 * The pieces meet at α = ½e^{−ε} (β = ½) and α = ½ (β = ½e^{−ε}); f(f(α)) = α.
 *
 * Randomized response, derived here. P(0) = p, P(1) = 1 − p, Q(1) = p, Q(0) = 1 − p. The
 * deterministic tests (never / on output 1 / always) give (0, 1), (1 − p, 1 − p), (1, 0);
 * tests between them must randomise (say D′ on output 1 with probability γ, …) and trace the
 * segments, f(α) = max(1 − e^ε α, e^{−ε}(1 − α)) = f_{ε,0}(α): randomized response lies exactly
 * on the ε-DP boundary (it is the extremal ε-DP pair of Kairouz, Oh & Viswanath 2015).
 *
 * Composition through the privacy-loss distribution. For a pair whose losses under P take the
 * values ℓ_0 < ℓ_1 < … with masses w_s (and Q-masses w_s e^{−ℓ_s}), the test "say D′ when
 * L ≤ ℓ_s" has α_s = P(L ≤ ℓ_s), β_s = Q(L > ℓ_s); these are the Neyman–Pearson tests, the
 * curve is the polygon through them, and its segment after vertex s has slope −e^{−ℓ_{s+1}}.
 * The same polygon is the upper envelope of the lines α ↦ 1 − δ(ε) − e^ε α over all ε ∈ ℝ,
 * δ(ε) the privacy profile (Dong, Roth & Su 2022, Props. 2.12–2.13): its corners are at the
 * ε = −ℓ_s where δ(ε) has kinks. For the symmetric pairs here (L under Q has the law of −L
 * under P), β_s = P(L < −ℓ_s), so both errors come from the one distribution of L under P.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_sf_gamma.h>

#include "dp-core.h"
#include "dp-pld.h"
#include "dp-private.h"

/* Mass of the composed privacy loss that may lie outside the FFT window (Hoeffding). */
#define LATTICE_TAIL 1e-20
/* Default and smallest/largest resolutions of the Laplace lattice. */
#define LATTICE_DEFAULT_POINTS ((size_t) 1 << 14)
#define LATTICE_MIN_CELLS 8
#define LATTICE_MAX_CELLS 16384
#define LATTICE_MAX_POINTS ((size_t) 1 << 22)
/* Probabilities below this are FFT round-off: the lattice curves resolve α, β ≥ it. */
#define LATTICE_FLOOR 1e-12
/* Binomial terms below the largest one by more than this (in log) are left out. */
#define BINOMIAL_LOG_CUT 800.0

static inline bool
is_cancelled (const DpCancel *cancel)
{
  return dp_cancel_is_set (cancel);
}

static inline bool
valid_probability (double x)
{
  return x >= 0.0 && x <= 1.0; /* false for NaN */
}

static inline bool
valid_k (unsigned long k)
{
  return k >= 1 && k <= DP_K_MAX;
}

/* ---- closed forms ---------------------------------------------------------------------- */

/* f_{ε,δ}(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)) (Dong, Roth & Su 2022, Prop. 2.5),
 * with e^ε α formed in log space so that any ε ≥ 0 is fine. */
static double
region_beta (double eps, double delta, double alpha)
{
  double keep = 1.0 - delta;
  double first = 0.0;

  if (alpha == 0.0)
    first = keep;
  else if (keep > 0.0)
    {
      double log_ea = eps + log (alpha);
      if (log_ea < log (keep))
        first = keep - exp (log_ea);
    }
  double second = keep - alpha > 0.0 ? exp (-eps) * (keep - alpha) : 0.0;
  return fmax (0.0, fmax (first, second));
}

DpStatus
dp_tradeoff_region (double epsilon, double delta, double alpha, double *beta)
{
  if (beta == NULL || !(epsilon >= 0.0) || !isfinite (epsilon) || !valid_probability (delta)
      || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  *beta = region_beta (epsilon, delta, alpha);
  return DP_OK;
}

DpStatus
dp_tradeoff_region_curve (double epsilon, double delta, const double *alpha, size_t n,
                          double *beta)
{
  if (!(epsilon >= 0.0) || !isfinite (epsilon) || !valid_probability (delta)
      || (n > 0 && (alpha == NULL || beta == NULL)))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!valid_probability (alpha[i]))
      return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    beta[i] = region_beta (epsilon, delta, alpha[i]);
  return DP_OK;
}

/* G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) with Φ⁻¹(1 − α) = Q⁻¹(α) (accurate for tiny α). */
static double
gaussian_beta (double mu, double alpha)
{
  if (alpha <= 0.0)
    return 1.0;
  if (alpha >= 1.0)
    return 0.0;
  if (mu == 0.0)
    return 1.0 - alpha;
  double z = gsl_cdf_ugaussian_Qinv (alpha);
  return gsl_cdf_ugaussian_P (z - mu);
}

DpStatus
dp_tradeoff_gaussian (double mu, double alpha, double *beta)
{
  if (beta == NULL || !(mu >= 0.0) || !isfinite (mu) || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  *beta = gaussian_beta (mu, alpha);
  return DP_OK;
}

/* The three pieces of the Laplace curve (file comment). */
static double
laplace_beta (double eps, double alpha)
{
  if (alpha <= 0.0)
    return 1.0;
  if (alpha >= 1.0)
    return 0.0;
  double la = log (alpha);
  if (eps + la <= -M_LN2)
    return -expm1 (eps + la); /* 1 − e^ε α */
  if (alpha <= 0.5)
    return exp (-eps - la - 2.0 * M_LN2); /* e^{−ε}/(4α) */
  return exp (-eps) * (1.0 - alpha);
}

DpStatus
dp_tradeoff_laplace (double epsilon, double alpha, double *beta)
{
  if (beta == NULL || !(epsilon > 0.0) || !isfinite (epsilon) || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  *beta = laplace_beta (epsilon, alpha);
  return DP_OK;
}

DpStatus
dp_tradeoff_rr (double epsilon, double alpha, double *beta)
{
  if (beta == NULL || !(epsilon > 0.0) || !isfinite (epsilon) || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  *beta = region_beta (epsilon, 0.0, alpha);
  return DP_OK;
}

/* ---- polygons -------------------------------------------------------------------------- */

/* The vertices of a piecewise-linear trade-off curve: a non-decreasing from 0 to 1, b
 * non-increasing. */
typedef struct {
  size_t n;
  double *a;
  double *b;
} Polygon;

static void
polygon_clear (Polygon *p)
{
  free (p->a);
  free (p->b);
  p->a = p->b = NULL;
  p->n = 0;
}

static DpStatus
polygon_alloc (Polygon *p, size_t n)
{
  p->n = 0;
  p->a = malloc (n * sizeof (double));
  p->b = malloc (n * sizeof (double));
  if (p->a == NULL || p->b == NULL)
    {
      polygon_clear (p);
      return DP_ERR_NOMEM;
    }
  return DP_OK;
}

/* Appends a vertex; one that repeats the last α replaces it (its β is not larger), so that
 * every segment has positive width. */
static void
polygon_push (Polygon *p, double a, double b)
{
  a = fmin (fmax (a, 0.0), 1.0);
  b = fmin (fmax (b, 0.0), 1.0);
  if (p->n > 0)
    {
      /* Round-off must not undo the order of the vertices. */
      if (a < p->a[p->n - 1])
        a = p->a[p->n - 1];
      if (b > p->b[p->n - 1])
        b = p->b[p->n - 1];
      if (a == p->a[p->n - 1])
        {
          p->b[p->n - 1] = b;
          return;
        }
    }
  p->a[p->n] = a;
  p->b[p->n] = b;
  p->n++;
}

static double
polygon_eval (const Polygon *p, double alpha)
{
  if (alpha <= p->a[0])
    return p->b[0];
  if (alpha >= p->a[p->n - 1])
    return p->b[p->n - 1];
  size_t lo = 0, hi = p->n - 1;
  while (hi - lo > 1)
    {
      size_t mid = lo + (hi - lo) / 2;
      if (p->a[mid] <= alpha)
        lo = mid;
      else
        hi = mid;
    }
  double t = (alpha - p->a[lo]) / (p->a[hi] - p->a[lo]);
  return p->b[lo] - t * (p->b[lo] - p->b[hi]);
}

static double
polygon_min_sum (const Polygon *p)
{
  double best = 1.0;
  for (size_t i = 0; i < p->n; i++)
    best = fmin (best, p->a[i] + p->b[i]);
  return best;
}

/* The α where the polygon crosses the diagonal β = α. */
static double
polygon_equal_error (const Polygon *p)
{
  if (p->a[0] >= p->b[0])
    return p->a[0];
  for (size_t i = 1; i < p->n; i++)
    if (p->a[i] >= p->b[i])
      {
        double g0 = p->b[i - 1] - p->a[i - 1]; /* > 0 */
        double g1 = p->a[i] - p->b[i];         /* ≥ 0 */
        double t = g0 / (g0 + g1);
        return p->a[i - 1] + t * (p->a[i] - p->a[i - 1]);
      }
  return p->a[p->n - 1];
}

/* ---- randomized response and generic mechanisms: binomial vertices --------------------- */

/* k-fold randomized response with flip probability q = 1/(1 + e^ε): J (the number of flipped
 * answers) is Binomial(k, q) under P and Binomial(k, 1 − q) under Q, and the loss (k − 2J)ε
 * falls with J. The test "say D′ when J ≥ j" has α_j = P(J ≥ j) and
 * β_j = Q(J < j) = P(J > k − j) = α_{k−j+1} (the pair is symmetric). Every vertex is scaled
 * by s (generic mechanisms, see the header) and (s, 0) → (1, 0) closes the polygon. */
static DpStatus
binomial_polygon (double eps, unsigned long k, double scale, const DpCancel *cancel,
                  Polygon *out)
{
  double kd = (double) k;
  double log_q = -eps - log1p (exp (-eps)); /* ln(1/(1 + e^ε)) */
  double log_p = -log1p (exp (-eps));
  double log_ratio = log_q - log_p;         /* −ε */
  unsigned long mode = (unsigned long) floor ((kd + 1.0) / (1.0 + exp (eps)));
  if (mode > k)
    mode = k;

  double log_mode = gsl_sf_lngamma (kd + 1.0) - gsl_sf_lngamma ((double) mode + 1.0)
                    - gsl_sf_lngamma (kd - (double) mode + 1.0) + (double) mode * log_q
                    + (kd - (double) mode) * log_p;

  /* The range of j whose terms matter, found by walking out from the mode. */
  unsigned long lo = mode, hi = mode;
  {
    double l = log_mode;
    while (lo > 0)
      {
        double j = (double) lo;
        l += log (j / (kd - j + 1.0)) - log_ratio; /* pmf(j − 1)/pmf(j) */
        if (l < log_mode - BINOMIAL_LOG_CUT)
          break;
        lo--;
      }
    l = log_mode;
    while (hi < k)
      {
        double j = (double) hi;
        l += log ((kd - j) / (j + 1.0)) + log_ratio; /* pmf(j + 1)/pmf(j) */
        if (l < log_mode - BINOMIAL_LOG_CUT)
          break;
        hi++;
      }
  }
  if (is_cancelled (cancel))
    return DP_ERR_CANCELLED;

  /* tail[j − lo] = P(J ≥ j) for j ∈ [lo, hi + 1], summed from the top (small terms first). */
  size_t width = hi - lo + 2;
  double *tail = malloc (width * sizeof (double));
  if (tail == NULL)
    return DP_ERR_NOMEM;
  tail[width - 1] = 0.0;
  {
    /* log pmf at hi, then down by the ratio, resynchronised with lngamma every 1024 steps. */
    double l = 0.0;
    for (unsigned long j = hi + 1; j-- > lo;)
      {
        if (j == hi || ((hi - j) & 1023UL) == 0)
          l = gsl_sf_lngamma (kd + 1.0) - gsl_sf_lngamma ((double) j + 1.0)
              - gsl_sf_lngamma (kd - (double) j + 1.0) + (double) j * log_q
              + (kd - (double) j) * log_p;
        else
          {
            double jj = (double) j + 1.0; /* from pmf(j + 1) to pmf(j) */
            l += log (jj / (kd - jj + 1.0)) - log_ratio;
          }
        tail[j - lo] = tail[j - lo + 1] + exp (l);
        if (((hi - j) & 65535UL) == 65535UL && is_cancelled (cancel))
          {
            free (tail);
            return DP_ERR_CANCELLED;
          }
      }
  }
  /* Normalise: the terms left out are below e^{−800} of the largest. */
  double total = tail[0];
  for (size_t i = 0; i < width; i++)
    tail[i] /= total;

  /* P(J ≥ j) for any j (1 below the range, 0 above). */
#define TAIL(j) ((long) (j) < (long) lo ? 1.0 : (unsigned long) (j) > hi ? 0.0 : tail[(j) - lo])

  /* Vertices for j from k + 1 down to 0, where either error is not 0 or 1 to rounding. */
  unsigned long j_top = hi + 1 > k - lo + 1 ? hi + 1 : k - lo + 1;
  unsigned long j_bottom = lo < k - hi ? lo : k - hi;
  if (j_top > k + 1)
    j_top = k + 1;

  DpStatus st = polygon_alloc (out, (size_t) (j_top - j_bottom) + 4);
  if (st != DP_OK)
    {
      free (tail);
      return st;
    }
  polygon_push (out, 0.0, scale);
  for (unsigned long j = j_top + 1; j-- > j_bottom;)
    {
      double a = TAIL (j);
      double b = TAIL (k - j + 1);
      polygon_push (out, scale * a, scale * b);
    }
  polygon_push (out, scale, 0.0);
  polygon_push (out, 1.0, 0.0);
#undef TAIL
  free (tail);
  return DP_OK;
}

/* ---- Laplace: the composed privacy-loss distribution on a lattice --------------------- */

/* The masses under P of one Laplace pair's privacy loss on ℓ_i = −ε + i·2ε/n, i = 0..n.
 * connect_dots: the dominating pair of Doroshenko et al. 2022 (dp-pld.c), whose curve is a
 * lower bound. Otherwise the pair of the output rounded into m = n/2 cells: with
 * X = clip(y, 0, Δ)/Δ, the atoms X = 0 (mass ½, loss ε) and X = 1 (½e^{−ε}, loss −ε) are kept
 * and cell j, X ∈ [j/m, (j+1)/m), has mass ½e^{−εj/m}(1 − e^{−ε/m}) under P and loss exactly
 * ε(1 − (2j+1)/m) = ℓ_{n−2j−1} (the ratio of the two cell masses). Rounding is a
 * post-processing, so its curve is an upper bound on the true one and is reached by a test. */
static DpStatus
laplace_step_masses (double eps, size_t n, bool connect_dots, double *w)
{
  if (connect_dots)
    {
      DpStatus st = dp_pld_laplace_grid (eps, n, w);
      if (st != DP_OK)
        return st;
      for (size_t i = 0; i <= n; i++)
        w[i] = exp (w[i]);
    }
  else
    {
      size_t m = n / 2;
      double cell = -expm1 (-eps / (double) m);
      memset (w, 0, (n + 1) * sizeof (double));
      w[0] = 0.5 * exp (-eps);
      w[n] = 0.5;
      for (size_t j = 0; j < m; j++)
        w[n - 2 * j - 1] = 0.5 * exp (-eps * (double) j / (double) m) * cell;
    }
  double total = 0.0;
  for (size_t i = 0; i <= n; i++)
    total += w[i];
  for (size_t i = 0; i <= n; i++)
    w[i] /= total;
  return DP_OK;
}

/* Half-width, in lattice steps, of a window that holds all but LATTICE_TAIL of the composed
 * loss: each step lies in an interval of n lattice steps, so by Hoeffding
 * P(|S − E S| ≥ t) ≤ 2exp(−2t²/(k n²)). */
static double
lattice_half_width (unsigned long k, size_t n)
{
  return (double) n * sqrt ((double) k * log (2.0 / LATTICE_TAIL) / 2.0);
}

static size_t
next_pow2 (size_t x)
{
  size_t p = 2;
  while (p < x)
    p <<= 1;
  return p;
}

/* FFT length for n cells at k steps. */
static size_t
lattice_points (unsigned long k, size_t n)
{
  double len = fmin (2.0 * lattice_half_width (k, n) + 3.0, (double) k * (double) n + 1.0);
  len = fmax (len, (double) n + 1.0);
  if (len > (double) LATTICE_MAX_POINTS)
    return LATTICE_MAX_POINTS + 1;
  return next_pow2 ((size_t) len);
}

/* The largest even n in [LATTICE_MIN_CELLS, LATTICE_MAX_CELLS] whose FFT fits in @budget
 * (LATTICE_MIN_CELLS when none does). */
static size_t
lattice_cells (unsigned long k, size_t budget)
{
  size_t lo = LATTICE_MIN_CELLS / 2, hi = LATTICE_MAX_CELLS / 2;
  if (lattice_points (k, 2 * lo) > budget)
    return 2 * lo;
  while (lo < hi)
    {
      size_t mid = lo + (hi - lo + 1) / 2;
      if (lattice_points (k, 2 * mid) <= budget)
        lo = mid;
      else
        hi = mid - 1;
    }
  return 2 * lo;
}

/* z^k by repeated squaring (log₂k complex products, relative error a few log₂k ulps). */
static void
complex_pow (double re, double im, unsigned long k, double *out_re, double *out_im)
{
  double rr = 1.0, ri = 0.0, br = re, bi = im;
  for (unsigned long e = k; e > 0; e >>= 1)
    {
      if (e & 1UL)
        {
          double t = rr * br - ri * bi;
          ri = rr * bi + ri * br;
          rr = t;
        }
      if (e > 1)
        {
          double t = br * br - bi * bi;
          bi = 2.0 * br * bi;
          br = t;
        }
    }
  *out_re = rr;
  *out_im = ri;
}

/* Raises the halfcomplex spectrum (GSL layout) to the k-th power in place; frequencies whose
 * power is below 1e-300 are set to 0 (which also keeps the squaring from underflowing).
 * False when @cancel was raised. */
static bool
spectrum_pow (double *data, size_t nfft, unsigned long k, const DpCancel *cancel)
{
  double r2_min = exp (-2.0 * 690.0 / (double) k);
  for (size_t f = 0; f <= nfft / 2; f++)
    {
      if ((f & 4095) == 4095 && is_cancelled (cancel))
        return false;
      bool real_only = f == 0 || f == nfft / 2;
      double re = data[f];
      double im = real_only ? 0.0 : data[nfft - f];
      double nre = 0.0, nim = 0.0;
      if (re * re + im * im > r2_min)
        complex_pow (re, im, k, &nre, &nim);
      data[f] = nre;
      if (!real_only)
        data[nfft - f] = nim;
    }
  return true;
}

/* The Neyman–Pearson polygon of the k-fold composition of one lattice pair (file comment). */
static DpStatus
lattice_polygon (double eps, unsigned long k, size_t n, bool connect_dots,
                 const DpCancel *cancel, Polygon *out)
{
  double *w = malloc ((n + 1) * sizeof (double));
  if (w == NULL)
    return DP_ERR_NOMEM;
  DpStatus st = laplace_step_masses (eps, n, connect_dots, w);
  if (st != DP_OK)
    {
      free (w);
      return st;
    }

  double mean = 0.0;
  for (size_t i = 0; i <= n; i++)
    mean += (double) i * w[i];
  double kd = (double) k;
  double top = kd * (double) n; /* composed indices 0..top */
  double half = lattice_half_width (k, n);
  double s_lo = fmax (0.0, floor (kd * mean - half));
  double s_hi = fmin (top, ceil (kd * mean + half));
  size_t len = (size_t) (s_hi - s_lo) + 1;
  size_t nfft = next_pow2 (len > n + 1 ? len : n + 1);
  if (nfft > LATTICE_MAX_POINTS)
    {
      free (w);
      return DP_ERR_NUMERIC;
    }

  double *u = calloc (nfft, sizeof (double));
  if (u == NULL)
    {
      free (w);
      return DP_ERR_NOMEM;
    }
  memcpy (u, w, (n + 1) * sizeof (double));
  free (w);

  /* Cyclic convolution: the composed mass at index s lands at s mod nfft; the window
   * [s_lo, s_hi] fits, and the mass outside it (≤ LATTICE_TAIL) is all that can alias in. */
  gsl_fft_real_radix2_transform (u, 1, nfft);
  if (is_cancelled (cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }
  if (!spectrum_pow (u, nfft, k, cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }
  gsl_fft_halfcomplex_radix2_inverse (u, 1, nfft);
  if (is_cancelled (cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }

  /* cdf[j] = P(L ≤ ℓ_{s_lo + j}); FFT round-off can leave tiny negative masses. */
  double *cdf = malloc (len * sizeof (double));
  if (cdf == NULL)
    {
      free (u);
      return DP_ERR_NOMEM;
    }
  size_t start = (size_t) fmod (s_lo, (double) nfft);
  double sum = 0.0;
  for (size_t j = 0; j < len; j++)
    {
      size_t r = start + j;
      if (r >= nfft)
        r -= nfft;
      double v = u[r];
      sum += v > 0.0 ? v : 0.0;
      cdf[j] = sum;
    }
  free (u);
  for (size_t j = 0; j < len; j++)
    cdf[j] /= sum;

  /* α_s = P(L ≤ ℓ_s), β_s = P(L < −ℓ_s) = P(L ≤ ℓ_{top − s − 1}), s from s_lo − 1 to s_hi.
   * Only vertices with both errors ≥ LATTICE_FLOOR are resolved (the FFT leaves ~1e-16
   * absolute noise in every probability). */
  int64_t lo_i = (int64_t) s_lo, hi_i = (int64_t) s_hi, top_i = (int64_t) top;
  Polygon core;
  st = polygon_alloc (&core, len + 1);
  if (st != DP_OK)
    {
      free (cdf);
      return st;
    }
#define CDF(x) ((x) < lo_i ? 0.0 : (x) > hi_i ? 1.0 : cdf[(x) - lo_i])
  for (int64_t s = lo_i - 1; s <= hi_i; s++)
    {
      double a = CDF (s), b = CDF (top_i - s - 1);
      if (a >= LATTICE_FLOOR && b >= LATTICE_FLOOR)
        polygon_push (&core, a, b);
    }
#undef CDF
  free (cdf);

  st = polygon_alloc (out, core.n + 4);
  if (st != DP_OK)
    {
      polygon_clear (&core);
      return st;
    }
  /* The k-fold composition is kε-DP, so f ≥ f_{kε,0}: the lower curve also keeps above the
   * lines 1 − e^{kε}α and e^{−kε}(1 − α) where the lattice leaves it unresolved. */
  double big = kd * eps;
  double e_big = big < 700.0 ? exp (big) : HUGE_VAL;
  double e_small = exp (-big);
  double corner = e_small / (1.0 + e_small); /* 1/(1 + e^{kε}) */
  if (core.n < 2)
    {
      /* Nothing resolved: every test has α or β below the floor. The lower curve is the
       * kε-DP boundary; the upper one joins the tests that are always or never right. */
      if (connect_dots)
        {
          polygon_push (out, 0.0, 1.0);
          polygon_push (out, corner, corner);
          polygon_push (out, 1.0, 0.0);
        }
      else
        {
          polygon_push (out, 0.0, 1.0);
          if (core.n == 1)
            polygon_push (out, core.a[0], core.b[0]);
          polygon_push (out, 1.0, 0.0);
        }
    }
  else if (connect_dots)
    {
      /* Below the first and beyond the last resolved vertex, the lower curve continues the
       * first and last segments (a line through two points of a convex curve lies below it
       * outside the segment between them), or follows the kε-DP boundary where that is
       * higher. */
      size_t n1 = core.n - 1;
      double a0 = core.a[0], b0 = core.b[0], an = core.a[n1], bn = core.b[n1];
      double s0 = (core.b[1] - b0) / (core.a[1] - a0);
      double s1 = (bn - core.b[n1 - 1]) / (an - core.a[n1 - 1]);
      polygon_push (out, 0.0, 1.0);
      /* where b0 + s0(α − a0) meets 1 − e^{kε}α */
      if (isfinite (e_big) && s0 + e_big > 0.0)
        {
          double x = (1.0 - b0 + s0 * a0) / (s0 + e_big);
          if (x > 0.0 && x < a0)
            polygon_push (out, x, 1.0 - e_big * x);
        }
      else
        polygon_push (out, 0.0, fmin (1.0, b0 - s0 * a0));
      for (size_t i = 0; i < core.n; i++)
        polygon_push (out, core.a[i], core.b[i]);
      /* where bn + s1(α − an) meets e^{−kε}(1 − α) */
      if (s1 + e_small < 0.0)
        {
          double x = (e_small - bn + s1 * an) / (s1 + e_small);
          if (x > an && x < 1.0)
            polygon_push (out, x, e_small * (1.0 - x));
        }
      polygon_push (out, 1.0, 0.0);
    }
  else
    {
      /* The upper curve joins them to (0, 1) and (1, 0): randomising between two tests
       * reaches every point of the segment. */
      polygon_push (out, 0.0, 1.0);
      for (size_t i = 0; i < core.n; i++)
        polygon_push (out, core.a[i], core.b[i]);
      polygon_push (out, 1.0, 0.0);
    }
  polygon_clear (&core);
  return DP_OK;
}

/* ---- the curve object ------------------------------------------------------------------ */

typedef enum {
  CURVE_GAUSSIAN,
  CURVE_LAPLACE,
  CURVE_POLYGON,
} CurveKind;

struct DpTradeoff {
  DpTradeoffMethod method;
  CurveKind kind;
  double param;     /* μ√k (Gaussian) or ε (Laplace, k = 1) */
  size_t cells;     /* Laplace lattice: n */
  Polygon lower;    /* CURVE_POLYGON */
  Polygon upper;    /* a second polygon (PLD with bounds), else n = 0 */
};

static DpTradeoff *
tradeoff_alloc (DpTradeoffMethod method, CurveKind kind)
{
  DpTradeoff *t = calloc (1, sizeof *t);
  if (t != NULL)
    {
      t->method = method;
      t->kind = kind;
    }
  return t;
}

void
dp_tradeoff_free (DpTradeoff *t)
{
  if (t == NULL)
    return;
  polygon_clear (&t->lower);
  polygon_clear (&t->upper);
  free (t);
}

DpStatus
dp_tradeoff_new (const DpMechanism *m, unsigned long k, const DpTradeoffOptions *options,
                 const DpCancel *cancel, DpTradeoff **out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !valid_k (k))
    return DP_ERR_DOMAIN;
  if (is_cancelled (cancel))
    return DP_ERR_CANCELLED;

  DpTradeoff *t = NULL;
  DpStatus st = DP_OK;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      t = tradeoff_alloc (DP_TRADEOFF_CLOSED_FORM, CURVE_GAUSSIAN);
      if (t == NULL)
        return DP_ERR_NOMEM;
      t->param = dp_mechanism_gaussian_mu (m) * sqrt ((double) k);
      break;
    case DP_MECHANISM_RR:
      t = tradeoff_alloc (DP_TRADEOFF_BINOMIAL, CURVE_POLYGON);
      if (t == NULL)
        return DP_ERR_NOMEM;
      st = binomial_polygon (m->epsilon, k, 1.0, cancel, &t->lower);
      break;
    case DP_MECHANISM_LAPLACE:
      {
        double eps = m->sensitivity / m->scale;
        if (k == 1)
          {
            t = tradeoff_alloc (DP_TRADEOFF_CLOSED_FORM, CURVE_LAPLACE);
            if (t == NULL)
              return DP_ERR_NOMEM;
            t->param = eps;
            break;
          }
        size_t budget = options != NULL && options->max_points > 0 ? options->max_points
                                                                   : LATTICE_DEFAULT_POINTS;
        if (budget > LATTICE_MAX_POINTS)
          budget = LATTICE_MAX_POINTS;
        t = tradeoff_alloc (DP_TRADEOFF_PLD, CURVE_POLYGON);
        if (t == NULL)
          return DP_ERR_NOMEM;
        t->cells = lattice_cells (k, budget);
        st = lattice_polygon (eps, k, t->cells, true, cancel, &t->lower);
        if (st == DP_OK && options != NULL && options->bounds)
          st = lattice_polygon (eps, k, t->cells, false, cancel, &t->upper);
        break;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
  if (st != DP_OK)
    {
      dp_tradeoff_free (t);
      return st;
    }
  *out = t;
  return DP_OK;
}

DpStatus
dp_tradeoff_new_generic (double eps0, double delta0, unsigned long k, const DpCancel *cancel,
                         DpTradeoff **out)
{
  if (out == NULL || !dp_is_valid_epsilon (eps0) || !(delta0 >= 0.0 && delta0 < 1.0)
      || !valid_k (k))
    return DP_ERR_DOMAIN;
  DpTradeoff *t = tradeoff_alloc (DP_TRADEOFF_BINOMIAL, CURVE_POLYGON);
  if (t == NULL)
    return DP_ERR_NOMEM;
  /* s = (1 − δ₀)^k: the probability that no step revealed the data outright. */
  double scale = exp ((double) k * log1p (-delta0));
  DpStatus st = binomial_polygon (eps0, k, scale, cancel, &t->lower);
  if (st != DP_OK)
    {
      dp_tradeoff_free (t);
      return st;
    }
  if (k == 1)
    t->method = DP_TRADEOFF_CLOSED_FORM;
  *out = t;
  return DP_OK;
}

DpTradeoffMethod
dp_tradeoff_get_method (const DpTradeoff *t)
{
  return t != NULL ? t->method : DP_TRADEOFF_CLOSED_FORM;
}

size_t
dp_tradeoff_get_cells (const DpTradeoff *t)
{
  return t != NULL ? t->cells : 0;
}

static double
curve_lower (const DpTradeoff *t, double alpha)
{
  switch (t->kind)
    {
    case CURVE_GAUSSIAN:
      return gaussian_beta (t->param, alpha);
    case CURVE_LAPLACE:
      return laplace_beta (t->param, alpha);
    case CURVE_POLYGON:
    default:
      return polygon_eval (&t->lower, alpha);
    }
}

static double
curve_upper (const DpTradeoff *t, double alpha)
{
  if (t->kind == CURVE_POLYGON && t->upper.n > 0)
    return polygon_eval (&t->upper, alpha);
  return curve_lower (t, alpha);
}

DpStatus
dp_tradeoff_beta (const DpTradeoff *t, double alpha, double *beta)
{
  if (t == NULL || beta == NULL || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  *beta = curve_lower (t, alpha);
  return DP_OK;
}

DpStatus
dp_tradeoff_curve (const DpTradeoff *t, const double *alpha, size_t n, double *beta,
                   double *beta_upper)
{
  if (t == NULL || (n > 0 && (alpha == NULL || beta == NULL)))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!valid_probability (alpha[i]))
      return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    {
      beta[i] = curve_lower (t, alpha[i]);
      if (beta_upper != NULL)
        beta_upper[i] = curve_upper (t, alpha[i]);
    }
  return DP_OK;
}

DpStatus
dp_tradeoff_gap (const DpTradeoff *t, double *gap)
{
  if (t == NULL || gap == NULL)
    return DP_ERR_DOMAIN;
  double g = 0.0;
  if (t->kind == CURVE_POLYGON && t->upper.n > 0)
    {
      /* The distance from a point (a, b) of one curve to the other, vertically or
       * horizontally, whichever is shorter (on the steep parts a round-off in α of 1e-16 is
       * a large vertical distance and an invisible horizontal one). Both curves are
       * symmetric, f(f(α)) = α, so the horizontal distance at height b is f(b) − a. The
       * largest is reached at a vertex of one of them; only the resolved part counts (α and
       * β ≥ LATTICE_FLOOR, see lattice_polygon). */
      const Polygon *lo = &t->lower, *up = &t->upper;
      for (size_t i = 0; i < lo->n; i++)
        if (lo->a[i] >= LATTICE_FLOOR && lo->b[i] >= LATTICE_FLOOR)
          g = fmax (g, fmin (polygon_eval (up, lo->a[i]) - lo->b[i],
                             polygon_eval (up, lo->b[i]) - lo->a[i]));
      for (size_t i = 0; i < up->n; i++)
        if (up->a[i] >= LATTICE_FLOOR && up->b[i] >= LATTICE_FLOOR)
          g = fmax (g, fmin (up->b[i] - polygon_eval (lo, up->a[i]),
                             up->a[i] - polygon_eval (lo, up->b[i])));
    }
  *gap = g;
  return DP_OK;
}

DpStatus
dp_tradeoff_min_error_sum (const DpTradeoff *t, double *sum)
{
  if (t == NULL || sum == NULL)
    return DP_ERR_DOMAIN;
  switch (t->kind)
    {
    case CURVE_GAUSSIAN:
      /* At α = Φ(−μ/2): 2Φ(−μ/2) = 1 − (2Φ(μ/2) − 1). */
      *sum = 2.0 * gsl_cdf_ugaussian_P (-0.5 * t->param);
      break;
    case CURVE_LAPLACE:
      /* At α = ½e^{−ε/2}: e^{−ε/2} = 1 − TV. */
      *sum = exp (-0.5 * t->param);
      break;
    case CURVE_POLYGON:
    default:
      *sum = polygon_min_sum (&t->lower);
      break;
    }
  return DP_OK;
}

DpStatus
dp_tradeoff_equal_error (const DpTradeoff *t, double *alpha)
{
  if (t == NULL || alpha == NULL)
    return DP_ERR_DOMAIN;
  switch (t->kind)
    {
    case CURVE_GAUSSIAN:
      /* Φ⁻¹(1 − α) − μ = Φ⁻¹(α) = −Φ⁻¹(1 − α) gives Φ⁻¹(1 − α) = μ/2. */
      *alpha = gsl_cdf_ugaussian_P (-0.5 * t->param);
      break;
    case CURVE_LAPLACE:
      /* The middle piece: e^{−ε}/(4α) = α. */
      *alpha = 0.5 * exp (-0.5 * t->param);
      break;
    case CURVE_POLYGON:
    default:
      *alpha = polygon_equal_error (&t->lower);
      break;
    }
  return DP_OK;
}

/* ---- threshold tests -------------------------------------------------------------------- */

/* Randomized response over k steps: the count C of ones is Binomial(k, q) under P (q = flip
 * probability) and Binomial(k, 1 − q) under Q; the statistic is C/k. */
typedef struct {
  double q;
  unsigned long k;
} RrCount;

/* P(C > j) and P(C = j) for C ~ Binomial(k, prob), any integer j. */
static double
binom_above (double prob, unsigned long k, long j)
{
  if (j < 0)
    return 1.0;
  if ((unsigned long) j >= k)
    return 0.0;
  return gsl_cdf_binomial_Q ((unsigned int) j, prob, (unsigned int) k);
}

static double
binom_at (double prob, unsigned long k, long j)
{
  if (j < 0 || (unsigned long) j > k)
    return 0.0;
  return gsl_ran_binomial_pdf ((unsigned int) j, prob, (unsigned int) k);
}

/* The count j and whether C = j is the boundary of "C/k > t": C > tk ⟺ C > floor(tk), and
 * C = tk is possible only when tk is a whole number (up to rounding). */
static void
rr_boundary (double t, unsigned long k, long *j, bool *on_atom)
{
  double x = t * (double) k;
  double r = nearbyint (x);
  if (fabs (x - r) <= 1e-9 * fmax (1.0, fabs (x)))
    {
      *j = (long) fmin (fmax (r, -1.0), (double) k + 1.0);
      *on_atom = true;
    }
  else
    {
      *j = (long) fmin (fmax (floor (x), -1.0), (double) k + 1.0);
      *on_atom = false;
    }
}

static bool
test_is_valid (const DpTest *test)
{
  return test != NULL && !isnan (test->threshold) && valid_probability (test->gamma);
}

DpStatus
dp_test_errors (const DpMechanism *m, unsigned long k, const DpTest *test, double *alpha,
                double *beta)
{
  if (!dp_mechanism_is_valid (m) || !valid_k (k) || !test_is_valid (test) || alpha == NULL
      || beta == NULL)
    return DP_ERR_DOMAIN;
  double t = test->threshold;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      {
        /* The mean of k outputs is N(0, σ²/k) under P and N(Δ, σ²/k) under Q. */
        double sd = m->scale / sqrt ((double) k);
        *alpha = gsl_cdf_gaussian_Q (t, sd);
        *beta = gsl_cdf_gaussian_P (t - m->sensitivity, sd);
        return DP_OK;
      }
    case DP_MECHANISM_LAPLACE:
      if (k != 1)
        return DP_ERR_DOMAIN;
      *alpha = gsl_cdf_laplace_Q (t, m->scale);
      *beta = gsl_cdf_laplace_P (t - m->sensitivity, m->scale);
      return DP_OK;
    case DP_MECHANISM_RR:
      {
        double q = 1.0 / (1.0 + exp (m->epsilon));
        long j;
        bool on_atom;
        rr_boundary (t, k, &j, &on_atom);
        double g = on_atom ? test->gamma : 0.0;
        /* α = P(C > j) + γP(C = j) and β = Q(C < j) + (1 − γ)Q(C = j). Under Q the count is
         * k − C′ with C′ distributed as C under P, so Q(C < j) = P(C′ > k − j) and
         * Q(C = j) = P(C′ = k − j): tails only, nothing cancels. */
        *alpha = fmin (1.0, binom_above (q, k, j) + g * binom_at (q, k, j));
        *beta = fmin (1.0, binom_above (q, k, (long) k - j)
                             + (1.0 - g) * binom_at (q, k, (long) k - j));
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_test_for_alpha (const DpMechanism *m, unsigned long k, double alpha, DpTest *out)
{
  if (!dp_mechanism_is_valid (m) || !valid_k (k) || !valid_probability (alpha) || out == NULL)
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      {
        double sd = m->scale / sqrt ((double) k);
        out->gamma = 0.0;
        out->threshold = alpha <= 0.0   ? HUGE_VAL
                         : alpha >= 1.0 ? -HUGE_VAL
                                        : gsl_cdf_gaussian_Qinv (alpha, sd);
        return DP_OK;
      }
    case DP_MECHANISM_LAPLACE:
      if (k != 1)
        return DP_ERR_DOMAIN;
      out->gamma = 0.0;
      out->threshold = alpha <= 0.0   ? HUGE_VAL
                       : alpha >= 1.0 ? -HUGE_VAL
                                      : gsl_cdf_laplace_Qinv (alpha, m->scale);
      return DP_OK;
    case DP_MECHANISM_RR:
      {
        /* The smallest j with P(C > j) ≤ α (P(C > j) falls with j), then γ on C = j. */
        double q = 1.0 / (1.0 + exp (m->epsilon));
        long lo = -1, hi = (long) k;
        while (hi - lo > 1)
          {
            long mid = lo + (hi - lo) / 2;
            if (binom_above (q, k, mid) <= alpha)
              hi = mid;
            else
              lo = mid;
          }
        long j = binom_above (q, k, lo) <= alpha ? lo : hi;
        double at = binom_at (q, k, j);
        double g = at > 0.0 ? (alpha - binom_above (q, k, j)) / at : 0.0;
        out->gamma = fmin (1.0, fmax (0.0, g));
        out->threshold = (double) j / (double) k;
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* ---- posterior odds --------------------------------------------------------------------- */

/* 1/(1 + e^{−x}) for x = logit(prior) + log factor, without overflow. */
static double
posterior_from_log_odds (double x)
{
  if (x >= 0.0)
    return 1.0 / (1.0 + exp (-x));
  double e = exp (x);
  return e / (1.0 + e);
}

static inline bool
valid_prior (double prior)
{
  return prior > 0.0 && prior < 1.0;
}

static double
logit (double prior)
{
  return log (prior) - log1p (-prior);
}

DpStatus
dp_posterior_bound_pure (double prior, double epsilon, double *posterior)
{
  if (posterior == NULL || !valid_prior (prior) || !(epsilon >= 0.0) || !isfinite (epsilon))
    return DP_ERR_DOMAIN;
  *posterior = posterior_from_log_odds (logit (prior) + epsilon);
  return DP_OK;
}

DpStatus
dp_posterior_bound_test (double prior, double epsilon, double delta, double alpha,
                         double *posterior)
{
  if (posterior == NULL || !valid_prior (prior) || !(epsilon >= 0.0) || !isfinite (epsilon)
      || !valid_probability (delta) || !valid_probability (alpha))
    return DP_ERR_DOMAIN;
  if (delta == 0.0)
    return dp_posterior_bound_pure (prior, epsilon, posterior);
  if (alpha == 0.0)
    {
      *posterior = 1.0; /* δ/α unbounded */
      return DP_OK;
    }
  /* ln(e^ε + δ/α) by log-sum-exp. */
  double a = epsilon, b = log (delta) - log (alpha);
  double lse = fmax (a, b) + log1p (exp (-fabs (a - b)));
  *posterior = posterior_from_log_odds (logit (prior) + lse);
  return DP_OK;
}

DpStatus
dp_posterior_of_test (double prior, double alpha, double beta, double *posterior)
{
  if (posterior == NULL || !valid_prior (prior) || !valid_probability (alpha)
      || !valid_probability (beta))
    return DP_ERR_DOMAIN;
  double power = 1.0 - beta;
  if (alpha == 0.0 && power == 0.0)
    return DP_ERR_DOMAIN;
  double in = prior * power, out = (1.0 - prior) * alpha;
  *posterior = in / (in + out);
  return DP_OK;
}

DpStatus
dp_posterior_max (const DpMechanism *m, unsigned long k, double prior, double *posterior)
{
  if (posterior == NULL || !dp_mechanism_is_valid (m) || !valid_k (k) || !valid_prior (prior))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      *posterior = 1.0;
      return DP_OK;
    case DP_MECHANISM_LAPLACE:
    case DP_MECHANISM_RR:
      /* Each output's likelihood ratio is at most e^ε, reached by y ≥ Δ (Laplace) or the
       * answer 1 (RR); the k outputs multiply. */
      *posterior = posterior_from_log_odds (logit (prior) + (double) k * m->epsilon);
      return DP_OK;
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}
