/* dpv-view.c — view parameters, names, titles, explanations, read-outs and the render
 * dispatcher with its caption
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <pango/pangocairo.h>

#include "dpv-text.h"
#include "dpv-ticks.h"
#include "dpv-view-private.h"

/* The threshold ε′ of the regions view may be dragged up to this value. */
#define DPV_EPS_PRIME_MAX 50.0

void
dpv_params_init (DpvParams *params)
{
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  params->mechanism = DP_MECHANISM_LAPLACE;
  params->epsilon = DPV_EPSILON_DEFAULT;
  params->delta = DPV_DELTA_DEFAULT;
  params->sensitivity = DPV_SENSITIVITY_DEFAULT;
  params->k = DPV_K_DEFAULT;
  params->eps_prime = -1.0;
  params->show_caption = TRUE;
  params->log_y = FALSE;
  params->composition = NULL;
}

/* Values that went through a log slider may miss the bound by a rounding error. */
static gboolean
in_range (double v, double lo, double hi)
{
  double slack = 1e-9;

  return isfinite (v) && v >= lo * (1.0 - slack) && v <= hi * (1.0 + slack);
}

static void
set_range_error (GError **error, const char *what, double v, double lo, double hi)
{
  g_autofree char *vs = isfinite (v) ? g_strdup_printf ("%g", v) : g_strdup (_("not a number"));

  /* Translators: e.g. "ε must be between 0.01 and 10 (got 20)". */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("%s must be between %g and %g (got %s)"), what, lo, hi, vs);
}

gboolean
dpv_params_validate (const DpvParams *params, GError **error)
{
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((int) params->mechanism < 0 || params->mechanism >= DP_N_MECHANISMS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Unknown mechanism (expected Laplace, Gaussian or randomized response)"));
      return FALSE;
    }
  if (!in_range (params->epsilon, DPV_EPSILON_MIN, DPV_EPSILON_MAX))
    {
      set_range_error (error, "ε", params->epsilon, DPV_EPSILON_MIN, DPV_EPSILON_MAX);
      return FALSE;
    }
  if (!in_range (params->delta, DPV_DELTA_MIN, DPV_DELTA_MAX))
    {
      set_range_error (error, "δ", params->delta, DPV_DELTA_MIN, DPV_DELTA_MAX);
      return FALSE;
    }
  if (!in_range (params->sensitivity, DPV_SENSITIVITY_MIN, DPV_SENSITIVITY_MAX))
    {
      /* Translators: Δ is the sensitivity of the query. */
      set_range_error (error, _("The sensitivity Δ"), params->sensitivity,
                       DPV_SENSITIVITY_MIN, DPV_SENSITIVITY_MAX);
      return FALSE;
    }
  if (params->k < DPV_K_MIN || params->k > DPV_K_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s must be between %d and %d (got %lu)"), "k",
                   DPV_K_MIN, DPV_K_MAX, params->k);
      return FALSE;
    }
  if (isnan (params->eps_prime) || params->eps_prime > DPV_EPS_PRIME_MAX
      || isinf (params->eps_prime))
    {
      set_range_error (error, "ε′", params->eps_prime, 0.0, DPV_EPS_PRIME_MAX);
      return FALSE;
    }
  return TRUE;
}

DpStatus
dpv_params_mechanism (const DpvParams *params, DpMechanism *out)
{
  g_return_val_if_fail (params != NULL, DP_ERR_DOMAIN);
  g_return_val_if_fail (out != NULL, DP_ERR_DOMAIN);

  switch (params->mechanism)
    {
    case DP_MECHANISM_LAPLACE:
      return dp_mechanism_laplace (params->epsilon, params->sensitivity, out);
    case DP_MECHANISM_GAUSSIAN:
      /* Analytic Gaussian mechanism (Balle & Wang 2018, Alg. 1). */
      return dp_mechanism_gaussian_calibrated (params->epsilon, params->delta,
                                               params->sensitivity, out);
    case DP_MECHANISM_RR:
      return dp_mechanism_rr (params->epsilon, out);
    case DP_N_MECHANISMS:
    default:
      return DP_ERR_DOMAIN;
    }
}

