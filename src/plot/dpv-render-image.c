/* dpv-render-image.c — a drawing into an image surface, in horizontal bands on all cores
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cairo's image backend rasterises on one thread, and at 1920 × 1080 most of a view's time
 * is spent there: a render clipped to one pixel takes 0.2–0.5 ms of the 3.5–5 ms (scan
 * conversion of the curves' strokes, row by row, the fills and the background). Rows are
 * independent, so the image is cut into horizontal bands, one per core, and each band runs
 * the drawing's draw function on its own cairo_t whose target is that band of the same
 * pixel buffer (cairo_image_surface_create_for_data), placed by a device offset of a whole
 * number of rows.
 *
 * The pixels are the ones a single cairo_t would have produced, except a few anti-aliased
 * pixels in the rows next to a band boundary: cairo clips each band's polygons to the band, so
 * an edge that crosses the boundary is intersected anew there (its coverage can differ in the
 * last bits), and a dash end one or two rows inside a clip edge can be culled. Measured over
 * every split row of the four 1920 × 1080 views and three mechanisms: 6 of 12,576 splits
 * differ, in at most 10 pixels (tests/plot/test-render-image checks that nothing differs away
 * from the boundaries). That much holds because:
 *   - the cairo_t's matrix is the one a single render would have, so every coordinate the
 *     plot code computes (pixel snapping, fitted text) is the same;
 *   - geometry is cut to the whole image, not the band (dpv_plot_mark_band ());
 *   - an integer offset moves no edge off its sub-pixel position, and text origins are whole
 *     device pixels (dpv-text.c), so no glyph half-way between pixels rounds differently;
 *   - the scale is whole. At a fractional scale a glyph can still land half-way and round
 *     differently in a band, so such images are drawn by one cairo_t.
 * What each band repeats is the geometry (the numbers are the drawing's data, computed once
 * before): text layout (cached per thread, dpv-text-cache.c) and path construction.
 *
 * The bands' boundaries follow the cost: a view whose lower panel is busier than its upper
 * one would leave one core waiting. After each render the rows are re-divided so that each
 * band gets an equal share of the time measured per row in the last render of that view
 * (a piecewise-constant cost density), half-way between the old and the new boundaries so a
 * single slow render does not swing them. Whichever thread is free takes the next band.
 *
 * The workers are a GThreadPool of exclusive threads, created once: their pango font maps
 * and layout caches stay warm between renders.
 *
 * Bands are used only where they are faster: each band repeats the geometry, and on two cores
 * shared with other work one thread often wins (densities 6.3 ms in one thread against 7.9 ms
 * in two bands, measured for issue #17). Per band key the time per pixel of both ways is kept
 * as a moving average; a render takes the faster way, and every REMEASURE_EVERY renders the
 * slower one again, since the machine's load changes.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "dpv-plot.h"
#include "dpv-render-image.h"

/* One band per core: with 2 and 4 per core (measured), the repeated geometry cost more than
 * the finer balance gained. */
#define MAX_BANDS 8
/* Below this many pixels one thread is faster than waking another. */
#define MIN_PARALLEL_PIXELS (320 * 240)
/* No band thinner than this many rows. */
#define MIN_BAND_ROWS 16

typedef struct {
  /* shared, read-only during a render */
  const DpvDrawing *drawing;
  const DpvStyle *style;
  unsigned char *data;
  cairo_format_t format;
  int stride;
  int pixel_width;
  int rows;
  double scale;
  double width;
  double height;
  /* the bands, taken in turn by whichever thread is free */
  struct _Band *bands;
  int n_bands;
  int next;      /* atomic: the next band to take */
  /* completion of the helpers */
  GMutex lock;
  GCond done;
  int pending;
} Job;

typedef struct _Band {
  Job *job;
  int y0;
  int y1;
  double seconds;
  cairo_status_t status;
} Band;

/* Per drawing's band key (a view): the band boundaries as fractions of the height, from the
 * last render, and the measured cost of drawing it in one thread and in bands. */
