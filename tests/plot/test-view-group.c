/* test-view-group.c — the group-privacy view against the shifted pair, computed here
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The group pair is built here from its definition (book Prop. 3.6: the outputs on datasets
 * that differ in g people are shifted by gΔ) and its numbers derived independently: the
 * Laplace δ_g(ε′) by quadrature of (p − e^{ε′}q_g)₊ and by its closed form, the Gaussian's by
 * Balle & Wang's formula at μ = gΔ/σ in long double, randomized response's by summing the two
 * binomials of the number of "yes" among the g reports. The chain bound is summed term by
 * term; the figure is checked by where the peaks of the two shifted densities are drawn.
 */
#include "config.h"

#include "dpv-group.h"
#include "view-test-util.h"

static long double
phi (long double t)
{
  return 0.5L * erfcl (-t / sqrtl (2.0L));
}

/* Balle & Wang 2018, Thm 8: δ of the Gaussian pair with μ at ε′. */
static long double
gaussian_delta (long double eps, long double mu)
{
  return phi (mu / 2 - eps / mu) - expl (eps) * phi (-mu / 2 - eps / mu);
}

/* δ of Lap(0, b) against Lap(s, b) at ε′ by the midpoint rule over [−40b, s + 40b]. */
static long double
laplace_delta_quadrature (long double b, long double s, long double eps)
{
  const int n = 400000;
  long double lo = -40 * b, hi = s + 40 * b, h = (hi - lo) / n, sum = 0;

  for (int i = 0; i < n; i++)
    {
      long double y = lo + (i + 0.5L) * h;
      long double p = expl (-fabsl (y) / b) / (2 * b), q = expl (-fabsl (y - s) / b) / (2 * b);
      long double v = p - expl (eps) * q;

      if (v > 0)
        sum += v * h;
    }
  return sum;
}

static void
group_params (DpvParams *p, DpMechanismKind mech, double eps, double delta, double sens,
              unsigned long g)
{
  dpv_params_init (p);
  p->mechanism = mech;
  p->epsilon = eps;
  p->delta = delta;
  p->sensitivity = sens;
  p->group = g;
  p->show_caption = FALSE;
}

/* Laplace: D∞ = gε exactly, δ_g by quadrature and closed form, KL and TV, the loss in ±gε. */
static void
test_laplace (void)
{
  static const struct { double eps, sens; unsigned long g; } cases[] = {
    { 0.5, 1.0, 10 }, { 1.0, 2.0, 3 }, { 0.05, 0.5, 50 }, { 10.0, 1.0, 1 },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) frame = NULL;
      const DpvGroup *d;
      long double b = cases[c].sens / cases[c].eps, s = cases[c].g * cases[c].sens;
      long double ge = cases[c].g * cases[c].eps;

      group_params (&p, DP_MECHANISM_LAPLACE, cases[c].eps, 1e-5, cases[c].sens, cases[c].g);
      frame = vt_frame (&dpv_group_view, &p);
      d = vt_result (frame);
      vt_assert_close ("gΔ", d->group_shift, s, 1e-15, 0);
      vt_assert_close ("D∞ = gε", d->max_divergence, ge, 1e-14, 0);
      vt_assert_close ("e^{gε}", d->odds_bound, expl (ge), 1e-14, 0);
      vt_assert_close ("TV", d->tv, -expm1l (-ge / 2), 1e-13, 0);
      vt_assert_close ("KL", d->kl, ge + expm1l (-ge), 1e-12, 0);
      g_assert_cmpfloat (d->delta_at_group_epsilon, ==, 0.0);
      g_assert_cmpfloat (d->chain_delta, ==, 0.0);
      for (gsize i = 0; i < DPV_GROUP_DELTA_CURVE; i += 23)
        {
          long double e = d->eps_prime[i];
          long double closed = e < ge ? -expm1l ((e - ge) / 2) : 0.0L;

          vt_assert_close ("δ_g closed form", d->delta_curve[i], closed, 1e-12, 1e-300);
          if (ge <= 10)
            vt_assert_close ("δ_g quadrature", d->delta_curve[i],
                             laplace_delta_quadrature (b, s, e), 1e-5, 1e-9);
        }
      for (gsize i = 0; i < d->n; i++)
        if (isfinite (d->loss[i]))
          g_assert_cmpfloat (fabs (d->loss[i]), <=, ge * (1 + 1e-12));
      for (gsize i = 0; i < d->n; i += 41)
        vt_assert_close ("q_g", d->qg[i], expl (-fabsl (d->xs[i] - s) / b) / (2 * b), 1e-12,
                         1e-300);
      for (gsize i = 0; i < 50; i++)
        {
          vt_assert_close ("bound against g", d->curve_bound[i], (i + 1) * cases[c].eps, 1e-15,
                           0);
          vt_assert_close ("D∞ against g", d->curve_max_div[i], (i + 1) * cases[c].eps, 1e-14,
                           0);
          g_assert_cmpfloat (d->curve_eps_at_delta[i], <=, d->curve_bound[i] * (1 + 1e-12));
        }
    }
}