static const char *const view_names[DPV_N_VIEWS] = {
  "densities", "regions", "kl", "composition",
};

static const char *const view_titles[DPV_N_VIEWS] = {
  N_("Mechanism densities"),
  N_("Max-divergence regions"),
  N_("KL divergence against ε(e<sup>ε</sup> − 1)"),
  N_("Composition"),
};

static const char *const view_explanations[DPV_N_VIEWS] = {
  N_("The mechanism answers on D and on its neighbour D′, which differ in one record, so the "
     "true answers differ by the sensitivity Δ. Differential privacy (Dwork &amp; Roth, "
     "Def. 2.4) asks that no output is much more likely under one than under the other: the "
     "privacy loss L(y) = ln(p(y)/q(y)) in the lower panel stays inside the band ±ε. For the "
     "Laplace mechanism it always does (Thm 3.6); the Gaussian mechanism leaves the band with "
     "probability about δ. Smaller ε means wider, more overlapping densities: more privacy."),
  N_("The max divergence D<sub>∞</sub>(P‖Q) is the largest log-ratio ln(P(S)/Q(S)) over all "
     "output sets S (Dwork &amp; Roth, Def. 3.6). The shaded set S(ε′) = {y : p(y) &gt; "
     "e<sup>ε′</sup>q(y)} is the worst set for the threshold ε′; the mass by which P(S) "
     "exceeds e<sup>ε′</sup>Q(S) is δ(ε′). The smallest ε′ with δ(ε′) ≤ δ is the "
     "δ-approximate max divergence D<sub>∞</sub><sup>δ</sup> (also Def. 3.6); by Lemma 3.17 such a "
     "pair is δ-close to a pair with pure ε′ privacy. At ε′ = 0 the shaded mass is the "
     "statistical distance."),
  N_("Lemma 3.18 of Dwork &amp; Roth bounds the KL divergence (Def. 3.5) of any ε-DP pair by "
     "ε(e<sup>ε</sup> − 1); it is the per-step drift in the proof of advanced composition "
     "(Thm 3.20). The tight worst case is ε·tanh(ε/2), reached by randomized response "
     "(Kairouz, Oh &amp; Viswanath 2015); ε²/2 is the zCDP bound (Bun &amp; Steinke 2016). "
     "The mechanism's actual KL lies below them all; the max divergence ε is drawn for "
     "reference. For small ε every curve is about ε²/2, for large ε the lemma is far too "
     "pessimistic."),
  N_("Running k mechanisms on the same data adds up their privacy loss. Basic composition "
     "(Dwork &amp; Roth, Thm 3.16) gives kε; advanced composition (Thm 3.20) gives "
     "√(2k ln(1/δ′))·ε + kε(e<sup>ε</sup> − 1), better once k passes the marked crossover. "
     "The optimal bound for generic ε-DP mechanisms (Kairouz, Oh &amp; Viswanath 2015) is "
     "lower still, and the exact composition of the actual mechanism, computed from its "
     "privacy-loss distribution, is the true cost at total failure probability δ. Fewer "
     "compositions and smaller ε are more private."),
};

const char *
dpv_view_to_name (DpvViewKind view)
{
  g_return_val_if_fail ((int) view >= 0 && view < DPV_N_VIEWS, NULL);
  return view_names[view];
}

gboolean
dpv_view_from_name (const char *name, DpvViewKind *out)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (int i = 0; i < DPV_N_VIEWS; i++)
    if (g_ascii_strcasecmp (name, view_names[i]) == 0)
      {
        if (out != NULL)
          *out = (DpvViewKind) i;
        return TRUE;
      }
  return FALSE;
}

const char *
dpv_view_title (DpvViewKind view)
{
  g_return_val_if_fail ((int) view >= 0 && view < DPV_N_VIEWS, NULL);
  return _(view_titles[view]);
}

const char *
dpv_view_explanation (DpvViewKind view)
{
  g_return_val_if_fail ((int) view >= 0 && view < DPV_N_VIEWS, NULL);
  return _(view_explanations[view]);
}

