/* dpv-hypothesis.c — the adversary's view: tests, trade-off curves, posterior odds, an audit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An adversary who sees the output tests H₀ "the data are D" against H₁ "the data are D′". A
 * test's type I error α says D′ when the data were D, its type II error β says D when they
 * were D′. The trade-off curve β = f(α) is the smallest β at each α (Dong, Roth & Su 2022,
 * Def. 2.1), reached by likelihood-ratio tests (Neyman–Pearson: thresholds on the privacy loss
 * L = ln(p/q) of Dwork & Roth §3.5.1). A mechanism is (ε, δ)-DP exactly when f lies on or above
 * f_{ε,δ}(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)) (Kairouz, Oh & Viswanath 2015, Thm 2.1;
 * Dong, Roth & Su 2022, Prop. 2.5). The curves come from libdpcore's dp-tradeoff.h:
 * - Gaussian: G_μ(α) = Φ(Φ⁻¹(1 − α) − μ), k-fold G_{μ√k} (DRS 2022, Def. 2.6, Cor. 3.3);
 * - Laplace: three closed-form pieces; k-fold from the composed privacy-loss distribution on a
 *   lattice whose Neyman–Pearson polygon is sup over ε of f_{ε,δ(ε)} of its own privacy profile
 *   (DRS 2022, Props. 2.12–2.13: δ(ε) = 1 − min_α (f(α) + e^ε α));
 * - randomized response: f_{ε,0} itself, k-fold from the binomial count of flipped answers.
 * Beside them the regions of basic (Dwork & Roth Thm 3.16) and advanced composition
 * (Thm 3.20). The posterior of an attacker follows by Bayes' rule: posterior odds = prior
 * odds × (1 − β)/α after a test says "in the data". The audit is the expensive stage
 * (dpv-hypothesis-audit.c).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-cancel.h"
#include "dpv-hypothesis.h"

/* ---- curves ------------------------------------------------------------------------------ */

/* One side of the trade-off curve, α from the axis's left end to the equal-error point e: on
 * linear axes half the points evenly spaced on [0, e] and half log-spaced on [10⁻⁶e, e] (the
 * steep start of a curve with large ε needs them); on log–log axes all log-spaced from below
 * the axis's end. The other side is the mirror image (every trade-off curve of a neighbouring
 * pair is symmetric, f(f(α)) = α: Dong, Roth & Su 2022, Prop. 2.4, as both pairs here are
 * symmetric under y ↦ Δ − y). */
static void
half_grid (double e, gboolean log_axes, double *alpha)
{
  const gsize h = DPV_HYP_HALF;

  if (log_axes || !(e > 0))
    {
      double lo = MIN (DPV_HYP_LOG_MIN / 10.0, e * 1e-3);

      if (!(e > 0))
        {
          for (gsize i = 0; i < h; i++)
            alpha[i] = 0.0;
          return;
        }
      dpv_grid_log (lo, e, h, alpha);
      return;
    }
  {
    const gsize even = h / 2, logs = h - even;
    double tmp[DPV_HYP_HALF];
    gsize a = 0, b = 0;

    dpv_grid_log (e * 1e-6, e, logs, tmp + even);
    for (gsize i = 0; i < even; i++)
      tmp[i] = e * i / (double) (even - 1);
    /* merge the two sorted runs */
    {
      double out[DPV_HYP_HALF];
      gsize n = 0;

      a = 0;
      b = even;
      while (a < even || b < h)
        {
          if (b >= h || (a < even && tmp[a] <= tmp[b]))
            out[n++] = tmp[a++];
          else
            out[n++] = tmp[b++];
        }
      for (gsize i = 0; i < h; i++)
        alpha[i] = out[i];
    }
  }
}

/* The whole curve from one side: (α_i, f(α_i)) then the mirror (f(α_i), α_i) backwards. */
static void
mirror (DpvHypCurve *c, const double *alpha, const double *beta)
{
  const gsize h = DPV_HYP_HALF;

  for (gsize i = 0; i < h; i++)
    {
      c->alpha[i] = alpha[i];
      c->beta[i] = beta[i];
      c->alpha[2 * h - 1 - i] = beta[i];
      c->beta[2 * h - 1 - i] = alpha[i];
    }
  c->n = 2 * h;
}

