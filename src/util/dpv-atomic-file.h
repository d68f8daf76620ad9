/* dpv-atomic-file.h — replace a file's contents all at once, or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Writes @size bytes of @data to @path (bytes in the file system's encoding) so that @path
 * holds either its old contents or all of @data, never anything else:
 *
 *  - the bytes go to a new temporary file in the folder of the destination, which is written
 *    in full, flushed to the disk (fsync) and closed, and only then renamed over the
 *    destination; on any error the temporary file is removed and the destination is not
 *    touched;
 *  - an existing destination keeps its permission bits (and, where the process may set
 *    them, its owner and group); a new file gets 0666 less the umask;
 *  - an existing destination must be a writable regular file: a folder, a device, a pipe or
 *    a file without write permission is refused;
 *  - a symbolic link is followed to the file it names, which is replaced in its own folder,
 *    so the link stays a link and its target gets the new contents; a link whose target does
 *    not exist (dangling) is refused, because writing through it would create a file at a
 *    place the user did not name;
 *  - a destination with several hard links is replaced under the name given: that name gets
 *    the new contents, and the other names keep the old file.
 *
 * On failure @error (G_IO_ERROR) reads “Could not write “NAME”: REASON.” in the user's
 * language, NAME escaped by dpv_display_filename (). */
gboolean dpv_atomic_write_path (const char *path, const void *data, gsize size,
                                GError **error);

/* The same for a GFile that has a local path; any other GFile is refused
 * (G_IO_ERROR_NOT_SUPPORTED) rather than written without these guarantees. */
gboolean dpv_atomic_write_file (GFile *file, const void *data, gsize size, GError **error);

G_END_DECLS
