/* test-view-survey.c — the survey view against independent derivations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's numbers are recomputed here from their definitions (book §3.3.1): the estimate
 * from the count, the binomial sampling distribution and Clopper–Pearson interval from
 * long-double sums and bisection (not libdpcore's Loader sums and tail inversion), the
 * standard deviation and the posteriors from their closed forms and Bayes' rule. The drawn
 * classes are checked against the view's own arrays and, over 1000 seeds, against the exact
 * coverage and mean. The figure is checked by its pixels (the share of "yes" cells is K/n, the
 * pale share the flipped answers) and by what it says before and after the truth is revealed.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dpv-survey.h"
#include "view-test-util.h"

static void
survey_params (DpvParams *p, double eps, unsigned long n, double rate, guint64 seed)
{
  dpv_params_init (p);
  p->epsilon = eps;
  p->respondents = n;
  p->true_rate = rate;
  p->seed = seed;
  p->show_caption = FALSE;
}

/* The Clopper–Pearson interval for λ by bisection on the long-double tails: λ_lo solves
 * Pr[K ≥ k | λ] = α/2 (0 at k = 0), λ_hi solves Pr[K ≤ k | λ] = α/2 (1 at k = n). */
static void
cp_interval (unsigned long n, unsigned long k, double conf, long double *lo, long double *hi)
{
  long double half = (1.0L - conf) / 2, a, b;

  *lo = 0;
  *hi = 1;
  if (k > 0)
    {
      a = 0;
      b = 1;
      for (int it = 0; it < 80; it++)
        {
          long double mid = (a + b) / 2;

          if (vt_binom_ge (n, k, mid) < half)
            a = mid;
          else
            b = mid;
        }
      *lo = (a + b) / 2;
    }
  if (k < n)
    {
      a = 0;
      b = 1;
      for (int it = 0; it < 80; it++)
        {
          long double mid = (a + b) / 2;

          if (vt_binom_le (n, k, mid) > half)
            a = mid;
          else
            b = mid;
        }
      *hi = (a + b) / 2;
    }
}

