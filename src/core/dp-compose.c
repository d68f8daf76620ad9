/* dp-compose.c — composition of k mechanisms: basic, advanced, optimal (KOV), exact, zCDP, RDP
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>
#include <unistd.h>

#include <gsl/gsl_math.h>
#include <gsl/gsl_sf_gamma.h>

#include "dp-core.h"
#include "dp-pld.h"
#include "dp-private.h"
#include "dp-renyi.h"

/* Default relative accuracy of the exact composition (dp-compose.h). */
#define COMPOSE_DEFAULT_REL_TOL 1e-4
/* The coarsest relative accuracy a caller may ask for (dp-compose.h). */
#define COMPOSE_MAX_REL_TOL 0.1

static bool
valid_eps0 (double eps0)
{
  return isfinite (eps0) && eps0 >= DP_EPSILON_MIN && eps0 <= DP_EPSILON_MAX;
}

static bool
valid_delta0 (double delta0)
{
  return delta0 >= 0.0 && delta0 < 1.0;
}

static bool
valid_delta (double delta)
{
  return delta > 0.0 && delta < 1.0;
}

static bool
valid_k (unsigned long k)
{
  return k >= 1 && k <= DP_K_MAX;
}

/* ---- basic and advanced composition -------------------------------------------------- */

/* Dwork & Roth Thm 3.16: k mechanisms that are (ε₀, δ₀)-DP compose to (kε₀, kδ₀)-DP.
 * The total δ is reported as min(1, kδ₀) since a probability never exceeds 1. */
DpStatus
dp_compose_basic (double eps0, double delta0, unsigned long k, double *eps_total,
                  double *delta_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || eps_total == NULL
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  *eps_total = (double) k * eps0;
  *delta_total = fmin (1.0, (double) k * delta0);
  return DP_OK;
}

/* Dwork & Roth Thm 3.20 (Dwork, Rothblum & Vadhan 2010): for δ′ > 0 the k-fold adaptive
 * composition of (ε₀, δ₀)-DP mechanisms is (ε_k, kδ₀ + δ′)-DP with
 * ε_k = √(2k ln(1/δ′))·ε₀ + kε₀(e^{ε₀} − 1). The second term is the KL drift (Lemma 3.18 bounds
 * each step's expected loss by ε₀(e^{ε₀} − 1)); the first is the Azuma deviation. */
DpStatus
dp_compose_advanced (double eps0, double delta0, unsigned long k, double delta_prime,
                     DpAdvancedComposition *out)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !valid_delta (delta_prime)
      || out == NULL)
    return DP_ERR_DOMAIN;
  double kd = (double) k;
  double azuma = sqrt (2.0 * kd * -log (delta_prime)) * eps0;
  double drift = kd * eps0 * expm1 (eps0);
  double eps = azuma + drift;
  if (!isfinite (eps))
    return DP_ERR_NUMERIC; /* e^{ε₀}·k overflows only for ε₀ near 700 */
  out->epsilon = eps;
  out->azuma_term = azuma;
  out->drift_term = drift;
  out->delta = fmin (1.0, kd * delta0 + delta_prime);
  return DP_OK;
}

/* ε_k < kε₀ ⇔ √(2kL)ε₀ + kε₀(e^{ε₀} − 1) < kε₀ ⇔ √(2kL) < k(2 − e^{ε₀}), L = ln(1/δ′). */
static bool
advanced_beats_basic (double eps0, double log_inv_delta, unsigned long k)
{
  double kd = (double) k;
  return sqrt (2.0 * kd * log_inv_delta) * eps0 + kd * eps0 * expm1 (eps0) < kd * eps0;
}

DpStatus
dp_compose_advanced_crossover (double eps0, double delta_prime, unsigned long *k_cross)
{
  if (!valid_eps0 (eps0) || !valid_delta (delta_prime) || k_cross == NULL)
    return DP_ERR_DOMAIN;
  double gap = 1.0 - expm1 (eps0); /* 2 − e^{ε₀} */
  if (!(gap > 0.0))
    {
      *k_cross = 0; /* e^{ε₀} ≥ 2: the drift alone is ≥ kε₀ */
      return DP_OK;
    }
  double linv = -log (delta_prime);
  /* Closed form: k > 2 ln(1/δ′)/(2 − e^{ε₀})². */
  double x = 2.0 * linv / (gap * gap);
  if (!(x < 1e18))
    return DP_ERR_NUMERIC; /* e^{ε₀} is within ~1e-9 of 2: no representable crossover */
  unsigned long k = (unsigned long) floor (x) + 1UL;
  /* Settle the integer against the formula as evaluated in floating point. */
  while (k > 1 && advanced_beats_basic (eps0, linv, k - 1))
    k--;
  for (int i = 0; i < 64 && !advanced_beats_basic (eps0, linv, k); i++)
    k++;
  *k_cross = k;
  return DP_OK;
}

/* ---- optimal composition (Kairouz, Oh & Viswanath 2015, Thm 3.3) --------------------- */

/* ---- the binomial probabilities behind KOV ---------------------------------------------- */

