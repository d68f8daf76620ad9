/* dpv-view-kl.c — View 3: the KL divergence of ε-DP pairs against the Lemma 3.18 bound
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
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include <gsl/gsl_interp.h>

#include "dpv-ticks.h"
#include "dpv-view-private.h"

#define KL_SAMPLES 300
/* Each Gaussian point needs a calibration (a root search, ~0.05 ms): 48 nodes, cached per δ
 * (the KL Δ²/(2σ²) = μ²/2 does not depend on Δ), and the curve between them interpolated
 * (dpv_kl_actual_curve ()). */
#define KL_SAMPLES_GAUSSIAN 48

G_LOCK_DEFINE_STATIC (gaussian_cache);
static double gaussian_cache_delta = -1.0;
static double gaussian_cache[KL_SAMPLES_GAUSSIAN];

typedef struct {
  const DpvParams *params;
  DpMechanismKind kind;
  double y_lo, y_hi;
  gboolean legend_below;
} Kl;

static const char *actual_label (DpMechanismKind kind);

enum { LABEL_REF, LABEL_LEMMA, LABEL_ZCDP, LABEL_TIGHT, N_FIXED_LABELS };

/* The fixed curves' legend labels, named once for the strip under the plot and for the
 * series. */
static const char *const label_text[N_FIXED_LABELS] = {
  [LABEL_REF] = N_("max divergence D<sub>∞</sub> = ε"),
  [LABEL_LEMMA] = N_("Lemma 3.18: ε(e<sup>ε</sup> − 1)"),
  [LABEL_ZCDP] = N_("zCDP: ε²/2"),
  [LABEL_TIGHT] = N_("tight: ε·tanh(ε/2)"),
};

static const char *
label (int which)
{
  return _(label_text[which]);
}

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

static void
setup_kl (DpvPlot *plot, gconstpointer user_data)
{
  const Kl *k = user_data;

  dpv_plot_set_x_axis (plot, DPV_EPSILON_MIN, DPV_EPSILON_MAX, DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, k->y_lo, k->y_hi,
                       k->params->log_y ? DPV_SCALE_LOG : DPV_SCALE_LINEAR,
                       _("divergence (nats)"));
  if (k->legend_below)
    {
      const char *labels[N_FIXED_LABELS + 1];

      for (int i = 0; i < N_FIXED_LABELS; i++)
        labels[i] = label (i);
      labels[N_FIXED_LABELS] = actual_label (k->kind);
      dpv_plot_set_legend_below (plot, labels, G_N_ELEMENTS (labels));
    }
}

/* The mechanism's actual KL at the n points xs of the log grid over [DPV_EPSILON_MIN,
 * DPV_EPSILON_MAX]. Laplace and randomized response are evaluated at every point. The
 * Gaussian is calibrated at KL_SAMPLES_GAUSSIAN nodes only (cached per δ) and interpolated in
 * ln KL against ln ε by Steffen's monotone cubic (M. Steffen, "A simple method for monotonic
 * interpolation in one dimension", A&A 239 (1990) 443; GSL's gsl_interp_steffen): a smooth
 * curve with no overshoot between nodes, where the polyline through the nodes showed kinks on
 * a linear axis. If a node has no finite positive value the nodes are used as they are. */
gsize
dpv_kl_actual_curve (const DpvParams *params, DpMechanismKind kind, const double *xs, gsize n,
                     double *x_out, double *out)
{
  double xa[KL_SAMPLES_GAUSSIAN], act[KL_SAMPLES_GAUSSIAN], lx[KL_SAMPLES_GAUSSIAN],
         ly[KL_SAMPLES_GAUSSIAN];
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

  dpv_grid_log (DPV_EPSILON_MIN, DPV_EPSILON_MAX, KL_SAMPLES_GAUSSIAN, xa);
  G_LOCK (gaussian_cache);
  if (gaussian_cache_delta != params->delta)
    {
      for (gsize i = 0; i < KL_SAMPLES_GAUSSIAN; i++)
        gaussian_cache[i] = kl_actual (params, kind, xa[i]);
      gaussian_cache_delta = params->delta;
    }
  memcpy (act, gaussian_cache, sizeof act);
  G_UNLOCK (gaussian_cache);

  for (gsize i = 0; i < KL_SAMPLES_GAUSSIAN; i++)
    {
      ok = ok && isfinite (act[i]) && act[i] > 0;
      lx[i] = log (xa[i]);
      ly[i] = ok ? log (act[i]) : 0;
    }
  if (!ok || n < 2)
    {
      memcpy (x_out, xa, sizeof xa);
      memcpy (out, act, sizeof act);
      return KL_SAMPLES_GAUSSIAN;
    }
  {
    gsl_interp *interp = gsl_interp_alloc (gsl_interp_steffen, KL_SAMPLES_GAUSSIAN);
    gsl_interp_accel *acc = gsl_interp_accel_alloc ();

    gsl_interp_init (interp, lx, ly, KL_SAMPLES_GAUSSIAN);
    for (gsize i = 0; i < n; i++)
      {
        double t = CLAMP (log (xs[i]), lx[0], lx[KL_SAMPLES_GAUSSIAN - 1]);

        x_out[i] = xs[i];
        out[i] = exp (gsl_interp_eval (interp, lx, ly, t, acc));
      }
    gsl_interp_accel_free (acc);
    gsl_interp_free (interp);
  }
  return n;
}

