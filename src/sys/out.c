/* SPDX-License-Identifier: MIT */
/*
 * out.c - the standard descriptors, checked output and terminal-safe
 * messages (out.h).
 */
#include "out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cleanup.h"
#include "lib/utf8.h"

int out_std_init(struct out_std *std)
{
	static const int how[3] = { O_RDONLY, O_RDONLY, O_WRONLY };

	for (int fd = 0; fd < 3; fd++) {
		std->closed[fd] = fcntl(fd, F_GETFD) < 0 && errno == EBADF;
		if (!std->closed[fd])
			continue;
		/* The lowest free descriptor: this one, as 0..fd-1 are open. */
		int got = open("/dev/null", how[fd]);
		if (got < 0)
			return -1;
		if (got != fd) {
			close(got);
			errno = EBADF;
			return -1;
		}
	}
	return 0;
}

int out_check(FILE *f, const char *name)
{
	int saved = errno;

	if (fflush(f) == 0 && !ferror(f)) {
		errno = saved;
		return 0;
	}
	/* A failed write leaves its errno; formatters make no other calls. */
	cleanup_request_stop(name, errno ? errno : EIO);
	return -1;
}

char *out_safe(const char *text, char *out, size_t len)
{
	size_t n = strlen(text), o = 0;

	for (size_t i = 0; i < n;) {
		size_t k = text[i] == '\\' ? 0 : utf8_printable_at(text + i, n - i);
		char esc[8];
		const char *piece = text + i;
		size_t plen = k;

		if (k == 0) {
			if (text[i] == '\\')
				snprintf(esc, sizeof(esc), "\\\\");
			else
				snprintf(esc, sizeof(esc), "\\x%02x",
					 (unsigned char)text[i]);
			piece = esc;
			plen = strlen(esc);
			k = 1;
		}
		if (o + plen >= len)
			break;
		memcpy(out + o, piece, plen);
		o += plen;
		i += k;
	}
	if (len > 0)
		out[o < len ? o : len - 1] = '\0';
	return out;
}

/* Back from END to the start of the UTF-8 character that holds it. */
static size_t char_start(const char *text, size_t end)
{
	while (end > 0 && ((unsigned char)text[end] & 0xc0) == 0x80)
		end--;
	return end;
}

const char *out_echo(const char *text, char *buf)
{
	size_t n = strlen(text);

	if (n <= OUT_ECHO_HEAD + OUT_ECHO_TAIL) {
		memcpy(buf, text, n + 1);
		return buf;
	}
	size_t head = char_start(text, OUT_ECHO_HEAD);
	size_t tail = char_start(text, n - OUT_ECHO_TAIL);
	snprintf(buf, OUT_ECHO_BYTES, "%.*s...%s (%zu bytes)", (int)head, text,
		 text + tail, n);
	return buf;
}

/* Room for a message that names two paths, and for its escapes. */
#define SAY_MAX (3 * 4096)

int out_say(const char *fmt, ...)
{
	char *raw = malloc(SAY_MAX), *line = malloc(4 * SAY_MAX + 16);
	va_list ap;
	int rc = -1;

	if (raw && line) {
		va_start(ap, fmt);
		vsnprintf(raw, SAY_MAX, fmt, ap);
		va_end(ap);
		memcpy(line, "clyde: ", 7);
		out_safe(raw, line + 7, 4 * SAY_MAX);
		strcat(line, "\n");
		rc = fputs(line, stderr) == EOF ? -1 : 0;
	}
	free(raw);
	free(line);
	if (rc != 0 || out_check(stderr, "stderr") != 0)
		return -1;
	return 0;
}

int out_errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}
