/* dpv-renyi-draw.c — the Rényi view drawn: k·D_α against α, its (ε, δ) conversion, and the
 * Rényi entropy of randomized response
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-renyi.c; computes nothing.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-drag.h"
#include "dpv-renyi.h"
#include "dpv-text.h"

typedef struct {
  const DpvRenyi *r;
  gboolean compact;
  gboolean below;          /* the pair too short to keep its legends off the data */
  gboolean below_entropy;  /* the entropy panel too small for its legend: its levels are
                              labelled at their lines, the other entries go under it */
  gboolean entropy_strip;  /* ... in a strip (else in the data area: a tall panel) */
  double epsilon;
} Setup;

/* The legend entries, shared by the series and the strips under the panels. */
#define BASIC_ENTRY N_("kε: basic composition")
#define EXACT_ENTRY N_("exact ε")
#define CURVE_ENTRY N_("ε(α) from Rényi DP")
#define HARTLEY_ENTRY N_("Hartley H₀ = ln 2")
#define SHANNON_ENTRY N_("Shannon H₁")
#define MIN_ENTRY N_("min-entropy H∞")
#define H_ALPHA_ENTRY N_("H<sub>α</sub>")

static void
set_alpha_axis (DpvPlot *plot, const char *title)
{
  double values[DPV_MAX_TICKS];
  const char *labels[DPV_MAX_TICKS];
  gsize n = dpv_renyi_alpha_ticks (values, labels, DPV_MAX_TICKS);

  dpv_plot_set_x_axis (plot, DPV_RENYI_AM1_MIN, DPV_RENYI_AM1_MAX, DPV_SCALE_LOG, title);
  dpv_plot_set_x_ticks (plot, values, labels, n);
}

static void
setup_divergence (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvRenyi *r = s->r;

  set_alpha_axis (plot, NULL);
  dpv_plot_set_x_tick_labels (plot, FALSE);
  dpv_plot_set_y_axis (plot, 0.0, r->y_hi, DPV_SCALE_LINEAR,
                       r->k == 1 ? _("D<sub>α</sub>(P‖Q)") : _("k·D<sub>α</sub>(P‖Q)"));
    {
      g_autofree char *t1 = NULL;
      const char *choices[2];

      if (r->k == 1)
        t1 = g_strdup (_("Rényi divergence D<sub>α</sub>(P‖Q): from KL (α → 1) to D∞ "
                         "(α → ∞)"));
      else
        t1 = g_strdup_printf (_("Rényi DP of k = %lu runs, k·D<sub>α</sub>: from k·KL "
                                "(α → 1) to k·D∞ (α → ∞)"), r->k);
      choices[0] = t1;
      choices[1] = _("Rényi divergence");
      dpv_plot_set_title_choices (plot, choices, 2);
    }
}

static void
setup_conversion (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  const DpvRenyi *r = s->r;
  g_autofree char *dl = dpv_fmt (r->delta);
  g_autofree char *ytitle = g_strdup_printf (_("ε at δ = %s"), dl);

  set_alpha_axis (plot, _("order α (log scale of α − 1)"));
  dpv_plot_set_y_axis (plot, 0.0, r->conv_hi, DPV_SCALE_LINEAR, ytitle);
    {
      const char *choices[2] = {
        _("(ε, δ) from each α: ε(α) = k·D<sub>α</sub> + ln((α − 1)/α) − (ln δ + ln α)/(α − 1)"),
        _("(ε, δ) from Rényi DP"),
      };

      dpv_plot_set_title_choices (plot, choices, 2);
    }
  if (s->below)
    {
      /* the entries draw_conversion () draws, in its order */
      const char *labels[3];
      gsize n = 0;

      if (r->bounded && r->basic <= r->conv_hi)
        labels[n++] = _(BASIC_ENTRY);
      if (!r->pending && isfinite (r->eps_exact))
        labels[n++] = _(EXACT_ENTRY);
      labels[n++] = _(CURVE_ENTRY);
      dpv_plot_set_legend_below (plot, labels, n);
    }
}