/* s(m) = ln m! − ln(√(2πm)(m/e)^m), the remainder of Stirling's formula, m ≥ 1. Above 15 its
 * asymptotic series 1/(12m) − 1/(360m³) + 1/(1260m⁵) − 1/(1680m⁷) + 1/(1188m⁹), whose next
 * term is below 3e-16 there; below, from ln Γ (gsl_sf_lngamma: unlike lgamma it writes no
 * global signgam, so worker threads do not race) with an absolute error of ~1e-14. */
static double
stirling_remainder (double m)
{
  if (m <= 15.0)
    return gsl_sf_lngamma (m + 1.0) - (m + 0.5) * log (m) + m - 0.5 * log (2.0 * M_PI);
  double m2 = m * m;
  return (1.0 / 12.0
          - (1.0 / 360.0 - (1.0 / 1260.0 - (1.0 / 1680.0 - 1.0 / (1188.0 * m2)) / m2) / m2) / m2)
         / m;
}

/* D(x, M) = x ln(x/M) + M − x ≥ 0, the deviance of x from the mean M (x, M > 0). Near M,
 * with v = (x − M)/(x + M): D = (x − M)v + 2x Σ_{j≥1} v^{2j+1}/(2j+1), a sum of terms of one
 * sign, instead of the difference of two nearly equal numbers. */
static double
deviance (double x, double mean)
{
  double d = x - mean;
  if (fabs (d) < 0.1 * (x + mean))
    {
      double v = d / (x + mean);
      double sum = d * v;
      double term = 2.0 * x * v;
      double v2 = v * v;
      for (int j = 1; j < 200; j++)
        {
          term *= v2;
          double next = sum + term / (2 * j + 1);
          if (next == sum)
            break;
          sum = next;
        }
      return sum;
    }
  return x * log (x / mean) + mean - x;
}

/* ln of the Binomial(k, q) probabilities of l = 0, 1, 2, … (q = 1/(1 + e^{ε₀}): l is the number
 * of flipped answers among k randomized responses). Loader's saddle-point form (C. Loader,
 * "Fast and accurate computation of binomial probabilities", 2000), for 0 < l < k:
 *   ln[C(k,l) q^l p^{k−l}] = s(k) − s(l) − s(k−l) − D(l, kq) − D(k−l, kp) + ½ ln(k/(2πl(k−l))),
 * every piece small where the probability matters, so the result is accurate to a few 1e-16
 * absolute for any k; ln Γ(k+1) − ln Γ(l+1) − ln Γ(k−l+1) + … subtracts numbers of size k ln k
 * and loses ~1e-16·k ln k (1.6e-8 at k = 10⁷). Between evaluations of that form, every 16
 * steps, the ratio (k − l + 1)/l · e^{−ε₀} of consecutive probabilities carries the value. */
typedef struct {
  unsigned long k;
  unsigned long l;
  double kd, eps0;
  double log_p, log_q;   /* ln p, ln q: keep and flip probabilities */
  double mean_p, mean_q; /* kp, kq */
  double value;          /* ln Pr[l] */
} BinomPmf;

static double
binom_pmf_log_at (const BinomPmf *b, unsigned long l)
{
  if (l == 0)
    return b->kd * b->log_p;
  if (l == b->k)
    return b->kd * b->log_q;
  double x = (double) l, y = b->kd - x;
  return stirling_remainder (b->kd) - stirling_remainder (x) - stirling_remainder (y)
         - deviance (x, b->mean_q) - deviance (y, b->mean_p)
         + 0.5 * log (b->kd / (2.0 * M_PI * x * y));
}

/* Starts at the first l whose probability can matter: by Hoeffding's inequality
 * Pr[l ≤ kq − t] ≤ e^{−2t²/k}, so with t = 20√k every l below kq − t together carry less
 * than e^{−800}, far below the smallest positive double; the sums leave them out. */
static void
binom_pmf_init (BinomPmf *b, double eps0, unsigned long k)
{
  double l1 = log1p (exp (-eps0)); /* ln(1 + e^{−ε₀}) */
  b->k = k;
  b->kd = (double) k;
  b->eps0 = eps0;
  b->log_p = -l1;
  b->log_q = -eps0 - l1;
  b->mean_p = b->kd / (1.0 + exp (-eps0));
  b->mean_q = b->kd * exp (-eps0 - l1);
  double first = floor (b->mean_q - 20.0 * sqrt (b->kd));
  b->l = first > 0.0 ? (unsigned long) first : 0;
  b->value = binom_pmf_log_at (b, b->l);
}

static void
binom_pmf_next (BinomPmf *b)
{
  double l = (double) b->l;
  b->l++;
  if (b->l > b->k)
    b->value = -HUGE_VAL; /* past the last outcome (a loop that ran to l = k steps once more) */
  else if ((b->l & 15UL) == 0 || b->l == b->k)
    b->value = binom_pmf_log_at (b, b->l);
  else
    b->value += log ((b->kd - l) / (l + 1.0)) - b->eps0;
}

