/* test-sweep.c — every registered view over the whole parameter table, and dpviz-cli over the
 * same grid
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The grid is read from the registry and the parameter table, so a new view or parameter is
 * swept without touching this file: per view and mechanism, every parameter the view uses
 * that applies to the mechanism takes its minimum, its middle (geometric for a log slider)
 * and its maximum (a flag both values, an ε′ also "solved from δ"), in every combination.
 *
 *   /sweep/frames:   each point computes a result (no error), its read-outs, caption and
 *                    description print no NaN or infinity, and it exports as PNG, SVG and PDF
 *                    without a cairo error; the PNG has visible content.
 *   /sweep/cli-json: over the same grid, dpviz-cli's answers (export --json, divergence,
 *                    delta, compose) exit 0 with nothing on standard error and JSON whose
 *                    numbers are all finite (infinity is written null).
 *   /sweep/refused:  per view and parameter, values outside the table (below, above, NaN,
 *                    infinities, not a number, a fraction for a whole number) make export
 *                    exit 2 with one line on standard error and nothing on standard output;
 *                    no file appears, an existing file stays byte-identical, nothing is left
 *                    in its folder.
 * dpviz-cli runs in process through cli_main (), the function its main () calls, with its
 * standard output and error in memory files (fuzz-cli does the same).
 */
#define _GNU_SOURCE
#include "config.h"

#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "dpv-figure.h"
#include "dpv-registry.h"
#include "dpviz-cli-common.h"

#define SWEEP_WIDTH 480
#define SWEEP_HEIGHT 300
#define MAX_VALUES 4
/* Beyond this many combinations for a view and mechanism, the sweep takes each parameter
 * through its values and the two corners instead (views with many parameters).
 * DPVIZ_SWEEP_MAX_COMBINATIONS lowers it: the sanitizer build, about five times slower, sweeps
 * each parameter through its values and the corners for every view. */
#define MAX_COMBINATIONS 324

static guint64
max_combinations (void)
{
  const char *text = g_getenv ("DPVIZ_SWEEP_MAX_COMBINATIONS");
  guint64 n;

  if (text != NULL && g_ascii_string_to_unsigned (text, 10, 1, MAX_COMBINATIONS, &n, NULL))
    return n;
  return MAX_COMBINATIONS;
}

/* ---- the grid -------------------------------------------------------------------------- */

/* The values parameter @spec takes in the sweep (at most MAX_VALUES). */
static guint
grid_values (const DpvParamSpec *spec, DpvParamValue *out)
{
  guint n = 0;

  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
    case DPV_PARAM_KIND_UINT:
      {
        double lo = spec->min, hi = spec->max, mid;
        double values[3];

        if (spec->scale == DPV_PARAM_SCALE_LOG)
          mid = sqrt ((spec->slider_min > 0 ? spec->slider_min : lo) * hi);
        else
          mid = 0.5 * (lo + hi);
        values[0] = lo;
        values[1] = spec->kind == DPV_PARAM_KIND_UINT ? round (mid) : mid;
        values[2] = hi;
        for (guint i = 0; i < 3; i++)
          {
            if (spec->kind == DPV_PARAM_KIND_UINT)
              out[n++].u = (unsigned long) values[i];
            else
              out[n++].d = values[i];
          }
        if ((spec->flags & DPV_PARAM_FLAG_AUTO) != 0)
          out[n++].d = -1.0;   /* automatic */
        return n;
      }
    case DPV_PARAM_KIND_BOOL:
      out[0].b = FALSE;
      out[1].b = TRUE;
      return 2;
    case DPV_PARAM_KIND_ENUM:
      for (guint i = 0; i < spec->n_choices && n < MAX_VALUES; i++)
        out[n++].e = spec->choices[i].value;
      return n;
    case DPV_PARAM_KIND_SEED:
    case DPV_PARAM_KIND_LIST:
    case DPV_N_PARAM_KINDS:
    default:
      return 0;   /* stays at its default */
    }
}

typedef struct {
  const DpvViewClass *view;
  DpvParams params;
} SweepPoint;

/* Every point of the grid of @view: the parameters it uses that apply to each mechanism, in
 * every combination of their grid values; the others at their defaults. */
