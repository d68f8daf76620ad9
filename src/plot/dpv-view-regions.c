/* dpv-view-regions.c — View 2: max-divergence regions and the hockey-stick divergence
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * D∞(P‖Q) = sup_S ln(P(S)/Q(S)) and D∞^δ = sup over S with P(S) ≥ δ of ln((P(S) − δ)/Q(S))
 * (Dwork & Roth Def. 3.6, which holds both in the source text). The extremal set for a
 * threshold ε′ is
 * S(ε′) = {y : p(y) > e^{ε′}q(y)}, and its excess mass is the hockey-stick divergence
 * δ(ε′) = P(S) − e^{ε′}Q(S) = ∫ max(0, p − e^{ε′}q) dy (VIEWS.md, View 2; Gaussian closed
 * form: Balle & Wang 2018, Thm 8). The smallest ε′ with δ(ε′) ≤ δ is D∞^δ; at ε′ = 0 the
 * excess mass is the statistical distance (Lemma 3.17 moves exactly this mass).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-ticks.h"
#include "dpv-view-private.h"

#define DELTA_CURVE_LINEAR 240
#define DELTA_CURVE_REFINE 60

typedef struct {
  const DpvParams *params;
  const DpMechanism *m;
  double eps_prime;
  DpRegion region;
  double hs;              /* δ(ε′) */
  double tv;
  double x_lo, x_hi, y_max;
  /* δ(ε′) panel */
  double e_max, d_lo;
  gboolean compact;
  gboolean legend_below;  /* main panel too narrow to keep its legend off the data */
} Regions;

enum { LABEL_S, LABEL_EXCESS, LABEL_P, LABEL_Q, LABEL_SCALED, LABEL_GAP, N_LABELS };

/* The legend labels, named once for the strip under the plot and for the series. */
static const char *const label_text[N_LABELS] = {
  [LABEL_S] = N_("S(ε′) = {y : p(y) &gt; e<sup>ε′</sup>q(y)}"),
  [LABEL_EXCESS] = N_("excess p − e<sup>ε′</sup>q on S: area δ(ε′)"),
  [LABEL_P] = N_("p(y): output on D"),
  [LABEL_Q] = N_("q(y): output on D′"),
  [LABEL_SCALED] = N_("e<sup>ε′</sup>q(y)"),
  [LABEL_GAP] = N_("gap δ(ε′)"),
};

static const char *
label (int which)
{
  return _(label_text[which]);
}

static double
hockey (const DpMechanism *m, double eps_prime)
{
  double v = NAN;

  if (dp_hockey_stick (m, eps_prime, &v) != DP_OK || !isfinite (v))
    return NAN;
  return MAX (v, 0.0);
}

static void
regions_compute (Regions *r, const DpvParams *params, const DpMechanism *m)
{
  r->params = params;
  r->m = m;
  r->eps_prime = dpv_regions_eps_prime (params, m);
  if (dp_mechanism_region (m, r->eps_prime, &r->region) != DP_OK)
    {
      r->region.empty = TRUE;
      r->region.threshold = -HUGE_VAL;
      r->region.p_mass = r->region.q_mass = 0.0;
    }
  r->hs = hockey (m, r->eps_prime);
  if (dp_total_variation (m, &r->tv) != DP_OK)
    r->tv = NAN;
}

static int
regions_digits (const Regions *r)
{
  return r->hs < 1e-3 ? 6 : 4;
}

/* No <sup>/<sub> here: panel titles may be ellipsized, and Pango 1.50 warns ("Leftover
 * font scales") when an ellipsized line contains baseline shifts. */
static char *
numbers_markup (const Regions *r, const char *sep)
{
  /* With a small gap, P(S) and e^{ε′}Q(S) differ only in the fifth or sixth digit. */
  int digits = regions_digits (r);
  g_autofree char *ep = dpv_format_number (r->eps_prime, digits);
  g_autofree char *ps = dpv_format_number (r->region.p_mass, digits);
  g_autofree char *qs = dpv_format_number (exp (r->eps_prime) * r->region.q_mass, digits);
  g_autofree char *ds = dpv_fmt (r->hs);

  return g_strdup_printf (_("ε′ = %s%sP(S) = %s%sexp(ε′)·Q(S) = %s%sδ(ε′) = %s"),
                          ep, sep, ps, sep, qs, sep, ds);
}