/* The equal-error point of f_{ε,δ}: 1 − δ − e^ε α = α, α = (1 − δ)/(1 + e^ε) (written with
 * e^{−ε}, which never overflows). */
static double
region_equal_error (double eps, double delta)
{
  double u = exp (-eps);

  return (1.0 - delta) * u / (1.0 + u);
}

static gboolean
region_curve (double eps, double delta, gboolean log_axes, DpvHypCurve *c)
{
  double alpha[DPV_HYP_HALF], beta[DPV_HYP_HALF];

  c->n = 0;
  if (!isfinite (eps) || !(eps >= 0) || !(delta >= 0 && delta <= 1))
    return FALSE;
  half_grid (region_equal_error (eps, delta), log_axes, alpha);
  if (dp_tradeoff_region_curve (eps, delta, alpha, DPV_HYP_HALF, beta) != DP_OK)
    return FALSE;
  mirror (c, alpha, beta);
  return TRUE;
}

static gboolean
tradeoff_curve (const DpTradeoff *t, gboolean log_axes, DpvHypCurve *c)
{
  double alpha[DPV_HYP_HALF], beta[DPV_HYP_HALF], e;

  c->n = 0;
  if (dp_tradeoff_equal_error (t, &e) != DP_OK)
    return FALSE;
  half_grid (e, log_axes, alpha);
  if (dp_tradeoff_curve (t, alpha, DPV_HYP_HALF, beta, NULL) != DP_OK)
    return FALSE;
  mirror (c, alpha, beta);
  return TRUE;
}

/* ---- the test ---------------------------------------------------------------------------- */

DpStatus
dpv_hypothesis_test (const DpMechanism *m, double alpha, DpTest *test, double *position)
{
  DpStatus status = dp_test_for_alpha (m, 1, alpha, test);

  if (status != DP_OK || position == NULL)
    return status;
  /* Randomized response's tests: "y > t, or y = t with probability γ" for t ∈ {0, 1}. The
   * densities panel draws them on one line, at t + ½ − γ: from 1.5 (never D′, α = 0) through
   * 0.5 (y = 1 says D′, α = 1 − p) to −0.5 (always D′, α = 1), where α falls linearly. */
  if (m->kind == DP_MECHANISM_RR)
    *position = test->threshold + 0.5 - test->gamma;
  else
    *position = test->threshold;
  return DP_OK;
}

/* ---- compute ----------------------------------------------------------------------------- */

/* Posteriors, NaN where the core refuses. */
static double
bound_pure (double prior, double eps)
{
  double v;

  return dp_posterior_bound_pure (prior, eps, &v) == DP_OK ? v : NAN;
}

/* After a test with type I error α says "in": power ≤ 1 − f_{ε,δ}(α). */
static double
bound_region (double prior, double eps, double delta, double alpha)
{
  double f, v;

  if (dp_tradeoff_region (eps, delta, alpha, &f) != DP_OK
      || dp_posterior_of_test (prior, alpha, f, &v) != DP_OK)
    return NAN;
  return v;
}

static double
of_test (double prior, double alpha, double beta)
{
  double v;

  if (!isfinite (beta) || dp_posterior_of_test (prior, alpha, beta, &v) != DP_OK)
    return NAN;
  return v;
}

static double
most_revealing (const DpMechanism *m, unsigned long k, double prior)
{
  double v;

  return dp_posterior_max (m, k, prior, &v) == DP_OK ? v : NAN;
}

