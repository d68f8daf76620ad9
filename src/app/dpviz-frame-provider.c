/* dpviz-frame-provider.c — the frames of the views, computed once per change, off the UI thread
 * when expensive
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ARCHITECTURE.md, "One way through": for the visible view the window asks the provider for the
 * frame of the current parameters once per frame-clock tick. A view that is cheap, or whose
 * expensive stage is in the frame cache, gets its frame at once. The expensive stage of any
 * view that declares one (DpvViewClass.expensive: the composition curves today; simulations,
 * audits and k-means tomorrow) runs in a GTask with a GCancellable, one at a time: a newer
 * request cancels the running job (libdpcore polls the cancellable as its DpCancel), whose late
 * result is dropped, and starts when it has returned, so stale work never competes with the
 * current job or with the UI for the cores. Meanwhile the figure shows the view's preview
 * (the cheap curves), or keeps its previous frame marked pending. The plot, the read-outs and
 * the description only read the frame: drawing never starts work.
 */
#include "config.h"

#include <math.h>
#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "dpv-progress.h"
#include "dpv-text.h"
#include "dpviz-frame-provider.h"

typedef struct {
  gatomicrefcount ref_count;
  GCancellable *cancellable;
  guint view;
  DpvParams params;
  gint progress;         /* per mille reported by the stage (dpv-progress.h), −1 before any */
} Job;

typedef struct {
  DpvFrame *frame;       /* what the view shows */
  DpvParams wanted;      /* the parameters last asked for */
  gboolean have_wanted;
  gboolean pending;      /* the frame is not yet the one of @wanted */
} ViewState;

struct _DpvizFrameProvider
{
  GObject parent_instance;

  GMemoryMonitor *memory_monitor;
  DpvFrameCache *cache;
  ViewState *views;
  guint n_views;

  Job *running;          /* the one job computing (possibly cancelled), or NULL */
  guint next_view;       /* the job to start once the running one has returned */
  DpvParams next;
  gboolean have_next;
  guint failed_view;     /* inputs whose expensive stage failed (not retried) */
  DpvParams failed;
  gboolean have_failed;

  guint n_started;
  guint n_delivered;
  guint n_dropped;
  gint64 last_update_us;   /* what the last update took on the UI thread */
};

G_DEFINE_FINAL_TYPE (DpvizFrameProvider, dpviz_frame_provider, G_TYPE_OBJECT)

enum {
  FRAME_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static Job *
job_ref (Job *job)
{
  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

static void
job_unref (Job *job)
{
  if (g_atomic_ref_count_dec (&job->ref_count))
    {
      g_object_unref (job->cancellable);
      g_free (job);
    }
}

/* Same inputs of @view's expensive stage. */
static gboolean
same_data (guint view, const DpvParams *a, const DpvParams *b)
{
  const DpvViewClass *klass = dpv_registry_get (view);

  return a->mechanism == b->mechanism
         && dpv_params_equal (a, b,
                              dpv_param_set_applicable (dpv_view_class_get_data_uses (klass),
                                                        a->mechanism));
}

static void
set_frame (DpvizFrameProvider *self, guint view, DpvFrame *frame, gboolean pending)
{
  ViewState *st = &self->views[view];
  gboolean changed = frame != st->frame || pending != st->pending;

  if (frame != st->frame)
    {
      g_clear_pointer (&st->frame, dpv_frame_unref);
      st->frame = frame != NULL ? dpv_frame_ref (frame) : NULL;
    }
  st->pending = pending;
  if (changed)
    g_signal_emit (self, signals[FRAME_CHANGED], 0, view);
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  DpvizFrameProvider *self = source_object;
  Job *job = task_data;
  DpvFrame *frame;

  frame = dpv_frame_compute (dpv_registry_get (job->view), &job->params, self->cache,
                             cancellable, NULL);
  g_task_return_pointer (task, frame, (GDestroyNotify) dpv_frame_unref);
}

static void start_job (DpvizFrameProvider *self, guint view, const DpvParams *params);

static void
compute_done (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  DpvizFrameProvider *self = DPVIZ_FRAME_PROVIDER (source_object);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(DpvFrame) frame = g_task_propagate_pointer (G_TASK (result), NULL);
  ViewState *st = &self->views[job->view];
  guint view = job->view;
  gboolean wanted;

  g_assert (job == self->running);
  self->running = NULL;
  wanted = st->have_wanted && same_data (view, &job->params, &st->wanted);

  if (g_cancellable_is_cancelled (job->cancellable) || frame == NULL || !wanted)
    self->n_dropped++;   /* stale: a newer request superseded this one */
  else
    {
      g_autoptr(DpvFrame) current = NULL;

      if (dpv_frame_get_result (frame) == NULL)
        {
          /* the stage failed for these inputs: show why, and do not start it again */
          self->failed_view = view;
          self->failed = job->params;
          self->have_failed = TRUE;
        }
      /* the expensive stage is cached now: the cheap stage at the newest parameters */
      current = dpv_frame_try_compute (dpv_registry_get (view), &st->wanted, self->cache);
      set_frame (self, view, current != NULL ? current : frame, FALSE);
      self->n_delivered++;
    }
  job_unref (job);

  if (self->have_next)
    {
      self->have_next = FALSE;
      start_job (self, self->next_view, &self->next);
    }
}

/* The stage's progress, in its thread: the job outlives the computation (it is the task's
 * data), so the listener holds no reference. */
static void
on_progress (double   fraction,
             gpointer user_data)
{
  Job *job = user_data;

  g_atomic_int_set (&job->progress, (gint) lround (1000.0 * fraction));
}

static void
start_job (DpvizFrameProvider *self,
           guint               view,
           const DpvParams    *params)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_assert (self->running == NULL);

  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->cancellable = g_cancellable_new ();
  job->view = view;
  job->params = *params;
  job->progress = -1;
  dpv_progress_attach (job->cancellable, on_progress, job, NULL);
  self->running = job;
  self->n_started++;

  task = g_task_new (self, job->cancellable, compute_done, NULL);
  g_task_set_source_tag (task, start_job);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify) job_unref);
  g_task_run_in_thread (task, compute_in_thread);
}

