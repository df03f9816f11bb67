# SPDX-License-Identifier: MIT
# Shared helpers for clyde's shell tests: a scratch directory removed on
# exit, and ok/FAIL lines in the format tests/run.sh counts.
CLYDE=${CLYDE:-./clyde}
T=$(mktemp -d /tmp/clyde-test.XXXXXX) || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
# bonnie++'s rule: as root clyde wants -u.
if [ "$(id -u)" = 0 ]; then U="-u root"; else U=""; fi

ok() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; }
# check NAME CONDITION-COMMAND...: ok when the command succeeds.
check() {
	name=$1
	shift
	if "$@"; then ok "$name"; else fail "$name" "$*"; fi
}
# Fields in a CSV line.
nfields() { printf '%s\n' "$1" | awk -F, '{ print NF }'; }
# Field N (0-based) of a CSV line.
field() { printf '%s\n' "$1" | awk -F, -v n="$2" '{ print $(n + 1) }'; }
# True when directory $1 holds nothing.
empty_dir() { [ -z "$(ls -A "$1")" ]; }
