/* dpviz-model.c — the one parameter model every widget and view binds to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Its properties are the rows of the parameter table (dpv-params.h), installed at class
 * initialisation with the table's name, range and default (double, uint, uint64, int, boolean,
 * or a string for a list), plus "view" and "show-caption". The model validates every value with
 * the table (dpv_param_check), so a refused value never reaches a view: setters return FALSE with
 * a message naming the allowed range and leave the model untouched. Properties notify only on a
 * real change (G_PARAM_EXPLICIT_NOTIFY); the "changed" signal is emitted once per user-visible
 * change, also for a batch applied with dpviz_model_apply().
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <gio/gio.h>

#include "dpviz-model.h"

struct _DpvizModel
{
  GObject parent_instance;

  DpvParams params;      /* every table parameter; show_caption is the property */
  guint view;

  GPtrArray *pins;       /* DpvPins* (or NULL) of each view, by index */

  /* > 0 while a batch is applied: "changed" is emitted once at the end. */
  guint batch_depth;
  gboolean batch_changed;
};

G_DEFINE_FINAL_TYPE (DpvizModel, dpviz_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VIEW,
  PROP_SHOW_CAPTION,
  PROP_FIRST_PARAM,      /* the table's parameters follow, in id order */
  N_PROPS = PROP_FIRST_PARAM + DPV_N_PARAMS
};

enum {
  CHANGED,
  PINS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
emit_changed (DpvizModel *self)
{
  if (self->batch_depth > 0)
    self->batch_changed = TRUE;
  else
    g_signal_emit (self, signals[CHANGED], 0);
}

static gboolean
check_view (guint view, GError **error)
{
  if (view < dpv_registry_get_n_views ())
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Unknown view (%d)"), view);
  return FALSE;
}

/* Stores a checked value; notifies on a real change only. */
static void
store (DpvizModel *self, DpvParamId id, const DpvParamValue *value)
{
  DpvParams next = self->params;

  dpv_params_set (&next, id, value);
  if (dpv_params_equal (&next, &self->params, DPV_PARAM_BIT (id)))
    return;
  self->params = next;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIRST_PARAM + id]);
  emit_changed (self);
}

static void
store_view (DpvizModel *self, guint view)
{
  if (self->view == view)
    return;
  self->view = view;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
  emit_changed (self);
}

static void
store_caption (DpvizModel *self, gboolean show)
{
  show = !!show;
  if (self->params.show_caption == show)
    return;
  self->params.show_caption = show;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CAPTION]);
  emit_changed (self);
}