static void
compute_densities (const DpMechanism *m, DpvHypothesis *h)
{
  double delta_s = m->sensitivity, s = m->scale, centre = delta_s / 2, half, peak;
  double extra[4] = { 0.0, delta_s, 0.0, 0.0 };

  if (m->kind == DP_MECHANISM_RR)
    {
      for (int i = 0; i < 2; i++)
        {
          h->rr_p[i] = dpv_density (m, DP_NEIGHBOUR_D, i);
          h->rr_q[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, i);
        }
      h->x_lo = -0.5;
      h->x_hi = 1.5;
      h->y_max = 1.18;
      /* the drag table of the densities panel: α falls linearly along the line of tests */
      h->n = 3;
      h->xs[0] = -0.5;
      h->xs[1] = 0.5;
      h->xs[2] = 1.5;
      h->type1_at[0] = 1.0;
      h->type1_at[1] = h->rr_p[1];
      h->type1_at[2] = 0.0;
      return;
    }
  /* Laplace: ±5b beyond the two centres hold all but e^{−5}/2 of each density; Gaussian ±4σ
   * (as the densities view). */
  half = centre + (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * s;
  h->x_lo = centre - half;
  h->x_hi = centre + half;
  peak = m->kind == DP_MECHANISM_LAPLACE ? 1.0 / (2.0 * s) : 1.0 / (s * sqrt (2.0 * G_PI));
  h->y_max = 1.15 * peak;
  /* the threshold twice: the shaded areas α and β get a vertical edge there */
  extra[2] = extra[3] = h->threshold;
  h->n = dpv_grid_with_points (h->x_lo, h->x_hi, DPV_CURVE_SAMPLES, extra,
                               isfinite (h->threshold) ? 4 : 2, h->xs);
  for (gsize i = 0; i < h->n; i++)
    {
      DpTest t = { h->xs[i], 0.0 };
      double a = NAN, b = NAN;

      h->ps[i] = dpv_density (m, DP_NEIGHBOUR_D, h->xs[i]);
      h->qs[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, h->xs[i]);
      h->type1_at[i] = dp_test_errors (m, 1, &t, &a, &b) == DP_OK ? a : NAN;
    }
  /* The test says D′ right of t: α is the area of p there, β the area of q left of it. Points
   * up to the first copy of t are left of it, from the second on right of it. */
  {
    gboolean right = !(h->threshold > h->x_lo);

    for (gsize i = 0; i < h->n; i++)
      {
        if (i > 0 && h->xs[i] == h->threshold && h->xs[i - 1] == h->threshold)
          right = TRUE;
        h->fill_alpha[i] = right ? h->ps[i] : 0.0;
        h->fill_beta[i] = right ? 0.0 : h->qs[i];
      }
  }
}

static gpointer
hypothesis_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                    GCancellable *cancellable, GError **error)
{
  g_autofree DpvHypothesis *h = g_new0 (DpvHypothesis, 1);
  const DpvHypAudit *audit = data;
  DpTradeoff *one = NULL, *kfold = NULL;
  unsigned long k = params->k;
  gboolean log_axes = params->log_axes;
  double kd = (double) k;
  DpAdvancedComposition adv;
  DpTest test;
  DpStatus status;
  double f;

  h->audit = audit;
  h->kind = m->kind;
  h->k = k;
  h->log_axes = log_axes;
  h->axis_min = log_axes ? DPV_HYP_LOG_MIN : 0.0;
  h->prior = params->prior;

  /* The guarantee: Laplace and randomized response are ε-DP, the Gaussian is calibrated for
   * (ε, δ) (Balle & Wang 2018). */
  h->eps = params->epsilon;
  h->delta = m->kind == DP_MECHANISM_GAUSSIAN ? m->delta : 0.0;
  h->basic_eps = kd * h->eps;
  h->basic_delta = MIN (1.0, kd * h->delta);
  /* Advanced composition at δ′ = δ: total (ε_k, kδ₀ + δ′) */
  if (dp_compose_advanced (h->eps, h->delta, k, params->delta, &adv) == DP_OK
      && isfinite (adv.epsilon))
    {
      h->adv_eps = adv.epsilon;
      h->adv_delta = adv.delta;
    }
  else
    h->adv_eps = h->adv_delta = NAN;

  status = dp_tradeoff_new (m, 1, NULL, NULL, &one);
  if (status == DP_OK)
    status = dp_tradeoff_new (m, k, NULL, dpv_cancel_flag (cancellable), &kfold);
  if (status != DP_OK)
    {
      if (one != NULL)
        dp_tradeoff_free (one);
      if (status != DP_ERR_CANCELLED)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("The trade-off curve could not be computed: %s"),
                     dp_status_to_string (status));
      return NULL;
    }
  h->method_k = dp_tradeoff_get_method (kfold);
  h->cells = dp_tradeoff_get_cells (kfold);

  /* the curves */
  region_curve (h->eps, h->delta, log_axes, &h->region);
  if (h->delta > 0)
    region_curve (h->eps, 0.0, log_axes, &h->pure);
  tradeoff_curve (one, log_axes, &h->one);
  if (k > 1)
    {
      tradeoff_curve (kfold, log_axes, &h->kfold);
      region_curve (h->basic_eps, h->basic_delta, log_axes, &h->basic);
      if (isfinite (h->adv_eps))
        region_curve (h->adv_eps, h->adv_delta, log_axes, &h->advanced);
    }

  /* the current test, its errors on one output and the k-fold curve at the same α */
  h->alpha = params->type1;
  if (dpv_hypothesis_test (m, params->type1, &test, &h->test_pos) == DP_OK)
    {
      h->threshold = test.threshold;
      h->gamma = test.gamma;
    }
  else
    h->threshold = h->gamma = h->test_pos = NAN;
  h->beta = dp_tradeoff_beta (one, h->alpha, &f) == DP_OK ? f : NAN;
  h->beta_k = dp_tradeoff_beta (kfold, h->alpha, &f) == DP_OK ? f : NAN;
  h->min_sum_1 = dp_tradeoff_min_error_sum (one, &f) == DP_OK ? f : NAN;
  h->eer_1 = dp_tradeoff_equal_error (one, &f) == DP_OK ? f : NAN;
  h->min_sum_k = dp_tradeoff_min_error_sum (kfold, &f) == DP_OK ? f : NAN;
  h->eer_k = dp_tradeoff_equal_error (kfold, &f) == DP_OK ? f : NAN;

  /* Posteriors that the person is in the data (D′) after the output. The guarantee: ε-DP
   * bounds every output's likelihood ratio by e^ε (the book, Def. 3.2, Props. 3.1–3.2), so
   * posterior odds ≤ prior odds × e^ε, and e^{kε} after k (Dwork & Roth Thm 3.16). With δ > 0
   * no output-wise bound exists; what (ε, δ)-DP bounds is every test: power 1 − β ≤
   * 1 − f_{ε,δ}(α) (KOV 2015, Thm 2.1), so after a test with type I error α says "in",
   * posterior ≤ π(1 − f_{ε,δ}(α)) / (π(1 − f_{ε,δ}(α)) + (1 − π)α) ≤ odds × (e^ε + δ/α);
   * after k, the same with (kε, kδ). */
  if (h->delta == 0)
    {
      h->post_allowed_1 = bound_pure (h->prior, h->eps);
      h->post_allowed_k = bound_pure (h->prior, h->basic_eps);
    }
  else
    {
      h->post_allowed_1 = bound_region (h->prior, h->eps, h->delta, h->alpha);
      h->post_allowed_k = bound_region (h->prior, h->basic_eps, h->basic_delta, h->alpha);
    }
  h->post_test_1 = of_test (h->prior, h->alpha, h->beta);
  h->post_test_k = of_test (h->prior, h->alpha, h->beta_k);
  h->post_max_1 = most_revealing (m, 1, h->prior);
  h->post_max_k = most_revealing (m, k, h->prior);

  /* the boundary f_{ε̂,δ} of the ε the audit certifies */
  if (audit != NULL && audit->ran && audit->r.bound.epsilon_lower > 0)
    region_curve (audit->r.bound.epsilon_lower, audit->delta, log_axes, &h->certified);

  /* guessing: β = 1 − α on the grid of the region's curve */
  h->diagonal.n = h->region.n;
  for (gsize i = 0; i < h->region.n; i++)
    {
      h->diagonal.alpha[i] = h->region.alpha[i];
      h->diagonal.beta[i] = 1.0 - h->region.alpha[i];
    }

  compute_densities (m, h);
  dp_tradeoff_free (one);
  dp_tradeoff_free (kfold);
  return g_steal_pointer (&h);
}

