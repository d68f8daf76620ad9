/* dpv-figure-data.c — the series behind a figure, as a table (CSV)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "dpv-export.h"
#include "dpv-figure.h"
#include "dpv-figure-data.h"

GPtrArray *
dpv_figure_series (const DpvFrame *frame, const DpvStyle *style, double width, double height,
                   GError **error)
{
  g_autoptr(GPtrArray) log = NULL;
  cairo_surface_t *surface;
  cairo_rectangle_t extents = { 0, 0, width, height };
  DpvStyle st;
  cairo_t *cr;

  g_return_val_if_fail (frame != NULL && style != NULL, NULL);

  if (dpv_frame_get_result (frame) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           dpv_frame_get_error (frame));
      return NULL;
    }
  log = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_series_record_free);
  st = *style;
  st.plot_options.series_log = log;
  st.plot_options.placed_log = NULL;
  /* a recording surface: the figure is laid out as in a file of this size, nothing is
   * rasterised */
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
  cr = cairo_create (surface);
  dpv_figure_render (frame, &st, cr, width, height);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_steal_pointer (&log);
}

static char *
plain (const char *markup)
{
  return markup != NULL && *markup ? dpv_markup_to_plain (markup) : NULL;
}

static gboolean
same_x (const DpvSeriesRecord *a, const DpvSeriesRecord *b)
{
  return a->x->len == b->x->len
         && memcmp (a->x->data, b->x->data, a->x->len * sizeof (double)) == 0;
}

/* RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
static void
append_field (GString *s, const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (s, text);
      return;
    }
  g_string_append_c (s, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (s, '"');
      g_string_append_c (s, *c);
    }
  g_string_append_c (s, '"');
}

static char *
series_name (const DpvSeriesRecord *r, guint index)
{
  g_autofree char *legend = plain (r->legend);
  g_autofree char *y = plain (r->y_title);
  g_autofree char *panel = plain (r->panel_title);
  g_autofree char *name = NULL;

  if (legend != NULL)
    name = y != NULL ? g_strdup_printf ("%s [%s]", legend, y) : g_strdup (legend);
  else if (y != NULL)
    name = g_strdup (y);
  else if (panel != NULL)
    name = g_strdup (panel);
  else
    /* Translators: a column of the figure's data that has no name of its own */
    name = g_strdup_printf (_("series %u"), index + 1);

  switch (r->kind)
    {
    case DPV_SERIES_FILL_LOWER:
      /* Translators: the lower edge of a shaded area, in the figure's data */
      return g_strdup_printf (_("%s, lower edge"), name);
    case DPV_SERIES_FILL_UPPER:
      /* Translators: the upper edge of a shaded area, in the figure's data */
      return g_strdup_printf (_("%s, upper edge"), name);
    case DPV_SERIES_LINE:
    case DPV_SERIES_BARS:
    case DPV_SERIES_MARKERS:
    default:
      return g_steal_pointer (&name);
    }
}

typedef struct {
  GArray *x;                  /* the shared x values (not owned) */
  char *x_name;
  GPtrArray *members;         /* DpvSeriesRecord* (not owned) */
} Group;

static void
group_clear (gpointer data)
{
  Group *g = data;

  g_free (g->x_name);
  g_ptr_array_unref (g->members);
}

char *
dpv_series_to_csv (GPtrArray *series)
{
  g_autoptr(GArray) groups = g_array_new (FALSE, TRUE, sizeof (Group));
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();   /* GArray* of values, per column */
  GString *s = g_string_new (NULL);
  guint rows = 0, index = 0;
  gboolean first = TRUE;

  g_return_val_if_fail (series != NULL, NULL);
  g_array_set_clear_func (groups, group_clear);

  for (guint i = 0; i < series->len; i++)
    {
      DpvSeriesRecord *r = g_ptr_array_index (series, i);
      Group *g = NULL;

      for (guint j = 0; j < groups->len && g == NULL; j++)
        {
          Group *o = &g_array_index (groups, Group, j);
          DpvSeriesRecord *head = g_ptr_array_index (o->members, 0);

          if (same_x (head, r))
            g = o;
        }
      if (g == NULL)
        {
          Group ng = { r->x, NULL, g_ptr_array_new () };

          g_array_append_val (groups, ng);
          g = &g_array_index (groups, Group, groups->len - 1);
        }
      if (g->x_name == NULL)
        g->x_name = plain (r->x_title);
      g_ptr_array_add (g->members, r);
    }

  /* header */
  for (guint j = 0; j < groups->len; j++)
    {
      Group *g = &g_array_index (groups, Group, j);

      if (!first)
        g_string_append_c (s, ',');
      first = FALSE;
      append_field (s, g->x_name != NULL ? g->x_name : "x");
      g_ptr_array_add (columns, g->x);
      rows = MAX (rows, g->x->len);
      for (guint k = 0; k < g->members->len; k++)
        {
          DpvSeriesRecord *r = g_ptr_array_index (g->members, k);
          g_autofree char *name = series_name (r, index++);

          g_string_append_c (s, ',');
          append_field (s, name);
          g_ptr_array_add (columns, r->y);
        }
    }
  g_string_append (s, "\r\n");

  for (guint row = 0; row < rows; row++)
    {
      for (guint c = 0; c < columns->len; c++)
        {
          GArray *col = g_ptr_array_index (columns, c);

          if (c > 0)
            g_string_append_c (s, ',');
          if (row < col->len)
            {
              double v = g_array_index (col, double, row);

              if (isfinite (v))
                {
                  char buf[G_ASCII_DTOSTR_BUF_SIZE];

                  g_string_append (s, g_ascii_dtostr (buf, sizeof buf, v));
                }
            }
        }
      g_string_append (s, "\r\n");
    }
  return g_string_free (s, FALSE);
}

gboolean
dpv_figure_export_data_to_file (const DpvFrame *frame, const DpvStyle *style, double width,
                                double height, GFile *file, GError **error)
{
  g_autoptr(GPtrArray) series = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *csv;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  series = dpv_figure_series (frame, style, width, height, error);
  if (series == NULL)
    return FALSE;
  csv = dpv_series_to_csv (series);
  bytes = g_bytes_new_take (csv, strlen (csv));
  return dpv_export_write_bytes (bytes, file, error);
}
