/* test-worked-example.c — the README's worked example, derived without libdpcore's accountants
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * README: "What total ε do 300 Laplace queries at ε = 0.1 cost at δ = 10⁻⁶?" — exact ≈ 8.995
 * (8.99479213803196), basic 30, advanced 12.26, optimal (KOV) 9.167, RDP 9.553. This test
 * reads those numbers from README.md and checks each against a value computed here.
 *
 * The exact value is bracketed rigorously (up to floating-point rounding, covered by a 1e-9
 * relative slack) by a discretisation of the Laplace privacy-loss distribution written here.
 * Under P one step's loss L is +ε₀ with probability ½, −ε₀ with probability ½e^{−ε₀}, and has
 * the density ¼e^{(t−ε₀)/2} on (−ε₀, ε₀) (total mass ½(1 − e^{−ε₀})) (VIEWS.md, View 2). The
 * k-fold composition has δ(ε) = E[(1 − e^{ε−S})₊], S the sum of k independent copies, and
 * (1 − e^{ε−s})₊ is non-decreasing in s. Rounding every continuous draw down to the left end
 * of its cell of width h therefore gives a lower bound on δ(ε), rounding it up an upper bound:
 * no property of a "valid" privacy-loss distribution is needed, only monotonicity. With j
 * continuous draws the two differ by exactly j·h in S, and j is small (mean k·½(1 − e^{−ε₀}) =
 * 14.3 here), so the bracket is tight. The atoms are exact: given j, the number a of +ε₀
 * atoms among the other k − j draws is Binomial(k − j, 1/(1 + e^{−ε₀})).
 *
 * The distribution of the sum of j rounded continuous draws is built by convolution. The cell
 * masses are geometric, w_c ∝ e^{ch/2}, so one convolution step is a sliding window sum:
 * P_j(s) = A e^{sh/2} Σ_{m=s−n+1}^{s} e^{−mh/2} P_{j−1}(m), which is computed from sums within
 * blocks of n (prefix and suffix), never by subtracting. Everything is in long double.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "dp-core.h"

#define EPS0 0.1
#define K 300
#define TARGET 1e-6
#define CELLS 10000          /* cells of the continuous part: h = 2ε₀/CELLS = 2e-5 */
#define SLACK 1e-9           /* relative allowance for rounding in the bounds */
#define CANDIDATES 128       /* ε values tried per refinement pass */
#define PASSES 3

typedef struct {
  int n_eps;
  const double *eps;        /* candidate ε values */
  long double *low, *up;    /* δ bounds at each candidate */
} Bracket;

/* Adds the contribution of exactly j continuous draws (probability pj), whose rounded-down
 * sum has distribution p[0 .. len−1] on the grid −jε₀ + s·h, to the bounds of every
 * candidate. */
static void
add_j (Bracket *br, int j, long double pj, const long double *p, long len, long double h,
       long double *suf_p, long double *suf_e)
{
  long double e0 = EPS0;

  /* suffix sums Σ_{s' ≥ s} p and Σ_{s' ≥ s} p·e^{−t_s'} (t on the lower grid); e^{−t} by a
   * product with e^{h}, recomputed every 1024 steps */
  suf_p[len] = suf_e[len] = 0;
  long double eh = expl (h), et = 1;
  for (long s = len - 1; s >= 0; s--)
    {
      if ((s & 1023) == 1023 || s == len - 1)
        et = expl (j * e0 - s * h);
      else
        et *= eh;
      suf_p[s] = suf_p[s + 1] + p[s];
      suf_e[s] = suf_e[s + 1] + p[s] * et;
    }
  /* the atoms: a of the k − j others at +ε₀, Binomial(k − j, π), π = 1/(1 + e^{−ε₀}) */
  int m = K - j;
  long double log_pi = -log1pl (expl (-e0)), log_1mpi = -e0 - log1pl (expl (-e0));
  for (int a = 0; a <= m; a++)
    {
      long double lw = lgammal (m + 1.0L) - lgammal (a + 1.0L) - lgammal (m - a + 1.0L)
                       + a * log_pi + (m - a) * log_1mpi;
      long double w = pj * expl (lw);
      if (w < 1e-40L)
        continue;
      long double shift = (2.0L * a - m) * e0; /* the atoms' part of S */
      for (int i = 0; i < br->n_eps; i++)
        for (int side = 0; side < 2; side++)
          {
            /* F(y) = E[(1 − e^{y − T})₊], T on the grid shifted by j·h for the upper bound */
            long double y = br->eps[i] - shift - (side ? j * h : 0.0L);
            long double x = (y + j * e0) / h; /* grid position of y */
            long s0 = x < 0 ? 0 : (long) floorl (x) + 1;
            long double f = 0;
            if (s0 < len)
              f = suf_p[s0] - expl (y) * suf_e[s0];
            if (f > 0)
              (side ? br->up : br->low)[i] += w * f;
          }
    }
}

