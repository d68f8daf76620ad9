/* dpviz-cli-data.c — `sensitivity` and `kmeans`: from a data set to the noise it needs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "dpviz-cli-common.h"

/* An array element: a finite double, or null (never printed as NaN or infinity). */
static void
add_double_element (JsonBuilder *b, double value)
{
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_double_array (JsonBuilder *b, const char *member, const double *values, size_t n)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (size_t i = 0; i < n; i++)
    add_double_element (b, values[i]);
  json_builder_end_array (b);
}

/* ---------------------------------------------------------------------------------------- */
/* sensitivity                                                                               */

/* "v1,v2,…": each a number in [lower, upper]; at most DP_SENSITIVITY_N_MAX of them. */
static GArray *
parse_data (const char *text, double lower, double upper, GError **error)
{
  g_auto(GStrv) items = g_strsplit (text, ",", -1);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  guint n = g_strv_length (items);

  if (n == 0)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, _("--data needs at least one value"));
      return NULL;
    }
  if (n > DP_SENSITIVITY_N_MAX)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--data has %u values; at most %d are supported"), n,
                   DP_SENSITIVITY_N_MAX);
      return NULL;
    }
  for (guint i = 0; i < n; i++)
    {
      double v = 0;

      if (!cli_parse_double ("--data", items[i], lower, upper, &v, error))
        return NULL;
      g_array_append_val (values, v);
    }
  return g_steal_pointer (&values);
}

/* One row of the noise comparison: the noise's scale, the typical |error| (median) and the
 * |error| not exceeded 95 % of the time. */
static void
add_noise_json (JsonBuilder *b, const char *member, const char *distribution, double scale,
                gboolean is_private)
{
  double median = NAN, q95 = NAN;
  DpNoiseKind kind = strcmp (distribution, "cauchy") == 0 ? DP_NOISE_CAUCHY : DP_NOISE_LAPLACE;

  dp_noise_abs_quantile (kind, scale, 0.5, &median);
  dp_noise_abs_quantile (kind, scale, 0.95, &q95);
  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "distribution");
  json_builder_add_string_value (b, distribution);
  cli_json_add_double (b, "scale", scale);
  cli_json_add_double (b, "median_abs_error", median);
  cli_json_add_double (b, "abs_error_95", q95);
  json_builder_set_member_name (b, "private");
  json_builder_add_boolean_value (b, is_private);
  json_builder_end_object (b);
}

static void
print_noise_row (const char *label, const char *distribution, double scale)
{
  double median = NAN, q95 = NAN;
  DpNoiseKind kind = strcmp (distribution, "cauchy") == 0 ? DP_NOISE_CAUCHY : DP_NOISE_LAPLACE;
  g_autofree char *s = NULL, *m = NULL, *q = NULL, *value = NULL;

  dp_noise_abs_quantile (kind, scale, 0.5, &median);
  dp_noise_abs_quantile (kind, scale, 0.95, &q95);
  s = cli_format_double (scale);
  m = cli_format_double (median);
  q = cli_format_double (q95);
  /* TRANSLATORS: noise scale, then the median and 95 % quantile of the absolute error */
  value = g_strdup_printf (_("scale %s, typical error %s, 95 %% under %s"), s, m, q);
  cli_print_row (label, 40, value);
}

