/* dpviz-composition-worker.c — the exact composition curves, computed off the UI thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ARCHITECTURE.md, "Threads and latency": the exact curve (PLD for Laplace) can take longer than
 * a frame, so the view's expensive stage runs in a GTask worker, through the window's frame
 * cache. Each job owns a GCancellable (libdpcore polls it as its cancel flag); a newer request
 * cancels the older job, which then returns early, and its result (if any) is dropped on
 * arrival; only then does the newest request start, so at most one computation runs. The view
 * draws the cheap curves at once and the exact one when "ready" is emitted.
 */
#include "config.h"

#include "dpviz-composition-worker.h"

typedef struct {
  gatomicrefcount ref_count;
  GCancellable *cancellable;
  DpvParams params;
} Job;

struct _DpvizCompositionWorker
{
  GObject parent_instance;

  DpvFrameCache *cache;
  DpvFrame *frame;           /* newest delivered result */
  Job *running;              /* the one job computing (possibly cancelled), or NULL */
  DpvParams next;            /* inputs to compute once the cancelled running job returns */
  gboolean have_next;
  DpvParams failed;          /* inputs whose computation failed (not retried) */
  gboolean have_failed;

  guint n_started;
  guint n_delivered;
  guint n_dropped;
};

G_DEFINE_FINAL_TYPE (DpvizCompositionWorker, dpviz_composition_worker, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PENDING,
  N_PROPS
};

enum {
  READY,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
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

/* The inputs of the composition curves (the view's data_uses): k only picks a point on the
 * fixed grid, and the curves do not depend on Δ, so dragging Δ or k never starts a new
 * computation. */
static gboolean
same_inputs (const DpvParams *a,
             const DpvParams *b)
{
  return dpv_params_equal (a, b, dpv_view_class_get_data_uses (&dpv_composition_view));
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  DpvizCompositionWorker *self = source_object;
  Job *job = task_data;
  DpvFrame *frame;

  frame = dpv_frame_compute (&dpv_composition_view, &job->params, self->cache,
                             job->cancellable, NULL);
  g_task_return_pointer (task, frame, (GDestroyNotify) dpv_frame_unref);
}

static void start_job (DpvizCompositionWorker *self, const DpvParams *params);

static void
compute_done (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  DpvizCompositionWorker *self = DPVIZ_COMPOSITION_WORKER (source_object);
  Job *job = g_task_get_task_data (G_TASK (result));
  DpvFrame *frame = g_task_propagate_pointer (G_TASK (result), NULL);
  gboolean delivered = FALSE;

  g_assert (job == self->running);
  g_clear_pointer (&self->running, job_unref);

  if (g_cancellable_is_cancelled (job->cancellable))
    {
      /* Stale: a newer request superseded this one. */
      g_clear_pointer (&frame, dpv_frame_unref);
      self->n_dropped++;
    }
  else if (frame == NULL || dpv_frame_get_data (frame) == NULL)
    {
      /* The computation failed for these inputs: the view keeps the cheap curves; do not
       * start it again for the same inputs (it would fail again, every frame). */
      g_clear_pointer (&frame, dpv_frame_unref);
      self->failed = job->params;
      self->have_failed = TRUE;
      self->n_dropped++;
    }
  else
    {
      g_clear_pointer (&self->frame, dpv_frame_unref);
      self->frame = frame;
      self->n_delivered++;
      delivered = TRUE;
    }

  if (self->have_next)
    {
      self->have_next = FALSE;
      start_job (self, &self->next);
    }
  else
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);

  if (delivered)
    g_signal_emit (self, signals[READY], 0);
}

static void
dpviz_composition_worker_dispose (GObject *object)
{
  DpvizCompositionWorker *self = DPVIZ_COMPOSITION_WORKER (object);

  dpviz_composition_worker_cancel (self);
  G_OBJECT_CLASS (dpviz_composition_worker_parent_class)->dispose (object);
}

static void
dpviz_composition_worker_finalize (GObject *object)
{
  DpvizCompositionWorker *self = DPVIZ_COMPOSITION_WORKER (object);

  g_clear_pointer (&self->frame, dpv_frame_unref);
  g_clear_pointer (&self->cache, dpv_frame_cache_unref);
  g_assert (self->running == NULL);  /* the GTask keeps the worker alive until it returns */
  G_OBJECT_CLASS (dpviz_composition_worker_parent_class)->finalize (object);
}

