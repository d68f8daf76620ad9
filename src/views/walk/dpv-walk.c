/* dpv-walk.c — the privacy-loss random walk (issue #22, part 2): Dwork & Roth Thm 3.20 made
 * visible
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run the mechanism k times on D; after j runs the privacy loss is S_j = L_1 + … + L_j
 * (Dwork & Roth §3.5.1, the proof of Thm 3.20). N seeded sample paths (dp_walk_run), the
 * mean line j·KL, for an ε-DP mechanism (Laplace, randomized response) the drift bound jβ of
 * Lemma 3.18 (β = ε(e^ε − 1)) and the band jβ + z√j·ε of Lemma 3.19 (Azuma,
 * z = √(2 ln(1/δ′))), which at j = k is Thm 3.20's threshold ε′ = kε(e^ε − 1) +
 * √(2k ln(1/δ′))·ε, exceeded with probability at most δ′. At j = k the histogram of S_k
 * against its exact distribution (dp_loss_sum_bins), and three numbers: the fraction of paths
 * above ε′ (with its Clopper–Pearson interval, Clopper & Pearson 1934), the exact probability
 * P[S_k > ε′] (dp_loss_sum_tail) and δ′.
 *
 * The Gaussian mechanism is not ε-DP: each L_i ~ N(μ²/2, μ²) is unbounded, so Lemma 3.19's
 * hypothesis |L_i| ≤ α fails; the walk is exactly normal, S_j ~ N(jμ²/2, jμ²), and its line is
 * the exact (1 − δ′)-quantile jμ²/2 + Φ⁻¹(1 − δ′)√j·μ (dp-walk.h).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <gsl/gsl_cdf.h>
#include <math.h>

#include "dpv-cancel.h"
#include "dpv-walk.h"

/* The p with I_p(a, b) = target (the regularised incomplete beta function increases in p), by
 * bisection: GSL's inverse does not always converge for large a and b. */
static double
beta_quantile (double target, double a, double b)
{
  double lo = 0.0, hi = 1.0;

  for (int i = 0; i < 100 && hi - lo > 1e-15; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (gsl_cdf_beta_P (mid, a, b) < target)
        lo = mid;
      else
        hi = mid;
    }
  return 0.5 * (lo + hi);
}

void
dpv_walk_binomial_interval (gsize x, gsize n, double confidence, double *lo, double *hi)
{
  double a = 1.0 - confidence;

  /* Clopper & Pearson 1934: the beta quantiles of x and x + 1 */
  *lo = x == 0 ? 0.0 : beta_quantile (a / 2, (double) x, (double) (n - x + 1));
  *hi = x == n ? 1.0 : beta_quantile (1 - a / 2, (double) (x + 1), (double) (n - x));
}

static gpointer
walk_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                   GError **error)
{
  DpWalkParams wp = {
    .k = params->k,
    .n_paths = params->paths,
    .seed = params->seed,
    .delta_prime = params->delta,
    .n_columns = DPV_WALK_COLUMNS,
    .n_bins = DPV_WALK_BINS,
  };
  DpWalk *walk = NULL;
  DpStatus st = dp_walk_run (m, &wp, dpv_cancel_flag (cancellable), &walk);

  if (st != DP_OK)
    {
      if (st != DP_ERR_CANCELLED)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("The walk could not be simulated: %s"), dp_status_to_string (st));
      return NULL;
    }
  return walk;
}

static void
walk_free_data (gpointer data)
{
  dp_walk_free (data);
}

