/* dpv-regions-draw.c — View 2 drawn: S(ε′) and the excess on the densities, the hockey stick
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-regions.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-regions.h"

typedef struct {
  const DpvParams *params;
  const DpMechanism *m;
  const DpvRegions *d;
  gboolean compact;       /* too small for the panels side by side: they are stacked */
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

/* No <sup>/<sub> here: panel titles may be ellipsized, and Pango 1.50 warns ("Leftover
 * font scales") when an ellipsized line contains baseline shifts. */
static char *
numbers_markup (const Regions *r, const char *sep)
{
  /* With a small gap, P(S) and e^{ε′}Q(S) differ only in the fifth or sixth digit. */
  int digits = dpv_regions_digits (r->d);
  g_autofree char *ep = dpv_format_number (r->d->eps_prime, digits);
  g_autofree char *ps = dpv_format_number (r->d->region.p_mass,
                                           MAX (digits, dpv_prob_digits (r->d->region.p_mass)));
  g_autofree char *qs = dpv_format_number (exp (r->d->eps_prime) * r->d->region.q_mass,
                                           digits);
  g_autofree char *ds = dpv_fmt (r->d->hs);

  return g_strdup_printf (_("ε′ = %s%sP(S) = %s%sexp(ε′)·Q(S) = %s%sδ(ε′) = %s"),
                          ep, sep, ps, sep, qs, sep, ds);
}

