/* dpv-cancel.c — a GCancellable as libdpcore's cancel flag
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Views compute with GCancellable (GIO's way, what GTask hands a worker); libdpcore knows no
 * GLib and polls a flag. The flag lives in the cancellable's qdata and is raised by its
 * "cancelled" signal, which GCancellable emits in the thread that cancels.
 */
#include "config.h"

#include "dpv-cancel.h"

static GMutex flag_lock;

static void
raise_flag (GCancellable *cancellable, gpointer user_data)
{
  dp_cancel_set (user_data);
}

const DpCancel *
dpv_cancel_flag (GCancellable *cancellable)
{
  GQuark quark;
  DpCancel *flag;

  if (cancellable == NULL)
    return NULL;
  g_return_val_if_fail (G_IS_CANCELLABLE (cancellable), NULL);

  quark = g_quark_from_static_string ("dpv-cancel-flag");
  g_mutex_lock (&flag_lock);
  flag = g_object_get_qdata (G_OBJECT (cancellable), quark);
  if (flag == NULL)
    {
      flag = g_new0 (DpCancel, 1);
      dp_cancel_init (flag);
      g_object_set_qdata_full (G_OBJECT (cancellable), quark, flag, g_free);
      /* calls raise_flag at once when already cancelled */
      g_cancellable_connect (cancellable, G_CALLBACK (raise_flag), flag, NULL);
    }
  g_mutex_unlock (&flag_lock);
  return flag;
}
