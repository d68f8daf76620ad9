/* dpv-kmeans.c — the "DP k-means" view: Lloyd and the book's DP Lloyd side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A seeded mixture of k Gaussian clusters in the book's domain X = {‖x‖₁ ≤ 1} (libdpcore,
 * dp-kmeans.h), textbook Lloyd and the DP version of the lecture book §3.3.3 from the same
 * random start c^(0): T iterations, ε′ = ε/(2T), Lap(2/ε′) on every cluster's count and on each
 * coordinate of its sum, a centre drawn uniformly from X when the noisy count is below 1. The
 * book's Theorem 3.3 says the whole run is ε-DP: a replaced record moves the count vector by
 * at most 2 and the sum vector by at most 2 in ℓ1 (Laplace mechanism on a vector, Dwork & Roth
 * Thm 3.6), so each iteration is 2ε′-DP and T of them compose to 2Tε′ = ε (book Prop. 3.4).
 *
 * Two stages. The run (both paths, every iteration) takes 1–2 ms at n = 10⁴, T = 10: it is
 * computed with the result, so ε and the iteration shown move at once. The final private cost
 * against ε over R seeds (dp_kmeans_cost_sweep ()) takes 13·R runs: it is the expensive stage,
 * computed off the UI thread and cancellable; its preview is empty.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-cancel.h"
#include "dpv-kmeans.h"

static const double sweep_epsilons[DPV_KMEANS_SWEEP_N] = {
  0.01, 0.0215443469003188, 0.0464158883361278, 0.1, 0.215443469003188, 0.464158883361278,
  1.0, 2.15443469003188, 4.64158883361278, 10.0, 21.5443469003188, 46.4158883361278, 100.0,
};

const double *
dpv_kmeans_sweep_epsilons (void)
{
  return sweep_epsilons;
}

static gpointer
kmeans_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                     GError **error)
{
  g_autofree DpvKmeansSweep *sweep = g_new0 (DpvKmeansSweep, 1);
  g_autofree DpPoint *points = g_new (DpPoint, params->points);
  DpStatus status;

  status = dp_kmeans_mixture ((unsigned) params->clusters, params->points,
                              (unsigned long) params->seed, points, NULL);
  if (status == DP_OK)
    status = dp_kmeans_cost_sweep (points, params->points, (unsigned) params->clusters,
                                   (unsigned) params->iterations, sweep_epsilons,
                                   DPV_KMEANS_SWEEP_N, (unsigned) params->runs,
                                   (unsigned long) params->seed, dpv_cancel_flag (cancellable),
                                   sweep->points, &sweep->baseline);
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;
  if (status != DP_OK)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The cost against ε could not be computed"));
      return NULL;
    }
  sweep->complete = TRUE;
  sweep->n = DPV_KMEANS_SWEEP_N;
  sweep->runs = (guint) params->runs;
  return g_steal_pointer (&sweep);
}

static gpointer
kmeans_preview_data (const DpvParams *params, const DpMechanism *m)
{
  DpvKmeansSweep *sweep = g_new0 (DpvKmeansSweep, 1);

  sweep->runs = (guint) params->runs;
  return sweep;
}

static void
kmeans_free (gpointer result)
{
  DpvKmeans *r = result;

  g_free (r->points);
  g_free (r->labels_nonprivate);
  g_free (r->labels_private);
  g_free (r->centres_nonprivate);
  g_free (r->centres_private);
  g_free (r->t);
  g_free (r->cost_nonprivate);
  g_free (r->cost_private);
  g_free (r);
}

static gpointer
kmeans_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                GCancellable *cancellable, GError **error)
{
  const DpvKmeansSweep *sweep = data;
  DpvKmeans *r = g_new0 (DpvKmeans, 1);
  DpKmeansRun run = { 0 };
  guint k = (guint) params->clusters, T = (guint) params->iterations;
  gsize n = params->points, kt = (gsize) (T + 1) * k;
  double lo = HUGE_VAL, hi = 0, extent = 1.0;

  r->sweep = sweep;
  r->sweep_pending = !sweep->complete;
  r->k = k;
  r->iterations = T;
  r->step = (guint) MIN (params->step, params->iterations);
  r->n = n;
  r->points = g_new (DpPoint, n);
  if (dp_kmeans_mixture (k, n, (unsigned long) params->seed, r->points, NULL) != DP_OK
      || dp_kmeans_run (r->points, n, k, T, params->epsilon, (unsigned long) params->seed,
                        dpv_cancel_flag (cancellable), &run) != DP_OK)
    {
      kmeans_free (r);
      if (!g_cancellable_is_cancelled (cancellable))
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _("The k-means runs could not be computed"));
      return NULL;
    }
  r->epsilon = run.epsilon;
  r->epsilon_step = run.epsilon_step;
  r->noise_scale = run.noise_scale;
  r->n_redrawn = (guint) run.n_redrawn;
  r->labels_nonprivate = g_memdup2 (run.labels_nonprivate + (gsize) r->step * n, n);
  r->labels_private = g_memdup2 (run.labels_private + (gsize) r->step * n, n);
  r->centres_nonprivate = g_memdup2 (run.centres_nonprivate, kt * sizeof (DpPoint));
  r->centres_private = g_memdup2 (run.centres_private, kt * sizeof (DpPoint));
  r->cost_nonprivate = g_memdup2 (run.cost_nonprivate, (T + 1) * sizeof (double));
  r->cost_private = g_memdup2 (run.cost_private, (T + 1) * sizeof (double));
  r->t = g_new (double, T + 1);
  for (guint t = 0; t <= T; t++)
    {
      r->t[t] = t;
      lo = MIN (lo, MIN (r->cost_nonprivate[t], r->cost_private[t]));
      hi = MAX (hi, MAX (r->cost_nonprivate[t], r->cost_private[t]));
    }
  if (r->step > 0)
    for (guint j = 0; j < k; j++)
      {
        gsize at = (gsize) (r->step - 1) * k + j;

        r->counts[j] = run.counts[at];
        r->noisy_counts[j] = run.noisy_counts[at];
        r->sums[j] = run.sums[at];
        r->noisy_sums[j] = run.noisy_sums[at];
        r->redrawn[j] = run.redrawn[at] != 0;
        r->n_redrawn_step += r->redrawn[j];
      }
  dp_kmeans_run_clear (&run);

  /* The scatter panels: X and its margin, and the private centres up to 1.6 (a noisy sum over
   * a small noisy count can land far outside; beyond, they are cut off). */
  for (gsize i = 0; i < kt; i++)
    extent = MAX (extent, MAX (fabs (r->centres_private[i].x), fabs (r->centres_private[i].y)));
  r->extent = MIN (1.6, extent * 1.08);
  /* costs: a log axis (the random start can cost many times the result) */
  lo = MAX (lo, 1e-9);
  r->cost_lo = lo / 1.5;
  r->cost_hi = MAX (hi, lo * 2) * 1.5;
  if (sweep->complete)
    {
      lo = sweep->baseline.min;
      hi = sweep->baseline.max;
      for (guint i = 0; i < sweep->n; i++)
        {
          lo = MIN (lo, sweep->points[i].min);
          hi = MAX (hi, sweep->points[i].max);
        }
      lo = MAX (lo, 1e-9);
      r->sweep_lo = lo / 1.5;
      r->sweep_hi = MAX (hi, lo * 2) * 1.5;
    }
  else
    {
      r->sweep_lo = r->cost_lo;
      r->sweep_hi = r->cost_hi;
    }
  return r;
}

