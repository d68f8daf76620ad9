/* dpv-composition.c — View 4: total ε of k composed mechanisms at a target δ
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

#include "dpv-cancel.h"
#include "dpv-composition.h"

char *
dpv_composition_fmt_approx (double v, gboolean approximate)
{
  g_autofree char *s = dpv_fmt (v);

  return (approximate && isfinite (v)) ? g_strdup_printf ("≈%s", s) : g_steal_pointer (&s);
}

double
dpv_composition_adv_min (const DpvCompositionPoint *pt)
{
  if (!isfinite (pt->advanced))
    return pt->basic;
  return MIN (pt->basic, pt->advanced);
}

/* Plain text (no <sup>): used as a panel title, which may be ellipsized. */
char *
dpv_composition_values_markup (const DpvComposition *c, gboolean notes)
{
  const DpvCompositionPoint *pt = &c->pt;
  DpMechanismKind kind = c->data->mechanism;
  g_autofree char *b = dpv_fmt (pt->basic);
  g_autofree char *a = dpv_fmt (dpv_composition_adv_min (pt));
  g_autofree char *o = NULL;
  g_autofree char *e = NULL;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("k = %lu: basic %s · advanced %s"), pt->k, b, a);
  if (c->pending)
    g_string_append_printf (s, " · %s", _("optimal and exact: computing…"));
  else
    {
      o = dpv_composition_fmt_approx (pt->optimal, pt->approximate);
      e = dpv_composition_fmt_approx (pt->exact,
                                      pt->approximate && kind != DP_MECHANISM_GAUSSIAN);
      g_string_append_printf (s, _(" · optimal %s · exact %s"), o, e);
    }
  if (notes && kind != DP_MECHANISM_GAUSSIAN && c->data->k_cross == 0 && c->data->n > 0)
    g_string_append_printf (s, " · %s",
                            _("advanced never beats basic here (ε ≥ ln 2)"));
  if (kind == DP_MECHANISM_GAUSSIAN && isfinite (pt->zcdp))
    {
      g_autofree char *z = dpv_fmt (pt->zcdp);

      g_string_append_printf (s, _(" · zCDP %s"), z);
    }
  return g_string_free (s, FALSE);
}

static gpointer
composition_compute_data (const DpvParams *params, const DpMechanism *m,
                          GCancellable *cancellable, GError **error)
{
  return dpv_composition_data_compute (params, dpv_cancel_flag (cancellable));
}

static gpointer
composition_preview_data (const DpvParams *params, const DpMechanism *m)
{
  return dpv_composition_data_compute_cheap (params);
}

static void
composition_data_free (gpointer data)
{
  dpv_composition_data_free (data);
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

static gpointer
composition_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                     GCancellable *cancellable, GError **error)
{
  const DpvCompositionData *d = data;
  DpvComposition *c = g_new0 (DpvComposition, 1);
  double lo = HUGE_VAL, hi = 0;
  gsize n = d->n;

  c->data = d;
  c->pending = !d->complete;
  dpv_composition_data_point (d, params, &c->pt);

  c->k_max = MAX (d->k[n - 1], 10UL);
  c->xk = g_new (double, n);
  c->adv = g_new (double, n);
  c->raw = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      c->xk[i] = (double) d->k[i];
      c->adv[i] = isfinite (d->advanced[i]) ? MIN (d->advanced[i], d->basic[i]) : d->basic[i];
      /* The raw formula only where it is worse than basic (beneath, the min is drawn). */
      c->raw[i] = (isfinite (d->advanced[i]) && d->advanced[i] >= d->basic[i])
                  ? d->advanced[i] : NAN;
    }
  /* Keep the raw advanced formula from stretching the axis: it grows like kε·e^ε. */
  range_update (d->basic, n, &lo, &hi);
  range_update (c->adv, n, &lo, &hi);
  range_update (d->optimal, n, &lo, &hi);
  range_update (d->exact, n, &lo, &hi);
  range_update (d->zcdp, n, &lo, &hi);
  range_update (d->rdp, n, &lo, &hi);
  if (!isfinite (lo) || !(hi > 0))
    {
      lo = params->epsilon;
      hi = params->epsilon * c->k_max;
    }
  c->y_lo = lo / 1.6;
  c->y_hi = hi * 1.6;
  return c;
}

