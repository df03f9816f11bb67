/* SPDX-License-Identifier: MIT */
/*
 * filetest_internal.h - what filetest.c (a copy's directory tree) lends
 * filetest_share.c (the one shared directory of --shared-dir).
 */
#ifndef FILETEST_INTERNAL_H
#define FILETEST_INTERNAL_H

#include <sys/stat.h>

/*
 * mkdirat NAME in DFD and open it without following a symlink, its
 * identity in *ST; -1 with errno, and then nothing is left made (a name
 * that no longer holds a directory is not removed).
 */
int filetest_make_dir(int dfd, const char *name, struct stat *st);

#endif