#define MAX_SPLITS 32
/* Every this many renders the slower way is measured again: the machine's load changes. */
#define REMEASURE_EVERY 16
typedef struct {
  gconstpointer key;
  double at[MAX_BANDS + 1];
  int bands;
  double ns_per_pixel[2];   /* one thread, bands; 0 = not measured yet */
  guint renders;
} Split;
static GMutex split_lock;
static Split splits[MAX_SPLITS];
static guint splits_next;

static GThreadPool *pool;
static int pool_threads;

static void
render_band (Band *band)
{
  Job *job = band->job;
  gint64 t0 = g_get_monotonic_time ();
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create_for_data (job->data + (gsize) band->y0 * job->stride,
                                                 job->format, job->pixel_width,
                                                 band->y1 - band->y0, job->stride);
  /* the band's rows sit at their place in the image: the same matrix as one cairo_t */
  cairo_surface_set_device_offset (surface, 0, -band->y0);
  dpv_plot_mark_band (surface, job->pixel_width, job->rows);
  cr = cairo_create (surface);
  cairo_scale (cr, job->scale, job->scale);
  job->drawing->draw (job->drawing->data, job->style, cr, job->width, job->height);
  band->status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (band->status == CAIRO_STATUS_SUCCESS)
    band->status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  band->seconds = (g_get_monotonic_time () - t0) / 1e6;
}

/* Renders bands until none is left. */
static void
take_bands (Job *job)
{
  for (;;)
    {
      int i = g_atomic_int_add (&job->next, 1);

      if (i >= job->n_bands)
        return;
      render_band (&job->bands[i]);
    }
}

static void
worker (gpointer data, gpointer user_data)
{
  Job *job = data;

  take_bands (job);
  g_mutex_lock (&job->lock);
  if (--job->pending == 0)
    g_cond_signal (&job->done);
  g_mutex_unlock (&job->lock);
}

/* The worker pool, created on first use with one thread per further core. */
static int
ensure_pool (void)
{
  static gsize once = 0;

  if (g_once_init_enter (&once))
    {
      int cores = (int) g_get_num_processors ();
      int threads = CLAMP (cores, 1, MAX_BANDS) - 1;

      if (threads > 0)
        {
          pool = g_thread_pool_new (worker, NULL, threads, TRUE, NULL);
          pool_threads = pool != NULL ? threads : 0;
        }
      g_once_init_leave (&once, 1);
    }
  return pool_threads;
}

/* The remembered split of @key (with split_lock held); a new one replaces the oldest. */
static Split *
split_for (gconstpointer key)
{
  Split *s;

  for (int i = 0; i < MAX_SPLITS; i++)
    if (splits[i].key == key)
      return &splits[i];
  s = &splits[splits_next++ % MAX_SPLITS];
  s->key = key;
  s->bands = 0;
  s->ns_per_pixel[0] = s->ns_per_pixel[1] = 0;
  s->renders = 0;
  return s;
}

/* Boundaries in rows for @n bands of @rows rows, from the last split of @key (even at first
 * or without a key). */
static void
band_rows (gconstpointer key, int n, int rows, int *y)
{
  g_mutex_lock (&split_lock);
  if (key == NULL || n == 1)
    for (int i = 0; i <= n; i++)
      y[i] = (int) lround ((double) i / n * rows);
  else
    {
      Split *s = split_for (key);

      if (s->bands != n)
        {
          for (int i = 0; i <= n; i++)
            s->at[i] = (double) i / n;
          s->bands = n;
        }
      for (int i = 0; i <= n; i++)
        y[i] = (int) lround (s->at[i] * rows);
    }
  g_mutex_unlock (&split_lock);

  y[0] = 0;
  y[n] = rows;
  for (int i = 1; i < n; i++)
    y[i] = CLAMP (y[i], y[i - 1] + MIN_BAND_ROWS, rows - (n - i) * MIN_BAND_ROWS);
}

/* Re-divide so that each band gets an equal share of the measured cost: the cost density
 * is taken constant within each old band. */
