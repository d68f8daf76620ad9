/* dp-loss.c — moments of the privacy loss and the distribution of its k-fold sum
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sources: Dwork & Roth 2014, §3.5.1 (the privacy loss of k runs is the sum of k independent
 * losses: the proof of Thm 3.20); VIEWS.md, View 2 (the law of L under P); Mironov 2017 (the
 * Gaussian loss is normal); the book's §3.3.1 (randomized response).
 *
 * The Laplace sum. Per step, L has two atoms (½ at +ε, ½e^{−ε} at −ε) and a density
 * g(s) = ¼e^{(s−ε)/2} on (−ε, ε). The k-fold sum has atoms only where every step is an atom
 * (the "all-atom" outcomes); they are summed exactly (a binomial in the number of −ε steps).
 * The rest has a density and is computed numerically:
 *
 * 1. Tilt. For λ ≥ 0 the tilted law ν_λ(ds) = e^{λs} μ(ds)/M(λ), M(λ) = E[e^{λL}], turns a far
 *    tail into the bulk: P[S_k > t] = M(λ)^k ∫_{s>t} e^{−λs} ν_λ^{*k}(ds) exactly. λ is the
 *    saddle point, where the tilted mean of S_k is t (the classical Esscher/Cramér device).
 * 2. Discretize. On the grid ℓ_i = −ε + ih, h = 2ε/n, the tilted density is spread onto the
 *    two neighbouring nodes with the hat (linear) weights: every cell keeps its mass and its
 *    mean, the atoms sit on nodes, and the discrete sum differs from the true one by a
 *    smoothing of variance O(kh²). Against the Gaussian-like bulk of width σ√k that is a
 *    relative error O(h²/σ²) in the tail, independent of k; two grids (n and n/2) combined by
 *    Richardson extrapolation cancel the h² term.
 * 3. Compose. The k-fold convolution by a real FFT raised to the k-th power, minus the
 *    all-atom part's transform (those outcomes are added exactly instead), on a window around
 *    the tilted mean wide enough (Bernstein's inequality, 1e-40) that the mass aliased into it
 *    is negligible.
 * 4. Read. The composed node masses are spread back with the hat, and ∫_{s>t} e^{−λs} over
 *    each hat is integrated exactly, in log space, so that tails far below 1e-308 keep their
 *    logarithm.
 * Measured: within 4e-11 of the k = 2 tail by quadrature, within the bracket of two
 * discretizations that bound the sum from below and above, within the statistical error of
 * importance sampling (tests/core/test-loss.c), and against the same method on a grid 16 times
 * finer (ε from 1e-6 to 0.5, k from 3 to 10⁷): within 2e-9 relative for tails down to 1e-30,
 * 1e-7 for a tail of e^{−1455}.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_fft_halfcomplex.h>
#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_erf.h>
#include <gsl/gsl_sf_gamma.h>

#include "dp-core.h"
#include "dp-loss.h"
#include "dp-private.h"

/* Largest FFT, and the ones the grid is sized for: the tail (two grids, n and n/2, cost 1.5 of
 * these; see the file comment for the accuracy this gives) and the histogram bins (absolute
 * accuracy). */
#define LOSS_FFT_MAX ((size_t) 1 << 21)
#define LOSS_FFT_TARGET ((size_t) 1 << 15)
#define LOSS_FFT_TARGET_BINS ((size_t) 1 << 14)
/* Cells per step: at least (accuracy), at most (no gain beyond). */
#define LOSS_GRID_MIN 16
#define LOSS_GRID_MAX 4096
/* −ln of the tilted mass allowed outside the window (Bernstein). */
#define LOSS_WINDOW_LOG 93.0

/* ln(sinh x / x), even in x, without overflow or cancellation. */
static double
ln_sinhc (double x)
{
  x = fabs (x);
  if (x < 1e-4)
    return x * x / 6.0;
  if (x < 20.0)
    return log (sinh (x) / x);
  return x - M_LN2 - log (x) + log1p (-exp (-2.0 * x));
}

/* The Langevin function coth x − 1/x (mean of u under the density ∝ e^{xu} on (−1, 1)) and
 * its quotient by x (1 − 2·that is E[u²]); series below 0.1. */
static double
langevin_over_x (double x)
{
  if (fabs (x) < 0.1)
    {
      double x2 = x * x;
      return 1.0 / 3.0 - x2 / 45.0 + 2.0 * x2 * x2 / 945.0 - x2 * x2 * x2 / 4725.0;
    }
  return (1.0 / tanh (x) - 1.0 / x) / x;
}

