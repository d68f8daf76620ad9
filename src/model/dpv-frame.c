/* dpv-frame.c — frames, the frame cache, and what every view's texts share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dpv-frame.h"

/* A computed value shared by frames and the cache. */
typedef struct {
  gatomicrefcount ref_count;
  gpointer value;
  GDestroyNotify free_func;
} Shared;

static Shared *
shared_new (gpointer value, GDestroyNotify free_func)
{
  Shared *s = g_new0 (Shared, 1);

  g_atomic_ref_count_init (&s->ref_count);
  s->value = value;
  s->free_func = free_func;
  return s;
}

static Shared *
shared_ref (Shared *s)
{
  g_atomic_ref_count_inc (&s->ref_count);
  return s;
}

static void
shared_unref (Shared *s)
{
  if (s == NULL || !g_atomic_ref_count_dec (&s->ref_count))
    return;
  if (s->free_func != NULL && s->value != NULL)
    s->free_func (s->value);
  g_free (s);
}

struct _DpvFrame
{
  gatomicrefcount ref_count;
  const DpvViewClass *view;
  DpvParams params;
  DpMechanism mechanism;
  gboolean has_mechanism;
  char *error;
  gboolean invalid;      /* the parameters are out of range */
  gboolean unsupported;  /* the view does not draw the parameters' mechanism */
  Shared *data;
  Shared *result;
  gboolean pending;
};

/* ---- the cache --------------------------------------------------------------------------- */

typedef enum { ENTRY_RESULT, ENTRY_DATA, ENTRY_PREVIEW } EntryKind;

typedef struct {
  const DpvViewClass *view;
  EntryKind kind;
  DpvParamSet set;
  DpvParams params;
  Shared *value;
} Entry;

typedef struct {
  guint n[3];
} Counts;

struct _DpvFrameCache
{
  gatomicrefcount ref_count;
  GMutex lock;
  guint capacity;
  GQueue entries;        /* of Entry*, most recently used first */
  GHashTable *counts;    /* DpvViewClass* → Counts* */
};

static void
entry_free (Entry *e)
{
  shared_unref (e->value);
  g_free (e);
}

DpvFrameCache *
dpv_frame_cache_new (guint capacity)
{
  DpvFrameCache *cache = g_new0 (DpvFrameCache, 1);

  g_atomic_ref_count_init (&cache->ref_count);
  g_mutex_init (&cache->lock);
  cache->capacity = MAX (capacity, 3u);
  g_queue_init (&cache->entries);
  cache->counts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return cache;
}

void
dpv_frame_cache_clear (DpvFrameCache *cache)
{
  g_return_if_fail (cache != NULL);
  g_mutex_lock (&cache->lock);
  g_queue_clear_full (&cache->entries, (GDestroyNotify) entry_free);
  g_mutex_unlock (&cache->lock);
}

DpvFrameCache *
dpv_frame_cache_ref (DpvFrameCache *cache)
{
  g_return_val_if_fail (cache != NULL, NULL);
  g_atomic_ref_count_inc (&cache->ref_count);
  return cache;
}

void
dpv_frame_cache_unref (DpvFrameCache *cache)
{
  if (cache == NULL || !g_atomic_ref_count_dec (&cache->ref_count))
    return;
  g_queue_clear_full (&cache->entries, (GDestroyNotify) entry_free);
  g_hash_table_unref (cache->counts);
  g_mutex_clear (&cache->lock);
  g_free (cache);
}

