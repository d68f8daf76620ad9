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
#include "dp-tradeoff.h"
#include "dp-audit.h"
#include "dp-survey.h"
#include "dp-accuracy.h"
#include "dp-group.h"
#include "dp-loss.h"
#include "dp-renyi.h"
#include "dp-walk.h"
#include "dp-sample.h"
#include "dp-budget.h"
#include "dp-sensitivity.h"
#include "dp-posterior.h"
#include "dp-kmeans.h"
