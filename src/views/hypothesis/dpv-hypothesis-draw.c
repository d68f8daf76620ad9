/* dpv-hypothesis-draw.c — the hypothesis view drawn: trade-off curves, the densities with the
 * test, the posterior odds and the audit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws the numbers of dpv-hypothesis.c; computes nothing. Declares the drags (dpv-drag.h):
 * the threshold across the densities, the test's point along the curves.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-drag.h"
#include "dpv-hypothesis.h"
#include "dpv-text.h"

typedef struct {
  const DpvParams *params;
  const DpvHypothesis *h;
  gboolean compact;
  gboolean brief;   /* the posterior and the audit each in one sentence */
} Hyp;

/* ---- the trade-off plot ------------------------------------------------------------------ */

static void
setup_main (DpvPlot *plot, gconstpointer user_data)
{
  const Hyp *c = user_data;
  const DpvHypothesis *h = c->h;
  DpvScale scale = h->log_axes ? DPV_SCALE_LOG : DPV_SCALE_LINEAR;
  double lo = h->log_axes ? DPV_HYP_LOG_MIN : 0.0;
  g_autofree char *a = dpv_fmt (h->alpha);
  g_autofree char *b = dpv_fmt (h->beta);
  g_autofree char *p = dpv_fmt (1.0 - h->beta);
  g_autofree char *tv = dpv_fmt (h->min_sum_1);
  g_autofree char *full = g_strdup_printf (_("test: α = %s, β = %s, power %s · "
                                             "min α + β = 1 − TV = %s"), a, b, p, tv);
  g_autofree char *part = g_strdup_printf (_("test: α = %s, β = %s, power %s"), a, b, p);
  g_autofree char *less = g_strdup_printf (_("test: α = %s, β = %s"), a, b);
  g_autofree char *least = g_strdup_printf ("α = %s, β = %s", a, b);
  const char *choices[] = { full, part, less, least };

  dpv_plot_set_x_axis (plot, lo, 1.0, scale, _("type I error α (says D′, data D)"));
  dpv_plot_set_y_axis (plot, lo, 1.0, scale, _("type II error β (says D, data D′)"));
  dpv_plot_set_title_choices (plot, choices, G_N_ELEMENTS (choices));
}

static void
curve (DpvPlot *plot, const DpvHypCurve *c, const DpvColor *color, double width, DpvDash dash,
       const char *label)
{
  if (c->n > 0)
    dpv_plot_line (plot, c->alpha, c->beta, c->n, color, width, dash, label);
}

