/* dpv-accuracy-draw.c — the accuracy view drawn: the noise, its width against ε and n
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-accuracy.c; computes nothing. Top: the noise density around the
 * true answer with the central interval ±x filled, the needed ±x and the seeded noisy answers
 * as dots (those outside ±x in the D′ colour). Beneath: the half-width against ε for both
 * noise distributions with the target and the ε that meets it, and against n for a count and
 * a mean at the current ε.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-accuracy.h"

typedef struct {
  const DpvAccuracy *a;
  const DpvParams *params;
  gboolean compact;
} Accuracy;

static const DpvColor *
mech_colour (const DpvStyle *style, DpMechanismKind kind)
{
  return &style->roles[kind == DP_MECHANISM_GAUSSIAN ? DPV_ROLE_ZCDP : DPV_ROLE_BOUND];
}

/* ---- the noise --------------------------------------------------------------------------- */

static void
setup_noise (DpvPlot *plot, gconstpointer user_data)
{
  const Accuracy *v = user_data;
  const DpvAccuracy *a = v->a;
  g_autofree char *scale = dpv_fmt (a->mech.scale);
  g_autofree char *ds = dpv_fmt (a->sensitivity);
  g_autofree char *t1 = a->mech.kind == DP_MECHANISM_GAUSSIAN
    /* Translators: the noise panel's title: σ, then Δ */
    ? g_strdup_printf (_("Noise around the true answer: Gaussian, σ = %s (Δ = %s)"), scale, ds)
    /* Translators: the noise panel's title: b, then Δ */
    : g_strdup_printf (_("Noise around the true answer: Laplace, b = %s (Δ = %s)"), scale, ds);
  const char *titles[] = { t1, _("Noise around the true answer") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, a->x_lo, a->x_hi, DPV_SCALE_LINEAR,
                       _("noisy answer − true answer f(D)"));
  dpv_plot_set_y_axis (plot, 0.0, a->y_max, DPV_SCALE_LINEAR, _("density"));
}

static void
draw_noise (const Accuracy *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvAccuracy *a = v->a;
  const DpvColor *mc = mech_colour (style, a->mech.kind);
  gsize i0 = 0, i1 = a->n_density;
  double zeros[DPV_CURVE_SAMPLES + 4] = { 0 };
  double dy[DPV_ACCURACY_DOTS];
  double in_x[DPV_ACCURACY_DOTS], in_y[DPV_ACCURACY_DOTS];
  double out_x[DPV_ACCURACY_DOTS], out_y[DPV_ACCURACY_DOTS];
  gsize n_in = 0, n_out = 0;
  g_autofree char *xs = dpv_fmt (a->half_width);
  g_autofree char *cs = dpv_accuracy_percent (a->confidence);
  /* Translators: the interval ±x and its probability C in % */
  g_autofree char *ilabel = g_strdup_printf (_("±%s holds %s %%"), xs, cs);
  /* Translators: how many of the 20 seeded noisy answers lie inside ±x */
  g_autofree char *dlabel = g_strdup_printf (_("20 noisy answers (seeded): %u inside ±x"),
                                             a->dots_inside);

  /* the interval [−x, x]: ±x are points of the grid */
  while (i0 < a->n_density && a->xs[i0] < -a->half_width)
    i0++;
  while (i1 > i0 && a->xs[i1 - 1] > a->half_width)
    i1--;
  dpv_plot_fill_between (plot, a->xs + i0, zeros, a->density + i0, i1 - i0, mc, 0.25,
                         ilabel);
  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, a->xs, a->density, a->n_density, mc, style->line_width, DPV_DASH_SOLID,
                 NULL);
  dpv_plot_vline (plot, 0.0, &style->foreground, DPV_DASH_DOTTED, NULL);
  dpv_plot_vline (plot, -a->half_width, mc, DPV_DASH_DASHED, NULL);
  dpv_plot_vline (plot, a->half_width, mc, DPV_DASH_DASHED, NULL);
  if (a->has_target)
    {
      g_autofree char *ts = dpv_fmt (a->target);
      /* Translators: the accuracy the user asked for */
      g_autofree char *tlabel = g_strdup_printf (_("needed: ±%s"), ts);

      dpv_plot_vline (plot, -a->target, &style->foreground, DPV_DASH_DASHDOT, NULL);
      dpv_plot_vline (plot, a->target, &style->foreground, DPV_DASH_DASHDOT, NULL);
      dpv_plot_annotate_vline (plot, a->target, a->y_max * 0.88, tlabel, DPV_ANCHOR_EAST,
                               &style->foreground);
    }
  /* the dots in three rows near the axis */
  for (gsize i = 0; i < DPV_ACCURACY_DOTS; i++)
    {
      dy[i] = a->y_max * (0.035 + 0.045 * (i % 3));
      if (fabs (a->dots[i]) <= a->half_width)
        {
          in_x[n_in] = a->dots[i];
          in_y[n_in++] = dy[i];
        }
      else
        {
          out_x[n_out] = a->dots[i];
          out_y[n_out++] = dy[i];
        }
    }
  dpv_plot_markers (plot, in_x, in_y, n_in, &style->roles[DPV_ROLE_D], 4.0, dlabel);
  dpv_plot_markers (plot, out_x, out_y, n_out, &style->roles[DPV_ROLE_D_PRIME], 4.0,
                    n_out > 0 ? _("outside ±x") : NULL);
  dpv_plot_annotate (plot, 0.0, a->y_max * 0.985, "f(D)", DPV_ANCHOR_SOUTH_EAST,
                     &style->foreground);
  dpv_plot_legend (plot);
}

