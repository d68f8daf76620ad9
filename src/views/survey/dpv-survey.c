/* dpv-survey.c — the randomized-response survey of a class (book §3.3.1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * n respondents each keep their true answer with probability p = e^ε/(1 + e^ε) and flip it
 * otherwise (the book's coin p = 2/3 is ε = ln 2; Thm 3.1 shows that coin is ln 2-DP, and the
 * same likelihood ratio p/(1 − p) = e^ε makes any p ε-DP; Dwork & Roth §3.2). The count K of
 * "yes" reports is Binomial(n, λ), λ = (1 − p) + (2p − 1)π, and π̂ = (K/n − (1 − p))/(2p − 1)
 * is unbiased with sd √(λ(1 − λ)/n)/(2p − 1) (book §3.3.1: 3ȳ − 1 at p = 2/3). The interval is
 * Clopper & Pearson's (1934) for λ mapped through the estimator: it covers π with probability
 * at least 95 % for every π and n. Every number comes from libdpcore's dp-survey.h.
 *
 * Until the truth is revealed the figure shows nothing that depends on π: the distribution,
 * the sd and the posteriors use the estimate clipped to [0, 1] instead (a plug-in).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-survey.h"

/* Each tail of the sampling distribution left out of the plot. */
#define PMF_TAIL 1e-6

static gboolean
core_error (DpStatus st, GError **error)
{
  if (st == DP_OK)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The survey could not be computed: %s"),
               dp_status_to_string (st));
  return FALSE;
}

static void
class_free (gpointer data)
{
  DpvSurveyClass *c = data;

  if (c == NULL)
    return;
  g_free (c->truth);
  g_free (c->reported);
  g_free (c);
}

/* The class of n respondents drawn with the seed (dp_survey_simulate: MT19937, two uniforms
 * per respondent, the same class for the same seed). */
static gpointer
survey_compute_data (const DpvParams *params, const DpMechanism *m, GCancellable *cancellable,
                     GError **error)
{
  g_autofree unsigned char *truth = g_malloc (params->respondents);
  g_autofree unsigned char *reported = g_malloc (params->respondents);
  DpvSurveyClass *c;
  DpSurveyClass drawn;

  if (!core_error (dp_survey_simulate (params->epsilon, params->true_rate, params->respondents,
                                       (unsigned long) params->seed, &drawn, truth, reported),
                   error))
    return NULL;
  c = g_new0 (DpvSurveyClass, 1);
  c->drawn = drawn;
  c->truth = g_steal_pointer (&truth);
  c->reported = g_steal_pointer (&reported);
  return c;
}

static void
survey_free (gpointer result)
{
  DpvSurvey *s = result;

  if (s == NULL)
    return;
  g_free (s->pmf_x);
  g_free (s->pmf);
  g_free (s);
}

/* The exact sampling distribution of π̂ at the rate used: Binomial(n, λ) over the counts
 * whose tails hold more than PMF_TAIL, each count placed at its estimate. */
static gboolean
sampling_distribution (const DpvParams *params, DpvSurvey *s, GError **error)
{
  unsigned long k_lo = 0, k_hi = 0;

  if (!core_error (dp_survey_count_range (params->epsilon, s->rate_used, s->n, PMF_TAIL,
                                          &k_lo, &k_hi), error))
    return FALSE;
  s->k_first = k_lo;
  s->n_pmf = k_hi - k_lo + 1;
  s->pmf = g_new (double, s->n_pmf);
  s->pmf_x = g_new (double, s->n_pmf);
  if (!core_error (dp_survey_count_pmf (params->epsilon, s->rate_used, s->n, k_lo, s->n_pmf,
                                        s->pmf), error))
    return FALSE;
  s->pmf_max = 0;
  for (gsize i = 0; i < s->n_pmf; i++)
    {
      if (!core_error (dp_survey_estimate (params->epsilon, (double) (k_lo + i) / s->n,
                                           &s->pmf_x[i]), error))
        return FALSE;
      s->pmf_max = MAX (s->pmf_max, s->pmf[i]);
    }
  return TRUE;
}

/* The estimate axis: the distribution's range, the estimate and its interval (and π once
 * revealed), with a margin of a bar and 4 %. */
static void
estimate_axis (DpvSurvey *s)
{
  double lo = MIN (s->pmf_x[0], MIN (s->estimate, s->ci_lo));
  double hi = MAX (s->pmf_x[s->n_pmf - 1], MAX (s->estimate, s->ci_hi));
  double pad;

  if (s->revealed)
    {
      lo = MIN (lo, s->true_rate);
      hi = MAX (hi, s->true_rate);
    }
  pad = 0.04 * (hi - lo) + s->bar_width;
  s->x_lo = lo - pad;
  s->x_hi = hi + pad;
}

/* Against ε: sd(π̂) = √(λ(1 − λ)/n)/(2p − 1) for this n (dp_survey_sd_curve) and the two
 * posteriors of a true "yes" with the prior rate_used (dp_survey_expected: Bayes' rule). */