const char *
dpv_mechanism_label (DpMechanismKind kind)
{
  switch (kind)
    {
    case DP_MECHANISM_LAPLACE:
      return _("Laplace");
    case DP_MECHANISM_GAUSSIAN:
      return _("Gaussian");
    case DP_MECHANISM_RR:
      return _("randomized response");
    case DP_N_MECHANISMS:
    default:
      return "?";
    }
}

char *
dpv_fmt (double value)
{
  return dpv_format_number (value, 4);
}

void
dpv_readout_free (DpvReadout *readout)
{
  if (readout == NULL)
    return;
  g_free (readout->label);
  g_free (readout->value);
  g_free (readout);
}

void
dpv_readout_add (GPtrArray *out, const char *label, char *value)
{
  DpvReadout *r = g_new0 (DpvReadout, 1);

  r->label = g_strdup (label);
  r->value = value;
  g_ptr_array_add (out, r);
}

double
dpv_regions_eps_prime (const DpvParams *params, const DpMechanism *m)
{
  double eps_prime = 0.0;

  if (params->eps_prime >= 0.0)
    return params->eps_prime;
  /* D∞^δ(P‖Q) = the smallest ε′ ≥ 0 with δ(ε′) ≤ δ (Dwork & Roth Def. 3.6). */
  if (dp_hockey_stick_inverse (m, params->delta, &eps_prime) != DP_OK || !isfinite (eps_prime))
    return m->kind == DP_MECHANISM_GAUSSIAN ? 0.0 : params->epsilon;
  return eps_prime;
}

GPtrArray *
dpv_view_readouts (DpvViewKind view, const DpvParams *params)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *out;
  DpMechanism m;

  g_return_val_if_fail ((int) view >= 0 && view < DPV_N_VIEWS, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  out = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_readout_free);
  if (!dpv_params_validate (params, &error))
    {
      dpv_readout_add (out, _("Invalid parameters"), g_strdup (error->message));
      return out;
    }
  if (dpv_params_mechanism (params, &m) != DP_OK)
    {
      dpv_readout_add (out, _("Invalid parameters"),
                       g_strdup (_("The mechanism cannot be calibrated for these values")));
      return out;
    }

  switch (view)
    {
    case DPV_VIEW_DENSITIES:
      dpv_view_readouts_densities (params, &m, out);
      break;
    case DPV_VIEW_REGIONS:
      dpv_view_readouts_regions (params, &m, out);
      break;
    case DPV_VIEW_KL:
      dpv_view_readouts_kl (params, &m, out);
      break;
    case DPV_VIEW_COMPOSITION:
      dpv_view_readouts_composition (params, &m, out);
      break;
    case DPV_N_VIEWS:
    default:
      g_assert_not_reached ();
    }
  return out;
}