static void
hypothesis_free (gpointer result)
{
  g_free (result);
}

/* ---- texts ------------------------------------------------------------------------------- */

/* Every posterior of the view is below 1 (α > 0, π < 1) but may be nearer to 1 than three
 * digits show (odds × e^{kε}): such a value gets the digits that tell it from 100 %
 * (dpv_prob_digits), and one within 10⁻⁶ of 1 (1 in double precision, for odds × e^{100})
 * reads "> 99.9999 %". */
char *
dpv_hypothesis_percent (double p)
{
  g_autofree char *v = NULL;

  if (!isfinite (p))
    return g_strdup ("—");
  if (p > 1.0 - 1e-6)
    {
      g_autofree char *pct = NULL;

      v = dpv_format_number (99.9999, 6);
      pct = g_strdup_printf (_("%s %%"), v);
      return g_strdup_printf ("> %s", pct);
    }
  v = dpv_format_number (100.0 * p, p > 0.999 ? dpv_prob_digits (p) : 3);
  /* Translators: a probability as a percentage, e.g. "62.3 %" */
  return g_strdup_printf (_("%s %%"), v);
}

/* The posterior of the most revealing output: the Gaussian's likelihood ratio is unbounded. */
static char *
fmt_max_posterior (const DpvHypothesis *h, double p)
{
  if (h->kind == DP_MECHANISM_GAUSSIAN)
    return g_strdup (_("no limit: the likelihood ratio is unbounded"));
  return dpv_hypothesis_percent (p);
}

