/* dpviz-model.c — the one parameter model every widget and view binds to
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model validates every value itself (ranges from the parameter table, dpv-params.h), so a refused value never
 * reaches a view: setters return FALSE with a message naming the allowed range and leave the
 * model untouched. Properties notify only on a real change (G_PARAM_EXPLICIT_NOTIFY); the
 * "changed" signal is emitted once per user-visible change, also for a batch applied with
 * dpviz_model_apply().
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

  double epsilon;
  double delta;
  double sensitivity;
  guint k;
  DpMechanismKind mechanism;
  guint view;
  double eps_prime;
  gboolean log_y;
  gboolean show_caption;

  /* > 0 while a batch is applied: "changed" is emitted once at the end. */
  guint batch_depth;
  gboolean batch_changed;
};

G_DEFINE_FINAL_TYPE (DpvizModel, dpviz_model, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_EPSILON,
  PROP_DELTA,
  PROP_SENSITIVITY,
  PROP_K,
  PROP_MECHANISM,
  PROP_VIEW,
  PROP_EPS_PRIME,
  PROP_LOG_Y,
  PROP_SHOW_CAPTION,
  N_PROPS
};

enum {
  CHANGED,
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

/* The table's check (range, NaN, infinities, whole numbers) for a number. */
static gboolean
check_number (DpvParamId id, double value, GError **error)
{
  const DpvParamSpec *spec = dpv_param_spec (id);
  DpvParamValue v;

  if (spec->kind == DPV_PARAM_KIND_UINT)
    {
      if (!(value >= 0 && value <= (double) G_MAXULONG) || value != floor (value))
        {
          /* out of the type's range: the table's message with the range */
          v.u = G_MAXULONG;
          if (isfinite (value) && value >= 0 && value != floor (value))
            {
              g_autofree char *got = g_strdup_printf ("%g", value);
              g_autofree char *lo = g_strdup_printf ("%g", spec->min);
              g_autofree char *hi = g_strdup_printf ("%g", spec->max);

              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("%s must be a whole number between %s and %s (got %s)"),
                           spec->symbol, lo, hi, got);
              return FALSE;
            }
        }
      else
        v.u = (unsigned long) value;
    }
  else
    v.d = value;
  return dpv_param_check (spec, &v, error);
}

static gboolean
check_epsilon (double value, GError **error)
{
  return check_number (DPV_PARAM_EPSILON, value, error);
}

static gboolean
check_delta (double value, GError **error)
{
  return check_number (DPV_PARAM_DELTA, value, error);
}

static gboolean
check_sensitivity (double value, GError **error)
{
  return check_number (DPV_PARAM_SENSITIVITY, value, error);
}

static gboolean
check_k (double value, GError **error)
{
  return check_number (DPV_PARAM_K, value, error);
}

static gboolean
check_mechanism (int mechanism, GError **error)
{
  if (mechanism >= 0 && mechanism < DP_N_MECHANISMS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("Unknown mechanism (%d)"), mechanism);
  return FALSE;
}

static gboolean
check_view (int view, GError **error)
{
  if (view >= 0 && (guint) view < dpv_registry_get_n_views ())
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("Unknown view (%d)"), view);
  return FALSE;
}

/* Setters without validation (values already checked); they notify on a real change only. */
static void
store_double (DpvizModel *self, double *field, double value, int prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  emit_changed (self);
}

static void
store_int (DpvizModel *self, int *field, int value, int prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  emit_changed (self);
}

static void
store_uint (DpvizModel *self, guint *field, guint value, int prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  emit_changed (self);
}

static void
store_bool (DpvizModel *self, gboolean *field, gboolean value, int prop)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
  emit_changed (self);
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
    case PROP_EPSILON:
      g_value_set_double (value, self->epsilon);
      break;
    case PROP_DELTA:
      g_value_set_double (value, self->delta);
      break;
    case PROP_SENSITIVITY:
      g_value_set_double (value, self->sensitivity);
      break;
    case PROP_K:
      g_value_set_uint (value, self->k);
      break;
    case PROP_MECHANISM:
      g_value_set_int (value, self->mechanism);
      break;
    case PROP_VIEW:
      g_value_set_int (value, self->view);
      break;
    case PROP_EPS_PRIME:
      g_value_set_double (value, self->eps_prime);
      break;
    case PROP_LOG_Y:
      g_value_set_boolean (value, self->log_y);
      break;
    case PROP_SHOW_CAPTION:
      g_value_set_boolean (value, self->show_caption);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* GObject has already checked the value against the GParamSpec range (the same ranges), so
 * g_object_set() and GSettings bindings can only pass valid values here. */
