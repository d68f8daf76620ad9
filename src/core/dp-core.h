/* dp-core.h — umbrella header of libdpcore
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-common.h"
#include "dp-mechanism.h"
#include "dp-divergence.h"
#include "dp-gaussian.h"
#include "dp-exponential.h"
#include "dp-compose.h"
#include "dp-sensitivity.h"
#include "dp-posterior.h"
#include "dp-kmeans.h"
