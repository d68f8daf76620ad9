/* dpv-view-densities.c — View 1: the output densities on D and D′ and the privacy loss
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Laplace p = Lap(0, b), q = Lap(Δ, b), b = Δ/ε (Dwork & Roth Def. 3.3, Thm 3.6); Gaussian
 * N(0, σ²), N(Δ, σ²) with σ from the analytic calibration (Balle & Wang 2018, Alg. 1) and the
 * classic σ = Δ√(2 ln(1.25/δ))/ε (Dwork & Roth Thm A.1, valid for ε < 1) dashed; randomized
 * response as bar pairs (p, 1 − p), p = e^ε/(1+e^ε) (book §3.3.1). Beneath: the privacy
 * loss L(y) = ln(p(y)/q(y)) with the band ±ε (VIEWS.md, View 1).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-ticks.h"
#include "dpv-view-private.h"

typedef struct {
  const DpvParams *params;
  const DpMechanism *m;
  double x_lo, x_hi;       /* output range shown */
  double y_max;            /* top of the density axis */
  double loss_max;         /* half height of the loss axis */
  double sigma_classic;    /* Gaussian: classic σ, 0 when not drawn */
} Densities;

static void
setup_top (DpvPlot *plot, gconstpointer user_data)
{
  const Densities *d = user_data;

  dpv_plot_set_x_axis (plot, d->x_lo, d->x_hi, DPV_SCALE_LINEAR, NULL);
  dpv_plot_set_y_axis (plot, 0.0, d->y_max, DPV_SCALE_LINEAR,
                       d->m->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  dpv_plot_set_x_tick_labels (plot, FALSE);
}

static void
setup_bottom (DpvPlot *plot, gconstpointer user_data)
{
  const Densities *d = user_data;

  dpv_plot_set_x_axis (plot, d->x_lo, d->x_hi, DPV_SCALE_LINEAR,
                       d->m->kind == DP_MECHANISM_RR ? _("reported bit y")
                                                     : _("output y  (f(D) = 0, f(D′) = Δ)"));
  dpv_plot_set_y_axis (plot, -d->loss_max, d->loss_max, DPV_SCALE_LINEAR,
                       _("loss L(y)"));
}

static double
loss (const DpMechanism *m, double y)
{
  double v = NAN;

  if (dp_mechanism_privacy_loss (m, y, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

static double
classic_sigma (const DpvParams *params)
{
  double s = 0;

  if (dp_gaussian_sigma_classic (params->epsilon, params->delta, params->sensitivity, &s)
      != DP_OK || !isfinite (s))
    return 0.0;
  return s;
}

/* The band |L| ≤ ε, shaded under the frame's grid (call before dpv_plot_draw_frame ()). */
static void
shade_band (DpvPlot *plot, const DpvStyle *style, double eps)
{
  dpv_plot_shade_y_range (plot, -eps, eps, &style->roles[DPV_ROLE_LOSS], 0.10);
}

/* Its edges ±ε, over the grid. */
static void
draw_band (DpvPlot *plot, const DpvStyle *style, double eps)
{
  dpv_plot_hline (plot, eps, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, -eps, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED, NULL);
}

/* The band's labels, at the right end of its edges, placed after L(y): the loss reaches ±ε
 * there or beyond (the Gaussian's L(y) is a line through the whole band), and a label put
 * with the edge, before L(y), was crossed by it. */
static void
label_band (DpvPlot *plot, const DpvStyle *style, double eps)
{
  g_autofree char *es = dpv_fmt (eps);
  g_autofree char *hi = g_strdup_printf ("+ε = %s", es);
  g_autofree char *lo = g_strdup_printf ("−ε = −%s", es);
  double dx, dw, right;

  dpv_plot_get_data_area (plot, &dx, NULL, &dw, NULL);
  right = dpv_plot_user_to_x (plot, dx + dw);
  dpv_plot_annotate (plot, right, eps, hi, DPV_ANCHOR_NORTH_WEST, &style->roles[DPV_ROLE_LOSS]);
  dpv_plot_annotate (plot, right, -eps, lo, DPV_ANCHOR_NORTH_WEST,
                     &style->roles[DPV_ROLE_LOSS]);
}

static void
render_rr (Densities *d, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
           double h)
{
  const DpMechanism *m = d->m;
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;
  double xs_d[2] = { -0.17, 0.83 }, xs_q[2] = { 0.17, 1.17 }, cat[2] = { 0.0, 1.0 };
  double hp[2], hq[2], hl[2];

  for (int i = 0; i < 2; i++)
    {
      hp[i] = dpv_density (m, DP_NEIGHBOUR_D, i);
      hq[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, i);
      hl[i] = loss (m, i);
    }
  d->x_lo = -0.5;
  d->x_hi = 1.5;
  d->y_max = 1.18;
  d->loss_max = 1.4 * d->params->epsilon;
  dpv_panels_stacked (cr, style, x, y, w, h, 0.62, setup_top, setup_bottom, d, &top, &bottom);

  dpv_plot_draw_frame (top);
  dpv_plot_bars (top, xs_d, hp, 2, 0.3, &style->roles[DPV_ROLE_D], 1.0,
                 _("Pr[y | D]: true bit 0"));
  dpv_plot_bars (top, xs_q, hq, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 1.0,
                 _("Pr[y | D′]: true bit 1"));
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *a = dpv_fmt (hp[i]);
      g_autofree char *b = dpv_fmt (hq[i]);

      dpv_plot_annotate (top, xs_d[i], hp[i], a, DPV_ANCHOR_NORTH, &style->roles[DPV_ROLE_D]);
      dpv_plot_annotate (top, xs_q[i], hq[i], b, DPV_ANCHOR_NORTH,
                         &style->roles[DPV_ROLE_D_PRIME]);
    }
  if (dpv_view_roomy (style, w, h))
    dpv_plot_legend (top);

  shade_band (bottom, style, d->params->epsilon);
  dpv_plot_draw_frame (bottom);
  draw_band (bottom, style, d->params->epsilon);
  dpv_plot_bars (bottom, cat, hl, 2, 0.3, &style->roles[DPV_ROLE_LOSS], 0.85,
                 _("L(y) = ln(Pr[y | D] / Pr[y | D′])"));
  if (dpv_view_roomy (style, w, h))
    {
      label_band (bottom, style, d->params->epsilon);
      dpv_plot_legend (bottom);
    }
}

void
dpv_view_render_densities (const DpvParams *params, const DpMechanism *m,
                           const DpvStyle *style, cairo_t *cr,
                           double x, double y, double w, double h)
{
  Densities d = { params, m, 0, 0, 0, 0, 0 };
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;
  double delta_s = m->sensitivity, s = m->scale, centre = delta_s / 2, half;
  double extra[2] = { 0.0, delta_s };
  double xs[DPV_CURVE_SAMPLES + 2], ps[DPV_CURVE_SAMPLES + 2], qs[DPV_CURVE_SAMPLES + 2];
  double zeros[DPV_CURVE_SAMPLES + 2], ls[DPV_CURVE_SAMPLES + 2];
  double cp[DPV_CURVE_SAMPLES + 2], cq[DPV_CURVE_SAMPLES + 2];
  double lmax = 0.0, peak;
  gsize n;

  if (m->kind == DP_MECHANISM_RR)
    {
      render_rr (&d, style, cr, x, y, w, h);
      return;
    }

  /* Laplace: ±5b beyond the two centres hold all but e^{-5}/2 of each density;
   * Gaussian: ±4σ. */
  half = centre + (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * s;
  d.x_lo = centre - half;
  d.x_hi = centre + half;
  peak = m->kind == DP_MECHANISM_LAPLACE ? 1.0 / (2.0 * s) : 1.0 / (s * sqrt (2.0 * G_PI));
  d.y_max = 1.15 * peak;
  if (m->kind == DP_MECHANISM_GAUSSIAN && params->epsilon < 1.0)
    d.sigma_classic = classic_sigma (params);

  n = dpv_grid_with_points (d.x_lo, d.x_hi, DPV_CURVE_SAMPLES, extra, 2, xs);
  for (gsize i = 0; i < n; i++)
    {
      ps[i] = dpv_density (m, DP_NEIGHBOUR_D, xs[i]);
      qs[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, xs[i]);
      ls[i] = loss (m, xs[i]);
      zeros[i] = 0.0;
      if (isfinite (ls[i]))
        lmax = MAX (lmax, fabs (ls[i]));
    }
  d.loss_max = 1.35 * MAX (params->epsilon, MIN (lmax, 3.0 * params->epsilon));

  dpv_panels_stacked (cr, style, x, y, w, h, 0.62, setup_top, setup_bottom, &d, &top, &bottom);

  /* Top: the two densities, filled under the grid. The curves are drawn over the fills'
   * upper edges below, and the lower edges lie on the axis (y = 0 is the bottom of the
   * panel), so the fills need no antialiasing of their own. */
  dpv_plot_fill_between_lined (top, xs, zeros, ps, n, &style->roles[DPV_ROLE_D], 0.16, NULL,
                               style->line_width);
  dpv_plot_fill_between_lined (top, xs, zeros, qs, n, &style->roles[DPV_ROLE_D_PRIME], 0.16,
                               NULL, style->line_width);
  dpv_plot_draw_frame (top);
  if (d.sigma_classic > 0)
    {
      DpMechanism classic;

      if (dp_mechanism_gaussian (d.sigma_classic, m->sensitivity, &classic) == DP_OK)
        {
          g_autofree char *label = NULL;
          g_autofree char *sc = dpv_fmt (d.sigma_classic);

          for (gsize i = 0; i < n; i++)
            {
              cp[i] = dpv_density (&classic, DP_NEIGHBOUR_D, xs[i]);
              cq[i] = dpv_density (&classic, DP_NEIGHBOUR_D_PRIME, xs[i]);
            }
          /* Translators: the classic Gaussian calibration of Dwork & Roth, Thm A.1. */
          label = g_strdup_printf (_("classic σ = %s (Thm A.1)"), sc);
          dpv_plot_line (top, xs, cp, n, &style->roles[DPV_ROLE_D], style->line_width * 0.7,
                         DPV_DASH_DASHED, label);
          dpv_plot_line (top, xs, cq, n, &style->roles[DPV_ROLE_D_PRIME],
                         style->line_width * 0.7, DPV_DASH_DASHED, NULL);
        }
    }
  dpv_plot_line (top, xs, ps, n, &style->roles[DPV_ROLE_D], style->line_width, DPV_DASH_SOLID,
                 _("p(y): output on D"));
  dpv_plot_line (top, xs, qs, n, &style->roles[DPV_ROLE_D_PRIME], style->line_width,
                 DPV_DASH_SOLID, _("q(y): output on D′"));
  dpv_plot_annotate (top, 0.0, dpv_density (m, DP_NEIGHBOUR_D, 0.0), "f(D)",
                     DPV_ANCHOR_NORTH_WEST, &style->roles[DPV_ROLE_D]);
  dpv_plot_annotate (top, delta_s, dpv_density (m, DP_NEIGHBOUR_D_PRIME, delta_s), "f(D′)",
                     DPV_ANCHOR_NORTH_EAST, &style->roles[DPV_ROLE_D_PRIME]);
  if (dpv_view_roomy (style, w, h))
    dpv_plot_legend (top);

  /* Bottom: the privacy loss and the band ±ε, shaded under the grid. */
  shade_band (bottom, style, params->epsilon);
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* L(y) = (Δ² − 2yΔ)/(2σ²) leaves the band outside [Δ/2 − εσ²/Δ, Δ/2 + εσ²/Δ]: the
       * outputs that δ has to pay for. */
      double yb = params->epsilon * s * s / delta_s;

      dpv_plot_shade_x_range (bottom, -HUGE_VAL, centre - yb, &style->roles[DPV_ROLE_LOSS],
                              0.30, _("|L| &gt; ε: paid for by δ"));
      dpv_plot_shade_x_range (bottom, centre + yb, HUGE_VAL, &style->roles[DPV_ROLE_LOSS],
                              0.30, NULL);
    }
  dpv_plot_draw_frame (bottom);
  draw_band (bottom, style, params->epsilon);
  dpv_plot_line (bottom, xs, ls, n, &style->roles[DPV_ROLE_LOSS], style->line_width,
                 DPV_DASH_SOLID, _("L(y) = ln(p(y)/q(y))"));
  if (dpv_view_roomy (style, w, h))
    {
      label_band (bottom, style, params->epsilon);
      dpv_plot_legend (bottom);
    }
}

char *
dpv_view_caption_densities (const DpvParams *params, const DpMechanism *m)
{
  g_autofree char *odds = dpv_fmt (exp (params->epsilon));
  g_autofree char *scale = dpv_fmt (m->scale);

  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      return g_strdup_printf (_("b = Δ/ε = %s · odds change at most ×%s (e<sup>ε</sup>)"),
                              scale, odds);
    case DP_MECHANISM_GAUSSIAN:
      {
        g_autofree char *dl = dpv_fmt (params->delta);

        return g_strdup_printf (_("σ = %s (analytic) · odds change at most ×%s except with "
                                  "probability δ = %s"), scale, odds, dl);
      }
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      {
        double p = 1.0 / (1.0 + exp (-params->epsilon));
        g_autofree char *ps = dpv_fmt (p);

        return g_strdup_printf (_("p = e<sup>ε</sup>/(1+e<sup>ε</sup>) = %s · odds change at "
                                  "most ×%s"), ps, odds);
      }
    }
}

void
dpv_view_readouts_densities (const DpvParams *params, const DpMechanism *m, GPtrArray *out)
{
  double tv = NAN;

  dpv_readout_add (out, _("Mechanism"), g_strdup (dpv_mechanism_label (m->kind)));
  switch (m->kind)
    {
    case DP_MECHANISM_LAPLACE:
      dpv_readout_add (out, _("Laplace scale b = Δ/ε"), dpv_fmt (m->scale));
      break;
    case DP_MECHANISM_GAUSSIAN:
      dpv_readout_add (out, _("Gaussian σ (analytic calibration)"), dpv_fmt (m->scale));
      {
        double sc = classic_sigma (params);

        dpv_readout_add (out, params->epsilon < 1.0 ? _("Gaussian σ (classic, Thm A.1)")
                                                    : _("Gaussian σ (classic, Thm A.1; "
                                                        "not valid for ε ≥ 1)"),
                         sc > 0 ? dpv_fmt (sc) : g_strdup ("—"));
      }
      break;
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      dpv_readout_add (out, _("Probability of reporting the true bit"),
                       dpv_fmt (1.0 / (1.0 + exp (-params->epsilon))));
      break;
    }
  dpv_readout_add (out, _("Odds change at most ×"), dpv_fmt (exp (params->epsilon)));
  dpv_readout_add (out, _("Privacy-loss band ±ε"), dpv_fmt (params->epsilon));
  if (dp_total_variation (m, &tv) == DP_OK)
    dpv_readout_add (out, _("Statistical distance of p and q"), dpv_fmt (tv));
}
