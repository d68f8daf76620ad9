/* dpv-composition.c — View 4: total ε of k composed mechanisms at a target δ
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Curves against k (log) at total failure probability δ (VIEWS.md, View 4):
 * - basic composition kε₀ (Dwork & Roth Thm 3.16);
 * - advanced composition √(2k ln(1/δ′))·ε₀ + kε₀(e^ε₀ − 1) (Dwork, Rothblum & Vadhan 2010;
 *   Dwork & Roth Thm 3.20), plotted as min(basic, ε_k) with the raw formula dashed where it is
 *   worse than basic, and the crossover k marked;
 * - the optimal composition of generic (ε₀, δ₀)-DP mechanisms (Kairouz, Oh & Viswanath 2015,
 *   Thm 3.3);
 * - the exact composition of the mechanism (privacy-loss distribution for Laplace, μ√k for
 *   Gaussian, binomial for randomized response);
 * - for the Gaussian mechanism also zCDP (Bun & Steinke 2016) and RDP (Mironov 2017).
 * The curves come from DpvCompositionData (dpv-composition-data.c); the per-step (ε₀, δ₀)
 * of each method is that of dp_compose_split () (pure mechanisms: (ε, 0); the Gaussian: from
 * its privacy profile at δ₀ = δ/k for basic, δ/(2k) for advanced and optimal).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-cancel.h"
#include "dpv-composition.h"

char *
dpv_composition_fmt_approx (double v, gboolean approximate, int digits)
{
  g_autofree char *s = dpv_format_number (v, digits);

  return (approximate && isfinite (v)) ? g_strdup_printf ("≈%s", s) : g_steal_pointer (&s);
}

/* At k = 1 the pure mechanisms' totals differ in the fifth digit: basic ε = 1, optimal
 * ln(e^ε − δ(1 + e^ε)) = 0.9999863 and Laplace's exact ε + 2 ln(1 − δ) = 0.99998 at the
 * defaults, which four digits all print as 1.000. The accuracies: basic, advanced and zCDP
 * are closed forms, KOV's inverse meets δ to a few ulps and the RDP minimum is found by
 * golden section (10⁻⁹ here); the exact value is computed to POINT_REL_TOL (10⁻⁴,
 * dpv-composition-data.c; Laplace's is an upper bound within it), so a value is not told
 * apart from it by less than that: randomized response's exact total is its optimal one (it
 * is the extremal ε-DP pair) and prints the same. Interpolated values keep four digits: more
 * would be precision they do not have. */
int
dpv_composition_digits (const DpvCompositionPoint *pt)
{
  const double v[] = { pt->basic, pt->advanced, dpv_composition_adv_min (pt), pt->optimal,
                       pt->zcdp, pt->exact, pt->rdp };
  const double tol[] = { 1e-9, 1e-9, 1e-9, 1e-9, 1e-9, 1e-4, 1e-9 };

  if (pt->approximate)
    return 4;
  return dpv_distinct_digits (v, tol, G_N_ELEMENTS (v));
}

double
dpv_composition_adv_min (const DpvCompositionPoint *pt)
{
  if (!isfinite (pt->advanced))
    return pt->basic;
  return MIN (pt->basic, pt->advanced);
}

/* What the crossover of advanced below basic is, when it is not a marked k on the axis
 * (NULL then): never for pure ε-DP mechanisms with e^ε ≥ 2 (the drift term kε(e^ε − 1)
 * alone is kε or more), none up to DP_K_MAX, or first below beyond the axis. */
static char *
crossover_note (const DpvComposition *c)
{
  const DpvCompositionData *d = c->data;

  if (d->k_cross == 0)
    {
      if (d->mechanism != DP_MECHANISM_GAUSSIAN && exp (d->epsilon) >= 2.0)
        return g_strdup (_("advanced is never below basic here (ε ≥ ln 2)"));
      {
        g_autofree char *kmax = dpv_format_number ((double) DP_K_MAX, 1);

        return g_strdup_printf (_("advanced is not below basic for any k up to %s"), kmax);
      }
    }
  if ((double) d->k_cross > c->k_max)
    return g_strdup_printf (_("advanced is first below basic at k = %lu"), d->k_cross);
  return NULL;
}

