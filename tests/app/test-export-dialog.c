/* test-export-dialog.c — export to PNG/SVG/PDF, failure reporting, the dialog, the clipboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Real windows under Xvfb. File contents are checked by their format signatures and, for PNG,
 * by the pixel size written in the IHDR chunk, computed here from the chosen size and scale.
 */
#include "config.h"

#include "test-app-window.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "dpviz-export-dialog-private.h"

typedef struct {
  char *dir;
  GtkWindow *window;
  AdwToastOverlay *toasts;
  DpvizModel *model;
  GSettings *settings;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("dpviz-export-XXXXXX", &error);
  g_assert_no_error (error);
  f->window = GTK_WINDOW (adw_window_new ());
  gtk_window_set_default_size (f->window, 800, 600);
  f->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (f->toasts, gtk_label_new ("plot"));
  adw_window_set_content (ADW_WINDOW (f->window), GTK_WIDGET (f->toasts));
  gtk_window_present (f->window);
  f->model = dpviz_model_new ();
  f->settings = g_settings_new (APP_ID);
  /* The memory backend keeps values between tests of one process: start from the defaults. */
  {
    static const char *const keys[] = { "export-format", "export-width", "export-height",
                                        "export-scale", "export-theme", "export-caption",
                                        "export-preset", "export-dpi", "export-transparent",
                                        "export-grayscale", "export-data" };

    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      g_settings_reset (f->settings, keys[i]);
  }
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (f->window);
  g_clear_object (&f->model);
  g_clear_object (&f->settings);
  test_remove_tree (f->dir);
  g_free (f->dir);
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
iterate_until (gboolean *done, guint timeout_ms)
{
  wait_for (flag_set, done, timeout_ms / 1000.0);
}

static void
iterate_for (guint ms)
{
  spin (ms / 1000.0);
}

/* Texts of all labels below @widget (the toast overlay shows its toasts as widgets). */
static void
collect_labels (GtkWidget *widget, GString *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

/* Waits until a toast whose text contains @needle is on screen. */
static void
assert_toast_shown (Fixture *f, const char *needle)
{
  gint64 end = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  g_autoptr (GString) texts = g_string_new (NULL);

  while (g_get_monotonic_time () < end)
    {
      g_string_truncate (texts, 0);
      collect_labels (GTK_WIDGET (f->toasts), texts);
      if (strstr (texts->str, needle) != NULL)
        return;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  g_error ("no toast with “%s” shown; labels:\n%s", needle, texts->str);
}

static guint
count_entries (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static guint32
read_be32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static void
assert_png (const char *path, guint32 width, guint32 height)
{
  static const guint8 signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpuint (length, >, 33);
  g_assert_cmpmem (data, 8, signature, 8);
  g_assert_cmpmem (data + 12, 4, "IHDR", 4);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 16), ==, width);
  g_assert_cmpuint (read_be32 ((const guint8 *) data + 20), ==, height);
}

static void
assert_file_starts (const char *path, const char *needle, gsize within)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_nonnull (g_strstr_len (data, MIN (length, within), needle));
}

typedef struct {
  gboolean done;
  gboolean ok;
  GError *error;
} WriteResult;

static void
write_done (GObject *source, GAsyncResult *result, gpointer data)
{
  WriteResult *r = data;

  r->ok = dpviz_export_write_finish (result, &r->error);
  r->done = TRUE;
}

static gboolean
write_and_wait (Fixture *f, const DpvizExportOptions *options, GFile *file, GError **error)
{
  WriteResult r = { FALSE, FALSE, NULL };
  DpvParams params;

  dpviz_model_get_params (f->model, &params);
  params.show_caption = options->caption;
  dpviz_export_write_async (f->toasts, dpviz_model_get_view (f->model), &params, NULL, options,
                            file, NULL, write_done, &r);
  iterate_until (&r.done, 25000);
  g_assert_true (r.done);
  if (r.error != NULL)
    g_propagate_error (error, r.error);
  return r.ok;
}

static void
test_write_png (Fixture *f, gconstpointer data)
{
  DpvizExportOptions options = { DPV_FORMAT_PNG, 300, 200, 1.5, DPV_THEME_PRINT, TRUE };
  g_autofree char *path = g_build_filename (f->dir, "figure.png", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;

  g_assert_true (write_and_wait (f, &options, file, &error));
  g_assert_no_error (error);
  /* 300 × 1.5 = 450, 200 × 1.5 = 300 */
  assert_png (path, 450, 300);
  assert_toast_shown (f, "Exported “figure.png”");
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

/* The width of a PDF's page, from its MediaBox [x0 y0 x1 y1], in points. */
static double
pdf_page_width (const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  g_autoptr (GRegex) re = g_regex_new ("/MediaBox\\s*\\[\\s*([-0-9.]+)\\s+[-0-9.]+\\s+([-0-9.]+)",
                                       G_REGEX_RAW, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  g_autofree char *x0 = NULL, *x1 = NULL;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_true (g_regex_match_full (re, data, length, 0, 0, &match, NULL));
  x0 = g_match_info_fetch (match, 1);
  x1 = g_match_info_fetch (match, 2);
  return g_ascii_strtod (x1, NULL) - g_ascii_strtod (x0, NULL);
}

/* Issue #19: a preset sizes the figure in cm (PDF page 8.5 cm = 8.5/2.54 × 72 pt), a PNG is
 * at its resolution with that resolution in its pHYs chunk (pixels per metre = dpi/0.0254),
 * and the data are written beside the figure. */
static void
test_write_preset (Fixture *f, gconstpointer data)
{
  DpvizExportOptions options = { DPV_FORMAT_PDF, 300, 200, 1.0, DPV_THEME_PRINT, TRUE };
  g_autofree char *pdf = g_build_filename (f->dir, "column.pdf", NULL);
  g_autofree char *csv = g_build_filename (f->dir, "column.csv", NULL);
  g_autofree char *png = g_build_filename (f->dir, "column.png", NULL);
  g_autoptr (GFile) pdf_file = g_file_new_for_path (pdf);
  g_autoptr (GFile) png_file = g_file_new_for_path (png);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bytes = NULL;
  gsize length = 0;
  guint32 ppm = (guint32) floor (150 / 0.0254 + 0.5);

  dpviz_model_set_view (f->model, DPVIZ_VIEW ("densities"));
  options.preset = dpv_export_preset_lookup ("latex-column");
  options.dpi = 150;
  options.data = TRUE;
  g_assert_nonnull (options.preset);
  g_assert_true (write_and_wait (f, &options, pdf_file, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (pdf_page_width (pdf), 8.5 / 2.54 * 72, 1e-3);
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  /* the x column first, named by the x axis (quoted: it holds a comma) */
  g_assert_true (g_str_has_prefix (text, "\"output y"));
  g_assert_nonnull (strstr (text, "p(y): output on D [density]"));

  options.format = DPV_FORMAT_PNG;
  options.data = FALSE;
  g_assert_true (write_and_wait (f, &options, png_file, &error));
  g_assert_no_error (error);
  /* 8.5 cm and 6 cm at 150 dpi */
  assert_png (png, (guint32) ceil (8.5 / 2.54 * 150 - 1e-9), (guint32) ceil (6 / 2.54 * 150 - 1e-9));
  g_assert_true (g_file_get_contents (png, &bytes, &length, NULL));
  g_assert_cmpmem (bytes + 37, 4, "pHYs", 4);
  g_assert_cmpuint (read_be32 ((const guint8 *) bytes + 41), ==, ppm);
  g_assert_cmpuint (read_be32 ((const guint8 *) bytes + 45), ==, ppm);
  g_assert_cmpuint (count_entries (f->dir), ==, 3);
}

static void
test_write_markup_name (Fixture *f, gconstpointer data)
{
  /* File names are not markup: toasts show them literally (and GTK does not warn). */
  DpvizExportOptions options = { DPV_FORMAT_SVG, 300, 200, 1.0, DPV_THEME_PRINT, TRUE };
  g_autofree char *path = g_build_filename (f->dir, "R&D <v1>.svg", NULL);
  g_autofree char *bad = g_build_filename (f->dir, "missing", "R&D <v2>.svg", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
  g_autoptr (GError) error = NULL;

  g_assert_true (write_and_wait (f, &options, file, &error));
  g_assert_no_error (error);
  assert_toast_shown (f, "Exported “R&D <v1>.svg”");
  g_assert_false (write_and_wait (f, &options, bad_file, &error));
  g_assert_nonnull (error);
  assert_toast_shown (f, "Could not export “R&D <v2>.svg”");
}

static void
test_write_vector (Fixture *f, gconstpointer data)
{
  DpvizExportOptions options = { DPV_FORMAT_SVG, 400, 250, 3.0, DPV_THEME_LIGHT, FALSE };
  g_autofree char *svg = g_build_filename (f->dir, "figure.svg", NULL);
  g_autofree char *pdf = g_build_filename (f->dir, "figure.pdf", NULL);
  g_autoptr (GFile) svg_file = g_file_new_for_path (svg);
  g_autoptr (GFile) pdf_file = g_file_new_for_path (pdf);
  g_autoptr (GError) error = NULL;

  dpviz_model_set_view (f->model, DPVIZ_VIEW ("regions"));
  g_assert_true (write_and_wait (f, &options, svg_file, &error));
  g_assert_no_error (error);
  assert_file_starts (svg, "<svg", 400);
  /* Vector size in points, not multiplied by the scale. */
  assert_file_starts (svg, "width=\"400", 1000);

  options.format = DPV_FORMAT_PDF;
  options.theme = DPV_THEME_DARK;
  g_assert_true (write_and_wait (f, &options, pdf_file, &error));
  g_assert_no_error (error);
  assert_file_starts (pdf, "%PDF-", 5);
  g_assert_cmpuint (count_entries (f->dir), ==, 2);
}

static void
test_write_fails (Fixture *f, gconstpointer data)
{
  DpvizExportOptions options = { DPV_FORMAT_PNG, 300, 200, 1.0, DPV_THEME_PRINT, TRUE };
  g_autofree char *missing = g_build_filename (f->dir, "no-such-folder", "lost.png", NULL);
  g_autoptr (GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr (GError) error = NULL;

  g_assert_false (write_and_wait (f, &options, missing_file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_false (g_file_query_exists (missing_file, NULL));
  g_assert_cmpuint (count_entries (f->dir), ==, 0);
  /* The toast says which file and why. */
  assert_toast_shown (f, "Could not export “lost.png”");
  assert_toast_shown (f, error->message);

  /* The failure stays until dismissed, but a new outcome replaces it at once. */
  {
    g_autofree char *path = g_build_filename (f->dir, "found.png", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_autoptr (GError) error2 = NULL;

    g_assert_true (write_and_wait (f, &options, file, &error2));
    g_assert_no_error (error2);
    assert_toast_shown (f, "Exported “found.png”");
  }
}

static void
test_write_read_only (Fixture *f, gconstpointer data)
{
  DpvizExportOptions options = { DPV_FORMAT_SVG, 300, 200, 1.0, DPV_THEME_PRINT, TRUE };
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *expect = NULL;
  g_autofree char *name = NULL;

  /* Root ignores directory permissions; nobody can create files in /proc. */
  if (getuid () == 0)
    path = g_strdup ("/proc/dpviz-test-export.svg");
  else
    {
      path = g_build_filename (f->dir, "ro.svg", NULL);
      g_assert_cmpint (g_chmod (f->dir, 0500), ==, 0);
    }
  file = g_file_new_for_path (path);
  g_assert_false (write_and_wait (f, &options, file, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_query_exists (file, NULL));
  g_chmod (f->dir, 0700);
  g_assert_cmpuint (count_entries (f->dir), ==, 0);
  name = g_path_get_basename (path);
  expect = g_strdup_printf ("Could not export “%s”", name);
  assert_toast_shown (f, expect);
}

static void
test_replace_keeps_old_on_failure (Fixture *f, gconstpointer data)
{
  /* An export that fails while rendering (size out of range for the renderer) leaves the
   * existing file as it was. */
  DpvizExportOptions options = { DPV_FORMAT_PNG, 8, 8, 1.0, DPV_THEME_PRINT, TRUE };
  g_autofree char *path = g_build_filename (f->dir, "old.png", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *after = NULL;

  g_assert_true (g_file_set_contents (path, "previous figure", -1, NULL));
  g_assert_false (write_and_wait (f, &options, file, &error));
  g_assert_nonnull (error);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, "previous figure");
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

static void
test_resolve_file (void)
{
  static const struct {
    const char *typed;
    DpvFormat selected;
    const char *expect_name;
    DpvFormat expect_format;
  } cases[] = {
    { "fig.png", DPV_FORMAT_PNG, "fig.png", DPV_FORMAT_PNG },
    { "fig.svg", DPV_FORMAT_PNG, "fig.svg", DPV_FORMAT_SVG },
    { "fig.PDF", DPV_FORMAT_SVG, "fig.PDF", DPV_FORMAT_PDF },
    { "fig", DPV_FORMAT_PDF, "fig.pdf", DPV_FORMAT_PDF },
    { "fig.v2", DPV_FORMAT_SVG, "fig.v2.svg", DPV_FORMAT_SVG },
    { "fig.jpg", DPV_FORMAT_PNG, "fig.jpg.png", DPV_FORMAT_PNG },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *typed = g_build_filename ("/tmp", "dir", cases[i].typed, NULL);
      g_autoptr (GFile) chosen = g_file_new_for_path (typed);
      g_autoptr (GFile) resolved = NULL;
      g_autoptr (GFile) parent = NULL;
      g_autofree char *name = NULL;
      DpvFormat format = 99;

      resolved = dpviz_export_resolve_file (chosen, cases[i].selected, &format);
      name = g_file_get_basename (resolved);
      parent = g_file_get_parent (resolved);
      g_assert_cmpstr (name, ==, cases[i].expect_name);
      g_assert_cmpint (format, ==, cases[i].expect_format);
      g_assert_cmpstr (g_file_peek_path (parent), ==, "/tmp/dir");
    }
}

static void
test_suggest_name (void)
{
  g_autofree char *a = dpviz_export_suggest_name (DPVIZ_VIEW ("densities"), DP_MECHANISM_LAPLACE,
                                                  DPV_FORMAT_PNG);
  g_autofree char *b = dpviz_export_suggest_name (DPVIZ_VIEW ("composition"), DP_MECHANISM_GAUSSIAN,
                                                  DPV_FORMAT_PDF);

  g_assert_cmpstr (a, ==, "densities-laplace.png");
  g_assert_cmpstr (b, ==, "composition-gaussian.pdf");
}

static void
test_options_check (void)
{
  DpvizExportOptions options = { DPV_FORMAT_PNG, 1600, 1000, 2.0, DPV_THEME_PRINT, TRUE };
  g_autoptr (GError) error = NULL;

  g_assert_true (dpviz_export_options_check (&options, &error));
  /* 20000 × 2 = 40000 pixels per side: more than cairo can hold. */
  options.width = 20000;
  g_assert_false (dpviz_export_options_check (&options, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "40000"));
  g_clear_error (&error);
  /* 10000 × 8000 at scale 1: 80 million pixels, over the 67 million budget. */
  options.width = 10000;
  options.height = 8000;
  options.scale = 1.0;
  g_assert_false (dpviz_export_options_check (&options, &error));
  g_clear_error (&error);
  /* Vector formats have no pixel limit. */
  options.format = DPV_FORMAT_SVG;
  options.width = 20000;
  options.height = 20000;
  options.scale = 8.0;
  g_assert_true (dpviz_export_options_check (&options, &error));
  g_assert_no_error (error);
}

static GtkWidget *
find_widget (GtkWidget *root, GType type, const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type)
      && (label == NULL || (GTK_IS_BUTTON (root)
                            && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkSpinButton *
spin_labelled (GtkWidget *root, const char *row_title)
{
  if (ADW_IS_ACTION_ROW (root)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), row_title) == 0)
    return GTK_SPIN_BUTTON (find_widget (root, GTK_TYPE_SPIN_BUTTON, NULL));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkSpinButton *found = spin_labelled (child, row_title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
window_is_open (GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (item == (GObject *) window && gtk_widget_get_visible (GTK_WIDGET (window)))
        return TRUE;
    }
  return FALSE;
}

static void
test_dialog_settings (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "typed.pdf", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *format = NULL;
  g_autofree char *theme = NULL;
  DpvizExportDialog *dialog;
  DpvizExportOptions options;
  GtkWidget *button;

  g_settings_set_string (f->settings, "export-format", "svg");
  g_settings_set_int (f->settings, "export-width", 800);
  g_settings_set_int (f->settings, "export-height", 600);
  g_settings_set_double (f->settings, "export-scale", 3.0);
  g_settings_set_string (f->settings, "export-theme", "dark");
  g_settings_set_boolean (f->settings, "export-caption", FALSE);

  dialog = dpviz_export_dialog_new (f->window, f->toasts, f->model, f->settings);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (100);

  /* The widgets show the stored choices. */
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_labelled (GTK_WIDGET (dialog), "_Width")),
                     ==, 800);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_labelled (GTK_WIDGET (dialog), "_Height")),
                     ==, 600);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin_labelled (GTK_WIDGET (dialog), "_Scale")),
                     ==, 3.0);
  /* Scale applies to PNG only. */
  g_assert_false (gtk_widget_is_sensitive (
    GTK_WIDGET (spin_labelled (GTK_WIDGET (dialog), "_Scale"))));
  dpviz_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.format, ==, DPV_FORMAT_SVG);
  g_assert_cmpint (options.theme, ==, DPV_THEME_DARK);
  g_assert_false (options.caption);

  /* Enter exports: the Export button is the default widget. */
  button = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Export…");

  /* Change the width as a user would (type, then the value is committed), export to a name
   * typed with .pdf although SVG is selected: the typed extension wins. */
  gtk_editable_set_text (GTK_EDITABLE (spin_labelled (GTK_WIDGET (dialog), "_Width")), "640");
  gtk_spin_button_update (spin_labelled (GTK_WIDGET (dialog), "_Width"));
  dpviz_export_dialog_export_to (dialog, file, DPV_FORMAT_SVG);
  assert_toast_shown (f, "Exported “typed.pdf”");
  assert_file_starts (path, "%PDF-", 5);
  iterate_for (50);
  g_assert_null (dialog);

  /* The last choices are remembered. */
  format = g_settings_get_string (f->settings, "export-format");
  theme = g_settings_get_string (f->settings, "export-theme");
  g_assert_cmpstr (format, ==, "pdf");
  g_assert_cmpstr (theme, ==, "dark");
  g_assert_cmpint (g_settings_get_int (f->settings, "export-width"), ==, 640);
  g_assert_cmpint (g_settings_get_int (f->settings, "export-height"), ==, 600);
  g_assert_false (g_settings_get_boolean (f->settings, "export-caption"));
}

static AdwComboRow *
combo_titled (GtkWidget *root, const char *title)
{
  if (ADW_IS_COMBO_ROW (root)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root)), title) == 0)
    return ADW_COMBO_ROW (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      AdwComboRow *found = combo_titled (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The preset row: a preset hides width, height and scale and shows the resolution; the
 * choices are remembered. */
static void
test_dialog_preset (Fixture *f, gconstpointer data)
{
  DpvizExportDialog *dialog;
  DpvizExportOptions options;
  AdwComboRow *preset_row;
  GtkSpinButton *width, *dpi;

  g_settings_set_string (f->settings, "export-preset", "latex-text");
  g_settings_set_boolean (f->settings, "export-grayscale", TRUE);
  dialog = dpviz_export_dialog_new (f->window, f->toasts, f->model, f->settings);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (100);
  preset_row = combo_titled (GTK_WIDGET (dialog), "Pre_set");
  width = spin_labelled (GTK_WIDGET (dialog), "_Width");
  dpi = spin_labelled (GTK_WIDGET (dialog), "_Resolution");
  g_assert_nonnull (preset_row);
  g_assert_nonnull (dpi);
  dpviz_export_dialog_get_options (dialog, &options);
  g_assert_true (options.preset == dpv_export_preset_lookup ("latex-text"));
  g_assert_true (options.grayscale);
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (width)));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (dpi)));

  adw_combo_row_set_selected (preset_row, 0);
  dpviz_export_dialog_get_options (dialog, &options);
  g_assert_null (options.preset);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (width)));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (dpi)));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
