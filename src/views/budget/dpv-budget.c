/* dpv-budget.c — sequential and parallel composition (issue #22, part 4): a total budget (ε, δ)
 * split over m queries on the same data, against the same queries on disjoint parts of it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The DP notes (../shared/seeds/001_…): 序列组合性 — queries with budgets ε_i on the same data
 * give (Σ ε_i)-DP (Dwork & Roth Thm 3.16), so each of m queries gets ε/m; 并行组合性 — on
 * disjoint parts of the data they give (max ε_i)-DP (each record is in one part, seen by one
 * query), so each gets the whole ε. Between them, the largest per-query ε₀ that advanced
 * composition (Dwork & Roth Thm 3.20, at δ′ = δ), optimal composition (Kairouz, Oh &
 * Viswanath 2015) and the mechanism's exact m-fold composition allow (dp_budget_split).
 * The split applies to ε-DP queries; the Gaussian mechanism is not ε-DP, so for it the view
 * shows the rules for ε₀-DP queries and no exact rule.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-budget.h"
#include "dpv-cancel.h"

/* The axis' end: the decade above k's (so that m = k is inside), at least 100, at most the
 * largest k. */
static double
m_axis_end (unsigned long k)
{
  double end = pow (10.0, floor (log10 ((double) k) + 1e-12) + 1.0);

  return CLAMP (end, 100.0, DPV_PARAM_MAX (K));
}

/* The per-query budgets at m = 1, 2, 5 × 10ⁿ … and m = k; @exact_kind is the mechanism whose
 * exact composition is used, or randomized response's for the rules of any ε₀-DP query
 * (its exact rule is the optimal one: it is the worst case, Kairouz et al. 2015). */
static DpvBudgetData *
budget_data (const DpvParams *params, DpMechanismKind exact_kind, gboolean complete,
             GCancellable *cancellable, GError **error)
{
  DpvBudgetData *d = g_new0 (DpvBudgetData, 1);
  double end = m_axis_end (params->k), kd = (double) params->k;
  static const double steps[] = { 1, 1.5, 2, 3, 5, 7 };

  for (double dec = 1; dec <= end && d->n < DPV_BUDGET_POINTS_MAX - 1; dec *= 10)
    for (gsize s = 0; s < G_N_ELEMENTS (steps) && steps[s] * dec <= end; s++)
      if (steps[s] * dec == floor (steps[s] * dec))   /* whole numbers of queries: not 1.5 */
        d->m[d->n++] = steps[s] * dec;
  /* m = k in its place */
  {
    gsize i = 0;

    while (i < d->n && d->m[i] < kd)
      i++;
    if (i == d->n || d->m[i] != kd)
      {
        memmove (d->m + i + 1, d->m + i, (d->n - i) * sizeof (double));
        d->m[i] = kd;
        d->n++;
      }
    d->at_k = i;
  }
  for (gsize i = 0; i < d->n; i++)
    {
      DpBudgetSplit s;
      DpStatus st = dp_budget_split (exact_kind, params->epsilon, params->delta,
                                     (unsigned long) d->m[i], dpv_cancel_flag (cancellable), &s);

      if (st != DP_OK)
        {
          if (st != DP_ERR_CANCELLED)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                         _("The budget could not be split: %s"), dp_status_to_string (st));
          g_free (d);
          return NULL;
        }
      d->basic[i] = s.basic;
      d->advanced[i] = s.advanced;
      d->optimal[i] = s.optimal;
      d->exact[i] = s.exact;
      d->parallel[i] = s.parallel;
    }
  d->complete = complete;
  return d;
}

static gpointer
budget_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                     GError **error)
{
  DpMechanismKind kind = m->kind == DP_MECHANISM_LAPLACE ? DP_MECHANISM_LAPLACE
                                                          : DP_MECHANISM_RR;

  return budget_data (params, kind, TRUE, cancellable, error);
}

/* Without the Laplace accountant's exact rule: milliseconds. */
static gpointer
budget_preview_data (const DpvParams *params, const DpMechanism *m)
{
  return budget_data (params, DP_MECHANISM_RR, m->kind != DP_MECHANISM_LAPLACE, NULL, NULL);
}

static gpointer
budget_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                GCancellable *cancellable, GError **error)
{
  const DpvBudgetData *d = data;
  DpvBudget *r = g_new0 (DpvBudget, 1);

  r->d = d;
  r->kind = m->kind;
  r->eps_dp = m->kind != DP_MECHANISM_GAUSSIAN;
  r->pending = !d->complete;
  r->epsilon = params->epsilon;
  r->delta = params->delta;
  r->sensitivity = params->sensitivity;
  r->k = params->k;
  r->m_hi = m_axis_end (params->k);
  /* y: from basic's ε/m at the axis' end to the whole ε, with room above for the labels */
  r->y_lo = params->epsilon / r->m_hi / 1.6;
  r->y_hi = params->epsilon * 2.5;
  r->columns = MIN (params->k, DPV_BUDGET_COLUMNS_MAX);
  return r;
}