/* The GType a parameter's property has (GSettings binds these directly). */
static GParamSpec *
param_pspec (const DpvParamSpec *spec)
{
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  DpvParams defaults;
  DpvParamValue def;

  dpv_params_init (&defaults);
  dpv_params_get (&defaults, spec->id, &def);
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      /* an automatic parameter takes −1 ("automatic") as well */
      return g_param_spec_double (spec->name, NULL, NULL,
                                  (spec->flags & DPV_PARAM_FLAG_AUTO) ? -1.0 : spec->min,
                                  spec->max, def.d, flags);
    case DPV_PARAM_KIND_UINT:
      return g_param_spec_uint (spec->name, NULL, NULL, (guint) spec->min,
                                (guint) MIN (spec->max, (double) G_MAXUINT), (guint) def.u,
                                flags);
    case DPV_PARAM_KIND_SEED:
      return g_param_spec_uint64 (spec->name, NULL, NULL, (guint64) spec->min,
                                  (guint64) spec->max, def.seed, flags);
    case DPV_PARAM_KIND_ENUM:
      {
        int lo = G_MAXINT, hi = G_MININT;

        for (guint i = 0; i < spec->n_choices; i++)
          {
            lo = MIN (lo, spec->choices[i].value);
            hi = MAX (hi, spec->choices[i].value);
          }
        return g_param_spec_int (spec->name, NULL, NULL, lo, hi, def.e, flags);
      }
    case DPV_PARAM_KIND_BOOL:
      return g_param_spec_boolean (spec->name, NULL, NULL, def.b, flags);
    case DPV_PARAM_KIND_LIST:
      {
        g_autofree char *text = dpv_param_format (spec, &def);

        /* the list as text, the table's format; not static: it is made here */
        return g_param_spec_string (spec->name, NULL, NULL, text,
                                    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY);
      }
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

static void
value_to_gvalue (const DpvParamSpec *spec, const DpvParamValue *v, GValue *out)
{
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      g_value_set_double (out, v->d);
      break;
    case DPV_PARAM_KIND_UINT:
      g_value_set_uint (out, (guint) v->u);
      break;
    case DPV_PARAM_KIND_SEED:
      g_value_set_uint64 (out, v->seed);
      break;
    case DPV_PARAM_KIND_ENUM:
      g_value_set_int (out, v->e);
      break;
    case DPV_PARAM_KIND_BOOL:
      g_value_set_boolean (out, v->b);
      break;
    case DPV_PARAM_KIND_LIST:
      g_value_take_string (out, dpv_param_format (spec, v));
      break;
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* FALSE with @error when a list's text does not parse. */
static gboolean
value_from_gvalue (const DpvParamSpec *spec, const GValue *value, DpvParamValue *out,
                   GError **error)
{
  memset (out, 0, sizeof *out);
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      out->d = g_value_get_double (value);
      return TRUE;
    case DPV_PARAM_KIND_UINT:
      out->u = g_value_get_uint (value);
      return TRUE;
    case DPV_PARAM_KIND_SEED:
      out->seed = g_value_get_uint64 (value);
      return TRUE;
    case DPV_PARAM_KIND_ENUM:
      out->e = g_value_get_int (value);
      return TRUE;
    case DPV_PARAM_KIND_BOOL:
      out->b = g_value_get_boolean (value);
      return TRUE;
    case DPV_PARAM_KIND_LIST:
      return dpv_param_parse (spec, g_value_get_string (value) ? g_value_get_string (value) : "",
                              out, error);
    case DPV_N_PARAM_KINDS:
    default:
      g_assert_not_reached ();
    }
  return FALSE;
}

static void
dpviz_model_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  DpvizModel *self = DPVIZ_MODEL (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_int (value, (int) self->view);
      break;
    case PROP_SHOW_CAPTION:
      g_value_set_boolean (value, self->params.show_caption);
      break;
    default:
      if (prop_id >= PROP_FIRST_PARAM && prop_id < N_PROPS)
        {
          DpvParamId id = prop_id - PROP_FIRST_PARAM;
          DpvParamValue v;

          dpv_params_get (&self->params, id, &v);
          value_to_gvalue (dpv_param_spec (id), &v, value);
        }
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* GObject has already checked the value against the GParamSpec (the table's range), so
 * g_object_set() and GSettings bindings pass valid numbers here; the table's check still
 * runs (whole numbers, lists). */
static void
dpviz_model_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  DpvizModel *self = DPVIZ_MODEL (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      dpviz_model_set_view (self, (guint) g_value_get_int (value));
      break;
    case PROP_SHOW_CAPTION:
      store_caption (self, g_value_get_boolean (value));
      break;
    default:
      if (prop_id >= PROP_FIRST_PARAM && prop_id < N_PROPS)
        {
          DpvParamId id = prop_id - PROP_FIRST_PARAM;
          g_autoptr(GError) error = NULL;
          DpvParamValue v;

          if (!value_from_gvalue (dpv_param_spec (id), value, &v, &error)
              || !dpviz_model_set_param (self, id, &v, &error))
            g_warning ("%s", error->message);
        }
      else
        G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dpviz_model_finalize (GObject *object)
{
  DpvizModel *self = DPVIZ_MODEL (object);

  g_ptr_array_unref (self->pins);
  G_OBJECT_CLASS (dpviz_model_parent_class)->finalize (object);
}

static void
dpviz_model_class_init (DpvizModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = dpviz_model_finalize;
  object_class->get_property = dpviz_model_get_property;
  object_class->set_property = dpviz_model_set_property;

  properties[PROP_VIEW] =
    g_param_spec_int ("view", NULL, NULL, 0, (int) dpv_registry_get_n_views () - 1, 0, flags);
  properties[PROP_SHOW_CAPTION] =
    g_param_spec_boolean ("show-caption", NULL, NULL, FALSE, flags);
  /* names, ranges and defaults from the parameter table */
  for (int i = 0; i < DPV_N_PARAMS; i++)
    properties[PROP_FIRST_PARAM + i] = param_pspec (dpv_param_spec (i));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DpvizModel::changed:
   *
   * Emitted once after one or more values changed (once per dpviz_model_apply()).
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * DpvizModel::pins-changed:
   * @view: the index of the view whose pins changed
   */
  signals[PINS_CHANGED] =
    g_signal_new ("pins-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
dpviz_model_init (DpvizModel *self)
{
  dpv_params_init (&self->params);
  self->params.show_caption = FALSE;
  self->view = 0;
  self->pins = g_ptr_array_new_with_free_func ((GDestroyNotify) dpv_pins_unref);
  g_ptr_array_set_size (self->pins, dpv_registry_get_n_views ());
}

DpvizModel *
dpviz_model_new (void)
{
  return g_object_new (DPVIZ_TYPE_MODEL, NULL);
}

/* ---- any parameter ----------------------------------------------------------------------- */

gboolean
dpviz_model_set_param (DpvizModel           *self,
                       DpvParamId            id,
                       const DpvParamValue  *value,
                       GError              **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);
  g_return_val_if_fail ((int) id >= 0 && id < DPV_N_PARAMS, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (!dpv_param_check (dpv_param_spec (id), value, error))
    return FALSE;
  if (dpv_param_spec (id)->flags & DPV_PARAM_FLAG_AUTO && value->d < 0)
    {
      DpvParamValue automatic = { .d = -1.0 };

      store (self, id, &automatic);
    }
  else
    store (self, id, value);
  return TRUE;
}

void
dpviz_model_get_param (DpvizModel     *self,
                       DpvParamId      id,
                       DpvParamValue  *out)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  dpv_params_get (&self->params, id, out);
}

double
dpviz_model_get_value (DpvizModel *self,
                       const char *property)
{
  const DpvParamSpec *spec;

  g_return_val_if_fail (DPVIZ_IS_MODEL (self), 0.0);
  spec = dpv_param_spec_lookup (property);
  g_return_val_if_fail (spec != NULL && spec->kind != DPV_PARAM_KIND_LIST, 0.0);
  return dpv_params_get_number (&self->params, spec->id);
}

gboolean
dpviz_model_set_value (DpvizModel  *self,
                       const char  *property,
                       double       value,
                       GError     **error)
{
  const DpvParamSpec *spec;
  DpvParamSpec typed;
  DpvParamValue v;

  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);
  spec = dpv_param_spec_lookup (property);
  g_return_val_if_fail (spec != NULL, FALSE);

  /* A value typed or slid by the user: within the table's range (a negative "automatic"
   * value is set through the property, not typed). */
  typed = *spec;
  typed.flags &= ~DPV_PARAM_FLAG_AUTO;
  memset (&v, 0, sizeof v);
  switch (spec->kind)
    {
    case DPV_PARAM_KIND_DOUBLE:
      v.d = value;
      break;
    case DPV_PARAM_KIND_UINT:
    case DPV_PARAM_KIND_SEED:
      /* whole and representable; the table's range is checked below */
      if (!(value >= 0 && value < 0x1p64) || value != floor (value)
          || (spec->kind == DPV_PARAM_KIND_UINT && value > (double) G_MAXULONG))
        {
          g_autofree char *got = g_strdup_printf ("%g", value);
          g_autofree char *range = dpv_param_range_text (spec);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       /* Translators: a parameter (k), its range, then the refused value */
                       _("%s must be a whole number in %s (got %s)"), spec->symbol, range, got);
          return FALSE;
        }
      if (spec->kind == DPV_PARAM_KIND_SEED)
        v.seed = (guint64) value;
      else
        v.u = (unsigned long) value;
      break;
    case DPV_PARAM_KIND_ENUM:
      v.e = (int) value;
      break;
    case DPV_PARAM_KIND_BOOL:
      v.b = value != 0;
      break;
    case DPV_PARAM_KIND_LIST:
    case DPV_N_PARAM_KINDS:
    default:
      g_return_val_if_reached (FALSE);
    }
  if (!dpv_param_check (&typed, &v, error))
    return FALSE;
  store (self, spec->id, &v);
  return TRUE;
}

/* ---- the named parameters ------------------------------------------------------------------ */

double
dpviz_model_get_epsilon (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (EPSILON));
  return self->params.epsilon;
}

double
dpviz_model_get_delta (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (DELTA));
  return self->params.delta;
}

double
dpviz_model_get_sensitivity (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (SENSITIVITY));
  return self->params.sensitivity;
}