static char *
caption_numbers (DpvViewKind view, const DpvParams *params, const DpMechanism *m)
{
  switch (view)
    {
    case DPV_VIEW_DENSITIES:
      return dpv_view_caption_densities (params, m);
    case DPV_VIEW_REGIONS:
      return dpv_view_caption_regions (params, m);
    case DPV_VIEW_KL:
      return dpv_view_caption_kl (params, m);
    case DPV_VIEW_COMPOSITION:
      return dpv_view_caption_composition (params, m);
    case DPV_N_VIEWS:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

static const char *
more_private_hint (DpvViewKind view)
{
  switch (view)
    {
    case DPV_VIEW_COMPOSITION:
      return _("Smaller ε, smaller k and larger target δ give a smaller total ε; smaller "
               "totals are more private.");
    case DPV_VIEW_DENSITIES:
    case DPV_VIEW_REGIONS:
    case DPV_VIEW_KL:
    case DPV_N_VIEWS:
    default:
      return _("Smaller ε is more private.");
    }
}

char *
dpv_view_describe (DpvViewKind view, const DpvParams *params)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *markup = NULL;
  g_autofree char *plain = NULL;
  DpMechanism m;

  g_return_val_if_fail ((int) view >= 0 && view < DPV_N_VIEWS, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  if (!dpv_params_validate (params, &error))
    return g_strdup_printf (_("%s: cannot be drawn: %s"),
                            dpv_view_to_name (view), error->message);
  if (dpv_params_mechanism (params, &m) != DP_OK)
    return g_strdup (_("The mechanism cannot be calibrated for these values"));

  {
    g_autofree char *numbers = caption_numbers (view, params, &m);
    markup = g_strdup_printf ("%s (%s). %s. %s", dpv_view_title (view),
                              dpv_mechanism_label (m.kind), numbers, more_private_hint (view));
  }
  /* Keep super- and subscripts readable in plain text: e<sup>ε</sup> → e^ε. */
  {
    static const char *const tags[][2] = {
      { "<sup>", "^" }, { "</sup>", "" }, { "<sub>", "_" }, { "</sub>", "" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (tags); i++)
      {
        g_auto(GStrv) parts = g_strsplit (markup, tags[i][0], -1);

        g_free (markup);
        markup = g_strjoinv (tags[i][1], parts);
      }
  }
  if (!pango_parse_markup (markup, -1, 0, NULL, &plain, NULL, NULL))
    return g_steal_pointer (&markup);
  return g_steal_pointer (&plain);
}

/* A message instead of a figure (invalid parameters). */
static void
render_message (const DpvStyle *style, cairo_t *cr, double x, double y, double w, double h,
                const char *message)
{
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>\n%s", _("Cannot draw this figure"),
                                             escaped);
  double tw = 0, th = 0;
  double pad = MIN (w, h) * 0.06;

  dpv_measure_text (cr, style, markup, 1.0, &tw, &th);
  dpv_draw_text_block (cr, style, x + pad, y + MAX (pad, (h - th) / 2), MAX (1.0, w - 2 * pad),
                       markup, 1.0, &style->foreground);
}

void
dpv_view_render (DpvViewKind view, const DpvParams *params, const DpvStyle *style,
                 cairo_t *cr, double width, double height)
{
  g_autoptr(GError) error = NULL;
  DpMechanism m;
  double plot_h;

  g_return_if_fail ((int) view >= 0 && view < DPV_N_VIEWS);
  g_return_if_fail (params != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    return;
  if (!isfinite (width) || !isfinite (height) || width < 1.0 || height < 1.0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  dpv_color_set_source (&style->background, cr);
  cairo_paint (cr);

  if (!dpv_params_validate (params, &error))
    {
      render_message (style, cr, 0, 0, width, height, error->message);
      cairo_restore (cr);
      return;
    }
  if (dpv_params_mechanism (params, &m) != DP_OK)
    {
      render_message (style, cr, 0, 0, width, height,
                      _("The mechanism cannot be calibrated for these values"));
      cairo_restore (cr);
      return;
    }

  plot_h = height;
  if (params->show_caption)
    {
      g_autofree char *numbers = caption_numbers (view, params, &m);
      char *markup = g_strdup_printf ("<b>%s</b> · %s · %s", dpv_view_title (view),
                                                 dpv_mechanism_label (m.kind), numbers);
      double pad = dpv_style_text_size (style) * 0.6;
      double avail = width - 2 * pad;
      double tw = 0, th = 0, lines, cap_h;

      dpv_measure_text (cr, style, markup, 1.0, &tw, &th);
      /* The text block wraps; estimate its line count from the unwrapped width. */
      lines = avail > 1.0 ? ceil (tw * 1.08 / avail) : 1.0;
      lines = CLAMP (lines, 1.0, 6.0);
      cap_h = lines * th + 2 * pad;
      if (cap_h > 0.25 * height)
        {
          /* Small figure: the title alone, if it fits on one line. */
          g_free (markup);
          markup = g_strdup_printf ("<b>%s</b>", dpv_view_title (view));
          dpv_measure_text (cr, style, markup, 1.0, &tw, &th);
          cap_h = th + 2 * pad;
          if (tw > avail || cap_h > 0.2 * height)
            cap_h = -1;
        }
      if (cap_h > 0 && avail > 20.0)
        {
          plot_h = height - cap_h;
          dpv_draw_text_block (cr, style, pad, plot_h + pad * 0.7, avail, markup, 1.0,
                               &style->foreground);
        }
      g_free (markup);
    }

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, plot_h);
  cairo_clip (cr);
  switch (view)
    {
    case DPV_VIEW_DENSITIES:
      dpv_view_render_densities (params, &m, style, cr, 0, 0, width, plot_h);
      break;
    case DPV_VIEW_REGIONS:
      dpv_view_render_regions (params, &m, style, cr, 0, 0, width, plot_h);
      break;
    case DPV_VIEW_KL:
      dpv_view_render_kl (params, &m, style, cr, 0, 0, width, plot_h);
      break;
    case DPV_VIEW_COMPOSITION:
      dpv_view_render_composition (params, &m, style, cr, 0, 0, width, plot_h);
      break;
    case DPV_N_VIEWS:
    default:
      g_assert_not_reached ();
    }
  cairo_restore (cr);
  cairo_restore (cr);
}

DpvPlot *
dpv_panel_new (cairo_t *cr, const DpvStyle *style, double x, double y, double w, double h,
               DpvPanelSetup setup, gconstpointer user_data)
{
  DpvPlot *plot = dpv_plot_new (cr, style, x, y, MAX (w, 1.0), MAX (h, 1.0));

  setup (plot, user_data);
  dpv_plot_layout (plot);
  return plot;
}

void
dpv_panels_stacked (cairo_t *cr, const DpvStyle *style, double x, double y, double w, double h,
                    double top_fraction, DpvPanelSetup setup_top, DpvPanelSetup setup_bottom,
                    gconstpointer user_data, DpvPlot **top, DpvPlot **bottom)
{
  double h_top = h * top_fraction;
  DpvPlot *both[2];

  both[0] = *top = dpv_panel_new (cr, style, x, y, w, h_top, setup_top, user_data);
  both[1] = *bottom = dpv_panel_new (cr, style, x, y + h_top, w, h - h_top, setup_bottom,
                                     user_data);
  /* Same left and right margins: the two x axes line up exactly. */
  dpv_plot_align_x (both, 2);
}

gsize
dpv_grid_with_points (double lo, double hi, gsize n, const double *extra, gsize n_extra,
                      double *x)
{
  gsize m = 0;

  for (gsize i = 0; i < n; i++)
    x[m++] = lo + (hi - lo) * i / (double) (n - 1);
  /* the grid is sorted (each term grows with i, and rounding keeps the order): insert the
   * few extra points where they belong, rather than sort it all again */
  for (gsize i = 0; i < n_extra; i++)
    if (extra[i] > lo && extra[i] < hi)
      {
        gsize a = 0, b = m;   /* the first x[j] > extra[i] */

        while (a < b)
          {
            gsize mid = a + (b - a) / 2;

            if (x[mid] > extra[i])
              b = mid;
            else
              a = mid + 1;
          }
        memmove (x + a + 1, x + a, (m - a) * sizeof (double));
        x[a] = extra[i];
        m++;
      }
  return m;
}

void
dpv_grid_log (double lo, double hi, gsize n, double *x)
{
  double a = log (lo), b = log (hi);

  for (gsize i = 0; i < n; i++)
    x[i] = exp (a + (b - a) * i / (double) (n - 1));
  x[0] = lo;
  x[n - 1] = hi;
}

double
dpv_density (const DpMechanism *m, DpNeighbour which, double y)
{
  double v = NAN;

  if (dp_mechanism_density (m, which, y, &v) != DP_OK || !isfinite (v))
    return NAN;
  return v;
}

double
dpv_style_text_size (const DpvStyle *style)
{
  return style->font_size * (style->text_scale > 0 ? style->text_scale : 1.0);
}

gboolean
dpv_view_roomy (const DpvStyle *style, double w, double h)
{
  double text = dpv_style_text_size (style);

  return w >= 34 * text && h >= 16 * text;
}