/* ---- against ε --------------------------------------------------------------------------- */

static void
setup_eps (DpvPlot *plot, gconstpointer user_data)
{
  const Accuracy *v = user_data;
  const DpvAccuracy *a = v->a;
  g_autofree char *ds = dpv_fmt (a->sensitivity);
  g_autofree char *cs = dpv_accuracy_percent (a->confidence);
  /* Translators: Δ and the confidence C in % */
  g_autofree char *t1 = g_strdup_printf (_("Half-width x against ε (Δ = %s, C = %s %%)"), ds,
                                         cs);
  const char *titles[] = { t1, _("Half-width x against ε") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, a->eps[0], a->eps[DPV_ACCURACY_CURVE - 1], DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, a->eps_w_lo, a->eps_w_hi, DPV_SCALE_LOG, _("half-width x"));
}

static void
draw_eps (const Accuracy *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvAccuracy *a = v->a;
  gboolean gauss = a->mech.kind == DP_MECHANISM_GAUSSIAN;
  double mx[1] = { v->params->epsilon }, my[1] = { a->half_width };
  g_autofree char *xs = dpv_fmt (a->half_width);
  g_autofree char *mlabel = g_strdup_printf ("x = %s", xs);
  g_autofree char *dl = dpv_fmt (v->params->delta);
  /* Translators: the Gaussian curve's legend: δ */
  g_autofree char *glabel = g_strdup_printf (_("Gaussian at δ = %s: σ·Φ<sup>−1</sup>((1 + C)/2)"),
                                             dl);

  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, a->eps, a->lap_width, DPV_ACCURACY_CURVE,
                 mech_colour (style, DP_MECHANISM_LAPLACE),
                 gauss ? style->line_width * 0.7 : style->line_width,
                 gauss ? DPV_DASH_DASHED : DPV_DASH_SOLID, _("Laplace: (Δ/ε)·ln(1/(1 − C))"));
  dpv_plot_line (plot, a->eps, a->gau_width, DPV_ACCURACY_CURVE,
                 mech_colour (style, DP_MECHANISM_GAUSSIAN),
                 gauss ? style->line_width : style->line_width * 0.7,
                 gauss ? DPV_DASH_SOLID : DPV_DASH_DASHED, glabel);
  if (a->has_target)
    {
      g_autofree char *ts = dpv_fmt (a->target);
      g_autofree char *tlabel = g_strdup_printf (_("needed: ±%s"), ts);
      double lx[1] = { a->laplace_epsilon }, ty[1] = { a->target };

      dpv_plot_hline (plot, a->target, &style->foreground, DPV_DASH_DASHDOT, NULL);
      if (lx[0] >= a->eps[0] && lx[0] <= a->eps[DPV_ACCURACY_CURVE - 1])
        {
          g_autofree char *es = dpv_fmt (lx[0]);
          g_autofree char *label = g_strdup_printf ("ε = %s", es);

          dpv_plot_markers (plot, lx, ty, 1, mech_colour (style, DP_MECHANISM_LAPLACE), 4.5,
                            NULL);
          dpv_plot_annotate (plot, lx[0], ty[0], label, DPV_ANCHOR_NORTH_EAST,
                             mech_colour (style, DP_MECHANISM_LAPLACE));
        }
      if (a->gaussian_ok && a->gaussian_epsilon >= a->eps[0]
          && a->gaussian_epsilon <= a->eps[DPV_ACCURACY_CURVE - 1])
        {
          g_autofree char *es = dpv_fmt (a->gaussian_epsilon);
          g_autofree char *label = g_strdup_printf ("ε = %s", es);
          double gx[1] = { a->gaussian_epsilon };

          dpv_plot_markers (plot, gx, ty, 1, mech_colour (style, DP_MECHANISM_GAUSSIAN), 4.5,
                            NULL);
          dpv_plot_annotate (plot, gx[0], ty[0], label, DPV_ANCHOR_SOUTH_WEST,
                             mech_colour (style, DP_MECHANISM_GAUSSIAN));
        }
      dpv_plot_annotate (plot, a->eps[DPV_ACCURACY_CURVE - 1], a->target, tlabel,
                         DPV_ANCHOR_NORTH_WEST, &style->foreground);
    }
  dpv_plot_vline (plot, mx[0], &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
  dpv_plot_annotate_vline (plot, mx[0], my[0], mlabel, DPV_ANCHOR_EAST, &style->foreground);
  dpv_plot_legend (plot);
}

