/* dpviz-cli-group.c — `--group G` of divergence and delta: datasets that differ in G people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The group pair is the neighbouring pair shifted by GΔ (book Prop. 3.6; dp-group.h): the
 * commands compute on it with the functions they use for one person.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

gboolean
cli_group_resolve (const char *group_text, const CliMechanism *m, CliGroup *out,
                   GError **error)
{
  unsigned long g = 1;
  DpStatus status;

  memset (out, 0, sizeof *out);
  out->g = 1;
  out->pair = m->mech;
  if (group_text == NULL)
    return TRUE;
  if (!cli_parse_ulong ("--group", group_text, 1, DP_GROUP_MAX, &g, error))
    return FALSE;

  if (m->mech.kind == DP_MECHANISM_RR && g > 1)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--group: randomized response protects one person’s bit, so no "
                             "two datasets of the binary model differ in more than one person; "
                             "the reports of G respondents together are the G-fold "
                             "composition (delta --k G)"));
      return FALSE;
    }
  status = dp_group_mechanism (&m->mech, g, &out->pair);
  if (status != DP_OK)
    {
      if (status == DP_ERR_DOMAIN && m->mech.kind == DP_MECHANISM_LAPLACE)
        g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                             _("--group: the group pair needs G·ε ≤ 700 and G·Δ ≤ 10⁹"));
      else if (status == DP_ERR_DOMAIN)
        g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                             _("--group: the group pair needs G·Δ ≤ 10⁹"));
      else
        cli_set_status_error (error, status, "--group");
      return FALSE;
    }
  out->active = TRUE;
  out->g = g;

  if (m->has_epsilon)
    {
      /* The guarantee that (ε₀, δ₀)-DP alone gives on G-neighbours (Prop. 3.6's chain). */
      status = dp_group_bound (m->epsilon, m->delta, g, &out->epsilon_bound, &out->delta_bound);
      if (status == DP_OK)
        out->has_bound = TRUE;
      else if (status != DP_ERR_DOMAIN)
        {
          cli_set_status_error (error, status, "--group");
          return FALSE;
        }
      /* G·ε₀ beyond the ε range (a Gaussian): no bound reported. */
    }
  return TRUE;
}

void
cli_group_to_json (const CliGroup *group, JsonBuilder *b)
{
  if (!group->active)
    return;
  cli_json_add_int (b, "group", group->g);
  cli_json_add_double (b, "group_sensitivity", group->pair.sensitivity);
  if (group->has_bound)
    {
      cli_json_add_double (b, "group_epsilon_bound", group->epsilon_bound);
      cli_json_add_double (b, "group_delta_bound", group->delta_bound);
    }
}

char *
cli_group_describe (const CliGroup *group)
{
  g_autofree char *shift = NULL;

  if (!group->active)
    return NULL;
  shift = cli_format_double (group->pair.sensitivity);
  if (group->has_bound)
    {
      g_autofree char *e = cli_format_double (group->epsilon_bound);
      g_autofree char *d = cli_format_double (group->delta_bound);

      return g_strdup_printf (_("group of %lu people: the pair shifted by GΔ = %s; "
                                "bound from Prop. 3.6’s chain (Gε₀, δ_G) = (%s, %s)"),
                              group->g, shift, e, d);
    }
  return g_strdup_printf (_("group of %lu people: the pair shifted by GΔ = %s"), group->g,
                          shift);
}