static void
draw_main (const Hyp *c, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
           double hgt)
{
  const DpvHypothesis *h = c->h;
  const DpvHypAudit *a = h->audit;
  g_autoptr(DpvPlot) plot = dpv_panel_new (cr, style, x, y, w, hgt, setup_main, c);
  double lw = style->line_width;
  double floor_y[DPV_HYP_POINTS];
  g_autofree char *e = dpv_fmt (h->eps);
  g_autofree char *region_label = NULL;
  g_autofree char *kfold_label = g_strdup_printf (_("after k = %lu outputs"), h->k);
  g_autofree char *certified_label = NULL;
  g_autofree char *audit_label = g_strdup_printf (_("audit (α̂, β̂), N = %lu"), a->trials);
  const char *guess_label = _("guessing: β = 1 − α");
  const char *pure_label = _("ε-DP boundary (δ = 0)");
  const char *basic_label = _("basic composition (kε, kδ), Thm 3.16");
  const char *advanced_label = _("advanced composition, Thm 3.20");
  const char *one_label = _("this mechanism, one output");
  const char *legend[9];
  gsize n_legend = 0;

  if (h->delta > 0)
    {
      g_autofree char *d = dpv_fmt (h->delta);

      region_label = g_strdup_printf (_("no (ε, δ) = (%s, %s)-DP mechanism reaches here"), e, d);
    }
  else
    region_label = g_strdup_printf (_("no ε = %s-DP mechanism reaches here"), e);
  if (h->certified.n > 0)
    {
      g_autofree char *lo = dpv_fmt (a->r.bound.epsilon_lower);

      certified_label = g_strdup_printf (_("certified by the audit: ε ≥ %s"), lo);
    }

  /* the legend's entries, in the order drawn, declared before the layout so that the panel
   * keeps them in a strip below when its data area cannot hold them */
  if (h->region.n > 0)
    legend[n_legend++] = region_label;
  if (h->diagonal.n > 0)
    legend[n_legend++] = guess_label;
  if (h->delta > 0 && h->pure.n > 0)
    legend[n_legend++] = pure_label;
  if (h->k > 1 && h->basic.n > 0)
    legend[n_legend++] = basic_label;
  if (h->k > 1 && h->advanced.n > 0)
    legend[n_legend++] = advanced_label;
  if (certified_label != NULL)
    legend[n_legend++] = certified_label;
  if (h->one.n > 0)
    legend[n_legend++] = one_label;
  if (h->k > 1 && h->kfold.n > 0)
    legend[n_legend++] = kfold_label;
  if (a->ran)
    legend[n_legend++] = audit_label;
  dpv_plot_set_legend_auto (plot, legend, n_legend);

  /* what no (ε, δ)-DP mechanism reaches, shaded under the grid */
  for (gsize i = 0; i < h->region.n; i++)
    floor_y[i] = h->log_axes ? DPV_HYP_LOG_MIN * 1e-3 : 0.0;
  if (h->region.n > 0)
    dpv_plot_fill_between (plot, h->region.alpha, floor_y, h->region.beta, h->region.n,
                           &style->roles[DPV_ROLE_LOSS], 0.16, region_label);
  dpv_plot_draw_frame (plot);

  curve (plot, &h->diagonal, &style->muted, lw * 0.6, DPV_DASH_DOTTED,
         guess_label);
  curve (plot, &h->region, &style->roles[DPV_ROLE_LOSS], lw * 0.8, DPV_DASH_SOLID, NULL);
  if (h->delta > 0)
    curve (plot, &h->pure, &style->roles[DPV_ROLE_LOSS], lw * 0.8, DPV_DASH_DASHED,
           pure_label);
  if (h->k > 1)
    {
      curve (plot, &h->basic, &style->roles[DPV_ROLE_BOUND], lw, DPV_DASH_DOTTED,
             basic_label);
      curve (plot, &h->advanced, &style->roles[DPV_ROLE_EXTRA], lw, DPV_DASH_DASHDOT,
             advanced_label);
    }
  if (h->certified.n > 0)
    curve (plot, &h->certified, &style->roles[DPV_ROLE_ZCDP], lw, DPV_DASH_DASHED,
           certified_label);
  curve (plot, &h->one, &style->roles[DPV_ROLE_ACTUAL], lw * 1.4, DPV_DASH_SOLID,
         one_label);
  if (h->k > 1)
    curve (plot, &h->kfold, &style->roles[DPV_ROLE_TIGHT], lw * 1.6, DPV_DASH_SOLID,
           kfold_label);

  /* the audit: (α̂, β̂) with its Clopper–Pearson intervals */
  if (a->ran)
    {
      const DpvColor *ink = &style->roles[DPV_ROLE_ZCDP];
      double ax[2] = { a->r.type1_ci.lower, a->r.type1_ci.upper };
      double ay[2] = { a->r.type2, a->r.type2 };
      double bx[2] = { a->r.type1, a->r.type1 };
      double by[2] = { a->r.type2_ci.lower, a->r.type2_ci.upper };

      dpv_plot_line (plot, ax, ay, 2, ink, lw * 1.2, DPV_DASH_SOLID, NULL);
      dpv_plot_line (plot, bx, by, 2, ink, lw * 1.2, DPV_DASH_SOLID, NULL);
      dpv_plot_markers (plot, &a->r.type1, &a->r.type2, 1, ink, 3.5, audit_label);
    }

  /* the current test, on one output and after k */
  if (isfinite (h->beta))
    {
      dpv_plot_markers (plot, &h->alpha, &h->beta, 1, &style->accent, 5.0, NULL);
      dpv_plot_annotate (plot, h->alpha, h->beta, _("test"), DPV_ANCHOR_NORTH_EAST,
                         &style->accent);
    }
  if (h->k > 1 && isfinite (h->beta_k))
    dpv_plot_markers (plot, &h->alpha, &h->beta_k, 1, &style->roles[DPV_ROLE_TIGHT], 4.0, NULL);

  /* dragging along either curve moves the test */
  dpv_drag_along (cr, plot, DPV_PARAM_TYPE1, h->one.alpha, h->one.beta, h->one.alpha, h->one.n);
  if (h->k > 1)
    dpv_drag_along (cr, plot, DPV_PARAM_TYPE1, h->kfold.alpha, h->kfold.beta, h->kfold.alpha,
                    h->kfold.n);
  dpv_plot_legend (plot);
}