/* A sum of positive terms, each e^{log_term}·factor with 0 < factor ≤ 1, kept as
 * e^{ref}·(sum + comp) with Neumaier's compensated summation, so its rounding does not grow
 * with the number of terms (KOV sums up to 10⁵ of them). ref is the logarithm of a term's
 * e^{log_term}. */
typedef struct {
  double ref, sum, comp;
} ScaledSum;

static void
scaled_sum_init (ScaledSum *s)
{
  s->ref = -HUGE_VAL;
  s->sum = s->comp = 0.0;
}

/* Moves ref up to @log_term when the terms have grown past it; returns e^{log_term − ref}. */
static inline double
scaled_sum_scale (ScaledSum *s, double log_term)
{
  if (log_term > s->ref + 16.0)
    {
      double f = s->ref == -HUGE_VAL ? 0.0 : exp (s->ref - log_term);
      s->sum *= f;
      s->comp *= f;
      s->ref = log_term;
    }
  return exp (log_term - s->ref);
}

/* Adds x = a term divided by e^{ref} (from scaled_sum_scale). */
static inline void
scaled_sum_add_scaled (ScaledSum *s, double x)
{
  double t = s->sum + x;
  if (s->sum >= x)
    s->comp += (s->sum - t) + x;
  else
    s->comp += (x - t) + s->sum;
  s->sum = t;
}

static void
scaled_sum_add (ScaledSum *s, double log_term)
{
  scaled_sum_add_scaled (s, scaled_sum_scale (s, log_term));
}

static double
scaled_sum_log (const ScaledSum *s)
{
  double v = s->sum + s->comp;
  return v > 0.0 ? s->ref + log (v) : -HUGE_VAL;
}

/* How often the long loops over l poll the cancel flag (a few milliseconds of work). */
#define KOV_CANCEL_STRIDE 65535UL

/* With a_l = C(k,l)e^{(k−l)ε₀}/(1+e^{ε₀})^k = Pr[l] (BinomPmf) and b_l = a_l e^{(2l−k)ε₀}, the
 * KOV sum reads H(ε) = Σ_{l : (k−2l)ε₀ > ε} (a_l − e^{ε}b_l) = Σ a_l (1 − e^{−gap_l}),
 * gap_l = (k − 2l)ε₀ − ε > 0: positive terms only. Writes ln H and, if @log_b is not NULL,
 * ln B(ε) = ln Σ b_l over the same terms (H = A − e^{ε}B on the piece of ε, so
 * dH/dε = −e^{ε}B). Returns false when @cancel was raised during the sum. */
static bool
kov_sum (double eps0, unsigned long k, double eps, const DpCancel *cancel, double *log_h,
         double *log_b)
{
  double kd = (double) k;
  double mode = kd / (1.0 + exp (eps0));
  ScaledSum h;
  double eb = 0.0; /* e^{ε}B/e^{h.ref} = Σ a_l e^{−gap_l}/e^{h.ref} */
  BinomPmf b;

  scaled_sum_init (&h);
  binom_pmf_init (&b, eps0, k);
  for (unsigned long l = b.l; l <= k; l++)
    {
      /* > 0 for the terms that count; one rounding (fma), as 1 − e^{−gap} is relative to it */
      double gap = fma (kd - 2.0 * (double) l, eps0, -eps);
      if (!(gap > 0.0))
        break;
      if ((l & KOV_CANCEL_STRIDE) == KOV_CANCEL_STRIDE && dp_cancel_is_set (cancel))
        return false;
      double old_ref = h.ref;
      double a = scaled_sum_scale (&h, b.value);
      if (h.ref != old_ref)
        eb *= old_ref == -HUGE_VAL ? 0.0 : exp (old_ref - h.ref);
      double em = expm1 (-gap);
      scaled_sum_add_scaled (&h, a * -em);
      eb += a * (1.0 + em);
      /* Past the mode the terms decrease; stop once they cannot matter any more. */
      if ((double) l > mode + 1.0 && b.value < h.ref - 745.0)
        break;
      binom_pmf_next (&b);
    }
  *log_h = scaled_sum_log (&h);
  if (log_b != NULL)
    *log_b = eb > 0.0 ? h.ref + log (eb) - eps : -HUGE_VAL;
  return true;
}

/* δ = 1 − (1−δ₀)^k (1 − H) = [1 − (1−δ₀)^k] + (1−δ₀)^k H, from ln H. */
static double
kov_delta_from_h (double delta0, unsigned long k, double log_h)
{
  double log_keep = (double) k * log1p (-delta0);
  double d = -expm1 (log_keep) + exp (log_keep + log_h);
  return fmin (1.0, fmax (0.0, d));
}

static DpStatus
kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
           const DpCancel *cancel, double *delta_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !isfinite (eps_total)
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  double log_h;
  if (!kov_sum (eps0, k, eps_total, cancel, &log_h, NULL))
    return DP_ERR_CANCELLED;
  *delta_total = kov_delta_from_h (delta0, k, log_h);
  return DP_OK;
}

DpStatus
dp_compose_kov_delta (double eps0, double delta0, unsigned long k, double eps_total,
                      double *delta_total)
{
  return kov_delta (eps0, delta0, k, eps_total, NULL, delta_total);
}

