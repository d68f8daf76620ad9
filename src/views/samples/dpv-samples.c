/* dpv-samples.c — sampled outputs (issue #22, part 3): the privacy loss estimated from data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * n outputs are drawn from each of P = M(D) and Q = M(D′) (dp_sample_run, seeded) and counted
 * in bins B (randomized response: its two outputs). The log ratio of the counts,
 * ln(n_P(B)/n_Q(B)), estimates ln(P(B)/Q(B)), which lies between the smallest and the largest
 * privacy loss L(y) = ln(p(y)/q(y)) over the bin (Dwork & Roth §3.5.1 defines the loss). For
 * an ε-DP mechanism P(B) ≤ e^ε Q(B) and Q(B) ≤ e^ε P(B) (Dwork & Roth Def. 2.4 with S = B), so
 * every bin's value lies in [−ε, ε]; the Gaussian's loss is linear in y and unbounded
 * (Balle & Wang 2018). Each estimate carries the Wilson score interval (Wilson 1927) of the
 * share n_P/(n_P + n_Q) mapped through the logit (dp-sample.h).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-cancel.h"
#include "dpv-samples.h"

static gpointer
samples_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                      GError **error)
{
  DpSampleParams sp = {
    .n = params->samples,
    .seed = params->seed,
    .n_bins = params->bins,
    .lo = 0.0, .hi = 0.0,   /* the automatic range (dp-sample.h) */
    .confidence = DPV_SAMPLES_CONFIDENCE,
    .n_keep = 0,
  };
  DpSample *s = NULL;
  DpStatus st = dp_sample_run (m, &sp, dpv_cancel_flag (cancellable), &s);

  if (st != DP_OK)
    {
      if (st != DP_ERR_CANCELLED)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                     _("The outputs could not be sampled: %s"), dp_status_to_string (st));
      return NULL;
    }
  return s;
}

static void
samples_free_data (gpointer data)
{
  dp_sample_free (data);
}

