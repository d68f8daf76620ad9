/* dpv-kl.c — View 3: the KL divergence of ε-DP pairs against the Lemma 3.18 bound
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Curves over ε ∈ [0.01, 10] (VIEWS.md, View 3):
 * - Dwork & Roth Lemma 3.18: D_KL ≤ ε(e^ε − 1);
 * - the tight worst case ε·tanh(ε/2), the KL of binary randomized response, which dominates
 *   every ε-DP pair (Kairouz, Oh & Viswanath 2015);
 * - ε²/2 (zCDP, Bun & Steinke 2016, Prop. 3.3);
 * - the selected mechanism's actual KL: Laplace ε + e^{−ε} − 1, Gaussian Δ²/(2σ²) with σ
 *   calibrated at each ε (Balle & Wang 2018), randomized response ε·tanh(ε/2);
 * - the max divergence D∞ = ε for reference (Def. 3.6; KL itself is Def. 3.5).
 * The three bounds hold for pairs with D∞ ≤ ε both ways (Lemma 3.18's assumption): Laplace
 * and randomized response. The Gaussian mechanism is not ε-DP (D∞ = ∞), so they do not bound
 * its KL (at ε = δ = 0.01 it is 13 × ε·tanh(ε/2)); its KL Δ²/(2σ²) = ρ is its zCDP parameter
 * (Bun & Steinke 2016, Prop. 1.6: the Gaussian is ρ-zCDP, and KL = D_α at α → 1 ≤ ρ, with
 * equality).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_interp.h>

#include "dpv-kl.h"

static double
kl_actual (const DpvParams *params, DpMechanismKind kind, double eps)
{
  DpMechanism m;
  DpStatus st;
  double v = NAN;

  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      st = dp_mechanism_laplace (eps, params->sensitivity, &m);
      break;
    case DP_MECHANISM_GAUSSIAN:
      st = dp_mechanism_gaussian_calibrated (eps, params->delta, params->sensitivity, &m);
      break;
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      st = dp_mechanism_rr (eps, &m);
      break;
    }
  if (st != DP_OK || dp_kl (&m, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

typedef DpStatus (*BoundFunc) (double, double *);

static double
bound (BoundFunc f, double eps)
{
  double v = NAN;

  if (f (eps, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

/* The mechanism's actual KL at the n points xs of the log grid over [eps_spec->min,
 * eps_spec->max]. Laplace and randomized response are evaluated at every point. The
 * Gaussian is calibrated at DPV_KL_SAMPLES_GAUSSIAN nodes only and interpolated in
 * ln KL against ln ε by Steffen's monotone cubic (M. Steffen, "A simple method for monotonic
 * interpolation in one dimension", A&A 239 (1990) 443; GSL's gsl_interp_steffen): a smooth
 * curve with no overshoot between nodes, where the polyline through the nodes showed kinks on
 * a linear axis. If a node has no finite positive value the nodes are used as they are. */
gsize
dpv_kl_actual_curve (const DpvParams *params, DpMechanismKind kind, const double *xs, gsize n,
                     double *x_out, double *out)
{
  double xa[DPV_KL_SAMPLES_GAUSSIAN], act[DPV_KL_SAMPLES_GAUSSIAN], lx[DPV_KL_SAMPLES_GAUSSIAN],
         ly[DPV_KL_SAMPLES_GAUSSIAN];
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);
  gboolean ok = TRUE;

  if (kind != DP_MECHANISM_GAUSSIAN)
    {
      for (gsize i = 0; i < n; i++)
        {
          x_out[i] = xs[i];
          out[i] = kl_actual (params, kind, xs[i]);
        }
      return n;
    }

  dpv_grid_log (eps_spec->min, eps_spec->max, DPV_KL_SAMPLES_GAUSSIAN, xa);
  for (gsize i = 0; i < DPV_KL_SAMPLES_GAUSSIAN; i++)
    act[i] = kl_actual (params, kind, xa[i]);

  for (gsize i = 0; i < DPV_KL_SAMPLES_GAUSSIAN; i++)
    {
      ok = ok && isfinite (act[i]) && act[i] > 0;
      lx[i] = log (xa[i]);
      ly[i] = ok ? log (act[i]) : 0;
    }
  if (!ok || n < 2)
    {
      memcpy (x_out, xa, sizeof xa);
      memcpy (out, act, sizeof act);
      return DPV_KL_SAMPLES_GAUSSIAN;
    }
  {
    gsl_interp *interp = gsl_interp_alloc (gsl_interp_steffen, DPV_KL_SAMPLES_GAUSSIAN);
    gsl_interp_accel *acc = gsl_interp_accel_alloc ();

    gsl_interp_init (interp, lx, ly, DPV_KL_SAMPLES_GAUSSIAN);
    for (gsize i = 0; i < n; i++)
      {
        double t = CLAMP (log (xs[i]), lx[0], lx[DPV_KL_SAMPLES_GAUSSIAN - 1]);

        x_out[i] = xs[i];
        out[i] = exp (gsl_interp_eval (interp, lx, ly, t, acc));
      }
    gsl_interp_accel_free (acc);
    gsl_interp_free (interp);
  }
  return n;
}