test_dialog_too_large (Fixture *f, gconstpointer data)
{
  DpvizExportDialog *dialog;
  GtkWidget *button;
  GtkSpinButton *width, *scale;

  dialog = dpviz_export_dialog_new (f->window, f->toasts, f->model, NULL);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (50);
  button = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  width = spin_labelled (GTK_WIDGET (dialog), "_Width");
  scale = spin_labelled (GTK_WIDGET (dialog), "_Scale");
  g_assert_true (gtk_widget_get_sensitive (button));

  gtk_spin_button_set_value (width, 20000);
  gtk_spin_button_set_value (scale, 4);
  /* 80000 pixels wide: refused with the reason shown, Export disabled. */
  g_assert_false (gtk_widget_get_sensitive (button));
  {
    g_autoptr (GString) texts = g_string_new (NULL);

    collect_labels (GTK_WIDGET (dialog), texts);
    g_assert_nonnull (strstr (texts->str, "80000"));
  }
  gtk_spin_button_set_value (scale, 1);
  g_assert_true (gtk_widget_get_sensitive (button));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static GtkFileChooser *
find_file_chooser (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

      if (GTK_IS_FILE_CHOOSER_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_FILE_CHOOSER (item);
    }
  return NULL;
}

static void
test_dialog_file_chooser (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "lecture-3.png", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (f->dir);
  g_autoptr (GError) error = NULL;
  g_autofree char *suggested = NULL;
  DpvizExportDialog *dialog;
  GtkFileChooser *chooser = NULL;
  GtkFileFilter *filter;
  GtkWidget *button;
  gint64 end;

  dpviz_model_set_view (f->model, DPVIZ_VIEW ("kl"));
  dpviz_model_set_mechanism (f->model, DP_MECHANISM_RR);
  g_settings_set_int (f->settings, "export-width", 320);
  g_settings_set_int (f->settings, "export-height", 240);
  g_settings_set_double (f->settings, "export-scale", 1.25);
  dpviz_export_dialog_present (f->window, f->toasts, f->model, f->settings, NULL);
  iterate_for (100);
  {
    GListModel *toplevels = gtk_window_get_toplevels ();  /* transfer none */

    dialog = NULL;
    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr (GObject) item = g_list_model_get_item (toplevels, i);

        if (DPVIZ_IS_EXPORT_DIALOG (item))
          dialog = DPVIZ_EXPORT_DIALOG (item);
      }
  }
  g_assert_nonnull (dialog);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == f->window);

  /* Export… opens the file chooser with a name from the view and the format's extension. */
  button = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  g_signal_emit_by_name (button, "clicked");
  for (end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
       chooser == NULL && g_get_monotonic_time () < end;)
    {
      g_main_context_iteration (NULL, FALSE);
      chooser = find_file_chooser ();
    }
  g_assert_nonnull (chooser);
  suggested = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (suggested, ==, "kl-rr.png");
  filter = gtk_file_chooser_get_filter (chooser);
  g_assert_nonnull (filter);
  g_assert_cmpstr (gtk_file_filter_get_name (filter), ==, "PNG image");

  /* The user goes to a folder, types a name without extension and accepts. Each step waits
   * for the chooser: changing folder while it still loads the first one cancels the change. */
  iterate_for (500);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, &error));
  g_assert_no_error (error);
  iterate_for (300);
  {
    g_autoptr (GFile) current = gtk_file_chooser_get_current_folder (chooser);

    g_assert_true (g_file_equal (current, folder));
  }
  gtk_file_chooser_set_current_name (chooser, "lecture-3");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  assert_toast_shown (f, "Exported “lecture-3.png”");
  /* 320 × 1.25 = 400, 240 × 1.25 = 300 */
  assert_png (path, 400, 300);
  /* The options dialog closed itself. */
  iterate_for (50);
  g_assert_null (dialog);
}