static const char *
actual_label (DpMechanismKind kind)
{
  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      return _("Laplace KL = ε + e<sup>−ε</sup> − 1");
    case DP_MECHANISM_GAUSSIAN:
      return _("Gaussian KL = Δ²/(2σ²), σ calibrated at (ε, δ)");
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      return _("randomized response KL = ε·tanh(ε/2)");
    }
}

void
dpv_view_render_kl (const DpvParams *params, const DpMechanism *m, const DpvStyle *style,
                    cairo_t *cr, double x, double y, double w, double h)
{
  Kl k = { params, m->kind, 0, 0, FALSE };
  g_autoptr(DpvPlot) plot = NULL;
  double xs[KL_SAMPLES], lemma[KL_SAMPLES], tight[KL_SAMPLES], zcdp[KL_SAMPLES];
  double ref[KL_SAMPLES], xa[MAX (KL_SAMPLES_GAUSSIAN, KL_SAMPLES)];
  double act[MAX (KL_SAMPLES_GAUSSIAN, KL_SAMPLES)];
  gsize na;
  double eps = params->epsilon, lo = HUGE_VAL, hi = 0;
  double cur_x[5], cur_y[5];
  double cur_lemma, cur_act;

  dpv_grid_log (DPV_EPSILON_MIN, DPV_EPSILON_MAX, KL_SAMPLES, xs);
  for (gsize i = 0; i < KL_SAMPLES; i++)
    {
      lemma[i] = bound (dp_kl_bound_lemma_3_18, xs[i]);
      tight[i] = bound (dp_kl_bound_tight, xs[i]);
      zcdp[i] = bound (dp_kl_bound_zcdp, xs[i]);
    }
  na = dpv_kl_actual_curve (params, m->kind, xs, KL_SAMPLES, xa, act);
  for (gsize i = 0; i < na; i++)
    if (act[i] > 0)
      lo = MIN (lo, act[i]);
  for (gsize i = 0; i < KL_SAMPLES; i++)
    {
      if (zcdp[i] > 0)
        lo = MIN (lo, zcdp[i]);
      if (lemma[i] > 0)
        hi = MAX (hi, lemma[i]);
    }
  cur_lemma = bound (dp_kl_bound_lemma_3_18, eps);
  cur_act = kl_actual (params, m->kind, eps);

  if (params->log_y)
    {
      k.y_lo = isfinite (lo) ? lo * 0.5 : 1e-6;
      k.y_hi = hi > 0 ? hi * 2.0 : 1e6;
    }
  else
    {
      /* Linear axis: scale to the moderate curves at the current ε (ε and ε²/2); the lemma
       * is included while it is within 4× of them and otherwise leaves through the top. */
      double base = MAX (eps, eps * eps / 2);

      k.y_lo = 0.0;
      k.y_hi = 1.25 * MAX (base, MIN (isfinite (cur_lemma) ? cur_lemma : 0.0, 4 * base));
    }

  /* Narrower than this (the app's window, small exports), some ε put a curve under the
   * legend wherever it goes inside: it goes under the plot instead. */
  k.legend_below = dpv_view_roomy (style, w, h) && w < 64 * dpv_style_text_size (style);
  plot = dpv_panel_new (cr, style, x, y, w, h, setup_kl, &k);
  dpv_plot_draw_frame (plot);
  dpv_plot_vline (plot, eps, &style->accent, DPV_DASH_DASHED, NULL);
  /* y = ε: a straight line on log–log axes, a gentle curve otherwise; 60 points either way,
   * thin and dashed rather than dotted (dots are costly to stroke). */
  dpv_grid_log (DPV_EPSILON_MIN, DPV_EPSILON_MAX, 60, ref);
  dpv_plot_line (plot, ref, ref, 60, &style->roles[DPV_ROLE_EXTRA],
                 style->line_width * 0.7, DPV_DASH_DASHED,
                 label (LABEL_REF));
  dpv_plot_line (plot, xs, lemma, KL_SAMPLES, &style->roles[DPV_ROLE_BOUND], style->line_width,
                 DPV_DASH_SOLID, label (LABEL_LEMMA));
  dpv_plot_line (plot, xs, zcdp, KL_SAMPLES, &style->roles[DPV_ROLE_ZCDP], style->line_width,
                 DPV_DASH_DASHDOT, label (LABEL_ZCDP));
  dpv_plot_line (plot, xs, tight, KL_SAMPLES, &style->roles[DPV_ROLE_TIGHT],
                 style->line_width * (m->kind == DP_MECHANISM_RR ? 2.2 : 1.0),
                 DPV_DASH_SOLID, label (LABEL_TIGHT));
  dpv_plot_line (plot, xa, act, na, &style->roles[DPV_ROLE_ACTUAL], style->line_width * 1.2,
                 m->kind == DP_MECHANISM_RR ? DPV_DASH_DASHED : DPV_DASH_SOLID,
                 actual_label (m->kind));

  cur_x[0] = cur_x[1] = cur_x[2] = cur_x[3] = eps;
  cur_y[0] = cur_lemma;
  cur_y[1] = bound (dp_kl_bound_tight, eps);
  cur_y[2] = bound (dp_kl_bound_zcdp, eps);
  cur_y[3] = cur_act;
  dpv_plot_markers (plot, cur_x, cur_y, 1, &style->roles[DPV_ROLE_BOUND], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 1, cur_y + 1, 1, &style->roles[DPV_ROLE_TIGHT], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 2, cur_y + 2, 1, &style->roles[DPV_ROLE_ZCDP], 4.0, NULL);
  dpv_plot_markers (plot, cur_x + 3, cur_y + 3, 1, &style->roles[DPV_ROLE_ACTUAL], 4.5, NULL);
  if (isfinite (cur_act) && cur_act > 0 && isfinite (cur_lemma))
    {
      g_autofree char *ratio = dpv_fmt (cur_lemma / cur_act);
      g_autofree char *lv = dpv_fmt (cur_lemma);
      g_autofree char *av = dpv_fmt (cur_act);
      /* three short lines rather than one long one: a narrow note finds a clear place beside
       * the ε line between curves that fan out from it */
      g_autofree char *label = g_strdup_printf (_("bound %s\nactual %s\nratio ×%s"), lv, av,
                                                ratio);
      double ay = cur_act;

      if (!params->log_y)
        ay = MIN (MAX (cur_act, 0.0), k.y_hi * 0.9);
      dpv_plot_annotate_vline (plot, eps, ay, label,
                               eps > 3.0 ? DPV_ANCHOR_SOUTH_WEST : DPV_ANCHOR_SOUTH_EAST,
                               &style->foreground);
    }
  if (dpv_view_roomy (style, w, h))
    dpv_plot_legend (plot);
}