/* ---- the densities of one output, with the test ----------------------------------------- */

static void
setup_densities (DpvPlot *plot, gconstpointer user_data)
{
  const Hyp *c = user_data;
  const DpvHypothesis *h = c->h;
  g_autofree char *test = dpv_hypothesis_test_text (h);
  g_autofree char *title = g_strdup_printf (_("one output · test: %s"), test);
  g_autofree char *g = dpv_fmt (h->gamma);
  /* randomized response's randomised test, shortest: “w. p.” is “with probability” */
  g_autofree char *least = h->kind != DP_MECHANISM_RR || !isfinite (h->threshold)
    ? g_strdup (test)
    : h->threshold >= 1.0 ? g_strdup_printf (_("D′ if y = 1, w. p. %s"), g)
                          : g_strdup_printf (_("D′ if y = 1; if y = 0, w. p. %s"), g);
  const char *choices[] = { title, test, least };

  dpv_plot_set_x_axis (plot, h->x_lo, h->x_hi, DPV_SCALE_LINEAR,
                       h->kind == DP_MECHANISM_RR ? _("reported bit y") : _("output y"));
  dpv_plot_set_y_axis (plot, 0.0, h->y_max, DPV_SCALE_LINEAR,
                       h->kind == DP_MECHANISM_RR ? _("probability") : _("density"));
  dpv_plot_set_title_choices (plot, choices, G_N_ELEMENTS (choices));
  if (c->compact)
    {
      /* the entries of draw_densities () */
      const char *rr[2] = { _("P(y | D)"), _("P(y | D′)") };
      const char *continuous[4] = { _("α: area of p right of t"), _("β: area of q left of t"),
                                    _("p(y): output on D"), _("q(y): output on D′") };

      if (h->kind == DP_MECHANISM_RR)
        dpv_plot_set_legend_below (plot, rr, 2);
      else
        dpv_plot_set_legend_below (plot, continuous, 4);
    }
}

static void
draw_densities (const Hyp *c, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
                double hgt)
{
  const DpvHypothesis *h = c->h;
  g_autoptr(DpvPlot) plot = dpv_panel_new (cr, style, x, y, w, hgt, setup_densities, c);
  const DpvColor *pc = &style->roles[DPV_ROLE_D], *qc = &style->roles[DPV_ROLE_D_PRIME];
  double lw = style->line_width, dh = 0;
  g_autofree char *tl = NULL;

  if (h->kind == DP_MECHANISM_RR)
    {
      double xs_d[2] = { -0.17, 0.83 }, xs_q[2] = { 0.17, 1.17 };

      dpv_plot_draw_frame (plot);
      dpv_plot_bars (plot, xs_d, h->rr_p, 2, 0.3, pc, 0.9, _("P(y | D)"));
      dpv_plot_bars (plot, xs_q, h->rr_q, 2, 0.3, qc, 0.9, _("P(y | D′)"));
    }
  else
    {
      double zeros[DPV_CURVE_SAMPLES + 4] = { 0 };

      dpv_plot_fill_between (plot, h->xs, zeros, h->fill_alpha, h->n, pc, 0.35,
                             _("α: area of p right of t"));
      dpv_plot_fill_between (plot, h->xs, zeros, h->fill_beta, h->n, qc, 0.35,
                             _("β: area of q left of t"));
      dpv_plot_draw_frame (plot);
      dpv_plot_line (plot, h->xs, h->ps, h->n, pc, lw, DPV_DASH_SOLID, _("p(y): output on D"));
      dpv_plot_line (plot, h->xs, h->qs, h->n, qc, lw, DPV_DASH_SOLID, _("q(y): output on D′"));
    }

  /* the threshold, where it falls inside the panel */
  if (isfinite (h->test_pos) && h->test_pos >= h->x_lo && h->test_pos <= h->x_hi)
    {
      g_autofree char *t = dpv_fmt (h->threshold);

      tl = h->kind == DP_MECHANISM_RR ? g_strdup (_("test")) : g_strdup_printf ("t = %s", t);
      dpv_plot_vline (plot, h->test_pos, &style->accent, DPV_DASH_SOLID, tl);
    }
  else if (isfinite (h->threshold) || h->kind != DP_MECHANISM_RR)
    {
      gboolean right = h->test_pos > h->x_hi || h->threshold > 0;
      g_autofree char *t = dpv_fmt (h->threshold);

      tl = isfinite (h->threshold) ? g_strdup_printf (right ? "t = %s →" : "← t = %s", t)
                                   : g_strdup (right ? "t → ∞" : "t → −∞");
      dpv_plot_annotate (plot, right ? h->x_hi : h->x_lo, h->y_max * 0.9, tl,
                         right ? DPV_ANCHOR_WEST : DPV_ANCHOR_EAST, &style->accent);
    }
  dpv_drag_across (cr, plot, DPV_PARAM_TYPE1, h->xs, h->type1_at, h->n);
  /* a data area under 6 lines of text would be covered by the legend (in columns over it):
   * the entries are then named in the panel */
  dpv_plot_get_data_area (plot, NULL, NULL, NULL, &dh);
  if (dh >= 6 * dpv_style_text_size (style))
    {
      dpv_plot_legend (plot);
      if (dpv_plot_get_text_rects (plot, DPV_TEXT_LEGEND, NULL, 0) > 0)
        return;
    }
  if (h->kind == DP_MECHANISM_RR)
    {
      /* no room for the legend: the bars of y = 0 named where they stand, with the
       * legend's entries */
      dpv_plot_annotate (plot, -0.17, h->rr_p[0], _("P(y | D)"), DPV_ANCHOR_NORTH, pc);
      dpv_plot_annotate (plot, 0.17, h->rr_q[0], _("P(y | D′)"), DPV_ANCHOR_NORTH, qc);
    }
  else
    {
      /* no room for the legend: each density named at its peak, D at 0 and D′ at Δ, and
       * each area beside the threshold, with the legend's entries */
      double peak = h->y_max / 1.15, t = isfinite (h->test_pos) ? h->test_pos : 0.0;

      dpv_plot_annotate (plot, 0.0, peak, _("p(y): output on D"), DPV_ANCHOR_NORTH_WEST, pc);
      dpv_plot_annotate (plot, c->params->sensitivity, peak, _("q(y): output on D′"),
                         DPV_ANCHOR_NORTH_EAST, qc);
      dpv_plot_annotate (plot, t, h->y_max * 0.06, _("α: area of p right of t"),
                         DPV_ANCHOR_NORTH_EAST, pc);
      dpv_plot_annotate (plot, t, h->y_max * 0.06, _("β: area of q left of t"),
                         DPV_ANCHOR_NORTH_WEST, qc);
    }
}