static void
activate_shortcut (GtkWidget *widget, const char *trigger)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *text =
            gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (text, trigger) == 0)
            {
              g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut),
                                                           0, widget,
                                                           gtk_shortcut_get_arguments (shortcut)));
              return;
            }
        }
    }
  g_error ("no shortcut %s on %s", trigger, G_OBJECT_TYPE_NAME (widget));
}

static void
test_dialog_chooser_cancel (Fixture *f, gconstpointer data)
{
  DpvizExportDialog *dialog;
  GtkFileChooser *chooser = NULL;
  gint64 end;

  dialog = dpviz_export_dialog_new (f->window, f->toasts, f->model, f->settings);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (50);
  g_signal_emit_by_name (gtk_window_get_default_widget (GTK_WINDOW (dialog)), "clicked");
  for (end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
       chooser == NULL && g_get_monotonic_time () < end;)
    {
      g_main_context_iteration (NULL, FALSE);
      chooser = find_file_chooser ();
    }
  g_assert_nonnull (chooser);
  /* Cancelling while the chooser still loads its folder makes GTK show a “folder contents
   * could not be displayed” error: wait as a user would. */
  iterate_for (300);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  iterate_for (100);
  /* Back to the options, nothing written. */
  g_assert_null (find_file_chooser ());
  g_assert_true (window_is_open (GTK_WINDOW (dialog)));
  g_assert_cmpuint (count_entries (f->dir), ==, 0);
  /* Escape closes the options: find the key binding and activate it. */
  activate_shortcut (GTK_WIDGET (dialog), "Escape");
  iterate_for (50);
  g_assert_null (dialog);
}