/* Every number of a revealed, drawn class against its definition. */
static void
check_numbers (double eps, unsigned long n, double rate, guint64 seed)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvSurvey *s;
  const DpvSurveyClass *c;
  long double keep = 1.0L / (1.0L + expl (-eps)), gain = 2 * keep - 1;
  long double lambda = (1 - keep) + gain * rate, sum = 0;
  unsigned long yes = 0, truly = 0, flips = 0;
  g_autofree char *what = g_strdup_printf ("ε = %g, n = %lu, π = %g, seed %" G_GUINT64_FORMAT,
                                           eps, n, rate, seed);

  survey_params (&p, eps, n, rate, seed);
  p.reveal = TRUE;
  frame = vt_frame (&dpv_survey_view, &p);
  s = vt_result (frame);
  c = dpv_frame_get_data (frame);
  g_test_message ("%s: K = %lu", what, s->count);

  /* the class: K, the true count and the flips are those of the drawn arrays */
  for (unsigned long i = 0; i < n; i++)
    {
      g_assert_cmpuint (c->truth[i], <=, 1);
      g_assert_cmpuint (c->reported[i], <=, 1);
      yes += c->reported[i];
      truly += c->truth[i];
      flips += c->truth[i] != c->reported[i];
    }
  g_assert_cmpuint (s->count, ==, yes);
  g_assert_cmpuint (s->true_count, ==, truly);
  g_assert_cmpuint (s->flipped, ==, flips);
  g_assert_true (s->revealed);

  vt_assert_close ("p", s->keep, keep, 1e-14, 0);
  vt_assert_close ("K/n", s->observed_rate, (double) yes / n, 1e-15, 0);
  vt_assert_close ("estimate", s->estimate, ((long double) yes / n - (1 - keep)) / gain, 1e-11,
                   1.0);
  vt_assert_close ("rate used", s->rate_used, rate, 0, 0);

  /* the interval: Clopper–Pearson for λ (bisection here), mapped through the estimator */
  if (n <= 2000)
    {
      long double lo, hi;

      cp_interval (n, yes, 0.95, &lo, &hi);
      vt_assert_close ("interval low", s->ci_lo, (lo - (1 - keep)) / gain, 1e-8, 1.0);
      vt_assert_close ("interval high", s->ci_hi, (hi - (1 - keep)) / gain, 1e-8, 1.0);
    }

  /* sd, the posteriors (Bayes' rule over the four joint outcomes) and the plain survey */
  vt_assert_close ("sd", s->expected.estimator_sd, sqrtl (lambda * (1 - lambda) / n) / gain,
                   1e-12, 0);
  vt_assert_close ("Pr[yes | yes]", s->expected.posterior_yes,
                   keep * rate / (keep * rate + (1 - keep) * (1 - rate)), 1e-12, 1e-300);
  vt_assert_close ("Pr[yes | no]", s->expected.posterior_no,
                   (1 - keep) * rate / ((1 - keep) * rate + keep * (1 - rate)), 1e-12, 1e-300);
  vt_assert_close ("sd without the coin", s->sd_no_noise, sqrt (rate * (1 - rate) / n), 1e-14,
                   1e-300);
  for (gsize i = 0; i < DPV_SURVEY_CURVE; i++)
    {
      long double k = 1.0L / (1.0L + expl (-s->eps[i])), g = 2 * k - 1;
      long double l = (1 - k) + g * rate;

      vt_assert_close ("sd curve", s->sd[i], sqrtl (l * (1 - l) / n) / g, 1e-9, 0);
      vt_assert_close ("posterior curve", s->post_yes[i],
                       k * rate / (k * rate + (1 - k) * (1 - rate)), 1e-12, 1e-300);
    }
  vt_assert_close ("ε grid starts", s->eps[0], DPV_PARAM_MIN (EPSILON), 0, 0);
  vt_assert_close ("ε grid ends", s->eps[DPV_SURVEY_CURVE - 1], DPV_PARAM_MAX (EPSILON), 0, 0);

  /* the sampling distribution: Binomial(n, λ) term by term, placed at each count's estimate,
   * holding all but 2·10⁻⁶ of the mass */
  for (gsize i = 0; i < s->n_pmf; i++)
    {
      unsigned long k = s->k_first + i;

      vt_assert_close ("pmf", s->pmf[i], vt_binom_pmf (n, k, lambda), 1e-9, 1e-300);
      vt_assert_close ("pmf x", s->pmf_x[i], ((long double) k / n - (1 - keep)) / gain, 1e-11,
                       1.0);
      sum += s->pmf[i];
    }
  g_assert_cmpfloat (sum, >=, 1 - 2.1e-6);
  g_assert_cmpfloat (sum, <=, 1 + 1e-12);
  if (s->k_first > 0)
    g_assert_cmpfloat (vt_binom_le (n, s->k_first - 1, lambda), <=, 1.0001e-6);
  /* the axis holds the distribution, the estimate, its interval and π */
  g_assert_cmpfloat (s->x_lo, <, MIN (s->pmf_x[0], MIN (s->ci_lo, rate)));
  g_assert_cmpfloat (s->x_hi, >, MAX (s->pmf_x[s->n_pmf - 1], MAX (s->ci_hi, rate)));
}

static void
test_numbers (void)
{
  check_numbers (log (2.0), 30, 0.3, 1);      /* the book's coin p = 2/3 */
  check_numbers (1.0, 30, 0.3, 7);
  check_numbers (0.05, 10, 0.5, 3);
  check_numbers (10.0, 100, 0.0, 11);         /* nobody truly says yes */
  check_numbers (0.5, 1000, 0.9, 5);
  check_numbers (2.0, 100000, 0.25, 42);
}

