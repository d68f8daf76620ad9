/* dpv-view-composition.c — View 4: total ε of k composed mechanisms at a target δ
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Curves against k (log) at total failure probability δ (VIEWS.md, View 4):
 * - basic composition kε (Dwork & Roth Thm 3.16);
 * - advanced composition √(2k ln(1/δ′))·ε + kε(e^ε − 1) (Dwork, Rothblum & Vadhan 2010;
 *   Dwork & Roth Thm 3.20), plotted as min(kε, ε_k) with the raw formula dashed where it is
 *   worse than basic, and the crossover k marked;
 * - the optimal composition of generic ε-DP mechanisms (Kairouz, Oh & Viswanath 2015,
 *   Thm 3.3);
 * - the exact composition of the mechanism (privacy-loss distribution for Laplace, μ√k for
 *   Gaussian, binomial for randomized response);
 * - for the Gaussian mechanism also zCDP (Bun & Steinke 2016) and RDP (Mironov 2017).
 * The curves come from DpvCompositionData (dpv-composition-data.c).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-ticks.h"
#include "dpv-view-private.h"

typedef struct {
  const DpvParams *params;
  const DpvCompositionData *data;
  DpvCompositionPoint pt;
  gboolean pending;
  gboolean compact;
  gboolean legend_below;
  double k_max, y_lo, y_hi;
} Composition;

enum { LABEL_BASIC, LABEL_RAW, LABEL_ADVANCED, LABEL_ZCDP, LABEL_RDP, N_LABELS };

/* The series' legend labels, named once for the strip under the plot and for the series. */
static const char *const label_text[N_LABELS] = {
  [LABEL_BASIC] = N_("basic kε (Thm 3.16)"),
  [LABEL_RAW] = N_("raw Thm 3.20 formula where worse than basic"),
  [LABEL_ADVANCED] = N_("advanced, min(kε, ε<sub>k</sub>) (Thm 3.20)"),
  [LABEL_ZCDP] = N_("zCDP (Bun &amp; Steinke 2016)"),
  [LABEL_RDP] = N_("RDP (Mironov 2017)"),
};

static const char *
label (int which)
{
  return _(label_text[which]);
}

static const char *
optimal_label (DpMechanismKind kind)
{
  if (kind == DP_MECHANISM_GAUSSIAN)
    return _("optimal for (ε<sub>0</sub>, δ<sub>0</sub>)-DP (KOV 2015)");
  return _("optimal for ε-DP (KOV 2015)");
}

static const char *
exact_label (DpMechanismKind kind)
{
  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      return _("exact (privacy-loss distribution)");
    case DP_MECHANISM_GAUSSIAN:
      return _("exact (Gaussian with μ√k)");
    case DP_MECHANISM_RR:
    case DP_N_MECHANISMS:
    default:
      return _("exact (binomial)");
    }
}

static char *
fmt_approx (double v, gboolean approximate)
{
  g_autofree char *s = dpv_fmt (v);

  return (approximate && isfinite (v)) ? g_strdup_printf ("≈%s", s) : g_steal_pointer (&s);
}

static double
adv_min (const DpvCompositionPoint *pt)
{
  if (!isfinite (pt->advanced))
    return pt->basic;
  return MIN (pt->basic, pt->advanced);
}

/* Plain text (no <sup>): used as a panel title, which may be ellipsized. */
static char *
values_markup (const Composition *c)
{
  const DpvCompositionPoint *pt = &c->pt;
  g_autofree char *b = dpv_fmt (pt->basic);
  g_autofree char *a = dpv_fmt (adv_min (pt));
  g_autofree char *o = NULL;
  g_autofree char *e = NULL;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("k = %lu: basic %s · advanced %s"), pt->k, b, a);
  if (c->pending)
    g_string_append_printf (s, " · %s", _("optimal and exact: computing…"));
  else
    {
      o = fmt_approx (pt->optimal, pt->approximate);
      e = fmt_approx (pt->exact, pt->approximate && c->data->mechanism != DP_MECHANISM_GAUSSIAN);
      g_string_append_printf (s, _(" · optimal %s · exact %s"), o, e);
    }
  if (c->data->mechanism != DP_MECHANISM_GAUSSIAN && c->data->k_cross == 0
      && c->data->n > 0)
    g_string_append_printf (s, " · %s",
                            _("advanced never beats basic here (ε ≥ ln 2)"));
  if (c->data->mechanism == DP_MECHANISM_GAUSSIAN && isfinite (pt->zcdp))
    {
      g_autofree char *z = dpv_fmt (pt->zcdp);

      g_string_append_printf (s, _(" · zCDP %s"), z);
    }
  return g_string_free (s, FALSE);
}