static char *
fmt_pair (double a, double b)
{
  g_autofree char *x = dpv_fmt (a);
  g_autofree char *y = dpv_fmt (b);

  return g_strdup_printf ("(%s, %s)", x, y);
}

static char *
fmt_interval (double v, const DpInterval *ci)
{
  g_autofree char *x = dpv_fmt (v);
  g_autofree char *lo = dpv_fmt (ci->lower);
  g_autofree char *hi = dpv_fmt (ci->upper);

  return g_strdup_printf ("%s [%s, %s]", x, lo, hi);
}

char *
dpv_hypothesis_test_text (const DpvHypothesis *h)
{
  if (!isfinite (h->threshold))
    {
      if (h->kind != DP_MECHANISM_RR && h->threshold < 0)
        return g_strdup (_("always says D′"));
      if (h->kind != DP_MECHANISM_RR && h->threshold > 0)
        return g_strdup (_("never says D′"));
      return g_strdup ("—");
    }
  if (h->kind == DP_MECHANISM_RR)
    {
      g_autofree char *g = dpv_fmt (h->gamma);

      if (h->threshold >= 1.0)
        /* Translators: a randomised test of randomized response */
        return g_strdup_printf (_("y = 1 says D′ with probability %s"), g);
      return g_strdup_printf (_("y = 1 says D′; y = 0 with probability %s"), g);
    }
  {
    g_autofree char *t = dpv_fmt (h->threshold);

    /* Translators: the test says D′ when the output y exceeds the threshold */
    return g_strdup_printf (_("y > %s says D′"), t);
  }
}

static const char *
verdict (const DpvHypAudit *a)
{
  if (a->r.bound.epsilon_lower > a->eps_claimed)
    /* xgettext:no-c-format */
    return _("caught: the certified ε exceeds the claim (95 % confidence)");
  return _("consistent with the claim");
}

