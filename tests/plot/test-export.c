/* test-export.c — PNG, SVG and PDF export: sizes, content, atomic writes, errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <pango/pango.h>

#include "dpv-export.h"
#include "test-view-index.h"

typedef struct {
  const guchar *data;
  gsize len, pos;
} Reader;

static cairo_status_t
read_bytes (void *closure, unsigned char *data, unsigned int length)
{
  Reader *r = closure;

  if (r->pos + length > r->len)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, r->data + r->pos, length);
  r->pos += length;
  return CAIRO_STATUS_SUCCESS;
}

static void
defaults (DpvParams *p, DpvStyle *s)
{
  dpv_params_init (p);
  dpv_style_init (s, DPV_THEME_PRINT);
}

static void
test_format_from_filename (void)
{
  DpvFormat f = -1;

  g_assert_true (dpv_format_from_filename ("a.png", &f));
  g_assert_cmpint (f, ==, DPV_FORMAT_PNG);
  g_assert_true (dpv_format_from_filename ("/x/y/Figure.SVG", &f));
  g_assert_cmpint (f, ==, DPV_FORMAT_SVG);
  g_assert_true (dpv_format_from_filename ("b.pdf", &f));
  g_assert_cmpint (f, ==, DPV_FORMAT_PDF);
  g_assert_false (dpv_format_from_filename ("b.txt", &f));
  g_assert_false (dpv_format_from_filename ("png", &f));
  g_assert_false (dpv_format_from_filename (".png", &f));
  g_assert_false (dpv_format_from_filename ("b.pdf.gz", &f));
}

static void
check_png_size (double w, double h, double scale)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  DpvParams p;
  DpvStyle s;
  Reader r = { 0 };
  cairo_surface_t *img;

  defaults (&p, &s);
  bytes = test_export_bytes (TEST_VIEW_DENSITIES, &p, &s, DPV_FORMAT_PNG, w, h, scale, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  r.data = g_bytes_get_data (bytes, &r.len);
  g_assert_cmpmem (r.data, 8, "\x89PNG\r\n\x1a\n", 8);
  img = cairo_image_surface_create_from_png_stream (read_bytes, &r);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, (int) ceil (w * scale));
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, (int) ceil (h * scale));
  cairo_surface_destroy (img);
}

static void
test_png_size (void)
{
  check_png_size (400, 250, 1);
  check_png_size (400, 250, 2);
  check_png_size (301, 201, 1.5);
  check_png_size (64, 16, 0.25);
}

static void
test_svg_content (void)
{
  g_autoptr(GError) error = NULL;
  DpvParams p;
  DpvStyle s;

  defaults (&p, &s);
  for (guint v = 0; v < TEST_N_VIEWS; v++)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *text = NULL;
      g_autofree char *title = NULL;
      gsize len;

      bytes = test_export_bytes (v, &p, &s, DPV_FORMAT_SVG, 640, 400, 1, &error);
      g_assert_no_error (error);
      text = g_strndup (g_bytes_get_data (bytes, &len), g_bytes_get_size (bytes));
      g_assert_nonnull (strstr (text, "<svg"));
      g_assert_nonnull (strstr (text, "</svg>"));
      /* Page size in points, and the view's title as the document title. */
      g_assert_nonnull (strstr (text, "width=\"640pt\""));
      g_assert_nonnull (strstr (text, "height=\"400pt\""));
      title = g_markup_escape_text (test_view_title (v), -1);
      {
        g_autofree char *plain = NULL;
        g_autofree char *needle = NULL;

        g_assert_true (pango_parse_markup (test_view_title (v), -1, 0, NULL, &plain, NULL,
                                           NULL));
        needle = g_strdup_printf ("<title>%s</title>", plain);
        if (strstr (text, needle) == NULL)
          g_error ("SVG of view %d lacks %s", v, needle);
      }
    }
}

static void
pdf_media_box (GBytes *bytes, double *w, double *h)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  g_autofree char *text = g_strndup (data, len);
  const char *mb;

  /* cairo writes page dictionaries uncompressed: "/MediaBox [ 0 0 W H ]". Scan every
   * occurrence (strndup stops at the first NUL, so search the raw buffer). */
  *w = *h = -1;
  for (gsize i = 0; i + 9 < len; i++)
    if (memcmp (data + i, "/MediaBox", 9) == 0)
      {
        g_autofree char *tail = g_strndup (data + i + 9, MIN (64, len - i - 9));
        double x0, y0;

        mb = strchr (tail, '[');
        g_assert_nonnull (mb);
        g_assert_cmpint (sscanf (mb + 1, "%lf %lf %lf %lf", &x0, &y0, w, h), ==, 4);
        g_assert_cmpfloat (x0, ==, 0);
        g_assert_cmpfloat (y0, ==, 0);
        return;
      }
}

static void
test_pdf_page_size (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  DpvParams p;
  DpvStyle s;
  double w, h;

  defaults (&p, &s);
  /* A4 landscape in points; scale is ignored for vector formats. */
  bytes = test_export_bytes (TEST_VIEW_KL, &p, &s, DPV_FORMAT_PDF, 842, 595, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), 5, "%PDF-", 5);
  pdf_media_box (bytes, &w, &h);
  g_assert_cmpfloat_with_epsilon (w, 842, 0.01);
  g_assert_cmpfloat_with_epsilon (h, 595, 0.01);

  /* Cross-check with poppler's pdfinfo when it is installed. */
  {
    g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");

    if (pdfinfo != NULL)
      {
        g_autofree char *tmp = NULL;
        g_autofree char *out = NULL;
        int fd = g_file_open_tmp ("dpv-XXXXXX.pdf", &tmp, &error);
        const char *argv[] = { pdfinfo, tmp, NULL };
        int status = -1;

        g_assert_no_error (error);
        g_assert_true (g_file_set_contents (tmp, g_bytes_get_data (bytes, NULL),
                                            g_bytes_get_size (bytes), &error));
        close (fd);
        g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                     NULL, NULL, &out, NULL, &status, &error));
        g_assert_no_error (error);
        g_assert_nonnull (strstr (out, "842 x 595 pts"));
        g_unlink (tmp);
      }
  }
}

