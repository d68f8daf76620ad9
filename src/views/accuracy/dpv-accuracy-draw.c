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
  /* panels too short to keep their legends off the data: the legends go in strips under
   * them */
  gboolean below_noise, below_eps, below_n;
  gboolean formulas;   /* the half-widths' formulas beside their curves */
  /* panels too short even for a strip: their curves named beside them */
  gboolean inline_eps, inline_n;
} Accuracy;

/* A point @f of the way along a curve of @n points. */
static gsize
along (gsize n, double f)
{
  return (gsize) (f * (n - 1) + 0.5);
}

/* Translators: the dots: noisy answers drawn with a fixed seed */
#define DOTS_ENTRY N_("20 noisy answers")
#define COUNT_ENTRY N_("count: Δ = 1")
#define MEAN_ENTRY N_("mean in [0, 1]: Δ = 1/n")
#define LAPLACE_ENTRY N_("Laplace")
#define GAUSSIAN_ENTRY N_("Gaussian")

static const DpvColor *
mech_colour (const DpvStyle *style, DpMechanismKind kind)
{
  return &style->roles[kind == DP_MECHANISM_GAUSSIAN ? DPV_ROLE_ZCDP : DPV_ROLE_BOUND];
}

/* ---- the noise --------------------------------------------------------------------------- */

/* The noise panel's legend entries, in the order draw_noise () draws them; *outside is NULL
 * when every dot lies inside ±x. */
static void
noise_entries (const DpvAccuracy *a, char **interval, char **outside)
{
  g_autofree char *xs = dpv_fmt (a->half_width);
  g_autofree char *cs = dpv_accuracy_percent (a->confidence);
  guint n_out = DPV_ACCURACY_DOTS - a->dots_inside;

  /* Translators: the interval ±x and its probability C in % */
  *interval = g_strdup_printf (_("±%s holds %s %%"), xs, cs);
  /* Translators: how many of the 20 seeded noisy answers lie outside ±x */
  *outside = n_out > 0 ? g_strdup_printf (_("outside ±x: %u of %u"), n_out,
                                          (guint) DPV_ACCURACY_DOTS)
                       : NULL;
}

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
  const char *titles[] = { t1, _("Noise around the true answer"), _("Noise around f(D)") };

  dpv_plot_set_title_choices (plot, titles, 3);
  dpv_plot_set_x_axis (plot, a->x_lo, a->x_hi, DPV_SCALE_LINEAR,
                       _("noisy answer − true answer f(D)"));
  dpv_plot_set_y_axis (plot, 0.0, a->y_max, DPV_SCALE_LINEAR, _("density"));
  if (v->below_noise)
    {
      g_autofree char *interval = NULL;
      g_autofree char *outside = NULL;
      const char *labels[3];

      noise_entries (a, &interval, &outside);
      labels[0] = interval;
      labels[1] = _(DOTS_ENTRY);
      labels[2] = outside;
      dpv_plot_set_legend_below (plot, labels, outside != NULL ? 3 : 2);
    }
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
  g_autofree char *ilabel = NULL;
  g_autofree char *olabel = NULL;

  noise_entries (a, &ilabel, &olabel);

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
  dpv_plot_markers (plot, in_x, in_y, n_in, &style->roles[DPV_ROLE_D], 4.0, _(DOTS_ENTRY));
  dpv_plot_markers (plot, out_x, out_y, n_out, &style->roles[DPV_ROLE_D_PRIME], 4.0, olabel);
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
  g_autofree char *dl = dpv_fmt (v->params->delta);
  /* Translators: Δ, the confidence C in %, and the Gaussian's δ */
  g_autofree char *t1 = g_strdup_printf (_("Half-width x against ε (Δ = %s, C = %s %%, "
                                           "Gaussian at δ = %s)"), ds, cs, dl);
  const char *titles[] = { t1, _("Half-width x against ε"), _("x against ε") };

  dpv_plot_set_title_choices (plot, titles, 3);
  dpv_plot_set_x_axis (plot, a->eps[0], a->eps[DPV_ACCURACY_CURVE - 1], DPV_SCALE_LOG,
                       _("privacy budget ε"));
  dpv_plot_set_y_axis (plot, a->eps_w_lo, a->eps_w_hi, DPV_SCALE_LOG, _("half-width x"));
  if (v->below_eps && !v->inline_eps)
    {
      const char *labels[2] = { _(LAPLACE_ENTRY), _(GAUSSIAN_ENTRY) };

      dpv_plot_set_legend_below (plot, labels, 2);
    }
}