static GArray *
sweep_points (const DpvViewClass *view)
{
  GArray *points = g_array_new (FALSE, FALSE, sizeof (SweepPoint));

  for (int mech = 0; mech < DP_N_MECHANISMS; mech++)
    {
      DpvParamValue values[DPV_N_PARAMS][MAX_VALUES];
      guint64 n_combinations = 1;
      guint n_values[DPV_N_PARAMS] = { 0 };
      guint index[DPV_N_PARAMS] = { 0 };
      DpvParams base;

      if (!dpv_view_class_supports (view, mech, NULL))
        continue;
      dpv_params_init (&base);
      base.mechanism = mech;
      for (int id = 0; id < DPV_N_PARAMS; id++)
        if (id != DPV_PARAM_MECHANISM && dpv_view_class_uses (view, id)
            && dpv_param_applies (dpv_param_spec (id), mech, NULL))
          {
            n_values[id] = grid_values (dpv_param_spec (id), values[id]);
            n_combinations *= MAX (n_values[id], 1);
          }
      if (n_combinations > max_combinations ())
        {
          /* Too many for every combination: each parameter through its values with the
           * others at their defaults, then all at their first and all at their last value. */
          for (int id = 0; id < DPV_N_PARAMS; id++)
            for (guint i = 0; i < n_values[id]; i++)
              {
                SweepPoint point = { view, base };

                dpv_params_set (&point.params, id, &values[id][i]);
                g_array_append_val (points, point);
              }
          for (int end = 0; end < 2; end++)
            {
              SweepPoint point = { view, base };

              for (int id = 0; id < DPV_N_PARAMS; id++)
                if (n_values[id] > 0)
                  dpv_params_set (&point.params, id, &values[id][end ? 2 % n_values[id] : 0]);
              g_array_append_val (points, point);
            }
          continue;
        }

      for (;;)
        {
          SweepPoint point = { view, base };
          int id;

          for (id = 0; id < DPV_N_PARAMS; id++)
            if (n_values[id] > 0)
              dpv_params_set (&point.params, id, &values[id][index[id]]);
          g_array_append_val (points, point);
          /* the next combination (an odometer over the parameters with values) */
          for (id = 0; id < DPV_N_PARAMS; id++)
            {
              if (n_values[id] == 0)
                continue;
              if (++index[id] < n_values[id])
                break;
              index[id] = 0;
            }
          if (id == DPV_N_PARAMS)
            break;
        }
    }
  return points;
}

/* "composition laplace ε=0.01 δ=1e-12 k=100": names a point in failure messages. */
static char *
point_name (const SweepPoint *point)
{
  GString *s = g_string_new (point->view->name);

  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      g_autofree char *text = NULL;
      DpvParamValue v;

      if (!dpv_view_class_uses (point->view, id))
        continue;
      dpv_params_get (&point->params, id, &v);
      text = dpv_param_format (spec, &v);
      g_string_append_printf (s, " %s=%s", spec->name, text);
    }
  return g_string_free (s, FALSE);
}

static gboolean
text_has_nan_inf (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("\\b-?(nan|inf|infinity)\\b", G_REGEX_CASELESS, 0,
                                         NULL);

  return g_regex_match (regex, text, 0, NULL);
}

/* Pixels that differ from the style's background by more than a faint tint. */
static guint
count_ink (cairo_surface_t *s, const DpvStyle *style)
{
  int w = cairo_image_surface_get_width (s), h = cairo_image_surface_get_height (s);
  int stride = cairo_image_surface_get_stride (s);
  const unsigned char *data = cairo_image_surface_get_data (s);
  double bg[3] = { style->background.b, style->background.g, style->background.r };
  guint n = 0;

  cairo_surface_flush (s);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        const unsigned char *px = data + y * stride + 4 * x;
        double d = 0;

        for (int c = 0; c < 3; c++)
          d += fabs (px[c] / 255.0 - bg[c]);
        n += d > 0.3;
      }
  return n;
}

typedef struct {
  const guchar *data;
  gsize size, offset;
} ByteReader;

static cairo_status_t
read_bytes (void *closure, unsigned char *data, unsigned int length)
{
  ByteReader *r = closure;

  if (length > r->size - r->offset)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->offset, length);
  r->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

/* ---- /sweep/frames --------------------------------------------------------------------- */