static void
test_bad_arguments (void)
{
  DpvParams p;
  DpvStyle s;

  defaults (&p, &s);
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (test_export_bytes (TEST_VIEW_KL, &p, &s, DPV_FORMAT_PNG, 10, 400, 1,
                                        &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (test_export_bytes (TEST_VIEW_KL, &p, &s, DPV_FORMAT_PNG, 400, 400, 9,
                                        &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (test_export_bytes (TEST_VIEW_KL, &p, &s, DPV_FORMAT_PNG, 20000, 20000, 8,
                                        &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  }
  {
    g_autoptr(GError) error = NULL;

    p.epsilon = 0;
    g_assert_null (test_export_bytes (TEST_VIEW_KL, &p, &s, DPV_FORMAT_SVG, 400, 400, 1,
                                        &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_null (strchr (error->message, '\n'));
  }
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static guint
count_occurrences (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_file_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dpv-export-XXXXXX", &error);
  g_autofree char *missing = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *target = NULL;
  g_autoptr(GFile) file = NULL;
  DpvParams p;
  DpvStyle s;

  g_assert_no_error (error);
  defaults (&p, &s);

  /* A path in a directory that does not exist: an error, and nothing is created. */
  missing = g_build_filename (dir, "no-such-dir", NULL);
  target = g_build_filename (missing, "figure.png", NULL);
  file = g_file_new_for_path (target);
  g_assert_false (test_export_file (TEST_VIEW_DENSITIES, &p, &s, DPV_FORMAT_PNG, file, 320, 200,
                                      1, &error));
  g_assert_nonnull (error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpuint (count_occurrences (error->message, "figure.png"), ==, 1);
  g_assert_nonnull (strstr (error->message, "folder does not exist"));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir), ==, 0);
  g_clear_error (&error);
  g_clear_object (&file);
  g_clear_pointer (&target, g_free);

  /* A path through a regular file (an error GIO words itself): the file is named once, the
   * reason follows on the same line, and nothing is created. */
  plain = g_build_filename (dir, "plain", NULL);
  g_assert_true (g_file_set_contents (plain, "x", 1, NULL));
  target = g_build_filename (plain, "figure.png", NULL);
  file = g_file_new_for_path (target);
  g_assert_false (test_export_file (TEST_VIEW_DENSITIES, &p, &s, DPV_FORMAT_PNG, file, 320, 200,
                                      1, &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (count_occurrences (error->message, "figure.png"), ==, 1);
  g_assert_null (strchr (error->message, '\n'));
  /* a reason follows the name */
  g_assert_cmpuint (strlen (strstr (error->message, "figure.png")), >, strlen ("figure.png”: "));
  g_assert_cmpuint (count_entries (dir), ==, 1);
  g_remove (plain);
  g_clear_error (&error);
  g_clear_object (&file);
  g_clear_pointer (&target, g_free);

  /* Invalid parameters: nothing is written, even where the directory exists. */
  target = g_build_filename (dir, "bad.png", NULL);
  file = g_file_new_for_path (target);
  p.k = 0;
  g_assert_false (test_export_file (TEST_VIEW_DENSITIES, &p, &s, DPV_FORMAT_PNG, file, 320, 200,
                                      1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpuint (count_entries (dir), ==, 0);

  g_rmdir (dir);
}

static void
test_file_replace (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("dpv-export-XXXXXX", &error);
  g_autofree char *target = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  gsize len = 0;
  DpvParams p;
  DpvStyle s;

  g_assert_no_error (error);
  defaults (&p, &s);
  target = g_build_filename (dir, "figure.svg", NULL);
  g_assert_true (g_file_set_contents (target, "old contents", -1, &error));
  file = g_file_new_for_path (target);

  /* Exporting over an existing file replaces it; no temporary file is left behind. */
  g_assert_true (test_export_file (TEST_VIEW_REGIONS, &p, &s, DPV_FORMAT_SVG, file, 500, 300,
                                     1, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (target, &contents, &len, &error));
  g_assert_cmpuint (len, >, 1000);
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_null (strstr (contents, "old contents"));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  /* A failing export (bad size) leaves the existing file as it was. */
  g_clear_pointer (&contents, g_free);
  g_assert_false (test_export_file (TEST_VIEW_REGIONS, &p, &s, DPV_FORMAT_PNG, file, 5, 5, 1,
                                      &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (target, &contents, &len, &error));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_cmpuint (count_entries (dir), ==, 1);

  g_unlink (target);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/format-from-filename", test_format_from_filename);
  g_test_add_func ("/export/png-size", test_png_size);
  g_test_add_func ("/export/svg-content", test_svg_content);
  g_test_add_func ("/export/pdf-page-size", test_pdf_page_size);
  g_test_add_func ("/export/bad-arguments", test_bad_arguments);
  g_test_add_func ("/export/file-errors", test_file_errors);
  g_test_add_func ("/export/file-replace", test_file_replace);

  return g_test_run ();
}