static void
setup_entropy (DpvPlot *plot, gconstpointer user_data)
{
  const Setup *s = user_data;
  g_autofree char *es = dpv_fmt (s->epsilon);
  g_autofree char *title = g_strdup_printf (_("Rényi entropy H<sub>α</sub> of randomized "
                                              "response’s report, ε = %s"), es);
  g_autofree char *short_title = g_strdup_printf (_("RR entropy H<sub>α</sub>, ε = %s"), es);
  const char *choices[3] = { title, short_title, _("RR entropy H<sub>α</sub>") };

  dpv_plot_set_x_axis (plot, DPV_RENYI_ENT_MIN, DPV_RENYI_ENT_MAX, DPV_SCALE_LOG,
                       _("order α"));
  dpv_plot_set_y_axis (plot, 0.0, 1.12 * G_LN2, DPV_SCALE_LINEAR, _("H<sub>α</sub> (nats)"));
  dpv_plot_set_title_choices (plot, choices, 3);
  if (s->entropy_strip)
    {
      /* the entries draw_entropy () draws, in its order */
      const char *labels[2] = { _(H_ALPHA_ENTRY), _(SHANNON_ENTRY) };

      dpv_plot_set_legend_below (plot, labels, isfinite (s->r->h1) ? 2 : 1);
    }
}

/* The current α across a panel, with a dot at the curve's value and its note. */
static void
mark_alpha (DpvPlot *plot, const DpvStyle *style, const DpvRenyi *r, double value, double top,
            const char *markup)
{
  double am1 = r->alpha - 1.0;

  dpv_plot_vline (plot, am1, &style->accent, DPV_DASH_DASHED, NULL);
  if (isfinite (value) && value <= top)
    {
      dpv_plot_markers (plot, &am1, &value, 1, &style->accent, style->line_width * 2.2, NULL);
      dpv_plot_annotate_vline (plot, am1, value, markup, DPV_ANCHOR_EAST, &style->accent);
    }
  else
    {
      /* above the panel: the note goes beside the line's top, with an arrow */
      g_autofree char *up = g_strdup_printf ("↑ %s", markup);

      dpv_plot_annotate_vline (plot, am1, top, up, DPV_ANCHOR_EAST, &style->accent);
    }
}

static void
draw_divergence (DpvPlot *plot, const DpvStyle *style, const DpvRenyi *r, gboolean roomy,
                 gboolean label_curve)
{
  const char *name = r->k == 1 ? _("D<sub>α</sub>(P‖Q)") : _("k·D<sub>α</sub>(P‖Q)");
  const DpvColor *curve = &style->roles[DPV_ROLE_LOSS];
  double kd = (double) r->k;

  dpv_plot_draw_frame (plot);
  {
    g_autofree char *v = dpv_fmt (kd * r->kl);
    g_autofree char *label = r->k == 1 ? g_strdup_printf (_("KL = %s (α → 1)"), v)
                                       : g_strdup_printf (_("k·KL = %s (α → 1)"), v);

    dpv_plot_hline (plot, kd * r->kl, &style->roles[DPV_ROLE_TIGHT], DPV_DASH_DASHED,
                    roomy ? label : NULL);
  }
  if (r->bounded)
    {
      g_autofree char *v = dpv_fmt (kd * r->dinf);
      g_autofree char *label = r->k == 1 ? g_strdup_printf (_("D∞ = ε = %s (α → ∞)"), v)
                                         : g_strdup_printf (_("k·D∞ = kε = %s (α → ∞)"), v);

      dpv_plot_hline (plot, kd * r->dinf, &style->roles[DPV_ROLE_BOUND], DPV_DASH_DASHED,
                      roomy ? label : NULL);
    }
  dpv_plot_line (plot, r->am1, r->kd, r->n, curve, style->line_width, DPV_DASH_SOLID,
                 label_curve ? NULL : name);
  /* too short a panel for a legend box: the curve is named above its left end (it rises
   * with α, so above its flat start is clear), before the note at α keeps off it */
  if (label_curve)
    dpv_plot_annotate (plot, r->am1[0], r->kd[0], name, DPV_ANCHOR_NORTH_EAST, curve);
  if (!r->bounded && roomy)
    dpv_plot_annotate (plot, r->exit_am1, r->y_hi,
                       _("k·D<sub>α</sub> = kαμ²/2 → +∞: D∞ = +∞ (not ε-DP)"),
                       DPV_ANCHOR_SOUTH_WEST, curve);
  {
    g_autofree char *a = dpv_fmt (r->alpha);
    g_autofree char *v = dpv_fmt (r->kd_alpha);
    g_autofree char *note = r->k == 1
                            ? g_strdup_printf (_("α = %s: D<sub>α</sub> = %s"), a, v)
                            : g_strdup_printf (_("α = %s: k·D<sub>α</sub> = %s"), a, v);

    mark_alpha (plot, style, r, r->kd_alpha, r->y_hi, note);
  }
}