static gpointer
samples_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                 GCancellable *cancellable, GError **error)
{
  const DpSample *s = data;
  DpvSamplesView *r = g_new0 (DpvSamplesView, 1);
  gsize nb = s->n_bins;
  double n = (double) s->params.n;
  double lo, hi;

  r->sample = s;
  r->kind = m->kind;
  r->bounded = m->kind != DP_MECHANISM_GAUSSIAN;
  r->categorical = m->kind == DP_MECHANISM_RR;
  r->n = s->params.n;
  r->seed = s->params.seed;
  r->epsilon = m->epsilon;
  r->n_bins = nb;
  r->centre = g_new (double, nb);
  r->bar_p = g_new (double, nb);
  r->bar_q = g_new (double, nb);
  r->count_p = g_new (double, nb);
  r->count_q = g_new (double, nb);
  r->est_lo = g_new (double, nb);
  r->est_hi = g_new (double, nb);
  r->open = g_new0 (gboolean, nb);
  r->outside_p = s->below_p + s->beyond_p;
  r->outside_q = s->below_q + s->beyond_q;

  if (r->categorical)
    {
      r->x_lo = -0.6;
      r->x_hi = 1.6;
      r->bar_width = DPV_SAMPLES_RR_WIDTH;
    }
  else
    {
      r->x_lo = s->edges[0];
      r->x_hi = s->edges[nb];
      r->bar_width = s->edges[1] - s->edges[0];
    }

  /* the top panel: counts and expected counts n·P(B), n·Q(B) */
  r->n_step = r->categorical ? 3 * nb : 2 * nb;
  r->step_x = g_new (double, r->n_step);
  r->step_p = g_new (double, r->n_step);
  r->step_q = g_new (double, r->n_step);
  r->step_xq = g_new (double, r->n_step);
  for (gsize b = 0; b < nb; b++)
    {
      double ep = n * s->prob_p[b], eq = n * s->prob_q[b];

      r->count_p[b] = (double) s->count_p[b];
      r->count_q[b] = (double) s->count_q[b];
      r->count_hi = MAX (r->count_hi, MAX (MAX (r->count_p[b], r->count_q[b]), MAX (ep, eq)));
      if (r->categorical)
        {
          /* output b: D's bar left of it, D′'s right; the expected count a segment over each
           * bar (the step arrays hold D's segments, then D′'s, each broken by a NaN) */
          r->centre[b] = (double) b;
          r->bar_p[b] = b - DPV_SAMPLES_RR_OFFSET;
          r->bar_q[b] = b + DPV_SAMPLES_RR_OFFSET;
        }
      else
        {
          r->centre[b] = r->bar_p[b] = r->bar_q[b] = 0.5 * (s->edges[b] + s->edges[b + 1]);
          r->step_x[2 * b] = s->edges[b];
          r->step_x[2 * b + 1] = s->edges[b + 1];
          r->step_p[2 * b] = r->step_p[2 * b + 1] = ep;
          r->step_q[2 * b] = r->step_q[2 * b + 1] = eq;
        }
    }
  if (r->categorical)
    {
      /* x: [bar − w/2, bar + w/2, NaN] per bin over D's bars (step_x) and D′'s (step_xq) */
      for (gsize b = 0; b < nb; b++)
        {
          r->step_x[3 * b] = r->bar_p[b] - 0.5 * r->bar_width;
          r->step_x[3 * b + 1] = r->bar_p[b] + 0.5 * r->bar_width;
          r->step_x[3 * b + 2] = NAN;
          r->step_xq[3 * b] = r->bar_q[b] - 0.5 * r->bar_width;
          r->step_xq[3 * b + 1] = r->bar_q[b] + 0.5 * r->bar_width;
          r->step_xq[3 * b + 2] = NAN;
          r->step_p[3 * b] = r->step_p[3 * b + 1] = n * s->prob_p[b];
          r->step_q[3 * b] = r->step_q[3 * b + 1] = n * s->prob_q[b];
          r->step_p[3 * b + 2] = r->step_q[3 * b + 2] = NAN;
        }
    }
  else
    memcpy (r->step_xq, r->step_x, r->n_step * sizeof (double));
  r->count_hi = MAX (r->count_hi, 1.0) * 1.12;

  /* the exact loss L(y) */
  if (r->categorical)
    {
      r->n_loss = 3 * nb;
      r->loss_x = g_new (double, r->n_loss);
      r->loss_y = g_new (double, r->n_loss);
      for (gsize b = 0; b < nb; b++)
        {
          double l = 0;

          dp_mechanism_privacy_loss (m, (double) b, &l);
          r->loss_x[3 * b] = b - 0.4;
          r->loss_x[3 * b + 1] = b + 0.4;
          r->loss_x[3 * b + 2] = NAN;
          r->loss_y[3 * b] = r->loss_y[3 * b + 1] = l;
          r->loss_y[3 * b + 2] = NAN;
        }
    }
  else
    {
      /* Laplace's kinks at 0 and Δ are grid points */
      double kinks[2] = { 0.0, m->sensitivity };
      gsize cap = DPV_SAMPLES_LOSS_POINTS + 2;

      r->loss_x = g_new (double, cap);
      r->loss_y = g_new (double, cap);
      r->n_loss = dpv_grid_with_points (r->x_lo, r->x_hi, DPV_SAMPLES_LOSS_POINTS, kinks, 2,
                                        r->loss_x);
      for (gsize i = 0; i < r->n_loss; i++)
        if (dp_mechanism_privacy_loss (m, r->loss_x[i], &r->loss_y[i]) != DP_OK)
          r->loss_y[i] = NAN;
    }

  /* the y axis of the loss: the exact loss, [−ε, ε] with room, and the estimates of bins
   * with at least 10 outputs of each (fewer make intervals wider than the figure) */
  if (r->bounded)
    {
      lo = -1.35 * r->epsilon;
      hi = 1.35 * r->epsilon;
    }
  else
    {
      lo = HUGE_VAL;
      hi = -HUGE_VAL;
      for (gsize i = 0; i < r->n_loss; i++)
        if (isfinite (r->loss_y[i]))
          {
            lo = MIN (lo, r->loss_y[i]);
            hi = MAX (hi, r->loss_y[i]);
          }
    }
  for (gsize b = 0; b < nb; b++)
    if (s->has_estimate[b] && s->count_p[b] >= 10 && s->count_q[b] >= 10)
      {
        lo = MIN (lo, s->loss_estimate[b]);
        hi = MAX (hi, s->loss_estimate[b]);
      }
  if (!(hi > lo))
    {
      lo = -1.0;
      hi = 1.0;
    }
  r->loss_lo = lo - 0.06 * (hi - lo);
  r->loss_hi = hi + 0.06 * (hi - lo);

  /* intervals clipped to the axis; a bin with one count 0 has a one-sided interval, none
   * when both are 0 */
  r->max_abs_big = NAN;
  r->max_abs_exact = NAN;
  for (gsize b = 0; b < nb; b++)
    {
      double a = s->loss_lo[b], c = s->loss_hi[b];

      if (!isfinite (a) && !isfinite (c))
        {
          r->est_lo[b] = r->est_hi[b] = NAN;
          continue;
        }
      r->open[b] = !s->has_estimate[b];
      r->est_lo[b] = CLAMP (a, r->loss_lo, r->loss_hi);
      r->est_hi[b] = CLAMP (c, r->loss_lo, r->loss_hi);
      if (s->count_p[b] >= DPV_SAMPLES_BIG_BIN && s->count_q[b] >= DPV_SAMPLES_BIG_BIN)
        {
          double e = fabs (s->loss_estimate[b]), x = fabs (s->loss_binned[b]);

          r->n_big++;
          r->max_abs_big = isnan (r->max_abs_big) ? e : MAX (r->max_abs_big, e);
          r->max_abs_exact = isnan (r->max_abs_exact) ? x : MAX (r->max_abs_exact, x);
        }
    }
  r->n_estimates = s->n_estimates;
  r->n_covered = s->n_covered;
  return r;
}