static void
setup_comp (DpvPlot *plot, gconstpointer user_data)
{
  const Composition *c = user_data;
  g_autofree char *dl = dpv_fmt (c->params->delta);
  g_autofree char *ytitle = g_strdup_printf (_("total ε at total δ = %s"), dl);

  dpv_plot_set_x_axis (plot, 1.0, c->k_max, DPV_SCALE_LOG, _("number of mechanisms k"));
  dpv_plot_set_y_axis (plot, c->y_lo, c->y_hi, DPV_SCALE_LOG, ytitle);
  if (!c->compact)
    {
      g_autofree char *title = values_markup (c);

      dpv_plot_set_title (plot, title);
    }
  if (c->legend_below)
    {
      /* every entry the view may draw (the strip takes fewer) */
      DpMechanismKind kind = c->data->mechanism;
      const char *labels[N_LABELS + 2];
      gsize n = 0;

      for (int i = 0; i < N_LABELS; i++)
        if (kind == DP_MECHANISM_GAUSSIAN || (i != LABEL_ZCDP && i != LABEL_RDP))
          labels[n++] = label (i);
      labels[n++] = optimal_label (kind);
      labels[n++] = exact_label (kind);
      dpv_plot_set_legend_below (plot, labels, n);
    }
}

static void
range_update (const double *v, gsize n, double *lo, double *hi)
{
  for (gsize i = 0; i < n; i++)
    if (isfinite (v[i]) && v[i] > 0)
      {
        *lo = MIN (*lo, v[i]);
        *hi = MAX (*hi, v[i]);
      }
}

