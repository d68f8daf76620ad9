/* dp-gaussian.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "dp-core.h"