static void
hypothesis_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvHypothesis *h = dpv_frame_get_result (frame);
  const DpvHypAudit *a = h->audit;
  gboolean many = h->k > 1;

  dpv_readout_add (out, _("Test on one output"), dpv_hypothesis_test_text (h));
  dpv_readout_add (out, _("Type I error α"), dpv_fmt (h->alpha));
  dpv_readout_add (out, _("Type II error β"), dpv_fmt (h->beta));
  dpv_readout_add (out, _("Power 1 − β"), dpv_fmt (1.0 - h->beta));
  if (many)
    {
      dpv_readout_add (out, _("β after k outputs, at the same α"), dpv_fmt (h->beta_k));
      dpv_readout_add (out, _("Power after k outputs"), dpv_fmt (1.0 - h->beta_k));
    }
  dpv_readout_add (out, _("Smallest α + β = 1 − TV"), dpv_fmt (h->min_sum_1));
  dpv_readout_add (out, _("Equal-error point α = β"), dpv_fmt (h->eer_1));
  if (many)
    {
      dpv_readout_add (out, _("Smallest α + β after k outputs"), dpv_fmt (h->min_sum_k));
      dpv_readout_add (out, _("Equal-error point after k outputs"), dpv_fmt (h->eer_k));
    }
  dpv_readout_add (out, _("Shaded region: (ε, δ)"), fmt_pair (h->eps, h->delta));
  if (many)
    {
      dpv_readout_add (out, _("Basic composition (kε, kδ), Thm 3.16"),
                       fmt_pair (h->basic_eps, h->basic_delta));
      dpv_readout_add (out, _("Advanced composition, Thm 3.20 (δ′ = δ)"),
                       isfinite (h->adv_eps) ? fmt_pair (h->adv_eps, h->adv_delta)
                                             : g_strdup ("—"));
      if (h->method_k == DP_TRADEOFF_PLD)
        dpv_readout_add (out, _("k-fold curve"),
                         g_strdup_printf (_("privacy-loss lattice, %zu cells per mechanism "
                                            "(a lower bound)"), h->cells));
    }

  dpv_readout_add (out, _("Prior π (in the data)"), dpv_hypothesis_percent (h->prior));
  dpv_readout_add (out, h->delta > 0 ? _("Allowed by (ε, δ)-DP when the test says “in”")
                                     : _("Allowed by ε-DP, any output"),
                   dpv_hypothesis_percent (h->post_allowed_1));
  dpv_readout_add (out, _("This mechanism, the test says “in”"), dpv_hypothesis_percent (h->post_test_1));
  dpv_readout_add (out, _("This mechanism, most revealing output"),
                   fmt_max_posterior (h, h->post_max_1));
  if (many)
    {
      dpv_readout_add (out, h->delta > 0 ? _("Allowed by (kε, kδ)-DP when the test says “in”")
                                         : _("Allowed by kε-DP, any k outputs"),
                       dpv_hypothesis_percent (h->post_allowed_k));
      dpv_readout_add (out, _("After k outputs, the best test at α says “in”"),
                       dpv_hypothesis_percent (h->post_test_k));
      dpv_readout_add (out, _("After k outputs, the most revealing ones"),
                       fmt_max_posterior (h, h->post_max_k));
    }

  dpv_readout_add (out, _("Audit: runs on D and on D′"),
                   g_strdup_printf (_("%lu each, seed %u"), a->trials, a->seed));
  dpv_readout_add (out, _("Audit: mechanism simulated"),
                   g_strdup (a->buggy ? _("buggy: noise for Δ/2") : _("as claimed")));
  if (!a->ran)
    {
      dpv_readout_add (out, _("Audit"), g_strdup (_("running…")));
      return;
    }
  if (h->kind == DP_MECHANISM_RR)
    dpv_readout_add (out, _("Audit: test"), g_strdup (_("y = 1 says D′")));
  else
    {
      g_autofree char *t = dpv_fmt (a->r.threshold);

      dpv_readout_add (out, _("Audit: test"),
                       g_strdup_printf (_("y ≥ %s says D′ (%s)"), t,
                                        a->best ? _("chosen for the audit")
                                                : _("the current test")));
    }
  /* xgettext:no-c-format */
  dpv_readout_add (out, _("Audit: α̂ [95 % interval]"),
                   fmt_interval (a->r.type1, &a->r.type1_ci));
  /* xgettext:no-c-format */
  dpv_readout_add (out, _("Audit: β̂ [95 % interval]"),
                   fmt_interval (a->r.type2, &a->r.type2_ci));
  dpv_readout_add (out, _("Audit: certified ε ≥"), dpv_fmt (a->r.bound.epsilon_lower));
  dpv_readout_add (out, _("Audit: claimed ε"), dpv_fmt (a->eps_claimed));
  dpv_readout_add (out, _("Audit: verdict"), g_strdup (verdict (a)));
}

static char *
hypothesis_caption (const DpvFrame *frame)
{
  const DpvHypothesis *h = dpv_frame_get_result (frame);
  const DpvHypAudit *a = h->audit;
  g_autofree char *al = dpv_fmt (h->alpha);
  g_autofree char *be = dpv_fmt (h->beta);
  g_autofree char *tv = dpv_fmt (h->min_sum_1);
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("test α = %s, β = %s · min α + β = 1 − TV = %s"), al, be, tv);
  if (h->k > 1)
    {
      g_autofree char *bk = dpv_fmt (h->beta_k);

      g_string_append_printf (s, _(" · after k = %lu: β = %s"), h->k, bk);
    }
  if (a->ran)
    {
      g_autofree char *lo = dpv_fmt (a->r.bound.epsilon_lower);
      g_autofree char *cl = dpv_fmt (a->eps_claimed);

      g_string_append_printf (s, _(" · audit (N = %lu): ε ≥ %s, claimed %s"), a->trials, lo,
                              cl);
    }
  else
    g_string_append_printf (s, " · %s", _("audit running…"));
  return g_string_free (s, FALSE);
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY, DPV_PARAM_K,
  DPV_PARAM_TYPE1, DPV_PARAM_PRIOR, DPV_PARAM_LOG_AXES, DPV_PARAM_TRIALS, DPV_PARAM_SEED,
  DPV_PARAM_BUGGY, DPV_PARAM_AUDIT_BEST, DPV_PARAM_NONE
};