static void
draw_eps (const Accuracy *v, const DpvStyle *style, DpvPlot *plot)
{
  const DpvAccuracy *a = v->a;
  gboolean gauss = a->mech.kind == DP_MECHANISM_GAUSSIAN;
  double mx[1] = { v->params->epsilon }, my[1] = { a->half_width };
  g_autofree char *xs = dpv_fmt (a->half_width);
  g_autofree char *mlabel = g_strdup_printf ("x = %s", xs);

  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, a->eps, a->lap_width, DPV_ACCURACY_CURVE,
                 mech_colour (style, DP_MECHANISM_LAPLACE),
                 gauss ? style->line_width * 0.7 : style->line_width,
                 gauss ? DPV_DASH_DASHED : DPV_DASH_SOLID,
                 v->inline_eps ? NULL : _(LAPLACE_ENTRY));
  dpv_plot_line (plot, a->eps, a->gau_width, DPV_ACCURACY_CURVE,
                 mech_colour (style, DP_MECHANISM_GAUSSIAN),
                 gauss ? style->line_width : style->line_width * 0.7,
                 gauss ? DPV_DASH_SOLID : DPV_DASH_DASHED,
                 v->inline_eps ? NULL : _(GAUSSIAN_ENTRY));
  if (v->inline_eps)
    {
      /* both fall as ε grows and the Gaussian's lies above: its name above and right of a
       * point on it, the Laplace's below and left, each on the side away from the other */
      gsize i = along (DPV_ACCURACY_CURVE, 0.1), j = along (DPV_ACCURACY_CURVE, 0.55);

      dpv_plot_annotate (plot, a->eps[i], a->gau_width[i], _(GAUSSIAN_ENTRY),
                         DPV_ANCHOR_NORTH_EAST, mech_colour (style, DP_MECHANISM_GAUSSIAN));
      dpv_plot_annotate (plot, a->eps[j], a->lap_width[j], _(LAPLACE_ENTRY),
                         DPV_ANCHOR_SOUTH_WEST, mech_colour (style, DP_MECHANISM_LAPLACE));
    }
  if (v->formulas)
    {
      /* each curve's formula beside its left end: the Gaussian above its curve, the Laplace
       * below (the Gaussian's lies above the Laplace's over the whole axis at these δ) */
      dpv_plot_annotate (plot, a->eps[0], a->gau_width[0],
                         _("x = σ·Φ<sup>−1</sup>((1 + C)/2)"), DPV_ANCHOR_NORTH_EAST,
                         mech_colour (style, DP_MECHANISM_GAUSSIAN));
      dpv_plot_annotate (plot, a->eps[0], a->lap_width[0], _("x = (Δ/ε)·ln(1/(1 − C))"),
                         DPV_ANCHOR_SOUTH_EAST, mech_colour (style, DP_MECHANISM_LAPLACE));
    }
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
  const char *titles[] = { t1, _("Half-width x against n"), _("x against n") };

  dpv_plot_set_title_choices (plot, titles, 3);
  dpv_plot_set_x_axis (plot, v->a->ns[0], v->a->ns[DPV_ACCURACY_CURVE - 1], DPV_SCALE_LOG,
                       _("records n"));
  dpv_plot_set_y_axis (plot, v->a->n_w_lo, v->a->n_w_hi, DPV_SCALE_LOG, _("half-width x"));
  if (v->below_n && !v->inline_n)
    {
      const char *labels[2] = { _(COUNT_ENTRY), _(MEAN_ENTRY) };

      dpv_plot_set_legend_below (plot, labels, 2);
    }
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
                 DPV_DASH_SOLID, v->inline_n ? NULL : _(COUNT_ENTRY));
  dpv_plot_line (plot, a->ns, a->mean_width, DPV_ACCURACY_CURVE,
                 &style->roles[DPV_ROLE_TIGHT], style->line_width, DPV_DASH_SOLID,
                 v->inline_n ? NULL : _(MEAN_ENTRY));
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
  if (v->inline_n)
    {
      /* the mean's falls from the count's level at n = 1: the count's name under its right
       * end (after the note on the count's line, which keeps the middle), the mean's under
       * and left of a point three quarters along */
      gsize j = along (DPV_ACCURACY_CURVE, 0.75);

      dpv_plot_annotate (plot, cx[1], cy[1], _(COUNT_ENTRY), DPV_ANCHOR_SOUTH_WEST,
                         &style->roles[DPV_ROLE_EXTRA]);
      dpv_plot_annotate (plot, a->ns[j], a->mean_width[j], _(MEAN_ENTRY),
                         DPV_ANCHOR_SOUTH_WEST, &style->roles[DPV_ROLE_TIGHT]);
    }
  dpv_plot_legend (plot);
}