static char *
kmeans_caption (const DpvFrame *frame)
{
  const DpvKmeans *r = dpv_frame_get_result (frame);
  g_autofree char *eps = dpv_fmt (r->epsilon);
  g_autofree char *epp = dpv_fmt (r->epsilon_step);
  g_autofree char *b = dpv_fmt (r->noise_scale);
  g_autofree char *cn = dpv_fmt (r->cost_nonprivate[r->step]);
  g_autofree char *cp = dpv_fmt (r->cost_private[r->step]);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "k = %u, n = %u, T = %u, ε = %s: ε′ = ε/(2T) = %s, noise "
                                       "Lap(%s) · iteration %u: cost Lloyd %s, DP %s · %u centre "
                                       "re-drawn in the run",
                                       "k = %u, n = %u, T = %u, ε = %s: ε′ = ε/(2T) = %s, noise "
                                       "Lap(%s) · iteration %u: cost Lloyd %s, DP %s · %u centres "
                                       "re-drawn in the run", r->n_redrawn),
                          r->k, (guint) r->n, r->iterations, eps, epp, b, r->step, cn, cp,
                          r->n_redrawn);
}

static char *
fmt_point (DpPoint p)
{
  g_autofree char *x = dpv_fmt (p.x);
  g_autofree char *y = dpv_fmt (p.y);

  return g_strdup_printf ("(%s, %s)", x, y);
}

