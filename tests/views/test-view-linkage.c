/* test-view-linkage.c — the "Why not anonymise?" view's numbers and what its figure shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values derived here: the rows consistent with each knowledge by reading the bands
 * off the tables (age in [low, high), same sex), the diagnoses left in both tables, the book's
 * Rebecca example (2 rows of Table 3.2, 3 of Table 3.3, HIV in both); the posterior after a
 * released count by Bayes' rule with the Laplace densities written out, its bounds
 * p e^{±ε}/(p e^{±ε} + 1 − p); the released count is Lap(f(D), 1/ε) over seeds (Kolmogorov–
 * Smirnov). The figure: as many rows highlighted in each table as fit, and the revealed
 * diagnosis in D′'s colour only when there is one.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dpv-figure.h"
#include "dpv-linkage.h"
#include "dpv-registry.h"
#include "view-test-figure.h"

static DpvLinkage *
compute (guint age, DpvSex sex, double eps, double prior, guint64 seed)
{
  g_autoptr(GError) error = NULL;
  DpvParams p;
  DpvLinkage *l;

  dpv_params_init (&p);
  p.target_age = age;
  p.target_sex = sex;
  p.epsilon = eps;
  p.prior = prior;
  p.seed = seed;
  l = dpv_linkage_view.compute (&p, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (l);
  return l;
}

static guint
popcount (guint32 v)
{
  guint n = 0;

  for (; v != 0; v &= v - 1)
    n++;
  return n;
}

/* The book's example. */
static void
test_rebecca (void)
{
  DpvLinkage *l = compute (56, DPV_SEX_FEMALE, 1.0, 0.5, 1);

  g_assert_true (l->is_rebecca);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_1].n_matches, ==, 1);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_2].n_matches, ==, 2);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_3].n_matches, ==, 3);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_2].k, ==, 2);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_3].k, ==, 3);
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_2].diagnoses, ==,
                    (1u << DPV_DIAGNOSIS_HIV) | (1u << DPV_DIAGNOSIS_ULCERATIVE_COLITIS));
  g_assert_cmpuint (l->read[DPV_LINKAGE_TABLE_3_3].diagnoses, ==,
                    (1u << DPV_DIAGNOSIS_HIV) | (1u << DPV_DIAGNOSIS_LUPUS)
                    | (1u << DPV_DIAGNOSIS_HIP_FRACTURE));
  g_assert_cmpuint (l->common, ==, 1u << DPV_DIAGNOSIS_HIV);
  g_assert_true (l->revealed);
  g_assert_cmpint (l->asked, ==, DPV_DIAGNOSIS_HIV);
  g_assert_cmpint (l->band_low, ==, 50);
  g_assert_cmpfloat (l->count.count_if_true, ==, 1);
  g_assert_cmpfloat (l->count.count_if_false, ==, 0);
  g_free (l);
}

/* Every knowledge the parameters allow: the attack read off the tables here. */
static void
test_every_knowledge (void)
{
  for (guint age = 0; age <= 100; age++)
    for (int sex = 0; sex < 2; sex++)
      {
        DpvLinkage *l = compute (age, sex, 1.0, 0.5, 1);
        guint32 sets[DPV_LINKAGE_N_TABLES] = { 0 };
        guint32 common;
        guint in_b = 0;
        int asked = -1;

        for (int t = 0; t < DPV_LINKAGE_N_TABLES; t++)
          {
            const DpvLinkageTable *table = dpv_linkage_table (t);
            guint n = 0;

            for (guint i = 0; i < table->n_rows; i++)
              {
                const DpvLinkageRow *row = &table->rows[i];
                gboolean fits = (int) age >= row->age_low && (int) age < row->age_high
                                && (int) row->sex == sex;

                g_assert_cmpint (l->read[t].matches[i], ==, fits);
                n += fits;
                if (fits)
                  sets[t] |= 1u << row->diagnosis;
              }
            g_assert_cmpuint (l->read[t].n_matches, ==, n);
            g_assert_cmpuint (l->read[t].diagnoses, ==, sets[t]);
          }
        common = sets[DPV_LINKAGE_TABLE_3_2] & sets[DPV_LINKAGE_TABLE_3_3];
        g_assert_cmpuint (l->common, ==, common);
        g_assert_cmpint (l->revealed, ==, popcount (common) == 1);
        /* the count asks about the diagnosis left in both, else one of B's, else HIV */
        for (int d = 0; d < DPV_N_DIAGNOSES && asked < 0; d++)
          if (common & (1u << d))
            asked = d;
        for (int d = 0; d < DPV_N_DIAGNOSES && asked < 0; d++)
          if (sets[DPV_LINKAGE_TABLE_3_3] & (1u << d))
            asked = d;
        if (asked < 0)
          asked = DPV_DIAGNOSIS_HIV;
        g_assert_cmpint (l->asked, ==, asked);
        for (guint i = 0; i < dpv_linkage_table (DPV_LINKAGE_TABLE_3_3)->n_rows; i++)
          in_b += l->read[DPV_LINKAGE_TABLE_3_3].matches[i]
                  && dpv_linkage_table (DPV_LINKAGE_TABLE_3_3)->rows[i].diagnosis
                     == (DpvDiagnosis) asked;
        g_assert_cmpfloat (l->count.count_if_true, ==, MAX (in_b, 1));
        g_assert_cmpfloat (l->count.count_if_true - l->count.count_if_false, ==, 1);
        g_assert_cmpint (l->band_low, ==, (int) age / 10 * 10);
        g_free (l);
      }
}