/* The noise across the top (@top of the height), the two half-widths side by side under it,
 * their x axes on one line. */
static void
draw_in_rows (const Accuracy *v, const DpvStyle *style, cairo_t *cr, double x, double y,
              double w, double h, double top)
{
  g_autoptr(DpvPlot) noise = NULL;
  g_autoptr(DpvPlot) eps = NULL;
  g_autoptr(DpvPlot) n = NULL;
  DpvPlot *bottom[2];
  double ht = h * top;

  noise = dpv_panel_new (cr, style, x, y, w, ht, setup_noise, v);
  eps = dpv_panel_new (cr, style, x, y + ht, w / 2, h - ht, setup_eps, v);
  n = dpv_panel_new (cr, style, x + w / 2, y + ht, w / 2, h - ht, setup_n, v);
  bottom[0] = eps;
  bottom[1] = n;
  dpv_plot_align_bottom (bottom, 2);
  draw_noise (v, style, noise);
  draw_eps (v, style, eps);
  draw_n (v, style, n);
}

void
dpv_accuracy_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                   double x, double y, double w, double h)
{
  Accuracy v = { dpv_frame_get_result (frame), dpv_frame_get_params (frame), FALSE, FALSE,
                 FALSE, FALSE, FALSE, FALSE, FALSE };
  double text = dpv_style_text_size (style);

  v.compact = w < 52 * text || h < 26 * text;
  if (v.compact && w >= 1.2 * h)
    {
      /* wider than tall: as the roomy form, each lower panel with its legend in a strip */
      v.below_noise = v.below_eps = v.below_n = TRUE;
      /* narrower than this, the two keys of n take two rows: the curves are named instead */
      v.inline_n = w / 2 < 17.5 * text;
      draw_in_rows (&v, style, cr, x, y, w, h, 0.48);
    }
  else if (v.compact)
    {
      /* taller than wide: the three stacked, their x axes apart (each its own quantity) */
      double h1 = h * 0.36, h2 = (h - h1) / 2;
      g_autoptr(DpvPlot) noise = NULL;
      g_autoptr(DpvPlot) eps = NULL;
      g_autoptr(DpvPlot) n = NULL;

      v.below_noise = h1 < 14 * text;
      v.below_eps = v.below_n = h2 < 14 * text;
      v.inline_eps = v.inline_n = h2 < 10 * text;
      noise = dpv_panel_new (cr, style, x, y, w, h1, setup_noise, &v);
      eps = dpv_panel_new (cr, style, x, y + h1, w, h2, setup_eps, &v);
      n = dpv_panel_new (cr, style, x, y + h1 + h2, w, h - h1 - h2, setup_n, &v);
      draw_noise (&v, style, noise);
      draw_eps (&v, style, eps);
      draw_n (&v, style, n);
    }
  else
    {
      v.formulas = TRUE;
      draw_in_rows (&v, style, cr, x, y, w, h, 0.52);
    }
}
