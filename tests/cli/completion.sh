# SPDX-License-Identifier: MIT
# The bash and zsh completion the build writes from the option tables
# (completions/gen.c): every option --help lists is in both; bash
# completes the commands, the options of each, and the values of the
# options that have a list (--table, --format, --profile), a directory
# (-d) or a file; zsh parses it, offers the commands and hands each
# command's options to _arguments.
. tests/cli/lib.sh
plan 22
BASH_C=$BUILD/completions/clyde.bash
ZSH_C=$BUILD/completions/_clyde
if [ ! -f "$BASH_C" ] || [ ! -f "$ZSH_C" ]; then
	skips 22 "completion" "not built in $BUILD (make completions)"
	exit 0
fi

# Every option of every command's --help, in both scripts.
for c in "" report mark where; do
	$CLYDE $c --help | grep -Eo '^  (-[A-Za-z]|--[a-z-]+)' | sed 's/^  //' >"$T/opts"
	missing=""
	for o in $(cat "$T/opts"); do
		grep -q -- " $o[ \"]\|'$o[=+-]*\[\|^		$o)" "$BASH_C" || missing="$missing bash:$o"
		grep -q -- "'$o[=+-]*\[" "$ZSH_C" || missing="$missing zsh:$o"
	done
	check "completion: every option of clyde${c:+ $c} (--help) in both" \
		[ -s "$T/opts" ] && [ -z "$missing" ]
	[ -z "$missing" ] || echo "# missing:$missing"
done

if command -v bash >/dev/null 2>&1; then
	mkdir -p "$T/dirs/sub1" "$T/dirs/sub2"
	: >"$T/dirs/file1"
	# complete WORD...: what bash offers for the last word of the line.
	complete_line() {
		bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1));
			_clyde; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}"' \
			sh "$BASH_C" "$@" | sort | tr '\n' ' '
	}
	check "bash: the commands" [ "$(complete_line clyde '')" = "mark report where " ]
	check "bash: --ta completes to --table" [ "$(complete_line clyde --ta)" = "--table " ]
	check "bash: --table's layouts" \
		[ "$(complete_line clyde --table '')" = "1.03 1.96 1.97 2.00 none " ]
	check "bash: -d completes directories" \
		[ "$(complete_line clyde -d "$T/dirs/s")" = "$T/dirs/sub1 $T/dirs/sub2 " ]
	check "bash: a value to type completes nothing" [ -z "$(complete_line clyde -s '')" ]
	check "bash: mark's options" \
		[ "$(complete_line clyde mark --pro)" = "--probe --profile --progress " ]
	check "bash: mark's profiles" \
		[ "$(complete_line clyde mark --profile '')" = "default nvme peak real " ]
	check "bash: report's formats" \
		sh -c "echo '$(complete_line clyde report --format '')' | grep -q 'html json markdown svg text-1.03 '"
	check "bash: report's files" \
		[ "$(complete_line clyde report "$T/dirs/fi")" = "$T/dirs/file1 " ]
	check "bash: clyde takes no operand" [ -z "$(complete_line clyde -q "$T/dirs/fi")" ]
	check "bash: where's --help" [ "$(complete_line clyde where --h)" = "--help " ]
	check "bash: clyde-mpi too" bash -c ". '$BASH_C'; complete -p clyde-mpi >/dev/null"
else
	skips 12 "bash completion" "no bash"
fi

if command -v zsh >/dev/null 2>&1; then
	check "zsh: the script parses" zsh -n "$ZSH_C"
	# offered WORDS...: what the script hands to _describe or _arguments
	# (stand-ins that print it) for the last word of the line.
	offered() {
		zsh -fc '_arguments() { print -rl -- "$@" }
			_describe() { print -rl -- "${(@P)2}" }
			words=("${@:2}"); CURRENT=$#words; PREFIX=${words[-1]}
			. "$1"' zsh "$ZSH_C" "$@"
	}
	offered clyde '' >"$T/z" 2>&1
	check "zsh: the commands, described" \
		[ "$(grep -c '^\(report\|mark\|where\):' "$T/z")" -eq 3 ]
	offered clyde mark --p >"$T/z" 2>&1
	check "zsh: mark's --profile with its profiles" \
		grep -qx -- "--profile=\[.*\]:name:(default nvme peak real)" "$T/z"
	offered clyde -d >"$T/z" 2>&1
	check "zsh: clyde's -d completes directories" \
		grep -qx -- "-d+\[.*\]:dir:_files -/" "$T/z"
	check "zsh: clyde's --table with its layouts" \
		grep -qx -- "--table=\[.*\]:fmt:(1.03 1.96 1.97 2.00 none)" "$T/z"
	offered clyde report x >"$T/z" 2>&1
	check "zsh: report's files" grep -qx -- "\*:file:_files" "$T/z"
else
	skips 6 "zsh completion" "no zsh (.ci/run installs it)"
fi