/* ---- against n --------------------------------------------------------------------------- */

static void
setup_n (DpvPlot *plot, gconstpointer user_data)
{
  const Accuracy *v = user_data;
  g_autofree char *es = dpv_fmt (v->params->epsilon);
  /* Translators: ε */
  g_autofree char *t1 = g_strdup_printf (_("Half-width x against n at ε = %s"), es);
  const char *titles[] = { t1, _("Half-width x against n") };

  dpv_plot_set_title_choices (plot, titles, 2);
  dpv_plot_set_x_axis (plot, v->a->ns[0], v->a->ns[DPV_ACCURACY_CURVE - 1], DPV_SCALE_LOG,
                       _("records n"));
  dpv_plot_set_y_axis (plot, v->a->n_w_lo, v->a->n_w_hi, DPV_SCALE_LOG, _("half-width x"));
}

static void
draw_n (const Accuracy *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvAccuracy *a = v->a;
  const DpvParams *params = v->params;
  double cx[2] = { a->ns[0], a->ns[DPV_ACCURACY_CURVE - 1] };
  double cy[2] = { a->count_width, a->count_width };

  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, cx, cy, 2, &style->roles[DPV_ROLE_EXTRA], style->line_width,
                 DPV_DASH_SOLID, _("a count (Δ = 1): the same for every n"));
  dpv_plot_line (plot, a->ns, a->mean_width, DPV_ACCURACY_CURVE,
                 &style->roles[DPV_ROLE_TIGHT], style->line_width, DPV_DASH_SOLID,
                 _("the mean of n values in [0, 1] (Δ = 1/n)"));
  if (a->has_target && params->query != DPV_QUERY_CUSTOM)
    dpv_plot_hline (plot, a->target, &style->foreground, DPV_DASH_DASHDOT, NULL);
  if (params->query != DPV_QUERY_CUSTOM)
    {
      /* a count's width does not depend on n: its value goes over the middle of its line */
      double mx[1] = { params->query == DPV_QUERY_MEAN ? (double) params->records
                                                       : sqrt (cx[0] * cx[1]) };
      double my[1] = { a->half_width };
      g_autofree char *xs = dpv_fmt (a->half_width);
      g_autofree char *label = params->query == DPV_QUERY_MEAN
        ? g_strdup_printf ("n = %lu: x = %s", params->records, xs)
        : g_strdup_printf ("x = %s", xs);

      if (params->query == DPV_QUERY_MEAN)
        dpv_plot_vline (plot, mx[0], &style->accent, DPV_DASH_DASHED, NULL);
      if (params->query == DPV_QUERY_MEAN)
        {
          dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
          dpv_plot_annotate_vline (plot, mx[0], my[0], label, DPV_ANCHOR_EAST,
                                   &style->foreground);
        }
      else
        dpv_plot_annotate (plot, mx[0], my[0], label, DPV_ANCHOR_NORTH,
                           &style->foreground);
    }
  dpv_plot_legend (plot);
}

void
dpv_accuracy_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                   double x, double y, double w, double h)
{
  Accuracy v = { dpv_frame_get_result (frame), dpv_frame_get_params (frame), FALSE };
  double text = dpv_style_text_size (style);
  g_autoptr(DpvPlot) noise = NULL;
  g_autoptr(DpvPlot) eps = NULL;
  g_autoptr(DpvPlot) n = NULL;

  v.compact = w < 52 * text || h < 26 * text;
  if (v.compact)
    {
      /* the noise on the left, the two half-widths stacked on the right */
      double nw = w * 0.55, eh = h * 0.5;

      noise = dpv_panel_new (cr, style, x, y, nw, h, setup_noise, &v);
      eps = dpv_panel_new (cr, style, x + nw, y, w - nw, eh, setup_eps, &v);
      n = dpv_panel_new (cr, style, x + nw, y + eh, w - nw, h - eh, setup_n, &v);
      draw_noise (&v, style, noise);
      draw_eps (&v, style, eps);
      draw_n (&v, style, n);
      return;
    }
  {
    double top = h * 0.52;
    DpvPlot *bottom[2];

    noise = dpv_panel_new (cr, style, x, y, w, top, setup_noise, &v);
    eps = dpv_panel_new (cr, style, x, y + top, w / 2, h - top, setup_eps, &v);
    n = dpv_panel_new (cr, style, x + w / 2, y + top, w / 2, h - top, setup_n, &v);
    bottom[0] = eps;
    bottom[1] = n;
    dpv_plot_align_bottom (bottom, 2);
    draw_noise (&v, style, noise);
    draw_eps (&v, style, eps);
    draw_n (&v, style, n);
  }
}