static gboolean
curves (DpvSurvey *s, GError **error)
{
  const DpvParamSpec *eps_spec = dpv_param_spec (DPV_PARAM_EPSILON);

  dpv_grid_log (eps_spec->min, eps_spec->max, DPV_SURVEY_CURVE, s->eps);
  if (!core_error (dp_survey_sd_curve (s->eps, DPV_SURVEY_CURVE, s->rate_used, s->n, s->sd),
                   error))
    return FALSE;
  for (gsize i = 0; i < DPV_SURVEY_CURVE; i++)
    {
      DpSurveyExpected e;

      if (!core_error (dp_survey_expected (s->eps[i], s->rate_used, s->n, &e), error))
        return FALSE;
      s->post_yes[i] = e.posterior_yes;
      s->post_no[i] = e.posterior_no;
    }
  /* sd falls from its value at ε = 0.01 to √(π(1 − π)/n) (which is 0 at π = 0 or 1: the
   * axis then ends two decades below the curve's end) */
  s->sd_hi = s->sd[0] * 1.6;
  s->sd_lo = s->sd[DPV_SURVEY_CURVE - 1];
  if (s->sd_no_noise > 0)
    s->sd_lo = MIN (s->sd_lo, s->sd_no_noise);
  s->sd_lo = s->sd_lo > 0 ? s->sd_lo / 1.6 : s->sd_hi * 1e-4;
  return TRUE;
}

static gpointer
survey_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                GCancellable *cancellable, GError **error)
{
  const DpvSurveyClass *c = data;
  g_autoptr(GError) local = NULL;
  DpvSurvey *s;

  if (params->play_along && params->class_count > params->respondents)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   /* Translators: K “yes” answers counted in a room of n respondents */
                   _("The room’s count K = %lu cannot exceed the n = %lu respondents"),
                   params->class_count, params->respondents);
      return NULL;
    }

  s = g_new0 (DpvSurvey, 1);
  s->n = params->respondents;
  s->play_along = params->play_along;
  s->revealed = params->reveal && !params->play_along;
  s->true_rate = params->true_rate;
  if (s->play_along)
    s->count = params->class_count;
  else
    {
      s->count = c->drawn.observed_count;
      s->true_count = c->drawn.true_count;
      for (unsigned long i = 0; i < s->n; i++)
        s->flipped += c->truth[i] != c->reported[i];
    }
  s->observed_rate = (double) s->count / s->n;

  if (!core_error (dp_survey_estimate (params->epsilon, s->observed_rate, &s->estimate),
                   &local)
      || !core_error (dp_survey_interval (params->epsilon, s->n, s->count, 0.95, &s->ci_lo,
                                          &s->ci_hi), &local))
    goto failed;
  s->rate_used = s->revealed ? s->true_rate : CLAMP (s->estimate, 0.0, 1.0);
  if (!core_error (dp_survey_expected (params->epsilon, s->rate_used, s->n, &s->expected),
                   &local))
    goto failed;
  s->keep = s->expected.keep;
  s->gain = s->expected.gain;
  s->bar_width = 1.0 / (s->n * s->gain);
  s->sd_no_noise = sqrt (s->rate_used * (1.0 - s->rate_used) / s->n);
  if (!sampling_distribution (params, s, &local) || !curves (s, &local))
    goto failed;
  estimate_axis (s);
  return s;

failed:
  g_propagate_error (error, g_steal_pointer (&local));
  survey_free (s);
  return NULL;
}

/* "[lo, hi]" of the interval. */
static char *
interval_text (const DpvSurvey *s)
{
  g_autofree char *lo = dpv_fmt (s->ci_lo);
  g_autofree char *hi = dpv_fmt (s->ci_hi);

  return g_strdup_printf ("[%s, %s]", lo, hi);
}

static char *
survey_caption (const DpvFrame *frame)
{
  const DpvSurvey *s = dpv_frame_get_result (frame);
  g_autofree char *est = dpv_fmt (s->estimate);
  g_autofree char *ci = interval_text (s);
  g_autofree char *p = dpv_fmt (s->keep);
  g_autofree char *head = NULL;

  /* Translators: the caption's key numbers: K of n said yes, the estimate of π, its 95 %
   * interval and the probability p that an answer is kept */
  head = g_strdup_printf (_("%lu of %lu said “yes” · estimate %s · 95 %% interval %s · "
                            "p = %s"), s->count, s->n, est, ci, p);
  if (s->revealed)
    {
      g_autofree char *pi = dpv_fmt (s->true_rate);

      return g_strdup_printf (_("%s · true π = %s"), head, pi);
    }
  return g_steal_pointer (&head);
}