/* Core of the inverse (NAN when @cancel was raised during the sum):
 * H(ε) = max_j [A_j − e^{ε} B_j] with A_j = Σ_{l≤j} a_l, B_j = Σ_{l≤j} b_l (a_l, b_l as for
 * kov_sum; each term of H is max(0, a_l − e^{ε}b_l) ≥ a_l − e^{ε}b_l, with equality for the
 * terms that are positive). Hence H(ε) ≤ H_t ⇔ ε ≥ ln((A_j − H_t)/B_j) for every j, and the
 * smallest such ε is the maximum over j: exact on each piece, no root finding. Only j < k/2
 * matters for ε ≥ 0. A_j − H_t can be a small difference of large numbers, so kov_settle
 * checks the answer against the forward sum. */
static double
kov_epsilon_from_h (double eps0, unsigned long k, double log_ht, const DpCancel *cancel)
{
  double kd = (double) k;
  double mode = kd / (1.0 + exp (eps0));
  double best = -HUGE_VAL;
  ScaledSum as, bs;
  BinomPmf b;

  scaled_sum_init (&as);
  scaled_sum_init (&bs);
  binom_pmf_init (&b, eps0, k);
  for (unsigned long j = b.l; 2 * j < k; j++)
    {
      if ((j & KOV_CANCEL_STRIDE) == KOV_CANCEL_STRIDE && dp_cancel_is_set (cancel))
        return NAN;
      double la = b.value;
      scaled_sum_add (&as, la);
      scaled_sum_add (&bs, la + (2.0 * (double) j - kd) * eps0);
      double log_a = scaled_sum_log (&as);
      if (log_a > log_ht)
        {
          double lamh = log_a + log1p (-exp (log_ht - log_a)); /* ln(A_j − H_t) */
          double e = lamh - scaled_sum_log (&bs);
          if (e > best)
            best = e;
          /* Past the mode the ratio r = a_{j+1}/a_j = (k − j)/(j + 1)·e^{−ε₀} < 1 falls with j,
           * so the A-mass beyond j is below a_j·r/(1 − r); once that is negligible against
           * A_j − H_t (e^{−40}), ε_j only decreases. */
          double ratio = (kd - (double) j) / ((double) j + 1.0) * exp (-eps0);
          if ((double) j > mode + 1.0 && ratio < 1.0
              && la + log (ratio) - log1p (-ratio) < lamh - 40.0)
            break;
        }
      binom_pmf_next (&b);
    }
  return best;
}

/* Makes *eps meet its constraint as the forward sum evaluates it: δ(*eps) ≤ @target, moving
 * it up where the closed form fell short. δ is convex and piecewise linear in x = e^{ε}
 * (H = A − xB on each piece), so from a point left of the root (δ too large) Newton's step in
 * x, x + (δ − target)/((1−δ₀)^k B), lands at or left of the root, exactly on it once on the
 * root's own piece; a step of a few ulps more covers the rounding there. DP_ERR_NUMERIC when
 * no such ε is found. */
static DpStatus
kov_settle (double eps0, double delta0, unsigned long k, double target, const DpCancel *cancel,
            double *eps)
{
  double log_keep = (double) k * log1p (-delta0);
  double e = *eps, nudge = 4.0 * DBL_EPSILON;

  for (int i = 0; i < 48; i++)
    {
      double log_h, log_b;
      if (!kov_sum (eps0, k, e, cancel, &log_h, &log_b))
        return DP_ERR_CANCELLED;
      double d = kov_delta_from_h (delta0, k, log_h);
      if (d <= target)
        {
          *eps = e;
          return DP_OK;
        }
      double step = log1p ((d - target) / exp (log_keep + e + log_b));
      double min_step = nudge * fmax (fabs (e), DBL_MIN);
      if (!(step > min_step))
        {
          step = min_step;
          nudge *= 4.0;
        }
      e += step;
      if (!isfinite (e))
        break;
    }
  return DP_ERR_NUMERIC;
}

static DpStatus
kov_epsilon (double eps0, double delta0, unsigned long k, double delta_total,
             const DpCancel *cancel, double *eps_total)
{
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0) || !valid_k (k) || !valid_delta (delta_total)
      || eps_total == NULL)
    return DP_ERR_DOMAIN;
  /* δ(ε) ≤ δ ⇔ H(ε) ≤ H_t = 1 − (1−δ)/(1−δ₀)^k. */
  double x = log1p (-delta_total) - (double) k * log1p (-delta0);
  if (!(x < 0.0))
    return DP_ERR_DOMAIN; /* δ ≤ 1 − (1−δ₀)^k: no ε reaches it */
  double ht = -expm1 (x);
  double e = kov_epsilon_from_h (eps0, k, log (ht), cancel);
  if (isnan (e))
    return DP_ERR_CANCELLED;
  e = e > 0.0 ? e : 0.0;
  DpStatus st = kov_settle (eps0, delta0, k, delta_total, cancel, &e);
  if (st != DP_OK)
    return st;
  *eps_total = e;
  return DP_OK;
}