/* ---- panels of text and bars ------------------------------------------------------------- */

typedef struct {
  cairo_t *cr;
  const DpvStyle *style;
  double x, y, w, h;   /* the panel */
  double pad, text;    /* padding and text size, user units */
} Box;

static double
box_title (Box *b, const char *markup)
{
  double th = dpv_draw_text_block (b->cr, b->style, b->x + b->pad, b->y + b->pad * 0.5,
                                   b->w - 2 * b->pad, markup, 1.0, &b->style->foreground);

  return b->y + b->pad * 0.5 + th + b->pad * 0.4;
}

/* A bar from 0 to @p on a 0–100 % scale in (x, y, w, bar_h), a tick at the prior, and the
 * value under it, centred. Returns the height used. */
static double
bar_cell (Box *b, double x, double y, double w, double p, const char *value,
          const DpvColor *color, double prior, double size)
{
  cairo_t *cr = b->cr;
  double bar_h = b->text * 0.75 * size, tw = 0, th = 0;

  cairo_save (cr);
  dpv_color_set_source (&b->style->grid, cr);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, x, y, w, bar_h);
  cairo_stroke (cr);
  if (isfinite (p))
    {
      dpv_color_set_source (color, cr);
      cairo_rectangle (cr, x, y, w * CLAMP (p, 0.0, 1.0), bar_h);
      cairo_fill (cr);
    }
  /* the prior, for comparison: a line with a halo of the background, seen on a bar of the
   * text's colour too */
  cairo_move_to (cr, x + w * prior, y - 0.25 * bar_h);
  cairo_line_to (cr, x + w * prior, y + 1.25 * bar_h);
  dpv_color_set_source (&b->style->plot_background, cr);
  cairo_set_line_width (cr, 4.5);
  cairo_stroke_preserve (cr);
  dpv_color_set_source (&b->style->foreground, cr);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_restore (cr);
  dpv_measure_text (cr, b->style, value, size, &tw, &th);
  dpv_draw_text_block (cr, b->style, x + (w - tw) / 2, y + 1.3 * bar_h, w, value, size,
                       &b->style->foreground);
  return 1.3 * bar_h + th;
}