/* δ bounds at every candidate ε. */
static void
bracket_eval (Bracket *br)
{
  long double e0 = EPS0, h = 2.0L * e0 / CELLS;
  long double pc = 0.5L * -expm1l (-e0); /* continuous mass of one step */
  long double r = expl (h / 2);
  long double amp = (r - 1) / expm1l (e0); /* w_c = amp·r^c, Σ_c w_c = 1 */
  long max_len = (long) K * (CELLS - 1) + 2;
  long double *p = g_new0 (long double, max_len), *q = g_new0 (long double, max_len);
  long double *pre = g_new0 (long double, max_len), *suf = g_new0 (long double, max_len);
  long double *suf_p = g_new0 (long double, max_len + 1), *suf_e = g_new0 (long double, max_len + 1);
  long len = 1;
  long double tail = 1; /* probability of more continuous draws than handled */

  for (int i = 0; i < br->n_eps; i++)
    br->low[i] = br->up[i] = 0;
  p[0] = 1; /* j = 0: the sum is 0 */
  for (int j = 0; j <= K; j++)
    {
      long double pj = expl (lgammal (K + 1.0L) - lgammal (j + 1.0L) - lgammal (K - j + 1.0L)
                             + j * logl (pc) + (K - j) * log1pl (-pc));
      tail -= pj;
      add_j (br, j, pj, p, len, h, suf_p, suf_e);
      if (j > K * pc && pj < 1e-24L)
        break; /* the rest goes to tail, 1e-18 of TARGET */
      /* convolve with the cell masses: window sums of Q(m) = r^{−m} P(m) */
      long double rinv = 1 / r, f = 1;
      for (long s = 0; s < len; s++)
        {
          f = (s & 1023) == 0 ? expl (-(long double) s * h / 2) : f * rinv;
          q[s] = p[s] * f;
        }
      for (long b0 = 0; b0 < len; b0 += CELLS)
        {
          long b1 = MIN (b0 + CELLS, len);
          long double acc = 0;
          for (long s = b0; s < b1; s++)
            pre[s] = acc += q[s];
          acc = 0;
          for (long s = b1 - 1; s >= b0; s--)
            suf[s] = acc += q[s];
        }
      long new_len = len + CELLS - 1;
      for (long s = 0; s < new_len; s++)
        {
          long lo = MAX (0, s - CELLS + 1), hi = MIN (s, len - 1);
          long double window;
          if (lo / CELLS == hi / CELLS)
            window = lo % CELLS == 0 ? pre[hi] : suf[lo];
          else
            window = suf[lo] + pre[hi];
          f = (s & 1023) == 0 ? expl ((long double) s * h / 2) : f * r;
          p[s] = amp * f * window;
        }
      len = new_len;
    }
  /* draws not handled: at most their probability of δ, for the upper bound only */
  for (int i = 0; i < br->n_eps; i++)
    br->up[i] += fmaxl (tail, 0);
  g_free (p);
  g_free (q);
  g_free (pre);
  g_free (suf);
  g_free (suf_p);
  g_free (suf_e);
}

/* A rigorous bracket [lo, hi] of the true ε(δ = TARGET). */
static void
exact_bracket (double *lo_out, double *hi_out)
{
  double lo = 0, hi = K * EPS0;
  double eps[CANDIDATES];
  long double low[CANDIDATES], up[CANDIDATES];
  Bracket br = { CANDIDATES, eps, low, up };

  for (int pass = 0; pass < PASSES; pass++)
    {
      double new_lo = lo, new_hi = hi;
      for (int i = 0; i < CANDIDATES; i++)
        eps[i] = lo + (hi - lo) * i / (CANDIDATES - 1);
      bracket_eval (&br);
      for (int i = 0; i < CANDIDATES; i++)
        {
          /* δ_true ≥ δ_low > TARGET at eps[i]: the true ε is above it */
          if (low[i] * (1 - SLACK) > TARGET)
            new_lo = MAX (new_lo, eps[i]);
          /* δ_true ≤ δ_up ≤ TARGET: the true ε is at most eps[i] */
          if (up[i] * (1 + SLACK) <= TARGET)
            new_hi = MIN (new_hi, eps[i]);
        }
      lo = new_lo;
      hi = new_hi;
      printf ("# pass %d: true ε in [%.9f, %.9f]\n", pass, lo, hi);
    }
  *lo_out = lo;
  *hi_out = hi;
}

/* δ of k composed ε₀-randomized responses, the extremal ε₀-DP pair (KOV 2015 with δ₀ = 0):
 * positive terms C(k,l)p^{k−l}q^l (1 − e^{ε − (k−2l)ε₀}) only. */