void
dpv_view_render_composition (const DpvParams *params, const DpMechanism *m,
                             const DpvStyle *style, cairo_t *cr,
                             double x, double y, double w, double h)
{
  g_autoptr(DpvCompositionData) owned = NULL;
  g_autoptr(DpvPlot) plot = NULL;
  g_autofree double *xk = NULL;
  g_autofree double *adv = NULL;
  g_autofree double *raw = NULL;
  Composition c = { params, NULL };
  const DpvCompositionData *data = params->composition;
  double lo = HUGE_VAL, hi = 0, text = dpv_style_text_size (style);
  gsize n;

  if (data == NULL)
    data = owned = dpv_composition_data_compute (params, NULL);
  else if (!dpv_composition_data_matches (data, params))
    {
      data = owned = dpv_composition_data_compute_cheap (params);
      c.pending = TRUE;
    }
  if (data == NULL)
    return;
  if (!data->complete)
    c.pending = TRUE;
  c.data = data;
  c.compact = w < 40 * text || h < 18 * text;
  /* Narrower than this, some ε put a curve under the legend wherever it goes inside: it goes
   * under the plot instead. */
  c.legend_below = dpv_view_roomy (style, w, h) && w < 64 * text;
  dpv_composition_data_point (data, params, &c.pt);

  n = data->n;
  c.k_max = MAX (data->k[n - 1], 10UL);
  xk = g_new (double, n);
  adv = g_new (double, n);
  raw = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      xk[i] = (double) data->k[i];
      adv[i] = isfinite (data->advanced[i]) ? MIN (data->advanced[i], data->basic[i])
                                            : data->basic[i];
      /* The raw formula only where it is worse than basic (beneath, the min is drawn). */
      raw[i] = (isfinite (data->advanced[i]) && data->advanced[i] >= data->basic[i])
               ? data->advanced[i] : NAN;
    }
  /* Keep the raw advanced formula from stretching the axis: it grows like kε·e^ε. */
  range_update (data->basic, n, &lo, &hi);
  range_update (adv, n, &lo, &hi);
  range_update (data->optimal, n, &lo, &hi);
  range_update (data->exact, n, &lo, &hi);
  range_update (data->zcdp, n, &lo, &hi);
  range_update (data->rdp, n, &lo, &hi);
  if (!isfinite (lo) || !(hi > 0))
    {
      lo = params->epsilon;
      hi = params->epsilon * c.k_max;
    }
  c.y_lo = lo / 1.6;
  c.y_hi = hi * 1.6;

  plot = dpv_panel_new (cr, style, x, y, w, h, setup_comp, &c);
  dpv_plot_draw_frame (plot);

  if (data->k_cross >= 1 && data->k_cross <= c.k_max)
    {
      g_autofree char *label = g_strdup_printf (_("crossover k = %lu"), data->k_cross);

      dpv_plot_vline (plot, (double) data->k_cross, &style->roles[DPV_ROLE_EXTRA],
                      DPV_DASH_DASHED, label);
    }
  dpv_plot_vline (plot, (double) params->k, &style->accent, DPV_DASH_DASHED, NULL);

  /* Basic wide and solid, advanced dashed on top: where advanced is no better the two
   * coincide and both stay visible. */
  dpv_plot_line (plot, xk, data->basic, n, &style->roles[DPV_ROLE_BOUND],
                 style->line_width * 1.8, DPV_DASH_SOLID, label (LABEL_BASIC));
  dpv_plot_line (plot, xk, raw, n, &style->roles[DPV_ROLE_EXTRA], style->line_width * 0.7,
                 DPV_DASH_DOTTED, label (LABEL_RAW));
  dpv_plot_line (plot, xk, adv, n, &style->roles[DPV_ROLE_EXTRA], style->line_width,
                 DPV_DASH_DASHED, label (LABEL_ADVANCED));
  if (data->mechanism == DP_MECHANISM_GAUSSIAN)
    {
      dpv_plot_line (plot, xk, data->zcdp, n, &style->roles[DPV_ROLE_ZCDP], style->line_width,
                     DPV_DASH_DASHDOT, label (LABEL_ZCDP));
      if (!c.pending)
        dpv_plot_line (plot, xk, data->rdp, n, &style->roles[DPV_ROLE_ZCDP],
                       style->line_width, DPV_DASH_DOTTED, label (LABEL_RDP));
    }
  if (!c.pending)
    {
      dpv_plot_line (plot, xk, data->optimal, n, &style->roles[DPV_ROLE_TIGHT],
                     style->line_width, DPV_DASH_SOLID, optimal_label (data->mechanism));
      dpv_plot_line (plot, xk, data->exact, n, &style->roles[DPV_ROLE_ACTUAL],
                     style->line_width * (data->mechanism == DP_MECHANISM_RR ? 1.0 : 1.4),
                     data->mechanism == DP_MECHANISM_RR ? DPV_DASH_DASHED : DPV_DASH_SOLID,
                     exact_label (data->mechanism));
    }

  /* The current k with its values. */
  {
    double kx = (double) params->k;
    const double vals[4] = { c.pt.basic, adv_min (&c.pt), c.pt.optimal, c.pt.exact };
    const DpvRole roles[4] = { DPV_ROLE_BOUND, DPV_ROLE_EXTRA, DPV_ROLE_TIGHT,
                               DPV_ROLE_ACTUAL };

    for (int i = 0; i < 4; i++)
      if (isfinite (vals[i]) && vals[i] > 0)
        dpv_plot_markers (plot, &kx, &vals[i], 1, &style->roles[roles[i]], 4.0, NULL);
    if (!c.pending && isfinite (c.pt.exact) && c.pt.exact > 0)
      {
        g_autofree char *v = fmt_approx (c.pt.exact,
                                         c.pt.approximate
                                         && data->mechanism != DP_MECHANISM_GAUSSIAN);
        g_autofree char *label = g_strdup_printf ("ε = %s", v);

        dpv_plot_annotate (plot, kx, c.pt.exact, label,
                           params->k > 1000 ? DPV_ANCHOR_SOUTH_WEST : DPV_ANCHOR_SOUTH_EAST,
                           &style->roles[DPV_ROLE_ACTUAL]);
      }
  }
  if (c.pending)
    dpv_plot_annotate (plot, 1.0, c.y_hi, _("computing the exact curve…"),
                       DPV_ANCHOR_SOUTH_EAST, &style->muted);
  if (dpv_view_roomy (style, w, h))
    dpv_plot_legend (plot);
}

