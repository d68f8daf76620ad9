/* dpv-linkage-data.c — the book's Tables 3.1–3.3, the linkage attack and its DP alternative
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows are the lecture book's (§3.1), in its order. Table 3.1 lists hospital A's patients;
 * Table 3.2 is the same table with names suppressed, ages in ten-year bands and ZIP codes cut to
 * three digits; Table 3.3 is hospital B's table, generalised the same way. Knowing Rebecca's age
 * (56) and sex, an attacker finds one row in Table 3.1, two in Table 3.2 (HIV or ulcerative
 * colitis) and three in Table 3.3 (HIV, lupus, hip fracture): if she visited both hospitals,
 * only HIV is consistent with both.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dp-core.h"
#include "dpv-linkage-data.h"

#define F DPV_SEX_FEMALE
#define M DPV_SEX_MALE

/* Table 3.1: hospital A's patients. */
static const DpvLinkageRow table_3_1[] = {
  { NC_("person name", "Richard"), 64, 65, M, "19146", 1, DPV_DIAGNOSIS_HEART_DISEASE },
  { NC_("person name", "Susan"), 61, 62, F, "19118", 0, DPV_DIAGNOSIS_ARTHRITIS },
  { NC_("person name", "Matthew"), 67, 68, M, "19104", 1, DPV_DIAGNOSIS_LUNG_CANCER },
  { NC_("person name", "Alice"), 63, 64, F, "19146", 0, DPV_DIAGNOSIS_CROHNS_DISEASE },
  { NC_("person name", "Thomas"), 69, 70, M, "19115", 1, DPV_DIAGNOSIS_LUNG_CANCER },
  { NC_("person name", "Rebecca"), 56, 57, F, "19103", 0, DPV_DIAGNOSIS_HIV },
  { NC_("person name", "Tony"), 52, 53, M, "19146", 1, DPV_DIAGNOSIS_LYME_DISEASE },
  { NC_("person name", "Mohammed"), 59, 60, M, "19130", 1, DPV_DIAGNOSIS_SEASONAL_ALLERGIES },
  { NC_("person name", "Lisa"), 55, 56, F, "19146", 0, DPV_DIAGNOSIS_ULCERATIVE_COLITIS },
};

/* Table 3.2: Table 3.1 with names suppressed, ages banded and ZIP codes truncated. */
static const DpvLinkageRow table_3_2[] = {
  { NULL, 60, 70, M, "191**", 1, DPV_DIAGNOSIS_HEART_DISEASE },
  { NULL, 60, 70, F, "191**", 0, DPV_DIAGNOSIS_ARTHRITIS },
  { NULL, 60, 70, M, "191**", 1, DPV_DIAGNOSIS_LUNG_CANCER },
  { NULL, 60, 70, F, "191**", 0, DPV_DIAGNOSIS_CROHNS_DISEASE },
  { NULL, 60, 70, M, "191**", 1, DPV_DIAGNOSIS_LUNG_CANCER },
  { NULL, 50, 60, F, "191**", 0, DPV_DIAGNOSIS_HIV },
  { NULL, 50, 60, M, "191**", 1, DPV_DIAGNOSIS_LYME_DISEASE },
  { NULL, 50, 60, M, "191**", 1, DPV_DIAGNOSIS_SEASONAL_ALLERGIES },
  { NULL, 50, 60, F, "191**", 0, DPV_DIAGNOSIS_ULCERATIVE_COLITIS },
};

/* Table 3.3: hospital B's patients, generalised the same way (no smoker column). */
static const DpvLinkageRow table_3_3[] = {
  { NULL, 50, 60, F, "191**", -1, DPV_DIAGNOSIS_HIV },
  { NULL, 50, 60, F, "191**", -1, DPV_DIAGNOSIS_LUPUS },
  { NULL, 50, 60, F, "191**", -1, DPV_DIAGNOSIS_HIP_FRACTURE },
  { NULL, 60, 70, M, "191**", -1, DPV_DIAGNOSIS_PANCREATIC_CANCER },
  { NULL, 60, 70, M, "191**", -1, DPV_DIAGNOSIS_ULCERATIVE_COLITIS },
  { NULL, 60, 70, M, "191**", -1, DPV_DIAGNOSIS_FLU_LIKE_SYMPTOMS },
};

#undef F
#undef M

