/* dp-audit.h — measuring ε from simulated runs: a privacy audit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The mechanism (or its k-fold composition) is run N times on D and N times on D′ and a
 * threshold test (dp-tradeoff.h, DpTest) guesses which one it was. Its empirical errors α̂ and
 * β̂ come with Clopper–Pearson intervals, and (ε, δ)-DP says 1 − β ≤ e^ε α + δ and
 * 1 − α ≤ e^ε β + δ for every test (Kairouz, Oh & Viswanath 2015, Thm 2.1), so
 *   ε ≥ ln((1 − δ − β) / α)  and  ε ≥ ln((1 − δ − α) / β).
 * Both are decreasing in α and β: evaluated at the upper ends α_up, β_up of the intervals they
 * are lower bounds on ε that hold whenever α ≤ α_up and β ≤ β_up, which fails with probability
 * at most (1 − c)/2 + (1 − c)/2 = 1 − c for two-sided intervals of confidence c (a union bound;
 * the intervals are one-sided at (1 + c)/2). This is the lower bound an audit certifies
 * (Jagielski, Ullman & Oprea 2020; Nasr et al. 2021).
 *
 * Simulations are seeded and reproducible: GSL's MT19937 seeded with @seed (GSL seeds 0 like
 * 4357). Everything a run reports is a function of its inputs.
 */
#pragma once

#include <stdint.h>

#include "dp-common.h"
#include "dp-tradeoff.h"

typedef struct {
  double lower;
  double upper;
} DpInterval;

/* Clopper–Pearson interval for @x successes in @n trials (1 ≤ n, x ≤ n) at two-sided
 * confidence @confidence ∈ (0, 1): lower solves P(Bin(n, p) ≥ x) = (1 − c)/2 (0 when x = 0),
 * upper solves P(Bin(n, p) ≤ x) = (1 − c)/2 (1 when x = n). Computed with GSL's beta CDF and a
 * bracketed Newton iteration to 1e-12 relative (gsl_cdf_beta_Pinv fails to converge for
 * about a tenth of the (x, n) an audit meets, see dp-audit.c). */
DpStatus dp_clopper_pearson (unsigned long x, unsigned long n, double confidence,
                             DpInterval *out);

/* The certified bounds from the upper interval ends:
 * ln((1 − δ − β_up)/α_up) and ln((1 − δ − α_up)/β_up), −HUGE_VAL when the numerator is not
 * positive, and their maximum with 0 (ε ≥ 0 always holds). */
typedef struct {
  double from_type1;        /* ln((1 − δ − β_up) / α_up) */
  double from_type2;        /* ln((1 − δ − α_up) / β_up) */
  double epsilon_lower;     /* max(0, from_type1, from_type2) */
} DpAuditBound;

DpStatus dp_audit_bound (double alpha_upper, double beta_upper, double delta,
                         DpAuditBound *out);

/* The mechanism whose noise is scaled for half the true sensitivity: Laplace b/2, Gaussian
 * σ/2 (μ doubles), and for randomized response, which has no noise scale, the coin of 2ε.
 * Each is 2ε-DP where the correct one is ε-DP. DP_ERR_DOMAIN when 2ε > 700 or σ/2 < 1e-9. */
DpStatus dp_audit_buggy_mechanism (const DpMechanism *m, DpMechanism *out);

typedef struct {
  unsigned long k;       /* compositions per run, 1 … 10⁷ */
  unsigned long trials;  /* N runs on D and N on D′, 100 … 10⁶ */
  uint32_t seed;
  bool buggy;            /* simulate dp_audit_buggy_mechanism (@m) instead of @m */
  bool auto_threshold;   /* choose the threshold (below) instead of using @threshold */
  double threshold;      /* the test says D′ when the statistic is ≥ threshold */
  double delta;          /* δ in the bound, [0, 1] */
  double confidence;     /* of each interval, (0, 1); 0.95 in the app and the CLI */
} DpAuditSpec;

typedef struct {
  double threshold;
  unsigned long false_positives;  /* runs on D in which the test said D′ */
  unsigned long false_negatives;  /* runs on D′ in which it said D */
  double type1;                   /* α̂ = false_positives / N */
  double type2;                   /* β̂ = false_negatives / N */
  DpInterval type1_ci;
  DpInterval type2_ci;
  DpAuditBound bound;
  /* The exact (α, β) of the test on the simulated mechanism, where known in closed form
   * (all but Laplace at k > 1). */
  bool has_exact;
  double type1_exact;
  double type2_exact;
} DpAuditResult;

/* Progress: called with the fraction of runs done (0 … 1), from the calling thread. */
typedef void (*DpAuditProgressFunc) (double fraction, void *data);

/* Runs the audit (see the file comment and dp-audit.c for what is simulated).
 *
 * The statistic is that of DpTest (the output for k = 1; the mean of the k outputs, each clipped
 * to [0, Δ] for Laplace, for k > 1), and the test says D′ when it is ≥ the threshold. With
 * auto_threshold the threshold is the one at which the certified bound is expected to be
 * largest, computed from the exact distribution of the simulated mechanism before any run is
 * drawn: it depends on no sample, so the intervals keep their coverage.
 *
 * Laplace at k > 1 draws about N·k values; N·k above 10⁹ is DP_ERR_DOMAIN. @progress and
 * @cancel may be NULL; a raised @cancel returns DP_ERR_CANCELLED within one chunk of runs. */
DpStatus dp_audit_run (const DpMechanism *m, const DpAuditSpec *spec,
                       DpAuditProgressFunc progress, void *progress_data,
                       const DpCancel *cancel, DpAuditResult *out);