static long double
kov_delta (long double eps)
{
  long double sum = 0, l1 = log1pl (expl (-(long double) EPS0));
  for (int l = 0; l <= K; l++)
    {
      long double gap = (K - 2.0L * l) * EPS0 - eps;
      if (gap <= 0)
        break;
      sum += expl (lgammal (K + 1.0L) - lgammal (l + 1.0L) - lgammal (K - l + 1.0L) - l * EPS0
                   - K * l1) * -expm1l (-gap);
    }
  return sum;
}

/* Rényi divergence of one Laplace pair (Mironov 2017, Table II) and the RDP conversion
 * min_α [k·D_α + ln((α−1)/α) − (ln δ + ln α)/(α−1)] (the one libdpcore documents), minimised
 * here by a fine scan of ln(α − 1), together with the α → ∞ limit kε₀. */
static double
rdp_bound (void)
{
  long double best = (long double) K * EPS0;
  for (int i = 0; i <= 200000; i++)
    {
      long double am1 = expl (-8.0L + 16.0L * i / 200000), alpha = 1 + am1;
      long double d = logl (alpha / (2 * alpha - 1) * expl (am1 * EPS0)
                            + am1 / (2 * alpha - 1) * expl (-alpha * EPS0)) / am1;
      long double v = K * d + logl (am1 / alpha) - (logl (TARGET) + logl (alpha)) / am1;
      if (v < best)
        best = v;
    }
  return (double) best;
}

/* The first number after @marker in @text (fails when absent). */
static double
number_after (const char *text, const char *marker)
{
  const char *at = strstr (text, marker);
  if (at == NULL)
    g_error ("README: “%s” not found in the worked example", marker);
  at += strlen (marker);
  at += strspn (at, " *");
  return g_ascii_strtod (at, NULL);
}

/* @value rounded to @decimals decimals is @printed. */
static gboolean
rounds_to (double value, double printed, int decimals)
{
  double scale = pow (10.0, decimals);
  return llround (value * scale) == llround (printed * scale);
}

static void
test_worked_example (void)
{
  g_autofree char *readme = NULL;
  g_autoptr(GError) error = NULL;
  const char *path = g_getenv ("DPVIZ_README");
  double lo, hi;

  g_assert_nonnull (path);
  g_assert_true (g_file_get_contents (path, &readme, NULL, &error));
  const char *example = strstr (readme, "What total ε do 300 Laplace queries at ε = 0.1");
  g_assert_nonnull (example);

  double printed_exact = number_after (example, "{\"exact\": ");
  double rounded = number_after (example, "ε ≈");
  double basic = number_after (example, "basic composition says");
  double advanced = number_after (example, "advanced composition theorem");
  double optimal = number_after (example, "generic ε-DP mechanisms");
  double rdp = number_after (example, "RDP");

  exact_bracket (&lo, &hi);
  printf ("# exact ε ∈ [%.9f, %.9f], width %.2e (%.2e relative)\n", lo, hi, hi - lo,
          (hi - lo) / lo);

  /* The README's digits are an upper bound within 1e-4 relative, and so is the library's. */
  DpMechanism m;
  double lib;
  g_assert_cmpint (dp_mechanism_laplace (EPS0, 1.0, &m), ==, DP_OK);
  g_assert_cmpint (dp_compose_exact_epsilon (&m, K, TARGET, 0, NULL, &lib), ==, DP_OK);
  printf ("# libdpcore %.15g, README %.15g\n", lib, printed_exact);
  g_assert_cmpfloat (printed_exact, ==, lib);
  g_assert_cmpfloat (lib, >=, lo);
  g_assert_cmpfloat (lib, <=, lo * (1 + 1e-4));
  g_assert_true (rounds_to (lo, rounded, 3) && rounds_to (hi, rounded, 3));

  /* basic kε₀ and advanced √(2k ln(1/δ))ε₀ + kε₀(e^{ε₀} − 1) */
  g_assert_cmpfloat (basic, ==, K * EPS0);
  g_assert_true (rounds_to (sqrt (2.0 * K * log (1 / TARGET)) * EPS0 + K * EPS0 * expm1 (EPS0),
                            advanced, 2));

  /* optimal: the smallest ε with the KOV δ ≤ TARGET, by bisection on the sum above */
  long double a = 0, b = K * EPS0;
  for (int i = 0; i < 100; i++)
    {
      long double mid = (a + b) / 2;
      if (kov_delta (mid) > TARGET)
        a = mid;
      else
        b = mid;
    }
  double rdp_here = rdp_bound ();
  printf ("# optimal (KOV) %.9Lf, RDP %.9f\n", b, rdp_here);
  g_assert_true (rounds_to ((double) b, optimal, 3));
  g_assert_true (rounds_to (rdp_here, rdp, 3));
  /* the order the example teaches */
  g_assert_cmpfloat (hi, <, optimal);
  g_assert_cmpfloat (optimal, <, rdp);
  g_assert_cmpfloat (rdp, <, advanced);
  g_assert_cmpfloat (advanced, <, basic);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/worked-example/readme", test_worked_example);
  return g_test_run ();
}