int
cli_cmd_sensitivity (int argc, char **argv, GError **error)
{
  g_autofree char *query_text = NULL, *data_text = NULL, *lower_text = NULL;
  g_autofree char *upper_text = NULL, *beta_text = NULL, *epsilon_text = NULL;
  g_autofree char *delta_text = NULL;
  gboolean json = FALSE;
  DpQuery query;
  double lower = 0, upper = 0, beta = 0, epsilon = 0, delta = 0, smooth = NAN;
  size_t smooth_t = 0;
  g_autoptr(GArray) data = NULL;
  DpSensitivityAnalysis a = { 0 };
  DpSmoothCalibration cal = { 0 };
  DpStatus status;
  gboolean has_beta;
  const GOptionEntry entries[] = {
    { "query", 0, 0, G_OPTION_ARG_STRING, &query_text,
      N_("The query: count, sum, mean, median or max"), N_("Q") },
    { "data", 0, 0, G_OPTION_ARG_STRING, &data_text,
      N_("The data set: comma-separated numbers, each in [L, U]"), N_("V1,V2,…") },
    { "lower", 0, 0, G_OPTION_ARG_STRING, &lower_text,
      N_("Lower end L of the data domain"), N_("L") },
    { "upper", 0, 0, G_OPTION_ARG_STRING, &upper_text,
      N_("Upper end U of the data domain"), N_("U") },
    { "beta", 0, 0, G_OPTION_ARG_STRING, &beta_text,
      N_("Also compute the β-smooth sensitivity at this β > 0"), N_("B") },
    { "epsilon", 0, 0, G_OPTION_ARG_STRING, &epsilon_text,
      N_("Compare the noise at this ε (β then follows Nissim, Raskhodnikova & Smith)"),
      N_("E") },
    { "delta", 0, 0, G_OPTION_ARG_STRING, &delta_text,
      N_("With --epsilon: (ε, δ) with Laplace noise instead of ε with Cauchy noise"),
      N_("D") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("sensitivity",
                          _("Global, local and smooth sensitivity of a query on a small data "
                            "set (DP notes; book Def. 3.3;\nNissim, Raskhodnikova & Smith "
                            "2007)."),
                          _("The count's neighbours add or remove a record; every other "
                            "query's replace one (n fixed).\nJSON keys: query, neighbours, n, "
                            "lower, upper, data, value, global, local,\nlocal_at_distance "
                            "(t = 0 … n), neighbour, and with --beta or --epsilon: beta, "
                            "smooth,\nsmooth_t; with --epsilon: epsilon, delta, noise."),
                          NULL, entries, argc, argv, error))
    return CLI_EXIT_USAGE;

  if (query_text == NULL || data_text == NULL || lower_text == NULL || upper_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--query, --data, --lower and --upper are required"));
      return CLI_EXIT_USAGE;
    }
  if (!dp_query_from_name (query_text, &query))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("unknown query “%s” (expected count, sum, mean, median or max)"),
                   query_text);
      return CLI_EXIT_USAGE;
    }
  if (!cli_parse_double ("--lower", lower_text, -DP_SENSITIVITY_BOUND_MAX,
                         DP_SENSITIVITY_BOUND_MAX, &lower, error)
      || !cli_parse_double ("--upper", upper_text, -DP_SENSITIVITY_BOUND_MAX,
                            DP_SENSITIVITY_BOUND_MAX, &upper, error))
    return CLI_EXIT_USAGE;
  if (!(lower < upper))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--lower must be less than --upper"));
      return CLI_EXIT_USAGE;
    }
  if ((data = parse_data (data_text, lower, upper, error)) == NULL)
    return CLI_EXIT_USAGE;
  if (beta_text != NULL && epsilon_text != NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("give --beta or --epsilon, not both (--epsilon sets β)"));
      return CLI_EXIT_USAGE;
    }
  if (delta_text != NULL && epsilon_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE, _("--delta needs --epsilon"));
      return CLI_EXIT_USAGE;
    }
  if (!cli_parse_double_open ("--beta", beta_text, 0.0, 1e3, &beta, error)
      || !cli_parse_double ("--epsilon", epsilon_text, DP_EPSILON_MIN, DP_EPSILON_MAX,
                            &epsilon, error)
      || !cli_parse_double_open ("--delta", delta_text, 0.0, 1.0, &delta, error))
    return CLI_EXIT_USAGE;

  status = dp_sensitivity_analyse (query, (const double *) (void *) data->data, data->len,
                                   lower, upper, &a);
  if (status != DP_OK)
    return cli_set_status_error (error, status, _("sensitivity"));
  if (epsilon_text != NULL)
    {
      if ((status = dp_smooth_calibration (epsilon, delta, &cal)) != DP_OK)
        {
          dp_sensitivity_analysis_clear (&a);
          return cli_set_status_error (error, status, "--epsilon");
        }
      beta = cal.beta;
    }
  has_beta = beta_text != NULL || epsilon_text != NULL;
  if (has_beta
      && (status = dp_sensitivity_smooth (a.local_at_distance, a.n + 1, beta, &smooth,
                                          &smooth_t)) != DP_OK)
    {
      dp_sensitivity_analysis_clear (&a);
      return cli_set_status_error (error, status, "--beta");
    }

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "query");
      json_builder_add_string_value (b, dp_query_to_name (query));
      json_builder_set_member_name (b, "neighbours");
      json_builder_add_string_value (b, dp_neighbours_to_name (a.neighbours));
      cli_json_add_int (b, "n", a.n);
      cli_json_add_double (b, "lower", lower);
      cli_json_add_double (b, "upper", upper);
      add_double_array (b, "data", (const double *) (void *) data->data, data->len);
      cli_json_add_double (b, "value", a.value);
      cli_json_add_double (b, "global", a.global);
      cli_json_add_double (b, "local", a.local);
      add_double_array (b, "local_at_distance", a.local_at_distance, a.n + 1);
      json_builder_set_member_name (b, "neighbour");
      if (a.neighbour.differs)
        {
          json_builder_begin_object (b);
          cli_json_add_int (b, "index", a.neighbour.index);
          cli_json_add_double (b, "value", a.neighbour.value);
          cli_json_add_double (b, "query_value", a.neighbour.query_value);
          cli_json_add_double (b, "local", a.neighbour.local);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      if (has_beta)
        {
          cli_json_add_double (b, "beta", beta);
          cli_json_add_double (b, "smooth", smooth);
          cli_json_add_int (b, "smooth_t", smooth_t);
        }
      if (epsilon_text != NULL)
        {
          cli_json_add_double (b, "epsilon", epsilon);
          cli_json_add_double (b, "delta", delta);
          json_builder_set_member_name (b, "noise");
          json_builder_begin_object (b);
          add_noise_json (b, "global", "laplace", a.global / epsilon, TRUE);
          add_noise_json (b, "smooth", cal.kind == DP_NOISE_CAUCHY ? "cauchy" : "laplace",
                          cal.scale_factor * smooth, TRUE);
          add_noise_json (b, "local_only", "laplace", a.local / epsilon, FALSE);
          json_builder_end_object (b);
        }
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *lo = cli_format_double (lower), *hi = cli_format_double (upper);
      g_autofree char *v = cli_format_double (a.value), *gs = cli_format_double (a.global);
      g_autofree char *ls = cli_format_double (a.local);
      GString *dist = g_string_new (NULL);

      printf (_("%s of %zu values in [%s, %s] (neighbours: %s)\n"), dp_query_to_name (query),
              a.n, lo, hi,
              a.neighbours == DP_NEIGHBOURS_REPLACE ? _("replace one record")
                                                    : _("add or remove one record"));
      cli_print_row (_("value f(x)"), 40, v);
      cli_print_row (_("global sensitivity GS"), 40, gs);
      cli_print_row (_("local sensitivity LS(x)"), 40, ls);
      for (size_t t = 0; t <= a.n; t++)
        {
          g_autofree char *at = cli_format_double (a.local_at_distance[t]);

          g_string_append_printf (dist, "%s%s", t ? " " : "", at);
        }
      cli_print_row (_("A(t), t = 0 … n"), 40, dist->str);
      g_string_free (dist, TRUE);
      if (a.neighbour.differs)
        {
          g_autofree char *nv = cli_format_double (a.neighbour.value);
          g_autofree char *nls = cli_format_double (a.neighbour.local);
          g_autofree char *row = NULL;

          /* TRANSLATORS: record number, its new value, the neighbour's local sensitivity */
          row = g_strdup_printf (_("record %zu → %s: LS = %s"), a.neighbour.index + 1, nv, nls);
          cli_print_row (_("a neighbour with another LS"), 40, row);
        }
      if (has_beta)
        {
          g_autofree char *b_text = cli_format_double (beta), *s = cli_format_double (smooth);
          g_autofree char *label = g_strdup_printf (_("smooth sensitivity S*, β = %s"), b_text);
          g_autofree char *row = g_strdup_printf (_("%s (at t = %zu)"), s, smooth_t);

          cli_print_row (label, 40, row);
        }
      if (epsilon_text != NULL)
        {
          print_noise_row (_("noise from GS (Laplace)"), "laplace", a.global / epsilon);
          print_noise_row (cal.kind == DP_NOISE_CAUCHY ? _("noise from S* (Cauchy)")
                                                       : _("noise from S* (Laplace)"),
                           cal.kind == DP_NOISE_CAUCHY ? "cauchy" : "laplace",
                           cal.scale_factor * smooth);
          print_noise_row (_("noise from LS alone (not private)"), "laplace",
                           a.local / epsilon);
        }
    }
  dp_sensitivity_analysis_clear (&a);
  return CLI_EXIT_OK;
}

