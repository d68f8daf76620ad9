/* dpv-linkage-data.h — the linkage attack of the lecture book §3.1 (Tables 3.1–3.3) as data
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Presentation data for the "Why not anonymise?" view: the book's three patient tables, the
 * attacker's query (the rows consistent with what the attacker knows, in each table, and the
 * diagnoses common to both hospitals) and the alternative the book's chapter leads to, a DP
 * count, whose release leaves the attacker's posterior within e^{±ε} of the prior (libdpcore,
 * dp-posterior.h). Names, sexes, diagnoses and column titles are translatable (the book's notes
 * ask for a Chinese version of the tables: [lhy: 改成中文版]).
 *
 * The age bands "50-60" and "60-70" of Tables 3.2 and 3.3 are read as [50, 60) and [60, 70);
 * no age in Table 3.1 is 60 or 70, so the book does not decide the ends.
 */
#pragma once

#include <glib.h>

#include "dpv-params.h"

G_BEGIN_DECLS

typedef enum {
  DPV_LINKAGE_TABLE_3_1 = 0,   /* hospital A, as collected */
  DPV_LINKAGE_TABLE_3_2,       /* hospital A, name suppressed, age and ZIP code generalised */
  DPV_LINKAGE_TABLE_3_3,       /* hospital B, generalised the same way */
  DPV_LINKAGE_N_TABLES
} DpvLinkageTableId;

typedef enum {
  DPV_DIAGNOSIS_HEART_DISEASE = 0,
  DPV_DIAGNOSIS_ARTHRITIS,
  DPV_DIAGNOSIS_LUNG_CANCER,
  DPV_DIAGNOSIS_CROHNS_DISEASE,
  DPV_DIAGNOSIS_HIV,
  DPV_DIAGNOSIS_LYME_DISEASE,
  DPV_DIAGNOSIS_SEASONAL_ALLERGIES,
  DPV_DIAGNOSIS_ULCERATIVE_COLITIS,
  DPV_DIAGNOSIS_LUPUS,
  DPV_DIAGNOSIS_HIP_FRACTURE,
  DPV_DIAGNOSIS_PANCREATIC_CANCER,
  DPV_DIAGNOSIS_FLU_LIKE_SYMPTOMS,
  DPV_N_DIAGNOSES
} DpvDiagnosis;

typedef struct {
  const char *name;      /* English name (translate with dpv_linkage_row_name ()), NULL: "*" */
  int age_low;           /* the age, or the band [age_low, age_high) when generalised */
  int age_high;          /* age_low + 1 for an exact age */
  DpvSex sex;
  const char *zip;       /* "19146", or "191**" when generalised */
  int smoker;            /* 1 yes, 0 no, −1 not in this table */
  DpvDiagnosis diagnosis;
} DpvLinkageRow;

typedef struct {
  DpvLinkageTableId id;
  const char *number;    /* "3.1" */
  const char *caption;   /* untranslated; dpv_linkage_table_caption () */
  gboolean generalised;  /* name suppressed, age banded, ZIP code truncated */
  gboolean has_smoker;
  guint n_rows;
  const DpvLinkageRow *rows;
} DpvLinkageTable;

const DpvLinkageTable *dpv_linkage_table (DpvLinkageTableId id);

/* Translated texts. */
const char *dpv_linkage_table_caption (const DpvLinkageTable *table);
const char *dpv_linkage_row_name (const DpvLinkageRow *row);        /* "*" when suppressed */
const char *dpv_linkage_sex_label (DpvSex sex);
const char *dpv_linkage_diagnosis_label (DpvDiagnosis diagnosis);
const char *dpv_linkage_smoker_label (int smoker);                   /* "Y", "N" or "" */
/* "56", or "50–60" for a band (newly allocated). */
char *dpv_linkage_row_age (const DpvLinkageRow *row);

typedef enum {
  DPV_LINKAGE_COLUMN_NAME = 0,
  DPV_LINKAGE_COLUMN_AGE,
  DPV_LINKAGE_COLUMN_GENDER,
  DPV_LINKAGE_COLUMN_ZIP,
  DPV_LINKAGE_COLUMN_SMOKER,
  DPV_LINKAGE_COLUMN_DIAGNOSIS,
  DPV_LINKAGE_N_COLUMNS
} DpvLinkageColumn;

const char *dpv_linkage_column_title (DpvLinkageColumn column);

/* What the attacker knows about the target. */
typedef struct {
  int age;           /* −1: unknown */
  int sex;           /* −1: unknown, else a DpvSex */
  const char *zip;   /* NULL: unknown */
} DpvLinkageKnowledge;

/* The book's example: Rebecca, 56, female (her ZIP code, 19103, is not needed). */
DpvLinkageKnowledge dpv_linkage_rebecca (void);

/* Whether @row is consistent with @k: her age inside the row's age band, the same sex, her
 * ZIP code matching the row's (a '*' matches any digit). */
gboolean dpv_linkage_row_matches (const DpvLinkageRow *row, const DpvLinkageKnowledge *k);

/* The rows of @table consistent with @k: writes n_rows flags into @matches (may be NULL) and
 * returns how many; @diagnoses (may be NULL) receives the set of their diagnoses as a bit mask
 * (bit d for DpvDiagnosis d). */
guint dpv_linkage_match (const DpvLinkageTable *table, const DpvLinkageKnowledge *k,
                         gboolean *matches, guint32 *diagnoses);

/* The attack of §3.1 on two tables the target appears in: the diagnoses consistent with @k in
 * both (bit mask). One bit left means the diagnosis is revealed. */
guint32 dpv_linkage_common_diagnoses (const DpvLinkageTable *a, const DpvLinkageTable *b,
                                      const DpvLinkageKnowledge *k);

/* The k of k-anonymity: the size of the smallest group of rows that agree on the
 * quasi-identifiers (age or band, sex, ZIP code). */
guint dpv_linkage_k_anonymity (const DpvLinkageTable *table);

/* The DP alternative: instead of rows, the hospital releases the count of rows consistent with
 * @k whose diagnosis is @diagnosis, plus Lap(1/ε) noise (sensitivity 1: the target's record
 * changes the count by at most 1, book Def. 3.3, Thm 3.2). The attacker compares the world D
 * where the target has @diagnosis (count @count_if_true) with its neighbour D′ where the
 * target's record says something else (one fewer). */
typedef struct {
  double count_if_true;      /* f(D) */
  double count_if_false;     /* f(D′) = f(D) − 1 */
  double epsilon;
  double laplace_scale;      /* 1/ε */
  double prior;              /* the attacker's Pr[D] before the release */
  double posterior_low;      /* the range ε-DP allows whatever is released: logit ∓ ε */
  double posterior_high;
} DpvLinkageDpCount;

/* prior in (0, 1), ε in [1e-6, 700]; FALSE (and @out untouched) otherwise. The count assumes
 * the target is among the table's consistent rows with @diagnosis in D. */
gboolean dpv_linkage_dp_count (const DpvLinkageTable *table, const DpvLinkageKnowledge *k,
                               DpvDiagnosis diagnosis, double epsilon, double prior,
                               DpvLinkageDpCount *out);
/* The attacker's posterior Pr[D | z] after the release z. */
double dpv_linkage_dp_posterior (const DpvLinkageDpCount *count, double z);

G_END_DECLS