void
dpv_frame_cache_get_stats (DpvFrameCache *cache, const DpvViewClass *view, guint *n_results,
                           guint *n_data, guint *n_previews)
{
  Counts total = { { 0, 0, 0 } };
  GHashTableIter iter;
  gpointer key, value;

  g_return_if_fail (cache != NULL);

  g_mutex_lock (&cache->lock);
  g_hash_table_iter_init (&iter, cache->counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (view == NULL || key == view)
      for (int i = 0; i < 3; i++)
        total.n[i] += ((Counts *) value)->n[i];
  g_mutex_unlock (&cache->lock);
  if (n_results != NULL)
    *n_results = total.n[ENTRY_RESULT];
  if (n_data != NULL)
    *n_data = total.n[ENTRY_DATA];
  if (n_previews != NULL)
    *n_previews = total.n[ENTRY_PREVIEW];
}

static Shared *
cache_lookup (DpvFrameCache *cache, const DpvViewClass *view, EntryKind kind, DpvParamSet set,
              const DpvParams *params)
{
  Shared *found = NULL;

  if (cache == NULL)
    return NULL;
  g_mutex_lock (&cache->lock);
  for (GList *l = cache->entries.head; l != NULL; l = l->next)
    {
      Entry *e = l->data;

      if (e->view == view && e->kind == kind && e->set == set
          && dpv_params_equal (&e->params, params, set))
        {
          found = shared_ref (e->value);
          g_queue_unlink (&cache->entries, l);
          g_queue_push_head_link (&cache->entries, l);
          break;
        }
    }
  g_mutex_unlock (&cache->lock);
  return found;
}

static void
cache_count (DpvFrameCache *cache, const DpvViewClass *view, EntryKind kind)
{
  Counts *c;

  if (cache == NULL)
    return;
  g_mutex_lock (&cache->lock);
  c = g_hash_table_lookup (cache->counts, view);
  if (c == NULL)
    {
      c = g_new0 (Counts, 1);
      g_hash_table_insert (cache->counts, (gpointer) view, c);
    }
  c->n[kind]++;
  g_mutex_unlock (&cache->lock);
}

static void
cache_insert (DpvFrameCache *cache, const DpvViewClass *view, EntryKind kind, DpvParamSet set,
              const DpvParams *params, Shared *value)
{
  Entry *e;

  if (cache == NULL)
    return;
  e = g_new0 (Entry, 1);
  e->view = view;
  e->kind = kind;
  e->set = set;
  e->params = *params;
  e->value = shared_ref (value);
  g_mutex_lock (&cache->lock);
  g_queue_push_head (&cache->entries, e);
  while (g_queue_get_length (&cache->entries) > cache->capacity)
    entry_free (g_queue_pop_tail (&cache->entries));
  g_mutex_unlock (&cache->lock);
}

/* ---- frames ------------------------------------------------------------------------------ */

typedef enum {
  MODE_FULL,     /* compute whatever is missing */
  MODE_TRY,      /* no expensive stage */
  MODE_PREVIEW,  /* the expensive stage's preview when it is missing */
} Mode;

static DpvFrame *
frame_new (const DpvViewClass *view, const DpvParams *params)
{
  DpvFrame *frame = g_new0 (DpvFrame, 1);
  g_autoptr(GError) error = NULL;

  g_atomic_ref_count_init (&frame->ref_count);
  frame->view = view;
  frame->params = *params;
  if (!dpv_params_validate (params, &error))
    {
      frame->error = g_strdup (error->message);
      frame->invalid = TRUE;
    }
  else if (dpv_params_mechanism (params, &frame->mechanism) != DP_OK)
    frame->error = g_strdup (_("The mechanism cannot be calibrated for these values"));
  else
    {
      const char *reason = NULL;

      frame->has_mechanism = TRUE;
      if (!dpv_view_class_supports (view, params->mechanism, &reason))
        {
          frame->error = g_strdup (reason);
          frame->unsupported = TRUE;
        }
    }
  return frame;
}

static gboolean
check_cancelled (GCancellable *cancellable, GError **error)
{
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

/* The expensive stage for @frame: from the cache, computed (MODE_FULL), or its preview
 * (MODE_PREVIEW). FALSE when it cannot or should not be had (MODE_TRY of an expensive view,
 * no preview) or when cancelled (@error set then). */
static gboolean
frame_data (DpvFrame *frame, DpvFrameCache *cache, Mode mode, GCancellable *cancellable,
            GError **error)
{
  const DpvViewClass *view = frame->view;
  DpvParamSet set = dpv_param_set_applicable (dpv_view_class_get_data_uses (view),
                                              frame->params.mechanism);
  g_autoptr(GError) local = NULL;
  gpointer value;

  frame->data = cache_lookup (cache, view, ENTRY_DATA, set, &frame->params);
  if (frame->data != NULL)
    return TRUE;
  if (view->expensive && mode == MODE_TRY)
    return FALSE;
  if (view->expensive && mode == MODE_PREVIEW)
    {
      if (view->preview_data == NULL)
        return FALSE;
      frame->pending = TRUE;
      frame->data = cache_lookup (cache, view, ENTRY_PREVIEW, set, &frame->params);
      if (frame->data != NULL)
        return TRUE;
      value = view->preview_data (&frame->params, &frame->mechanism);
      frame->data = shared_new (value, view->free_data);
      cache_count (cache, view, ENTRY_PREVIEW);
      cache_insert (cache, view, ENTRY_PREVIEW, set, &frame->params, frame->data);
      return TRUE;
    }
  value = view->compute_data (&frame->params, &frame->mechanism, cancellable, &local);
  if (check_cancelled (cancellable, error))
    {
      if (value != NULL)
        view->free_data (value);
      return FALSE;
    }
  frame->data = shared_new (value, view->free_data);
  if (value == NULL)
    {
      frame->error = g_strdup (local != NULL ? local->message
                                             : _("The figure could not be computed"));
      return TRUE;
    }
  cache_count (cache, view, ENTRY_DATA);
  cache_insert (cache, view, ENTRY_DATA, set, &frame->params, frame->data);
  return TRUE;
}

static DpvFrame *
frame_build (const DpvViewClass *view, const DpvParams *params, DpvFrameCache *cache,
             Mode mode, GCancellable *cancellable, GError **error)
{
  g_autoptr(DpvFrame) frame = NULL;
  g_autoptr(GError) local = NULL;
  DpvParamSet set;
  gpointer value;

  g_return_val_if_fail (view != NULL && params != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  frame = frame_new (view, params);
  if (frame->error != NULL)
    return g_steal_pointer (&frame);
  if (check_cancelled (cancellable, error))
    return NULL;

  if (view->compute_data != NULL)
    {
      if (!frame_data (frame, cache, mode, cancellable, error))
        return NULL;
      if (frame->error != NULL)
        return g_steal_pointer (&frame);
    }
  else if (view->expensive && mode != MODE_FULL)
    {
      /* one expensive stage and no preview: only the cache can help */
      set = dpv_param_set_applicable (dpv_view_class_get_uses (view), params->mechanism);
      frame->result = cache_lookup (cache, view, ENTRY_RESULT, set, params);
      return frame->result != NULL ? g_steal_pointer (&frame) : NULL;
    }

  set = dpv_param_set_applicable (dpv_view_class_get_uses (view), params->mechanism);
  if (!frame->pending)
    {
      frame->result = cache_lookup (cache, view, ENTRY_RESULT, set, params);
      if (frame->result != NULL)
        return g_steal_pointer (&frame);
    }
  value = view->compute (&frame->params, &frame->mechanism,
                         frame->data != NULL ? frame->data->value : NULL, cancellable, &local);
  if (check_cancelled (cancellable, error))
    {
      if (value != NULL)
        view->free_result (value);
      return NULL;
    }
  if (value == NULL)
    {
      frame->error = g_strdup (local != NULL ? local->message
                                             : _("The figure could not be computed"));
      return g_steal_pointer (&frame);
    }
  frame->result = shared_new (value, view->free_result);
  if (!frame->pending)
    {
      cache_count (cache, view, ENTRY_RESULT);
      cache_insert (cache, view, ENTRY_RESULT, set, params, frame->result);
    }
  return g_steal_pointer (&frame);
}

DpvFrame *
dpv_frame_compute (const DpvViewClass *view, const DpvParams *params, DpvFrameCache *cache,
                   GCancellable *cancellable, GError **error)
{
  return frame_build (view, params, cache, MODE_FULL, cancellable, error);
}

DpvFrame *
dpv_frame_try_compute (const DpvViewClass *view, const DpvParams *params,
                       DpvFrameCache *cache)
{
  return frame_build (view, params, cache, MODE_TRY, NULL, NULL);
}

DpvFrame *
dpv_frame_compute_preview (const DpvViewClass *view, const DpvParams *params,
                           DpvFrameCache *cache)
{
  return frame_build (view, params, cache, MODE_PREVIEW, NULL, NULL);
}

DpvFrame *
dpv_frame_ref (DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  g_atomic_ref_count_inc (&frame->ref_count);
  return frame;
}

void
dpv_frame_unref (DpvFrame *frame)
{
  if (frame == NULL || !g_atomic_ref_count_dec (&frame->ref_count))
    return;
  shared_unref (frame->result);
  shared_unref (frame->data);
  g_free (frame->error);
  g_free (frame);
}

const DpvViewClass *
dpv_frame_get_view (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  return frame->view;
}

const DpvParams *
dpv_frame_get_params (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  return &frame->params;
}

const DpMechanism *
dpv_frame_get_mechanism (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  return frame->has_mechanism ? &frame->mechanism : NULL;
}

gconstpointer
dpv_frame_get_result (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  return frame->result != NULL ? frame->result->value : NULL;
}

gconstpointer
dpv_frame_get_data (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  return frame->data != NULL ? frame->data->value : NULL;
}

gboolean
dpv_frame_is_pending (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, FALSE);
  return frame->pending;
}

const char *
dpv_frame_get_error (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);
  if (frame->error == NULL && frame->result == NULL)
    return _("The figure could not be computed");
  return frame->error;
}

gboolean
dpv_frame_matches (const DpvFrame *frame, const DpvViewClass *view, const DpvParams *params)
{
  g_return_val_if_fail (frame != NULL && params != NULL, FALSE);

  return frame->view == view
         && frame->params.mechanism == params->mechanism
         && dpv_params_equal (&frame->params, params,
                              dpv_param_set_applicable (dpv_view_class_get_uses (view),
                                                        params->mechanism));
}

/* ---- texts ------------------------------------------------------------------------------- */

GPtrArray *
dpv_frame_readouts (const DpvFrame *frame)
{
  GPtrArray *out;

  g_return_val_if_fail (frame != NULL, NULL);

  out = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_readout_free);
  if (dpv_frame_get_result (frame) == NULL)
    dpv_readout_add (out, frame->unsupported ? _("Not drawn for this mechanism")
                                             : _("Invalid parameters"),
                     g_strdup (dpv_frame_get_error (frame)));
  else
    frame->view->readouts (frame, out);
  return out;
}