static void
check_frame (const SweepPoint *point, const DpvStyle *style, guint *n_formats,
             guint *n_refused)
{
  g_autofree char *name = point_name (point);
  g_autoptr(DpvFrame) frame = dpv_frame_compute (point->view, &point->params, NULL, NULL,
                                                 NULL);
  g_autoptr(GPtrArray) readouts = NULL;
  g_autofree char *caption = NULL;
  g_autofree char *description = NULL;

  g_assert_nonnull (frame);
  if (dpv_frame_get_result (frame) == NULL)
    {
      /* Parameters valid one by one may not go together (a room's count above the class):
       * the frame then carries one line that says why, drawn in place of the figure. */
      const char *message = dpv_frame_get_error (frame);

      if (message == NULL || *message == '\0' || strchr (message, '\n') != NULL
          || text_has_nan_inf (message))
        g_error ("%s: no result and no one-line message: “%s”", name, message);
      (*n_refused)++;
      return;
    }

  readouts = dpv_frame_readouts (frame);
  for (guint i = 0; i < readouts->len; i++)
    {
      const DpvReadout *r = g_ptr_array_index (readouts, i);

      if (text_has_nan_inf (r->label) || text_has_nan_inf (r->value))
        g_error ("%s: read-out “%s” = “%s”", name, r->label, r->value);
    }
  caption = dpv_frame_caption (frame);
  description = dpv_frame_describe (frame);
  if (text_has_nan_inf (caption))
    g_error ("%s: caption “%s”", name, caption);
  if (text_has_nan_inf (description))
    g_error ("%s: description “%s”", name, description);

  for (DpvFormat format = DPV_FORMAT_PNG; format <= DPV_FORMAT_PDF; format++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = dpv_figure_export_to_bytes (frame, style, format, SWEEP_WIDTH,
                                                           SWEEP_HEIGHT, 1.0, &error);
      gsize size = 0;
      const char *data;

      if (bytes == NULL)
        g_error ("%s: export (format %d): %s", name, format, error->message);
      data = g_bytes_get_data (bytes, &size);
      switch (format)
        {
        case DPV_FORMAT_PNG:
          {
            ByteReader reader = { (const guchar *) data, size, 0 };
            cairo_surface_t *s = cairo_image_surface_create_from_png_stream (read_bytes,
                                                                             &reader);
            guint ink;

            g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
            g_assert_cmpint (cairo_image_surface_get_width (s), ==, SWEEP_WIDTH);
            ink = count_ink (s, style);
            cairo_surface_destroy (s);
            /* the axes, their labels and a curve: thousands of pixels at 480 × 300 */
            if (ink < 1000)
              g_error ("%s: only %u pixels of ink", name, ink);
            break;
          }
        case DPV_FORMAT_SVG:
          g_assert_true (size > 1000);
          g_assert_nonnull (g_strstr_len (data, (gssize) size, "<svg"));
          g_assert_nonnull (g_strstr_len (data, (gssize) size, "<path"));
          break;
        case DPV_FORMAT_PDF:
        default:
          g_assert_true (size > 1000 && memcmp (data, "%PDF-", 5) == 0);
          break;
        }
      (*n_formats)++;
    }
}

static void
test_frames (void)
{
  DpvStyle style;
  guint n_points = 0, n_files = 0, n_refused = 0;

  dpv_style_init (&style, DPV_THEME_PRINT);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      g_autoptr(GArray) points = sweep_points (dpv_registry_get (i));

      for (guint j = 0; j < points->len; j++)
        check_frame (&g_array_index (points, SweepPoint, j), &style, &n_files, &n_refused);
      n_points += points->len;
    }
  g_test_message ("%u frames, %u files, %u combinations refused with a message", n_points,
                  n_files, n_refused);
  g_assert_cmpuint (n_refused, <, n_points / 4);
  /* every view, every mechanism, at least the three values of ε */
  g_assert_cmpuint (n_points, >=, dpv_registry_get_n_views () * DP_N_MECHANISMS * 3);
}

/* ---- dpviz-cli in process -------------------------------------------------------------- */