/* Text size of the posterior and the audit in one sentence each, relative to the body's. */
#define BRIEF_SIZE 0.85

/* The posterior table in one sentence, the percentages only. */
static char *
posterior_sentence (const DpvHypothesis *h)
{
  g_autofree char *pi = dpv_hypothesis_percent (h->prior);
  g_autofree char *p1 = dpv_hypothesis_percent (h->post_allowed_1);
  g_autofree char *p2 = dpv_hypothesis_percent (h->post_test_1);
  g_autofree char *p3 = h->kind == DP_MECHANISM_GAUSSIAN ? g_strdup (_("no limit"))
                                                          : dpv_hypothesis_percent (h->post_max_1);

  /* Translators: the posterior table of the hypothesis view in one sentence (a small
   * figure); the prior and the three values are percentages */
  return g_strdup_printf (_("<b>Posterior</b>, prior %s: the guarantee allows %s · the test "
                            "says “in”: %s · the most revealing output: %s"), pi, p1, p2, p3);
}

/* The audit's outcome in one sentence. */
static char *
audit_sentence (const DpvHypothesis *h)
{
  const DpvHypAudit *a = h->audit;
  g_autofree char *e = dpv_fmt (a->r.bound.epsilon_lower);
  g_autofree char *cl = dpv_fmt (a->eps_claimed);
  const char *head = a->buggy ? _("Audit of a buggy mechanism") : _("Audit");

  if (!a->ran)
    return g_strdup_printf ("<b>%s</b>: %s", head, _("running the audit…"));
  if (a->r.bound.epsilon_lower > a->eps_claimed)
    return g_strdup_printf (_("<b>%s</b>, N = %lu: certified ε ≥ %s > claimed ε = %s: "
                              "<b>caught</b>"), head, a->trials, e, cl);
  return g_strdup_printf (_("<b>%s</b>, N = %lu: certified ε ≥ %s, claimed ε = %s: "
                            "consistent"), head, a->trials, e, cl);
}

/* The height the two sentences take in a column @w wide, as draw_posterior () and
 * draw_audit () set them (each wrapped, under half a padding): set into a group that is
 * then dropped. */
static double
sentences_height (const DpvHypothesis *h, const DpvStyle *style, cairo_t *cr, double w)
{
  double pad = dpv_style_text_size (style) * 0.6, sum = 0;
  char *lines[2] = { posterior_sentence (h), audit_sentence (h) };

  cairo_push_group (cr);
  for (int i = 0; i < 2; i++)
    {
      sum += pad * 0.5 + dpv_draw_text_block (cr, style, 0, 0, w - 2 * pad, lines[i],
                                              BRIEF_SIZE, &style->foreground);
      g_free (lines[i]);
    }
  cairo_pattern_destroy (cairo_pop_group (cr));
  return sum + pad * 0.5;
}

/* The posterior that the person is in the data, as a table: rows (the guarantee, this
 * mechanism's test at α, its most revealing output) by columns (one output, k outputs).
 * Returns the bottom of what it drew. */
