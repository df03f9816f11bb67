/* SPDX-License-Identifier: MIT */
/*
 * rusage.c - run a command and write its peak RSS and CPU time to a file,
 * for `make bench`. A small C parent is needed: the kernel counts the
 * memory a child had before exec in its ru_maxrss, so a command started
 * straight from python would report python's size. Not part of clyde.
 *
 *   rusage OUT CMD [ARG...]   OUT gets "maxrss_kib user_s sys_s";
 *                             exit status is CMD's (128+N after signal N)
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: rusage OUT CMD [ARG...]\n");
		return 1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("rusage: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		fprintf(stderr, "rusage: %s: %s\n", argv[2], strerror(errno));
		_exit(127);
	}
	/* An interrupt reaches the whole group: let CMD clean up, then report. */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	int status;
	struct rusage ru;
	while (wait4(pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			perror("rusage: wait4");
			return 1;
		}
	}
	FILE *out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "%ld %ld.%06ld %ld.%06ld\n", ru.ru_maxrss, (long)ru.ru_utime.tv_sec,
		(long)ru.ru_utime.tv_usec, (long)ru.ru_stime.tv_sec, (long)ru.ru_stime.tv_usec);
	fclose(out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