static void
test_clipboard (Fixture *f, gconstpointer data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autoptr (GError) error = NULL;
  GValue value = G_VALUE_INIT;
  GdkTexture *texture;
  GdkContentFormats *formats;
  gboolean ok;
  DpvStyle style;
  g_autoptr(DpvFrame) frame = NULL;
  DpvParams params;

  dpviz_model_get_params (f->model, &params);
  frame = dpv_frame_compute (dpv_registry_get (dpviz_model_get_view (f->model)), &params, NULL,
                             NULL, NULL);
  dpv_style_init (&style, DPV_THEME_LIGHT);
  ok = dpviz_copy_figure_to_clipboard (clipboard, frame, &style, 320, 200, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE));
  g_assert_true (gdk_content_formats_contain_mime_type (formats, "image/png"));

  read_clipboard (clipboard, GDK_TYPE_TEXTURE, &value);
  texture = g_value_get_object (&value);
  g_assert_nonnull (texture);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 320);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 200);
  g_value_unset (&value);

  /* A size the renderer refuses: an error, and the clipboard keeps the previous figure. */
  g_assert_false (dpviz_copy_figure_to_clipboard (clipboard, frame, &style, 4, 4, &error));
  g_assert_nonnull (error);
  read_clipboard (clipboard, GDK_TYPE_TEXTURE, &value);
  g_assert_cmpint (gdk_texture_get_width (g_value_get_object (&value)), ==, 320);
  g_value_unset (&value);
}