static void
setup_main (DpvPlot *plot, gconstpointer user_data)
{
  const Regions *r = user_data;

  dpv_plot_set_x_axis (plot, r->x_lo, r->x_hi, DPV_SCALE_LINEAR,
                       r->m->kind == DP_MECHANISM_RR ? _("reported bit y") : _("output y"));
  dpv_plot_set_y_axis (plot, 0.0, r->y_max, DPV_SCALE_LINEAR,
                       r->m->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  if (!r->compact)
    {
      /* Narrow, the panel keeps the two numbers the view solves for (P(S) and e^ε′Q(S) stay
       * in the caption and the Numbers panel) rather than ellipsize δ(ε′) away. */
      g_autofree char *nums = numbers_markup (r, " · ");
      g_autofree char *ep = dpv_format_number (r->eps_prime, regions_digits (r));
      g_autofree char *ds = dpv_fmt (r->hs);
      g_autofree char *key = g_strdup_printf (_("ε′ = %s · δ(ε′) = %s"), ep, ds);
      const char *choices[] = { nums, key };

      dpv_plot_set_title_choices (plot, choices, G_N_ELEMENTS (choices));
    }
  if (r->legend_below)
    {
      /* the entries render_main_* () draw (some may be left out, which the strip allows) */
      static const int continuous[] = { LABEL_S, LABEL_EXCESS, LABEL_P, LABEL_Q, LABEL_SCALED };
      static const int rr[] = { LABEL_S, LABEL_SCALED, LABEL_P, LABEL_Q, LABEL_GAP };
      const int *which = r->m->kind == DP_MECHANISM_RR ? rr : continuous;
      const char *labels[5];

      for (int i = 0; i < 5; i++)
        labels[i] = label (which[i]);
      dpv_plot_set_legend_below (plot, labels, 5);
    }
}

static void
setup_delta (DpvPlot *plot, gconstpointer user_data)
{
  const Regions *r = user_data;

  dpv_plot_set_x_axis (plot, 0.0, r->e_max, DPV_SCALE_LINEAR, _("threshold ε′"));
  dpv_plot_set_y_axis (plot, r->d_lo, 1.0, DPV_SCALE_LOG, _("δ(ε′)"));
  dpv_plot_set_title (plot, _("hockey stick δ(ε′)"));
}

static void
render_main_continuous (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpMechanism *m = r->m;
  double extra[3] = { 0.0, m->sensitivity, r->region.threshold };
  double xs[DPV_CURVE_SAMPLES + 3], ps[DPV_CURVE_SAMPLES + 3], qs[DPV_CURVE_SAMPLES + 3];
  double sq[DPV_CURVE_SAMPLES + 3], lo[DPV_CURVE_SAMPLES + 3], hi[DPV_CURVE_SAMPLES + 3];
  double factor = exp (MIN (r->eps_prime, 700.0));
  gsize n;

  n = dpv_grid_with_points (r->x_lo, r->x_hi, DPV_CURVE_SAMPLES, extra,
                            r->region.empty ? 2 : 3, xs);
  for (gsize i = 0; i < n; i++)
    {
      ps[i] = dpv_density (m, DP_NEIGHBOUR_D, xs[i]);
      qs[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, xs[i]);
      sq[i] = factor * qs[i];
      /* The excess p − e^{ε′}q over S: its area is δ(ε′). Clamp e^{ε′}q to the axis so the
       * fill stays finite. */
      lo[i] = MIN (sq[i], 2.0 * r->y_max);
      hi[i] = (!r->region.empty && xs[i] <= r->region.threshold) ? ps[i] : lo[i];
    }

  /* S and the excess under the grid */
  if (!r->region.empty)
    dpv_plot_shade_x_range (plot, -HUGE_VAL, r->region.threshold, &style->roles[DPV_ROLE_LOSS],
                            0.10, label (LABEL_S));
  dpv_plot_fill_between (plot, xs, lo, hi, n, &style->roles[DPV_ROLE_LOSS], 0.55,
                         label (LABEL_EXCESS));
  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, xs, ps, n, &style->roles[DPV_ROLE_D], style->line_width,
                 DPV_DASH_SOLID, label (LABEL_P));
  dpv_plot_line (plot, xs, qs, n, &style->roles[DPV_ROLE_D_PRIME], style->line_width * 0.8,
                 DPV_DASH_SOLID, label (LABEL_Q));
  dpv_plot_line (plot, xs, sq, n, &style->roles[DPV_ROLE_D_PRIME], style->line_width,
                 DPV_DASH_DASHED, label (LABEL_SCALED));
  if (!r->region.empty && r->region.threshold > r->x_lo && r->region.threshold < r->x_hi)
    {
      dpv_plot_vline (plot, r->region.threshold, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED,
                      NULL);
      if (r->hs < 2e-3 && !r->compact)
        {
          /* With a small δ the excess is far thinner than a line: say where it is. In two
           * lines, up and to the left of the threshold, inside S: on one line to the right
           * it crossed e^{ε′}q and q. Where the curves leave no clear place there, further
           * along the threshold's line, or (Gaussian, large ε, the threshold at the panel's
           * edge, e^{ε′}q steep beside it) sideways from an end of the line. */
          g_autofree char *ds = dpv_fmt (r->hs);
          g_autofree char *label = g_strdup_printf (_("excess δ(ε′) = %s\ntoo thin to see"),
                                                    ds);
          double yt = dpv_density (m, DP_NEIGHBOUR_D, r->region.threshold);

          if (isfinite (yt))
            dpv_plot_annotate_vline (plot, r->region.threshold, yt, label,
                                     DPV_ANCHOR_NORTH_WEST, &style->foreground);
        }
    }
  if (!r->compact)
    dpv_plot_legend (plot);
}