static double
draw_posterior (const Hyp *c, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
                double hgt)
{
  const DpvHypothesis *h = c->h;
  Box b = { cr, style, x, y, w, hgt, 0, dpv_style_text_size (style) };
  gboolean many = h->k > 1, gauss = h->kind == DP_MECHANISM_GAUSSIAN;
  g_autofree char *pi = dpv_hypothesis_percent (h->prior);
  g_autofree char *title = NULL;
  g_autofree char *khead = NULL;
  const char *rows[3];
  const double *one[3] = { &h->post_allowed_1, &h->post_test_1, &h->post_max_1 };
  const double *kv[3] = { &h->post_allowed_k, &h->post_test_k, &h->post_max_k };
  const DpvColor *colors[3] = { &style->roles[DPV_ROLE_LOSS], &style->roles[DPV_ROLE_ACTUAL],
                                &style->roles[DPV_ROLE_ACTUAL] };
  int ncol = many ? 2 : 1;
  double top, label_w, col_w, gap, size = w >= 44 * b.text ? 1.0 : 0.85;

  b.pad = b.text * 0.6;
  if (c->brief)
    {
      /* little room: the table as one sentence */
      g_autofree char *line = posterior_sentence (h);

      return y + b.pad * 0.5 + dpv_draw_text_block (cr, style, x + b.pad, y + b.pad * 0.5,
                                                    w - 2 * b.pad, line, BRIEF_SIZE,
                                                    &style->foreground);
    }
  /* Translators: the prior is a percentage */
  title = g_strdup_printf (_("<b>Posterior that the person is in the data</b> · prior π = %s "
                             "(the ticks)"), pi);
  top = box_title (&b, title);
  rows[0] = h->delta > 0 ? _("allowed by the guarantee when a test at α says “in”")
                         : _("allowed by the guarantee, any output");
  rows[1] = _("this mechanism: the best test at α says “in”");
  rows[2] = _("this mechanism: its most revealing output");
  khead = g_strdup_printf (_("after k = %lu outputs"), h->k);

  label_w = (w - 2 * b.pad) * (many ? 0.42 : 0.55);
  gap = b.pad;
  col_w = (w - 2 * b.pad - label_w - ncol * gap) / ncol;
  if (col_w < 3 * b.text)
    return top;
  /* smaller text when the rows would not fit */
  for (int attempt = 0; attempt < 2; attempt++)
    {
      double need = b.text * size * 1.6;

      for (int i = 0; i < 3; i++)
        {
          double tw = 0, th = 0;

          dpv_measure_text (cr, style, rows[i], size, &tw, &th);
          need += MAX (th * ceil (tw / label_w), b.text * size * 2.2) + b.pad * 0.5;
        }
      if (top + need <= y + hgt || attempt == 1)
        break;
      size = MIN (size, 0.85) * 0.82;
    }

  /* column heads */
  {
    double cx = x + b.pad + label_w + gap, th;

    th = dpv_draw_text_block (cr, style, cx, top, col_w, _("one output"), size, &style->muted);
    if (many)
      th = MAX (th, dpv_draw_text_block (cr, style, cx + col_w + gap, top, col_w, khead, size,
                                         &style->muted));
    top += th + b.text * 0.3 * size;
  }
  for (int i = 0; i < 3; i++)
    {
      double cx = x + b.pad + label_w + gap;
      double lh = dpv_draw_text_block (cr, style, x + b.pad, top, label_w, rows[i], size,
                                       &style->foreground);
      double used = 0;

      for (int col = 0; col < ncol; col++)
        {
          const double *v = col == 0 ? one[i] : kv[i];
          const DpvColor *color = col == 0 ? colors[i]
                                  : &style->roles[i == 0 ? DPV_ROLE_BOUND : DPV_ROLE_TIGHT];
          g_autofree char *text = (gauss && i == 2) ? g_strdup (_("no limit"))
                                                    : dpv_hypothesis_percent (*v);

          used = MAX (used, bar_cell (&b, cx + col * (col_w + gap), top + b.text * 0.15 * size,
                                      col_w, *v, text, color, h->prior, size));
        }
      top += MAX (lh, used) + b.pad * 0.5;
    }
  return top;
}

