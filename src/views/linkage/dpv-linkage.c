/* dpv-linkage.c — the "Why not anonymise?" view: the linkage attack of the book's §3.1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lecture book's Tables 3.2 and 3.3 (dpv-linkage-data.c): two hospitals' patient tables,
 * k-anonymous by age band, sex and ZIP code prefix. An attacker who knows the target's age and
 * sex and that she visited both hospitals keeps, in each table, the rows consistent with that;
 * the diagnoses left in both are the candidates, and one candidate is a disclosure (Rebecca,
 * 56, female: HIV). The same question answered instead by a DP count: hospital B releases the
 * number of patients in her age band and sex with the diagnosis, plus Lap(1/ε) noise (the count
 * changes by at most 1 when her record changes, book Def. 3.3, Thm 3.2). Whatever count z is
 * released, Bayes' rule with the two Laplace densities gives the attacker's posterior, and its
 * odds stay within a factor e^{±ε} of the prior odds (book Def. 3.2 with Prop. 3.2;
 * libdpcore dp-posterior.h).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "dpv-linkage.h"

char *
dpv_linkage_diagnoses_text (guint32 set)
{
  GString *s = g_string_new (NULL);

  for (int d = 0; d < DPV_N_DIAGNOSES; d++)
    if (set & (1u << d))
      {
        if (s->len > 0)
          /* Translators: between the items of a list of diagnoses */
          g_string_append (s, _(", "));
        g_string_append (s, dpv_linkage_diagnosis_label (d));
      }
  if (s->len == 0)
    g_string_append (s, _("none"));
  return g_string_free (s, FALSE);
}

const char *
dpv_linkage_sex_word (DpvSex sex)
{
  return sex == DPV_SEX_FEMALE ? _("female") : _("male");
}

const char *
dpv_linkage_target_name (const DpvLinkage *l)
{
  return l->is_rebecca ? g_dpgettext2 (GETTEXT_PACKAGE, "person name", "Rebecca")
                       : _("the target");
}

static int
lowest_bit (guint32 set)
{
  for (int d = 0; d < 32; d++)
    if (set & (1u << d))
      return d;
  return -1;
}

/* A draw of Lap(centre, b), seeded with all 64 bits of @seed (seeds that differ only above
 * bit 31 give different draws): inverse of the distribution function. */
static double
laplace_draw (guint64 seed, double centre, double b)
{
  const guint32 words[2] = { (guint32) seed, (guint32) (seed >> 32) };
  GRand *rand = g_rand_new_with_seed_array (words, 2);
  double u;

  do
    u = g_rand_double (rand);
  while (u == 0.0);
  g_rand_free (rand);
  return u < 0.5 ? centre + b * log (2 * u) : centre - b * log (2 * (1 - u));
}