char *
dpv_frame_caption (const DpvFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);

  if (dpv_frame_get_result (frame) == NULL)
    return NULL;
  return frame->view->caption (frame);
}

char *
dpv_frame_describe (const DpvFrame *frame)
{
  g_autofree char *numbers = NULL;
  g_autofree char *markup = NULL;

  g_return_val_if_fail (frame != NULL, NULL);

  if (frame->invalid)
    return g_strdup_printf (_("%s: cannot be drawn: %s"), frame->view->name, frame->error);
  if (dpv_frame_get_result (frame) == NULL)
    return g_strdup (dpv_frame_get_error (frame));
  if (frame->view->describe != NULL)
    return frame->view->describe (frame);
  numbers = frame->view->caption (frame);
  if (dpv_view_class_uses (frame->view, DPV_PARAM_MECHANISM))
    markup = g_strdup_printf ("%s (%s). %s. %s", dpv_view_class_get_title (frame->view),
                              dpv_mechanism_label (frame->mechanism.kind), numbers,
                              _(frame->view->more_private));
  else
    markup = g_strdup_printf ("%s. %s. %s", dpv_view_class_get_title (frame->view), numbers,
                              _(frame->view->more_private));
  return dpv_markup_to_plain (markup);
}

GPtrArray *
dpv_view_readouts (const DpvViewClass *view, const DpvParams *params)
{
  g_autoptr(DpvFrame) frame = dpv_frame_compute (view, params, NULL, NULL, NULL);

  return dpv_frame_readouts (frame);
}