DpStatus
dp_compose_kov_epsilon (double eps0, double delta0, unsigned long k, double delta_total,
                        double *eps_total)
{
  return kov_epsilon (eps0, delta0, k, delta_total, NULL, eps_total);
}

/* ---- exact composition of the mechanism itself ---------------------------------------- */

/* The domain every function of libdpcore checks (dp_mechanism_is_valid): σ, Δ and ε in their
 * documented ranges and a Laplace scale equal to Δ/ε, so that a hand-made mechanism the rest of
 * the library refuses gets no composition either. */
static DpStatus
check_mechanism (const DpMechanism *m)
{
  return dp_mechanism_is_valid (m) ? DP_OK : DP_ERR_DOMAIN;
}

/* ε₀ = Δ/b of a Laplace mechanism. */
static double
laplace_eps0 (const DpMechanism *m)
{
  return m->sensitivity / m->scale;
}

static double
effective_rel_tol (double rel_tol)
{
  return rel_tol == 0.0 ? COMPOSE_DEFAULT_REL_TOL : rel_tol;
}

/* 0 (the default) or a tolerance the PLD is tuned for: a coarser request would be answered
 * at 0.1 anyway, so it is refused rather than silently tightened. */
static bool
valid_rel_tol (double rel_tol)
{
  return rel_tol >= 0.0 && rel_tol <= COMPOSE_MAX_REL_TOL; /* false for NaN */
}

/* The exact k-fold composition, one direction at a time: ε from a total δ, or δ from a total ε.
 * The three accountants come in such pairs with the same arguments. */
typedef struct {
  /* KOV 2015 (Thm 3.3) for an (ε₀, δ₀)-DP mechanism */
  DpStatus (*kov) (double eps0, double delta0, unsigned long k, double given,
                   const DpCancel *cancel, double *out);
  /* the Laplace mechanism's privacy-loss distribution (dp-pld.c) */
  DpStatus (*pld_laplace) (double eps0, unsigned long k, double given, double rel_tol,
                           const DpCancel *cancel, double *out);
  /* Balle & Wang 2018 (Thm 8) for a Gaussian of privacy parameter μ */
  DpStatus (*gaussian) (double mu, double given, double *out);
} ExactDirection;

static const ExactDirection exact_epsilon = {
  kov_epsilon, dp_pld_laplace_epsilon, dp_gaussian_epsilon,
};
static const ExactDirection exact_delta = {
  kov_delta, dp_pld_laplace_delta, dp_gaussian_delta,
};

/* m checked, given and out validated by the caller. */
static DpStatus
compose_exact (const ExactDirection *dir, const DpMechanism *m, unsigned long k, double given,
               double rel_tol, const DpCancel *cancel, double *out)
{
  DpStatus st;

  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      {
        double eps0 = laplace_eps0 (m);
        if (!valid_eps0 (eps0))
          return DP_ERR_DOMAIN;
        /* KOV is optimal over all ε₀-DP mechanisms, hence also an upper bound for Laplace;
         * the PLD bound is tighter except where its grid had to be coarsened. */
        double kov;
        st = dir->kov (eps0, 0.0, k, given, cancel, &kov);
        if (st != DP_OK)
          return st;
        double pld;
        st = dir->pld_laplace (eps0, k, given, effective_rel_tol (rel_tol), cancel, &pld);
        if (st == DP_ERR_CANCELLED)
          return st;
        *out = (st == DP_OK && pld < kov) ? pld : kov;
        return DP_OK;
      }
    case DP_MECHANISM_GAUSSIAN:
      {
        /* Balle & Wang 2018 (Thm 8) with k Gaussians composing to one with μ√k
         * (Dong, Roth & Su 2022, Cor. 3.3: GDP composes as μ√k). */
        double mu = dp_mechanism_gaussian_mu (m) * sqrt ((double) k);
        return dir->gaussian (mu, given, out);
      }
    case DP_MECHANISM_RR:
      /* Binary RR is the extremal ε₀-DP pair (KOV 2015), so its exact k-fold composition is
       * KOV with δ₀ = 0: a binomial sum. */
      return dir->kov (m->epsilon, 0.0, k, given, cancel, out);
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_compose_exact_epsilon (const DpMechanism *m, unsigned long k, double delta_total,
                          double rel_tol, const DpCancel *cancel, double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !valid_delta (delta_total) || !valid_rel_tol (rel_tol) || eps_total == NULL)
    return DP_ERR_DOMAIN;
  return compose_exact (&exact_epsilon, m, k, delta_total, rel_tol, cancel, eps_total);
}

DpStatus
dp_compose_exact_delta (const DpMechanism *m, unsigned long k, double eps_total,
                        double rel_tol, const DpCancel *cancel, double *delta_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !isfinite (eps_total) || eps_total < 0.0 || !valid_rel_tol (rel_tol)
      || delta_total == NULL)
    return DP_ERR_DOMAIN;
  return compose_exact (&exact_delta, m, k, eps_total, rel_tol, cancel, delta_total);
}

/* The curve's values are independent: threads take the distinct k in turn (the i-th
 * distinct value to thread i mod n_threads), each with its own status per value. */
