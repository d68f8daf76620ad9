/* dpv-densities-draw.c — View 1 drawn: densities above, the privacy loss beneath
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-densities.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-densities.h"

typedef struct {
  const DpvDensities *d;
  DpMechanismKind kind;
} Setup;

/* Randomized response reports a bit: ticks at its two values only. */
static void
bit_ticks (DpvPlot *plot)
{
  static const double values[] = { 0.0, 1.0 };
  static const char *const labels[] = { "0", "1" };

  dpv_plot_set_x_ticks (plot, values, labels, G_N_ELEMENTS (values));
}

static void
setup_top (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;

  dpv_plot_set_x_axis (plot, s->d->x_lo, s->d->x_hi, DPV_SCALE_LINEAR, NULL);
  if (s->kind == DP_MECHANISM_RR)
    bit_ticks (plot);
  dpv_plot_set_y_axis (plot, 0.0, s->d->y_max, DPV_SCALE_LINEAR,
                       s->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  dpv_plot_set_x_tick_labels (plot, FALSE);
}

static void
setup_bottom (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;

  dpv_plot_set_x_axis (plot, s->d->x_lo, s->d->x_hi, DPV_SCALE_LINEAR,
                       s->kind == DP_MECHANISM_RR ? _("reported bit y")
                                                  : _("output y  (f(D) = 0, f(D′) = Δ)"));
  if (s->kind == DP_MECHANISM_RR)
    bit_ticks (plot);
  dpv_plot_set_y_axis (plot, -s->d->loss_max, s->d->loss_max, DPV_SCALE_LINEAR,
                       _("loss L(y)"));
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
render_rr (const DpvDensities *d, double eps, const DpvStyle *style, cairo_t *cr, double x,
           double y, double w, double h)
{
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;
  double xs_d[2] = { -0.17, 0.83 }, xs_q[2] = { 0.17, 1.17 }, cat[2] = { 0.0, 1.0 };
  Setup setup = { d, DP_MECHANISM_RR };

  dpv_panels_stacked (cr, style, x, y, w, h, 0.62, setup_top, setup_bottom, &setup, &top,
                      &bottom);

  dpv_plot_draw_frame (top);
  dpv_plot_bars (top, xs_d, d->rr_p, 2, 0.3, &style->roles[DPV_ROLE_D], 1.0,
                 _("Pr[y | D]: true bit 0"));
  dpv_plot_bars (top, xs_q, d->rr_q, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 1.0,
                 _("Pr[y | D′]: true bit 1"));
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *a = dpv_fmt_prob (d->rr_p[i]);
      g_autofree char *b = dpv_fmt_prob (d->rr_q[i]);

      dpv_plot_annotate (top, xs_d[i], d->rr_p[i], a, DPV_ANCHOR_NORTH,
                         &style->roles[DPV_ROLE_D]);
      dpv_plot_annotate (top, xs_q[i], d->rr_q[i], b, DPV_ANCHOR_NORTH,
                         &style->roles[DPV_ROLE_D_PRIME]);
    }
  dpv_plot_legend (top);

  shade_band (bottom, style, eps);
  dpv_plot_draw_frame (bottom);
  draw_band (bottom, style, eps);
  dpv_plot_bars (bottom, cat, d->rr_l, 2, 0.3, &style->roles[DPV_ROLE_LOSS], 0.85,
                 _("L(y) = ln(Pr[y | D] / Pr[y | D′])"));
  if (dpv_view_roomy (style, w, h))
    label_band (bottom, style, eps);
  dpv_plot_legend (bottom);
}

void
dpv_densities_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                    double x, double y, double w, double h)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvDensities *d = dpv_frame_get_result (frame);
  Setup setup = { d, m->kind };
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;
  double zeros[DPV_DENSITIES_N] = { 0 };
  double centre = m->sensitivity / 2;
  gsize n = d->n;

  if (m->kind == DP_MECHANISM_RR)
    {
      render_rr (d, params->epsilon, style, cr, x, y, w, h);
      return;
    }

  dpv_panels_stacked (cr, style, x, y, w, h, 0.62, setup_top, setup_bottom, &setup, &top,
                      &bottom);

  /* Top: the two densities, filled under the grid. The curves are drawn over the fills'
   * upper edges below, and the lower edges lie on the axis (y = 0 is the bottom of the
   * panel), so the fills need no antialiasing of their own. */
  dpv_plot_fill_between_lined (top, d->xs, zeros, d->ps, n, &style->roles[DPV_ROLE_D], 0.16,
                               NULL, style->line_width);
  dpv_plot_fill_between_lined (top, d->xs, zeros, d->qs, n, &style->roles[DPV_ROLE_D_PRIME],
                               0.16, NULL, style->line_width);
  dpv_plot_draw_frame (top);
  if (d->classic_drawn)
    {
      g_autofree char *sc = dpv_fmt (d->sigma_classic);
      /* Translators: the classic Gaussian calibration of Dwork & Roth, Thm A.1. */
      g_autofree char *label = g_strdup_printf (_("classic σ = %s (Thm A.1)"), sc);

      dpv_plot_line (top, d->xs, d->cp, n, &style->roles[DPV_ROLE_D], style->line_width * 0.7,
                     DPV_DASH_DASHED, label);
      dpv_plot_line (top, d->xs, d->cq, n, &style->roles[DPV_ROLE_D_PRIME],
                     style->line_width * 0.7, DPV_DASH_DASHED, NULL);
    }
  dpv_plot_line (top, d->xs, d->ps, n, &style->roles[DPV_ROLE_D], style->line_width,
                 DPV_DASH_SOLID, _("p(y): output on D"));
  dpv_plot_line (top, d->xs, d->qs, n, &style->roles[DPV_ROLE_D_PRIME], style->line_width,
                 DPV_DASH_SOLID, _("q(y): output on D′"));
  dpv_plot_annotate (top, 0.0, d->p_at_0, "f(D)", DPV_ANCHOR_NORTH_WEST,
                     &style->roles[DPV_ROLE_D]);
  dpv_plot_annotate (top, m->sensitivity, d->q_at_delta, "f(D′)", DPV_ANCHOR_NORTH_EAST,
                     &style->roles[DPV_ROLE_D_PRIME]);
  dpv_plot_legend (top);

  /* Bottom: the privacy loss and the band ±ε, shaded under the grid. */
  shade_band (bottom, style, params->epsilon);
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* the outputs where the loss leaves the band, with the probability of landing there
       * (which is not δ) */
      g_autofree char *pr = dpv_fmt (d->loss_outside);
      g_autofree char *label = g_strdup_printf (_("P[|L| &gt; ε] = %s"), pr);

      dpv_plot_shade_x_range (bottom, -HUGE_VAL, centre - d->yb, &style->roles[DPV_ROLE_LOSS],
                              0.30, label);
      dpv_plot_shade_x_range (bottom, centre + d->yb, HUGE_VAL, &style->roles[DPV_ROLE_LOSS],
                              0.30, NULL);
    }
  dpv_plot_draw_frame (bottom);
  draw_band (bottom, style, params->epsilon);
  dpv_plot_line (bottom, d->xs, d->ls, n, &style->roles[DPV_ROLE_LOSS], style->line_width,
                 DPV_DASH_SOLID, _("L(y) = ln(p(y)/q(y))"));
  if (dpv_view_roomy (style, w, h))
    label_band (bottom, style, params->epsilon);
  dpv_plot_legend (bottom);
}