static char *
budget_caption (const DpvFrame *frame)
{
  const DpvBudget *r = dpv_frame_get_result (frame);
  const DpvBudgetData *d = r->d;
  gsize i = d->at_k;
  g_autofree char *e = dpv_fmt (r->epsilon);
  g_autofree char *b = dpv_fmt (d->basic[i]);
  g_autofree char *a = dpv_fmt (d->advanced[i]);
  g_autofree char *x = r->pending ? g_strdup (_("computing…"))
                                  : dpv_fmt (r->eps_dp ? d->exact[i] : d->optimal[i]);

  if (r->eps_dp)
    return g_strdup_printf (_("Total ε = %s over m = %lu queries · each query’s ε₀: on the same "
                              "data %s (ε/m), advanced %s, exact %s · on disjoint parts %s"),
                            e, r->k, b, a, x, e);
  return g_strdup_printf (_("Total ε = %s over m = %lu queries · each ε₀-DP query’s ε₀: on the "
                            "same data %s (ε/m), advanced %s, optimal %s · on disjoint parts %s "
                            "· the Gaussian mechanism is not ε-DP"),
                          e, r->k, b, a, x, e);
}

static void
add_eps (GPtrArray *out, const char *label, double eps0, const DpvBudget *r)
{
  g_autofree char *v = dpv_fmt (eps0);

  if (r->kind == DP_MECHANISM_LAPLACE)
    {
      g_autofree char *b = dpv_fmt (r->sensitivity / eps0);

      /* Translators: a per-query budget ε₀ and the Laplace scale b = Δ/ε₀ it gives */
      dpv_readout_add (out, label, g_strdup_printf (_("%s (Laplace b = %s)"), v, b));
    }
  else
    dpv_readout_add (out, label, g_steal_pointer (&v));
}

static void
budget_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvBudget *r = dpv_frame_get_result (frame);
  const DpvBudgetData *d = r->d;
  gsize i = d->at_k;

  dpv_readout_add (out, _("Total budget ε"), dpv_fmt (r->epsilon));
  dpv_readout_add (out, _("Total δ"), dpv_fmt (r->delta));
  dpv_readout_add (out, _("Queries m"), g_strdup_printf ("%lu", r->k));
  add_eps (out, _("Per query, same data, basic (ε/m)"), d->basic[i], r);
  add_eps (out, _("Per query, same data, advanced (Thm 3.20)"), d->advanced[i], r);
  add_eps (out, _("Per query, same data, optimal (KOV)"), d->optimal[i], r);
  if (r->eps_dp)
    {
      if (r->pending)
        dpv_readout_add (out, _("Per query, same data, exact"), g_strdup (_("computing…")));
      else
        add_eps (out, _("Per query, same data, exact"), d->exact[i], r);
    }
  add_eps (out, _("Per query, disjoint parts (parallel)"), d->parallel[i], r);
}

static const DpvParamId uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_SENSITIVITY, DPV_PARAM_K,
  DPV_PARAM_NONE
};

/* Δ only scales the Laplace noise in the read-outs. */
static const DpvParamId data_uses[] = {
  DPV_PARAM_MECHANISM, DPV_PARAM_EPSILON, DPV_PARAM_DELTA, DPV_PARAM_K, DPV_PARAM_NONE
};

const DpvViewClass dpv_budget_view = {
  .name = "budget",
  .title = N_("Sequential and parallel composition"),
  .short_title = N_("Budget"),
  .icon_name = "view-grid-symbolic",
  .explanation =
    N_("A total privacy budget ε (with δ) is to be spent on m queries (the k slider). "
       "Sequential composition (序列组合性): queries that all read the same records add up, "
       "Σ ε<sub>i</sub> (Dwork &amp; Roth Thm 3.16), so each query gets ε/m. Parallel "
       "composition (并行组合性): queries on disjoint parts of the data give max ε<sub>i</sub>, "
       "since each record is in one part and only that part’s query sees it, so each query "
       "gets the whole ε. The tables on the left show which records each query reads.\n\n"
       "On the right, the largest per-query ε₀ each rule allows for queries on the same data: "
       "basic ε/m; advanced composition (Thm 3.20 at δ′ = δ) where it beats ε/m; optimal "
       "composition of ε₀-DP mechanisms (Kairouz, Oh &amp; Viswanath 2015); the mechanism’s "
       "own exact composition; and, flat at ε, queries on disjoint parts. A larger ε₀ means "
       "less noise per query (Laplace scale b = Δ/ε₀).\n\n"
       "The split is for ε-DP queries (Laplace, randomized response). The Gaussian mechanism "
       "is not ε-DP: for it the view shows the rules for ε₀-DP queries and no exact rule."),
  .more_private = N_("A smaller total ε is more private; the rules decide how much of it each "
                     "query may spend."),
  .uses = uses,
  .data_uses = data_uses,
  .compute_data = budget_compute_data,
  .preview_data = budget_preview_data,
  .free_data = g_free,
  .expensive = TRUE,
  .compute = budget_compute,
  .free_result = g_free,
  .readouts = budget_readouts,
  .caption = budget_caption,
  .draw = dpv_budget_draw,
};