#define CURVE_MAX_THREADS 4
#define CURVE_MIN_PER_THREAD 4

typedef struct {
  const DpMechanism *m;
  const unsigned long *k;
  const size_t *todo;           /* indices of the distinct k */
  size_t n_todo, first, stride;
  double delta_total, rel_tol;
  const DpCancel *cancel;
  double *eps_total;
  DpStatus *status;             /* per index of @todo */
} CurveTask;

static int
curve_run (void *data)
{
  CurveTask *t = data;

  for (size_t j = t->first; j < t->n_todo; j += t->stride)
    {
      size_t i = t->todo[j];

      if (dp_cancel_is_set (t->cancel))
        {
          t->status[j] = DP_ERR_CANCELLED;
          continue;
        }
      t->status[j] = dp_compose_exact_epsilon (t->m, t->k[i], t->delta_total, t->rel_tol,
                                               t->cancel, &t->eps_total[i]);
    }
  return 0;
}

static size_t
curve_threads (size_t n_todo)
{
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  size_t n = cores > 1 ? (size_t) cores : 1;

  n = n < CURVE_MAX_THREADS ? n : CURVE_MAX_THREADS;
  while (n > 1 && n_todo < n * CURVE_MIN_PER_THREAD)
    n--;
  return n;
}

DpStatus
dp_compose_exact_epsilon_curve (const DpMechanism *m, const unsigned long *k, size_t n,
                                double delta_total, double rel_tol, const DpCancel *cancel,
                                double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if ((n > 0 && (k == NULL || eps_total == NULL)) || !valid_delta (delta_total)
      || !valid_rel_tol (rel_tol))
    return DP_ERR_DOMAIN;
  for (size_t i = 0; i < n; i++)
    if (!valid_k (k[i]))
      return DP_ERR_DOMAIN;
  if (n == 0)
    return DP_OK;
  if (dp_cancel_is_set (cancel))
    return DP_ERR_CANCELLED;

  /* Repeated k (common when log-spaced values are rounded) are computed once. */
  size_t *todo = malloc (n * sizeof *todo);
  DpStatus *status = malloc (n * sizeof *status);
  size_t n_todo = 0;
  if (todo == NULL || status == NULL)
    {
      free (todo);
      free (status);
      return DP_ERR_NUMERIC;
    }
  for (size_t i = 0; i < n; i++)
    if (i == 0 || k[i] != k[i - 1])
      todo[n_todo++] = i;

  size_t n_threads = curve_threads (n_todo);
  CurveTask tasks[CURVE_MAX_THREADS];
  thrd_t threads[CURVE_MAX_THREADS];
  bool started[CURVE_MAX_THREADS] = { false };
  for (size_t t = 0; t < n_threads; t++)
    tasks[t] = (CurveTask) { m, k, todo, n_todo, t, n_threads, delta_total, rel_tol, cancel,
                             eps_total, status };
  /* Thread 0 is the caller; a thread that cannot start leaves its share to the caller. */
  for (size_t t = 1; t < n_threads; t++)
    started[t] = thrd_create (&threads[t], curve_run, &tasks[t]) == thrd_success;
  curve_run (&tasks[0]);
  for (size_t t = 1; t < n_threads; t++)
    {
      if (started[t])
        thrd_join (threads[t], NULL);
      else
        curve_run (&tasks[t]);
    }

  /* The first failure in the order of k, as a loop over k would have stopped at. */
  st = DP_OK;
  for (size_t j = 0; j < n_todo && st == DP_OK; j++)
    st = status[j];
  if (st == DP_OK)
    for (size_t i = 1; i < n; i++)
      if (k[i] == k[i - 1])
        eps_total[i] = eps_total[i - 1];
  free (todo);
  free (status);
  return st;
}

/* ---- zCDP and RDP ---------------------------------------------------------------------- */

DpStatus
dp_compose_gaussian_zcdp (const DpMechanism *m, unsigned long k, double delta_total,
                          double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (m->kind != DP_MECHANISM_GAUSSIAN || !valid_k (k) || !valid_delta (delta_total)
      || eps_total == NULL)
    return DP_ERR_DOMAIN;
  /* Bun & Steinke 2016: the Gaussian mechanism is Δ²/(2σ²)-zCDP (Prop. 1.6), zCDP composes
   * additively (Lemma 2.3), and ρ-zCDP implies (ρ + 2√(ρ ln(1/δ)), δ)-DP (Prop. 1.3). */
  double mu = dp_mechanism_gaussian_mu (m);
  double rho = (double) k * mu * mu / 2.0;
  double eps = rho + 2.0 * sqrt (rho * -log (delta_total));
  if (!isfinite (eps))
    return DP_ERR_NUMERIC;
  *eps_total = eps;
  return DP_OK;
}

/* Mironov 2017 Prop. 1: RDP of order α composes additively, so the k-fold composition has
 * D_α = k·D_α(one step); the conversion to (ε, δ) and its minimisation over α are
 * dp_rdp_epsilon (dp-renyi.c), which also reports the minimising α. */