static void
samples_free (gpointer result)
{
  DpvSamplesView *r = result;

  g_free (r->centre);
  g_free (r->bar_p);
  g_free (r->bar_q);
  g_free (r->count_p);
  g_free (r->count_q);
  g_free (r->step_x);
  g_free (r->step_p);
  g_free (r->step_q);
  g_free (r->step_xq);
  g_free (r->loss_x);
  g_free (r->loss_y);
  g_free (r->est_lo);
  g_free (r->est_hi);
  g_free (r->open);
  g_free (r);
}

static char *
samples_caption (const DpvFrame *frame)
{
  const DpvSamplesView *r = dpv_frame_get_result (frame);
  g_autofree char *big = isnan (r->max_abs_big) ? g_strdup ("—") : dpv_fmt (r->max_abs_big);
  g_autofree char *e = dpv_fmt (r->epsilon);

  if (r->bounded)
    return g_strdup_printf (_("n = %zu outputs from each of M(D) and M(D′) (seed %lu) · intervals "
                              "meeting L: %zu of %zu · largest |ln(n<sub>P</sub>/n<sub>Q</sub>)| "
                              "in bins with ≥ %d of each: %s, ε = %s"),
                            r->n, (unsigned long) r->seed, r->n_covered, r->n_estimates,
                            DPV_SAMPLES_BIG_BIN, big, e);
  return g_strdup_printf (_("n = %zu outputs from each of M(D) and M(D′) (seed %lu) · intervals "
                            "meeting L: %zu of %zu · the Gaussian’s loss L(y) is "
                            "linear in y and unbounded"),
                          r->n, (unsigned long) r->seed, r->n_covered, r->n_estimates);
}