char *
dpv_view_caption_kl (const DpvParams *params, const DpMechanism *m)
{
  double lemma = bound (dp_kl_bound_lemma_3_18, params->epsilon);
  double act = kl_actual (params, m->kind, params->epsilon);
  g_autofree char *es = dpv_fmt (params->epsilon);
  g_autofree char *ls = dpv_fmt (lemma);
  g_autofree char *as = dpv_fmt (act);
  g_autofree char *rs = dpv_fmt (act > 0 ? lemma / act : NAN);

  return g_strdup_printf (_("at ε = %s: Lemma 3.18 bound %s, actual KL %s, ratio ×%s"),
                          es, ls, as, rs);
}

void
dpv_view_readouts_kl (const DpvParams *params, const DpMechanism *m, GPtrArray *out)
{
  double eps = params->epsilon;
  double lemma = bound (dp_kl_bound_lemma_3_18, eps);
  double act = kl_actual (params, m->kind, eps);

  dpv_readout_add (out, _("Lemma 3.18 bound ε(e^ε − 1)"), dpv_fmt (lemma));
  dpv_readout_add (out, _("Tight bound ε·tanh(ε/2)"), dpv_fmt (bound (dp_kl_bound_tight, eps)));
  dpv_readout_add (out, _("zCDP bound ε²/2"), dpv_fmt (bound (dp_kl_bound_zcdp, eps)));
  dpv_readout_add (out, _("Actual KL of the mechanism"), dpv_fmt (act));
  dpv_readout_add (out, _("Lemma 3.18 bound / actual KL"),
                   act > 0 ? dpv_fmt (lemma / act) : g_strdup ("—"));
  {
    double dinf = NAN;

    if (dp_max_divergence (m, &dinf) != DP_OK)
      dinf = NAN;
    dpv_readout_add (out, _("Max divergence D∞"), dpv_fmt (dinf));
  }
}