/* A horizontal line across the panel's x range, as a series (so it has a legend entry). */
static void
level (DpvPlot *plot, double x0, double x1, double y, const DpvColor *color, double width,
       DpvDash dash, const char *legend)
{
  double xs[2] = { x0, x1 }, ys[2] = { y, y };

  dpv_plot_line (plot, xs, ys, 2, color, width, dash, legend);
}

static void
draw_conversion (DpvPlot *plot, const DpvStyle *style, const DpvRenyi *r, gboolean roomy)
{
  const DpvColor *curve = &style->roles[DPV_ROLE_LOSS];

  dpv_plot_draw_frame (plot);
  if (r->bounded && r->basic <= r->conv_hi)
    level (plot, DPV_RENYI_AM1_MIN, DPV_RENYI_AM1_MAX, r->basic, &style->roles[DPV_ROLE_BOUND],
           style->line_width, DPV_DASH_DASHED, _(BASIC_ENTRY));
  if (!r->pending && isfinite (r->eps_exact))
    level (plot, DPV_RENYI_AM1_MIN, DPV_RENYI_AM1_MAX, r->eps_exact,
           &style->roles[DPV_ROLE_ACTUAL], style->line_width, DPV_DASH_SOLID,
           _(EXACT_ENTRY));
  dpv_plot_line (plot, r->am1, r->conv, r->n, curve, style->line_width, DPV_DASH_SOLID,
                 _(CURVE_ENTRY));

  /* the minimum, at α* (at the right edge when it lies beyond the axis or is the α → ∞
   * limit), marked by a dotted line down to it */
  {
    double x = MIN (r->best_alpha - 1.0, DPV_RENYI_AM1_MAX);
    double y = r->eps_rdp;
    g_autofree char *e = dpv_fmt (r->eps_rdp);
    g_autofree char *a = dpv_fmt (r->best_alpha);
    g_autofree char *note = NULL;

    if (!isfinite (r->best_alpha))
      note = g_strdup_printf (_("minimum ε = %s: the limit α → ∞ (kε)"), e);
    else if (r->best_alpha - 1.0 > DPV_RENYI_AM1_MAX)
      note = g_strdup_printf (_("minimum ε = %s at α* = %s, beyond the axis"), e, a);
    else
      note = g_strdup_printf (_("minimum ε = %s at α* = %s"), e, a);
    if (isfinite (y))
      {
        double xs[2] = { x, x }, ys[2] = { 0.0, y };

        dpv_plot_line (plot, xs, ys, 2, curve, style->line_width * 0.7, DPV_DASH_DOTTED, NULL);
        dpv_plot_markers (plot, &x, &y, 1, curve, style->line_width * 2.6, NULL);
        if (roomy)
          dpv_plot_annotate_vline (plot, x, y, note,
                                   x < r->alpha - 1.0 ? DPV_ANCHOR_WEST : DPV_ANCHOR_EAST,
                                   curve);
      }
  }
  {
    g_autofree char *a = dpv_fmt (r->alpha);
    g_autofree char *v = dpv_fmt (r->conv_alpha);
    g_autofree char *note = g_strdup_printf (_("ε(%s) = %s"), a, v);

    mark_alpha (plot, style, r, r->conv_alpha, r->conv_hi, note);
  }
  if (r->pending && roomy)
    dpv_plot_annotate (plot, DPV_RENYI_AM1_MIN, r->conv_hi, _("exact ε: computing…"),
                       DPV_ANCHOR_SOUTH_EAST, &style->muted);
}