typedef struct {
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static char *
read_back (int fd)
{
  off_t size = lseek (fd, 0, SEEK_END);
  char *text = g_malloc ((gsize) size + 1);

  g_assert_cmpint (pread (fd, text, (size_t) size, 0), ==, size);
  text[size] = '\0';
  g_assert_cmpuint (strlen (text), ==, (gsize) size);   /* no NUL byte */
  return text;
}

/* cli_main () on @args (after "dpviz-cli"), standard output and error captured. */
static void
run_cli (Run *run, GPtrArray *args)
{
  int out_fd = memfd_create ("sweep-stdout", MFD_CLOEXEC);
  int err_fd = memfd_create ("sweep-stderr", MFD_CLOEXEC);
  int saved_out = dup (STDOUT_FILENO), saved_err = dup (STDERR_FILENO);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_assert_true (out_fd >= 0 && err_fd >= 0 && saved_out >= 0 && saved_err >= 0);
  g_ptr_array_add (argv, (char *) "dpviz-cli");
  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (args, i));
  g_ptr_array_add (argv, NULL);

  fflush (stdout);
  fflush (stderr);
  dup2 (out_fd, STDOUT_FILENO);
  dup2 (err_fd, STDERR_FILENO);
  run->status = cli_main ((int) argv->len - 1, (char **) argv->pdata);
  fflush (stdout);
  fflush (stderr);
  dup2 (saved_out, STDOUT_FILENO);
  dup2 (saved_err, STDERR_FILENO);
  close (saved_out);
  close (saved_err);
  clearerr (stdout);
  run->out = read_back (out_fd);
  run->err = read_back (err_fd);
  close (out_fd);
  close (err_fd);
}

static char *
args_text (GPtrArray *args)
{
  GString *s = g_string_new ("dpviz-cli");

  for (guint i = 0; i < args->len; i++)
    g_string_append_printf (s, " %s", (const char *) g_ptr_array_index (args, i));
  return g_string_free (s, FALSE);
}

static gboolean
all_numbers_finite (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      {
        g_autoptr(GList) members = json_object_get_values (json_node_get_object (node));

        for (GList *l = members; l != NULL; l = l->next)
          if (!all_numbers_finite (l->data))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_ARRAY:
      {
        g_autoptr(GList) elements = json_array_get_elements (json_node_get_array (node));

        for (GList *l = elements; l != NULL; l = l->next)
          if (!all_numbers_finite (l->data))
            return FALSE;
        return TRUE;
      }
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
        return isfinite (json_node_get_double (node));
      return TRUE;
    case JSON_NODE_NULL:
    default:
      return TRUE;
    }
}

/* Runs @args (with --json) and expects success: exit 0, nothing on standard error, one JSON
 * value whose numbers are finite and whose text spells out no NaN or infinity. */
static void
expect_json (const GPtrArray *args)
{
  g_autofree char *text = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new ();
  g_auto(Run) run = { 0 };

  for (guint i = 0; i < args->len; i++)
    g_ptr_array_add (all, g_ptr_array_index (args, i));
  g_ptr_array_add (all, (char *) "--json");
  run_cli (&run, all);
  text = args_text (all);
  if (run.status != 0 || run.err[0] != '\0')
    g_error ("%s: exit status %d, stderr “%s”", text, run.status, run.err);
  if (!json_parser_load_from_data (parser, run.out, -1, &error))
    g_error ("%s: %s in “%s”", text, error->message, run.out);
  if (!all_numbers_finite (json_parser_get_root (parser)) || text_has_nan_inf (run.out))
    g_error ("%s: a number that is not finite in “%s”", text, run.out);
}

/* Runs @args (an export of parameters that do not go together) and expects a refusal: exit
 * 1 or 2, one line on standard error, nothing on standard output, no file at @output. */
static void
expect_refusal (const GPtrArray *args, const char *output)
{
  g_auto(Run) run = { 0 };
  g_autofree char *text = NULL;
  size_t len;

  run_cli (&run, (GPtrArray *) args);
  text = args_text ((GPtrArray *) args);
  len = strlen (run.err);
  if ((run.status != 1 && run.status != 2) || len < 2 || run.err[len - 1] != '\n'
      || memchr (run.err, '\n', len - 1) != NULL || run.out[0] != '\0')
    g_error ("%s: exit status %d, stdout “%s”, stderr “%s” (expected a one-line refusal)",
             text, run.status, run.out, run.err);
  g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
}

/* The options of @point's parameters as dpviz-cli spells them (the table's names), added to
 * @args and owned by @pool; a parameter left at "automatic" is left out (that is its
 * default), and so is one that does nothing for the mechanism. */
