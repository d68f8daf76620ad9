/* dpv-figure-data.h — the series behind a figure, as a table (CSV)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every view draws through libdpplot, which logs each series it draws with its legend entry
 * and its panel's axis titles (DpvStyle.plot_options.series_log). Drawing a frame once with
 * that log gives its data without any code in the view.
 */
#pragma once

#include <gio/gio.h>

#include "dpv-frame.h"
#include "dpv-plot.h"
#include "dpv-style.h"

G_BEGIN_DECLS

/* The series of @frame drawn at width × height with @style (a GPtrArray of
 * DpvSeriesRecord*, with a free function), in the order drawn; NULL with @error when the
 * frame has no result. */
GPtrArray *dpv_figure_series (const DpvFrame *frame, const DpvStyle *style, double width,
                              double height, GError **error);

/* The series as CSV (RFC 4180, UTF-8, "\r\n" line ends): a header row, then one row per
 * sample. Series that share their x values share one x column, named by the x axis's title;
 * each series has one column named by its legend entry (else its y axis's title) with the y
 * axis's title, which carries the quantity and unit, in brackets; a fill's two edges are two
 * columns. Numbers are written locale-independently, in a form that reads back to the same
 * double; cells past a series' end and non-finite values are empty. */
char *dpv_series_to_csv (GPtrArray *series);

/* The frame's data as CSV, written atomically (nothing is written on failure). */
gboolean dpv_figure_export_data_to_file (const DpvFrame *frame, const DpvStyle *style,
                                         double width, double height, GFile *file,
                                         GError **error);

G_END_DECLS