static void
draw_entropy (DpvPlot *plot, const DpvStyle *style, const DpvRenyi *r, gboolean label_levels,
              gboolean strip)
{
  const DpvColor *curve = &style->roles[DPV_ROLE_D];
  double one = 1.0, am = r->alpha;

  dpv_plot_draw_frame (plot);
  if (label_levels)
    {
      /* the two levels named at their lines: the curve leaves H₀ on the left and meets H∞ on
       * the right, so each line has a clear end for its label */
      dpv_plot_hline (plot, r->h0, &style->roles[DPV_ROLE_TIGHT], DPV_DASH_DASHED,
                      _(HARTLEY_ENTRY));
      dpv_plot_hline (plot, r->h_inf, &style->roles[DPV_ROLE_BOUND], DPV_DASH_DOTTED,
                      _(MIN_ENTRY));
    }
  else
    {
      level (plot, DPV_RENYI_ENT_MIN, DPV_RENYI_ENT_MAX, r->h0, &style->roles[DPV_ROLE_TIGHT],
             style->line_width * 0.8, DPV_DASH_DASHED, _(HARTLEY_ENTRY));
      level (plot, DPV_RENYI_ENT_MIN, DPV_RENYI_ENT_MAX, r->h_inf,
             &style->roles[DPV_ROLE_BOUND], style->line_width * 0.8, DPV_DASH_DOTTED,
             _(MIN_ENTRY));
    }
  dpv_plot_line (plot, r->ent_alpha, r->ent, r->n_ent, curve, style->line_width,
                 DPV_DASH_SOLID, _(H_ALPHA_ENTRY));
  if (isfinite (r->h1) && label_levels && !strip)
    {
      /* named beside its dot, below and left: the curve falls from H₀ to H∞ as α grows, so
       * it passes above that corner */
      dpv_plot_markers (plot, &one, &r->h1, 1, curve, style->line_width * 2.2, NULL);
      dpv_plot_annotate (plot, one, r->h1, _(SHANNON_ENTRY), DPV_ANCHOR_SOUTH_WEST, curve);
    }
  else if (isfinite (r->h1))
    dpv_plot_markers (plot, &one, &r->h1, 1, curve, style->line_width * 2.2,
                      _(SHANNON_ENTRY));
  dpv_plot_vline (plot, am, &style->accent, DPV_DASH_DASHED, NULL);
  if (isfinite (r->h_alpha))
    {
      g_autofree char *a = dpv_fmt (r->alpha);
      g_autofree char *v = dpv_fmt (r->h_alpha);
      g_autofree char *label = g_strdup_printf (_("H<sub>%s</sub> = %s"), a, v);

      dpv_plot_markers (plot, &am, &r->h_alpha, 1, &style->accent, style->line_width * 2.2,
                        NULL);
      dpv_plot_annotate_vline (plot, am, r->h_alpha, label, DPV_ANCHOR_NORTH_EAST,
                               &style->accent);
    }
  dpv_plot_legend (plot);
}

/* The conversion against the exact value, as a short table under the entropy panel. */
static void
draw_numbers (cairo_t *cr, const DpvStyle *style, const DpvRenyi *r, double x, double y,
              double w)
{
  g_autofree char *dl = dpv_fmt (r->delta);
  g_autofree char *e = dpv_fmt (r->eps_rdp);
  g_autofree char *a = isfinite (r->best_alpha) ? dpv_fmt (r->best_alpha) : g_strdup ("∞");
  g_autofree char *x_exact = r->pending ? g_strdup (_("computing…")) : dpv_fmt (r->eps_exact);
  g_autofree char *ratio = r->pending ? g_strdup (_("computing…"))
                                      : dpv_fmt (r->eps_rdp / r->eps_exact);
  g_autofree char *head = g_strdup_printf (_("<b>k = %lu runs at δ = %s</b>"), r->k, dl);
  g_autofree char *l1 = g_strdup_printf (_("RDP accountant: ε = %s at α* = %s"), e, a);
  g_autofree char *l2 = g_strdup_printf (_("exact composition: ε = %s"), x_exact);
  g_autofree char *l3 = g_strdup_printf (_("RDP ÷ exact: %s"), ratio);
  g_autofree char *l4 = NULL;
  g_autofree char *l5 = NULL;
  g_autofree char *markup = NULL;

  if (r->bounded)
    {
      g_autofree char *b = dpv_fmt (r->basic);

      l4 = g_strdup_printf (_("basic composition kε = %s"), b);
    }
  else
    l4 = g_strdup (_("no kε: the Gaussian mechanism is not ε-DP"));
  {
    g_autofree char *h0 = dpv_fmt (r->h0);
    g_autofree char *h1 = dpv_fmt (r->h1);
    g_autofree char *hi = dpv_fmt (r->h_inf);

    l5 = g_strdup_printf (_("H₀ = %s, H₁ = %s, H∞ = %s"), h0, h1, hi);
  }
  markup = g_strdup_printf ("%s\n%s\n%s\n%s\n%s\n\n%s\n%s", head, l1, l2, l3, l4, l5,
                            _("Entropies in nats: ln 2 nats = 1 bit."));
  dpv_draw_text_block (cr, style, x, y, w, markup, 1.0, &style->foreground);
}