static void
draw_audit (const Hyp *c, const DpvStyle *style, cairo_t *cr, double x, double y, double w,
            double hgt)
{
  const DpvHypothesis *h = c->h;
  const DpvHypAudit *a = h->audit;
  Box b = { cr, style, x, y, w, hgt, 0, dpv_style_text_size (style) };
  g_autofree char *title = NULL;
  double top, size = w >= 44 * b.text ? 1.0 : 0.85;

  b.pad = b.text * 0.6;
  if (c->brief)
    {
      /* little room: the audit's outcome in one sentence */
      g_autofree char *line = audit_sentence (h);

      dpv_draw_text_block (cr, style, x + b.pad, y + b.pad * 0.5, w - 2 * b.pad, line,
                           BRIEF_SIZE, &style->foreground);
      return;
    }
  if (!a->buggy)
    title = g_strdup_printf (_("<b>Audit</b>: N = %lu runs on D and on D′, seed %u"),
                             a->trials, a->seed);
  else if (h->kind == DP_MECHANISM_RR)
    title = g_strdup_printf (_("<b>Audit of a buggy mechanism</b> (the coin of 2ε): N = %lu "
                               "runs on D and on D′, seed %u"), a->trials, a->seed);
  else
    title = g_strdup_printf (_("<b>Audit of a buggy mechanism</b> (noise for Δ/2): N = %lu "
                               "runs on D and on D′, seed %u"), a->trials, a->seed);
  top = box_title (&b, title);
  if (!a->ran)
    {
      dpv_draw_text_block (cr, style, x + b.pad, top, w - 2 * b.pad, _("running the audit…"),
                           size, &style->muted);
      return;
    }
  {
    g_autofree char *a1 = dpv_fmt (a->r.type1);
    g_autofree char *a2 = dpv_fmt (a->r.type1_ci.lower);
    g_autofree char *a3 = dpv_fmt (a->r.type1_ci.upper);
    g_autofree char *b1 = dpv_fmt (a->r.type2);
    g_autofree char *b2 = dpv_fmt (a->r.type2_ci.lower);
    g_autofree char *b3 = dpv_fmt (a->r.type2_ci.upper);
    g_autofree char *line = NULL;

    /* Translators: the audit's estimated errors with their 95 % Clopper–Pearson intervals */
    line = g_strdup_printf (_("α̂ = %s [%s, %s] · β̂ = %s [%s, %s]"), a1, a2, a3, b1, b2, b3);
    top += dpv_draw_text_block (cr, style, x + b.pad, top, w - 2 * b.pad, line, size,
                                &style->foreground);
    if (a->r.has_exact)
      {
        g_autofree char *e1 = dpv_fmt (a->r.type1_exact);
        g_autofree char *e2 = dpv_fmt (a->r.type2_exact);
        g_autofree char *es = dpv_fmt (a->eps_simulated);
        g_autofree char *ds = dpv_fmt (a->delta);
        g_autofree char *exact = a->delta > 0
          ? g_strdup_printf (_("the simulated mechanism’s true errors: α = %s, β = %s (its ε "
                               "at δ = %s is %s)"), e1, e2, ds, es)
          : g_strdup_printf (_("the simulated mechanism’s true errors: α = %s, β = %s (its ε "
                               "is %s)"), e1, e2, es);

        top += dpv_draw_text_block (cr, style, x + b.pad, top, w - 2 * b.pad, exact, size,
                                    &style->muted);
      }
    top += b.pad * 0.5;
  }
  /* the ε scale: the certified lower bound as a bar, the claim as a line */
  {
    double eps_hat = a->r.bound.epsilon_lower, claim = a->eps_claimed;
    double xmax = 1.25 * MAX (MAX (eps_hat, claim), 1e-9);
    double sx = x + b.pad, sw = w - 2 * b.pad, bar_h = b.text * 0.9, tw = 0, th = 0;
    double cx = sx + sw * claim / xmax;
    gboolean caught = eps_hat > claim;
    g_autofree char *e = dpv_fmt (eps_hat);
    g_autofree char *cl = dpv_fmt (claim);
    g_autofree char *el = g_strdup_printf (_("certified ε ≥ %s"), e);
    g_autofree char *cll = g_strdup_printf (_("claimed ε = %s"), cl);

    dpv_measure_text (cr, style, el, size, &tw, &th);
    if (top + 3 * th + bar_h > y + hgt)
      return;
    cairo_save (cr);
    dpv_color_set_source (&style->grid, cr);
    cairo_set_line_width (cr, 1.0);
    cairo_rectangle (cr, sx, top, sw, bar_h);
    cairo_stroke (cr);
    dpv_color_set_source (caught ? &style->roles[DPV_ROLE_D_PRIME] : &style->foreground, cr);
    cairo_rectangle (cr, sx, top, sw * eps_hat / xmax, bar_h);
    cairo_fill (cr);
    dpv_color_set_source (&style->roles[DPV_ROLE_LOSS], cr);
    cairo_set_line_width (cr, 2.0);
    cairo_move_to (cr, cx, top - 0.3 * bar_h);
    cairo_line_to (cr, cx, top + 1.3 * bar_h);
    cairo_stroke (cr);
    cairo_restore (cr);
    top += bar_h * 1.4;
    dpv_draw_text_block (cr, style, sx, top, sw / 2, el, size,
                         caught ? &style->roles[DPV_ROLE_D_PRIME] : &style->foreground);
    dpv_measure_text (cr, style, cll, size, &tw, &th);
    dpv_draw_text_block (cr, style, sx + sw - tw, top, sw / 2, cll, size,
                         &style->roles[DPV_ROLE_LOSS]);
    top += th + b.pad * 0.4;
    {
      /* xgettext:no-c-format */
      const char *v = caught ? _("<b>Caught:</b> the runs certify more than the claimed ε "
                                 "(95 % confidence).")
                             : _("Consistent with the claim: the runs certify no more than the "
                                 "claimed ε.");

      dpv_draw_text_block (cr, style, sx, top, sw, v, size,
                           caught ? &style->roles[DPV_ROLE_D_PRIME] : &style->foreground);
    }
  }
}