/* Issue #19: a copied figure carries its caption, drawn on it and as text beside the image. */
static void
test_clipboard_caption (Fixture *f, gconstpointer data)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (f->window));
  g_autoptr (GError) error = NULL;
  g_autoptr (DpvFrame) frame = NULL;
  g_autofree char *title = NULL;
  GValue value = G_VALUE_INIT;
  const char *text;
  GdkContentFormats *formats;
  DpvParams params;
  DpvStyle style;

  dpviz_model_set_view (f->model, DPVIZ_VIEW ("densities"));
  dpviz_model_get_params (f->model, &params);
  params.mechanism = DP_MECHANISM_LAPLACE;
  params.epsilon = 0.5;
  params.sensitivity = 2.0;
  params.show_caption = TRUE;
  frame = dpv_frame_compute (dpv_registry_lookup ("densities"), &params, NULL, NULL, NULL);
  dpv_style_init (&style, DPV_THEME_PRINT);
  g_assert_true (dpviz_copy_figure_to_clipboard (clipboard, frame, &style, 640, 400, &error));
  g_assert_no_error (error);
  formats = gdk_clipboard_get_formats (clipboard);
  g_assert_true (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE));
  g_assert_true (gdk_content_formats_contain_gtype (formats, G_TYPE_STRING));
  read_clipboard (clipboard, G_TYPE_STRING, &value);
  text = g_value_get_string (&value);
  title = dpv_view_class_get_plain_title (dpv_registry_lookup ("densities"));
  g_assert_nonnull (strstr (text, title));
  g_assert_nonnull (strstr (text, "Laplace"));
  /* the Laplace scale b = Δ/ε = 2/0.5 */
  g_assert_nonnull (strstr (text, "4.000"));
  g_value_unset (&value);
}