/* The data stage: the actual-KL curve depends on the mechanism and δ only (the Gaussian's KL
 * Δ²/(2σ²) = μ²/2 does not depend on Δ), so dragging ε reuses it. */
static gpointer
kl_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                 GError **error)
{
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);
  DpvKlCurve *c = g_new0 (DpvKlCurve, 1);
  double xs[DPV_KL_SAMPLES];

  dpv_grid_log (eps_spec->min, eps_spec->max, DPV_KL_SAMPLES, xs);
  c->n = dpv_kl_actual_curve (params, m->kind, xs, DPV_KL_SAMPLES, c->xs, c->kl);
  return c;
}

static gpointer
kl_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
            GCancellable *cancellable, GError **error)
{
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);
  DpvKl *k = g_new0 (DpvKl, 1);
  double eps = params->epsilon, lo = HUGE_VAL, hi = 0;

  k->actual = data;
  dpv_grid_log (eps_spec->min, eps_spec->max, DPV_KL_SAMPLES, k->xs);
  for (gsize i = 0; i < DPV_KL_SAMPLES; i++)
    {
      k->lemma[i] = bound (dp_kl_bound_lemma_3_18, k->xs[i]);
      k->tight[i] = bound (dp_kl_bound_tight, k->xs[i]);
      k->zcdp[i] = bound (dp_kl_bound_zcdp, k->xs[i]);
    }
  for (gsize i = 0; i < k->actual->n; i++)
    if (k->actual->kl[i] > 0)
      lo = MIN (lo, k->actual->kl[i]);
  for (gsize i = 0; i < DPV_KL_SAMPLES; i++)
    {
      if (k->zcdp[i] > 0)
        lo = MIN (lo, k->zcdp[i]);
      if (k->lemma[i] > 0)
        hi = MAX (hi, k->lemma[i]);
    }
  k->cur_lemma = bound (dp_kl_bound_lemma_3_18, eps);
  k->cur_tight = bound (dp_kl_bound_tight, eps);
  k->cur_zcdp = bound (dp_kl_bound_zcdp, eps);
  k->cur_act = kl_actual (params, m->kind, eps);
  if (dp_max_divergence (m, &k->dinf) != DP_OK)
    k->dinf = NAN;

  if (params->log_y)
    {
      k->y_lo = isfinite (lo) ? lo * 0.5 : 1e-6;
      k->y_hi = hi > 0 ? hi * 2.0 : 1e6;
    }
  else
    {
      /* Linear axis: scale to the moderate curves at the current ε (ε and ε²/2); the lemma
       * is included while it is within 4× of them and otherwise leaves through the top. */
      double base = MAX (eps, eps * eps / 2);

      k->y_lo = 0.0;
      k->y_hi = 1.25 * MAX (base, MIN (isfinite (k->cur_lemma) ? k->cur_lemma : 0.0,
                                       4 * base));
    }
  return k;
}

/* The digits of the four KL values of a pure mechanism: enough to tell them apart. At
 * ε = 0.01 the tight bound ε·tanh(ε/2) = 4.99996·10⁻⁵ and ε²/2 = 5·10⁻⁵ differ by ε²/12 of
 * their size (tanh x = x − x³/3 + …) and need six; randomized response's KL equals the
 * tight bound and prints the same. */
static int
kl_digits (const DpvKl *k)
{
  const double v[] = { k->cur_lemma, k->cur_tight, k->cur_zcdp, k->cur_act };
  /* closed forms, each to a few ulps */
  const double tol[] = { 1e-12, 1e-12, 1e-12, 1e-12 };

  return dpv_distinct_digits (v, tol, G_N_ELEMENTS (v));
}

