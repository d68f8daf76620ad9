/* dp-common.c — status strings and mechanism names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "dp-common.h"

const char *
dp_status_to_string (DpStatus status)
{
  switch (status)
    {
    case DP_OK:
      return "success";
    case DP_ERR_DOMAIN:
      return "argument outside the supported range";
    case DP_ERR_NOMEM:
      return "out of memory";
    case DP_ERR_NUMERIC:
      return "the computation did not converge";
    case DP_ERR_CANCELLED:
      return "cancelled";
    default:
      return "unknown error";
    }
}

static const char *const mechanism_names[DP_N_MECHANISMS] = {
  [DP_MECHANISM_LAPLACE] = "laplace",
  [DP_MECHANISM_GAUSSIAN] = "gaussian",
  [DP_MECHANISM_RR] = "rr",
};

const char *
dp_mechanism_kind_to_name (DpMechanismKind kind)
{
  if ((unsigned) kind >= DP_N_MECHANISMS)
    return NULL;
  return mechanism_names[kind];
}

bool
dp_mechanism_kind_from_name (const char *name, DpMechanismKind *out)
{
  if (name == NULL)
    return false;
  for (unsigned i = 0; i < DP_N_MECHANISMS; i++)
    if (strcmp (name, mechanism_names[i]) == 0)
      {
        if (out != NULL)
          *out = (DpMechanismKind) i;
        return true;
      }
  return false;
}