static const DpvLinkageTable tables[DPV_LINKAGE_N_TABLES] = {
  { DPV_LINKAGE_TABLE_3_1, "3.1", N_("Table 3.1: hospital A’s patients."), FALSE, TRUE,
    G_N_ELEMENTS (table_3_1), table_3_1 },
  { DPV_LINKAGE_TABLE_3_2, "3.2",
    N_("Table 3.2: hospital A’s patients, with name, age and ZIP code blurred."), TRUE, TRUE,
    G_N_ELEMENTS (table_3_2), table_3_2 },
  { DPV_LINKAGE_TABLE_3_3, "3.3",
    N_("Table 3.3: hospital B’s patients, with name, age and ZIP code blurred."), TRUE, FALSE,
    G_N_ELEMENTS (table_3_3), table_3_3 },
};

static const char *const diagnosis_labels[DPV_N_DIAGNOSES] = {
  [DPV_DIAGNOSIS_HEART_DISEASE] = NC_("diagnosis", "Heart disease"),
  [DPV_DIAGNOSIS_ARTHRITIS] = NC_("diagnosis", "Arthritis"),
  [DPV_DIAGNOSIS_LUNG_CANCER] = NC_("diagnosis", "Lung cancer"),
  [DPV_DIAGNOSIS_CROHNS_DISEASE] = NC_("diagnosis", "Crohn’s disease"),
  [DPV_DIAGNOSIS_HIV] = NC_("diagnosis", "HIV"),
  [DPV_DIAGNOSIS_LYME_DISEASE] = NC_("diagnosis", "Lyme disease"),
  [DPV_DIAGNOSIS_SEASONAL_ALLERGIES] = NC_("diagnosis", "Seasonal allergies"),
  [DPV_DIAGNOSIS_ULCERATIVE_COLITIS] = NC_("diagnosis", "Ulcerative colitis"),
  [DPV_DIAGNOSIS_LUPUS] = NC_("diagnosis", "Lupus"),
  [DPV_DIAGNOSIS_HIP_FRACTURE] = NC_("diagnosis", "Hip fracture"),
  [DPV_DIAGNOSIS_PANCREATIC_CANCER] = NC_("diagnosis", "Pancreatic cancer"),
  [DPV_DIAGNOSIS_FLU_LIKE_SYMPTOMS] = NC_("diagnosis", "Flu-like symptoms"),
};

static const char *const column_titles[DPV_LINKAGE_N_COLUMNS] = {
  [DPV_LINKAGE_COLUMN_NAME] = NC_("patient table", "Name"),
  [DPV_LINKAGE_COLUMN_AGE] = NC_("patient table", "Age"),
  [DPV_LINKAGE_COLUMN_GENDER] = NC_("patient table", "Gender"),
  [DPV_LINKAGE_COLUMN_ZIP] = NC_("patient table", "ZIP code"),
  [DPV_LINKAGE_COLUMN_SMOKER] = NC_("patient table", "Smoker"),
  [DPV_LINKAGE_COLUMN_DIAGNOSIS] = NC_("patient table", "Diagnosis"),
};

const DpvLinkageTable *
dpv_linkage_table (DpvLinkageTableId id)
{
  g_return_val_if_fail ((guint) id < DPV_LINKAGE_N_TABLES, NULL);
  return &tables[id];
}

const char *
dpv_linkage_table_caption (const DpvLinkageTable *table)
{
  g_return_val_if_fail (table != NULL, NULL);
  return _(table->caption);
}

const char *
dpv_linkage_row_name (const DpvLinkageRow *row)
{
  g_return_val_if_fail (row != NULL, NULL);
  if (row->name == NULL)
    return "*";
  return g_dpgettext2 (GETTEXT_PACKAGE, "person name", row->name);
}

const char *
dpv_linkage_sex_label (DpvSex sex)
{
  return sex == DPV_SEX_FEMALE ? C_("gender", "Female") : C_("gender", "Male");
}

const char *
dpv_linkage_diagnosis_label (DpvDiagnosis diagnosis)
{
  g_return_val_if_fail ((guint) diagnosis < DPV_N_DIAGNOSES, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "diagnosis", diagnosis_labels[diagnosis]);
}

const char *
dpv_linkage_smoker_label (int smoker)
{
  if (smoker < 0)
    return "";
  /* TRANSLATORS: the smoker column of Table 3.1: yes */
  return smoker ? C_("smoker", "Y") : C_("smoker", "N");
}

char *
dpv_linkage_row_age (const DpvLinkageRow *row)
{
  g_return_val_if_fail (row != NULL, NULL);
  if (row->age_high == row->age_low + 1)
    return g_strdup_printf ("%d", row->age_low);
  return g_strdup_printf ("%d–%d", row->age_low, row->age_high);
}

const char *
dpv_linkage_column_title (DpvLinkageColumn column)
{
  g_return_val_if_fail ((guint) column < DPV_LINKAGE_N_COLUMNS, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "patient table", column_titles[column]);
}