static void
add_param_args (GPtrArray *args, GPtrArray *pool, const SweepPoint *point)
{
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec (id);
      g_autofree char *text = NULL;
      DpvParamValue v;
      char *arg;

      if (!dpv_view_class_uses (point->view, id))
        continue;
      if (id != DPV_PARAM_MECHANISM
          && !dpv_param_applies (spec, point->params.mechanism, NULL))
        continue;
      dpv_params_get (&point->params, id, &v);
      if (spec->kind == DPV_PARAM_KIND_BOOL && !v.b)
        continue;
      if (spec->kind == DPV_PARAM_KIND_DOUBLE && (spec->flags & DPV_PARAM_FLAG_AUTO) != 0
          && v.d < 0)
        continue;
      if (spec->kind == DPV_PARAM_KIND_BOOL)
        arg = g_strdup_printf ("--%s", spec->name);
      else
        {
          text = dpv_param_format (spec, &v);
          arg = g_strdup_printf ("--%s=%s", spec->name, text);
        }
      g_ptr_array_add (pool, arg);
      g_ptr_array_add (args, arg);
    }
}

static gpointer
copy_string (gconstpointer src, gpointer data)
{
  return g_strdup (src);
}

/* The numeric commands whose answer depends on @point's mechanism and (ε, δ, Δ, k, ε′) as the
 * view uses them, each once (@seen: their argument texts). */
static void
check_cli_numbers (const SweepPoint *point, GHashTable *seen, guint *n_runs)
{
  const DpvParams *p = &point->params;
  const DpMechanismKind mech = p->mechanism;
  g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                  g_ptr_array_unref);
  char num[3][G_ASCII_DTOSTR_BUF_SIZE];
  GPtrArray *c;

  g_ascii_dtostr (num[0], sizeof num[0], p->epsilon);
  g_ascii_dtostr (num[1], sizeof num[1], p->delta);
  g_ascii_dtostr (num[2], sizeof num[2], p->sensitivity);

  /* divergence: the mechanism as options (δ₀ only for the Gaussian, Δ not for RR) */
  c = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (c, g_strdup ("divergence"));
  g_ptr_array_add (c, g_strdup_printf ("--mechanism=%s", dp_mechanism_kind_to_name (mech)));
  g_ptr_array_add (c, g_strdup_printf ("--epsilon=%s", num[0]));
  if (mech == DP_MECHANISM_GAUSSIAN)
    g_ptr_array_add (c, g_strdup_printf ("--delta=%s", num[1]));
  if (mech != DP_MECHANISM_RR)
    g_ptr_array_add (c, g_strdup_printf ("--sensitivity=%s", num[2]));
  g_ptr_array_add (commands, c);

  /* delta at ε′ (the regions view's threshold, when set) or at the target δ, k-fold when the
   * view composes */
  c = g_ptr_array_copy (g_ptr_array_index (commands, 0), copy_string, NULL);
  g_free (c->pdata[0]);
  c->pdata[0] = g_strdup ("delta");
  if (dpv_view_class_uses (point->view, DPV_PARAM_K))
    g_ptr_array_add (c, g_strdup_printf ("--k=%lu", p->k));
  if (dpv_view_class_uses (point->view, DPV_PARAM_EPS_PRIME) && p->eps_prime >= 0)
    {
      char at[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_dtostr (at, sizeof at, p->eps_prime);
      g_ptr_array_add (c, g_strdup_printf ("--at=%s", at));
    }
  else
    g_ptr_array_add (c, g_strdup_printf ("--target-delta=%s", num[1]));
  g_ptr_array_add (commands, c);

  /* compose, every method, for the composition view's (k, δ) */
  if (dpv_view_class_uses (point->view, DPV_PARAM_K))
    {
      c = g_ptr_array_copy (g_ptr_array_index (commands, 0), copy_string, NULL);
      g_free (c->pdata[0]);
      c->pdata[0] = g_strdup ("compose");
      g_ptr_array_add (c, g_strdup_printf ("--k=%lu", p->k));
      g_ptr_array_add (c, g_strdup_printf ("--target-delta=%s", num[1]));
      g_ptr_array_add (commands, c);
    }

  for (guint i = 0; i < commands->len; i++)
    {
      GPtrArray *args = g_ptr_array_index (commands, i);
      g_autofree char *key = args_text (args);

      if (g_hash_table_contains (seen, key))
        continue;
      g_hash_table_add (seen, g_steal_pointer (&key));
      expect_json (args);
      (*n_runs)++;
    }
}