/* The posterior against z is Bayes' rule, inside the bounds ε-DP allows, and reaches them
 * beyond both counts. */
static void
test_posterior (void)
{
  static const double epsilons[] = { 0.01, 0.3, 1.0, 3.0, 10.0 };
  static const double priors[] = { 0.01, 0.2, 0.5, 0.9, 0.99 };

  for (gsize e = 0; e < G_N_ELEMENTS (epsilons); e++)
    for (gsize q = 0; q < G_N_ELEMENTS (priors); q++)
      {
        double eps = epsilons[e], p = priors[q];
        DpvLinkage *l = compute (56, DPV_SEX_FEMALE, eps, p, 7);
        double lo = p * exp (-eps) / (p * exp (-eps) + 1 - p);
        double hi = p * exp (eps) / (p * exp (eps) + 1 - p);

        g_assert_cmpfloat (fabs (l->count.posterior_low - lo), <, 1e-12);
        g_assert_cmpfloat (fabs (l->count.posterior_high - hi), <, 1e-12);
        g_assert_cmpfloat (fabs (l->count.laplace_scale - 1 / eps), <, 1e-12 / eps);
        for (gsize i = 0; i < l->nz; i++)
          {
            double z = l->zs[i];
            /* in log space: at ε = 10 far out the densities underflow */
            double a = log (p) - eps * fabs (z - l->count.count_if_true);
            double b = log (1 - p) - eps * fabs (z - l->count.count_if_false);
            double want = 1 / (1 + exp (b - a));

            g_assert_cmpfloat (fabs (l->posterior[i] - want), <, 1e-9);
            g_assert_cmpfloat (l->posterior[i], >=, lo - 1e-12);
            g_assert_cmpfloat (l->posterior[i], <=, hi + 1e-12);
            if (i > 0)
              g_assert_cmpfloat (l->posterior[i], >=, l->posterior[i - 1] - 1e-12);
            /* the densities are Laplace's */
            g_assert_cmpfloat (fabs (l->density_d[i]
                                     - eps / 2 * exp (-eps * fabs (z - l->count.count_if_true))),
                               <, 1e-12 * eps);
          }
        /* beyond both counts the ratio is e^{±ε}: the posterior is at its bounds */
        g_assert_cmpfloat (fabs (l->posterior[0] - lo), <, 1e-9);
        g_assert_cmpfloat (fabs (l->posterior[l->nz - 1] - hi), <, 1e-9);
        g_free (l);
      }
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The released count: reproducible per seed, and Lap(f(D), 1/ε) over 2000 seeds (the
 * Kolmogorov–Smirnov distance below 1.63/√N, the 1 % level); the seed's high bits count. */
static void
test_release (void)
{
  const guint n = 2000;
  const double eps = 0.7;
  g_autofree double *z = g_new (double, n);
  double d = 0;

  for (guint s = 0; s < n; s++)
    {
      DpvLinkage *l = compute (56, DPV_SEX_FEMALE, eps, 0.5, s + 1);
      DpvLinkage *again = compute (56, DPV_SEX_FEMALE, eps, 0.5, s + 1);

      g_assert_cmpfloat (l->z, ==, again->z);
      z[s] = l->z - l->count.count_if_true;
      g_free (l);
      g_free (again);
    }
  qsort (z, n, sizeof (double), cmp_double);
  for (guint i = 0; i < n; i++)
    {
      double cdf = z[i] < 0 ? 0.5 * exp (eps * z[i]) : 1 - 0.5 * exp (-eps * z[i]);

      d = MAX (d, MAX (fabs (cdf - (double) i / n), fabs (cdf - (double) (i + 1) / n)));
    }
  g_test_message ("KS distance %.4f over %u seeds (limit %.4f)", d, n, 1.63 / sqrt (n));
  g_assert_cmpfloat (d, <, 1.63 / sqrt (n));

  /* every bit of the seed counts: seeds 2³² apart give other releases */
  for (guint64 s = 1; s <= 3; s++)
    {
      DpvLinkage *low = compute (56, DPV_SEX_FEMALE, eps, 0.5, s);
      DpvLinkage *high = compute (56, DPV_SEX_FEMALE, eps, 0.5, s + (G_GUINT64_CONSTANT (1) << 32));

      g_assert_cmpfloat (low->z, !=, high->z);
      g_free (low);
      g_free (high);
    }
}

/* ---- the figure ------------------------------------------------------------------------- */

static cairo_surface_t *
render (guint age, DpvSex sex, int w, int h)
{
  DpvParams p;
  g_autoptr(DpvFrame) frame = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  DpvStyle style;

  dpv_params_init (&p);
  p.target_age = age;
  p.target_sex = sex;
  frame = dpv_frame_compute (&dpv_linkage_view, &p, NULL, NULL, NULL);
  dpv_style_init (&style, DPV_THEME_PRINT);
  dpv_figure_render (frame, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Image rows of [x0, x1) with a highlighted table row across them. */
static guint
highlighted_rows (cairo_surface_t *s, int x0, int x1, int y1, const DpvColor *accent)
{
  guint rows = 0;

  for (int y = 0; y < y1; y++)
    {
      int count = 0;

      for (int x = x0; x < x1; x++)
        count += view_test_is_blend (s, x, y, accent, 0.18, 0.02);
      rows += count >= 60;
    }
  return rows;
}

static guint
pixels (cairo_surface_t *s, int y1, const DpvColor *c)
{
  guint n = 0;

  for (int y = 0; y < y1; y++)
    for (int x = 0; x < cairo_image_surface_get_width (s); x++)
      n += view_test_is_blend (s, x, y, c, 1.0, 0.05);
  return n;
}

/* As many rows highlighted in each table as fit the knowledge (one row's height each), and
 * the diagnosis in D′'s colour only when the attack reveals it. */
static void
test_figure (void)
{
  static const struct { guint age; DpvSex sex; } cases[] = {
    { 56, DPV_SEX_FEMALE }, { 65, DPV_SEX_MALE }, { 65, DPV_SEX_FEMALE }, { 52, DPV_SEX_MALE },
  };
  DpvStyle style;

  dpv_style_init (&style, DPV_THEME_PRINT);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      DpvLinkage *l = compute (cases[i].age, cases[i].sex, 1.0, 0.5, 1);
      cairo_surface_t *s = render (cases[i].age, cases[i].sex, 1600, 1000);
      guint a = highlighted_rows (s, 0, 800, 300, &style.accent);
      guint b = highlighted_rows (s, 800, 1600, 300, &style.accent);
      guint na = l->read[DPV_LINKAGE_TABLE_3_2].n_matches;
      guint nb = l->read[DPV_LINKAGE_TABLE_3_3].n_matches;
      guint red = pixels (s, 250, &style.roles[DPV_ROLE_D_PRIME]);

      g_test_message ("%u %d: %u and %u highlighted image rows for %u and %u table rows, %u "
                      "red pixels", cases[i].age, cases[i].sex, a, b, na, nb, red);
      g_assert_cmpint (a == 0, ==, na == 0);
      g_assert_cmpint (b == 0, ==, nb == 0);
      if (na > 0 && nb > 0)
        g_assert_cmpfloat (fabs ((double) a / b - (double) na / nb), <, 0.1 * na / nb);
      if (l->revealed)
        g_assert_cmpuint (red, >, 30);
      else
        g_assert_cmpuint (red, ==, 0);
      g_free (l);
      cairo_surface_destroy (s);
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/linkage-view/rebecca", test_rebecca);
  g_test_add_func ("/linkage-view/every-knowledge", test_every_knowledge);
  g_test_add_func ("/linkage-view/posterior", test_posterior);
  g_test_add_func ("/linkage-view/release", test_release);
  g_test_add_func ("/linkage-view/figure", test_figure);
  return g_test_run ();
}