/* Asks for @view's expensive stage at @params, unless it is running or queued already. */
static void
request (DpvizFrameProvider *self,
         guint               view,
         const DpvParams    *params)
{
  if (self->have_failed && self->failed_view == view && same_data (view, &self->failed, params))
    return;
  if (self->have_next && self->next_view == view && same_data (view, &self->next, params))
    return;
  if (self->running != NULL && self->running->view == view
      && !g_cancellable_is_cancelled (self->running->cancellable)
      && same_data (view, &self->running->params, params))
    {
      self->have_next = FALSE;
      return;
    }
  if (self->running != NULL)
    {
      g_cancellable_cancel (self->running->cancellable);
      self->next_view = view;
      self->next = *params;
      self->have_next = TRUE;
    }
  else
    start_job (self, view, params);
}

void
dpviz_frame_provider_update (DpvizFrameProvider *self,
                             guint               view,
                             const DpvParams    *params)
{
  const DpvViewClass *klass;
  ViewState *st;
  g_autoptr(DpvFrame) frame = NULL;
  gint64 start = g_get_monotonic_time ();

  g_return_if_fail (DPVIZ_IS_FRAME_PROVIDER (self));
  g_return_if_fail (view < self->n_views);
  g_return_if_fail (params != NULL);

  klass = dpv_registry_get (view);
  st = &self->views[view];
  if (st->have_wanted && st->frame != NULL && !st->pending
      && memcmp (&st->wanted, params, sizeof *params) == 0)
    return;
  st->wanted = *params;
  st->have_wanted = TRUE;

  frame = dpv_frame_try_compute (klass, params, self->cache);
  if (frame != NULL)
    {
      /* nothing expensive is wanted any more for this view */
      if (self->have_next && self->next_view == view)
        self->have_next = FALSE;
      if (self->running != NULL && self->running->view == view)
        g_cancellable_cancel (self->running->cancellable);
      self->last_update_us = g_get_monotonic_time () - start;
      set_frame (self, view, frame, FALSE);
      return;
    }

  request (self, view, params);
  frame = dpv_frame_compute_preview (klass, params, self->cache);
  self->last_update_us = g_get_monotonic_time () - start;
  if (frame != NULL)
    set_frame (self, view, frame, TRUE);
  else
    set_frame (self, view, st->frame, TRUE);   /* the previous figure, marked pending */
}

DpvFrame *
dpviz_frame_provider_get_frame (DpvizFrameProvider *self,
                                guint               view)
{
  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), NULL);
  g_return_val_if_fail (view < self->n_views, NULL);
  return self->views[view].frame;
}

gboolean
dpviz_frame_provider_get_pending (DpvizFrameProvider *self,
                                  guint               view)
{
  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), FALSE);
  g_return_val_if_fail (view < self->n_views, FALSE);
  return self->views[view].pending;
}

