# SPDX-License-Identifier: MIT
# make install puts clyde in PREFIX/bin (where any user's PATH finds it)
# and its page in section 1, under DESTDIR; make uninstall takes both away.
# -o clyde: install what is built, never rebuild it with other flags.
. tests/cli/lib.sh
plan 9
MAKE=${MAKE:-make}

if ! command -v "$MAKE" >/dev/null 2>&1; then
	skips "$PLAN" install "make not installed"
	exit 0
fi
"$MAKE" -s -o clyde install DESTDIR="$T/root" PREFIX=/usr >"$T/out" 2>&1
check "install: exit 0" [ $? -eq 0 ]
check "install: clyde in PREFIX/bin" [ -x "$T/root/usr/bin/clyde" ]
check "install: nothing in sbin" [ ! -e "$T/root/usr/sbin" ]
check "install: the man page in section 1" [ -f "$T/root/usr/share/man/man1/clyde.1" ]
check "install: the page says section 1" grep -q '^\.TH CLYDE 1 ' "$T/root/usr/share/man/man1/clyde.1"
check "install: the installed clyde runs" sh -c "'$T/root/usr/bin/clyde' --version | grep -q '^clyde '"
"$MAKE" -s -o clyde uninstall DESTDIR="$T/root" PREFIX=/usr >"$T/out" 2>&1
check "uninstall: exit 0" [ $? -eq 0 ]
check "uninstall: clyde gone" [ ! -e "$T/root/usr/bin/clyde" ]
check "uninstall: man page gone" [ ! -e "$T/root/usr/share/man/man1/clyde.1" ]