static gpointer
walk_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
              GCancellable *cancellable, GError **error)
{
  const DpWalk *w = data;
  DpvWalkView *r = g_new0 (DpvWalkView, 1);
  double lo = 0.0, hi = w->threshold;
  gsize nc = w->n_columns, np = w->params.n_paths;

  r->walk = w;
  r->kind = m->kind;
  r->bounded = w->bounded;
  r->k = w->params.k;
  r->n_paths = np;
  r->epsilon = params->epsilon;
  r->delta_prime = w->params.delta_prime;
  r->n_columns = nc;
  r->xs = g_new (double, nc);
  for (gsize c = 0; c < nc; c++)
    r->xs[c] = (double) w->column_j[c];
  if (r->bounded)
    {
      r->max_line = g_new (double, nc);
      for (gsize c = 0; c < nc; c++)
        r->max_line[c] = r->xs[c] * m->epsilon;
      r->max_loss = (double) r->k * m->epsilon;
      r->threshold_unreachable = w->threshold >= r->max_loss;
    }
  else
    r->max_loss = NAN;

  /* the first paths of each kind, in the order they were drawn (reproducible) */
  for (gsize i = 0; i < np; i++)
    {
      if (w->above[i] && r->n_above_drawn < DPV_WALK_DRAWN_ABOVE)
        r->above_drawn[r->n_above_drawn++] = i;
      else if (!w->above[i] && r->n_below_drawn < DPV_WALK_DRAWN_BELOW)
        r->below_drawn[r->n_below_drawn++] = i;
    }

  /* y: every path, 0, the band and the exact law's 4.5 sd at j = k */
  {
    double sd = sqrt (w->exact_var_final);

    lo = MIN (lo, w->exact_mean_final - 4.5 * sd);
    hi = MAX (hi, w->exact_mean_final + 4.5 * sd);
    if (r->bounded)
      lo = MAX (lo, -r->max_loss);
    for (gsize c = 0; c < nc; c++)
      hi = MAX (hi, w->band[c]);
    for (gsize i = 0; i < np * nc; i++)
      {
        lo = MIN (lo, w->paths[i]);
        hi = MAX (hi, w->paths[i]);
      }
    r->y_lo = lo - 0.04 * (hi - lo);
    r->y_hi = hi + 0.06 * (hi - lo);
  }

  /* the density of all paths, column by column */
  r->density = g_new0 (guint, nc * DPV_WALK_DENSITY_ROWS);
  r->density_above = g_new0 (guint, nc * DPV_WALK_DENSITY_ROWS);
  {
    double scale = DPV_WALK_DENSITY_ROWS / (r->y_hi - r->y_lo);

    for (gsize i = 0; i < np; i++)
      {
        const double *row = w->paths + i * nc;

        for (gsize c = 0; c < nc; c++)
          {
            double f = floor ((row[c] - r->y_lo) * scale);
            gsize b;

            if (!(f >= 0 && f < DPV_WALK_DENSITY_ROWS))
              continue;
            b = c * DPV_WALK_DENSITY_ROWS + (gsize) f;
            r->density[b]++;
            if (w->above[i])
              r->density_above[b]++;
          }
      }
  }

  r->fraction_above = w->fraction_above;
  dpv_walk_binomial_interval (w->n_above, np, DPV_WALK_CONFIDENCE, &r->fraction_lo,
                              &r->fraction_hi);
  r->exact_tail = w->exact_tail;
  r->log10_exact_tail = w->log_exact_tail / G_LN10;

  r->n_bins = w->n_bins;
  r->hist = g_new (double, w->n_bins);
  for (gsize b = 0; b < w->n_bins; b++)
    {
      r->hist[b] = (double) w->bin_counts[b] / (double) np;
      r->hist_max = MAX (r->hist_max, MAX (r->hist[b], w->bin_exact[b]));
    }
  return r;
}

static void
walk_free (gpointer result)
{
  DpvWalkView *r = result;

  g_free (r->xs);
  g_free (r->max_line);
  g_free (r->hist);
  g_free (r->density);
  g_free (r->density_above);
  g_free (r);
}

/* A probability as text: "0" when it is 0; below the double range, m×10⁻ⁿ from its log10. */
char *
dpv_walk_fmt_tail (double tail, double log10_tail)
{
  static const char *const sup[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autoptr(GString) s = NULL;
  char digits[32], m[G_ASCII_DTOSTR_BUF_SIZE];
  double e, mant;

  if (tail > 0 || !isfinite (log10_tail))
    return dpv_fmt (tail);
  e = floor (log10_tail);
  mant = pow (10.0, log10_tail - e);
  s = g_string_new (NULL);
  g_string_append_printf (s, "%s×10⁻", g_ascii_formatd (m, sizeof m, "%.1f", mant));
  g_snprintf (digits, sizeof digits, "%.0f", -e);
  for (const char *p = digits; *p; p++)
    g_string_append (s, sup[*p - '0']);
  return g_strdup (s->str);
}

static char *
walk_caption (const DpvFrame *frame)
{
  const DpvWalkView *r = dpv_frame_get_result (frame);
  const DpWalk *w = r->walk;
  g_autofree char *thr = dpv_fmt (w->threshold);
  g_autofree char *fr = dpv_fmt (r->fraction_above);
  g_autofree char *ex = dpv_walk_fmt_tail (r->exact_tail, r->log10_exact_tail);
  g_autofree char *dp = dpv_fmt (r->delta_prime);

  if (r->bounded)
    return g_strdup_printf (_("%zu paths of k = %lu runs · above Thm 3.20’s ε′ = %s at "
                              "j = k: %s of the paths, exactly %s, at most δ′ = %s"),
                            r->n_paths, r->k, thr, fr, ex, dp);
  return g_strdup_printf (_("%zu paths of k = %lu runs · above the exact (1 − δ′)-quantile "
                            "%s at j = k: %s of the paths, exactly %s = δ′ = %s"),
                          r->n_paths, r->k, thr, fr, ex, dp);
}

static void
walk_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvWalkView *r = dpv_frame_get_result (frame);
  const DpWalk *w = r->walk;

  dpv_readout_add (out, _("Sample paths N"), g_strdup_printf ("%zu", r->n_paths));
  dpv_readout_add (out, _("Runs per path k"), g_strdup_printf ("%lu", r->k));
  dpv_readout_add (out, _("KL per run, E[L]"), dpv_fmt (w->kl));
  dpv_readout_add (out, _("Variance per run, Var[L]"), dpv_fmt (w->variance));
  if (r->bounded)
    {
      dpv_readout_add (out, _("Lemma 3.18 drift β = ε(e^ε − 1)"), dpv_fmt (w->beta));
      dpv_readout_add (out, _("Thm 3.20 threshold ε′"), dpv_fmt (w->threshold));
      dpv_readout_add (out, _("Largest possible loss kε"), dpv_fmt (r->max_loss));
    }
  else
    dpv_readout_add (out, _("Exact (1 − δ′)-quantile of S_k"), dpv_fmt (w->threshold));
  dpv_readout_add (out, _("Fraction of paths above it at j = k"), dpv_fmt (r->fraction_above));
  {
    g_autofree char *a = dpv_fmt (r->fraction_lo);
    g_autofree char *b = dpv_fmt (r->fraction_hi);

    dpv_readout_add (out, _("  its interval (95 %, Clopper–Pearson)"),
                     g_strdup_printf ("%s … %s", a, b));
  }
  dpv_readout_add (out, _("Exact probability P[S_k > threshold]"),
                   dpv_walk_fmt_tail (r->exact_tail, r->log10_exact_tail));
  dpv_readout_add (out, _("δ′"), dpv_fmt (r->delta_prime));
  dpv_readout_add (out, _("Mean of S_k (sample)"), dpv_fmt (w->mean_final));
  dpv_readout_add (out, _("Mean of S_k (exact, k·KL)"), dpv_fmt (w->exact_mean_final));
  dpv_readout_add (out, _("Variance of S_k (sample)"), dpv_fmt (w->var_final));
  dpv_readout_add (out, _("Variance of S_k (exact, k·Var[L])"), dpv_fmt (w->exact_var_final));
  dpv_readout_add (out, r->bounded ? _("Paths above the band at some j ≤ k")
                                   : _("Paths above the quantile line at some j ≤ k"),
                   g_strdup_printf ("%zu", w->n_crossing));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_PATHS,
  DPV_PARAM_SEED, DPV_PARAM_NONE
};