char *
dpv_view_describe (const DpvViewClass *view, const DpvParams *params)
{
  g_autoptr(DpvFrame) frame = dpv_frame_compute (view, params, NULL, NULL, NULL);

  return dpv_frame_describe (frame);
}

/* ---- the view class ---------------------------------------------------------------------- */

DpvParamSet
dpv_view_class_get_uses (const DpvViewClass *view)
{
  g_return_val_if_fail (view != NULL, 0);
  return dpv_param_set_from_ids (view->uses);
}

DpvParamSet
dpv_view_class_get_data_uses (const DpvViewClass *view)
{
  g_return_val_if_fail (view != NULL, 0);
  return dpv_param_set_from_ids (view->data_uses != NULL ? view->data_uses : view->uses);
}

gboolean
dpv_view_class_supports (const DpvViewClass *view, DpMechanismKind mechanism,
                         const char **reason)
{
  g_return_val_if_fail (view != NULL, FALSE);

  if (view->mechanisms == 0 || (view->mechanisms & (1u << mechanism)) != 0)
    return TRUE;
  if (reason != NULL)
    *reason = view->mechanisms_reason != NULL ? _(view->mechanisms_reason)
                                              : _("This view does not draw this mechanism");
  return FALSE;
}

char *
dpv_view_params_summary (const DpvViewClass *view, const DpvParams *params)
{
  GString *s = g_string_new (NULL);

  g_return_val_if_fail (view != NULL && params != NULL, NULL);
  for (int id = 0; id < DPV_N_PARAMS; id++)
    {
      const DpvParamSpec *spec = dpv_param_spec ((DpvParamId) id);
      DpvParamValue value;
      g_autofree char *text = NULL;

      if (!dpv_view_class_uses (view, (DpvParamId) id)
          || !dpv_param_applies (spec, params->mechanism, NULL))
        continue;
      dpv_params_get (params, (DpvParamId) id, &value);
      switch (spec->kind)
        {
        case DPV_PARAM_KIND_ENUM:
          for (guint c = 0; c < spec->n_choices; c++)
            if (spec->choices[c].value == value.e)
              text = g_strdup (_(spec->choices[c].label));
          break;
        case DPV_PARAM_KIND_DOUBLE:
          /* a negative value means "automatic": nothing to state */
          if (spec->symbol != NULL && value.d >= 0)
            {
              g_autofree char *number = dpv_format_shortest (value.d);

              text = g_strdup_printf ("%s = %s", spec->symbol, number);
            }
          break;
        case DPV_PARAM_KIND_UINT:
          if (spec->symbol != NULL)
            text = g_strdup_printf ("%s = %lu", spec->symbol, (unsigned long) value.u);
          break;
        default:
          break;
        }
      if (text == NULL)
        continue;
      if (s->len > 0)
        g_string_append (s, " · ");
      g_string_append (s, text);
    }
  return g_string_free (s, FALSE);
}