static void
render_main_rr (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpMechanism *m = r->m;
  double xs_d[2] = { -0.17, 0.83 }, xs_q[2] = { 0.17, 1.17 };
  double hp[2], hq[2], hs[2];
  double factor = exp (MIN (r->eps_prime, 700.0));

  for (int i = 0; i < 2; i++)
    {
      hp[i] = dpv_density (m, DP_NEIGHBOUR_D, i);
      hq[i] = dpv_density (m, DP_NEIGHBOUR_D_PRIME, i);
      hs[i] = MIN (factor * hq[i], 2.0 * r->y_max);
    }
  if (!r->region.empty)
    /* S(ε′) = {0} for ε′ < ε (the threshold is 0.5), under the grid. */
    dpv_plot_shade_x_range (plot, -HUGE_VAL, r->region.threshold, &style->roles[DPV_ROLE_LOSS],
                            0.10, label (LABEL_S));
  dpv_plot_draw_frame (plot);
  dpv_plot_bars (plot, xs_q, hs, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 0.30,
                 label (LABEL_SCALED));
  dpv_plot_bars (plot, xs_d, hp, 2, 0.3, &style->roles[DPV_ROLE_D], 1.0,
                 label (LABEL_P));
  dpv_plot_bars (plot, xs_q, hq, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 1.0,
                 label (LABEL_Q));
  if (!r->region.empty && hp[0] > factor * hq[0])
    {
      /* The gap at y = 0, drawn on the D bar: δ(ε′) = p(0) − e^{ε′}q(0). */
      double gx[2] = { -0.32, -0.02 }, glo[2], ghi[2];

      glo[0] = glo[1] = factor * hq[0];
      ghi[0] = ghi[1] = hp[0];
      dpv_plot_fill_between (plot, gx, glo, ghi, 2, &style->roles[DPV_ROLE_LOSS], 0.8,
                             label (LABEL_GAP));
    }
  if (!r->compact)
    dpv_plot_legend (plot);
}

