/* dpv-survey.h — the randomized-response survey of a class (book §3.3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-view-util.h"

G_BEGIN_DECLS

/* Points of the curves against ε. */
#define DPV_SURVEY_CURVE 200

/* Above this many respondents the class is drawn as an image with one pixel per respondent
 * rather than one rectangle each. */
#define DPV_SURVEY_CELLS_MAX 2500

/* The class drawn with the seed (the expensive stage's place: it depends on ε, n, π and the
 * seed only, so revealing the truth or entering a count draws nothing again). */
typedef struct {
  DpSurveyClass drawn;
  unsigned char *truth;      /* n bytes: the true answers X_i (1 = yes) */
  unsigned char *reported;   /* n bytes: the reports Y_i */
} DpvSurveyClass;

/* The numbers of the figure (compute, dpv-survey.c). */
typedef struct {
  unsigned long n;
  gboolean play_along;        /* the count is the room's, not a drawn class */
  gboolean revealed;          /* the truth is shown (never with play_along: there is none) */
  double keep;                /* p = e^ε/(1 + e^ε) */
  double gain;                /* 2p − 1 */
  unsigned long count;        /* K, the "yes" reports */
  double observed_rate;       /* K/n */
  double estimate;            /* π̂ = (K/n − (1 − p))/(2p − 1), not clamped */
  double ci_lo, ci_hi;        /* its 95 % interval (Clopper–Pearson mapped, not clipped) */
  double true_rate;           /* π (shown only when revealed) */
  unsigned long true_count;   /* Σ X_i of the drawn class */
  unsigned long flipped;      /* answers the coin flipped */
  /* The rate behind the distribution, the sd and the posteriors: π when revealed, otherwise
   * the estimate clipped to [0, 1] (the truth is hidden: a plug-in). */
  double rate_used;
  DpSurveyExpected expected;  /* at rate_used */
  double sd_no_noise;         /* √(π(1 − π)/n): the sd of the plain survey, without the coin */
  /* The exact sampling distribution of π̂ (K ~ Binomial(n, λ) at rate_used), the counts
   * k_first … k_first + n_pmf − 1 (each tail beyond them below 1e-6). */
  unsigned long k_first;
  gsize n_pmf;
  double *pmf_x;              /* π̂ for each count */
  double *pmf;                /* Pr[K = k] */
  double pmf_max;
  double bar_width;           /* 1/(n(2p − 1)): the spacing of the estimates */
  double x_lo, x_hi;          /* the estimate axis */
  /* Against ε (log grid 0.01 … 10): the sd of π̂ for this n, and the posteriors. */
  double eps[DPV_SURVEY_CURVE];
  double sd[DPV_SURVEY_CURVE];
  double post_yes[DPV_SURVEY_CURVE];   /* Pr[true yes | reported yes] */
  double post_no[DPV_SURVEY_CURVE];    /* Pr[true yes | reported no] */
  double sd_lo, sd_hi;        /* the sd axis */
} DpvSurvey;

extern const DpvViewClass dpv_survey_view;

void dpv_survey_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr,
                      double x, double y, double w, double h);

G_END_DECLS