/* ---- moments ---------------------------------------------------------------------------- */

DpStatus
dp_loss_variance (const DpMechanism *m, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m))
    return DP_ERR_DOMAIN;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        /* E[L] = ε + e^{−ε} − 1 and, from the atoms and ∫ t²·¼e^{(t−ε)/2} dt,
         * E[L²] = ε² − 2ε + 4 − (2ε + 4)e^{−ε}; their difference is
         * Var = 3 − 2e^{−ε} − 4εe^{−ε} − e^{−2ε}. With E = e^{−ε} − 1 + ε that is
         * 3ε² − 4E − 2εE − E², which loses at most two bits for ε < 1 (≈ ε² − ε³/3). */
        double x = m->epsilon;
        if (x < 1.0)
          {
            double e = dp_expm1_neg_plus (x);
            *out = 3.0 * x * x - 4.0 * e - 2.0 * x * e - e * e;
          }
        else
          {
            double emx = exp (-x);
            *out = 3.0 - 2.0 * emx - 4.0 * x * emx - emx * emx;
          }
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        /* L ~ N(μ²/2, μ²). */
        double mu = dp_mechanism_gaussian_mu (m);
        *out = mu * mu;
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      {
        /* ±ε with probabilities p, q: 4pqε² = (ε/cosh(ε/2))². */
        double r = m->epsilon / cosh (0.5 * m->epsilon);
        *out = r * r;
        return DP_OK;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

/* ---- the Laplace step, tilted ----------------------------------------------------------- */

/* The law of one Laplace loss tilted by λ: masses of the atoms and of the continuous part
 * (they sum to 1), ln M(λ), and the tilted mean and variance. */
typedef struct {
  double eps;
  double lambda;
  double log_m;
  double w_plus, w_minus, w_cont;
  double mean, var;
} LapTilt;

static void
lap_tilt (double eps, double lambda, LapTilt *t)
{
  double kappa = lambda + 0.5;
  double lp = -M_LN2 + lambda * eps;                 /* ½e^{λε} */
  double lm = -M_LN2 - eps - lambda * eps;           /* ½e^{−ε}e^{−λε} */
  /* ∫_{−ε}^{ε} ¼e^{(s−ε)/2}e^{λs} ds = ¼e^{−ε/2}·2ε·sinhc(κε) */
  double lc = -2.0 * M_LN2 - 0.5 * eps + log (2.0 * eps) + ln_sinhc (kappa * eps);
  double log_m = dp_log_add (dp_log_add (lp, lm), lc);
  t->eps = eps;
  t->lambda = lambda;
  t->log_m = log_m;
  t->w_plus = exp (lp - log_m);
  t->w_minus = exp (lm - log_m);
  t->w_cont = exp (lc - log_m);
  /* The continuous part is ∝ e^{κs} on (−ε, ε): with x = κε its mean is ε(coth x − 1/x) and
   * its second moment ε²(1 − 2(coth x − 1/x)/x). */
  double x = kappa * eps;
  double lox = langevin_over_x (x);
  double m1 = eps * x * lox;
  double m2 = eps * eps * (1.0 - 2.0 * lox);
  double mean = (t->w_plus - t->w_minus) * eps + t->w_cont * m1;
  double second = (t->w_plus + t->w_minus) * eps * eps + t->w_cont * m2;
  t->mean = mean;
  t->var = fmax (second - mean * mean, 0.0);
}

/* The λ ≥ 0 at which the tilted mean per step is @tau (KL < tau < ε); bisection on the
 * increasing mean, capped at λε = 700. */
static double
lap_solve_tilt (double eps, double tau)
{
  LapTilt t;
  double lo = 0.0, hi = 1.0 / eps;
  const double cap = 700.0 / eps;
  for (;;)
    {
      lap_tilt (eps, hi, &t);
      if (t.mean >= tau || hi >= cap)
        break;
      lo = hi;
      hi = fmin (2.0 * hi, cap);
    }
  if (t.mean < tau)
    return hi;
  for (int it = 0; it < 200 && hi - lo > 1e-14 * hi; it++)
    {
      double mid = 0.5 * (lo + hi);
      lap_tilt (eps, mid, &t);
      if (t.mean < tau)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

/* ∫_0^1 e^{av}(1 − v) dv = (e^a − 1 − a)/a², series for small a. */
static double
hat_end (double a)
{
  if (fabs (a) < 0.05)
    return 0.5 + a / 6.0 + a * a / 24.0 + a * a * a / 120.0 + a * a * a * a / 720.0;
  return (expm1 (a) - a) / (a * a);
}

/* ---- binomial sums (randomized response; the Laplace all-atom outcomes) -------------------- */

/* ln Σ_{l = lo}^{hi} C(k,l) p^{k−l} q^l with ln p = @lp, ln q = @lq, summed outwards from the
 * largest term (the binomial is unimodal) until the terms fall 50 nats below the sum;
 * −HUGE_VAL for an empty range. */
static double
binom_log_sum (unsigned long k, double lp, double lq, long lo, long hi)
{
  if (lo < 0)
    lo = 0;
  if (hi > (long) k)
    hi = (long) k;
  if (hi < lo)
    return -HUGE_VAL;
  double kd = (double) k;
  /* Mode of Bin(k, q): the terms grow while (k − l)/(l + 1)·q/p > 1. */
  double qk = exp (lq - dp_log_add (lp, lq));
  long mode = (long) floor ((kd + 1.0) * qk);
  if (mode > (long) k)
    mode = (long) k;
  long start = mode < lo ? lo : mode > hi ? hi : mode;
  double lk = gsl_sf_lngamma (kd + 1.0);
  double l0 = lk - gsl_sf_lngamma ((double) start + 1.0) - gsl_sf_lngamma (kd - start + 1.0)
              + (kd - start) * lp + start * lq;
  double sum = l0;
  double lr = lq - lp;
  /* downwards: term(l−1) = term(l)·l/(k − l + 1)·p/q */
  double term = l0;
  for (long l = start; l > lo; l--)
    {
      term += log ((double) l / (kd - (double) l + 1.0)) - lr;
      sum = dp_log_add (sum, term);
      if (term < sum - 50.0)
        break;
    }
  term = l0;
  for (long l = start; l < hi; l++)
    {
      term += log ((kd - (double) l) / ((double) l + 1.0)) + lr;
      sum = dp_log_add (sum, term);
      if (term < sum - 50.0)
        break;
    }
  return sum;
}

/* Indices of a two-point sum: the outcome with l steps at −ε has loss (k − 2l)ε. The first l
 * whose loss is ≤ t, i.e. the number of outcomes with loss > t. */
static long
count_above (unsigned long k, double eps, double t)
{
  double kd = (double) k;
  if (t >= kd * eps)
    return 0;
  if (t < -kd * eps)
    return (long) k + 1;
  double x = 0.5 * (kd - t / eps);
  long l = (long) ceil (x);
  if (l < 0)
    l = 0;
  if (l > (long) k + 1)
    l = (long) k + 1;
  /* settle against the loss as evaluated */
  while (l > 0 && !((kd - 2.0 * (double) (l - 1)) * eps > t))
    l--;
  while (l <= (long) k && (kd - 2.0 * (double) l) * eps > t)
    l++;
  return l;
}

/* ln P[S > t] for S = Σ of k steps, +ε with probability p, −ε with q (ln p, ln q given). */
static double
two_point_log_tail (unsigned long k, double eps, double lp, double lq, double t)
{
  return binom_log_sum (k, lp, lq, 0, count_above (k, eps, t) - 1);
}

/* ln P[a < S ≤ b] for the same sum. */
static double
two_point_log_bin (unsigned long k, double eps, double lp, double lq, double a, double b)
{
  return binom_log_sum (k, lp, lq, count_above (k, eps, b), count_above (k, eps, a) - 1);
}

/* ln p, ln q of randomized response, p = 1/(1 + e^{−ε}); for the Laplace atoms the same with
 * the atom masses ½, ½e^{−ε} normalised. */
static void
two_point_logs (double eps, double *lp, double *lq)
{
  *lp = -log1p (exp (-eps));
  *lq = -eps - log1p (exp (-eps));
}

/* ---- the Laplace composition ------------------------------------------------------------- */

/* The tilted masses of the outcomes with at least one continuous step, on a window of the
 * composed grid: entry j is the node at loss l0 + jh. */
typedef struct {
  double h;
  double l0;
  size_t len;
  size_t nfft;
  size_t offset;
  /* whether entry 0 is the bottom of the support (−kε) and entry len − 1 its top (kε): their
   * masses come from one side only and are spread back on that side (half hats) */
  bool bottom, top;
  double *u;
} LapComposed;

/* The shape a composed node's mass is spread back with: the hat 1 − |v| on (−1, 1), or at the
 * ends of the support the half hats 2(1 − v) on (0, 1) and 2(1 + v) on (−1, 0) (v = (s − ℓ)/h). */
typedef enum {
  SHAPE_HAT,
  SHAPE_BOTTOM,
  SHAPE_TOP,
} Shape;

static inline Shape
lap_composed_shape (const LapComposed *c, size_t j)
{
  if (j == 0 && c->bottom)
    return SHAPE_BOTTOM;
  if (j + 1 == c->len && c->top)
    return SHAPE_TOP;
  return SHAPE_HAT;
}

/* The fraction of a node's spread mass above x (in units of h from the node). */
static double
shape_fraction_above (Shape shape, double x)
{
  switch (shape)
    {
    case SHAPE_BOTTOM:
      return x < 0.0 ? 1.0 : x >= 1.0 ? 0.0 : (1.0 - x) * (1.0 - x);
    case SHAPE_TOP:
      return x < -1.0 ? 1.0 : x >= 0.0 ? 0.0 : 1.0 - (1.0 + x) * (1.0 + x);
    case SHAPE_HAT:
    default:
      if (x < -1.0)
        return 1.0;
      if (x >= 1.0)
        return 0.0;
      return x >= 0.0 ? 0.5 * (1.0 - x) * (1.0 - x) : 1.0 - 0.5 * (1.0 + x) * (1.0 + x);
    }
}

static void
lap_composed_clear (LapComposed *c)
{
  free (c->u);
  c->u = NULL;
}

static inline double
lap_composed_u (const LapComposed *c, size_t j)
{
  size_t r = c->offset + j;
  if (r >= c->nfft)
    r -= c->nfft;
  double v = c->u[r];
  return v > 0.0 ? v : 0.0;
}

/* z^k for z = re + i·im through its modulus and argument. */
static inline void
complex_pow (double re, double im, double kd, double *or_, double *oi)
{
  double mod = hypot (re, im);
  if (mod == 0.0)
    {
      *or_ = *oi = 0.0;
      return;
    }
  double lm = kd * log (mod);
  if (lm < -745.0)
    {
      *or_ = *oi = 0.0;
      return;
    }
  double r = exp (lm);
  double th = kd * atan2 (im, re);
  *or_ = r * cos (th);
  *oi = r * sin (th);
}

/* Compose k tilted steps on a grid of n cells, keeping the loss window [w_lo, w_hi]. */
static DpStatus
lap_compose (const LapTilt *tilt, unsigned long k, size_t n, double w_lo, double w_hi,
             const DpCancel *cancel, LapComposed *out)
{
  memset (out, 0, sizeof *out);
  double eps = tilt->eps, kd = (double) k;
  double h = 2.0 * eps / (double) n;
  double total = kd * (double) n; /* composed nodes 0 … total */
  double kmin = -kd * eps;
  double s_lo = floor ((w_lo - kmin) / h) - 1.0;
  double s_hi = ceil ((w_hi - kmin) / h) + 1.0;
  if (s_lo < 0.0)
    s_lo = 0.0;
  if (s_hi > total)
    s_hi = total;
  double lend = s_hi - s_lo + 1.0;
  if (!(lend <= (double) LOSS_FFT_MAX))
    return DP_ERR_NUMERIC;
  size_t len = (size_t) lend;
  size_t nfft = 2;
  while (nfft < len || nfft < n + 1)
    nfft <<= 1;
  if (nfft > LOSS_FFT_MAX)
    return DP_ERR_NUMERIC;

  double *u = calloc (nfft, sizeof (double));
  if (u == NULL)
    return DP_ERR_NOMEM;

  /* Hat weights of the tilted continuous part ∝ e^{κs} on (−ε, ε): node i gets
   * ∫ e^{κs}Λ_i(s) ds = e^{κℓ_i}·h·sinhc(κh/2)² inside, e^{κℓ_0}·h·φ(κh) and
   * e^{κℓ_n}·h·φ(−κh) at the ends, normalised so that the part has mass w_cont. */
  double kappa = tilt->lambda + 0.5;
  double a = kappa * h;
  /* normaliser: ∫_{−ε}^{ε} e^{κs} ds = 2ε·sinhc(κε) */
  double log_norm = log (2.0 * eps) + ln_sinhc (kappa * eps);
  double log_cont = log (tilt->w_cont);
  double inner = log (h) + 2.0 * ln_sinhc (0.5 * a);
  for (size_t i = 0; i <= n; i++)
    {
      double li = -eps + h * (double) i;
      double lw = kappa * li + log_cont - log_norm;
      if (i == 0)
        lw += log (h) + log (hat_end (a));
      else if (i == n)
        lw += log (h) + log (hat_end (-a));
      else
        lw += inner;
      u[i % nfft] += exp (lw);
    }
  u[0] += tilt->w_minus;
  u[n % nfft] += tilt->w_plus;
  if (dp_cancel_is_set (cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }

  gsl_fft_real_radix2_transform (u, 1, nfft);
  if (dp_cancel_is_set (cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }
  /* (Φ_all)^k − (Φ_atoms)^k, Φ_atoms(f) = w₋ + w₊e^{−2πifn/N} (GSL's forward sign). */
  for (size_t f = 0; f <= nfft / 2; f++)
    {
      double re = u[f];
      double im = (f == 0 || f == nfft / 2) ? 0.0 : u[nfft - f];
      double ang = -2.0 * M_PI * (double) ((f * n) % nfft) / (double) nfft;
      double are = tilt->w_minus + tilt->w_plus * cos (ang);
      double aim = tilt->w_plus * sin (ang);
      double pr, pi, qr, qi;
      complex_pow (re, im, kd, &pr, &pi);
      complex_pow (are, aim, kd, &qr, &qi);
      u[f] = pr - qr;
      if (f != 0 && f != nfft / 2)
        u[nfft - f] = pi - qi;
      if ((f & 4095) == 4095 && dp_cancel_is_set (cancel))
        {
          free (u);
          return DP_ERR_CANCELLED;
        }
    }
  gsl_fft_halfcomplex_radix2_inverse (u, 1, nfft);
  if (dp_cancel_is_set (cancel))
    {
      free (u);
      return DP_ERR_CANCELLED;
    }
  out->h = h;
  out->l0 = kmin + s_lo * h;
  out->len = len;
  out->nfft = nfft;
  out->offset = (size_t) fmod (s_lo, (double) nfft);
  out->bottom = s_lo == 0.0;
  out->top = s_hi == total;
  out->u = u;
  return DP_OK;
}

/* ∫_{x}^{∞} e^{−av}ρ(v) dv for a node's spread shape ρ (1 − |v|, 2(1 − v) on (0, 1) or
 * 2(1 + v) on (−1, 0)): closed forms for whole shapes, Gauss–Legendre on the linear pieces
 * that t cuts (e^{−av} is entire and |a| is small here). */
typedef struct {
  double a;
  double scale;
  int side; /* +1: weight 1 − v, −1: weight 1 + v */
} ShapePiece;

static double
shape_piece_fn (double v, void *data)
{
  const ShapePiece *p = data;
  return p->scale * exp (-p->a * v) * (1.0 - p->side * v);
}

static double
shape_weight_above (Shape shape, double a, double x, const gsl_integration_glfixed_table *gl)
{
  double lo = shape == SHAPE_BOTTOM ? 0.0 : -1.0, hi = shape == SHAPE_TOP ? 0.0 : 1.0;
  if (x >= hi)
    return 0.0;
  if (x <= lo)
    {
      /* whole shapes: sinhc(a/2)² for the hat, 2∫_0^1 e^{∓av}(1 − v) dv for the halves */
      if (shape == SHAPE_HAT)
        return exp (2.0 * ln_sinhc (0.5 * a));
      return 2.0 * hat_end (shape == SHAPE_BOTTOM ? -a : a);
    }
  double scale = shape == SHAPE_HAT ? 1.0 : 2.0;
  ShapePiece up = { a, scale, 1 }, down = { a, scale, -1 };
  gsl_function fu = { shape_piece_fn, &up }, fd = { shape_piece_fn, &down };
  if (x >= 0.0)
    return gsl_integration_glfixed (&fu, x, hi, gl);
  double v = gsl_integration_glfixed (&fd, x, 0.0, gl);
  if (hi > 0.0)
    v += gsl_integration_glfixed (&fu, 0.0, hi, gl);
  return v;
}

/* ln of the continuous part of P[S > t], from a composition tilted by λ with ln M(λ) per
 * step: M^k Σ_j u_j ∫_{s>t} e^{−λs} ρ_j(s) ds, with the factor e^{k ln M − λt} kept in log
 * space. */
static double
lap_read_log_tail (const LapComposed *c, const LapTilt *tilt, unsigned long k, double t,
                   const gsl_integration_glfixed_table *gl)
{
  double h = c->h, lambda = tilt->lambda;
  double a = lambda * h;
  double full = exp (2.0 * ln_sinhc (0.5 * a)); /* whole hat: sinhc(a/2)² */
  /* first node whose shape reaches above t */
  double jt = floor ((t - c->l0) / h) - 1.0;
  size_t j0 = jt < 0.0 ? 0 : (size_t) jt;
  double sum = 0.0;
  double r = exp (-a);
  double w = 0.0;
  for (size_t j = j0; j < c->len; j++)
    {
      double lj = c->l0 + h * (double) j;
      double x = (t - lj) / h; /* t in the node's coordinates */
      if (x >= 1.0)
        continue;
      double uj = lap_composed_u (c, j);
      Shape shape = lap_composed_shape (c, j);
      if (x > -1.0 || shape != SHAPE_HAT)
        {
          /* e^{−λ(ℓ_j − t)} ∫_{x}^{∞} e^{−av}ρ(v) dv */
          sum += uj * exp (-lambda * (lj - t)) * shape_weight_above (shape, a, x, gl);
          w = 0.0;
          continue;
        }
      if (w == 0.0 || ((j - j0) & 1023) == 0)
        w = exp (-lambda * (lj - t));
      else
        w *= r;
      if (w < 1e-300)
        break;
      sum += uj * w * full;
    }
  if (!(sum > 0.0))
    return -HUGE_VAL;
  return (double) k * tilt->log_m - lambda * t + log (sum);
}

/* Bernstein half-width: P[|S − E S| > x] ≤ 2e^{−LOSS_WINDOW_LOG} for k steps of variance
 * @var bounded by 2ε around their mean. */
static double
lap_window (double eps, unsigned long k, double var)
{
  double b = LOSS_WINDOW_LOG * 2.0 * eps / 3.0;
  return b + sqrt (b * b + 2.0 * LOSS_WINDOW_LOG * (double) k * var);
}

/* Cells per step so that a window of @width fits in about @target nodes; even. */
static size_t
lap_grid (double eps, double width, size_t target)
{
  double n = floor ((double) (target - 2) * 2.0 * eps / width);
  if (!(n >= LOSS_GRID_MIN))
    n = LOSS_GRID_MIN;
  if (n > LOSS_GRID_MAX)
    n = LOSS_GRID_MAX;
  size_t ni = (size_t) n;
  return ni & ~(size_t) 1;
}

/* ln P[S_k > t] of the continuous part, one grid. */
static DpStatus
lap_log_tail_cont_grid (const LapTilt *tilt, unsigned long k, size_t n, double w_lo,
                        double w_hi, double t, const gsl_integration_glfixed_table *gl,
                        const DpCancel *cancel, double *out)
{
  LapComposed c;
  DpStatus st = lap_compose (tilt, k, n, w_lo, w_hi, cancel, &c);
  if (st != DP_OK)
    return st;
  *out = lap_read_log_tail (&c, tilt, k, t, gl);
  lap_composed_clear (&c);
  return DP_OK;
}

static DpStatus
laplace_log_tail (double eps, unsigned long k, double t, const DpCancel *cancel,
                  double *out)
{
  double kd = (double) k;
  if (t >= kd * eps)
    {
      *out = -HUGE_VAL;
      return DP_OK;
    }
  if (t < -kd * eps)
    {
      *out = 0.0;
      return DP_OK;
    }
  /* The all-atom outcomes: P(all atoms) = (½(1 + e^{−ε}))^k, then a two-point sum. */
  double lp, lq;
  two_point_logs (eps, &lp, &lq);
  double log_all_atoms = kd * (log1p (exp (-eps)) - M_LN2);
  double log_atoms = log_all_atoms + two_point_log_tail (k, eps, lp, lq, t);
  if (k == 1)
    {
      /* One step: P[L > t] = 1 − ½e^{(t−ε)/2} on [−ε, ε) (VIEWS.md, View 2). */
      *out = log1p (-0.5 * exp (0.5 * (t - eps)));
      return DP_OK;
    }

  LapTilt t0;
  lap_tilt (eps, 0.0, &t0);
  double lambda = 0.0;
  if (t > kd * t0.mean)
    lambda = lap_solve_tilt (eps, t / kd);
  LapTilt tilt;
  lap_tilt (eps, lambda, &tilt);
  double centre = kd * tilt.mean;
  double x = lap_window (eps, k, tilt.var);
  double w_lo = fmin (centre, t) - x, w_hi = fmax (centre, t) + x;
  double width = fmin (w_hi, kd * eps) - fmax (w_lo, -kd * eps);
  size_t n = lap_grid (eps, width, LOSS_FFT_TARGET);

  gsl_integration_glfixed_table *gl = gsl_integration_glfixed_table_alloc (16);
  if (gl == NULL)
    return DP_ERR_NOMEM;
  double fine, coarse;
  DpStatus st = lap_log_tail_cont_grid (&tilt, k, n, w_lo, w_hi, t, gl, cancel, &fine);
  if (st == DP_OK)
    st = lap_log_tail_cont_grid (&tilt, k, n / 2, w_lo, w_hi, t, gl, cancel, &coarse);
  gsl_integration_glfixed_table_free (gl);
  if (st != DP_OK)
    return st;
  /* Richardson: the error is ∝ h², so (4·fine − coarse)/3 removes it (in the values; done in
   * logs as ln fine + ln(1 + (1 − coarse/fine)/3)). */
  double log_cont = fine;
  if (isfinite (fine) && isfinite (coarse))
    {
      double corr = -expm1 (coarse - fine) / 3.0;
      if (corr > -0.5)
        log_cont = fine + log1p (corr);
    }
  *out = dp_log_add (log_atoms, log_cont);
  if (*out > 0.0)
    *out = 0.0;
  return DP_OK;
}

/* Bins of the Laplace sum: P[e_i < S ≤ e_{i+1}] from the untilted composition (absolute
 * accuracy is what a histogram needs). */
static DpStatus
laplace_bins (double eps, unsigned long k, const double *edges, size_t n_edges,
              const DpCancel *cancel, double *prob)
{
  double kd = (double) k;
  double lp, lq;
  two_point_logs (eps, &lp, &lq);
  double log_all_atoms = kd * (log1p (exp (-eps)) - M_LN2);
  size_t nb = n_edges - 1;

  if (k == 1)
    {
      for (size_t i = 0; i < nb; i++)
        {
          /* F(x) = P[L ≤ x]: 0 below −ε, ½e^{(x−ε)/2} on [−ε, ε), 1 from ε on. */
          double fa = edges[i] < -eps ? 0.0 : edges[i] >= eps ? 1.0 : 0.5 * exp (0.5 * (edges[i] - eps));
          double fb = edges[i + 1] < -eps ? 0.0 : edges[i + 1] >= eps ? 1.0
                                                    : 0.5 * exp (0.5 * (edges[i + 1] - eps));
          prob[i] = fmax (fb - fa, 0.0);
        }
      return DP_OK;
    }

  LapTilt tilt;
  lap_tilt (eps, 0.0, &tilt);
  double centre = kd * tilt.mean;
  double x = lap_window (eps, k, tilt.var);
  double w_lo = centre - x, w_hi = centre + x;
  double width = fmin (w_hi, kd * eps) - fmax (w_lo, -kd * eps);
  size_t n = lap_grid (eps, width, LOSS_FFT_TARGET_BINS);
  LapComposed c;
  DpStatus st = lap_compose (&tilt, k, n, w_lo, w_hi, cancel, &c);
  if (st != DP_OK)
    return st;

  /* Cumulative masses from the top: above[j] = Σ_{i ≥ j} u_i; the mass above t is that of the
   * nodes whose shapes lie above t plus the fractions of the (at most three) shapes t cuts. */
  double *above = malloc ((c.len + 1) * sizeof (double));
  if (above == NULL)
    {
      lap_composed_clear (&c);
      return DP_ERR_NOMEM;
    }
  above[c.len] = 0.0;
  for (size_t j = c.len; j-- > 0;)
    above[j] = above[j + 1] + lap_composed_u (&c, j);

  double prev = 0.0;
  for (size_t e = 0; e < n_edges; e++)
    {
      double t = edges[e];
      double tail;
      if (t == -HUGE_VAL)
        tail = 1.0;
      else if (t == HUGE_VAL)
        tail = 0.0;
      else
        {
          double pos = (t - c.l0) / c.h;
          double cont;
          if (pos < -1.0)
            cont = above[0];
          else if (pos >= (double) c.len)
            cont = 0.0;
          else
            {
              /* nodes floor(pos) − 1 … floor(pos) + 1 may straddle t; the ones above lie above */
              long jf = (long) floor (pos);
              long first = jf - 1 < 0 ? 0 : jf - 1;
              long last = jf + 1;
              cont = last + 1 < (long) c.len ? above[last + 1] : 0.0;
              for (long j = first; j <= last && j < (long) c.len; j++)
                cont += lap_composed_u (&c, (size_t) j)
                        * shape_fraction_above (lap_composed_shape (&c, (size_t) j), pos - (double) j);
            }
          double atoms = exp (log_all_atoms + two_point_log_tail (k, eps, lp, lq, t));
          tail = fmin (1.0, cont + atoms);
        }
      if (e > 0)
        prob[e - 1] = fmax (prev - tail, 0.0);
      prev = tail;
      if ((e & 255) == 255 && dp_cancel_is_set (cancel))
        {
          free (above);
          lap_composed_clear (&c);
          return DP_ERR_CANCELLED;
        }
    }
  free (above);
  lap_composed_clear (&c);
  return DP_OK;
}

/* ---- public entry points ----------------------------------------------------------------- */

DpStatus
dp_loss_log_mgf (const DpMechanism *m, double lambda, double *out)
{
  if (out == NULL || !dp_mechanism_is_valid (m) || !isfinite (lambda))
    return DP_ERR_DOMAIN;
  double v;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        LapTilt t;
        lap_tilt (m->epsilon, lambda, &t);
        v = t.log_m;
        break;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        /* E[e^{λL}] = e^{λm + λ²v/2} with m = μ²/2, v = μ². */
        double mu = dp_mechanism_gaussian_mu (m);
        v = 0.5 * lambda * (1.0 + lambda) * mu * mu;
        break;
      }
    case DP_MECHANISM_RR:
      {
        double lp, lq;
        two_point_logs (m->epsilon, &lp, &lq);
        v = dp_log_add (lp + lambda * m->epsilon, lq - lambda * m->epsilon);
        break;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
  if (!isfinite (v))
    return DP_ERR_NUMERIC;
  *out = v;
  return DP_OK;
}

DpStatus
dp_loss_sum_tail (const DpMechanism *m, unsigned long k, double t, const DpCancel *cancel,
                  double *tail, double *log_tail)
{
  if (!dp_mechanism_is_valid (m) || !dp_is_valid_k (k) || isnan (t))
    return DP_ERR_DOMAIN;
  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;
  double kd = (double) k, lt;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      {
        /* S_k ~ N(kμ²/2, kμ²): z = (t − kμ²/2)/(μ√k), written so that μ² never overflows. */
        double mu = dp_mechanism_gaussian_mu (m);
        double sk = mu * sqrt (kd);
        double z = isinf (t) ? t : t / sk - 0.5 * sk;
        lt = dp_log_normal_tail (z);
        break;
      }
    case DP_MECHANISM_RR:
      {
        double lp, lq;
        two_point_logs (m->epsilon, &lp, &lq);
        lt = t == HUGE_VAL ? -HUGE_VAL : two_point_log_tail (k, m->epsilon, lp, lq, t);
        break;
      }
    case DP_MECHANISM_LAPLACE:
      {
        DpStatus st = laplace_log_tail (m->epsilon, k, t, cancel, &lt);
        if (st != DP_OK)
          return st;
        break;
      }
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
  if (lt > 0.0)
    lt = 0.0;
  if (tail != NULL)
    *tail = exp (lt);
  if (log_tail != NULL)
    *log_tail = lt;
  return DP_OK;
}

DpStatus
dp_loss_sum_bins (const DpMechanism *m, unsigned long k, const double *edges, size_t n_edges,
                  const DpCancel *cancel, double *prob)
{
  if (!dp_mechanism_is_valid (m) || !dp_is_valid_k (k) || edges == NULL || n_edges < 2
      || prob == NULL)
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n_edges; i++)
    if (isnan (edges[i]) || (i > 0 && !(edges[i] > edges[i - 1])))
      return DP_ERR_DOMAIN;
  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;
  double kd = (double) k;
  switch (m->kind)
    {
    case DP_MECHANISM_GAUSSIAN:
      {
        double mu = dp_mechanism_gaussian_mu (m);
        double sk = mu * sqrt (kd);
        for (size_t i = 0; i + 1 < n_edges; i++)
          {
            double za = isinf (edges[i]) ? edges[i] : edges[i] / sk - 0.5 * sk;
            double zb = isinf (edges[i + 1]) ? edges[i + 1] : edges[i + 1] / sk - 0.5 * sk;
            /* differences of the smaller tail, so that far bins keep their digits */
            double v;
            if (za >= 0.0)
              v = exp (dp_log_normal_tail (za)) - exp (dp_log_normal_tail (zb));
            else if (zb <= 0.0)
              v = exp (dp_log_normal_tail (-zb)) - exp (dp_log_normal_tail (-za));
            else
              v = 1.0 - exp (dp_log_normal_tail (-za)) - exp (dp_log_normal_tail (zb));
            prob[i] = fmax (v, 0.0);
          }
        return DP_OK;
      }
    case DP_MECHANISM_RR:
      {
        double lp, lq;
        two_point_logs (m->epsilon, &lp, &lq);
        for (size_t i = 0; i + 1 < n_edges; i++)
          prob[i] = exp (two_point_log_bin (k, m->epsilon, lp, lq, edges[i], edges[i + 1]));
        return DP_OK;
      }
    case DP_MECHANISM_LAPLACE:
      return laplace_bins (m->epsilon, k, edges, n_edges, cancel, prob);
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}
