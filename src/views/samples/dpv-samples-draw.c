/* dpv-samples-draw.c — the sampled-outputs view drawn: the histograms of M(D) and M(D′) over
 * their expected counts, and the privacy loss estimated from them against L(y)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-samples.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-samples.h"

typedef struct {
  const DpvSamplesView *r;
  gboolean compact;
  gboolean legend_below;   /* the loss panel too short to keep its legend off the data */
} Setup;

static void
set_x (DpvPlot *plot, const DpvSamplesView *r, const char *title)
{
  dpv_plot_set_x_axis (plot, r->x_lo, r->x_hi, DPV_SCALE_LINEAR, title);
  if (r->categorical)
    {
      static const double values[2] = { 0.0, 1.0 };
      const char *labels[2] = { "0", "1" };

      dpv_plot_set_x_ticks (plot, values, labels, 2);
    }
}

static void
setup_counts (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvSamplesView *r = s->r;

  set_x (plot, r, NULL);
  dpv_plot_set_x_tick_labels (plot, FALSE);
  dpv_plot_set_y_axis (plot, 0.0, r->count_hi, DPV_SCALE_LINEAR,
                       r->categorical ? _("outputs") : _("outputs per bin"));
    {
      g_autofree char *t1 = g_strdup_printf (_("%zu outputs from each of M(D) and M(D′), "
                                               "against the expected counts"), r->n);
      const char *choices[2] = { t1, _("Sampled outputs") };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
}

static void
setup_loss (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvSamplesView *r = s->r;

  set_x (plot, r, r->categorical ? _("reported bit") : _("output y"));
  dpv_plot_set_y_axis (plot, r->loss_lo, r->loss_hi, DPV_SCALE_LINEAR, _("privacy loss"));
    {
      const char *choices[2] = {
        _("The loss estimated from the outputs, ln(n<sub>P</sub>(B)/n<sub>Q</sub>(B)), "
          "against L(y) = ln(p(y)/q(y))"),
        _("Estimated privacy loss"),
      };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
  if (s->legend_below)
    {
      /* every entry draw_loss () may draw; the strip holds the ones it does */
      const char *labels[5];
      gsize n = 0;

      if (r->bounded)
        labels[n++] = _("[−ε, ε]");
      labels[n++] = r->bounded ? _("exact L(y)")
                               : _("exact L(y): linear in y, unbounded (not ε-DP)");
      labels[n++] = _("one count 0: open interval");
      labels[n++] = _("interval (95 %)");
      labels[n++] = _("estimate ln(n<sub>P</sub>/n<sub>Q</sub>)");
      dpv_plot_set_legend_below (plot, labels, n);
    }
}

static DpvColor
with_alpha (const DpvColor *c, double a)
{
  DpvColor out = *c;

  out.a = a;
  return out;
}

static void
draw_counts (DpvPlot *plot, const DpvStyle *style, const DpvSamplesView *r)
{
  const DpvColor *cp = &style->roles[DPV_ROLE_D], *cq = &style->roles[DPV_ROLE_D_PRIME];

  dpv_plot_draw_frame (plot);
  dpv_plot_bars (plot, r->bar_p, r->count_p, r->n_bins, r->bar_width, cp, 0.40,
                 _("outputs of M(D)"));
  dpv_plot_bars (plot, r->bar_q, r->count_q, r->n_bins, r->bar_width, cq, 0.40,
                 _("outputs of M(D′)"));
  dpv_plot_line (plot, r->step_x, r->step_p, r->n_step, cp, style->line_width, DPV_DASH_SOLID,
                 _("expected n·P(B)"));
  dpv_plot_line (plot, r->step_xq, r->step_q, r->n_step, cq, style->line_width,
                 DPV_DASH_DASHED, _("expected n·Q(B)"));
}

static void
draw_loss (DpvPlot *plot, const DpvStyle *style, const DpvSamplesView *r)
{
  const DpSample *s = r->sample;
  const DpvColor *bound = &style->roles[DPV_ROLE_BOUND];
  const DpvColor *loss = &style->roles[DPV_ROLE_LOSS];
  DpvColor est = with_alpha (&style->foreground, 0.85);
  gboolean first = TRUE, first_open = TRUE;

  if (r->bounded)
    {
      double bx[2] = { r->x_lo, r->x_hi };
      double lo[2] = { -r->epsilon, -r->epsilon }, hi[2] = { r->epsilon, r->epsilon };

      dpv_plot_fill_between (plot, bx, lo, hi, 2, bound, 0.12, _("[−ε, ε]"));
    }
  dpv_plot_draw_frame (plot);
  if (r->bounded)
    {
      dpv_plot_hline (plot, r->epsilon, bound, DPV_DASH_DASHED, NULL);
      dpv_plot_hline (plot, -r->epsilon, bound, DPV_DASH_DASHED, NULL);
    }
  /* the Gaussian's note goes in the legend, which is placed off the data */
  dpv_plot_line (plot, r->loss_x, r->loss_y, r->n_loss, loss, style->line_width * 1.2,
                 DPV_DASH_SOLID, r->bounded ? _("exact L(y)")
                                            : _("exact L(y): linear in y, unbounded (not ε-DP)"));

  for (gsize b = 0; b < r->n_bins; b++)
    {
      double x[2] = { r->centre[b], r->centre[b] };
      double y[2] = { r->est_lo[b], r->est_hi[b] };
      const char *label = NULL;

      if (isnan (y[0]))
        continue;
      if (r->open[b] && first_open)
        {
          label = _("one count 0: open interval");
          first_open = FALSE;
        }
      else if (!r->open[b] && first)
        {
          label = _("interval (95 %)");
          first = FALSE;
        }
      dpv_plot_line (plot, x, y, 2, &est, style->line_width * 0.8,
                     r->open[b] ? DPV_DASH_DOTTED : DPV_DASH_SOLID, label);
    }
  {
    g_autofree double *ex = g_new (double, r->n_bins);
    g_autofree double *ey = g_new (double, r->n_bins);
    gsize n = 0;

    for (gsize b = 0; b < r->n_bins; b++)
      if (s->has_estimate[b])
        {
          ex[n] = r->centre[b];
          ey[n] = s->loss_estimate[b];
          n++;
        }
    dpv_plot_markers (plot, ex, ey, n, &style->foreground, style->line_width * 1.6,
                      _("estimate ln(n<sub>P</sub>/n<sub>Q</sub>)"));
  }
}

void
dpv_samples_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x,
                  double y, double w, double h)
{
  const DpvSamplesView *r = dpv_frame_get_result (frame);
  double text = dpv_style_text_size (style);
  Setup s = { r, w < 40 * text || h < 18 * text, FALSE };
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;

  /* Shorter than this, the loss panel's legend finds no room in its data area at 2× text
   * (measured over the app's figure sizes, tests/plot/test-compact-layouts.c): it goes under
   * the panel. */
  s.legend_below = s.compact || h < 30 * text;
  /* the strip under the loss panel takes its height from the counts above */
  dpv_panels_stacked (cr, style, x, y, w, h, s.legend_below ? 0.42 : 0.5, setup_counts,
                      setup_loss, &s, &top, &bottom);
  draw_counts (top, style, r);
  draw_loss (bottom, style, r);
  dpv_plot_legend (top);
  dpv_plot_legend (bottom);
}