static gpointer
linkage_compute (const DpvParams *params, const DpMechanism *m, gconstpointer data,
                 GCancellable *cancellable, GError **error)
{
  DpvLinkage *l = g_new0 (DpvLinkage, 1);
  const DpvLinkageTable *b_table = dpv_linkage_table (DPV_LINKAGE_TABLE_3_3);
  DpvLinkageRead *a = &l->read[DPV_LINKAGE_TABLE_3_2], *b = &l->read[DPV_LINKAGE_TABLE_3_3];
  DpvLinkageDpCount *c = &l->count;
  double eps = params->epsilon, scale = 1.0 / eps, extra[3];
  int asked;
  guint in_b = 0;

  l->knowledge.age = (int) params->target_age;
  l->knowledge.sex = params->target_sex;
  l->knowledge.zip = NULL;
  l->is_rebecca = params->target_age == 56 && params->target_sex == DPV_SEX_FEMALE;
  for (int t = 0; t < DPV_LINKAGE_N_TABLES; t++)
    {
      DpvLinkageRead *r = &l->read[t];

      r->table = dpv_linkage_table (t);
      g_assert (r->table->n_rows <= DPV_LINKAGE_MAX_ROWS);
      r->n_matches = dpv_linkage_match (r->table, &l->knowledge, r->matches, &r->diagnoses);
      r->k = dpv_linkage_k_anonymity (r->table);
    }
  l->common = a->diagnoses & b->diagnoses;
  l->revealed = l->common != 0 && (l->common & (l->common - 1)) == 0;

  /* The DP count asks about the diagnosis the attack points to: the one left in both tables,
   * else one of hospital B's candidates, else the book's HIV. */
  asked = lowest_bit (l->common);
  if (asked < 0)
    asked = lowest_bit (b->diagnoses);
  l->asked = asked >= 0 ? (DpvDiagnosis) asked : DPV_DIAGNOSIS_HIV;
  l->band_low = l->knowledge.age / 10 * 10;
  for (guint i = 0; i < b_table->n_rows; i++)
    in_b += b->matches[i] && b_table->rows[i].diagnosis == l->asked;
  /* D: her record is one of them (with the diagnosis); D′: her record says something else.
   * With no such row in Table 3.3, D is the table with her record added as one. */
  c->count_if_true = MAX (in_b, 1u);
  c->count_if_false = c->count_if_true - 1;
  c->epsilon = eps;
  c->laplace_scale = scale;
  c->prior = params->prior;
  if (dp_posterior_bounds (c->prior, eps, &c->posterior_low, &c->posterior_high) != DP_OK)
    {
      g_free (l);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The posterior bounds cannot be computed for these values"));
      return NULL;
    }
  l->z = laplace_draw (params->seed, c->count_if_true, scale);
  l->posterior_at_z = dpv_linkage_dp_posterior (c, l->z);

  /* z from beyond f(D′) − 6b to beyond f(D) + 6b (all but e^{−6}/2 of each density) */
  l->z_lo = MIN (c->count_if_false - 6 * scale, l->z - scale);
  l->z_hi = MAX (c->count_if_true + 6 * scale, l->z + scale);
  extra[0] = c->count_if_false;
  extra[1] = c->count_if_true;
  extra[2] = l->z;
  l->nz = dpv_grid_with_points (l->z_lo, l->z_hi, DPV_CURVE_SAMPLES, extra, 3, l->zs);
  for (gsize i = 0; i < l->nz; i++)
    {
      double p = NAN, q = NAN;

      if (dp_noise_density (DP_NOISE_LAPLACE, scale, l->zs[i] - c->count_if_true, &p) != DP_OK)
        p = NAN;
      if (dp_noise_density (DP_NOISE_LAPLACE, scale, l->zs[i] - c->count_if_false, &q) != DP_OK)
        q = NAN;
      l->density_d[i] = p;
      l->density_d_prime[i] = q;
      l->posterior[i] = dpv_linkage_dp_posterior (c, l->zs[i]);
    }
  l->density_max = 1.18 / (2 * scale);
  return l;
}

static char *
linkage_caption (const DpvFrame *frame)
{
  const DpvLinkage *l = dpv_frame_get_result (frame);
  g_autofree char *da = dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_2].diagnoses);
  g_autofree char *db = dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_3].diagnoses);
  g_autofree char *dc = dpv_linkage_diagnoses_text (l->common);
  g_autofree char *z = dpv_fmt (l->z);
  g_autofree char *post = dpv_fmt (l->posterior_at_z);
  g_autofree char *lo = dpv_fmt (l->count.posterior_low);
  g_autofree char *hi = dpv_fmt (l->count.posterior_high);

  return g_strdup_printf (_("%s (%d, %s): Table 3.2 leaves {%s}, Table 3.3 {%s}, both {%s} · "
                            "a DP count instead: z = %s, posterior %s within [%s, %s]"),
                          dpv_linkage_target_name (l), l->knowledge.age,
                          dpv_linkage_sex_word (l->knowledge.sex), da, db, dc, z, post, lo, hi);
}