static void
dpviz_model_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  DpvizModel *self = DPVIZ_MODEL (object);
  g_autoptr(GError) error = NULL;
  gboolean ok = TRUE;

  switch (prop_id)
    {
    case PROP_EPSILON:
      ok = dpviz_model_set_epsilon (self, g_value_get_double (value), &error);
      break;
    case PROP_DELTA:
      ok = dpviz_model_set_delta (self, g_value_get_double (value), &error);
      break;
    case PROP_SENSITIVITY:
      ok = dpviz_model_set_sensitivity (self, g_value_get_double (value), &error);
      break;
    case PROP_K:
      ok = dpviz_model_set_k (self, g_value_get_uint (value), &error);
      break;
    case PROP_MECHANISM:
      dpviz_model_set_mechanism (self, g_value_get_int (value));
      break;
    case PROP_VIEW:
      dpviz_model_set_view (self, g_value_get_int (value));
      break;
    case PROP_EPS_PRIME:
      store_double (self, &self->eps_prime, g_value_get_double (value), PROP_EPS_PRIME);
      break;
    case PROP_LOG_Y:
      store_bool (self, &self->log_y, g_value_get_boolean (value), PROP_LOG_Y);
      break;
    case PROP_SHOW_CAPTION:
      store_bool (self, &self->show_caption, g_value_get_boolean (value), PROP_SHOW_CAPTION);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }

  if (!ok)
    g_warning ("%s", error->message);
}

static void
dpviz_model_class_init (DpvizModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = dpviz_model_get_property;
  object_class->set_property = dpviz_model_set_property;

  /* names, ranges and defaults from the parameter table */
  properties[PROP_EPSILON] =
    g_param_spec_double ("epsilon", NULL, NULL, DPV_PARAM_MIN (EPSILON), DPV_PARAM_MAX (EPSILON),
                         DPV_PARAM_DEFAULT (EPSILON), flags);
  properties[PROP_DELTA] =
    g_param_spec_double ("delta", NULL, NULL, DPV_PARAM_MIN (DELTA), DPV_PARAM_MAX (DELTA),
                         DPV_PARAM_DEFAULT (DELTA), flags);
  properties[PROP_SENSITIVITY] =
    g_param_spec_double ("sensitivity", NULL, NULL, DPV_PARAM_MIN (SENSITIVITY),
                         DPV_PARAM_MAX (SENSITIVITY), DPV_PARAM_DEFAULT (SENSITIVITY), flags);
  properties[PROP_K] =
    g_param_spec_uint ("k", NULL, NULL, (guint) DPV_PARAM_MIN (K), (guint) DPV_PARAM_MAX (K),
                       (guint) DPV_PARAM_DEFAULT (K), flags);
  properties[PROP_MECHANISM] =
    g_param_spec_int ("mechanism", NULL, NULL,
                      0, DP_N_MECHANISMS - 1, DP_MECHANISM_LAPLACE, flags);
  properties[PROP_VIEW] =
    g_param_spec_int ("view", NULL, NULL, 0, (int) dpv_registry_get_n_views () - 1, 0, flags);
  /* negative: solved from δ */
  properties[PROP_EPS_PRIME] =
    g_param_spec_double ("eps-prime", NULL, NULL, -1.0, DPV_PARAM_MAX (EPS_PRIME), -1.0, flags);
  properties[PROP_LOG_Y] =
    g_param_spec_boolean ("log-y", NULL, NULL, FALSE, flags);
  properties[PROP_SHOW_CAPTION] =
    g_param_spec_boolean ("show-caption", NULL, NULL, FALSE, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * DpvizModel::changed:
   *
   * Emitted once after one or more values changed (once per dpviz_model_apply()).
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
dpviz_model_init (DpvizModel *self)
{
  DpvParams defaults;

  dpv_params_init (&defaults);
  self->epsilon = defaults.epsilon;
  self->delta = defaults.delta;
  self->sensitivity = defaults.sensitivity;
  self->k = (guint) defaults.k;
  self->mechanism = defaults.mechanism;
  self->view = 0;
  self->eps_prime = defaults.eps_prime;
  self->log_y = defaults.log_y;
  self->show_caption = FALSE;
}

DpvizModel *
dpviz_model_new (void)
{
  return g_object_new (DPVIZ_TYPE_MODEL, NULL);
}

double
dpviz_model_get_epsilon (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (EPSILON));
  return self->epsilon;
}

double
dpviz_model_get_delta (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (DELTA));
  return self->delta;
}

double
dpviz_model_get_sensitivity (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (SENSITIVITY));
  return self->sensitivity;
}

guint
dpviz_model_get_k (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPV_PARAM_DEFAULT (K));
  return self->k;
}

DpMechanismKind
dpviz_model_get_mechanism (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DP_MECHANISM_LAPLACE);
  return self->mechanism;
}

guint
dpviz_model_get_view (DpvizModel *self)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), DPVIZ_VIEW ("densities"));
  return self->view;
}

gboolean
dpviz_model_set_epsilon (DpvizModel  *self,
                         double       value,
                         GError     **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);

  if (!check_epsilon (value, error))
    return FALSE;
  store_double (self, &self->epsilon, value, PROP_EPSILON);
  return TRUE;
}

gboolean
dpviz_model_set_delta (DpvizModel  *self,
                       double       value,
                       GError     **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);

  if (!check_delta (value, error))
    return FALSE;
  store_double (self, &self->delta, value, PROP_DELTA);
  return TRUE;
}