static void
rebalance (gconstpointer key, int n, int rows, const Band *bands)
{
  double total = 0, target[MAX_BANDS + 1];

  for (int i = 0; i < n; i++)
    total += bands[i].seconds;
  if (!(total > 0))
    return;
  target[0] = 0;
  target[n] = 1;
  for (int k = 1; k < n; k++)
    {
      double want = total * k / n, acc = 0;
      int i = 0;

      while (i < n - 1 && acc + bands[i].seconds < want)
        acc += bands[i++].seconds;
      {
        double h = bands[i].y1 - bands[i].y0;
        double frac = bands[i].seconds > 0 ? (want - acc) / bands[i].seconds : 0.5;

        target[k] = (bands[i].y0 + CLAMP (frac, 0.0, 1.0) * h) / rows;
      }
    }
  if (key == NULL)
    return;
  g_mutex_lock (&split_lock);
  {
    Split *s = split_for (key);

    if (s->bands == n)
      for (int k = 1; k < n; k++)
        s->at[k] = 0.5 * s->at[k] + 0.5 * target[k];
  }
  g_mutex_unlock (&split_lock);
}

/* Renders into @image in the @n bands [y[i], y[i+1]); y[0] = 0, y[n] = height. */
static cairo_status_t
render_split (const DpvDrawing *drawing, const DpvStyle *style, cairo_surface_t *image, double scale, double width, double height,
              const int *y, int n, Band *bands)
{
  Job job;
  int threads = ensure_pool ();
  cairo_status_t status = CAIRO_STATUS_SUCCESS;

  cairo_surface_flush (image);
  memset (&job, 0, sizeof job);
  job.drawing = drawing;
  job.style = style;
  job.data = cairo_image_surface_get_data (image);
  job.format = cairo_image_surface_get_format (image);
  job.stride = cairo_image_surface_get_stride (image);
  job.pixel_width = cairo_image_surface_get_width (image);
  job.rows = cairo_image_surface_get_height (image);
  job.scale = scale;
  job.width = width;
  job.height = height;

  for (int i = 0; i < n; i++)
    {
      bands[i].job = &job;
      bands[i].y0 = y[i];
      bands[i].y1 = y[i + 1];
      bands[i].seconds = 0;
      bands[i].status = CAIRO_STATUS_SUCCESS;
    }
  job.bands = bands;
  job.n_bands = n;
  job.next = 0;

  g_mutex_init (&job.lock);
  g_cond_init (&job.done);
  job.pending = 0;
  for (int i = 0; i < MIN (threads, n - 1); i++)
    {
      g_mutex_lock (&job.lock);
      job.pending++;
      g_mutex_unlock (&job.lock);
      if (!g_thread_pool_push (pool, &job, NULL))
        {
          g_mutex_lock (&job.lock);
          job.pending--;
          g_mutex_unlock (&job.lock);
        }
    }
  take_bands (&job);
  g_mutex_lock (&job.lock);
  while (job.pending > 0)
    g_cond_wait (&job.done, &job.lock);
  g_mutex_unlock (&job.lock);
  g_cond_clear (&job.done);
  g_mutex_clear (&job.lock);

  cairo_surface_mark_dirty (image);
  for (int i = 0; i < n && status == CAIRO_STATUS_SUCCESS; i++)
    status = bands[i].status;
  return status;
}

static cairo_status_t
check_target (const DpvDrawing *drawing, const DpvStyle *style, cairo_surface_t *image,
              double scale)
{
  g_return_val_if_fail (drawing != NULL && drawing->draw != NULL && style != NULL
                        && image != NULL, CAIRO_STATUS_NULL_POINTER);

  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    return cairo_surface_status (image);
  if (cairo_surface_get_type (image) != CAIRO_SURFACE_TYPE_IMAGE)
    return CAIRO_STATUS_SURFACE_TYPE_MISMATCH;
  if (!isfinite (scale) || scale <= 0)
    return CAIRO_STATUS_INVALID_MATRIX;
  return CAIRO_STATUS_SUCCESS;
}

/* Whether to draw @key in bands this time: the faster way as measured so far, each way once
 * first, and the slower way again every REMEASURE_EVERY renders. */
