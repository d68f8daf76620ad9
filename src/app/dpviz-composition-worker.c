/* dpviz-composition-worker.c — the exact composition curves, computed off the UI thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ARCHITECTURE.md, "Threads and latency": the exact curve (PLD for Laplace) can take longer than
 * a frame, so it runs in a GTask worker. Each job owns a cancel flag that
 * dpv_composition_data_compute() polls; a newer request raises the flag of the older job, which
 * then returns early, and its result (if any) is dropped on arrival. The view draws the cheap
 * curves at once and the exact one when "ready" is emitted.
 */
#include "config.h"

#include "dpviz-composition-worker.h"

typedef struct {
  gatomicrefcount ref_count;
  volatile int cancel;
  DpvParams params;
} Job;

struct _DpvizCompositionWorker
{
  GObject parent_instance;

  DpvCompositionData *data;  /* newest delivered result */
  Job *job;                  /* running job, or NULL */
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
    g_free (job);
}

/* The inputs of the composition curves: k only picks a point on the fixed grid. */
static gboolean
same_inputs (const DpvParams *a,
             const DpvParams *b)
{
  return a->mechanism == b->mechanism && a->epsilon == b->epsilon && a->delta == b->delta
         && a->sensitivity == b->sensitivity;
}

static void
compute_in_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Job *job = task_data;
  DpvCompositionData *data;

  if (g_atomic_int_get (&job->cancel))
    {
      g_task_return_pointer (task, NULL, NULL);
      return;
    }
  data = dpv_composition_data_compute (&job->params, &job->cancel);
  g_task_return_pointer (task, data, (GDestroyNotify) dpv_composition_data_free);
}

static void
compute_done (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  DpvizCompositionWorker *self = DPVIZ_COMPOSITION_WORKER (source_object);
  Job *job = g_task_get_task_data (G_TASK (result));
  DpvCompositionData *data = g_task_propagate_pointer (G_TASK (result), NULL);

  if (job != self->job || g_atomic_int_get (&job->cancel))
    {
      /* Stale: a newer request superseded this one. */
      g_clear_pointer (&data, dpv_composition_data_free);
      self->n_dropped++;
      return;
    }
  if (data == NULL)
    {
      /* The computation failed for these inputs: the view keeps the cheap curves; do not
       * start it again for the same inputs (it would fail again, every frame). */
      self->failed = job->params;
      self->have_failed = TRUE;
      g_clear_pointer (&self->job, job_unref);
      self->n_dropped++;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
      return;
    }

  g_clear_pointer (&self->job, job_unref);
  g_clear_pointer (&self->data, dpv_composition_data_free);
  self->data = data;
  self->n_delivered++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
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

  g_clear_pointer (&self->data, dpv_composition_data_free);
  g_clear_pointer (&self->job, job_unref);
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
      g_value_set_boolean (value, self->job != NULL);
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
  return g_object_new (DPVIZ_TYPE_COMPOSITION_WORKER, NULL);
}

gboolean
dpviz_composition_worker_request (DpvizCompositionWorker *self,
                                  const DpvParams        *params)
{
  g_autoptr(GTask) task = NULL;
  gboolean was_pending;
  Job *job;

  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  if (self->job != NULL && same_inputs (&self->job->params, params))
    return FALSE;
  if (self->job == NULL && self->data != NULL
      && dpv_composition_data_matches (self->data, params))
    return FALSE;
  if (self->job == NULL && self->have_failed && same_inputs (&self->failed, params))
    return FALSE;

  was_pending = self->job != NULL;
  if (self->job != NULL)
    {
      g_atomic_int_set (&self->job->cancel, 1);
      g_clear_pointer (&self->job, job_unref);
    }

  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->params = *params;
  job->params.composition = NULL;
  self->job = job;
  self->n_started++;

  task = g_task_new (self, NULL, compute_done, NULL);
  g_task_set_source_tag (task, dpviz_composition_worker_request);
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify) job_unref);
  g_task_run_in_thread (task, compute_in_thread);

  if (!was_pending)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
  return TRUE;
}

const DpvCompositionData *
dpviz_composition_worker_get_data (DpvizCompositionWorker *self)
{
  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), NULL);
  return self->data;
}

gboolean
dpviz_composition_worker_get_pending (DpvizCompositionWorker *self)
{
  g_return_val_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self), FALSE);
  return self->job != NULL;
}

void
dpviz_composition_worker_cancel (DpvizCompositionWorker *self)
{
  g_return_if_fail (DPVIZ_IS_COMPOSITION_WORKER (self));

  if (self->job == NULL)
    return;
  g_atomic_int_set (&self->job->cancel, 1);
  g_clear_pointer (&self->job, job_unref);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PENDING]);
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