/* Plain text (no <sup>): used as a panel title, which may be ellipsized. The values are
 * those dpviz-cli compose prints for the same question (advanced: the theorem's own
 * value). */
char *
dpv_composition_values_markup (const DpvComposition *c, gboolean notes)
{
  const DpvCompositionPoint *pt = &c->pt;
  DpMechanismKind kind = c->data->mechanism;
  int digits = dpv_composition_digits (pt);
  g_autofree char *b = dpv_format_number (pt->basic, digits);
  g_autofree char *a = dpv_format_number (pt->advanced, digits);
  g_autofree char *o = NULL;
  g_autofree char *e = NULL;
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, _("k = %lu: basic %s · advanced %s"), pt->k, b, a);
  if (c->pending)
    g_string_append_printf (s, " · %s", _("optimal and exact: computing…"));
  else
    {
      o = dpv_composition_fmt_approx (pt->optimal, pt->approximate, digits);
      e = dpv_composition_fmt_approx (pt->exact,
                                      pt->approximate && kind != DP_MECHANISM_GAUSSIAN, digits);
      g_string_append_printf (s, _(" · optimal %s · exact %s"), o, e);
    }
  if (notes && c->data->n > 0)
    {
      g_autofree char *note = crossover_note (c);

      if (note != NULL)
        g_string_append_printf (s, " · %s", note);
    }
  if (kind == DP_MECHANISM_GAUSSIAN && isfinite (pt->zcdp))
    {
      g_autofree char *z = dpv_format_number (pt->zcdp, digits);

      g_string_append_printf (s, _(" · zCDP %s"), z);
    }
  return g_string_free (s, FALSE);
}

