# SPDX-License-Identifier: MIT
# Semaphores of -p/-y s that belong to another user (root made them, nobody
# runs clyde): -p N, -y s and -p -1 each say whose they are and what to do,
# exit 1, and leave them as they were. Needs root, a user nobody and
# setpriv.
. tests/cli/lib.sh
plan 7
if [ "$(id -u)" != 0 ] || ! id nobody >/dev/null 2>&1 ||
	! command -v setpriv >/dev/null 2>&1; then
	skips "$PLAN" "semaphores of another user" "needs root, a user nobody and setpriv"
	exit 0
fi
CLYDE_SYNC_PREFIX=/clyde.owner.$$
export CLYDE_SYNC_PREFIX
DEV=/dev/shm/sem.${CLYDE_SYNC_PREFIX#/}
# A copy nobody may run, in a directory nobody may enter.
BIN=$(mktemp -d /tmp/clyde-owner.XXXXXX) || exit 2
trap '$CLYDE -p -1 -u root >/dev/null 2>&1; rm -rf "$T" "$BIN"' EXIT
cp "$CLYDE" "$BIN/clyde" && chmod 755 "$BIN" "$BIN/clyde"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$BIN/clyde" "$@"; }

$CLYDE -p 2 -u root >/dev/null 2>&1
[ -e "$DEV.procs" ] || { skips "$PLAN" "semaphores of another user" "no $DEV.procs to look at"; exit 0; }
WHO="user root (uid 0)"
SET="$CLYDE_SYNC_PREFIX\\.\\*"

as_nobody -p 2 >"$T/out" 2>"$T/err"
st=$?
check "-p 2 over root's: exit 1" [ "$st" -eq 1 ]
check "-p 2 over root's: says whose and what to do" grep -qx \
	"clyde: -p 2: the semaphores $SET exist and belong to $WHO, so clyde cannot make them anew; remove them as that user (clyde -p -1), or name a set of your own (CLYDE_SYNC_PREFIX=/clyde.mine)" "$T/err"
as_nobody -y s -s 0 -n 1 -d /tmp >"$T/out" 2>"$T/err"
st=$?
check "-y s with root's: exit 1" [ "$st" -eq 1 ]
check "-y s with root's: says whose and what to do" grep -qx \
	"clyde: -y s: the semaphores $SET belong to $WHO, who did not let this user use them (Permission denied); run as that user, or make a set of your own (CLYDE_SYNC_PREFIX=/clyde.mine clyde -p N)" "$T/err"
as_nobody -p -1 >"$T/out" 2>"$T/err"
st=$?
check "-p -1 of root's: exit 1" [ "$st" -eq 1 ]
check "-p -1 of root's: says whose and what to do" grep -qx \
	"clyde: -p -1: the semaphores $SET belong to $WHO, so clyde cannot remove them; remove them as that user (or root)" "$T/err"
check "root's semaphores as they were" [ -e "$DEV.procs" ]