DpStatus
dp_compose_rdp (const DpMechanism *m, unsigned long k, double delta_total, double *eps_total)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  if (!valid_k (k) || !valid_delta (delta_total) || eps_total == NULL)
    return DP_ERR_DOMAIN;
  return dp_rdp_epsilon (m, k, delta_total, eps_total, NULL);
}

/* ---- one composition question, one answer (dp-compose.h) ------------------------------- */

/* What a method may compose per step: the mechanism's privacy profile (Gaussian) or one
 * fixed pair (ε₀, δ₀) (Laplace and randomized response: (ε, 0); a generic mechanism). */
typedef struct {
  const DpMechanism *m; /* NULL for a generic pair */
  double eps0, delta0;  /* the fixed pair, unless the mechanism is Gaussian */
} Budget;

static bool
budget_is_gaussian (const Budget *b)
{
  return b->m != NULL && b->m->kind == DP_MECHANISM_GAUSSIAN;
}

static DpStatus
budget_from_mechanism (Budget *b, const DpMechanism *m)
{
  DpStatus st = check_mechanism (m);
  if (st != DP_OK)
    return st;
  b->m = m;
  b->delta0 = 0.0;
  b->eps0 = m->kind == DP_MECHANISM_LAPLACE ? laplace_eps0 (m)
            : m->kind == DP_MECHANISM_RR    ? m->epsilon
                                            : 0.0;
  if (m->kind != DP_MECHANISM_GAUSSIAN && !valid_eps0 (b->eps0))
    return DP_ERR_DOMAIN;
  return DP_OK;
}

/* The δ split of dp-compose.h: writes eps0, delta0 and delta_prime. */
static DpStatus
budget_split (const Budget *b, DpComposeMethod method, unsigned long k, double delta_total,
              double eps0_hint, DpComposition *out)
{
  double kd = (double) k;

  out->eps0 = out->delta0 = out->delta_prime = 0.0;
  if (method > DP_COMPOSE_OPTIMAL)
    return DP_OK; /* exact, rdp, zcdp: no split */
  if (budget_is_gaussian (b))
    {
      /* Balle & Wang 2018, Thm 8: (ε_G(δ₀), δ₀)-DP for every δ₀. basic: δ₀ = D/k;
       * advanced and optimal: δ₀ = D/(2k), advanced's δ′ = D/2. */
      double mu = dp_mechanism_gaussian_mu (b->m);
      double d0 = method == DP_COMPOSE_BASIC ? delta_total / kd : delta_total / (2.0 * kd);
      double e0 = 0.0;
      DpStatus st = mu <= 1e6 ? dp_gaussian_epsilon_hint (mu, d0, eps0_hint, &e0)
                              : dp_gaussian_epsilon_unchecked (mu, d0, &e0);
      if (st != DP_OK)
        return st;
      out->eps0 = fmax (e0, DP_EPSILON_MIN);
      out->delta0 = d0;
      if (method == DP_COMPOSE_ADVANCED)
        out->delta_prime = delta_total / 2.0;
      return DP_OK;
    }
  out->eps0 = b->eps0;
  out->delta0 = b->delta0;
  if (method == DP_COMPOSE_BASIC && kd * b->delta0 > delta_total)
    return DP_ERR_DOMAIN; /* (kε₀, kδ₀) does not reach a total δ of D */
  if (method == DP_COMPOSE_ADVANCED)
    {
      out->delta_prime = delta_total - kd * b->delta0;
      if (!(out->delta_prime > 0.0))
        return DP_ERR_DOMAIN;
    }
  return DP_OK;
}

static DpStatus
budget_at_delta (const Budget *b, DpComposeMethod method, unsigned long k, double delta_total,
                 double rel_tol, const DpCancel *cancel, DpComposition *out)
{
  DpStatus st;
  double kd = (double) k;

  if (out == NULL || !valid_k (k) || !valid_delta (delta_total)
      || (unsigned) method >= DP_N_COMPOSE_METHODS)
    return DP_ERR_DOMAIN;
  *out = (DpComposition) { 0 };
  if (method > DP_COMPOSE_OPTIMAL)
    {
      if (b->m == NULL)
        return DP_ERR_DOMAIN; /* needs the mechanism itself */
      if (method == DP_COMPOSE_EXACT)
        st = dp_compose_exact_epsilon (b->m, k, delta_total, rel_tol, cancel, &out->epsilon);
      else if (method == DP_COMPOSE_RDP)
        st = dp_compose_rdp (b->m, k, delta_total, &out->epsilon);
      else
        st = dp_compose_gaussian_zcdp (b->m, k, delta_total, &out->epsilon);
      out->delta = delta_total;
      return st;
    }
  st = budget_split (b, method, k, delta_total, NAN, out);
  if (st != DP_OK)
    return st;
  switch (method)
    {
    case DP_COMPOSE_BASIC:
      /* Dwork & Roth Thm 3.16 */
      out->epsilon = kd * out->eps0;
      out->delta = fmin (delta_total, kd * out->delta0);
      if (!isfinite (out->epsilon))
        return DP_ERR_NUMERIC;
      return DP_OK;
    case DP_COMPOSE_ADVANCED:
      {
        /* Dwork & Roth Thm 3.20 */
        DpAdvancedComposition a;
        st = dp_compose_advanced (out->eps0, out->delta0, k, out->delta_prime, &a);
        if (st != DP_OK)
          return st;
        out->epsilon = a.epsilon;
        out->azuma = a.azuma_term;
        out->drift = a.drift_term;
        out->delta = fmin (delta_total, a.delta);
        return DP_OK;
      }
    case DP_COMPOSE_OPTIMAL:
      /* Kairouz, Oh & Viswanath 2015, Thm 3.3 */
      out->delta = delta_total;
      return kov_epsilon (out->eps0, out->delta0, k, delta_total, cancel, &out->epsilon);
    case DP_COMPOSE_EXACT:
    case DP_COMPOSE_RDP:
    case DP_COMPOSE_ZCDP:
    case DP_N_COMPOSE_METHODS:
    default:
      return DP_ERR_DOMAIN;
    }
}