guint
dpviz_model_get_k (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), (guint) DPV_PARAM_DEFAULT (K));
  return (guint) self->params.k;
}

DpMechanismKind
dpviz_model_get_mechanism (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DP_MECHANISM_LAPLACE);
  return self->params.mechanism;
}

guint
dpviz_model_get_view (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), 0);
  return self->view;
}

gboolean
dpviz_model_set_epsilon (DpvizModel *self, double value, GError **error)
{
  return dpviz_model_set_value (self, "epsilon", value, error);
}

gboolean
dpviz_model_set_delta (DpvizModel *self, double value, GError **error)
{
  return dpviz_model_set_value (self, "delta", value, error);
}

gboolean
dpviz_model_set_sensitivity (DpvizModel *self, double value, GError **error)
{
  return dpviz_model_set_value (self, "sensitivity", value, error);
}

gboolean
dpviz_model_set_k (DpvizModel *self, guint value, GError **error)
{
  return dpviz_model_set_value (self, "k", value, error);
}

void
dpviz_model_set_mechanism (DpvizModel      *self,
                           DpMechanismKind  mechanism)
{
  DpvParamValue v = { .e = mechanism };

  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (dpv_param_check (dpv_param_spec (DPV_PARAM_MECHANISM), &v, NULL));
  store (self, DPV_PARAM_MECHANISM, &v);
}

