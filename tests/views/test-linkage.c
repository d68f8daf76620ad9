/* test-linkage.c — the book's linkage attack (§3.1, Tables 3.1–3.3) and its DP alternative
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values are read off the book's tables and text: Rebecca is the only 56-year-old in
 * Table 3.1; two rows of Table 3.2 (HIV, ulcerative colitis) and three of Table 3.3 (HIV,
 * lupus, hip fracture) are 50–60-year-old women; only HIV is in both. The posterior of the DP
 * count is Bayes' rule with the Laplace densities written out here.
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "dpv-linkage-data.h"

static const DpvLinkageTable *
table (DpvLinkageTableId id)
{
  const DpvLinkageTable *t = dpv_linkage_table (id);

  g_assert_nonnull (t);
  return t;
}

/* The tables are the book's: sizes, and every row of Table 3.2 generalises the same row of
 * Table 3.1 (age inside the band, same sex, ZIP code prefix, same diagnosis). */
static void
test_tables (void)
{
  const DpvLinkageTable *t1 = table (DPV_LINKAGE_TABLE_3_1), *t2 = table (DPV_LINKAGE_TABLE_3_2);
  const DpvLinkageTable *t3 = table (DPV_LINKAGE_TABLE_3_3);
  const char *const names[] = { "Richard", "Susan", "Matthew", "Alice", "Thomas", "Rebecca",
                                "Tony", "Mohammed", "Lisa" };
  const int ages[] = { 64, 61, 67, 63, 69, 56, 52, 59, 55 };

  g_assert_cmpuint (t1->n_rows, ==, 9);
  g_assert_cmpuint (t2->n_rows, ==, 9);
  g_assert_cmpuint (t3->n_rows, ==, 6);
  g_assert_false (t1->generalised);
  g_assert_true (t2->generalised && t3->generalised);
  g_assert_true (t1->has_smoker && t2->has_smoker);
  g_assert_false (t3->has_smoker);
  for (guint i = 0; i < 9; i++)
    {
      const DpvLinkageRow *r = &t1->rows[i], *g = &t2->rows[i];
      g_autofree char *age = dpv_linkage_row_age (r);
      g_autofree char *band = dpv_linkage_row_age (g);
      g_autofree char *want_band = g_strdup_printf ("%d–%d", ages[i] / 10 * 10,
                                                    ages[i] / 10 * 10 + 10);

      g_assert_cmpstr (dpv_linkage_row_name (r), ==, names[i]);
      g_assert_cmpstr (dpv_linkage_row_name (g), ==, "*");
      g_assert_cmpint (atoi (age), ==, ages[i]);
      g_assert_cmpstr (band, ==, want_band);
      g_assert_cmpint (r->sex, ==, g->sex);
      g_assert_cmpint (r->diagnosis, ==, g->diagnosis);
      g_assert_cmpint (r->smoker, ==, g->smoker);
      g_assert_cmpint (strncmp (r->zip, g->zip, 3), ==, 0);
      g_assert_cmpstr (g->zip, ==, "191**");
      g_assert_true (ages[i] >= g->age_low && ages[i] < g->age_high);
    }
  for (guint i = 0; i < t3->n_rows; i++)
    g_assert_cmpint (t3->rows[i].smoker, ==, -1);
  g_assert_cmpstr (dpv_linkage_diagnosis_label (t1->rows[5].diagnosis), ==, "HIV");
  g_assert_cmpstr (dpv_linkage_sex_label (t1->rows[5].sex), ==, "Female");
  g_assert_cmpstr (dpv_linkage_smoker_label (1), ==, "Y");
  g_assert_cmpstr (dpv_linkage_smoker_label (-1), ==, "");
  g_assert_cmpstr (dpv_linkage_column_title (DPV_LINKAGE_COLUMN_ZIP), ==, "ZIP code");
  g_assert_nonnull (strstr (dpv_linkage_table_caption (t3), "3.3"));
}

static guint
popcount (guint32 x)
{
  guint n = 0;

  for (; x; x &= x - 1)
    n++;
  return n;
}