/* The example: a group of 10 under ε = 0.5 is a 5-DP pair (δ_g(5) = 0), and no better
 * (δ_g(4.9) > 10⁻³, by quadrature). */
static void
test_ten_at_half (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  const DpvGroup *d;

  group_params (&p, DP_MECHANISM_LAPLACE, 0.5, 1e-5, 1.0, 10);
  frame = vt_frame (&dpv_group_view, &p);
  d = vt_result (frame);
  vt_assert_close ("D∞", d->max_divergence, 5.0, 1e-15, 0);
  g_assert_cmpfloat ((double) laplace_delta_quadrature (2.0L, 10.0L, 5.0L), <, 1e-12);
  g_assert_cmpfloat ((double) laplace_delta_quadrature (2.0L, 10.0L, 4.9L), >, 1e-3);
}

/* Gaussian: σ unchanged, μ_g = gΔ/σ; δ_g by Balle & Wang; ε at δ solves it; the chain bound
 * summed term by term lies above the exact δ_g(gε); for g > 1 the ε at δ exceeds gε (the
 * explanation says so) over a grid of ε and δ. */
static void
test_gaussian (void)
{
  static const double epss[] = { 0.01, 0.1, 1.0, 10.0 };
  static const double deltas[] = { 1e-12, 1e-5, 0.1, 0.5 };

  for (gsize a = 0; a < G_N_ELEMENTS (epss); a++)
    for (gsize b = 0; b < G_N_ELEMENTS (deltas); b++)
      {
        DpvParams p;
        g_autoptr(DpvFrame) frame = NULL;
        const DpvGroup *d;
        const DpMechanism *m;
        long double mu, sigma;

        group_params (&p, DP_MECHANISM_GAUSSIAN, epss[a], deltas[b], 1.0, 7);
        frame = vt_frame (&dpv_group_view, &p);
        d = vt_result (frame);
        m = dpv_frame_get_mechanism (frame);
        sigma = m->scale;
        mu = 7 / sigma;
        g_assert_true (isinf (d->max_divergence));
        vt_assert_close ("KL = (gΔ/σ)²/2", d->kl, mu * mu / 2, 1e-12, 0);
        vt_assert_close ("TV", d->tv, 2 * phi (mu / 2) - 1, 1e-12, 0);
        vt_assert_close ("δ_g(gε)", d->delta_at_group_epsilon,
                         gaussian_delta (7 * epss[a], mu), 1e-9, 1e-300);
        if (d->epsilon_at_delta > 0)
          vt_assert_close ("ε at δ", gaussian_delta (d->epsilon_at_delta, mu), deltas[b], 1e-6,
                           0);
        for (gsize i = 0; i < DPV_GROUP_DELTA_CURVE; i += 31)
          vt_assert_close ("δ_g(ε′)", d->delta_curve[i], gaussian_delta (d->eps_prime[i], mu),
                           1e-9, 1e-300);
        for (gsize i = 0; i < 50; i++)
          {
            unsigned long g = i + 1;
            long double chain = 0;

            for (unsigned long j = 0; j < g; j++)
              chain += deltas[b] * expl (j * (long double) epss[a]);
            vt_assert_close ("chain bound", d->curve_chain[i], MIN (chain, 1.0L), 1e-12, 0);
            g_assert_cmpfloat (d->curve_delta[i], <=, d->curve_chain[i] * (1 + 1e-9));
            vt_assert_close ("δ_g(gε) against g", d->curve_delta[i],
                             gaussian_delta (g * epss[a], g / sigma), 1e-8, 1e-300);
            if (g > 1)
              g_assert_cmpfloat (d->curve_eps_at_delta[i], >, d->curve_bound[i]);
            else
              vt_assert_close ("g = 1: ε at δ is ε", d->curve_eps_at_delta[i], epss[a], 1e-6,
                               0);
          }
      }
}