gboolean
dpviz_model_set_sensitivity (DpvizModel  *self,
                             double       value,
                             GError     **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);

  if (!check_sensitivity (value, error))
    return FALSE;
  store_double (self, &self->sensitivity, value, PROP_SENSITIVITY);
  return TRUE;
}

gboolean
dpviz_model_set_k (DpvizModel  *self,
                   guint        value,
                   GError     **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);

  if (!check_k (value, error))
    return FALSE;
  store_uint (self, &self->k, value, PROP_K);
  return TRUE;
}

void
dpviz_model_set_mechanism (DpvizModel      *self,
                           DpMechanismKind  mechanism)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (check_mechanism (mechanism, NULL));

  store_int (self, (int *) &self->mechanism, mechanism, PROP_MECHANISM);
}

void
dpviz_model_set_view (DpvizModel  *self,
                      guint  view)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (check_view (view, NULL));

  store_int (self, (int *) &self->view, view, PROP_VIEW);
}

void
dpviz_model_get_params (DpvizModel *self,
                        DpvParams  *out)
{
  g_return_if_fail (DPVIZ_IS_MODEL (self));
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->mechanism = self->mechanism;
  out->epsilon = self->epsilon;
  out->delta = self->delta;
  out->sensitivity = self->sensitivity;
  out->k = self->k;
  out->eps_prime = self->eps_prime;
  out->show_caption = self->show_caption;
  out->log_y = self->log_y;
}

gboolean
dpviz_model_apply (DpvizModel       *self,
                   const DpvParams  *params,
                   guint       view,
                   GError          **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Everything is checked before anything is stored: all or nothing. */
  if (!check_mechanism (params->mechanism, error)
      || !check_view (view, error)
      || !check_epsilon (params->epsilon, error)
      || !check_delta (params->delta, error)
      || !check_sensitivity (params->sensitivity, error)
      || !check_k ((double) params->k, error))
    return FALSE;
  if (!check_number (DPV_PARAM_EPS_PRIME, params->eps_prime, error))
    return FALSE;

  g_object_freeze_notify (G_OBJECT (self));
  self->batch_depth++;

  store_int (self, (int *) &self->mechanism, params->mechanism, PROP_MECHANISM);
  store_int (self, (int *) &self->view, view, PROP_VIEW);
  store_double (self, &self->epsilon, params->epsilon, PROP_EPSILON);
  store_double (self, &self->delta, params->delta, PROP_DELTA);
  store_double (self, &self->sensitivity, params->sensitivity, PROP_SENSITIVITY);
  store_uint (self, &self->k, (guint) params->k, PROP_K);
  store_double (self, &self->eps_prime, params->eps_prime < 0 ? -1.0 : params->eps_prime,
                PROP_EPS_PRIME);
  store_bool (self, &self->log_y, params->log_y, PROP_LOG_Y);
  store_bool (self, &self->show_caption, params->show_caption, PROP_SHOW_CAPTION);

  self->batch_depth--;
  g_object_thaw_notify (G_OBJECT (self));

  if (self->batch_changed && self->batch_depth == 0)
    {
      self->batch_changed = FALSE;
      g_signal_emit (self, signals[CHANGED], 0);
    }
  return TRUE;
}

double
dpviz_model_get_value (DpvizModel *self,
                       const char *property)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), 0.0);
  g_return_val_if_fail (property != NULL, 0.0);

  if (g_str_equal (property, "epsilon"))
    return self->epsilon;
  if (g_str_equal (property, "delta"))
    return self->delta;
  if (g_str_equal (property, "sensitivity"))
    return self->sensitivity;
  if (g_str_equal (property, "k"))
    return self->k;
  if (g_str_equal (property, "eps-prime"))
    return self->eps_prime;
  g_return_val_if_reached (0.0);
}

gboolean
dpviz_model_set_value (DpvizModel  *self,
                       const char  *property,
                       double       value,
                       GError     **error)
{
  g_return_val_if_fail (DPVIZ_IS_MODEL (self), FALSE);
  g_return_val_if_fail (property != NULL, FALSE);

  if (g_str_equal (property, "epsilon"))
    return dpviz_model_set_epsilon (self, value, error);
  if (g_str_equal (property, "delta"))
    return dpviz_model_set_delta (self, value, error);
  if (g_str_equal (property, "sensitivity"))
    return dpviz_model_set_sensitivity (self, value, error);
  if (g_str_equal (property, "k"))
    {
      if (!check_k (value, error))
        return FALSE;
      return dpviz_model_set_k (self, (guint) value, error);
    }
  if (g_str_equal (property, "eps-prime"))
    {
      /* A threshold typed by the user: in the table's range (a negative value means "from
       * δ" and is set through the property, not typed). */
      DpvParamSpec typed = *dpv_param_spec (DPV_PARAM_EPS_PRIME);
      DpvParamValue v = { .d = value };

      typed.flags &= ~DPV_PARAM_FLAG_AUTO;
      if (!dpv_param_check (&typed, &v, error))
        return FALSE;
      store_double (self, &self->eps_prime, value, PROP_EPS_PRIME);
      return TRUE;
    }
  g_return_val_if_reached (FALSE);
}