static gboolean
use_bands (gconstpointer key)
{
  gboolean bands;

  g_mutex_lock (&split_lock);
  {
    Split *s = split_for (key);
    gboolean faster = s->ns_per_pixel[1] < s->ns_per_pixel[0];

    s->renders++;
    if (s->ns_per_pixel[1] == 0)
      bands = TRUE;
    else if (s->ns_per_pixel[0] == 0)
      bands = FALSE;
    else if (s->renders % REMEASURE_EVERY == 0)
      bands = !faster;
    else
      bands = faster;
  }
  g_mutex_unlock (&split_lock);
  return bands;
}

/* A render of @key took @ns_per_pixel, in bands or not: a moving average per way. */
static void
measured (gconstpointer key, gboolean bands, double ns_per_pixel)
{
  g_mutex_lock (&split_lock);
  {
    Split *s = split_for (key);
    double *m = &s->ns_per_pixel[bands ? 1 : 0];

    *m = *m == 0 ? ns_per_pixel : 0.7 * *m + 0.3 * ns_per_pixel;
  }
  g_mutex_unlock (&split_lock);
}

cairo_status_t
dpv_render_image (const DpvDrawing *drawing,
                  const DpvStyle   *style,
                  cairo_surface_t  *image,
                  double            scale,
                  double            width,
                  double            height)
{
  Band bands[MAX_BANDS];
  int y[MAX_BANDS + 1];
  int rows, n, threads;
  gboolean multi;
  gint64 t0;
  cairo_status_t status = check_target (drawing, style, image, scale);

  if (status != CAIRO_STATUS_SUCCESS)
    return status;
  rows = cairo_image_surface_get_height (image);
  threads = ensure_pool ();
  n = MIN (threads + 1, rows / MIN_BAND_ROWS);
  if ((double) cairo_image_surface_get_width (image) * rows < MIN_PARALLEL_PIXELS
      || cairo_image_surface_get_data (image) == NULL)
    n = 1;
  /* At a fractional scale, user coordinates map to device ones with rounding, and a glyph
   * half-way between two pixels may round one way in a band and the other in the whole
   * image; at whole scales the band's offset adds no error. */
  if (scale != floor (scale))
    n = 1;
  n = CLAMP (n, 1, MAX_BANDS);
  /* Bands only where they are measured faster than one thread: each band repeats the
   * geometry, and on two shared cores one thread can win. */
  multi = n > 1 && drawing->band_key != NULL;
  if (multi && !use_bands (drawing->band_key))
    n = 1;

  band_rows (drawing->band_key, n, rows, y);
  t0 = g_get_monotonic_time ();
  status = render_split (drawing, style, image, scale, width, height, y, n, bands);
  if (n > 1)
    rebalance (drawing->band_key, n, rows, bands);
  if (multi)
    measured (drawing->band_key, n > 1,
              (g_get_monotonic_time () - t0) * 1e3
              / ((double) cairo_image_surface_get_width (image) * rows));
  return status;
}

cairo_status_t
dpv_render_image_split (const DpvDrawing *drawing,
                        const DpvStyle   *style,
                        cairo_surface_t  *image,
                        double            scale,
                        double            width,
                        double            height,
                        const int        *boundaries,
                        int               n_bands)
{
  Band bands[MAX_BANDS];
  cairo_status_t status = check_target (drawing, style, image, scale);

  if (status != CAIRO_STATUS_SUCCESS)
    return status;
  g_return_val_if_fail (boundaries != NULL && n_bands >= 1 && n_bands <= MAX_BANDS,
                        CAIRO_STATUS_INVALID_SIZE);
  g_return_val_if_fail (boundaries[0] == 0
                        && boundaries[n_bands] == cairo_image_surface_get_height (image),
                        CAIRO_STATUS_INVALID_SIZE);
  for (int i = 0; i < n_bands; i++)
    g_return_val_if_fail (boundaries[i] < boundaries[i + 1], CAIRO_STATUS_INVALID_SIZE);
  return render_split (drawing, style, image, scale, width, height, boundaries, n_bands,
                       bands);
}
