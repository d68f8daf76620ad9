/* dpv-cancel.h — a GCancellable as libdpcore's cancel flag
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dp-core.h"

G_BEGIN_DECLS

/* The flag libdpcore polls (raised once @cancellable is cancelled), kept with the cancellable
 * for its lifetime. NULL for a NULL cancellable (never cancelled). Thread-safe. */
const DpCancel *dpv_cancel_flag (GCancellable *cancellable);

G_END_DECLS
