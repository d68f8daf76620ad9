/* dpv-renyi.c — Rényi divergence from KL to D∞, Rényi DP of k runs and its (ε, δ), Rényi
 * entropy of randomized response (issue #22, part 1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * - D_α(P‖Q) = ln ∫ p^α q^{1−α} / (α − 1) (Rényi 1961; Mironov 2017, Def. 3; the DP notes,
 *   ../shared/seeds/001_…, 瑞丽散度, whose printed sum Σ q^α·(p^α/q^α) = Σ p^α is a misprint:
 *   it is not 0 for P = Q). It runs from KL (α → 1; Dwork & Roth Def. 3.5) to the max
 *   divergence D∞ (α → ∞; Def. 3.6): ε for Laplace and randomized response, +∞ for the
 *   Gaussian, whose D_α = αμ²/2 (Mironov 2017, Table II). libdpcore: dp_renyi, dp_kl,
 *   dp_renyi_curve.
 * - Rényi DP adds up: k runs have k·D_α at every α (Mironov 2017, Prop. 1). The conversion to
 *   (ε, δ) is ε(α) = k·D_α + ln((α − 1)/α) − (ln δ + ln α)/(α − 1) (Canonne, Kamath &
 *   Steinke 2020, Prop. 12; Balle et al. 2020, Thm 21), minimised over α: the `rdp`
 *   accountant (dp_rdp_conversion_curve, dp_rdp_epsilon). It is compared with the exact ε of
 *   the k-fold composition at δ (dp_compose_exact_epsilon: privacy-loss distribution for
 *   Laplace, μ√k for the Gaussian, binomial for randomized response), the expensive stage.
 * - Rényi entropy H_α = ln(Σ p_i^α)/(1 − α) (the DP notes, 瑞丽熵: Hartley at α = 0, Shannon
 *   as α → 1, min-entropy as α → ∞) of the bit randomized response reports when the true bit
 *   is fixed: (p, 1 − p), p = e^ε/(1 + e^ε) (dp_rr_renyi_entropy).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-cancel.h"
#include "dpv-renyi.h"

/* The Gaussian's k·D_α = kαρ leaves the divergence panel at α = 11 (α − 1 = 10). */
#define GAUSSIAN_EXIT_ALPHA 11.0

gsize
dpv_renyi_alpha_ticks (double *values, const char **labels, gsize max)
{
  static const struct {
    double alpha;
    const char *label;
  } major[] = {
    { 1.001, "1.001" }, { 1.01, "1.01" }, { 1.1, "1.1" }, { 2.0, "2" }, { 10.0, "10" },
    { 100.0, "10<sup>2</sup>" }, { 1000.0, "10<sup>3</sup>" }, { 10000.0, "10<sup>4</sup>" },
  };
  gsize n = MIN (G_N_ELEMENTS (major), max);

  /* the axis is α − 1 on a log scale; the labels are the values of α */
  for (gsize i = 0; i < n; i++)
    {
      values[i] = major[i].alpha - 1.0;
      labels[i] = major[i].label;
    }
  return n;
}

static gpointer
renyi_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                    GError **error)
{
  DpvRenyiData *d = g_new0 (DpvRenyiData, 1);
  double e = NAN;

  if (dp_compose_exact_epsilon (m, params->k, params->delta, 0.0,
                                dpv_cancel_flag (cancellable), &e) != DP_OK)
    e = NAN;
  d->eps_exact = e;
  d->complete = TRUE;
  return d;
}

static gpointer
renyi_preview_data (const DpvParams *params, const DpMechanism *m)
{
  DpvRenyiData *d = g_new0 (DpvRenyiData, 1);

  d->eps_exact = NAN;
  d->complete = FALSE;
  return d;
}

/* The value a libdpcore call wrote to *v, or NaN when it failed (for the plot: a break; for
 * read-outs: "—"). *v is read after the call (it is an argument's pointer, not its value). */
static double
value_or_nan (DpStatus st, const double *v)
{
  return st == DP_OK ? *v : NAN;
}