double
dpviz_frame_provider_get_progress (DpvizFrameProvider *self,
                                   guint               view)
{
  gint permille;

  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), -1.0);

  if (self->running == NULL || self->running->view != view
      || g_cancellable_is_cancelled (self->running->cancellable))
    return -1.0;
  permille = g_atomic_int_get (&self->running->progress);
  return permille < 0 ? -1.0 : permille / 1000.0;
}

gboolean
dpviz_frame_provider_get_busy (DpvizFrameProvider *self)
{
  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), FALSE);
  return self->running != NULL || self->have_next;
}

DpvFrameCache *
dpviz_frame_provider_get_cache (DpvizFrameProvider *self)
{
  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), NULL);
  return self->cache;
}

void
dpviz_frame_provider_cancel (DpvizFrameProvider *self)
{
  g_return_if_fail (DPVIZ_IS_FRAME_PROVIDER (self));

  self->have_next = FALSE;
  if (self->running != NULL)
    g_cancellable_cancel (self->running->cancellable);
}

gint64
dpviz_frame_provider_get_last_update_duration (DpvizFrameProvider *self)
{
  g_return_val_if_fail (DPVIZ_IS_FRAME_PROVIDER (self), 0);
  return self->last_update_us;
}

void
dpviz_frame_provider_get_stats (DpvizFrameProvider *self,
                                guint              *n_started,
                                guint              *n_delivered,
                                guint              *n_dropped)
{
  g_return_if_fail (DPVIZ_IS_FRAME_PROVIDER (self));

  if (n_started != NULL)
    *n_started = self->n_started;
  if (n_delivered != NULL)
    *n_delivered = self->n_delivered;
  if (n_dropped != NULL)
    *n_dropped = self->n_dropped;
}

void
dpviz_frame_provider_trim (DpvizFrameProvider *self)
{
  g_return_if_fail (DPVIZ_IS_FRAME_PROVIDER (self));
  dpv_frame_cache_clear (self->cache);
  dpv_text_cache_trim ();
#ifdef HAVE_MALLOC_TRIM
  /* glibc keeps freed memory in each thread's arena; the compute threads leave theirs */
  malloc_trim (0);
#endif
}

static void
low_memory_warning_cb (GMemoryMonitor *monitor, GMemoryMonitorWarningLevel level,
                       DpvizFrameProvider *self)
{
  dpviz_frame_provider_trim (self);
}

static void
dpviz_frame_provider_dispose (GObject *object)
{
  DpvizFrameProvider *self = DPVIZ_FRAME_PROVIDER (object);

  if (self->memory_monitor != NULL)
    g_signal_handlers_disconnect_by_data (self->memory_monitor, self);
  g_clear_object (&self->memory_monitor);
  dpviz_frame_provider_cancel (self);
  G_OBJECT_CLASS (dpviz_frame_provider_parent_class)->dispose (object);
}

static void
dpviz_frame_provider_finalize (GObject *object)
{
  DpvizFrameProvider *self = DPVIZ_FRAME_PROVIDER (object);

  g_assert (self->running == NULL);  /* the GTask keeps the provider alive until it returns */
  for (guint i = 0; i < self->n_views; i++)
    g_clear_pointer (&self->views[i].frame, dpv_frame_unref);
  g_free (self->views);
  g_clear_pointer (&self->cache, dpv_frame_cache_unref);
  G_OBJECT_CLASS (dpviz_frame_provider_parent_class)->finalize (object);
}

static void
dpviz_frame_provider_class_init (DpvizFrameProviderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dpviz_frame_provider_dispose;
  object_class->finalize = dpviz_frame_provider_finalize;

  /**
   * DpvizFrameProvider::frame-changed:
   * @view: the registry index of the view
   *
   * The frame of @view, or whether it is pending, changed.
   */
  signals[FRAME_CHANGED] =
    g_signal_new ("frame-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
dpviz_frame_provider_init (DpvizFrameProvider *self)
{
  /* a few parameter sets per view: going back to earlier values costs nothing */
  self->n_views = dpv_registry_get_n_views ();
  self->cache = dpv_frame_cache_new (8 * self->n_views);
  self->views = g_new0 (ViewState, self->n_views);
  self->memory_monitor = g_memory_monitor_dup_default ();
  if (self->memory_monitor != NULL)
    g_signal_connect (self->memory_monitor, "low-memory-warning",
                      G_CALLBACK (low_memory_warning_cb), self);
}

DpvizFrameProvider *
dpviz_frame_provider_new (void)
{
  return g_object_new (DPVIZ_TYPE_FRAME_PROVIDER, NULL);
}
