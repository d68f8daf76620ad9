/* dpv-linkage.h — the "Why not anonymise?" view: the linkage attack of the book's §3.1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dpv-linkage-data.h"
#include "dpv-view-util.h"

G_BEGIN_DECLS

#define DPV_LINKAGE_MAX_ROWS 9
#define DPV_LINKAGE_NZ (DPV_CURVE_SAMPLES + 3)

/* One table as the attacker reads it. */
typedef struct {
  const DpvLinkageTable *table;
  gboolean matches[DPV_LINKAGE_MAX_ROWS];   /* rows consistent with the knowledge */
  guint n_matches;
  guint32 diagnoses;                        /* their diagnoses, bit per DpvDiagnosis */
  guint k;                                  /* k-anonymity of the table */
} DpvLinkageRead;

/* The numbers of the figure (compute, dpv-linkage.c). */
typedef struct {
  DpvLinkageKnowledge knowledge;
  gboolean is_rebecca;                      /* the book's target: 56, female */
  DpvLinkageRead read[DPV_LINKAGE_N_TABLES];
  guint32 common;                           /* diagnoses consistent in Tables 3.2 and 3.3 */
  gboolean revealed;                        /* exactly one: the attack tells the diagnosis */
  /* The DP alternative: hospital B releases a noisy count instead of rows. */
  DpvDiagnosis asked;                       /* the diagnosis the count is about */
  int band_low;                             /* the age band [band_low, band_low + 10) */
  DpvLinkageDpCount count;                  /* f(D), f(D′), Laplace scale, prior, bounds */
  double z;                                 /* a released count, drawn in world D (seeded) */
  double posterior_at_z;
  gsize nz;
  double zs[DPV_LINKAGE_NZ];
  double density_d[DPV_LINKAGE_NZ], density_d_prime[DPV_LINKAGE_NZ];
  double posterior[DPV_LINKAGE_NZ];
  double z_lo, z_hi, density_max;
} DpvLinkage;

extern const DpvViewClass dpv_linkage_view;

/* "HIV, lupus, hip fracture" for a set of diagnoses (translated; new string). */
char *dpv_linkage_diagnoses_text (guint32 set);
/* "female" or "male", as in a sentence (translated). */
const char *dpv_linkage_sex_word (DpvSex sex);
/* The target as the figure names them: "Rebecca" for the book's, else "the target". */
const char *dpv_linkage_target_name (const DpvLinkage *l);

void dpv_linkage_draw (const DpvFrame *frame, const DpvStyle *style, cairo_t *cr, double x,
                       double y, double w, double h);

G_END_DECLS