static gpointer
renyi_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
               GCancellable *cancellable, GError **error)
{
  const DpvRenyiData *dd = data;
  DpvRenyi *r = g_new0 (DpvRenyi, 1);
  double kd = (double) params->k;
  double v;

  r->kind = m->kind;
  r->bounded = m->kind != DP_MECHANISM_GAUSSIAN;
  r->k = params->k;
  r->delta = params->delta;
  r->alpha = params->alpha;
  r->pending = dd == NULL || !dd->complete;
  r->eps_exact = dd != NULL ? dd->eps_exact : NAN;

  r->n = DPV_RENYI_N;
  if (dp_log_grid (DPV_RENYI_AM1_MIN, DPV_RENYI_AM1_MAX, r->n, r->am1) != DP_OK)
    {
      g_free (r);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The figure could not be computed"));
      return NULL;
    }
  for (gsize i = 0; i < r->n; i++)
    r->alphas[i] = 1.0 + r->am1[i];
  if (dp_renyi_curve (m, params->k, r->alphas, r->n, r->kd) != DP_OK)
    for (gsize i = 0; i < r->n; i++)
      r->kd[i] = NAN;
  if (dp_rdp_conversion_curve (m, params->k, params->delta, r->alphas, r->n, r->conv) != DP_OK)
    for (gsize i = 0; i < r->n; i++)
      r->conv[i] = NAN;

  r->kl = value_or_nan (dp_kl (m, &v), &v);
  r->dinf = value_or_nan (dp_max_divergence (m, &v), &v);
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      double mu = dp_mechanism_gaussian_mu (m);

      r->rho = 0.5 * mu * mu;
    }
  r->d_alpha = value_or_nan (dp_renyi (m, params->alpha, &v), &v);
  r->kd_alpha = kd * r->d_alpha;
  r->conv_alpha = value_or_nan (dp_rdp_conversion (m, params->k, params->delta, params->alpha,
                                                   &v), &v);
  {
    double e, a;

    if (dp_rdp_epsilon (m, params->k, params->delta, &e, &a) == DP_OK)
      {
        r->eps_rdp = e;
        r->best_alpha = a;
      }
    else
      r->eps_rdp = r->best_alpha = NAN;
  }
  r->basic = r->bounded ? kd * params->epsilon : NAN;

  /* Axes. ε-DP: k·D_α ≤ k·D∞ = kε. Gaussian: k·D_α = kαρ leaves the top at α = 11. */
  if (r->bounded)
    r->y_hi = 1.12 * kd * r->dinf;
  else
    {
      r->y_hi = kd * GAUSSIAN_EXIT_ALPHA * r->rho;
      r->exit_am1 = GAUSSIAN_EXIT_ALPHA - 1.0;
    }
  {
    double top = 2.5 * r->eps_rdp;

    if (isfinite (r->eps_exact))
      top = MAX (top, 1.3 * r->eps_exact);
    /* ε-DP: the curve tends to kε on the right; show that level when it is near */
    if (r->bounded && 1.12 * r->basic < top)
      top = 1.12 * r->basic;
    if (!(top > 0) || !isfinite (top))
      top = 1.0;
    r->conv_hi = top;
  }

  /* Rényi entropy of randomized response's report at the same ε. */
  r->rr_p = 1.0 / (1.0 + exp (-params->epsilon));
  r->n_ent = DPV_RENYI_ENTROPY_N;
  dp_log_grid (DPV_RENYI_ENT_MIN, DPV_RENYI_ENT_MAX, r->n_ent, r->ent_alpha);
  for (gsize i = 0; i < r->n_ent; i++)
    r->ent[i] = value_or_nan (dp_rr_renyi_entropy (params->epsilon, 0.0, r->ent_alpha[i], &v),
                              &v);
  r->h0 = value_or_nan (dp_rr_renyi_entropy (params->epsilon, 0.0, 0.0, &v), &v);
  r->h1 = value_or_nan (dp_rr_renyi_entropy (params->epsilon, 0.0, 1.0, &v), &v);
  r->h_alpha = value_or_nan (dp_rr_renyi_entropy (params->epsilon, 0.0, params->alpha, &v),
                             &v);
  r->h_inf = value_or_nan (dp_rr_renyi_entropy (params->epsilon, 0.0, HUGE_VAL, &v), &v);
  return r;
}

/* "∞" for +HUGE_VAL, "—" for NaN, else the number. */
static char *
fmt (double v)
{
  return dpv_fmt (v);
}

static char *
fmt_alpha (double a)
{
  return isinf (a) ? g_strdup ("∞") : dpv_fmt (a);
}

static char *
renyi_caption (const DpvFrame *frame)
{
  const DpvRenyi *r = dpv_frame_get_result (frame);
  g_autofree char *a = fmt_alpha (r->alpha);
  g_autofree char *d = fmt (r->d_alpha);
  g_autofree char *kdv = fmt (r->kd_alpha);
  g_autofree char *e = fmt (r->eps_rdp);
  g_autofree char *ba = fmt_alpha (r->best_alpha);
  g_autofree char *x = r->pending ? g_strdup (_("computing…")) : fmt (r->eps_exact);
  g_autofree char *dl = fmt (r->delta);

  return g_strdup_printf (_("α = %s: D<sub>α</sub> = %s, k·D<sub>α</sub> = %s (k = %lu) · "
                            "RDP ε = %s at α* = %s · exact ε = %s (δ = %s)"),
                          a, d, kdv, r->k, e, ba, x, dl);
}

