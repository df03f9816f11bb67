#!/bin/sh
# SPDX-License-Identifier: MIT
# make bench: install what the bench compares clyde with (fio, bonnie++) and
# runs on (python3) when it is missing, with apt-get.
set -eu
missing=""
command -v fio >/dev/null 2>&1 || missing="$missing fio"
command -v bonnie++ >/dev/null 2>&1 || [ -x /usr/sbin/bonnie++ ] || missing="$missing bonnie++"
command -v python3 >/dev/null 2>&1 || missing="$missing python3"
[ -z "$missing" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	echo "bench: please install:$missing" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "bench: installing$missing" >&2
$SUDO apt-get update -q
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q $missing