/* At the book's coin the estimate is 3ȳ − 1 (book §3.3.1). */
static void
test_book_estimate (void)
{
  DpvParams p;

  survey_params (&p, log (2.0), 30, 0.3, 1);
  p.play_along = TRUE;
  for (unsigned long k = 0; k <= 30; k++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      const DpvSurvey *s;

      p.class_count = k;
      frame = vt_frame (&dpv_survey_view, &p);
      s = vt_result (frame);
      vt_assert_close ("p = 2/3", s->keep, 2.0 / 3.0, 1e-15, 0);
      vt_assert_close ("3ȳ − 1", s->estimate, 3.0 * k / 30 - 1, 1e-13, 1.0);
    }
}

/* Play along: the room's count replaces the class; every count's interval is the bisected
 * Clopper–Pearson interval; π and "reveal" change nothing; a count above n is refused. */
static void
test_play_along (void)
{
  DpvParams p, q;
  long double keep = 1.0L / (1.0L + expl (-1.0)), gain = 2 * keep - 1;

  survey_params (&p, 1.0, 40, 0.3, 1);
  p.play_along = TRUE;
  for (unsigned long k = 0; k <= 40; k += 3)
    {
      g_autoptr(DpvFrame) frame = NULL;
      g_autoptr(DpvFrame) other = NULL;
      g_autoptr(GPtrArray) readouts = NULL;
      const DpvSurvey *s, *t;
      long double lo, hi;

      p.class_count = k;
      frame = vt_frame (&dpv_survey_view, &p);
      s = vt_result (frame);
      g_assert_cmpuint (s->count, ==, k);
      g_assert_false (s->revealed);
      cp_interval (40, k, 0.95, &lo, &hi);
      vt_assert_close ("interval low", s->ci_lo, (lo - (1 - keep)) / gain, 1e-8, 1.0);
      vt_assert_close ("interval high", s->ci_hi, (hi - (1 - keep)) / gain, 1e-8, 1.0);
      vt_assert_close ("rate used", s->rate_used, CLAMP (s->estimate, 0.0, 1.0), 0, 0);

      /* another π, revealed: the same figure (the room has no hidden truth) */
      q = p;
      q.true_rate = 0.85;
      q.reveal = TRUE;
      q.seed = 99;
      other = vt_frame (&dpv_survey_view, &q);
      t = vt_result (other);
      g_assert_false (t->revealed);
      g_assert_cmpfloat (t->estimate, ==, s->estimate);
      g_assert_cmpfloat (t->rate_used, ==, s->rate_used);
      g_assert_cmpuint (t->n_pmf, ==, s->n_pmf);
      g_assert_true (memcmp (t->pmf, s->pmf, s->n_pmf * sizeof (double)) == 0);
      g_assert_true (memcmp (t->sd, s->sd, sizeof s->sd) == 0);
      readouts = dpv_frame_readouts (other);
      g_assert_nonnull (vt_readout (readouts, "“Yes” answers counted in the room K"));
      g_assert_null (vt_readout (readouts, "True rate π"));
    }

  p.class_count = 41;
  {
    g_autoptr(DpvFrame) frame = vt_frame (&dpv_survey_view, &p);

    g_assert_null (dpv_frame_get_result (frame));
    g_assert_nonnull (strstr (dpv_frame_get_error (frame), "K = 41"));
    g_assert_nonnull (strstr (dpv_frame_get_error (frame), "n = 40"));
  }
  /* without play-along the count does nothing */
  p.play_along = FALSE;
  {
    g_autoptr(DpvFrame) frame = vt_frame (&dpv_survey_view, &p);

    vt_result (frame);
  }
}

/* Hidden, the figure shows nothing that depends on π but the class itself: the distribution,
 * sd and posteriors are at π = π̂ clipped, no read-out or label names π; revealed, they are
 * at π and it is named. */