DpStatus
dp_compose_split (const DpMechanism *m, DpComposeMethod method, unsigned long k,
                  double delta_total, double eps0_hint, DpComposition *out)
{
  Budget b;
  DpStatus st = budget_from_mechanism (&b, m);
  if (st != DP_OK)
    return st;
  if (out == NULL || !valid_k (k) || !valid_delta (delta_total)
      || (unsigned) method >= DP_N_COMPOSE_METHODS)
    return DP_ERR_DOMAIN;
  return budget_split (&b, method, k, delta_total, eps0_hint, out);
}

DpStatus
dp_compose_at_delta (const DpMechanism *m, DpComposeMethod method, unsigned long k,
                     double delta_total, double rel_tol, const DpCancel *cancel,
                     DpComposition *out)
{
  Budget b;
  DpStatus st = budget_from_mechanism (&b, m);
  if (st != DP_OK)
    return st;
  return budget_at_delta (&b, method, k, delta_total, rel_tol, cancel, out);
}

DpStatus
dp_compose_generic_at_delta (double eps0, double delta0, DpComposeMethod method,
                             unsigned long k, double delta_total, DpComposition *out)
{
  Budget b = { NULL, eps0, delta0 };
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0))
    return DP_ERR_DOMAIN;
  return budget_at_delta (&b, method, k, delta_total, 0.0, NULL, out);
}

/* Advanced strictly below basic at k (false when either does not apply). */
static bool
advanced_below_basic_at (const Budget *b, unsigned long k, double delta_total)
{
  DpComposition basic, adv;
  return budget_at_delta (b, DP_COMPOSE_BASIC, k, delta_total, 0.0, NULL, &basic) == DP_OK
         && budget_at_delta (b, DP_COMPOSE_ADVANCED, k, delta_total, 0.0, NULL, &adv) == DP_OK
         && adv.epsilon < basic.epsilon;
}

static DpStatus
budget_crossover (const Budget *b, double delta_total, unsigned long k_max,
                  unsigned long *k_cross)
{
  if (k_cross == NULL || !valid_delta (delta_total) || k_max < 1)
    return DP_ERR_DOMAIN;
  if (k_max > DP_K_MAX)
    k_max = DP_K_MAX;
  if (!budget_is_gaussian (b) && b->delta0 == 0.0)
    {
      /* pure ε-DP: δ′ = D at every k, the closed form */
      unsigned long kc = 0;
      DpStatus st = dp_compose_advanced_crossover (b->eps0, delta_total, &kc);
      if (st != DP_OK)
        return st;
      *k_cross = kc <= k_max ? kc : 0;
      return DP_OK;
    }
  unsigned long prev = 0;
  for (int i = 0;; i++)
    {
      unsigned long k = (unsigned long) llround (pow (10.0, i / 30.0));
      if (k <= prev)
        continue;
      if (k > k_max)
        {
          if (prev >= k_max)
            break;
          k = k_max;
        }
      if (advanced_below_basic_at (b, k, delta_total))
        {
          unsigned long lo = prev, hi = k;
          while (hi - lo > 1)
            {
              unsigned long mid = lo + (hi - lo) / 2;
              if (advanced_below_basic_at (b, mid, delta_total))
                hi = mid;
              else
                lo = mid;
            }
          *k_cross = hi;
          return DP_OK;
        }
      prev = k;
      if (k == k_max)
        break;
    }
  *k_cross = 0;
  return DP_OK;
}

DpStatus
dp_compose_crossover_at_delta (const DpMechanism *m, double delta_total, unsigned long k_max,
                               unsigned long *k_cross)
{
  Budget b;
  DpStatus st = budget_from_mechanism (&b, m);
  if (st != DP_OK)
    return st;
  return budget_crossover (&b, delta_total, k_max, k_cross);
}

DpStatus
dp_compose_generic_crossover_at_delta (double eps0, double delta0, double delta_total,
                                       unsigned long k_max, unsigned long *k_cross)
{
  Budget b = { NULL, eps0, delta0 };
  if (!valid_eps0 (eps0) || !valid_delta0 (delta0))
    return DP_ERR_DOMAIN;
  return budget_crossover (&b, delta_total, k_max, k_cross);
}