/* The audit depends on the mechanism, its test and the runs; not on k, the prior or the
 * axes. */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_TYPE1, DPV_PARAM_TRIALS, DPV_PARAM_SEED, DPV_PARAM_BUGGY, DPV_PARAM_AUDIT_BEST,
  DPV_PARAM_NONE
};

static const DpvParamId drag_params[] = { DPV_PARAM_TYPE1, DPV_PARAM_NONE };

const DpvViewClass dpv_hypothesis_view = {
  .name = "hypothesis",
  .title = N_("Hypothesis testing"),
  .short_title = N_("Hypothesis test"),
  .icon_name = "find-location-symbolic",
  .explanation =
    /* xgettext:no-c-format */
    N_("An adversary sees the output and tests “the data are D” against “the data are D′” "
       "(neighbouring data sets). A test’s type I error α says D′ when the data were D; its "
       "type II error β says D when they were D′. The mechanism’s curve is the smallest β any "
       "test reaches at each α, its trade-off function (Dong, Roth &amp; Su 2022, Def. 2.1); "
       "the best tests are likelihood-ratio tests (the Neyman–Pearson lemma; the "
       "likelihood-ratio test of the book, §1.2.1), on one output thresholds on the output y. A mechanism is (ε, δ)-DP exactly when its curve stays out "
       "of the shaded region under f<sub>ε,δ</sub>(α) = max(0, 1 − δ − e<sup>ε</sup>α, "
       "e<sup>−ε</sup>(1 − δ − α)) (Kairouz, Oh &amp; Viswanath 2015, Thm 2.1; for δ = 0 the "
       "book, Def. 3.2). After k outputs the curve bends down; it stays above the region of "
       "basic composition (kε, kδ) (Dwork &amp; Roth Thm 3.16) and of advanced composition "
       "(Thm 3.20). The posterior panel applies Bayes’ rule: when a test says “in the data”, "
       "posterior odds = prior odds × (1 − β)/α; ε-DP allows at most prior odds × "
       "e<sup>ε</sup> for any output (the book, Props. 3.1–3.2). With δ > 0 no bound holds "
       "for every output (the Gaussian’s likelihood ratio is unbounded); (ε, δ)-DP bounds "
       "every test instead, 1 − β ≤ 1 − f<sub>ε,δ</sub>(α) (Kairouz, Oh &amp; Viswanath 2015, "
       "Thm 2.1), so when a test at α says “in”, posterior odds ≤ prior odds × "
       "(1 − f<sub>ε,δ</sub>(α))/α ≤ prior odds × (e<sup>ε</sup> + δ/α). The audit runs the mechanism "
       "N times on D and on D′ and turns Clopper–Pearson 95 % intervals of the test’s errors "
       "into a lower bound ε ≥ ln((1 − δ − β<sub>up</sub>)/α<sub>up</sub>); the test must be "
       "fixed before the runs, or the 95 % no longer holds. Drag the threshold on the "
       "densities, or the test’s point along a curve."),
  .more_private = N_("Smaller ε and fewer outputs k keep the curve near the diagonal β = 1 − α, "
                     "where no test does better than guessing; nearer the diagonal is more "
                     "private."),
  .uses = uses,
  .data_uses = data_uses,
  .seed_label = N_("Seed of the audit’s runs"),
  .compute_data = dpv_hypothesis_audit_compute,
  .preview_data = dpv_hypothesis_audit_preview,
  .free_data = dpv_hypothesis_audit_free,
  .expensive = TRUE,
  .compute = hypothesis_compute,
  .free_result = hypothesis_free,
  .readouts = hypothesis_readouts,
  .caption = hypothesis_caption,
  .draw = dpv_hypothesis_draw,
  .drag_params = drag_params,
};