static void
test_hidden_until_revealed (void)
{
  DpvParams p;

  survey_params (&p, 1.0, 50, 0.3, 4);
  for (int reveal = 0; reveal < 2; reveal++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      g_autoptr(GPtrArray) readouts = NULL;
      g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (DpvPlacedText));
      g_autofree char *caption = NULL;
      g_autofree char *description = NULL;
      const DpvSurvey *s;
      cairo_surface_t *img;

      p.reveal = reveal;
      frame = vt_frame (&dpv_survey_view, &p);
      s = vt_result (frame);
      g_assert_cmpint (s->revealed, ==, reveal);
      vt_assert_close ("rate used", s->rate_used,
                       reveal ? 0.3 : CLAMP (s->estimate, 0.0, 1.0), 0, 0);
      readouts = dpv_frame_readouts (frame);
      caption = dpv_frame_caption (frame);
      description = dpv_frame_describe (frame);
      img = vt_render (frame, DPV_THEME_LIGHT, 1200, 800, placed);
      if (reveal)
        {
          g_assert_cmpstr (vt_readout (readouts, "True rate π"), ==, "0.3000");
          g_assert_true (vt_placed_has (placed, "true π = 0.3000"));
          g_assert_nonnull (strstr (caption, "true π = 0.3000"));
        }
      else
        {
          g_assert_null (vt_readout (readouts, "True rate π"));
          g_assert_null (vt_readout (readouts, "True “yes” answers"));
          g_assert_false (vt_placed_has (placed, "true π"));
          g_assert_null (strstr (caption, "true π"));
          g_assert_null (strstr (description, "true π"));
        }
      cairo_surface_destroy (img);
      vt_placed_free (g_steal_pointer (&placed));
    }
}

/* Over 1000 seeded classes (n = 30, π = 0.3, the book's coin): the share whose interval holds
 * π is the exact coverage Σ_k Pr[K = k]·[π ∈ CI(k)] (intervals bisected here) within 4
 * binomial standard deviations, and that coverage is at least 95 %; the mean estimate is π
 * within 4 standard errors (unbiased). */
static void
test_coverage (void)
{
  const unsigned long n = 30, runs = 1000;
  const double rate = 0.3, eps = log (2.0);
  long double keep = 2.0L / 3.0L, gain = 1.0L / 3.0L, lambda = (1 - keep) + gain * rate;
  long double exact = 0, sd;
  unsigned long covered = 0;
  double mean = 0;
  DpvParams p;

  for (unsigned long k = 0; k <= n; k++)
    {
      long double lo, hi;

      cp_interval (n, k, 0.95, &lo, &hi);
      if ((lo - (1 - keep)) / gain <= rate && rate <= (hi - (1 - keep)) / gain)
        exact += vt_binom_pmf (n, k, lambda);
    }
  g_assert_cmpfloat ((double) exact, >=, 0.95);

  survey_params (&p, eps, n, rate, 0);
  for (unsigned long r = 0; r < runs; r++)
    {
      g_autoptr(DpvFrame) frame = NULL;
      const DpvSurvey *s;

      p.seed = 1000 + r;
      frame = vt_frame (&dpv_survey_view, &p);
      s = vt_result (frame);
      covered += s->ci_lo <= rate && rate <= s->ci_hi;
      mean += s->estimate / runs;
    }
  sd = sqrtl (exact * (1 - exact) / runs);
  g_test_message ("coverage %lu/%lu, exact %.4Lf; mean %.4f", covered, runs, exact, mean);
  g_assert_cmpfloat (fabsl ((long double) covered / runs - exact), <=, 4 * sd);
  g_assert_cmpfloat (fabs (mean - rate), <=,
                     4 * (double) (sqrtl (lambda * (1 - lambda) / n) / gain) / sqrt (runs));
}

/* In the class panel (the top-left 42 % × 56 % of the figure, above its key) the share of
 * "yes" pixels among "yes" and "no" pixels is K/n: as cells (n = 100) and as one pixel per
 * respondent (n = 10⁵); revealed (n = 2000, no dots), the pale share is the flipped share. */