static void
dpviz_composition_worker_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  DpvizCompositionWorker *self = DPVIZ_COMPOSITION_WORKER (object);

  switch (prop_id)
    {
    case PROP_PENDING:
      g_value_set_boolean (value, dpviz_composition_worker_get_pending (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dpviz_composition_worker_class_init (DpvizCompositionWorkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = dpviz_composition_worker_dispose;
  object_class->finalize = dpviz_composition_worker_finalize;
  object_class->get_property = dpviz_composition_worker_get_property;

  properties[PROP_PENDING] =
    g_param_spec_boolean ("pending", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[READY] =
    g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dpviz_composition_worker_init (DpvizCompositionWorker *self)
{
}

DpvizCompositionWorker *
dpviz_composition_worker_new (void)
{
  g_autoptr(DpvFrameCache) cache = dpv_frame_cache_new (16);

  return dpviz_composition_worker_new_with_cache (cache);
}

DpvizCompositionWorker *
dpviz_composition_worker_new_with_cache (DpvFrameCache *cache)
{
  DpvizCompositionWorker *self = g_object_new (DPVIZ_TYPE_COMPOSITION_WORKER, NULL);

  self->cache = dpv_frame_cache_ref (cache);
  return self;
}

static void
start_job (DpvizCompositionWorker *self,
           const DpvParams        *params)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_assert (self->running == NULL);

  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->params = *params;
  job->cancellable = g_cancellable_new ();
  self->running = job;
  self->n_started++;

  task = g_task_new (self, job->cancellable, compute_done, NULL);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_source_tag (task, start_job);
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify) job_unref);
  g_task_run_in_thread (task, compute_in_thread);
}

/* At most one computation runs at a time: a newer request raises the running job's cancel
 * flag and waits for it to return (promptly) before starting, so stale jobs never compete
 * with the current one, or with the UI thread, for the cores. */
gboolean
dpviz_composition_worker_request (DpvizCompositionWorker *self,
                                  const DpvParams        *params)
{
  gboolean was_pending;

  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  if (self->have_next && same_inputs (&self->next, params))
    return FALSE;
  if (self->running != NULL && !g_cancellable_is_cancelled (self->running->cancellable)
      && same_inputs (&self->running->params, params))
    return FALSE;
  if (self->frame != NULL && same_inputs (dpv_frame_get_params (self->frame), params))
    {
      /* Back to values already computed: nothing else is wanted. */
      if (self->running != NULL)
        g_cancellable_cancel (self->running->cancellable);
      self->have_next = FALSE;
      return FALSE;
    }
  if (self->have_failed && same_inputs (&self->failed, params))
    return FALSE;

  was_pending = self->running != NULL || self->have_next;
  if (self->running != NULL)
    {
      g_cancellable_cancel (self->running->cancellable);
      self->next = *params;
      self->have_next = TRUE;
    }
  else
    start_job (self, params);

  if (!was_pending)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
  return TRUE;
}

const DpvCompositionData *
dpviz_composition_worker_get_data (DpvizCompositionWorker *self)
{
  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), NULL);
  return self->frame != NULL ? dpv_frame_get_data (self->frame) : NULL;
}

gboolean
dpviz_composition_worker_get_pending (DpvizCompositionWorker *self)
{
  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), FALSE);
  return self->running != NULL || self->have_next;
}

void
dpviz_composition_worker_cancel (DpvizCompositionWorker *self)
{
  g_return_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self));

  /* The running job returns promptly and is dropped; "pending" turns FALSE then. */
  self->have_next = FALSE;
  if (self->running != NULL)
    g_cancellable_cancel (self->running->cancellable);
}

void
dpviz_composition_worker_get_stats (DpvizCompositionWorker *self,
                                    guint                  *n_started,
                                    guint                  *n_delivered,
                                    guint                  *n_dropped)
{
  g_return_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self));

  if (n_started)
    *n_started = self->n_started;
  if (n_delivered)
    *n_delivered = self->n_delivered;
  if (n_dropped)
    *n_dropped = self->n_dropped;
}

DpvFrameCache *
dpviz_composition_worker_get_cache (DpvizCompositionWorker *self)
{
  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), NULL);
  return self->cache;
}

DpvFrame *
dpviz_composition_worker_get_frame (DpvizCompositionWorker *self,
                                    const DpvViewClass     *view,
                                    const DpvParams        *params)
{
  DpvFrame *frame;

  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), NULL);

  frame = dpv_frame_try_compute (view, params, self->cache);
  if (frame != NULL || !view->expensive)
    return frame;
  /* the expensive stage off this thread; meanwhile its preview */
  if (view == &dpv_composition_view)
    dpviz_composition_worker_request (self, params);
  return dpv_frame_compute_preview (view, params, self->cache);
}