gboolean
dpv_view_class_uses (const DpvViewClass *view, DpvParamId id)
{
  return (dpv_view_class_get_uses (view) & DPV_PARAM_BIT (id)) != 0;
}

const char *
dpv_view_class_get_title (const DpvViewClass *view)
{
  g_return_val_if_fail (view != NULL, NULL);
  return _(view->title);
}

const char *
dpv_view_class_get_short_title (const DpvViewClass *view)
{
  g_return_val_if_fail (view != NULL, NULL);
  return _(view->short_title);
}

const char *
dpv_view_class_get_explanation (const DpvViewClass *view)
{
  g_return_val_if_fail (view != NULL, NULL);
  return _(view->explanation);
}

const char *
dpv_view_class_get_param_label (const DpvViewClass *view, DpvParamId id)
{
  const DpvParamSpec *spec = dpv_param_spec (id);

  g_return_val_if_fail (view != NULL && spec != NULL, NULL);
  if (spec->kind == DPV_PARAM_KIND_SEED && view->seed_label != NULL)
    return _(view->seed_label);
  return _(spec->label);
}

char *
dpv_view_class_get_plain_title (const DpvViewClass *view)
{
  return dpv_markup_to_plain (dpv_view_class_get_title (view));
}

void
dpv_readout_free (DpvReadout *readout)
{
  if (readout == NULL)
    return;
  g_free (readout->label);
  g_free (readout->value);
  g_free (readout);
}

void
dpv_readout_add (GPtrArray *out, const char *label, char *value)
{
  DpvReadout *r = g_new0 (DpvReadout, 1);

  r->label = g_strdup (label);
  r->value = value;
  g_ptr_array_add (out, r);
}

static void
plain_start (GMarkupParseContext *context, const char *element, const char **names,
             const char **values, gpointer user_data, GError **error)
{
  if (g_str_equal (element, "sup"))
    g_string_append_c (user_data, '^');
  else if (g_str_equal (element, "sub"))
    g_string_append_c (user_data, '_');
}

static void
plain_text (GMarkupParseContext *context, const char *text, gsize len, gpointer user_data,
            GError **error)
{
  g_string_append_len (user_data, text, len);
}

char *
dpv_markup_to_plain (const char *markup)
{
  static const GMarkupParser parser = { plain_start, NULL, plain_text, NULL, NULL };
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autofree char *wrapped = NULL;

  g_return_val_if_fail (markup != NULL, NULL);

  wrapped = g_strconcat ("<markup>", markup, "</markup>", NULL);
  context = g_markup_parse_context_new (&parser, 0, out, NULL);
  if (!g_markup_parse_context_parse (context, wrapped, -1, NULL)
      || !g_markup_parse_context_end_parse (context, NULL))
    return g_strdup (markup);
  return g_strdup (out->str);
}
