# SPDX-License-Identifier: MIT
# make install puts clyde in PREFIX/bin (where any user's PATH finds it),
# its page in section 1 and its bash and zsh completion where those shells
# look, under DESTDIR; make uninstall takes them all away. -o: install what
# is built (make test builds the completion), never rebuild with other flags.
. tests/cli/lib.sh
plan 12
MAKE=${MAKE:-make}

if ! command -v "$MAKE" >/dev/null 2>&1; then
	skips "$PLAN" install "make not installed"
	exit 0
fi
BUILT="-o clyde -o $BUILD/completions/clyde.bash -o $BUILD/completions/_clyde"
if [ ! -f "$BUILD/completions/clyde.bash" ] || [ ! -f "$BUILD/completions/_clyde" ]; then
	skip install "the completion is not built in $BUILD (make test builds it)"
	exit 0
fi
"$MAKE" -s $BUILT install DESTDIR="$T/root" PREFIX=/usr >"$T/out" 2>&1
check "install: exit 0" [ $? -eq 0 ]
check "install: clyde in PREFIX/bin" [ -x "$T/root/usr/bin/clyde" ]
check "install: nothing in sbin" [ ! -e "$T/root/usr/sbin" ]
check "install: the man page in section 1" [ -f "$T/root/usr/share/man/man1/clyde.1" ]
check "install: the page says section 1" grep -q '^\.TH CLYDE 1 ' "$T/root/usr/share/man/man1/clyde.1"
check "install: the installed clyde runs" sh -c "'$T/root/usr/bin/clyde' --version | grep -q '^clyde '"
check "install: bash completion where bash-completion looks" \
	cmp -s "$BUILD/completions/clyde.bash" "$T/root/usr/share/bash-completion/completions/clyde"
check "install: zsh completion where zsh looks" \
	cmp -s "$BUILD/completions/_clyde" "$T/root/usr/share/zsh/site-functions/_clyde"
"$MAKE" -s $BUILT uninstall DESTDIR="$T/root" PREFIX=/usr >"$T/out" 2>&1
check "uninstall: exit 0" [ $? -eq 0 ]
check "uninstall: clyde gone" [ ! -e "$T/root/usr/bin/clyde" ]
check "uninstall: man page gone" [ ! -e "$T/root/usr/share/man/man1/clyde.1" ]
check "uninstall: completion gone" \
	[ ! -e "$T/root/usr/share/bash-completion/completions/clyde" ] &&
	[ ! -e "$T/root/usr/share/zsh/site-functions/_clyde" ]