/* ---- the figure -------------------------------------------------------------------------- */

void
dpv_hypothesis_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                     double x, double y, double w, double h)
{
  const DpvHypothesis *r = dpv_frame_get_result (frame);
  Hyp c = { dpv_frame_get_params (frame), r, FALSE };
  double text = dpv_style_text_size (style);

  c.compact = !dpv_view_roomy (style, w, h);
  c.brief = c.compact;
  /* A thumbnail: the curves alone (the caption gives the test and the audit), in a figure
   * under 18 × 12 lines of text or under 30 × 16 (a 320 × 200 export has about 25 × 15).
   * The figures of the app's window at twice the text keep every panel: 627 × 721 has
   * about 24 × 22 lines under its caption, 1280 × 668 about 38 × 16. */
  if (w < 18 * text || h < 12 * text || (w < 30 * text && h < 16 * text))
    {
      draw_main (&c, style, cr, x, y, w, h);
      return;
    }
  if (c.compact)
    {
      /* every panel, and the posterior and the audit each in one sentence across the
       * bottom: landscape, the curves beside the densities; portrait, the curves over the
       * densities */
      gboolean landscape = w >= 1.2 * h;
      /* the sentences take what they measure, up to 40 % of the height */
      double th = MIN (sentences_height (r, style, cr, w), h * 0.4), hp = h - th, bottom;

      if (landscape)
        {
          /* nearly square; in a wide figure (the window with its controls hidden) wider,
           * so that the curves' 8–9 keys fit in a column beside them */
          double wm = w >= 1.6 * hp ? MIN (0.62 * w, 1.5 * hp + 4 * text)
                                    : MIN (0.55 * w, hp + 4 * text);

          draw_main (&c, style, cr, x, y, wm, hp);
          draw_densities (&c, style, cr, x + wm, y, w - wm, hp);
        }
      else
        {
          /* the densities take 40 % and at least 8 lines of text (a data area of about
           * three, for the names of its curves and areas) while the curves keep half */
          double hd = MAX (hp * 0.4, MIN (8 * text, hp * 0.5));

          draw_main (&c, style, cr, x, y, w, hp - hd);
          draw_densities (&c, style, cr, x, y + hp - hd, w, hd);
        }
      bottom = draw_posterior (&c, style, cr, x, y + hp, w, th);
      draw_audit (&c, style, cr, x, bottom, w, y + h - bottom);
      return;
    }
  if (w >= 1.2 * h)
    {
      /* landscape: the curves on the left, nearly square; the rest stacked on the right */
      double wm = MIN (0.6 * w, h + 6 * text), wr = w - wm;
      /* the posterior and the audit take about 26 lines of text; the densities the rest */
      double hd = CLAMP (h - 26 * text, h * 0.38, h * 0.55), hp = (h - hd) * 0.55;
      double bottom;

      /* the table and the audit's lines need about 20 lines of text */
      c.brief = h - hd < 20 * text;
      if (c.brief)
        {
          /* two sentences under the densities: they take what they measure in the column
           * (up to 45 % of the height), the densities the rest */
          double sh = MIN (sentences_height (r, style, cr, wr), h * 0.45);

          hd = MAX (h * 0.55, h - sh - text * 0.5);
          hp = h - hd;
        }

      draw_main (&c, style, cr, x, y, wm, h);
      draw_densities (&c, style, cr, x + wm, y, wr, hd);
      bottom = draw_posterior (&c, style, cr, x + wm, y + hd, wr, hp);
      /* a sentence goes on under the one before it; the table keeps its share */
      bottom = c.brief ? bottom : MIN (bottom + text * 0.8, y + hd + hp);
      draw_audit (&c, style, cr, x + wm, bottom, wr, y + h - bottom);
    }
  else
    {
      /* portrait: the curves across the top; beneath, the densities beside the posterior
       * and the audit */
      double ht = MIN (h * 0.56, w * 0.9), wd = w * 0.48, bottom;

      c.brief = h - ht < 20 * text;

      draw_main (&c, style, cr, x, y, w, ht);
      draw_densities (&c, style, cr, x, y + ht, wd, h - ht);
      bottom = draw_posterior (&c, style, cr, x + wd, y + ht, w - wd, (h - ht) * 0.55);
      bottom = MIN (bottom + text * 0.5, y + ht + (h - ht) * 0.55);
      draw_audit (&c, style, cr, x + wd, bottom, w - wd, y + h - bottom);
    }
}