static void
kmeans_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvKmeans *r = dpv_frame_get_result (frame);
  double cn = r->cost_nonprivate[r->iterations], cp = r->cost_private[r->iterations];

  dpv_readout_add (out, _("Clusters k, points n"), g_strdup_printf ("%u, %u", r->k, (guint) r->n));
  dpv_readout_add (out, _("Iterations T"), g_strdup_printf ("%u", r->iterations));
  dpv_readout_add (out, _("Budget per release ε′ = ε/(2T)"), dpv_fmt (r->epsilon_step));
  dpv_readout_add (out, _("Laplace scale 2/ε′"), dpv_fmt (r->noise_scale));
  dpv_readout_add (out, _("Iteration shown t"), g_strdup_printf ("%u", r->step));
  dpv_readout_add (out, _("Budget spent by iteration t, 2tε′"),
                   dpv_fmt (2.0 * r->step * r->epsilon_step));
  dpv_readout_add (out, _("Cost at t, Lloyd"), dpv_fmt (r->cost_nonprivate[r->step]));
  dpv_readout_add (out, _("Cost at t, DP Lloyd"), dpv_fmt (r->cost_private[r->step]));
  dpv_readout_add (out, _("Final cost, Lloyd"), dpv_fmt (cn));
  dpv_readout_add (out, _("Final cost, DP Lloyd"), dpv_fmt (cp));
  dpv_readout_add (out, _("Final cost ratio DP / Lloyd"), dpv_fmt (cn > 0 ? cp / cn : NAN));
  dpv_readout_add (out, _("Centres re-drawn (n̂ < 1) in the run"),
                   g_strdup_printf ("%u", r->n_redrawn));
  if (r->step > 0)
    for (guint j = 0; j < r->k; j++)
      {
        g_autofree char *nj = dpv_fmt (r->counts[j]);
        g_autofree char *nh = dpv_fmt (r->noisy_counts[j]);
        g_autofree char *a = fmt_point (r->sums[j]);
        g_autofree char *ah = fmt_point (r->noisy_sums[j]);
        g_autofree char *label = g_strdup_printf (_("Cluster %u at t: n, n̂, a, â"), j + 1);

        dpv_readout_add (out, label,
                         g_strdup_printf ("%s, %s, %s, %s%s", nj, nh, a, ah,
                                          r->redrawn[j] ? _(" (re-drawn)") : ""));
      }
  dpv_readout_add (out, _("Mean final Lloyd cost over the runs"),
                   r->sweep_pending ? g_strdup (_("computing…"))
                                    : dpv_fmt (r->sweep->baseline.mean));
}

static const DpvParamId uses[] = {
  DPV_PARAM_CLUSTERS, DPV_PARAM_POINTS, DPV_PARAM_ITERATIONS, DPV_PARAM_EPSILON, DPV_PARAM_SEED,
  DPV_PARAM_STEP, DPV_PARAM_RUNS, DPV_PARAM_NONE
};

/* The sweep does not depend on ε (it runs over its own) nor on the iteration shown. */
static const DpvParamId data_uses[] = {
  DPV_PARAM_CLUSTERS, DPV_PARAM_POINTS, DPV_PARAM_ITERATIONS, DPV_PARAM_SEED, DPV_PARAM_RUNS,
  DPV_PARAM_NONE
};

const DpvViewClass dpv_kmeans_view = {
  .name = "kmeans",
  .title = N_("DP k-means: Lloyd’s algorithm with the Laplace mechanism"),
  .short_title = N_("DP k-means"),
  .icon_name = "view-app-grid-symbolic",
  .explanation =
    N_("k-means looks for k centres that make the cost Σ<sub>i</sub> min<sub>j</sub> "
       "‖x<sub>i</sub> − c<sub>j</sub>‖² small; Lloyd’s algorithm alternates assigning each "
       "point to its nearest centre and moving each centre to the mean of its points. The DP "
       "version of the lecture book (§3.3.3) releases each cluster’s count n<sub>j</sub> and "
       "coordinate sum a<sub>j</sub> with Laplace noise Lap(2/ε′), ε′ = ε/(2T), and moves the "
       "centre to â<sub>j</sub>/n̂<sub>j</sub>, or draws it uniformly from the domain "
       "‖x‖<sub>1</sub> ≤ 1 when n̂<sub>j</sub> &lt; 1. Theorem 3.3: the run is ε-DP. Replacing "
       "one record changes the counts by at most 2 and the sums by at most 2 in ℓ<sub>1</sub>, "
       "so each of the two releases of an iteration is ε′-DP (the Laplace mechanism on a "
       "vector, Dwork &amp; Roth Thm 3.6) and T iterations × 2 releases compose to ε (book "
       "Prop. 3.4). The book’s proof sketch composes over the k clusters instead, which would "
       "give 2kε′ per iteration; the ℓ<sub>1</sub> argument is what makes it 2ε′. Both paths "
       "start from the same random centres. A cluster with no point or one point is re-drawn "
       "with probability at least ½ at any ε (n̂ = n + noise &lt; 1), so the private cost need not approach Lloyd’s "
       "for every seed even at large ε, and can even end below it."),
  .more_private = N_("Smaller ε is more private: more noise on every count and sum."),
  .uses = uses,
  .data_uses = data_uses,
  .compute_data = kmeans_compute_data,
  .preview_data = kmeans_preview_data,
  .free_data = g_free,
  .expensive = TRUE,
  .compute = kmeans_compute,
  .free_result = kmeans_free,
  .readouts = kmeans_readouts,
  .caption = kmeans_caption,
  .draw = dpv_kmeans_draw,
};
