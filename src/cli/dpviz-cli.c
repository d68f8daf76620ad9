/* dpviz-cli.c — headless numbers and figure export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

int
main (int argc, char **argv)
{
  puts ("Usage: dpviz-cli COMMAND [OPTIONS]");
  return 0;
}