static void
setup_main (DpvPlot *plot, gconstpointer user_data)
{
  const Regions *r = user_data;

  dpv_plot_set_x_axis (plot, r->d->x_lo, r->d->x_hi, DPV_SCALE_LINEAR,
                       r->m->kind == DP_MECHANISM_RR ? _("reported bit y") : _("output y"));
  if (r->m->kind == DP_MECHANISM_RR)
    {
      /* a reported bit: ticks at its two values only */
      static const double values[] = { 0.0, 1.0 };
      static const char *const labels[] = { "0", "1" };

      dpv_plot_set_x_ticks (plot, values, labels, G_N_ELEMENTS (values));
    }
  dpv_plot_set_y_axis (plot, 0.0, r->d->y_max, DPV_SCALE_LINEAR,
                       r->m->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  if (r->d->source == DPV_REGIONS_FAILED)
    /* plain text: a panel title may be ellipsized (see numbers_markup ()) */
    dpv_plot_set_title (plot, _("D∞^δ could not be computed for these values"));
  else
    {
      /* Narrow, the panel keeps the two numbers the view solves for (P(S) and e^ε′Q(S) stay
       * in the caption and the Numbers panel) rather than ellipsize δ(ε′) away. */
      g_autofree char *nums = numbers_markup (r, " · ");
      g_autofree char *ep = dpv_format_number (r->d->eps_prime, dpv_regions_digits (r->d));
      g_autofree char *ds = dpv_fmt (r->d->hs);
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

  dpv_plot_set_x_axis (plot, 0.0, r->d->e_max, DPV_SCALE_LINEAR, _("threshold ε′"));
  dpv_plot_set_y_axis (plot, r->d->d_lo, 1.0, DPV_SCALE_LOG, _("δ(ε′)"));
  dpv_plot_set_title (plot, _("hockey stick δ(ε′)"));
}

static void
render_main_continuous (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpvRegions *d = r->d;
  gsize n = d->n;
  gboolean failed = d->source == DPV_REGIONS_FAILED;

  /* S and the excess under the grid (none without a threshold) */
  if (!r->d->region.empty)
    dpv_plot_shade_x_range (plot, -HUGE_VAL, r->d->region.threshold, &style->roles[DPV_ROLE_LOSS],
                            0.10, label (LABEL_S));
  if (!failed)
    dpv_plot_fill_between (plot, d->xs, d->lo, d->hi, n, &style->roles[DPV_ROLE_LOSS], 0.55,
                           label (LABEL_EXCESS));
  dpv_plot_draw_frame (plot);
  dpv_plot_line (plot, d->xs, d->ps, n, &style->roles[DPV_ROLE_D], style->line_width,
                 DPV_DASH_SOLID, label (LABEL_P));
  dpv_plot_line (plot, d->xs, d->qs, n, &style->roles[DPV_ROLE_D_PRIME],
                 style->line_width * 0.8, DPV_DASH_SOLID, label (LABEL_Q));
  if (!failed)
    dpv_plot_line (plot, d->xs, d->sq, n, &style->roles[DPV_ROLE_D_PRIME], style->line_width,
                   DPV_DASH_DASHED, label (LABEL_SCALED));
  if (!r->d->region.empty && r->d->region.threshold > r->d->x_lo && r->d->region.threshold < r->d->x_hi)
    {
      dpv_plot_vline (plot, r->d->region.threshold, &style->roles[DPV_ROLE_LOSS], DPV_DASH_DASHED,
                      NULL);
      if (r->d->hs < 2e-3 && !r->compact)
        {
          /* With a small δ the excess is far thinner than a line: say where it is. In two
           * lines, up and to the left of the threshold, inside S: on one line to the right
           * it crossed e^{ε′}q and q. Where the curves leave no clear place there, further
           * along the threshold's line, or (Gaussian, large ε, the threshold at the panel's
           * edge, e^{ε′}q steep beside it) sideways from an end of the line. */
          g_autofree char *ds = dpv_fmt (r->d->hs);
          g_autofree char *label = g_strdup_printf (_("excess δ(ε′) = %s\ntoo thin to see"),
                                                    ds);
          double yt = d->p_at_threshold;

          if (isfinite (yt))
            dpv_plot_annotate_vline (plot, r->d->region.threshold, yt, label,
                                     DPV_ANCHOR_NORTH_WEST, &style->foreground);
        }
    }
  dpv_plot_legend (plot);
}

static void
render_main_rr (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpvRegions *d = r->d;
  double xs_d[2] = { -0.17, 0.83 }, xs_q[2] = { 0.17, 1.17 };

  if (!r->d->region.empty)
    /* S(ε′) = {0} for ε′ < ε (the threshold is 0.5), under the grid. */
    dpv_plot_shade_x_range (plot, -HUGE_VAL, r->d->region.threshold, &style->roles[DPV_ROLE_LOSS],
                            0.10, label (LABEL_S));
  dpv_plot_draw_frame (plot);
  if (d->source != DPV_REGIONS_FAILED)
    dpv_plot_bars (plot, xs_q, d->rr_scaled, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 0.30,
                   label (LABEL_SCALED));
  dpv_plot_bars (plot, xs_d, d->rr_p, 2, 0.3, &style->roles[DPV_ROLE_D], 1.0,
                 label (LABEL_P));
  dpv_plot_bars (plot, xs_q, d->rr_q, 2, 0.3, &style->roles[DPV_ROLE_D_PRIME], 1.0,
                 label (LABEL_Q));
  if (!r->d->region.empty && d->rr_p[0] > d->factor * d->rr_q[0])
    {
      /* The gap at y = 0, drawn on the D bar: δ(ε′) = p(0) − e^{ε′}q(0). */
      double gx[2] = { -0.32, -0.02 }, glo[2], ghi[2];

      glo[0] = glo[1] = d->factor * d->rr_q[0];
      ghi[0] = ghi[1] = d->rr_p[0];
      dpv_plot_fill_between (plot, gx, glo, ghi, 2, &style->roles[DPV_ROLE_LOSS], 0.8,
                             label (LABEL_GAP));
    }
  dpv_plot_legend (plot);
}

static void
render_delta_panel (Regions *r, const DpvStyle *style, DpvPlot *plot)
{
  const DpvRegions *d = r->d;
  double mx[1], my[1];
  g_autofree char *dl = dpv_fmt (r->params->delta);
  g_autofree char *dlabel = g_strdup_printf ("δ = %s", dl);
  gboolean failed = d->source == DPV_REGIONS_FAILED;

  dpv_plot_draw_frame (plot);
  if (!failed && (!(r->d->hs > 0) || isfinite (r->d->hs)))
    dpv_plot_vline (plot, r->d->eps_prime, &style->accent, DPV_DASH_DASHED, NULL);
  dpv_plot_hline (plot, r->params->delta, &style->muted, DPV_DASH_DASHED, NULL);
  dpv_plot_line (plot, d->dxs, d->dds, d->nd, &style->roles[DPV_ROLE_LOSS], style->line_width,
                 DPV_DASH_SOLID, NULL);
  /* The δ line's label at its left end: δ(ε′) falls through δ steeply at D∞^δ, near the
   * right edge (the axis ends a little beyond ε), right where a label at the line's right
   * end would be; on the left, δ(ε′) is near its start, TV, far above. The annotation is
   * placed after the curve, so it still moves off it when δ is close to TV. */
  dpv_plot_annotate (plot, 0.0, r->params->delta, dlabel, DPV_ANCHOR_NORTH_EAST, &style->muted);
  if (isfinite (r->d->tv) && r->d->tv > 0)
    {
      g_autofree char *tv = dpv_fmt (r->d->tv);
      g_autofree char *label = g_strdup_printf (_("TV = %s"), tv);

      mx[0] = 0.0;
      my[0] = r->d->tv;
      dpv_plot_markers (plot, mx, my, 1, &style->roles[DPV_ROLE_LOSS], 3.5, NULL);
      dpv_plot_annotate (plot, 0.0, r->d->tv, label, DPV_ANCHOR_NORTH_EAST, &style->foreground);
    }
  if (failed)
    return;   /* no threshold: nothing to mark */
  if (!(r->d->hs > 0))
    {
      /* Beyond the largest loss: S(ε′) is empty and the pair is purely ε′-DP. */
      g_autofree char *ep = dpv_fmt (r->d->eps_prime);
      g_autofree char *label = g_strdup_printf (_("ε′ = %s: δ(ε′) = 0"), ep);

      mx[0] = r->d->eps_prime;
      my[0] = r->d->d_lo;
      dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
      dpv_plot_annotate (plot, mx[0], my[0], label, DPV_ANCHOR_NORTH_WEST, &style->foreground);
    }
  else if (isfinite (r->d->hs))
    {
      g_autofree char *ep = dpv_format_number (r->d->eps_prime, dpv_regions_digits (r->d));
      g_autofree char *label =
        d->source == DPV_REGIONS_SOLVED ? g_strdup_printf (_("D<sub>∞</sub><sup>δ</sup> = %s"), ep)
        : d->source == DPV_REGIONS_AT_ZERO
          ? g_strdup_printf (_("ε′ = %s (D<sub>∞</sub><sup>δ</sup> ≤ 0)"), ep)
          : g_strdup_printf ("ε′ = %s", ep);

      mx[0] = r->d->eps_prime;
      my[0] = MAX (r->d->hs, r->d->d_lo);
      dpv_plot_markers (plot, mx, my, 1, &style->accent, 4.5, NULL);
      dpv_plot_annotate (plot, mx[0], my[0], label, DPV_ANCHOR_SOUTH_WEST, &style->foreground);
    }
}

void
dpv_regions_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                  double x, double y, double w, double h)
{
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  Regions r = { dpv_frame_get_params (frame), m, dpv_frame_get_result (frame) };
  g_autoptr(DpvPlot) main_plot = NULL;
  g_autoptr(DpvPlot) delta_plot = NULL;
  double main_w = w, main_h = h;
  double text = dpv_style_text_size (style);

  /* Side by side when there is room; else stacked, the hockey stick under the densities,
   * each panel the figure's width. A short, wide figure (a LaTeX column: about 30 × 17 lines
   * of text under its caption) stays side by side: stacked, each panel would keep a data area
   * of two or three lines. */
  r.compact = (w < 48 * text || h < 22 * text) && h > 0.8 * w;
  if (!r.compact)
    main_w = w * 0.64;
  /* Narrower than this, the legend covers the peaks (measured over ε, mechanisms and
   * sizes): it goes under the panel instead. */
  r.legend_below = main_w < 56 * text;
  /* stacked, the densities get more of the height when their legend takes a strip of it */
  if (r.compact)
    main_h = h * (r.legend_below ? 0.68 : 0.6);

  main_plot = dpv_panel_new (cr, style, x, y, main_w, main_h, setup_main, &r);
  if (r.compact)
    delta_plot = dpv_panel_new (cr, style, x, y + main_h, w, h - main_h, setup_delta, &r);
  else
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