static void
samples_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvSamplesView *r = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Outputs from each of M(D), M(D′)"), g_strdup_printf ("%zu", r->n));
  dpv_readout_add (out, _("Seed"), g_strdup_printf ("%" G_GUINT64_FORMAT, r->seed));
  dpv_readout_add (out, _("Bins"), g_strdup_printf ("%zu", r->n_bins));
  dpv_readout_add (out, _("Bins with both counts > 0"), g_strdup_printf ("%zu", r->n_estimates));
  dpv_readout_add (out, _("  whose interval (95 %) meets L over the bin"),
                   g_strdup_printf ("%zu", r->n_covered));
  dpv_readout_add (out, _("Bins with ≥ 100 outputs of each"), g_strdup_printf ("%zu", r->n_big));
  dpv_readout_add (out, _("  largest |ln(n_P/n_Q)| among them"),
                   isnan (r->max_abs_big) ? g_strdup ("—") : dpv_fmt (r->max_abs_big));
  dpv_readout_add (out, _("  largest exact |ln(P(B)/Q(B))| among them"),
                   isnan (r->max_abs_exact) ? g_strdup ("—") : dpv_fmt (r->max_abs_exact));
  if (r->bounded)
    dpv_readout_add (out, _("ε (every bin’s exact value lies in [−ε, ε])"), dpv_fmt (r->epsilon));
  else
    dpv_readout_add (out, _("Privacy loss L(y)"), g_strdup (_("unbounded (not ε-DP)")));
  if (!r->categorical)
    dpv_readout_add (out, _("Outputs outside the histogram (D, D′)"),
                     g_strdup_printf ("%lu, %lu", r->outside_p, r->outside_q));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_SAMPLES, DPV_PARAM_BINS, DPV_PARAM_SEED, DPV_PARAM_NONE
};

/* Every number of the figure comes from the sample. */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY,
  DPV_PARAM_SAMPLES, DPV_PARAM_BINS, DPV_PARAM_SEED, DPV_PARAM_NONE
};

const DpvViewClass dpv_samples_view = {
  .name = "samples",
  .title = N_("Sampled outputs"),
  .short_title = N_("Samples"),
  .icon_name = "view-app-grid-symbolic",
  .explanation =
    N_("Run the mechanism n times on D and n times on its neighbour D′ and count the outputs "
       "in bins B (randomized response: the reported bits 0 and 1). Top: the two histograms; "
       "the lines are the counts expected from the exact output distributions, n·P(B) and "
       "n·Q(B).\n\n"
       "Bottom: the privacy loss estimated from the data alone, ln(n<sub>P</sub>(B)/"
       "n<sub>Q</sub>(B)), with an interval at 95 % (Wilson’s score interval for the share "
       "n<sub>P</sub>/(n<sub>P</sub> + n<sub>Q</sub>), through the logit), against the exact "
       "loss L(y) = ln(p(y)/q(y)) (Dwork &amp; Roth §3.5.1). A bin’s exact value "
       "ln(P(B)/Q(B)) lies between the smallest and the largest L(y) over the bin. Where one "
       "count is 0 the interval is open on one side (dotted).\n\n"
       "For an ε-DP mechanism (Laplace, randomized response) P(B) ≤ e<sup>ε</sup>Q(B) and "
       "Q(B) ≤ e<sup>ε</sup>P(B) for every B (Def. 2.4 with S = B), so every exact value "
       "lies in the shaded band [−ε, ε]; the estimates scatter around them and settle as n "
       "grows. The Gaussian mechanism is not ε-DP: its loss is linear in y and unbounded, "
       "and no band contains it."),
  .more_private = N_("Smaller ε brings the two histograms together and the loss towards 0."),
  .uses = uses,
  .seed_label = N_("Seed of the sampled outputs"),
  .data_uses = data_uses,
  .compute_data = samples_compute_data,
  .free_data = samples_free_data,
  .expensive = TRUE,
  .compute = samples_compute,
  .free_result = samples_free,
  .readouts = samples_readouts,
  .caption = samples_caption,
  .draw = dpv_samples_draw,
};