static void
test_rebecca (void)
{
  DpvLinkageKnowledge k = dpv_linkage_rebecca ();
  gboolean m[9];
  guint32 d1, d2, d3, common;

  g_assert_cmpint (k.age, ==, 56);
  g_assert_cmpint (k.sex, ==, DPV_SEX_FEMALE);
  /* Table 3.1: one row, Rebecca's; her diagnosis is read off directly */
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_1), &k, m, &d1), ==, 1);
  g_assert_true (m[5]);
  g_assert_cmphex (d1, ==, 1u << DPV_DIAGNOSIS_HIV);
  /* Table 3.2: the two 50–60 women, rows 6 and 9 */
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_2), &k, m, &d2), ==, 2);
  for (guint i = 0; i < 9; i++)
    g_assert_cmpint (m[i], ==, i == 5 || i == 8);
  g_assert_cmphex (d2, ==, (1u << DPV_DIAGNOSIS_HIV) | (1u << DPV_DIAGNOSIS_ULCERATIVE_COLITIS));
  /* Table 3.3: rows 1–3 */
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_3), &k, m, &d3), ==, 3);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (m[i], ==, i < 3);
  g_assert_cmpuint (popcount (d3), ==, 3);
  /* both tables: only HIV */
  common = dpv_linkage_common_diagnoses (table (DPV_LINKAGE_TABLE_3_2),
                                         table (DPV_LINKAGE_TABLE_3_3), &k);
  g_assert_cmphex (common, ==, 1u << DPV_DIAGNOSIS_HIV);
  g_assert_cmphex (common, ==, d2 & d3);

  /* knowing her ZIP code changes nothing in the generalised tables */
  k.zip = "19103";
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_2), &k, NULL, NULL), ==, 2);
  k.zip = "20103";
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_2), &k, NULL, NULL), ==, 0);
  /* knowing nothing: every row */
  k = (DpvLinkageKnowledge) { .age = -1, .sex = -1, .zip = NULL };
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_3), &k, NULL, NULL), ==, 6);
  /* the band is [50, 60): a 60-year-old woman falls in the 60–70 rows */
  k = (DpvLinkageKnowledge) { .age = 60, .sex = DPV_SEX_FEMALE, .zip = NULL };
  g_assert_cmpuint (dpv_linkage_match (table (DPV_LINKAGE_TABLE_3_2), &k, m, NULL), ==, 2);
  g_assert_true (m[1] && m[3]);
}

static void
test_k_anonymity (void)
{
  /* Table 3.1: unique rows; Table 3.2: groups of 3, 2, 2, 2; Table 3.3: 3 and 3 */
  g_assert_cmpuint (dpv_linkage_k_anonymity (table (DPV_LINKAGE_TABLE_3_1)), ==, 1);
  g_assert_cmpuint (dpv_linkage_k_anonymity (table (DPV_LINKAGE_TABLE_3_2)), ==, 2);
  g_assert_cmpuint (dpv_linkage_k_anonymity (table (DPV_LINKAGE_TABLE_3_3)), ==, 3);
}

