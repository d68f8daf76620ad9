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
DPV_PARAM (SEED, seed, SEED, guint64)