/* Everything but the drawing choices comes from the simulation; Δ changes nothing (the loss
 * of Laplace and randomized response depends on ε alone, the Gaussian's on μ = Δ/σ, which
 * the calibration fixes from ε and δ). */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_PATHS,
  DPV_PARAM_SEED, DPV_PARAM_NONE
};

const DpvViewClass dpv_walk_view = {
  .name = "walk",
  .title = N_("Privacy-loss random walk"),
  .short_title = N_("Walk"),
  .icon_name = "media-playlist-shuffle-symbolic",
  .explanation =
    N_("Run the mechanism k times on D. After j runs the privacy loss is the sum "
       "S<sub>j</sub> = L<sub>1</sub> + … + L<sub>j</sub> of independent losses "
       "L<sub>i</sub> = ln(p(y<sub>i</sub>)/q(y<sub>i</sub>)): a random walk (Dwork &amp; "
       "Roth §3.5.1). The shading shows where all N simulated walks are, the thin lines "
       "follow some of them; the solid line is the mean j·KL.\n\n"
       "For an ε-DP mechanism (Laplace, randomized response) every step lies in [−ε, ε] and "
       "its mean is at most β = ε(e<sup>ε</sup> − 1) (Lemma 3.18, the dashed drift line). "
       "Azuma’s inequality (Lemma 3.19) then bounds the chance that S<sub>j</sub> exceeds "
       "jβ + z√j·ε by e<sup>−z²/2</sup> at each j; with z = √(2 ln(1/δ′)) at j = k this is "
       "the threshold of advanced composition (Thm 3.20), ε′ = kε(e<sup>ε</sup> − 1) + "
       "√(2k ln(1/δ′))·ε, exceeded with probability at most δ′. The paths that end above it "
       "are highlighted. The bound holds at each j on its own: more than a fraction δ′ of "
       "the paths may cross the band somewhere before k.\n\n"
       "On the right, the final sums S<sub>k</sub> against their exact distribution; below, "
       "the fraction of paths above ε′, the exact probability and δ′: how loose Azuma’s "
       "bound is. The Gaussian mechanism is not ε-DP: its losses are normal, N(μ²/2, μ²), "
       "and unbounded, so Lemma 3.19 does not apply; its walk is exactly normal and the line "
       "is the exact (1 − δ′)-quantile of S<sub>j</sub>."),
  .more_private = N_("Smaller ε and fewer runs k keep the privacy loss smaller."),
  .uses = uses,
  .seed_label = N_("Seed of the simulated walks"),
  .data_uses = data_uses,
  .compute_data = walk_compute_data,
  .free_data = walk_free_data,
  .expensive = TRUE,
  .compute = walk_compute,
  .free_result = walk_free,
  .readouts = walk_readouts,
  .caption = walk_caption,
  .draw = dpv_walk_draw,
};