static char *
kl_caption (const DpvFrame *frame)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvKl *k = dpv_frame_get_result (frame);
  g_autofree char *es = dpv_fmt (params->epsilon);
  g_autofree char *as = NULL;

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      g_autofree char *ds = dpv_fmt (params->delta);

      as = dpv_fmt (k->cur_act);
      return g_strdup_printf (_("at ε = %s, δ = %s: KL = Δ²/(2σ²) = ρ = %s, the Gaussian's "
                                "zCDP parameter · not ε-DP, so Lemma 3.18 and the other ε-DP "
                                "bounds do not apply"), es, ds, as);
    }
  {
    /* the two values of the caption: the lemma is at least twice the KL */
    const double v[] = { k->cur_lemma, k->cur_act };
    const double tol[] = { 1e-12, 1e-12 };
    int digits = dpv_distinct_digits (v, tol, G_N_ELEMENTS (v));
    g_autofree char *ls = dpv_format_number (k->cur_lemma, digits);
    g_autofree char *rs = dpv_fmt (k->cur_act > 0 ? k->cur_lemma / k->cur_act : NAN);

    as = dpv_format_number (k->cur_act, digits);
    return g_strdup_printf (_("at ε = %s: Lemma 3.18 bound %s, actual KL %s, ratio ×%s"),
                            es, ls, as, rs);
  }
}

static void
kl_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvKl *k = dpv_frame_get_result (frame);
  int digits = kl_digits (k);

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      dpv_readout_add (out, _("Gaussian KL = Δ²/(2σ²) = ρ (zCDP)"), dpv_fmt (k->cur_act));
      dpv_readout_add (out, _("Gaussian σ, calibrated at (ε, δ)"), dpv_fmt (m->scale));
      dpv_readout_add (out, _("Lemma 3.18 and the ε-DP bounds"),
                       g_strdup (_("do not apply: the Gaussian is not ε-DP")));
      dpv_readout_add (out, _("Max divergence D∞"), dpv_fmt (k->dinf));
      return;
    }
  dpv_readout_add (out, _("Lemma 3.18 bound ε(e^ε − 1)"),
                   dpv_format_number (k->cur_lemma, digits));
  dpv_readout_add (out, _("Tight bound ε·tanh(ε/2)"), dpv_format_number (k->cur_tight, digits));
  dpv_readout_add (out, _("zCDP bound ε²/2"), dpv_format_number (k->cur_zcdp, digits));
  dpv_readout_add (out, _("Actual KL of the mechanism"),
                   dpv_format_number (k->cur_act, digits));
  dpv_readout_add (out, _("Lemma 3.18 bound / actual KL"),
                   k->cur_act > 0 ? dpv_fmt (k->cur_lemma / k->cur_act) : g_strdup ("—"));
  dpv_readout_add (out, _("Max divergence D∞"), dpv_fmt (k->dinf));
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_LOG_Y, DPV_PARAM_NONE
};

static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_DELTA, DPV_PARAM_NONE
};

const DpvViewClass dpv_kl_view = {
  .name = "kl",
  .title = N_("KL divergence against ε(e<sup>ε</sup> − 1)"),
  .short_title = N_("KL Bound"),
  .icon_name = "view-mirror-symbolic",
  .explanation =
    N_("Lemma 3.18 of Dwork &amp; Roth bounds the KL divergence (Def. 3.5) of any pair with "
       "max divergence at most ε in both directions (an ε-DP pair) by ε(e<sup>ε</sup> − 1); it "
       "is the per-step drift in the proof of advanced composition (Thm 3.20). The tight worst "
       "case is ε·tanh(ε/2), reached by randomized response (Kairouz, Oh &amp; Viswanath "
       "2015); ε²/2 is the zCDP bound (Bun &amp; Steinke 2016). The Laplace mechanism's KL "
       "lies below them all and randomized response's equals the tight bound; the max "
       "divergence ε is drawn for reference. For small ε the KL of Laplace and of randomized "
       "response, the tight bound and ε²/2 are all about ε²/2, the lemma's bound about twice "
       "that; for large ε the lemma is "
       "far too pessimistic. The Gaussian mechanism is not ε-DP (its privacy loss is "
       "unbounded), so these bounds do not apply to it: its KL is Δ²/(2σ²) = ρ, its zCDP "
       "parameter, drawn for σ calibrated at each ε and the chosen δ. With a large δ it can lie "
       "far above them: at ε = δ = 0.01 it is 13 times ε·tanh(ε/2)."),
  .more_private = N_("Smaller ε is more private."),
  .uses = uses,
  .data_uses = data_uses,
  .compute_data = kl_compute_data,
  .free_data = g_free,
  .compute = kl_compute,
  .free_result = g_free,
  .readouts = kl_readouts,
  .caption = kl_caption,
  .draw = dpv_kl_draw,
};