static void
linkage_readouts (const DpvFrame *frame, GPtrArray *out)
{
  const DpvLinkage *l = dpv_frame_get_result (frame);
  const DpvLinkageDpCount *c = &l->count;

  dpv_readout_add (out, _("The attacker knows"),
                   g_strdup_printf (_("%s: %d, %s, visited both hospitals"),
                                    dpv_linkage_target_name (l), l->knowledge.age,
                                    dpv_linkage_sex_word (l->knowledge.sex)));
  for (int t = 0; t < DPV_LINKAGE_N_TABLES; t++)
    {
      const DpvLinkageRead *r = &l->read[t];
      g_autofree char *label = g_strdup_printf (_("Table %s: consistent rows, k-anonymity"),
                                                r->table->number);

      dpv_readout_add (out, label, g_strdup_printf ("%u, %u", r->n_matches, r->k));
    }
  dpv_readout_add (out, _("Diagnoses left in Table 3.2"),
                   dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_2].diagnoses));
  dpv_readout_add (out, _("Diagnoses left in Table 3.3"),
                   dpv_linkage_diagnoses_text (l->read[DPV_LINKAGE_TABLE_3_3].diagnoses));
  dpv_readout_add (out, _("Left in both"), dpv_linkage_diagnoses_text (l->common));
  dpv_readout_add (out, _("Diagnosis revealed"),
                   l->revealed ? dpv_linkage_diagnoses_text (l->common) : g_strdup (_("no")));
  dpv_readout_add (out, _("DP count asked about"),
                   g_strdup (dpv_linkage_diagnosis_label (l->asked)));
  dpv_readout_add (out, _("Count f(D) if she has it, f(D′) if not"),
                   g_strdup_printf ("%g, %g", c->count_if_true, c->count_if_false));
  dpv_readout_add (out, _("Laplace scale 1/ε"), dpv_fmt (c->laplace_scale));
  dpv_readout_add (out, _("Released count z"), dpv_fmt (l->z));
  dpv_readout_add (out, _("Prior"), dpv_fmt (c->prior));
  dpv_readout_add (out, _("Posterior after z"), dpv_fmt (l->posterior_at_z));
  dpv_readout_add (out, _("Posterior for any z, at least"), dpv_fmt (c->posterior_low));
  dpv_readout_add (out, _("Posterior for any z, at most"), dpv_fmt (c->posterior_high));
  dpv_readout_add (out, _("Odds change at most ×"), dpv_fmt (exp (c->epsilon)));
}

static const DpvParamId uses[] = {
  DPV_PARAM_TARGET_AGE, DPV_PARAM_TARGET_SEX, DPV_PARAM_EPSILON, DPV_PARAM_PRIOR,
  DPV_PARAM_SEED, DPV_PARAM_NONE
};

const DpvViewClass dpv_linkage_view = {
  .name = "linkage",
  .title = N_("Why not anonymise? The linkage attack"),
  .short_title = N_("Anonymising"),
  .icon_name = "system-users-symbolic",
  .explanation =
    N_("Two hospitals publish their patients with names suppressed, ages in ten-year bands and "
       "ZIP codes cut to three digits (lecture book §3.1, Tables 3.2 and 3.3): each table is "
       "k-anonymous, every row looks like at least k − 1 others. An attacker who knows "
       "Rebecca’s age and sex and that she visited both hospitals keeps the rows consistent "
       "with that in each table (highlighted); only one diagnosis is in both, so it is "
       "hers. Anonymising the rows does not stop records from being linked. The same "
       "question answered by a DP count instead: hospital B releases how many patients of her "
       "age band and sex have the diagnosis, plus Laplace noise of scale 1/ε (her record "
       "changes the count by at most 1, book Def. 3.3 and Thm 3.2). By Bayes’ rule the "
       "attacker’s posterior odds are the prior odds times the ratio of the two densities, "
       "which ε-DP keeps within e<sup>±ε</sup> (book Def. 3.2, Prop. 3.2): whatever count is "
       "released, the posterior stays inside the shaded band."),
  .more_private = N_("Smaller ε is more private: the posterior stays closer to the prior."),
  .uses = uses,
  .compute = linkage_compute,
  .free_result = g_free,
  .readouts = linkage_readouts,
  .caption = linkage_caption,
  .draw = dpv_linkage_draw,
};