static void
test_cli_json (void)
{
  g_autofree char *folder = g_dir_make_tmp ("dpviz-sweep-XXXXXX", NULL);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *const formats[] = { "png", "svg", "pdf" };
  guint n_exports = 0, n_numbers = 0;

  g_assert_nonnull (folder);
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      g_autoptr(GArray) points = sweep_points (dpv_registry_get (i));

      for (guint j = 0; j < points->len; j++)
        {
          const SweepPoint *point = &g_array_index (points, SweepPoint, j);
          g_autoptr(GPtrArray) args = g_ptr_array_new ();
          g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func (g_free);
          g_autofree char *output = g_strdup_printf ("%s/sweep.%s", folder,
                                                     formats[j % G_N_ELEMENTS (formats)]);
          g_autofree char *view_arg = g_strdup_printf ("--view=%s", point->view->name);
          g_autofree char *output_arg = g_strdup_printf ("--output=%s", output);

          /* export --json: one format per point, in turn, at a small size */
          g_ptr_array_add (args, (char *) "export");
          g_ptr_array_add (args, view_arg);
          g_ptr_array_add (args, output_arg);
          g_ptr_array_add (args, (char *) "--width=320");
          g_ptr_array_add (args, (char *) "--height=200");
          add_param_args (args, pool, point);
          /* every third point exported (PNG, SVG and PDF in turn): the frames themselves are
           * all checked in /sweep/frames */
          if (j % 3 == 0)
            {
              g_autoptr(DpvFrame) frame = dpv_frame_compute (point->view, &point->params, NULL,
                                                             NULL, NULL);

              if (dpv_frame_get_result (frame) != NULL)
                {
                  expect_json (args);
                  g_assert_true (g_file_test (output, G_FILE_TEST_IS_REGULAR));
                  g_assert_cmpint (g_unlink (output), ==, 0);
                }
              else
                expect_refusal (args, output);
              n_exports++;
            }

          check_cli_numbers (point, seen, &n_numbers);
        }
    }
  g_assert_cmpint (g_rmdir (folder), ==, 0);   /* nothing left behind */
  g_test_message ("%u exports, %u numeric commands", n_exports, n_numbers);
}

/* ---- /sweep/refused -------------------------------------------------------------------- */

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static char *
list_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **) names->pdata);
}

/* export with --NAME=@value for @view: exit 2, one line, nothing on standard output; the
 * folder is as before (no new file, the existing one byte-identical). */
static void
expect_refused (const DpvViewClass *view, const DpvParamSpec *spec, const char *value,
                const char *folder, const char *existing, GBytes *existing_bytes)
{
  g_autofree char *before = list_folder (folder);
  g_autofree char *after = NULL;
  g_autofree char *view_arg = g_strdup_printf ("--view=%s", view->name);
  g_autofree char *param_arg = g_strdup_printf ("--%s=%s", spec->name, value);
  g_autofree char *new_output = g_strdup_printf ("--output=%s/new.svg", folder);
  g_autofree char *old_output = g_strdup_printf ("--output=%s", existing);
  const char *outputs[] = { new_output, old_output };

  for (guint o = 0; o < G_N_ELEMENTS (outputs); o++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autofree char *text = NULL;
      g_autofree char *contents = NULL;
      gsize length = 0;
      g_auto(Run) run = { 0 };
      size_t len;

      g_ptr_array_add (args, (char *) "export");
      g_ptr_array_add (args, view_arg);
      g_ptr_array_add (args, param_arg);
      g_ptr_array_add (args, (char *) outputs[o]);
      run_cli (&run, args);
      text = args_text (args);
      len = strlen (run.err);
      if (run.status != 2 || len < 2 || run.err[len - 1] != '\n'
          || memchr (run.err, '\n', len - 1) != NULL || run.out[0] != '\0')
        g_error ("%s: exit status %d, stdout “%s”, stderr “%s” (expected 2 and one line)",
                 text, run.status, run.out, run.err);
      /* the line names the option */
      if (strstr (run.err, spec->name) == NULL)
        g_error ("%s: “%s” does not name --%s", text, run.err, spec->name);
      g_assert_true (g_file_get_contents (existing, &contents, &length, NULL));
      g_assert_cmpmem (contents, length, g_bytes_get_data (existing_bytes, NULL),
                       g_bytes_get_size (existing_bytes));
    }
  after = list_folder (folder);
  g_assert_cmpstr (after, ==, before);
}