static void
check_class_pixels (unsigned long n, gboolean reveal, double tol)
{
  const int w = 1200, h = 800;
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvSurvey *s;
  cairo_surface_t *img;
  DpvStyle style;
  DpvColor pale_yes, pale_no;
  int x1 = (int) (0.42 * w), y1 = (int) (0.56 * h) - 32;
  double yes, no, pale = 0, share;

  survey_params (&p, 1.0, n, 0.3, 8);
  p.reveal = reveal;
  frame = vt_frame (&dpv_survey_view, &p);
  s = vt_result (frame);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  img = vt_render (frame, DPV_THEME_LIGHT, w, h, NULL);
  yes = vt_count_colour (img, 0, 0, x1, y1, &style.roles[DPV_ROLE_D_PRIME], 0.02);
  no = vt_count_colour (img, 0, 0, x1, y1, &style.roles[DPV_ROLE_D], 0.02);
  if (reveal)
    {
      pale_yes = vt_blend (&style.roles[DPV_ROLE_D_PRIME], 0.3, &style.plot_background);
      pale_no = vt_blend (&style.roles[DPV_ROLE_D], 0.3, &style.plot_background);
      pale = vt_count_colour (img, 0, 0, x1, y1, &pale_yes, 0.02)
             + vt_count_colour (img, 0, 0, x1, y1, &pale_no, 0.02);
      share = pale / (yes + no + pale);
      g_test_message ("n = %lu: pale share %.4f, flipped %.4f", n, share,
                      (double) s->flipped / n);
      g_assert_cmpfloat (fabs (share - (double) s->flipped / n), <=, tol);
      /* among the kept answers, the "yes" share is that of the kept reports */
    }
  else
    {
      share = yes / (yes + no);
      g_test_message ("n = %lu: yes share %.4f, K/n %.4f", n, share, s->observed_rate);
      g_assert_cmpfloat (fabs (share - s->observed_rate), <=, tol);
    }
  g_assert_cmpfloat (yes + no + pale, >, 0.2 * x1 * y1);
  cairo_surface_destroy (img);
}

static void
test_class_pixels (void)
{
  check_class_pixels (100, FALSE, 0.01);
  check_class_pixels (100000, FALSE, 0.01);
  check_class_pixels (2000, TRUE, 0.02);
  check_class_pixels (100000, TRUE, 0.01);
}

/* A redraw at another ε or the truth revealed draws no new class: the class stage is keyed by
 * ε, n, π and the seed; the count entered, reveal and play-along use the same one. */
static void
test_class_cached (void)
{
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (16);
  DpvParams p;
  guint results = 0, data = 0;

  survey_params (&p, 1.0, 1000, 0.3, 2);
  for (int i = 0; i < 4; i++)
    {
      g_autoptr(DpvFrame) frame = NULL;

      p.reveal = i & 1;
      p.class_count = 5 + i;
      frame = dpv_frame_compute (&dpv_survey_view, &p, cache, NULL, NULL);
      vt_result (frame);
    }
  dpv_frame_cache_get_stats (cache, &dpv_survey_view, &results, &data, NULL);
  g_assert_cmpuint (data, ==, 1);
  g_assert_cmpuint (results, ==, 4);
  p.seed = 3;
  {
    g_autoptr(DpvFrame) frame = dpv_frame_compute (&dpv_survey_view, &p, cache, NULL, NULL);

    vt_result (frame);
  }
  dpv_frame_cache_get_stats (cache, &dpv_survey_view, &results, &data, NULL);
  g_assert_cmpuint (data, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-survey/numbers", test_numbers);
  g_test_add_func ("/view-survey/book-estimate", test_book_estimate);
  g_test_add_func ("/view-survey/play-along", test_play_along);
  g_test_add_func ("/view-survey/hidden-until-revealed", test_hidden_until_revealed);
  g_test_add_func ("/view-survey/coverage", test_coverage);
  g_test_add_func ("/view-survey/class-pixels", test_class_pixels);
  g_test_add_func ("/view-survey/class-cached", test_class_cached);
  return g_test_run ();
}