/* ---- Export Lesson ---- */

/* Three steps: a duplicate title (steps 1 and 3) and a Chinese one (step 2, which has no
 * ASCII letter and so is named after its view). */
static const char lesson_text[] =
  "[Lesson]\nVersion=1\nTitle=Three steps\n\n"
  "[Step 1]\nMechanism=laplace\nView=densities\nEpsilon=1\nDelta=1e-05\nSensitivity=1\n"
  "K=100\nTitle=Neighbouring datasets\n\n"
  "[Step 2]\nMechanism=gaussian\nView=regions\nEpsilon=0.5\nDelta=1e-06\nSensitivity=1\n"
  "K=10\nTitle=拉普拉斯与高斯\n\n"
  "[Step 3]\nMechanism=laplace\nView=composition\nEpsilon=0.1\nDelta=1e-06\n"
  "Sensitivity=1\nK=300\nTitle=Neighbouring datasets\n";

static const char *const lesson_names[] = { "01-neighbouring-datasets.pdf", "02-regions.pdf",
                                            "03-neighbouring-datasets.pdf" };

static DpvizLesson *
load_test_lesson (void)
{
  static const char *const c_only[] = { "C", NULL };
  g_autoptr (GError) error = NULL;
  DpvizLesson *lesson;

  lesson = dpviz_lesson_load_from_data_for_languages (lesson_text, strlen (lesson_text),
                                                      c_only, &error);
  g_assert_no_error (error);
  return lesson;
}