/* A number as dpv_format_number () writes it: "1.046", "1.0460×10⁻¹¹". */
static double
read_number (const char *text)
{
  static const char *const sup[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  char *end;
  double mant = g_ascii_strtod (text, &end);
  const char *e;
  int sign = 1, ex = 0;

  g_assert_true (end != text);
  if (!g_str_has_prefix (end, "×10"))
    return mant;
  e = end + strlen ("×10");
  if (g_str_has_prefix (e, "⁻"))
    {
      sign = -1;
      e += strlen ("⁻");
    }
  for (gboolean more = TRUE; more;)
    {
      more = FALSE;
      for (int d = 0; d < 10; d++)
        if (g_str_has_prefix (e, sup[d]))
          {
            ex = 10 * ex + d;
            e += strlen (sup[d]);
            more = TRUE;
            break;
          }
    }
  return mant * pow (10.0, sign * ex);
}

/* The Gaussian caption names the exact δ_g(gε) and the chain's bound: where they agree to
 * four digits (ε = 0.01, δ = 10⁻¹², Δ = 10, g = 10: 1.04599·10⁻¹¹ and 1.04646·10⁻¹¹) it prints
 * the digits that tell them apart, each the value of the formula written here. */
static void
test_caption_digits (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  g_autofree char *caption = NULL;
  const DpvGroup *d;
  const char *at, *allows;
  long double chain = 0, mu;
  double exact, bound;

  group_params (&p, DP_MECHANISM_GAUSSIAN, 0.01, 1e-12, 10.0, 10);
  frame = vt_frame (&dpv_group_view, &p);
  d = vt_result (frame);
  mu = 100 / dpv_frame_get_mechanism (frame)->scale;
  for (int j = 0; j < 10; j++)
    chain += 1e-12L * expl (j * 0.01L);
  caption = dpv_frame_caption (frame);
  g_test_message ("%s", caption);
  at = strstr (caption, "its δ is ");
  allows = strstr (caption, "allows ");
  g_assert_nonnull (at);
  g_assert_nonnull (allows);
  exact = read_number (at + strlen ("its δ is "));
  bound = read_number (allows + strlen ("allows "));
  g_assert_cmpfloat (exact, <, bound);
  vt_assert_close ("exact δ_g(gε) in the caption", exact, gaussian_delta (0.1, mu), 1e-4, 0);
  vt_assert_close ("chain bound in the caption", bound, chain, 1e-4, 0);
  g_assert_cmpfloat (d->delta_at_group_epsilon, <, d->chain_delta);
}

/* Randomized response: the two binomials of the number of "yes" among the g reports, the loss
 * (g − 2j)ε, δ_g(ε′) summed over j, D∞ = gε and the smallest ε′ with δ_g(ε′) ≤ δ. */
static void
test_rr (void)
{
  static const struct { double eps; unsigned long g; } cases[] = {
    { 0.5, 10 }, { 2.0, 3 }, { 0.05, 50 }, { 1.0, 1 },
  };

  for (gsize c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      DpvParams p;
      g_autoptr(DpvFrame) frame = NULL;
      const DpvGroup *d;
      unsigned long g = cases[c].g;
      long double keep = 1.0L / (1.0L + expl (-cases[c].eps)), sum = 0;
      long double P[DPV_GROUP_RR_MAX], Q[DPV_GROUP_RR_MAX];

      group_params (&p, DP_MECHANISM_RR, cases[c].eps, 1e-5, 1.0, g);
      frame = vt_frame (&dpv_group_view, &p);
      d = vt_result (frame);
      for (unsigned long j = 0; j <= g; j++)
        {
          P[j] = vt_binom_pmf (g, j, 1 - keep);
          Q[j] = vt_binom_pmf (g, j, keep);
          vt_assert_close ("Pr[j | all no]", d->rr_p[j], P[j], 1e-11, 1e-300);
          vt_assert_close ("Pr[j | all yes]", d->rr_q[j], Q[j], 1e-11, 1e-300);
          vt_assert_close ("loss", d->rr_loss[j], logl (P[j] / Q[j]), 1e-10, 1.0);
          vt_assert_close ("loss (g − 2j)ε", d->rr_loss[j],
                           ((double) g - 2.0 * j) * cases[c].eps, 1e-12, 1.0);
          sum += d->rr_p[j];
        }
      vt_assert_close ("Σ Pr", sum, 1.0, 1e-12, 0);
      vt_assert_close ("D∞", d->max_divergence, g * cases[c].eps, 1e-14, 0);
      for (gsize i = 0; i < DPV_GROUP_DELTA_CURVE; i += 17)
        {
          long double want = 0;

          for (unsigned long j = 0; j <= g; j++)
            want += MAX (0.0L, P[j] - expl (d->eps_prime[i]) * Q[j]);
          vt_assert_close ("δ_g(ε′)", d->delta_curve[i], want, 1e-6, 1e-12);
        }
      /* the smallest ε′ with δ_g(ε′) ≤ δ */
      {
        long double at = 0, below = 0;

        for (unsigned long j = 0; j <= g; j++)
          {
            at += MAX (0.0L, P[j] - expl (d->epsilon_at_delta) * Q[j]);
            below += MAX (0.0L, P[j] - expl (d->epsilon_at_delta * (1 - 1e-4) - 1e-9) * Q[j]);
          }
        g_assert_cmpfloat ((double) at, <=, 1e-5 * (1 + 1e-6));
        if (d->epsilon_at_delta > 0)
          g_assert_cmpfloat ((double) below, >, 1e-5);
      }
    }
}

/* The columns where the tips of the drawn densities of colour @c lie: clusters of that colour
 * on the rows at most 3 pixels under its highest pixel. */
static gsize
peaks (cairo_surface_t *img, const DpvColor *c, int x1, int y1, double *out, gsize max)
{
  int top = -1;
  gsize n = 0;
  int run_lo = -1, last = -10;

  for (int y = 0; y < y1 && top < 0; y++)
    if (vt_count_colour (img, 0, y, x1, y + 1, c, 0.04) > 0)
      top = y;
  if (top < 0)
    return 0;
  for (int x = 0; x <= x1; x++)
    {
      gboolean hit = x < x1 && vt_count_colour (img, x, top, x + 1, top + 4, c, 0.04) > 0;

      if (hit && x - last > 8)
        run_lo = x;
      if (!hit && last == x - 1 && n < max)
        out[n++] = 0.5 * (run_lo + last);
      if (hit)
        last = x;
    }
  return n;
}

/* Laplace, g = 5, Δ = 1, ε = 1: the tips of p (blue) at 0, of q₁ and q_g (vermillion) at Δ
 * and 5Δ: the distance from p's tip to q_g's is five times that to q₁'s. */
static void
test_peaks (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  cairo_surface_t *img;
  DpvStyle style;
  double blue[4], red[4];
  gsize nb, nr;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  group_params (&p, DP_MECHANISM_LAPLACE, 1.0, 1e-5, 1.0, 5);
  frame = vt_frame (&dpv_group_view, &p);
  /* without the legend, whose line samples lie as high as the tips */
  style.plot_options.hide_legends = TRUE;
  img = vt_render_style (frame, &style, 1600, 1000);
  /* the pair's panel: the left half, the top 56 % × 60 % */
  nb = peaks (img, &style.roles[DPV_ROLE_D], 800, 330, blue, 4);
  nr = peaks (img, &style.roles[DPV_ROLE_D_PRIME], 800, 330, red, 4);
  cairo_surface_destroy (img);
  g_test_message ("tips: blue %zu at %.1f; vermillion %zu at %.1f, %.1f", nb, blue[0], nr,
                  red[0], nr > 1 ? red[1] : NAN);
  g_assert_cmpuint (nb, ==, 1);
  g_assert_cmpuint (nr, ==, 2);
  g_assert_cmpfloat (fabs ((red[1] - blue[0]) / (red[0] - blue[0]) - 5.0), <=, 0.2);
}

/* In a window-sized figure (690 × 580, the app's plot area) the legend goes under the pair's
 * panel: with it drawn, the tips of p and of q₁ and q_g are still the topmost coloured pixels
 * of that panel, q_g's five times as far from p's as q₁'s. */
static void
test_legend_off_peaks (void)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  cairo_surface_t *img;
  DpvStyle style;
  double blue[4], red[4];
  gsize nb, nr;

  dpv_style_init (&style, DPV_THEME_LIGHT);
  group_params (&p, DP_MECHANISM_LAPLACE, 1.0, 1e-5, 1.0, 5);
  frame = vt_frame (&dpv_group_view, &p);
  img = vt_render (frame, DPV_THEME_LIGHT, 690, 580, NULL);
  /* the pair's panel: the left half, the top 56 % × 60 % */
  nb = peaks (img, &style.roles[DPV_ROLE_D], 345, 190, blue, 4);
  nr = peaks (img, &style.roles[DPV_ROLE_D_PRIME], 345, 190, red, 4);
  cairo_surface_destroy (img);
  g_test_message ("tips: blue %zu at %.1f; vermillion %zu at %.1f, %.1f", nb, blue[0], nr,
                  red[0], nr > 1 ? red[1] : NAN);
  g_assert_cmpuint (nb, ==, 1);
  g_assert_cmpuint (nr, ==, 2);
  g_assert_cmpfloat (fabs ((red[1] - blue[0]) / (red[0] - blue[0]) - 5.0), <=, 0.3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/view-group/laplace", test_laplace);
  g_test_add_func ("/view-group/ten-at-half", test_ten_at_half);
  g_test_add_func ("/view-group/gaussian", test_gaussian);
  g_test_add_func ("/view-group/rr", test_rr);
  g_test_add_func ("/view-group/caption-digits", test_caption_digits);
  g_test_add_func ("/view-group/legend-off-peaks", test_legend_off_peaks);
  g_test_add_func ("/view-group/peaks", test_peaks);
  return g_test_run ();
}
