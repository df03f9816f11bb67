# SPDX-License-Identifier: MIT
# Privileges (root only): -u keeps the user's supplementary groups, so a
# directory the user may write only through one of them works; -g alone
# as root is refused as the README says (it names no user, and clyde would
# stay root). A user and a group made for the test, removed afterwards.
. tests/cli/lib.sh
plan 10
if [ "$(id -u)" != 0 ]; then
	skips 7 "-u with a supplementary group" "needs root to make a user"
	skips 3 "-g alone as root" "needs root"
	exit 0
fi

$CLYDE -d "$T" -g root -s 0 -n 1 >"$T/out" 2>"$T/err"
st=$?
check "-g alone as root: exit 1" [ $st -eq 1 ]
check "-g alone as root: says why" \
	grep -qx 'clyde: running as root needs -u user (or -u root to run as root anyway); -g alone would keep uid 0 (use -u root:GROUP for root with that group)' "$T/err"
check "-g alone as root: nothing made" [ -z "$(workdir_in "$T")" ]

if ! command -v useradd >/dev/null 2>&1 || ! command -v groupadd >/dev/null 2>&1; then
	skips 7 "-u with a supplementary group" "no useradd/groupadd"
	exit 0
fi
G=clydeg$$
USR=clydeu$$
gone() {
	userdel "$USR" 2>/dev/null
	groupdel "$G" 2>/dev/null
	rm -rf "$T"
}
trap gone EXIT
trap 'gone; exit 1' INT TERM
groupadd "$G" && useradd -M -N -g nogroup -G "$G" -s /usr/sbin/nologin "$USR" 2>/dev/null ||
	useradd -M -G "$G" "$USR"
# Writable through the group only.
mkdir "$T/g"
chgrp "$G" "$T/g"
chmod 2770 "$T/g"
chmod 755 "$T"
$CLYDE -d "$T/g" -u "$USR" -s 0 -r 0 -n 1 >"$T/out" 2>"$T/err"
st=$?
check "-u with a supplementary group: the group's directory works" [ $st -eq 0 ]
check "-u: says whom it runs as" grep -q "^Using uid:$(id -u "$USR"), gid:" "$T/err"
check "-u with a supplementary group: -d left empty" empty_dir "$T/g"
# user:group adds the named group to the user's own.
$CLYDE -d "$T/g" -u "$USR:root" -s 0 -r 0 -n 1 >"$T/out" 2>"$T/err"
st=$?
check "-u user:group keeps the supplementary groups too" [ $st -eq 0 ]
check "-u user:group: gid is the named group's" grep -q "^Using uid:$(id -u "$USR"), gid:0\.\$" "$T/err"
check "-u user:group: -d left empty" empty_dir "$T/g"
gone
check "the test's user and group are gone" sh -c "! id '$USR' >/dev/null 2>&1 && ! getent group '$G' >/dev/null"
