/* test-atomic-file.c — the atomic file writer: every failure leaves the old file as it was
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each failure case checks that the destination (and every other name of it) is byte-identical
 * afterwards and that the folder holds exactly the entries it held before. The full file
 * system is a 64 KiB tmpfs, mounted when the test runs as root (as in CI) and skipped, with
 * the reason, otherwise; the read-only folder and the read-only file are checked as an
 * unprivileged user (root drops to “nobody” in a subprocess, since root ignores permissions).
 */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <grp.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dpv-atomic-file.h"
#include "dpv-display.h"

#define NOBODY 65534

static const char old_bytes[] = "old contents\nthat must survive\n";

typedef struct {
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  f->dir = g_dir_make_tmp ("dpviz-atomic-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  struct stat st;

  if (lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      g_autoptr(GDir) dir = NULL;
      const char *name;

      chmod (path, 0700);
      dir = g_dir_open (path, 0, NULL);
      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_tree (f->dir);
  g_free (f->dir);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The sorted names in @dir, one string. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("|", (char **) names->pdata);
}

static void
put (const char *path, const char *text, mode_t mode)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (chmod (path, mode), ==, 0);
}

static void
assert_contents (const char *path, const char *expected, gsize expected_len)
{
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpmem (contents, len, expected, expected_len);
}

/* The message is one line of valid UTF-8 that starts as documented. */
static void
assert_message (const GError *error, const char *reason)
{
  g_assert_nonnull (error);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_true (g_str_has_prefix (error->message, "Could not write “"));
  if (reason != NULL && strstr (error->message, reason) == NULL)
    g_error ("“%s” does not say “%s”", error->message, reason);
}

static void
test_new_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "new.png", NULL);
  g_autoptr(GError) error = NULL;
  mode_t old_umask = umask (027);
  struct stat st;

  g_assert_true (dpv_atomic_write_path (path, "abc", 3, &error));
  umask (old_umask);
  g_assert_no_error (error);
  assert_contents (path, "abc", 3);
  g_assert_cmpint (stat (path, &st), ==, 0);
  /* 0666 less the umask, as the shell's “>” would create it */
  g_assert_cmpint (st.st_mode & 07777, ==, 0640);
  g_assert_cmpstr (list_dir (f->dir), ==, "new.png");

  /* An empty file is a file too. */
  g_assert_true (dpv_atomic_write_path (path, NULL, 0, &error));
  assert_contents (path, "", 0);
}

static void
test_replace_keeps_mode (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "fig.svg", NULL);
  g_autoptr(GError) error = NULL;
  struct stat before, after;

  put (path, old_bytes, 0604);
  g_assert_cmpint (stat (path, &before), ==, 0);
  g_assert_true (dpv_atomic_write_path (path, "new", 3, &error));
  g_assert_no_error (error);
  assert_contents (path, "new", 3);
  g_assert_cmpint (stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_mode & 07777, ==, 0604);
  g_assert_cmpint (after.st_uid, ==, before.st_uid);
  g_assert_cmpint (after.st_gid, ==, before.st_gid);
  /* A new inode was renamed in: the old one was never written in place. */
  g_assert_cmpuint (after.st_ino, !=, before.st_ino);
  g_assert_cmpstr (list_dir (f->dir), ==, "fig.svg");
}