void
dpv_renyi_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x, double y,
                double w, double h)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvRenyi *r = dpv_frame_get_result (frame);
  double text = dpv_style_text_size (style);
  gboolean roomy = dpv_view_roomy (style, w, h);
  /* The entropy panel beside the pair when there is room for three panels, or when the
   * figure is wider than tall: three panels stacked there leave each too short for its
   * legend at 2× text (tests/plot/test-compact-layouts.c). */
  gboolean side = (roomy && w >= 56 * text) || (w >= 1.2 * h && w >= 30 * text);
  double w_main = side ? w * (roomy ? 0.66 : 0.56) : w;
  double gap = text * 1.2;
  double w_ent = side ? w - w_main - gap : w;
  /* the table of numbers under the entropy panel, when that column is wide enough */
  gboolean numbers = side && roomy && w_ent >= 22 * text;
  /* without room beside the pair, the entropy panel goes under it */
  double h_main = side ? h : h * 0.58;
  double h_ent = side ? (numbers ? h * 0.55 : h) : h - h_main;
  Setup s = { r, w_main < 40 * text || h < 18 * text, FALSE, FALSE, FALSE, params->epsilon };
  g_autoptr(DpvPlot) top = NULL;
  g_autoptr(DpvPlot) bottom = NULL;
  g_autoptr(DpvPlot) ent = NULL;

  /* the pair's line labels and notes only where its own panels are roomy */
  roomy = dpv_view_roomy (style, w_main, h_main);

  /* Shorter than these, the panels' legends find no room in their data areas at 2× text
   * (measured over the app's figure sizes, tests/plot/test-compact-layouts.c): they go in
   * strips under the panels. */
  s.below = h_main < 32 * text;
  s.below_entropy = h_ent < 16 * text || w_ent < 16 * text;
  s.entropy_strip = s.below_entropy && !side;
  /* the divergence panel has no strip and no x tick labels: the conversion panel takes more */
  dpv_panels_stacked (cr, style, x, y, w_main, h_main, !s.below ? 0.55 : side ? 0.38 : 0.34,
                      setup_divergence,
                      setup_conversion, &s, &top, &bottom);
  draw_divergence (top, style, r, roomy, s.below && !side);
  dpv_plot_legend (top);
  draw_conversion (bottom, style, r, roomy);
  dpv_plot_legend (bottom);
  /* the current α is dragged along either panel's α axis (x is α − 1 on a log scale) */
  dpv_drag_across (cr, top, DPV_PARAM_ALPHA, r->am1, r->alphas, r->n);
  dpv_drag_across (cr, bottom, DPV_PARAM_ALPHA, r->am1, r->alphas, r->n);

  if (side)
    ent = dpv_panel_new (cr, style, x + w_main + gap, y, w_ent, h_ent, setup_entropy, &s);
  else
    ent = dpv_panel_new (cr, style, x, y + h_main, w, h_ent, setup_entropy, &s);
  draw_entropy (ent, style, r, s.below_entropy, s.entropy_strip);
  if (numbers)
    draw_numbers (cr, style, r, x + w_main + gap + text, y + h_ent + 2 * text, w_ent - text);
}