static void
test_refused (void)
{
  g_autofree char *folder = g_dir_make_tmp ("dpviz-sweep-XXXXXX", NULL);
  g_autofree char *existing = g_build_filename (folder, "old.svg", NULL);
  static const char old_bytes[] = "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n";
  g_autoptr(GBytes) existing_bytes = g_bytes_new_static (old_bytes, sizeof old_bytes - 1);
  guint n = 0;

  g_assert_nonnull (folder);
  g_assert_true (g_file_set_contents (existing, old_bytes, -1, NULL));
  for (guint i = 0; i < dpv_registry_get_n_views (); i++)
    {
      const DpvViewClass *view = dpv_registry_get (i);

      for (int id = 0; id < DPV_N_PARAMS; id++)
        {
          const DpvParamSpec *spec = dpv_param_spec (id);
          g_autoptr(GPtrArray) bad = g_ptr_array_new_with_free_func (g_free);

          if (!dpv_view_class_uses (view, id))
            continue;
          switch (spec->kind)
            {
            case DPV_PARAM_KIND_DOUBLE:
            case DPV_PARAM_KIND_UINT:
              {
                double below = spec->min > 0 ? spec->min * 0.5 : spec->min - 0.5;
                double above = spec->max * 2 + 1;
                char buf[G_ASCII_DTOSTR_BUF_SIZE];

                /* Below the range: for an ε′ ("solved from δ" when absent) too; a negative
                 * number given is refused, as in lesson files. */
                g_ptr_array_add (bad, g_strdup (g_ascii_dtostr (buf, sizeof buf, below)));
                g_ptr_array_add (bad, g_strdup (g_ascii_dtostr (buf, sizeof buf, above)));
                g_ptr_array_add (bad, g_strdup ("-1"));
                g_ptr_array_add (bad, g_strdup ("1e999"));
                g_ptr_array_add (bad, g_strdup ("-inf"));
                g_ptr_array_add (bad, g_strdup ("nan"));
                g_ptr_array_add (bad, g_strdup ("one"));
                g_ptr_array_add (bad, g_strdup ("1,5"));
                g_ptr_array_add (bad, g_strdup (""));
                g_ptr_array_add (bad, g_strdup (" 1"));
                if (spec->kind == DPV_PARAM_KIND_UINT)
                  g_ptr_array_add (bad, g_strdup ("2.5"));
                break;
              }
            case DPV_PARAM_KIND_ENUM:
              g_ptr_array_add (bad, g_strdup ("none"));
              g_ptr_array_add (bad, g_strdup (""));
              break;
            case DPV_PARAM_KIND_BOOL:
              g_ptr_array_add (bad, g_strdup ("yes"));   /* a flag takes no value */
              break;
            case DPV_PARAM_KIND_SEED:
            case DPV_PARAM_KIND_LIST:
            case DPV_N_PARAM_KINDS:
            default:
              g_ptr_array_add (bad, g_strdup ("x"));
              break;
            }
          for (guint b = 0; b < bad->len; b++, n++)
            expect_refused (view, spec, g_ptr_array_index (bad, b), folder, existing,
                            existing_bytes);
        }
    }
  g_assert_cmpint (g_unlink (existing), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_test_message ("%u refused values, each to a new and to an existing file", n);
}

static GLogFunc test_log_handler;

/* The test framework prints debug messages on standard output, where they would land in the
 * CLI's captured output: they are dropped, everything else goes on to the test's handler
 * (warnings stay fatal: that is decided before any handler). */
static void
drop_debug (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  if ((level & (G_LOG_LEVEL_DEBUG | G_LOG_LEVEL_INFO)) != 0)
    return;
  test_log_handler (domain, level, message, data);
}

int
main (int argc, char *argv[])
{
  const char *localedir = g_getenv ("DPVIZ_LOCALEDIR");

  setlocale (LC_ALL, "C.UTF-8");
  if (localedir != NULL)
    bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_test_init (&argc, &argv, NULL);
  test_log_handler = g_log_set_default_handler (drop_debug, NULL);
  g_test_add_func ("/sweep/frames", test_frames);
  g_test_add_func ("/sweep/cli-json", test_cli_json);
  g_test_add_func ("/sweep/refused", test_refused);
  return g_test_run ();
}