/* ---------------------------------------------------------------------------------------- */
/* kmeans                                                                                    */

static void
add_centres (JsonBuilder *b, const char *member, const DpPoint *c, unsigned k)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_array (b);
  for (unsigned j = 0; j < k; j++)
    {
      json_builder_begin_array (b);
      add_double_element (b, c[j].x);
      add_double_element (b, c[j].y);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

int
cli_cmd_kmeans (int argc, char **argv, GError **error)
{
  g_autofree char *clusters_text = NULL, *points_text = NULL, *iterations_text = NULL;
  g_autofree char *epsilon_text = NULL, *seed_text = NULL;
  gboolean json = FALSE;
  unsigned long clusters = 4, points = 1000, iterations = 10, seed = 1;
  double epsilon = 1.0;
  g_autofree DpPoint *data = NULL;
  DpKmeansRun run = { 0 };
  DpStatus status;
  const GOptionEntry entries[] = {
    { "clusters", 0, 0, G_OPTION_ARG_STRING, &clusters_text,
      N_("Clusters in the data set, and centres k the algorithm looks for: 2 … 6 (4)"),
      N_("K") },
    { "points", 0, 0, G_OPTION_ARG_STRING, &points_text,
      N_("Number of points n: 100 … 10000 (1000)"), N_("N") },
    { "iterations", 0, 0, G_OPTION_ARG_STRING, &iterations_text,
      N_("Lloyd iterations T: 1 … 50 (10)"), N_("T") },
    { "epsilon", 0, 0, G_OPTION_ARG_STRING, &epsilon_text,
      N_("Total privacy budget ε of the run: 0.001 … 700 (1)"), N_("E") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the data set and of the run: 0 … 4294967295 (1)"), N_("S") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    G_OPTION_ENTRY_NULL
  };

  if (!cli_parse_options ("kmeans",
                          _("Lloyd's k-means and the book's DP version (§3.3.3, Theorem 3.3) "
                            "on a seeded data set in ‖x‖₁ ≤ 1."),
                          _("Each of the T iterations adds Lap(2/ε′), ε′ = ε/(2T), to every "
                            "cluster's count and coordinate sums.\nJSON keys: clusters, "
                            "points, iterations, epsilon, seed, epsilon_step, laplace_scale,\n"
                            "centres (private, nonprivate), cost_private, cost_nonprivate,\n"
                            "cost_private_by_iteration, cost_nonprivate_by_iteration, redrawn."),
                          NULL, entries, argc, argv, error)
      || !cli_parse_ulong ("--clusters", clusters_text, 2, 6, &clusters, error)
      || !cli_parse_ulong ("--points", points_text, 100, 10000, &points, error)
      || !cli_parse_ulong ("--iterations", iterations_text, 1, 50, &iterations, error)
      || !cli_parse_double ("--epsilon", epsilon_text, 1e-3, DP_EPSILON_MAX, &epsilon, error)
      || !cli_parse_ulong ("--seed", seed_text, 0, 4294967295UL, &seed, error))
    return CLI_EXIT_USAGE;

  data = g_new (DpPoint, points);
  if ((status = dp_kmeans_mixture ((unsigned) clusters, points, seed, data, NULL)) != DP_OK)
    return cli_set_status_error (error, status, _("data set"));
  if ((status = dp_kmeans_run (data, points, (unsigned) clusters, (unsigned) iterations,
                               epsilon, seed, NULL, &run)) != DP_OK)
    return cli_set_status_error (error, status, _("k-means"));

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      cli_json_add_int (b, "clusters", clusters);
      cli_json_add_int (b, "points", points);
      cli_json_add_int (b, "iterations", iterations);
      cli_json_add_double (b, "epsilon", epsilon);
      cli_json_add_int (b, "seed", seed);
      cli_json_add_double (b, "epsilon_step", run.epsilon_step);
      cli_json_add_double (b, "laplace_scale", run.noise_scale);
      json_builder_set_member_name (b, "centres");
      json_builder_begin_object (b);
      add_centres (b, "private", run.centres_private + iterations * clusters,
                   (unsigned) clusters);
      add_centres (b, "nonprivate", run.centres_nonprivate + iterations * clusters,
                   (unsigned) clusters);
      json_builder_end_object (b);
      cli_json_add_double (b, "cost_private", run.cost_private[iterations]);
      cli_json_add_double (b, "cost_nonprivate", run.cost_nonprivate[iterations]);
      add_double_array (b, "cost_private_by_iteration", run.cost_private, iterations + 1);
      add_double_array (b, "cost_nonprivate_by_iteration", run.cost_nonprivate,
                        iterations + 1);
      cli_json_add_int (b, "redrawn", run.n_redrawn);
      json_builder_end_object (b);
      cli_json_print (b);
    }
  else
    {
      g_autofree char *e = cli_format_double (epsilon);
      g_autofree char *es = cli_format_double (run.epsilon_step);
      g_autofree char *sc = cli_format_double (run.noise_scale);
      g_autofree char *cp = cli_format_double (run.cost_private[iterations]);
      g_autofree char *cn = cli_format_double (run.cost_nonprivate[iterations]);
      g_autofree char *budget = NULL, *redrawn = NULL;

      printf (_("k-means, k = %lu, n = %lu, T = %lu, ε = %s, seed %lu\n"), clusters, points,
              iterations, e, seed);
      /* TRANSLATORS: ε′ per release, then the Laplace scale 2/ε′ */
      budget = g_strdup_printf (_("ε′ = ε/(2T) = %s, Lap(%s)"), es, sc);
      cli_print_row (_("each count and sum"), 30, budget);
      cli_print_row (_("cost, non-private Lloyd"), 30, cn);
      cli_print_row (_("cost, DP Lloyd"), 30, cp);
      redrawn = g_strdup_printf ("%zu", run.n_redrawn);
      cli_print_row (_("centres re-drawn (n̂ < 1)"), 30, redrawn);
      for (unsigned long j = 0; j < clusters; j++)
        {
          const DpPoint *p = run.centres_private + iterations * clusters + j;
          const DpPoint *q = run.centres_nonprivate + iterations * clusters + j;
          g_autofree char *px = cli_format_double (p->x), *py = cli_format_double (p->y);
          g_autofree char *qx = cli_format_double (q->x), *qy = cli_format_double (q->y);
          g_autofree char *label = g_strdup_printf (_("centre %lu"), j + 1);
          /* TRANSLATORS: a private and a non-private centre, as (x, y) pairs */
          g_autofree char *row = g_strdup_printf (_("DP (%s, %s), Lloyd (%s, %s)"), px, py,
                                                  qx, qy);

          cli_print_row (label, 30, row);
        }
    }
  dp_kmeans_run_clear (&run);
  return CLI_EXIT_OK;
}