DpvLinkageKnowledge
dpv_linkage_rebecca (void)
{
  return (DpvLinkageKnowledge) { .age = 56, .sex = DPV_SEX_FEMALE, .zip = NULL };
}

static gboolean
zip_matches (const char *pattern, const char *zip)
{
  size_t n = strlen (pattern);

  if (strlen (zip) != n)
    return FALSE;
  for (size_t i = 0; i < n; i++)
    if (pattern[i] != '*' && pattern[i] != zip[i])
      return FALSE;
  return TRUE;
}

gboolean
dpv_linkage_row_matches (const DpvLinkageRow *row, const DpvLinkageKnowledge *k)
{
  g_return_val_if_fail (row != NULL && k != NULL, FALSE);
  if (k->age >= 0 && !(k->age >= row->age_low && k->age < row->age_high))
    return FALSE;
  if (k->sex >= 0 && (DpvSex) k->sex != row->sex)
    return FALSE;
  if (k->zip != NULL && !zip_matches (row->zip, k->zip))
    return FALSE;
  return TRUE;
}

guint
dpv_linkage_match (const DpvLinkageTable *table, const DpvLinkageKnowledge *k,
                   gboolean *matches, guint32 *diagnoses)
{
  guint count = 0;
  guint32 set = 0;

  g_return_val_if_fail (table != NULL && k != NULL, 0);
  for (guint i = 0; i < table->n_rows; i++)
    {
      gboolean m = dpv_linkage_row_matches (&table->rows[i], k);

      if (matches != NULL)
        matches[i] = m;
      if (m)
        {
          count++;
          set |= 1u << table->rows[i].diagnosis;
        }
    }
  if (diagnoses != NULL)
    *diagnoses = set;
  return count;
}

guint32
dpv_linkage_common_diagnoses (const DpvLinkageTable *a, const DpvLinkageTable *b,
                              const DpvLinkageKnowledge *k)
{
  guint32 da = 0, db = 0;

  dpv_linkage_match (a, k, NULL, &da);
  dpv_linkage_match (b, k, NULL, &db);
  return da & db;
}

static gboolean
same_quasi_identifiers (const DpvLinkageRow *r, const DpvLinkageRow *s)
{
  return r->age_low == s->age_low && r->age_high == s->age_high && r->sex == s->sex
         && strcmp (r->zip, s->zip) == 0;
}

guint
dpv_linkage_k_anonymity (const DpvLinkageTable *table)
{
  guint k = G_MAXUINT;

  g_return_val_if_fail (table != NULL && table->n_rows > 0, 0);
  for (guint i = 0; i < table->n_rows; i++)
    {
      guint group = 0;

      for (guint j = 0; j < table->n_rows; j++)
        group += same_quasi_identifiers (&table->rows[i], &table->rows[j]);
      k = MIN (k, group);
    }
  return k;
}

gboolean
dpv_linkage_dp_count (const DpvLinkageTable *table, const DpvLinkageKnowledge *k,
                      DpvDiagnosis diagnosis, double epsilon, double prior,
                      DpvLinkageDpCount *out)
{
  DpvLinkageDpCount c = { 0 };
  guint count = 0;

  g_return_val_if_fail (table != NULL && k != NULL && out != NULL, FALSE);
  if ((guint) diagnosis >= DPV_N_DIAGNOSES || !(prior > 0.0 && prior < 1.0)
      || !(epsilon >= DP_EPSILON_MIN && epsilon <= DP_EPSILON_MAX))
    return FALSE;
  for (guint i = 0; i < table->n_rows; i++)
    count += dpv_linkage_row_matches (&table->rows[i], k)
             && table->rows[i].diagnosis == diagnosis;
  if (count < 1)
    return FALSE;
  c.count_if_true = count;
  c.count_if_false = count - 1.0;
  c.epsilon = epsilon;
  c.laplace_scale = 1.0 / epsilon;
  c.prior = prior;
  if (dp_posterior_bounds (prior, epsilon, &c.posterior_low, &c.posterior_high) != DP_OK)
    return FALSE;
  *out = c;
  return TRUE;
}

double
dpv_linkage_dp_posterior (const DpvLinkageDpCount *count, double z)
{
  double p;

  g_return_val_if_fail (count != NULL, 0.5);
  if (isnan (z))
    return count->prior;
  /* z = ±∞ is the limit of a z beyond both counts: the whole likelihood ratio e^{±ε} */
  if (isinf (z))
    z = copysign (1e300, z);
  if (dp_posterior_laplace (count->prior, count->laplace_scale, count->count_if_true,
                            count->count_if_false, z, &p) != DP_OK)
    return count->prior;
  return p;
}