static void
test_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "figures.png", NULL);
  g_autofree char *inside = g_build_filename (sub, "keep", NULL);
  g_autofree char *slash = g_strconcat (f->dir, "/not-yet/", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  put (inside, old_bytes, 0644);
  before = list_dir (f->dir);

  g_assert_false (dpv_atomic_write_path (sub, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  assert_message (error, "it is a folder");
  g_assert_cmpstr (list_dir (f->dir), ==, before);
  g_assert_cmpstr (list_dir (sub), ==, "keep");
  assert_contents (inside, old_bytes, strlen (old_bytes));
  g_clear_error (&error);

  /* A name ending in a slash names a folder even when there is none. */
  g_assert_false (dpv_atomic_write_path (slash, "x", 1, &error));
  assert_message (error, "it is a folder");
  g_assert_cmpstr (list_dir (f->dir), ==, before);
}

static void
test_missing_folder (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "no-such-folder", "fig.pdf", NULL);
  g_autofree char *file = g_build_filename (f->dir, "plain", NULL);
  g_autofree char *under_file = g_build_filename (file, "fig.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (dpv_atomic_write_path (path, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  assert_message (error, "the folder does not exist");
  g_clear_error (&error);
  g_assert_false (dpv_atomic_write_path ("", "x", 1, &error));
  assert_message (error, NULL);
  g_clear_error (&error);

  put (file, old_bytes, 0644);
  g_assert_false (dpv_atomic_write_path (under_file, "x", 1, &error));
  assert_message (error, "a part of the path is not a folder");
  assert_contents (file, old_bytes, strlen (old_bytes));
  g_assert_cmpstr (list_dir (f->dir), ==, "plain");
}

static void
test_not_regular (Fixture *f, gconstpointer data)
{
  g_autofree char *fifo = g_build_filename (f->dir, "pipe.png", NULL);
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_false (dpv_atomic_write_path (fifo, "x", 1, &error));
  assert_message (error, "it is not a regular file");
  g_assert_cmpint (lstat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_cmpstr (list_dir (f->dir), ==, "pipe.png");
}

static void
test_dangling_symlink (Fixture *f, gconstpointer data)
{
  g_autofree char *link = g_build_filename (f->dir, "link.png", NULL);
  g_autofree char *target = g_build_filename (f->dir, "elsewhere", "target.png", NULL);
  g_autofree char *sub = g_build_filename (f->dir, "elsewhere", NULL);
  g_autofree char *read_back = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_cmpint (symlink ("elsewhere/target.png", link), ==, 0);
  g_assert_false (dpv_atomic_write_path (link, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  assert_message (error, "is a symbolic link to “");
  g_assert_nonnull (strstr (error->message, "target.png”, which does not exist"));
  /* The link is still the same link, and its target was not created. */
  read_back = g_file_read_link (link, NULL);
  g_assert_cmpstr (read_back, ==, "elsewhere/target.png");
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (list_dir (f->dir), ==, "elsewhere|link.png");
  g_assert_cmpstr (list_dir (sub), ==, "");
}

static void
test_symlink_written_through (Fixture *f, gconstpointer data)
{
  g_autofree char *sub = g_build_filename (f->dir, "real", NULL);
  g_autofree char *target = g_build_filename (sub, "lesson.dpviz", NULL);
  g_autofree char *link1 = g_build_filename (f->dir, "link1", NULL);
  g_autofree char *link2 = g_build_filename (f->dir, "link2", NULL);
  g_autofree char *read_back = NULL;
  g_autoptr(GError) error = NULL;
  struct stat st;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  put (target, old_bytes, 0600);
  /* link2 → link1 → real/lesson.dpviz, one relative and one absolute */
  g_assert_cmpint (symlink ("real/lesson.dpviz", link1), ==, 0);
  g_assert_cmpint (symlink (link1, link2), ==, 0);

  g_assert_true (dpv_atomic_write_path (link2, "new", 3, &error));
  g_assert_no_error (error);
  assert_contents (target, "new", 3);
  g_assert_cmpint (lstat (link2, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (lstat (link1, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  read_back = g_file_read_link (link1, NULL);
  g_assert_cmpstr (read_back, ==, "real/lesson.dpviz");
  g_assert_cmpint (stat (target, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0600);
  /* The temporary file was made, and removed by the rename, in the target's folder. */
  g_assert_cmpstr (list_dir (f->dir), ==, "link1|link2|real");
  g_assert_cmpstr (list_dir (sub), ==, "lesson.dpviz");
}

static void
test_symlink_loop (Fixture *f, gconstpointer data)
{
  g_autofree char *a = g_build_filename (f->dir, "a", NULL);
  g_autofree char *b = g_build_filename (f->dir, "b", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink ("b", a), ==, 0);
  g_assert_cmpint (symlink ("a", b), ==, 0);
  g_assert_false (dpv_atomic_write_path (a, "x", 1, &error));
  assert_message (error, "too many symbolic links");
  g_assert_cmpstr (list_dir (f->dir), ==, "a|b");
}

static void
test_hard_link (Fixture *f, gconstpointer data)
{
  g_autofree char *name = g_build_filename (f->dir, "fig.png", NULL);
  g_autofree char *other = g_build_filename (f->dir, "other-name.png", NULL);
  g_autoptr(GError) error = NULL;
  struct stat st;

  put (name, old_bytes, 0644);
  g_assert_cmpint (link (name, other), ==, 0);
  g_assert_true (dpv_atomic_write_path (name, "new", 3, &error));
  g_assert_no_error (error);
  /* The name written gets the new contents; the other name keeps the old file whole. */
  assert_contents (name, "new", 3);
  assert_contents (other, old_bytes, strlen (old_bytes));
  g_assert_cmpint (stat (other, &st), ==, 0);
  g_assert_cmpint (st.st_nlink, ==, 1);
  g_assert_cmpstr (list_dir (f->dir), ==, "fig.png|other-name.png");
}

static void
test_odd_names (Fixture *f, gconstpointer data)
{
  const char *const names[] = { "new\nline.png", "bad\xff.png", "tab\tand\033esc.svg",
                                "\xe2\x80\xae" "gnp.pdf" };
  const char *const shown[] = { "new\\nline.png", "bad\\xff.png", "tab\\tand\\eesc.svg",
                                "\\u202egnp.pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, names[i], NULL);
      g_autofree char *missing_dir = g_build_filename (f->dir, names[i], "x.png", NULL);
      g_autoptr(GError) error = NULL;

      put (path, old_bytes, 0644);
      g_assert_true (dpv_atomic_write_path (path, "new", 3, &error));
      g_assert_no_error (error);
      assert_contents (path, "new", 3);

      /* A failure quotes the name escaped, on one line. */
      g_assert_false (dpv_atomic_write_path (missing_dir, "x", 1, &error));
      assert_message (error, shown[i]);
      assert_contents (path, "new", 3);
      g_assert_cmpint (g_unlink (path), ==, 0);
      g_assert_cmpstr (list_dir (f->dir), ==, "");
    }
}

static void
test_display (void)
{
  const struct {
    const char *in;
    gssize len;
    const char *out;
  } cases[] = {
    { "plain.png", -1, "plain.png" },
    { "ε → δ 中文", -1, "ε → δ 中文" },
    { "a\nb\rc\td\ve\ff\033g\x7fh", -1, "a\\nb\\rc\\td\\ve\\ff\\eg\\x7fh" },
    { "nul\0inside", 10, "nul\\x00inside" },
    { "\xff\xfe", -1, "\\xff\\xfe" },
    /* a truncated sequence, an overlong encoding and a UTF-16 surrogate are not UTF-8 */
    { "\xe4\xb8", -1, "\\xe4\\xb8" },
    { "\xc0\xaf", -1, "\\xc0\\xaf" },
    { "\xed\xa0\x80", -1, "\\xed\\xa0\\x80" },
    /* C1 controls (U+0085 NEL) and a bidirectional override */
    { "x\xc2\x85y", -1, "x\\x85y" },
    { "\xe2\x80\xae" "abc", -1, "\\u202eabc" },
    { "back\\slash", -1, "back\\slash" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = dpv_escape_for_display (cases[i].in, cases[i].len);

      g_assert_cmpstr (got, ==, cases[i].out);
      g_assert_true (g_utf8_validate (got, -1, NULL));
    }
}

/* A quoted value is the escaped text, cut after a number of characters (not bytes) with "…". */
static void
test_quote (void)
{
  g_autoptr (GString) long_text = g_string_new (NULL);
  g_autofree char *q = NULL;

  q = dpv_quote_for_message ("ε=1", 3);
  g_assert_cmpstr (q, ==, "ε=1");
  g_clear_pointer (&q, g_free);
  q = dpv_quote_for_message ("ε=10", 3);
  g_assert_cmpstr (q, ==, "ε=1…");
  g_clear_pointer (&q, g_free);
  /* the escape counts as the characters it shows */
  q = dpv_quote_for_message ("a\nb", 3);
  g_assert_cmpstr (q, ==, "a\\n…");
  g_clear_pointer (&q, g_free);
  for (int i = 0; i < 100000; i++)
    g_string_append (long_text, i % 7 == 0 ? "\r" : "中");
  q = dpv_quote_for_message (long_text->str, DPV_QUOTE_MAX_CHARS);
  g_assert_cmpint (g_utf8_strlen (q, -1), ==, DPV_QUOTE_MAX_CHARS + 1);
  g_assert_true (g_str_has_suffix (q, "…"));
  g_assert_true (g_str_has_prefix (q, "\\r中中中中中中\\r"));
  g_assert_null (strchr (q, '\r'));
}

/* ---- cases that need a privilege or its absence -------------------------------------- */

/* Runs the rest of the current test as “nobody” in a subprocess when the test runs as root
 * (root ignores permission bits); returns FALSE in the parent, which must only check. */
static gboolean
in_unprivileged_child (void)
{
  if (geteuid () != 0)
    return TRUE;
  if (g_test_subprocess ())
    {
      g_assert_cmpint (setgroups (0, NULL), ==, 0);
      g_assert_cmpint (setresgid (NOBODY, NOBODY, NOBODY), ==, 0);
      g_assert_cmpint (setresuid (NOBODY, NOBODY, NOBODY), ==, 0);
      return TRUE;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT
                                   | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
  return FALSE;
}

/* A directory that a subprocess can find again: the parent's, passed in the environment. */
static const char *
shared_dir (Fixture *f)
{
  const char *dir = g_getenv ("DPVIZ_TEST_ATOMIC_DIR");

  if (g_test_subprocess () && dir != NULL)
    return dir;
  g_setenv ("DPVIZ_TEST_ATOMIC_DIR", f->dir, TRUE);
  if (geteuid () == 0)
    g_assert_cmpint (chown (f->dir, NOBODY, NOBODY), ==, 0);
  return f->dir;
}

static void
test_read_only_folder (Fixture *f, gconstpointer data)
{
  const char *dir = shared_dir (f);
  g_autofree char *sub = g_build_filename (dir, "ro", NULL);
  g_autofree char *path = g_build_filename (sub, "fig.png", NULL);
  g_autofree char *added = g_build_filename (sub, "new.png", NULL);

  if (!g_test_subprocess ())
    {
      g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
      put (path, old_bytes, 0666);
      g_assert_cmpint (chmod (sub, 0555), ==, 0);
      if (geteuid () == 0)
        g_assert_cmpint (chown (path, NOBODY, NOBODY), ==, 0);
    }
  if (in_unprivileged_child ())
    {
      g_autoptr(GError) error = NULL;

      /* The file itself is writable, its folder is not: it is not written in place. */
      g_assert_true (access (path, W_OK) == 0);
      g_assert_false (dpv_atomic_write_path (path, "new", 3, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
      assert_message (error, "permission denied");
      g_clear_error (&error);
      g_assert_false (dpv_atomic_write_path (added, "new", 3, &error));
      assert_message (error, "permission denied");
      if (g_test_subprocess ())
        return;
    }
  assert_contents (path, old_bytes, strlen (old_bytes));
  g_assert_cmpstr (list_dir (sub), ==, "fig.png");
}

static void
test_read_only_file (Fixture *f, gconstpointer data)
{
  const char *dir = shared_dir (f);
  g_autofree char *path = g_build_filename (dir, "locked.pdf", NULL);

  if (!g_test_subprocess ())
    {
      put (path, old_bytes, 0444);
      if (geteuid () == 0)
        g_assert_cmpint (chown (path, NOBODY, NOBODY), ==, 0);
    }
  if (in_unprivileged_child ())
    {
      g_autoptr(GError) error = NULL;

      /* The folder is writable; the file was made read-only by its owner. */
      g_assert_false (dpv_atomic_write_path (path, "new", 3, &error));
      assert_message (error, "permission denied");
      if (g_test_subprocess ())
        return;
    }
  assert_contents (path, old_bytes, strlen (old_bytes));
  g_assert_cmpstr (list_dir (dir), ==, "locked.pdf");
}

/* Mounts a tmpfs of @size_kib on @dir; FALSE (and the test skipped, with the reason) when this
 * process may not. */
static gboolean
mount_tmpfs (const char *dir, int size_kib, gboolean read_only)
{
  g_autofree char *options = g_strdup_printf ("size=%dk,mode=0755", size_kib);

  if (mount ("tmpfs", dir, "tmpfs", read_only ? MS_RDONLY : 0, options) != 0)
    {
      g_autofree char *reason = g_strdup_printf ("cannot mount a tmpfs here (%s; the test "
                                                 "needs root, as in CI)", g_strerror (errno));

      g_test_skip (reason);
      return FALSE;
    }
  return TRUE;
}

static void
fill (const char *path)
{
  static const char block[4096];
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) > 0)
    ;
  close (fd);
}

static void
test_full_disk (Fixture *f, gconstpointer data)
{
  g_autofree char *mnt = g_build_filename (f->dir, "small", NULL);
  g_autofree char *old = g_build_filename (mnt, "old.png", NULL);
  g_autofree char *linked = g_build_filename (mnt, "linked.png", NULL);
  g_autofree char *fresh = g_build_filename (mnt, "fresh.png", NULL);
  g_autofree char *filler = g_build_filename (mnt, "filler", NULL);
  g_autofree char *big = g_malloc0 (48 * 1024);
  g_autofree char *before = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
  if (!mount_tmpfs (mnt, 64, FALSE))
    return;
  put (old, old_bytes, 0644);
  g_assert_cmpint (link (old, linked), ==, 0);
  fill (filler);
  before = list_dir (mnt);

  /* Replacing: the old file (both of its names) stays byte-identical. */
  g_assert_false (dpv_atomic_write_path (old, big, 48 * 1024, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  assert_message (error, "no space left on the device");
  assert_contents (old, old_bytes, strlen (old_bytes));
  assert_contents (linked, old_bytes, strlen (old_bytes));
  g_assert_cmpstr (list_dir (mnt), ==, before);
  g_clear_error (&error);

  /* A new file: nothing is left behind. */
  g_assert_false (dpv_atomic_write_path (fresh, big, 48 * 1024, &error));
  assert_message (error, "no space left on the device");
  g_assert_cmpstr (list_dir (mnt), ==, before);

  g_assert_cmpint (umount2 (mnt, MNT_DETACH), ==, 0);
}

static void
test_read_only_file_system (Fixture *f, gconstpointer data)
{
  g_autofree char *mnt = g_build_filename (f->dir, "ro-fs", NULL);
  g_autofree char *old = g_build_filename (mnt, "old.png", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (mnt, 0755), ==, 0);
  if (!mount_tmpfs (mnt, 64, FALSE))
    return;
  put (old, old_bytes, 0666);
  g_assert_cmpint (mount ("tmpfs", mnt, "tmpfs", MS_REMOUNT | MS_RDONLY, "size=64k"), ==, 0);

  g_assert_false (dpv_atomic_write_path (old, "new", 3, &error));
  assert_message (error, "the file system is read-only");
  assert_contents (old, old_bytes, strlen (old_bytes));
  g_assert_cmpstr (list_dir (mnt), ==, "old.png");
  g_assert_cmpint (umount2 (mnt, MNT_DETACH), ==, 0);
}

static void
test_gfile (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "g.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) remote = g_file_new_for_uri ("sftp://example.invalid/g.png");
  g_autoptr(GError) error = NULL;

  g_assert_true (dpv_atomic_write_file (file, "gio", 3, &error));
  g_assert_no_error (error);
  assert_contents (path, "gio", 3);
  /* Without a local path there is no way to keep the promise: refused. */
  g_assert_false (dpv_atomic_write_file (remote, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/atomic/new-file", test_new_file);
  ADD ("/atomic/replace-keeps-mode", test_replace_keeps_mode);
  ADD ("/atomic/folder", test_folder);
  ADD ("/atomic/missing-folder", test_missing_folder);
  ADD ("/atomic/not-regular", test_not_regular);
  ADD ("/atomic/dangling-symlink", test_dangling_symlink);
  ADD ("/atomic/symlink-written-through", test_symlink_written_through);
  ADD ("/atomic/symlink-loop", test_symlink_loop);
  ADD ("/atomic/hard-link", test_hard_link);
  ADD ("/atomic/odd-names", test_odd_names);
  ADD ("/atomic/read-only-folder", test_read_only_folder);
  ADD ("/atomic/read-only-file", test_read_only_file);
  ADD ("/atomic/full-disk", test_full_disk);
  ADD ("/atomic/read-only-file-system", test_read_only_file_system);
  ADD ("/atomic/gfile", test_gfile);
#undef ADD
  g_test_add_func ("/atomic/display", test_display);
  g_test_add_func ("/atomic/quote", test_quote);
  return g_test_run ();
}
