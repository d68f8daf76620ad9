/* dpv-progress.c — how far an expensive stage has got, told through its GCancellable
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The listener lives in the cancellable's qdata, like libdpcore's cancel flag (dpv-cancel.c).
 */
#include "config.h"

#include <math.h>

#include "dpv-progress.h"

typedef struct {
  DpvProgressFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
} Listener;

static void
listener_free (gpointer data)
{
  Listener *l = data;

  if (l->destroy != NULL)
    l->destroy (l->user_data);
  g_free (l);
}

static GQuark
listener_quark (void)
{
  return g_quark_from_static_string ("dpv-progress-listener");
}

void
dpv_progress_attach (GCancellable *cancellable, DpvProgressFunc func, gpointer user_data,
                     GDestroyNotify destroy)
{
  Listener *l;

  g_return_if_fail (G_IS_CANCELLABLE (cancellable));
  g_return_if_fail (func != NULL);

  l = g_new0 (Listener, 1);
  l->func = func;
  l->user_data = user_data;
  l->destroy = destroy;
  g_object_set_qdata_full (G_OBJECT (cancellable), listener_quark (), l, listener_free);
}

void
dpv_progress_report (GCancellable *cancellable, double fraction)
{
  Listener *l;

  if (cancellable == NULL || isnan (fraction))
    return;
  g_return_if_fail (G_IS_CANCELLABLE (cancellable));

  /* Attached before the stage starts and kept until the cancellable goes: no lock needed to
   * read it from the computing thread. */
  l = g_object_get_qdata (G_OBJECT (cancellable), listener_quark ());
  if (l != NULL)
    l->func (CLAMP (fraction, 0.0, 1.0), l->user_data);
}