static void
renyi_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvRenyi *r = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Rényi order α"), fmt_alpha (r->alpha));
  dpv_readout_add (out, _("Rényi divergence D_α(P‖Q)"), fmt (r->d_alpha));
  dpv_readout_add (out, _("KL divergence (α → 1)"), fmt (r->kl));
  dpv_readout_add (out, _("Max divergence D∞ (α → ∞)"), fmt (r->dinf));
  dpv_readout_add (out, _("Rényi DP of k runs, k·D_α"), fmt (r->kd_alpha));
  dpv_readout_add (out, _("ε at δ from this α, ε(α)"), fmt (r->conv_alpha));
  dpv_readout_add (out, _("RDP ε at δ (minimum over α)"), fmt (r->eps_rdp));
  dpv_readout_add (out, _("Minimising order α*"), fmt_alpha (r->best_alpha));
  dpv_readout_add (out, _("Exact ε of k runs at δ"),
                   r->pending ? g_strdup (_("computing…")) : fmt (r->eps_exact));
  dpv_readout_add (out, _("RDP ε ÷ exact ε"),
                   r->pending ? g_strdup (_("computing…"))
                              : fmt (r->eps_rdp / r->eps_exact));
  dpv_readout_add (out, _("RR entropy H₀ (Hartley), nats"), fmt (r->h0));
  dpv_readout_add (out, _("RR entropy H₁ (Shannon), nats"), fmt (r->h1));
  dpv_readout_add (out, _("RR entropy H_α, nats"), fmt (r->h_alpha));
  dpv_readout_add (out, _("RR entropy H∞ (min-entropy), nats"), fmt (r->h_inf));
}

static void
renyi_data_free (gpointer data)
{
  g_free (data);
}

static const DpvParamId drag_params[] = { DPV_PARAM_ALPHA, DPV_PARAM_NONE };

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_ALPHA,
  DPV_PARAM_NONE
};

/* The exact composition depends on neither α nor Δ (nor do the divergences: Laplace's and
 * randomized response's depend on ε alone, the Gaussian's on μ = Δ/σ, which the calibration
 * fixes from ε and δ). */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_NONE
};

const DpvViewClass dpv_renyi_view = {
  .name = "renyi",
  .title = N_("Rényi divergence"),
  .short_title = N_("Rényi"),
  .icon_name = "view-sort-ascending-symbolic",
  .explanation =
    N_("Rényi divergence D<sub>α</sub>(P‖Q) = ln ∫ p<sup>α</sup>q<sup>1−α</sup> / (α − 1) "
       "(Rényi 1961; Mironov 2017, Def. 3) is a family of divergences between the outputs on "
       "D and D′ that grows with the order α. As α → 1 it tends to the KL divergence (Dwork &amp; "
       "Roth, Def. 3.5), as α → ∞ to the max divergence D∞ (Def. 3.6): ε for the Laplace "
       "mechanism and randomized response, +∞ for the Gaussian mechanism, whose "
       "D<sub>α</sub> = αμ²/2 grows without bound (it is not ε-DP). The DP notes (瑞丽散度) "
       "print the sum as Σ q<sup>α</sup>(p<sup>α</sup>/q<sup>α</sup>); the divergence needs "
       "Σ p<sup>α</sup>q<sup>1−α</sup>, which is 0 when P = Q.\n\n"
       "Rényi DP adds up under composition (Mironov 2017, Prop. 1): k runs have "
       "k·D<sub>α</sub> at every α. Each α gives an (ε, δ) guarantee, ε(α) = "
       "k·D<sub>α</sub> + ln((α − 1)/α) − (ln δ + ln α)/(α − 1) (Canonne, Kamath &amp; "
       "Steinke 2020, Prop. 12), so the accountant takes the smallest, at the marked α*. "
       "The exact ε of the k-fold composition at the same δ is the horizontal line: a "
       "guarantee is never below it, and the gap is what the conversion costs.\n\n"
       "The small panel shows the Rényi entropy H<sub>α</sub> = ln(Σ p<sub>i</sub>"
       "<sup>α</sup>)/(1 − α) (瑞丽熵, DP notes) of the bit randomized response reports "
       "with the same ε, in nats (ln 2 nats = 1 bit): Hartley entropy ln 2 at α = 0, "
       "Shannon entropy as α → 1, min-entropy −ln p as α → ∞. Smaller ε leaves more "
       "entropy in the report."),
  .more_private = N_("Smaller ε and fewer runs k give smaller divergences and a smaller ε at "
                     "δ: more private."),
  .uses = uses,
  .drag_params = drag_params,
  .data_uses = data_uses,
  .compute_data = renyi_compute_data,
  .preview_data = renyi_preview_data,
  .free_data = renyi_data_free,
  .expensive = TRUE,
  .compute = renyi_compute,
  .free_result = g_free,
  .readouts = renyi_readouts,
  .caption = renyi_caption,
  .draw = dpv_renyi_draw,
};