static gboolean
point_for (const DpvParams *params, DpvCompositionPoint *pt, gboolean *pending)
{
  *pending = FALSE;
  if (params->composition == NULL)
    return dpv_composition_point_compute (params, pt);
  if (dpv_composition_data_matches (params->composition, params))
    {
      dpv_composition_data_point (params->composition, params, pt);
      *pending = !params->composition->complete;
      return TRUE;
    }
  {
    g_autoptr(DpvCompositionData) cheap = dpv_composition_data_compute_cheap (params);

    if (cheap == NULL)
      return FALSE;
    dpv_composition_data_point (cheap, params, pt);
    *pending = TRUE;
    return TRUE;
  }
}

char *
dpv_view_caption_composition (const DpvParams *params, const DpMechanism *m)
{
  Composition c = { params, NULL };
  DpvCompositionData fake = { 0 };

  if (!point_for (params, &c.pt, &c.pending))
    return g_strdup ("—");
  fake.mechanism = m->kind;
  c.data = &fake;
  {
    g_autofree char *v = values_markup (&c);
    g_autofree char *dl = dpv_fmt (params->delta);
    g_autofree char *eps = dpv_fmt (params->epsilon);

    return g_strdup_printf (_("ε = %s per mechanism, total δ = %s · %s"), eps, dl, v);
  }
}

void
dpv_view_readouts_composition (const DpvParams *params, const DpMechanism *m, GPtrArray *out)
{
  DpvCompositionPoint pt;
  gboolean pending = FALSE;
  unsigned long kc = 0;

  if (!point_for (params, &pt, &pending))
    return;
  dpv_readout_add (out, _("Number of mechanisms k"), g_strdup_printf ("%lu", params->k));
  dpv_readout_add (out, _("Basic composition kε (Thm 3.16)"), dpv_fmt (pt.basic));
  dpv_readout_add (out, _("Advanced composition ε_k (Thm 3.20)"), dpv_fmt (pt.advanced));
  dpv_readout_add (out, _("  Azuma term √(2k ln(1/δ′))·ε"), dpv_fmt (pt.azuma));
  dpv_readout_add (out, _("  KL drift term kε(e^ε − 1)"), dpv_fmt (pt.drift));
  dpv_readout_add (out, _("Advanced, min(kε, ε_k)"), dpv_fmt (adv_min (&pt)));
  if (params->composition != NULL && dpv_composition_data_matches (params->composition, params))
    kc = params->composition->k_cross;
  else if (m->kind != DP_MECHANISM_GAUSSIAN
           && dp_compose_advanced_crossover (params->epsilon, params->delta, &kc) != DP_OK)
    kc = 0;
  if (m->kind != DP_MECHANISM_GAUSSIAN || kc > 0)
    dpv_readout_add (out, _("Advanced beats basic from k ="),
                     kc > 0 ? g_strdup_printf ("%lu", kc) : g_strdup (_("never")));
  dpv_readout_add (out, _("Optimal composition (KOV 2015)"),
                   pending ? g_strdup (_("computing…")) : fmt_approx (pt.optimal,
                                                                      pt.approximate));
  dpv_readout_add (out, _("Exact composition"),
                   pending ? g_strdup (_("computing…"))
                           : fmt_approx (pt.exact, pt.approximate
                                                   && m->kind != DP_MECHANISM_GAUSSIAN));
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* The generic routes need a per-mechanism (ε₀, δ₀); see dpv-composition-data.c. */
      dpv_readout_add (out, _("Per-mechanism δ₀ of the advanced and optimal bounds"),
                       dpv_fmt (params->delta / (2.0 * params->k)));
      dpv_readout_add (out, _("zCDP route"), dpv_fmt (pt.zcdp));
      dpv_readout_add (out, _("RDP route"),
                       pending ? g_strdup (_("computing…")) : fmt_approx (pt.rdp,
                                                                          pt.approximate));
    }
}