void
dpviz_model_set_view (DpvizModel *self,
                      guint       view)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (check_view (view, NULL));
  store_view (self, view);
}

void
dpviz_model_get_params (DpvizModel *self,
                        DpvParams  *out)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (out != NULL);
  *out = self->params;
}

gboolean
dpviz_model_apply (DpvizModel       *self,
                   const DpvParams  *params,
                   guint             view,
                   GError          **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Everything is checked before anything is stored: all or nothing. */
  if (!check_view (view, error) || !dpv_params_validate (params, error))
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  self->batch_depth++;
  for (int i = 0; i < DPV_N_PARAMS; i++)
    {
      DpvParamValue v;

      dpv_params_get (params, i, &v);
      dpviz_model_set_param (self, i, &v, NULL);
    }
  store_view (self, view);
  store_caption (self, params->show_caption);
  self->batch_depth--;
  g_object_thaw_notify (G_OBJECT (self));

  if (self->batch_changed && self->batch_depth == 0)
    {
      self->batch_changed = FALSE;
      g_signal_emit (self, signals[CHANGED], 0);
    }
  return TRUE;
}

/* ---- pins -------------------------------------------------------------------------------- */

DpvPins *
dpviz_model_get_pins (DpvizModel *self, guint view)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), NULL);
  g_return_val_if_fail (view < self->pins->len, NULL);
  return g_ptr_array_index (self->pins, view);
}

void
dpviz_model_set_pins (DpvizModel *self, guint view, DpvPins *pins)
{
  DpvPins *old;

  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (view < self->pins->len);

  old = g_ptr_array_index (self->pins, view);
  if (old == pins)
    return;
  if (pins != NULL && dpv_pins_get_n (pins) == 0)
    pins = NULL;
  g_ptr_array_index (self->pins, view) = pins != NULL ? dpv_pins_ref (pins) : NULL;
  dpv_pins_unref (old);
  g_signal_emit (self, signals[PINS_CHANGED], 0, view);
}
