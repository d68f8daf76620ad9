/* dp-sample.h — sampled outputs of M(D) and M(D′) and the privacy loss estimated from them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * n outputs are drawn from each of P = M(D) and Q = M(D′) (dp-common.h) and counted in bins B.
 * The log ratio of the counts, ln(n_P(B)/n_Q(B)), estimates ln(P(B)/Q(B)), which lies between
 * the smallest and the largest privacy loss L(y) = ln(p(y)/q(y)) over the bin (a ratio of
 * integrals of p = e^L q over B); for narrow bins it is L at the bin. For an ε-DP mechanism
 * every bin's value lies in [−ε, ε] (Dwork & Roth Def. 2.4 with S = B), so the class sees ±ε
 * emerge from data; for the Gaussian the loss is linear in y and unbounded.
 *
 * The interval: conditional on the bin's total s = n_P + n_Q, n_P is (to the Poisson
 * approximation, conservative for large bins) binomial with θ = P(B)/(P(B) + Q(B)), and
 * ln(P(B)/Q(B)) = ln(θ/(1 − θ)); the Wilson score interval for θ (Wilson 1927) at the given
 * confidence, mapped through the logit, is the interval for the loss. It is finite even when
 * one count is 0 (then only one side is bounded).
 */
#pragma once

#include <stdint.h>

#include "dp-common.h"

#define DP_SAMPLE_MAX 10000000UL
#define DP_SAMPLE_BINS_MAX 10000UL
#define DP_SAMPLE_KEEP_MAX 100000UL

typedef struct {
  size_t n;           /* outputs drawn from each of M(D) and M(D′), 1 … DP_SAMPLE_MAX */
  uint64_t seed;      /* the same seed gives the same outputs */
  size_t n_bins;      /* Laplace, Gaussian: 1 … DP_SAMPLE_BINS_MAX; RR: ignored (outputs 0, 1) */
  double lo, hi;      /* histogram range; lo ≥ hi chooses it (below) */
  double confidence;  /* of each interval, in (0, 1), e.g. 0.95 */
  size_t n_keep;      /* outputs kept per neighbour in draw order (a rug), ≤ DP_SAMPLE_KEEP_MAX */
} DpSampleParams;

typedef struct {
  DpSampleParams params;
  DpMechanismKind kind;
  size_t n_bins;
  double *edges;                  /* n_bins + 1; RR: −½, ½, 3⁄2 (bin 0 is output 0) */
  unsigned long *count_p, *count_q;
  unsigned long below_p, below_q, beyond_p, beyond_q; /* outside the range */
  double *prob_p, *prob_q;        /* exact P(B), Q(B) */
  bool *has_estimate;             /* both counts > 0 */
  double *loss_estimate;          /* ln(n_P/n_Q) where has_estimate, else 0 */
  double *loss_lo, *loss_hi;      /* the interval; −HUGE_VAL / +HUGE_VAL where unbounded */
  double *loss_binned;            /* ln(P(B)/Q(B)), exact (±HUGE_VAL if a mass is 0) */
  double *loss_min, *loss_max;    /* the range of L(y) over the bin */
  double *loss_centre;            /* L at the bin's centre (RR: at the output) */
  size_t n_estimates;             /* bins with has_estimate */
  size_t n_covered;               /* … whose interval meets [loss_min, loss_max] */
  size_t n_kept;
  double *kept_p, *kept_q;        /* the first n_kept outputs of each */
} DpSample;

/* Draws the outputs and fills a new DpSample (free with dp_sample_free). The automatic range
 * is [−b ln 200, Δ + b ln 200] for Laplace (each density puts 1/400 beyond the far end) and
 * [−3σ, Δ + 3σ] for the Gaussian. Cancellable (@cancel may be NULL). */
DpStatus dp_sample_run (const DpMechanism *m, const DpSampleParams *params,
                        const DpCancel *cancel, DpSample **out);
void dp_sample_free (DpSample *sample);