static void
test_dp_count (void)
{
  DpvLinkageKnowledge k = dpv_linkage_rebecca ();
  DpvLinkageDpCount c;
  const double eps[] = { 0.1, 0.5, 1.0, 2.0 };
  const double priors[] = { 0.05, 0.5, 0.9 };

  for (guint e = 0; e < G_N_ELEMENTS (eps); e++)
    for (guint p = 0; p < G_N_ELEMENTS (priors); p++)
      {
        double odds = priors[p] / (1 - priors[p]);

        g_assert_true (dpv_linkage_dp_count (table (DPV_LINKAGE_TABLE_3_3), &k,
                                             DPV_DIAGNOSIS_HIV, eps[e], priors[p], &c));
        /* one 50–60 woman with HIV in hospital B: 1 if it is Rebecca, 0 if her record says
         * something else */
        g_assert_cmpfloat (c.count_if_true, ==, 1);
        g_assert_cmpfloat (c.count_if_false, ==, 0);
        g_assert_cmpfloat (fabs (c.laplace_scale - 1 / eps[e]), <, 1e-15);
        g_assert_cmpfloat (fabs (c.posterior_high - odds * exp (eps[e]) / (1 + odds * exp (eps[e]))),
                           <, 1e-14);
        g_assert_cmpfloat (fabs (c.posterior_low - odds * exp (-eps[e]) / (1 + odds * exp (-eps[e]))),
                           <, 1e-14);
        for (double z = -4; z <= 5; z += 0.5)
          {
            double h1 = exp (-eps[e] * fabs (z - 1)), h0 = exp (-eps[e] * fabs (z));
            double want = priors[p] * h1 / (priors[p] * h1 + (1 - priors[p]) * h0);
            double got = dpv_linkage_dp_posterior (&c, z);

            g_assert_cmpfloat (fabs (got - want), <, 1e-13);
            g_assert_cmpfloat (got, <=, c.posterior_high * (1 + 1e-14));
            g_assert_cmpfloat (got, >=, c.posterior_low * (1 - 1e-14));
            g_assert_cmpfloat (got, <=, exp (eps[e]) * priors[p] * (1 + 1e-14));
          }
        g_assert_cmpfloat (fabs (dpv_linkage_dp_posterior (&c, INFINITY) - c.posterior_high),
                           <, 1e-15);
        g_assert_cmpfloat (fabs (dpv_linkage_dp_posterior (&c, -INFINITY) - c.posterior_low),
                           <, 1e-15);
      }
  /* no 50–60 woman with lung cancer: no count to protect her with */
  g_assert_false (dpv_linkage_dp_count (table (DPV_LINKAGE_TABLE_3_3), &k,
                                        DPV_DIAGNOSIS_LUNG_CANCER, 1.0, 0.5, &c));
  g_assert_false (dpv_linkage_dp_count (table (DPV_LINKAGE_TABLE_3_3), &k, DPV_DIAGNOSIS_HIV,
                                        0.0, 0.5, &c));
  g_assert_false (dpv_linkage_dp_count (table (DPV_LINKAGE_TABLE_3_3), &k, DPV_DIAGNOSIS_HIV,
                                        1.0, 1.0, &c));
}

/* In Chinese from the build tree's catalogue (DPVIZ_LOCALEDIR, set by meson): the names,
 * labels and captions go through their message contexts. */
static void
test_chinese (void)
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");
  const DpvLinkageTable *t1 = table (DPV_LINKAGE_TABLE_3_1);

  g_assert_nonnull (localedir);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  setlocale (LC_ALL, "");
  g_assert_cmpstr (dpv_linkage_row_name (&t1->rows[5]), ==, "丽贝卡");
  g_assert_cmpstr (dpv_linkage_diagnosis_label (DPV_DIAGNOSIS_ULCERATIVE_COLITIS), ==,
                   "溃疡性结肠炎");
  g_assert_cmpstr (dpv_linkage_sex_label (DPV_SEX_FEMALE), ==, "女");
  g_assert_cmpstr (dpv_linkage_smoker_label (0), ==, "否");
  g_assert_cmpstr (dpv_linkage_column_title (DPV_LINKAGE_COLUMN_ZIP), ==, "邮编");
  g_assert_cmpstr (dpv_linkage_table_caption (table (DPV_LINKAGE_TABLE_3_3)), ==,
                   "表 3.3：医院乙的病人数据表，模糊了姓名、年龄和邮编。");
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
  g_assert_cmpstr (dpv_linkage_row_name (&t1->rows[5]), ==, "Rebecca");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/linkage/chinese", test_chinese);
  g_test_add_func ("/linkage/tables", test_tables);
  g_test_add_func ("/linkage/rebecca", test_rebecca);
  g_test_add_func ("/linkage/k-anonymity", test_k_anonymity);
  g_test_add_func ("/linkage/dp-count", test_dp_count);
  return g_test_run ();
}
