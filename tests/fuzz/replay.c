/* SPDX-License-Identifier: MIT */
/*
 * replay.c - a main() for a fuzz harness in builds without libFuzzer: feeds
 * it each FILE given, or every file of each DIRECTORY (in name order), so
 * the seed corpora and the saved crash inputs run in every build, under any
 * SANITIZE= too. Prints "ok replay PATH" per file or directory; an oracle
 * that fails prints its own FAIL line and aborts.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The ok lines go to the real stdout even if a harness silences stdout. */
static FILE *report;

/* Run one file through the harness; -1 (said on stdout) if unreadable. */
static int replay_file(const char *path)
{
	FILE *in = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0;

	if (!in) {
		fprintf(report, "FAIL replay %s: cannot open\n", path);
		return -1;
	}
	for (;;) {
		size_t got;

		if (size == cap) {
			uint8_t *bigger = realloc(data, cap ? 2 * cap : 4096);

			if (!bigger)
				abort();
			data = bigger;
			cap = cap ? 2 * cap : 4096;
		}
		got = fread(data + size, 1, cap - size, in);
		size += got;
		if (got == 0)
			break;
	}
	if (ferror(in)) {
		fprintf(report, "FAIL replay %s: read error\n", path);
		fclose(in);
		free(data);
		return -1;
	}
	fclose(in);
	/* libFuzzer hands over an exactly-sized copy: so does replay. */
	{
		uint8_t *exact = malloc(size ? size : 1);

		if (!exact)
			abort();
		if (size)
			memcpy(exact, data, size);
		free(data);
		LLVMFuzzerTestOneInput(exact, size);
		free(exact);
	}
	return 0;
}

static int not_hidden(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

/* Every file of DIR; returns the number of failures. */
static int replay_dir(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, not_hidden, alphasort);
	int failed = 0, count = 0;

	if (n < 0) {
		fprintf(report, "FAIL replay %s: cannot read directory\n", dir);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(dir) + strlen(names[i]->d_name) + 2;
		char *path = malloc(len);
		struct stat st;

		if (!path)
			abort();
		snprintf(path, len, "%s/%s", dir, names[i]->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			failed += replay_file(path) != 0;
			count++;
		}
		free(path);
		free(names[i]);
	}
	free(names);
	if (!failed)
		fprintf(report, "ok replay %s (%d inputs)\n", dir, count);
	return failed;
}

int main(int argc, char **argv)
{
	int fd = dup(STDOUT_FILENO);
	int failed = 0;

	report = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!report)
		return 2;
	setvbuf(report, NULL, _IOLBF, 0);
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			failed += replay_dir(argv[i]);
		} else if (replay_file(argv[i]) == 0) {
			fprintf(report, "ok replay %s\n", argv[i]);
		} else {
			failed++;
		}
	}
	fclose(report);
	return failed ? 1 : 0;
}