/* The page width of a PDF in points, from its MediaBox. */
static double
pdf_width (const char *path)
{
  g_autofree char *data = NULL;
  g_autoptr (GRegex) re = g_regex_new ("/MediaBox\\s*\\[\\s*([-\\d.]+)\\s+[-\\d.]+\\s+"
                                       "([-\\d.]+)", G_REGEX_RAW, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  g_autofree char *x0 = NULL, *x1 = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_true (g_regex_match_full (re, data, length, 0, 0, &match, NULL));
  x0 = g_match_info_fetch (match, 1);
  x1 = g_match_info_fetch (match, 2);
  return g_ascii_strtod (x1, NULL) - g_ascii_strtod (x0, NULL);
}

/* The dialog in its lesson mode, bypassing the folder chooser: three PDFs of the remembered
 * preset, named from the titles, into a folder it creates; the toast counts them. */
static void
test_lesson_dialog (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = load_test_lesson ();
  g_autofree char *out = g_build_filename (f->dir, "figures", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (out);
  g_autoptr (GError) error = NULL;
  DpvizExportDialog *dialog;
  DpvizExportOptions options;

  g_settings_set_string (f->settings, "export-format", "pdf");
  g_settings_set_string (f->settings, "export-preset", "latex-column");
  dialog = dpviz_export_dialog_new_for_lesson (f->window, f->toasts, f->model, f->settings,
                                               lesson, &error);
  g_assert_no_error (error);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (100);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Export Lesson");
  dpviz_export_dialog_get_options (dialog, &options);
  g_assert_cmpint (options.format, ==, DPV_FORMAT_PDF);
  g_assert_true (options.preset == dpv_export_preset_lookup ("latex-column"));

  dpviz_export_dialog_export_lesson_to (dialog, folder);
  assert_toast_shown (f, "3 figures written to “figures”");
  iterate_for (50);
  g_assert_null (dialog);
  g_assert_cmpuint (count_entries (out), ==, G_N_ELEMENTS (lesson_names));
  for (guint i = 0; i < G_N_ELEMENTS (lesson_names); i++)
    {
      g_autofree char *path = g_build_filename (out, lesson_names[i], NULL);

      assert_file_starts (path, "%PDF-", 5);
      /* latex-column: 8.5 cm = 8.5 / 2.54 × 72 pt */
      g_assert_cmpfloat_with_epsilon (pdf_width (path), 8.5 / 2.54 * 72, 0.01);
    }
}

/* Export… in the lesson mode asks for a folder; accepting writes the figures into it. */
static void
test_lesson_folder_chooser (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = load_test_lesson ();
  g_autofree char *out = g_build_filename (f->dir, "figures", NULL);
  g_autoptr (GFile) parent = g_file_new_for_path (f->dir);
  g_autoptr (GFile) folder = g_file_new_for_path (out);
  g_autoptr (GError) error = NULL;
  DpvizExportDialog *dialog;
  GtkFileChooser *chooser = NULL;
  gint64 end;

  g_settings_set_string (f->settings, "export-format", "svg");
  g_assert_cmpint (g_mkdir (out, 0700), ==, 0);
  dialog = dpviz_export_dialog_new_for_lesson (f->window, f->toasts, f->model, f->settings,
                                               lesson, &error);
  g_assert_no_error (error);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_for (50);
  g_signal_emit_by_name (gtk_window_get_default_widget (GTK_WINDOW (dialog)), "clicked");
  for (end = g_get_monotonic_time () + 5 * G_TIME_SPAN_SECOND;
       chooser == NULL && g_get_monotonic_time () < end;)
    {
      g_main_context_iteration (NULL, FALSE);
      chooser = find_file_chooser ();
    }
  g_assert_nonnull (chooser);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==,
                   GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
  iterate_for (500);
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, parent, &error));
  g_assert_no_error (error);
  iterate_for (300);
  g_assert_true (gtk_file_chooser_set_file (chooser, folder, &error));
  g_assert_no_error (error);
  iterate_for (100);
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  assert_toast_shown (f, "3 figures written to “figures”");
  g_assert_cmpuint (count_entries (out), ==, 3);
  {
    g_autofree char *path = g_build_filename (out, "02-regions.svg", NULL);

    assert_file_starts (path, "<svg", 200);
  }
  iterate_for (50);
  g_assert_null (dialog);
}

