/* dpv-hypothesis-audit.c — the hypothesis view's expensive stage: a privacy audit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One mechanism (k = 1) is run N times on D and N times on D′ (dp_audit_run, seeded), a
 * threshold test guesses which, and the Clopper–Pearson 95 % intervals of its errors α̂, β̂ give
 * the certified lower bound ε ≥ ln((1 − δ − β_up)/α_up) and ln((1 − δ − α_up)/β_up)
 * (Kairouz, Oh & Viswanath 2015, Thm 2.1; Jagielski, Ullman & Oprea 2020). The test is fixed
 * before the runs: the current test of the view, or the threshold at which the bound is
 * expected to be largest (computed from the simulated mechanism's exact law, dp-audit.c).
 * "Buggy" simulates the mechanism whose noise is scaled for Δ/2 (dp_audit_buggy_mechanism).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-cancel.h"
#include "dpv-hypothesis.h"
#include "dpv-progress.h"

/* Confidence of each Clopper–Pearson interval, as in `dpviz-cli audit`. */
#define AUDIT_CONFIDENCE 0.95

gboolean
dpv_hypothesis_audit_setup (const DpvParams *params, const DpMechanism *m, DpvHypAudit *out)
{
  DpMechanism sim;

  *out = (DpvHypAudit) { 0 };
  out->mechanism = m->kind;
  out->trials = params->trials;
  out->seed = (guint32) MIN (params->seed, (guint64) G_MAXUINT32);
  out->buggy = params->buggy;
  out->best = params->audit_best;
  out->eps_claimed = params->epsilon;
  /* Laplace and randomized response claim pure ε-DP; the Gaussian (ε, δ) */
  out->delta = m->kind == DP_MECHANISM_GAUSSIAN ? m->delta : 0.0;
  if (dp_audit_buggy_mechanism (m, &sim) != DP_OK)
    return FALSE;
  if (m->kind == DP_MECHANISM_GAUSSIAN)
    {
      /* σ/2 doubles μ: ε at the same δ from the Gaussian's privacy profile (Balle & Wang
       * 2018, Thm 8) */
      if (dp_gaussian_epsilon (dp_mechanism_gaussian_mu (params->buggy ? &sim : m), out->delta,
                               &out->eps_simulated) != DP_OK)
        return FALSE;
    }
  else
    out->eps_simulated = params->buggy ? 2.0 * params->epsilon : params->epsilon;
  return TRUE;
}

static void
progress_cb (double fraction, void *data)
{
  dpv_progress_report (data, fraction);
}

gpointer
dpv_hypothesis_audit_compute (const DpvParams *params, const DpMechanism *m,
                              GCancellable *cancellable, GError **error)
{
  g_autofree DpvHypAudit *a = g_new0 (DpvHypAudit, 1);
  DpAuditSpec spec = { 0 };
  DpTest test;
  DpStatus status;

  if (!dpv_hypothesis_audit_setup (params, m, a)
      || dpv_hypothesis_test (m, params->type1, &test, NULL) != DP_OK)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The audit cannot simulate this mechanism"));
      return NULL;
    }
  spec.k = 1;
  spec.trials = a->trials;
  spec.seed = a->seed;
  spec.buggy = a->buggy;
  spec.auto_threshold = a->best;
  /* The audit's test says D′ when y ≥ t; on a continuous output that is the current test.
   * Randomized response's only test that is not constant is "y = 1 says D′". */
  spec.threshold = m->kind == DP_MECHANISM_RR ? 1.0 : CLAMP (test.threshold, -1e300, 1e300);
  spec.delta = a->delta;
  spec.confidence = AUDIT_CONFIDENCE;

  dpv_progress_report (cancellable, 0.0);
  status = dp_audit_run (m, &spec, progress_cb, cancellable, dpv_cancel_flag (cancellable),
                         &a->r);
  if (status == DP_ERR_CANCELLED)
    return NULL;
  if (status != DP_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The audit failed: %s"),
                   dp_status_to_string (status));
      return NULL;
    }
  a->ran = TRUE;
  return g_steal_pointer (&a);
}

gpointer
dpv_hypothesis_audit_preview (const DpvParams *params, const DpMechanism *m)
{
  DpvHypAudit *a = g_new0 (DpvHypAudit, 1);

  dpv_hypothesis_audit_setup (params, m, a);
  a->ran = FALSE;
  return a;
}

void
dpv_hypothesis_audit_free (gpointer data)
{
  g_free (data);
}
