/* dpv-atomic-file.c — replace a file's contents all at once, or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GIO's g_file_replace_contents () cannot be trusted with a user's file: GLib 2.74 renames
 * its temporary file over the destination even after a write to it failed (a full disk
 * leaves a truncated file), writes in place through symbolic links and hard links, and
 * creates the target of a dangling link. The steps here are those of careful editors: a new
 * file in the destination's folder, written in full, fsync, close, and rename only when all of
 * that succeeded (rename(2) replaces the name atomically on POSIX file systems). The rules
 * for links are stated in dpv-atomic-file.h.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "dpv-atomic-file.h"
#include "dpv-display.h"

/* Symbolic links followed before giving up (the kernel's own limit is 40). */
#define MAX_LINKS 40
/* Bytes of the destination's name kept in the temporary file's name: the temporary name
 * (".NAME-XXXXXX") stays within NAME_MAX (255) for any destination. */
#define TEMP_NAME_BYTES 200

/* The reason for @errno_value in the user's words, said once (the message names the file). */
static const char *
reason_for_errno (int errno_value)
{
  switch (errno_value)
    {
    case ENOENT:
      return _("the folder does not exist");
    case EACCES:
    case EPERM:
      return _("permission denied");
    case ENOSPC:
#ifdef EDQUOT
    case EDQUOT:
#endif
      return _("no space left on the device");
    case EISDIR:
      return _("it is a folder");
    case EROFS:
      return _("the file system is read-only");
    case ENOTDIR:
      return _("a part of the path is not a folder");
    case ENAMETOOLONG:
      return _("the name is too long");
    case ELOOP:
      return _("too many symbolic links");
    default:
      return g_strerror (errno_value);
    }
}

static void
set_error_reason (GError **error, const char *path, GIOErrorEnum code, const char *reason)
{
  g_autofree char *display = dpv_display_filename (path);

  /* Translators: "Could not write “/path/figure.png”: the folder does not exist". */
  g_set_error (error, G_IO_ERROR, code, _("Could not write “%s”: %s"), display, reason);
}

static void
set_error_errno (GError **error, const char *path, int errno_value)
{
  set_error_reason (error, path, g_io_error_from_errno (errno_value),
                    reason_for_errno (errno_value));
}

/* Follows the symbolic links that @path names (the last component; links among the folders
 * of a path are the kernel's business) to the file that will be replaced. Sets *exists and
 * *st when that file exists. A dangling link is refused. */
static char *
resolve_destination (const char *path, gboolean *exists, struct stat *st, GError **error)
{
  g_autofree char *current = g_strdup (path);

  for (int i = 0; i <= MAX_LINKS; i++)
    {
      g_autoptr(GError) link_error = NULL;
      g_autofree char *link = NULL;

      if (lstat (current, st) != 0)
        {
          int saved = errno;

          if (saved == ENOENT && i > 0)
            {
              g_autofree char *target = dpv_display_filename (current);
              g_autofree char *reason = NULL;

              /* Translators: the reason a file could not be written; %s is the file the
               * symbolic link names. */
              reason = g_strdup_printf (_("it is a symbolic link to “%s”, which does not exist"),
                                        target);
              set_error_reason (error, path, G_IO_ERROR_NOT_FOUND, reason);
              return NULL;
            }
          if (saved == ENOENT)
            {
              *exists = FALSE;
              return g_steal_pointer (&current);
            }
          set_error_errno (error, path, saved);
          return NULL;
        }
      if (!S_ISLNK (st->st_mode))
        {
          *exists = TRUE;
          return g_steal_pointer (&current);
        }
      link = g_file_read_link (current, &link_error);
      if (link == NULL)
        {
          set_error_reason (error, path, G_IO_ERROR_FAILED, link_error->message);
          return NULL;
        }
      if (g_path_is_absolute (link))
        {
          g_free (current);
          current = g_steal_pointer (&link);
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);

          g_free (current);
          current = g_build_filename (dir, link, NULL);
        }
    }
  set_error_errno (error, path, ELOOP);
  return NULL;
}

static gboolean
write_all (int fd, const guint8 *data, gsize size, int *errno_out)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, MIN (size, (gsize) G_MAXSSIZE));

      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          *errno_out = errno;
          return FALSE;
        }
      if (n == 0)
        {
          *errno_out = ENOSPC;
          return FALSE;
        }
      data += n;
      size -= (gsize) n;
    }
  return TRUE;
}

/* Makes the rename itself durable; a folder that cannot be synced (some network file
 * systems) does not make the write fail, since the file's own contents were synced. */
static void
sync_folder (const char *dir)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    return;
  (void) fsync (fd);
  close (fd);
}

gboolean
dpv_atomic_write_path (const char *path, const void *data, gsize size, GError **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp_name = NULL;
  g_autofree char *temp_path = NULL;
  struct stat st;
  gboolean exists = FALSE;
  int fd, saved = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (*path == '\0')
    {
      set_error_errno (error, path, ENOENT);
      return FALSE;
    }
  target = resolve_destination (path, &exists, &st, error);
  if (target == NULL)
    return FALSE;
  if (exists)
    {
      if (S_ISDIR (st.st_mode))
        {
          set_error_errno (error, path, EISDIR);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          set_error_reason (error, path, G_IO_ERROR_NOT_REGULAR_FILE,
                            _("it is not a regular file"));
          return FALSE;
        }
      /* Writing the file in place would need this permission: replacing it must not be a
       * way around a file its owner made read-only. */
      if (faccessat (AT_FDCWD, target, W_OK, AT_EACCESS) != 0)
        {
          set_error_errno (error, path, errno);
          return FALSE;
        }
    }
  else if (g_str_has_suffix (target, G_DIR_SEPARATOR_S))
    {
      /* "new-folder/" names a folder that does not exist, never a file. */
      set_error_errno (error, path, EISDIR);
      return FALSE;
    }

  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  if (strlen (base) > TEMP_NAME_BYTES)
    base[TEMP_NAME_BYTES] = '\0';
  temp_name = g_strdup_printf (".%s-XXXXXX", base);
  temp_path = g_build_filename (dir, temp_name, NULL);

  /* Created with 0666 less the umask, as open (2) would create the destination itself. */
  fd = g_mkstemp_full (temp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      set_error_errno (error, path, errno);
      return FALSE;
    }

  if (exists)
    {
      /* Only root (or a member of the group) may give the file away; where it may not, the
       * file is the writer's, as a file replaced by any editor is. */
      if (st.st_uid != geteuid () || st.st_gid != getegid ())
        (void) fchown (fd, st.st_uid, st.st_gid);
      if (fchmod (fd, st.st_mode & 0777) != 0)
        saved = errno;
    }
  if (saved == 0 && write_all (fd, data, size, &saved) && fsync (fd) != 0 && errno != EINVAL)
    saved = errno;
  if (close (fd) != 0 && saved == 0 && errno != EINTR)
    saved = errno;
  if (saved == 0 && rename (temp_path, target) != 0)
    saved = errno;
  if (saved != 0)
    {
      (void) g_unlink (temp_path);
      set_error_errno (error, path, saved);
      return FALSE;
    }
  sync_folder (dir);
  return TRUE;
}

gboolean
dpv_atomic_write_file (GFile *file, const void *data, gsize size, GError **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);
      g_autofree char *display = dpv_escape_for_display (name, -1);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("Could not write “%s”: %s"),
                   display, _("only files with a local path can be written"));
      return FALSE;
    }
  return dpv_atomic_write_path (path, data, size, error);
}