static void
composition_free (gpointer result)
{
  DpvComposition *c = result;

  g_free (c->xk);
  g_free (c->adv);
  g_free (c->raw);
  g_free (c);
}

static char *
composition_caption (const DpvFrame *frame)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpvComposition *c = dpv_frame_get_result (frame);
  g_autofree char *v = dpv_composition_values_markup (c, FALSE);
  g_autofree char *dl = dpv_fmt (params->delta);
  g_autofree char *eps = dpv_fmt (params->epsilon);

  return g_strdup_printf (_("ε = %s per mechanism, total δ = %s · %s"), eps, dl, v);
}

static void
composition_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvParams *params = dpv_frame_get_params (frame);
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvComposition *c = dpv_frame_get_result (frame);
  const DpvCompositionPoint *pt = &c->pt;
  gboolean pending = c->pending;
  unsigned long kc = c->data->k_cross;

  dpv_readout_add (out, _("Number of mechanisms k"), g_strdup_printf ("%lu", params->k));
  dpv_readout_add (out, _("Basic composition kε (Thm 3.16)"), dpv_fmt (pt->basic));
  dpv_readout_add (out, _("Advanced composition ε_k (Thm 3.20)"), dpv_fmt (pt->advanced));
  dpv_readout_add (out, _("  Azuma term √(2k ln(1/δ′))·ε"), dpv_fmt (pt->azuma));
  dpv_readout_add (out, _("  KL drift term kε(e^ε − 1)"), dpv_fmt (pt->drift));
  dpv_readout_add (out, _("Advanced, min(kε, ε_k)"), dpv_fmt (dpv_composition_adv_min (pt)));
  if (m->kind != DP_MECHANISM_GAUSSIAN || kc > 0)
    dpv_readout_add (out, _("Advanced beats basic from k ="),
                     kc > 0 ? g_strdup_printf ("%lu", kc) : g_strdup (_("never")));
  dpv_readout_add (out, _("Optimal composition (KOV 2015)"),
                   pending ? g_strdup (_("computing…"))
                           : dpv_composition_fmt_approx (pt->optimal, pt->approximate));
  dpv_readout_add (out, _("Exact composition"),
                   pending ? g_strdup (_("computing…"))
                           : dpv_composition_fmt_approx (pt->exact, pt->approximate
                                                         && m->kind != DP_MECHANISM_GAUSSIAN));
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* The generic routes need a per-mechanism (ε₀, δ₀); see dpv-composition-data.c. */
      dpv_readout_add (out, _("Per-mechanism δ₀ of the advanced and optimal bounds"),
                       dpv_fmt (params->delta / (2.0 * params->k)));
      dpv_readout_add (out, _("zCDP route"), dpv_fmt (pt->zcdp));
      dpv_readout_add (out, _("RDP route"),
                       pending ? g_strdup (_("computing…"))
                               : dpv_composition_fmt_approx (pt->rdp, pt->approximate));
    }
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_NONE
};

/* The curves do not depend on k (it picks a point) nor on Δ (dpv_composition_data_matches). */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_NONE
};

const DpvViewClass dpv_composition_view = {
  .name = "composition",
  .title = N_("Composition"),
  .short_title = N_("Composition"),
  .icon_name = "view-paged-symbolic",
  .explanation =
    N_("Running k mechanisms on the same data adds up their privacy loss. Basic composition "
       "(Dwork &amp; Roth, Thm 3.16) gives kε; advanced composition (Thm 3.20) gives "
       "√(2k ln(1/δ′))·ε + kε(e<sup>ε</sup> − 1), better once k passes the marked crossover. "
       "The optimal bound for generic ε-DP mechanisms (Kairouz, Oh &amp; Viswanath 2015) is "
       "lower still, and the exact composition of the actual mechanism, computed from its "
       "privacy-loss distribution, is the true cost at total failure probability δ. Fewer "
       "compositions and smaller ε are more private."),
  .more_private = N_("Smaller ε, smaller k and larger target δ give a smaller total ε; smaller "
                     "totals are more private."),
  .uses = uses,
  .data_uses = data_uses,
  .compute_data = composition_compute_data,
  .preview_data = composition_preview_data,
  .free_data = composition_data_free,
  .expensive = TRUE,
  .compute = composition_compute,
  .free_result = composition_free,
  .readouts = composition_readouts,
  .caption = composition_caption,
  .draw = dpv_composition_draw,
};
