#!/bin/sh
# SPDX-License-Identifier: MIT
# Exits 0 when compiler $1 (default clang) can build and link a libFuzzer
# harness with AddressSanitizer and UndefinedBehaviorSanitizer, as the
# fuzz targets of the Makefile need (Debian: clang and libclang-rt-*-dev).
cc=${1:-clang}
command -v "$cc" >/dev/null 2>&1 || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat >"$dir/probe.c" <<'END'
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	(void)data;
	(void)size;
	return 0;
}
END
"$cc" -fsanitize=fuzzer,address,undefined -o "$dir/probe" "$dir/probe.c" \
	>/dev/null 2>&1