static void
render_delta_panel (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpMechanism *m = r->m;
  double xs[DELTA_CURVE_LINEAR + DELTA_CURVE_REFINE], ds[DELTA_CURVE_LINEAR + DELTA_CURVE_REFINE];
  double extra[DELTA_CURVE_REFINE];
  gsize n, n_extra = 0;
  double mx[1], my[1];
  g_autofree char *dl = dpv_fmt (r->params->delta);
  g_autofree char *dlabel = g_strdup_printf ("δ = %s", dl);

  if (m->kind != DP_MECHANISM_GAUSSIAN)
    /* δ(ε′) falls to 0 at ε′ = ε like (ε − ε′)/2: refine there so the log plot reaches the
     * small δ values. */
    for (int j = 0; j < DELTA_CURVE_REFINE; j++)
      extra[n_extra++] = m->epsilon * (1.0 - pow (10.0, -j / 4.0));
  /* The Gaussian δ(ε′) goes through log Φ: half the points, it is smooth. */
  n = dpv_grid_with_points (0.0, r->e_max,
                            m->kind == DP_MECHANISM_GAUSSIAN ? DELTA_CURVE_LINEAR / 2
                                                             : DELTA_CURVE_LINEAR,
                            extra, n_extra, xs);
  for (gsize i = 0; i < n; i++)
    ds[i] = hockey (m, xs[i]);

  dpv_plot_draw_frame (plot);
  if (!(r->hs > 0) || isfinite (r->hs))
    dpv_plot_vline (plot, r->eps_prime, &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, r->params->delta, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_line (plot, xs, ds, n, &style->roles[DPV_ROLE_LOSS], style->line_width,
                 DPV_DASH_SOLID, NULL);
  /* The δ line's label at its left end: δ(ε′) falls through δ steeply at D∞^δ, near the
   * right edge (the axis ends a little beyond ε), right where a label at the line's right
   * end would be; on the left, δ(ε′) is near its start, TV, far above. The annotation is
   * placed after the curve, so it still moves off it when δ is close to TV. */
  dpv_plot_annotate (plot, 0.0, r->params->delta, dlabel, DPV_ANCHOR_NORTH_EAST, &style->muted);
  if (isfinite (r->tv) && r->tv > 0)
    {
      g_autofree char *tv = dpv_fmt (r->tv);
      g_autofree char *label = g_strdup_printf (_("TV = %s"), tv);

      mx[0] = 0.0;
      my[0] = r->tv;
      dpv_plot_markers (plot, mx, my, 1, &style->roles[DPV_ROLE_LOSS], 3.5, NULL);
      dpv_plot_annotate (plot, 0.0, r->tv, label, DPV_ANCHOR_NORTH_EAST, &style->foreground);
    }
  if (!(r->hs > 0))
    {
      /* Beyond the largest loss: S(ε′) is empty and the pair is purely ε′-DP. */
      g_autofree char *ep = dpv_fmt (r->eps_prime);
      g_autofree char *label = g_strdup_printf (_("ε′ = %s: δ(ε′) = 0"), ep);

      mx[0] = r->eps_prime;
      my[0] = r->d_lo;
      dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
      dpv_plot_annotate (plot, mx[0], my[0], label, DPV_ANCHOR_NORTH_WEST, &style->foreground);
    }
  else if (isfinite (r->hs))
    {
      g_autofree char *ep = dpv_format_number (r->eps_prime, regions_digits (r));
      g_autofree char *label = r->params->eps_prime < 0
        ? g_strdup_printf (_("D<sub>∞</sub><sup>δ</sup> = %s"), ep)
        : g_strdup_printf ("ε′ = %s", ep);

      mx[0] = r->eps_prime;
      my[0] = MAX (r->hs, r->d_lo);
      dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
      dpv_plot_annotate (plot, mx[0], my[0], label, DPV_ANCHOR_SOUTH_WEST, &style->foreground);
    }
}

void
dpv_view_render_regions (const DpvParams *params, const DpMechanism *m,
                         const DpvStyle *style, cairo_t *cr,
                         double x, double y, double w, double h)
{
  Regions r = { 0 };
  g_autoptr(DpvPlot) main_plot = NULL;
  g_autoptr(DpvPlot) delta_plot = NULL;
  double main_w = w;
  double text = dpv_style_text_size (style);

  regions_compute (&r, params, m);
  r.compact = w < 48 * text || h < 22 * text;

  if (m->kind == DP_MECHANISM_RR)
    {
      double q_max = 1.0 / (1.0 + exp (-m->epsilon));

      r.x_lo = -0.5;
      r.x_hi = 1.5;
      /* Room for the scaled bars e^{ε′}q, within reason. */
      r.y_max = CLAMP (1.08 * exp (MIN (r.eps_prime, 5.0)) * q_max, 1.18, 2.5);
    }
  else
    {
      double s = m->scale, centre = m->sensitivity / 2;
      double half = centre + (m->kind == DP_MECHANISM_LAPLACE ? 5.0 : 4.0) * s;

      r.x_lo = centre - half;
      r.x_hi = centre + half;
      r.y_max = 1.15 * (m->kind == DP_MECHANISM_LAPLACE ? 1.0 / (2.0 * s)
                                                       : 1.0 / (s * sqrt (2.0 * G_PI)));
    }

  if (!r.compact)
    {
      double d_small = MIN (params->delta, r.hs > 0 ? r.hs : params->delta);

      /* The δ(ε′) panel: ε′ from 0 past ε (pure mechanisms) or to where δ(ε′) is tiny. */
      if (m->kind == DP_MECHANISM_GAUSSIAN)
        {
          double e_tail = 0;

          if (dp_hockey_stick_inverse (m, MAX (1e-14, d_small * 1e-2), &e_tail) != DP_OK
              || !isfinite (e_tail))
            e_tail = 2.0 * MAX (params->epsilon, r.eps_prime);
          r.e_max = MAX (1.05 * e_tail, 1.1 * r.eps_prime);
        }
      else
        r.e_max = MAX (1.1 * m->epsilon, 1.08 * r.eps_prime);
      r.e_max = MAX (r.e_max, 1e-3);
      r.d_lo = MAX (1e-15, d_small / 30.0);
      r.d_lo = MIN (r.d_lo, 1e-2);
      main_w = w * 0.64;
      /* Narrower than this, the legend covers the peaks (measured over ε, mechanisms and
       * sizes): it goes under the panel instead. */
      r.legend_below = main_w < 56 * text;
    }

  main_plot = dpv_panel_new (cr, style, x, y, main_w, h, setup_main, &r);
  if (!r.compact)
    {
      DpvPlot *both[2];

      delta_plot = dpv_panel_new (cr, style, x + main_w, y, w - main_w, h, setup_delta, &r);
      /* with the legend under the main panel, the two x axes still lie on one line */
      both[0] = main_plot;
      both[1] = delta_plot;
      dpv_plot_align_bottom (both, 2);
    }
  if (m->kind == DP_MECHANISM_RR)
    render_main_rr (&r, style, main_plot);
  else
    render_main_continuous (&r, style, main_plot);
  if (delta_plot != NULL)
    render_delta_panel (&r, style, delta_plot);
}

char *
dpv_view_caption_regions (const DpvParams *params, const DpMechanism *m)
{
  Regions r = { 0 };
  g_autofree char *nums = NULL;
  g_autofree char *tv = NULL;

  regions_compute (&r, params, m);
  nums = numbers_markup (&r, " · ");
  tv = dpv_fmt (r.tv);
  if (params->eps_prime < 0)
    {
      g_autofree char *dl = dpv_fmt (params->delta);

      return g_strdup_printf (_("%s (solved from δ = %s: D<sub>∞</sub><sup>δ</sup>) · "
                                "statistical distance %s"), nums, dl, tv);
    }
  return g_strdup_printf (_("%s · statistical distance %s"), nums, tv);
}

void
dpv_view_readouts_regions (const DpvParams *params, const DpMechanism *m, GPtrArray *out)
{
  Regions r = { 0 };
  double dinf = NAN;

  regions_compute (&r, params, m);
  dpv_readout_add (out, params->eps_prime < 0 ? _("Threshold ε′ = D∞^δ (solved from δ)")
                                              : _("Threshold ε′"),
                   dpv_format_number (r.eps_prime, regions_digits (&r)));
  if (r.region.empty)
    dpv_readout_add (out, _("Region S(ε′)"), g_strdup (_("empty")));
  else if (m->kind == DP_MECHANISM_RR)
    dpv_readout_add (out, _("Region S(ε′)"), g_strdup ("{0}"));
  else
    {
      g_autofree char *t = dpv_fmt (r.region.threshold);

      dpv_readout_add (out, _("Region S(ε′)"), g_strdup_printf ("y < %s", t));
    }
  dpv_readout_add (out, _("P(S)"), dpv_format_number (r.region.p_mass, regions_digits (&r)));
  dpv_readout_add (out, _("Q(S)"), dpv_format_number (r.region.q_mass, regions_digits (&r)));
  dpv_readout_add (out, _("e^ε′ · Q(S)"), dpv_format_number (exp (r.eps_prime) * r.region.q_mass, regions_digits (&r)));
  dpv_readout_add (out, _("Gap δ(ε′) = P(S) − e^ε′ Q(S)"), dpv_fmt (r.hs));
  dpv_readout_add (out, _("Statistical distance (δ at ε′ = 0)"), dpv_fmt (r.tv));
  if (dp_max_divergence (m, &dinf) == DP_OK)
    dpv_readout_add (out, _("Max divergence D∞(P‖Q)"), dpv_fmt (dinf));
}
