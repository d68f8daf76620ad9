/* dpv-param-ids.h — the parameters a view can use: one line each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An X-macro list, included where the parameter ids (DpvParamId) and the fields of DpvParams are
 * generated (dpv-params.h). Each line is DPV_PARAM (ID, field, KIND, C type): DPV_PARAM_ID is
 * the id, `field` the member of DpvParams, KIND a DpvParamKind without its prefix and the C type
 * the member's type (its size must be the kind's: dpv-params.c checks it). Everything else
 * about a parameter (name, label, range, default, scale, mechanisms) is its row in the
 * specification table in dpv-params.c. Adding a parameter: one line here, one row there.
 *
 * No include guard: this file is meant to be included more than once.
 */

DPV_PARAM (MECHANISM, mechanism, ENUM, DpMechanismKind)
DPV_PARAM (EPSILON, epsilon, DOUBLE, double)
DPV_PARAM (DELTA, delta, DOUBLE, double)
DPV_PARAM (SENSITIVITY, sensitivity, DOUBLE, double)
DPV_PARAM (K, k, UINT, unsigned long)
DPV_PARAM (EPS_PRIME, eps_prime, DOUBLE, double)
DPV_PARAM (LOG_Y, log_y, BOOL, gboolean)
DPV_PARAM (TYPE1, type1, DOUBLE, double)
DPV_PARAM (LOG_AXES, log_axes, BOOL, gboolean)
DPV_PARAM (PRIOR, prior, DOUBLE, double)
DPV_PARAM (TRIALS, trials, UINT, unsigned long)
DPV_PARAM (SEED, seed, SEED, guint64)
DPV_PARAM (BUGGY, buggy, BOOL, gboolean)
DPV_PARAM (AUDIT_BEST, audit_best, BOOL, gboolean)
DPV_PARAM (ALPHA, alpha, DOUBLE, double)
DPV_PARAM (PATHS, paths, UINT, unsigned long)
DPV_PARAM (SAMPLES, samples, UINT, unsigned long)
DPV_PARAM (BINS, bins, UINT, unsigned long)
DPV_PARAM (STATISTIC, statistic, ENUM, DpQuery)
DPV_PARAM (SMOOTH_NOISE, smooth_noise, ENUM, DpNoiseKind)
DPV_PARAM (DATA, data, LIST, DpvParamList)
DPV_PARAM (CLUSTERS, clusters, UINT, unsigned long)
DPV_PARAM (POINTS, points, UINT, unsigned long)
DPV_PARAM (ITERATIONS, iterations, UINT, unsigned long)
DPV_PARAM (STEP, step, UINT, unsigned long)
DPV_PARAM (RUNS, runs, UINT, unsigned long)
DPV_PARAM (TARGET_AGE, target_age, UINT, unsigned long)
DPV_PARAM (TARGET_SEX, target_sex, ENUM, DpvSex)
DPV_PARAM (RESPONDENTS, respondents, UINT, unsigned long)
DPV_PARAM (TRUE_RATE, true_rate, DOUBLE, double)
DPV_PARAM (REVEAL, reveal, BOOL, gboolean)
DPV_PARAM (PLAY_ALONG, play_along, BOOL, gboolean)
DPV_PARAM (CLASS_COUNT, class_count, UINT, unsigned long)
DPV_PARAM (QUERY, query, ENUM, DpvQuery)
DPV_PARAM (RECORDS, records, UINT, unsigned long)
DPV_PARAM (CONFIDENCE, confidence, DOUBLE, double)
DPV_PARAM (TARGET, target, DOUBLE, double)
DPV_PARAM (CANDIDATES, candidates, LIST, DpvParamList)
DPV_PARAM (UTILITY_SENSITIVITY, utility_sensitivity, DOUBLE, double)
DPV_PARAM (GROUP, group, UINT, unsigned long)