/* "ε₀, δ₀" of one step, as the read-outs show it. */
static char *
pair_text (double eps0, double delta0)
{
  g_autofree char *e = dpv_fmt (eps0);
  g_autofree char *d = dpv_fmt (delta0);

  return g_strdup_printf ("%s, %s", e, d);
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
  const DpMechanism *m = dpv_frame_get_mechanism (frame);
  const DpvComposition *c = dpv_frame_get_result (frame);
  const DpvCompositionPoint *pt = &c->pt;
  g_autofree char *v = dpv_composition_values_markup (c, FALSE);
  g_autofree char *dl = dpv_fmt (params->delta);
  g_autofree char *eps = dpv_fmt (params->epsilon);

  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      g_autofree char *sg = dpv_fmt (m->scale);
      g_autofree char *be = dpv_fmt (pt->basic_eps0);
      g_autofree char *bd = dpv_fmt (pt->basic_delta0);
      g_autofree char *ae = dpv_fmt (pt->adv_eps0);
      g_autofree char *ad = dpv_fmt (pt->adv_delta0);
      g_autofree char *dp = dpv_fmt (pt->delta_prime);
      g_autofree char *oe = dpv_fmt (pt->opt_eps0);
      g_autofree char *od = dpv_fmt (pt->opt_delta0);

      /* Translators: (ε₀, δ₀) is what one of the k mechanisms spends; the Gaussian spends
       * a different pair in each method. */
      return g_strdup_printf (_("σ = %s (calibrated at ε = %s, δ = %s), total δ = %s · %s · "
                                "per step (ε<sub>0</sub>, δ<sub>0</sub>): basic (%s, %s), "
                                "advanced (%s, %s) with δ′ = %s, optimal (%s, %s)"),
                              sg, eps, dl, dl, v, be, bd, ae, ad, dp, oe, od);
    }
  return g_strdup_printf (_("ε = %s per mechanism (pure ε-DP: δ<sub>0</sub> = 0), total "
                            "δ = %s · %s"), eps, dl, v);
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
  g_autofree char *dp = dpv_fmt (pt->delta_prime);
  g_autofree char *adv_pair = pair_text (pt->adv_eps0, pt->adv_delta0);
  int digits = dpv_composition_digits (pt);

  dpv_readout_add (out, _("Number of mechanisms k"), g_strdup_printf ("%lu", params->k));
  dpv_readout_add (out, _("Basic composition kε₀ (Thm 3.16)"),
                   dpv_format_number (pt->basic, digits));
  dpv_readout_add (out, _("  per step ε₀, δ₀"), pair_text (pt->basic_eps0, pt->basic_delta0));
  dpv_readout_add (out, _("Advanced composition ε_k (Thm 3.20)"),
                   dpv_format_number (pt->advanced, digits));
  dpv_readout_add (out, _("  per step ε₀, δ₀; δ′"), g_strdup_printf ("%s; %s", adv_pair, dp));
  dpv_readout_add (out, _("  Azuma term √(2k ln(1/δ′))·ε₀"), dpv_fmt (pt->azuma));
  dpv_readout_add (out, _("  KL drift term kε₀(e^ε₀ − 1)"), dpv_fmt (pt->drift));
  dpv_readout_add (out, _("Better of basic and advanced"),
                   dpv_format_number (dpv_composition_adv_min (pt), digits));
  if (kc > 0)
    dpv_readout_add (out, _("Advanced first below basic at k ="), g_strdup_printf ("%lu", kc));
  else if (m->kind != DP_MECHANISM_GAUSSIAN && exp (params->epsilon) >= 2.0)
    dpv_readout_add (out, _("Advanced first below basic at k ="),
                     g_strdup (_("never (ε ≥ ln 2)")));
  else
    {
      g_autofree char *kmax = dpv_format_number ((double) DP_K_MAX, 1);

      dpv_readout_add (out, _("Advanced first below basic at k ="),
                       g_strdup_printf (_("none up to %s"), kmax));
    }
  dpv_readout_add (out, _("Optimal composition (KOV 2015)"),
                   pending ? g_strdup (_("computing…"))
                           : dpv_composition_fmt_approx (pt->optimal, pt->approximate,
                                                         digits));
  dpv_readout_add (out, _("  per step ε₀, δ₀"), pair_text (pt->opt_eps0, pt->opt_delta0));
  dpv_readout_add (out, _("Exact composition"),
                   pending ? g_strdup (_("computing…"))
                           : dpv_composition_fmt_approx (pt->exact, pt->approximate
                                                         && m->kind != DP_MECHANISM_GAUSSIAN,
                                                         digits));
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      dpv_readout_add (out, _("zCDP route"), dpv_format_number (pt->zcdp, digits));
      dpv_readout_add (out, _("RDP route"),
                       pending ? g_strdup (_("computing…"))
                               : dpv_composition_fmt_approx (pt->rdp, pt->approximate,
                                                             digits));
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
    N_("Running k mechanisms on the same data adds up their privacy loss. Each curve is the "
       "total ε of k mechanisms at a total failure probability δ for the whole composition. "
       "For mechanisms that are each (ε<sub>0</sub>, δ<sub>0</sub>)-DP, basic composition "
       "(Dwork &amp; Roth, Thm 3.16) gives kε<sub>0</sub> and advanced composition (Thm 3.20) "
       "√(2k ln(1/δ′))·ε<sub>0</sub> + kε<sub>0</sub>(e<sup>ε<sub>0</sub></sup> − 1). Laplace "
       "and randomized response are pure ε-DP (ε<sub>0</sub> = ε, δ<sub>0</sub> = 0, δ′ = δ), "
       "and advanced is below basic from the marked crossover on, which exists only when "
       "ε &lt; ln 2. The Gaussian mechanism is "
       "(ε<sub>0</sub>, δ<sub>0</sub>)-DP for every δ<sub>0</sub>, with ε<sub>0</sub> from its "
       "privacy profile: basic uses δ<sub>0</sub> = δ/k, advanced and the optimal bound "
       "δ<sub>0</sub> = δ/(2k) with δ′ = δ/2; the caption and the read-outs give these pairs "
       "at the current k, and advanced, if it gets below basic at all, can rise above it again "
       "at larger k. The optimal "
       "bound for k (ε<sub>0</sub>, δ<sub>0</sub>)-DP mechanisms (Kairouz, Oh &amp; Viswanath "
       "2015) is never above advanced composition; for the Gaussian it can be above basic at "
       "small k, where basic has twice the δ<sub>0</sub>. The exact composition of the actual "
       "mechanism, computed from its privacy-loss distribution, is the true cost (for Laplace "
       "an upper bound, too high by at most 10<sup>−3</sup> of its value). Fewer "
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