static void
survey_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvSurvey *s = dpv_frame_get_result (frame);

  dpv_readout_add (out, _("Respondents n"), g_strdup_printf ("%lu", s->n));
  dpv_readout_add (out, _("Answer kept with probability p = e^ε/(1 + e^ε)"),
                   dpv_fmt (s->keep));
  dpv_readout_add (out, s->play_along ? _("“Yes” answers counted in the room K")
                                      : _("“Yes” answers reported K"),
                   g_strdup_printf ("%lu", s->count));
  dpv_readout_add (out, _("Observed rate K/n"), dpv_fmt (s->observed_rate));
  dpv_readout_add (out, _("Estimate of π: (K/n − (1 − p))/(2p − 1)"), dpv_fmt (s->estimate));
  dpv_readout_add (out,
                   /* xgettext:no-c-format */
                   _("95 % interval for π (Clopper–Pearson)"), interval_text (s));
  dpv_readout_add (out, s->revealed ? _("Standard deviation of the estimate")
                                    : _("Standard deviation of the estimate (at π = estimate)"),
                   dpv_fmt (s->expected.estimator_sd));
  dpv_readout_add (out, s->revealed ? _("Pr[true yes | reported yes]")
                                    : _("Pr[true yes | reported yes] (prior: the estimate)"),
                   dpv_fmt (s->expected.posterior_yes));
  dpv_readout_add (out, s->revealed ? _("Pr[true yes | reported no]")
                                    : _("Pr[true yes | reported no] (prior: the estimate)"),
                   dpv_fmt (s->expected.posterior_no));
  if (s->revealed)
    {
      dpv_readout_add (out, _("True rate π"), dpv_fmt (s->true_rate));
      dpv_readout_add (out, _("True “yes” answers"), g_strdup_printf ("%lu", s->true_count));
      dpv_readout_add (out, _("Answers flipped by the coin"),
                       g_strdup_printf ("%lu", s->flipped));
    }
}

static char *
survey_describe (const DpvFrame *frame)
{
  const DpvSurvey *s = dpv_frame_get_result (frame);
  const DpvViewClass *view = dpv_frame_get_view (frame);
  g_autofree char *caption = survey_caption (frame);
  g_autofree char *sd = dpv_fmt (s->expected.estimator_sd);
  g_autofree char *markup =
    /* Translators: accessible description: the view's title, its caption, the sd of the
     * estimate and which way is more private */
    g_strdup_printf (_("%s. %s. The estimate’s standard deviation is %s. %s"),
                     dpv_view_class_get_title (view), caption, sd, _(view->more_private));

  return dpv_markup_to_plain (markup);
}

static const DpvParamId uses[] = {
  DPV_PARAM_EPSILON, DPV_PARAM_RESPONDENTS, DPV_PARAM_TRUE_RATE, DPV_PARAM_SEED,
  DPV_PARAM_REVEAL, DPV_PARAM_PLAY_ALONG, DPV_PARAM_CLASS_COUNT, DPV_PARAM_NONE
};

static const DpvParamId data_uses[] = {
  DPV_PARAM_EPSILON, DPV_PARAM_RESPONDENTS, DPV_PARAM_TRUE_RATE, DPV_PARAM_SEED,
  DPV_PARAM_NONE
};

const DpvViewClass dpv_survey_view = {
  .name = "survey",
  .title = N_("A randomized-response survey"),
  .short_title = N_("Survey"),
  .icon_name = "system-users-symbolic",
  .explanation =
    /* xgettext:no-c-format */
    N_("Each of the n respondents keeps their true answer with probability p = e<sup>ε</sup>/(1 + "
       "e<sup>ε</sup>) and reports the opposite otherwise (the lecture book, §3.3.1; its coin p = "
       "2/3 is ε = ln 2, Thm 3.1; Dwork &amp; Roth §3.2). A “yes” proves nothing about anyone: it "
       "multiplies the odds that the respondent’s true answer is yes by e<sup>ε</sup>, and a “no” "
       "divides them by e<sup>ε</sup>. The class as a whole still tells: the count K of “yes” "
       "reports is Binomial(n, λ) with λ = (1 − p) + (2p − 1)π, so <span "
       "font_family=\"sans\">π̂</span> = (K/n − (1 − p))/(2p − 1) estimates the true rate π "
       "without bias (3ȳ − 1 in the book), with standard deviation √(λ(1 − λ)/n)/(2p − 1). The "
       "bars are its exact sampling distribution; the interval (Clopper–Pearson) covers π in at "
       "least 95 % of classes. Until the truth is revealed, the distribution, the standard "
       "deviation and the posteriors are drawn at π = <span font_family=\"sans\">π̂</span>. "
       "Smaller ε hides each answer better and costs accuracy: for small ε the standard deviation "
       "grows like 1/(ε√n)."),

  .seed_label = N_("Seed of the surveyed class"),
  .more_private = N_("Smaller ε hides each answer better and widens the estimate."),
  .uses = uses,
  .data_uses = data_uses,
  .compute_data = survey_compute_data,
  .free_data = class_free,
  .compute = survey_compute,
  .free_result = survey_free,
  .readouts = survey_readouts,
  .caption = survey_caption,
  .describe = survey_describe,
  .draw = dpv_survey_draw,
};