typedef struct {
  gboolean done;
  GPtrArray *written;
  GError *error;
} LessonResult;

static void
lesson_written (GObject *source, GAsyncResult *result, gpointer data)
{
  LessonResult *r = data;

  r->written = dpviz_export_lesson_write_finish (result, &r->error);
  r->done = TRUE;
}

/* A cancelled export writes nothing, not even the folder; a folder that cannot be made is
 * reported and leaves nothing either. */
static void
test_lesson_cancel_and_fail (Fixture *f, gconstpointer data)
{
  g_autoptr (DpvizLesson) lesson = load_test_lesson ();
  g_autofree char *out = g_build_filename (f->dir, "cancelled", NULL);
  g_autofree char *blocker = g_build_filename (f->dir, "blocker", NULL);
  g_autofree char *under = g_build_filename (blocker, "figures", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (out);
  g_autoptr (GFile) blocked = g_file_new_for_path (under);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  DpvizExportOptions options;
  LessonResult r = { 0 };

  dpviz_export_options_load (&options, NULL);
  options.format = DPV_FORMAT_SVG;
  g_cancellable_cancel (cancellable);
  dpviz_export_lesson_write_async (f->toasts, dpviz_lesson_export_plan_new (lesson, NULL),
                                   &options, folder, cancellable, lesson_written, &r);
  iterate_until (&r.done, 30000);
  g_assert_true (r.done);
  g_assert_null (r.written);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&r.error);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  assert_toast_shown (f, "nothing was written");

  g_assert_true (g_file_set_contents (blocker, "x", 1, NULL));
  r.done = FALSE;
  dpviz_export_lesson_write_async (f->toasts, dpviz_lesson_export_plan_new (lesson, NULL),
                                   &options, blocked, NULL, lesson_written, &r);
  iterate_until (&r.done, 30000);
  g_assert_true (r.done);
  g_assert_null (r.written);
  g_assert_error (r.error, DPVIZ_LESSON_EXPORT_ERROR, DPVIZ_LESSON_EXPORT_ERROR_WRITE);
  g_clear_error (&r.error);
  assert_toast_shown (f, "Could not export “figures”");
  g_assert_cmpuint (count_entries (f->dir), ==, 1);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/export/write/png", test_write_png);
  ADD ("/export/write/svg-pdf", test_write_vector);
  ADD ("/export/write/markup-in-name", test_write_markup_name);
  ADD ("/export/write/preset", test_write_preset);
  ADD ("/export/write/fails-missing-folder", test_write_fails);
  ADD ("/export/write/fails-read-only", test_write_read_only);
  ADD ("/export/write/failure-keeps-old-file", test_replace_keeps_old_on_failure);
  g_test_add_func ("/export/resolve-file", test_resolve_file);
  g_test_add_func ("/export/suggest-name", test_suggest_name);
  g_test_add_func ("/export/options-check", test_options_check);
  ADD ("/export/dialog/settings", test_dialog_settings);
  ADD ("/export/dialog/preset", test_dialog_preset);
  ADD ("/export/dialog/too-large", test_dialog_too_large);
  ADD ("/export/dialog/file-chooser", test_dialog_file_chooser);
  ADD ("/export/dialog/chooser-cancel", test_dialog_chooser_cancel);
  ADD ("/export/lesson/dialog", test_lesson_dialog);
  ADD ("/export/lesson/cancel-and-fail", test_lesson_cancel_and_fail);
  ADD ("/export/lesson/folder-chooser", test_lesson_folder_chooser);
  ADD ("/export/clipboard", test_clipboard);
  ADD ("/export/clipboard-caption", test_clipboard_caption);
#undef ADD

  return g_test_run ();
}
