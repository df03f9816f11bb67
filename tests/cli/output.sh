# SPDX-License-Identifier: MIT
# One output path: every stream clyde writes (stdout, stderr, the --json
# file) closed, full, or a pipe whose reader went away. Each failure is one
# line "clyde: STREAM: write: reason" (when stderr still works) and exit 5,
# always after clean-up; closed standard descriptors at start never catch
# a test file; the JSON file is checked before any I/O and a failed run
# leaves no JSON behind.
. tests/cli/lib.sh
plan 63
mkdir "$T/d"
R="-d $T/d $U -r 0"

# failed NAME STREAM REASON: exit 5, exactly one line on stderr saying
# "clyde: STREAM: write: REASON", -d empty.
failed() {
	check "$1: exit 5" [ "$st" -eq 5 ]
	check "$1: one line" [ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ]
	[ "$(grep -c '^clyde: ' "$T/err")" -eq 1 ] || sed 's/^/# /' "$T/err"
	check "$1: says what failed" grep -qx "clyde: $2: write: $3" "$T/err"
	check "$1: -d left empty" empty_dir "$T/d"
}

# --- stdout ---------------------------------------------------------------
$CLYDE $R -s 16M -n 0 -f >/dev/full 2>"$T/err"
st=$?
failed "stdout on a full device" stdout "No space left on device"

$CLYDE $R -s 16M -n 0 -f -x 2 >/dev/full 2>"$T/err"
st=$?
failed "stdout full under -x" stdout "No space left on device"

# Closed: refused before any I/O (the results would be lost), -d untouched.
$CLYDE $R -s 16M -n 0 -f >&- 2>"$T/err"
st=$?
check "stdout closed: exit 5" [ $st -eq 5 ]
check "stdout closed: says so before any I/O" \
	grep -qx 'clyde: stdout: Bad file descriptor (closed when clyde started, so the results would be lost)' "$T/err"
check "stdout closed: no progress words, nothing made" \
	sh -c "! grep -q Writing '$T/err' && [ -z \"\$(ls -A '$T/d')\" ]"
# Closed but unused (no table, no CSV, JSON to a file): the run goes on.
$CLYDE $R -s 16M -n 0 -f --table none --csv none --json "$T/j.json" \
	>&- 2>"$T/err"
st=$?
check "stdout closed, unused: exit 0" [ $st -eq 0 ]
check "stdout closed, unused: the JSON written" grep -q '"clyde_version"' "$T/j.json"
rm -f "$T/j.json"

# A reader that goes away: SIGPIPE is ignored, EPIPE is an output error.
{ $CLYDE $R -s 0 -n 1 -x 3 2>"$T/err"; echo $? >"$T/st"; } | head -n 1 >"$T/out"
st=$(cat "$T/st")
failed "-x 3 | head -1" stdout "Broken pipe"
check "-x 3 | head -1: the header line arrived" grep -q '^format_version,' "$T/out"
{ yes | $CLYDE $R -s 0 -n 1 -y p 2>"$T/err"; echo $? >"$T/st"; } | head -n 3 >/dev/null
st=$(cat "$T/st")
failed "-y p | head -3" stdout "Broken pipe"
# Both streams into the pipe: the progress words meet EPIPE first, and no
# message can go anywhere; the status says it.
{ $CLYDE $R -s 16M -n 0 -f --progress always 2>&1; echo $? >"$T/st"; } | head -c 1 >/dev/null
st=$(cat "$T/st")
check "2>&1 | head -c 1: exit 5" [ "$st" -eq 5 ]
check "2>&1 | head -c 1: -d left empty" empty_dir "$T/d"

# --- stderr ---------------------------------------------------------------
$CLYDE $R -s 16M -n 0 -f >"$T/out" 2>/dev/full
st=$?
check "stderr on a full device: exit 5" [ $st -eq 5 ]
check "stderr on a full device: no results on stdout" [ ! -s "$T/out" ]
check "stderr on a full device: -d left empty" empty_dir "$T/d"
# Closed stderr asks for silence: the run goes on, and no test file takes
# descriptor 2 (--verify would find the progress words in it).
$CLYDE $R -s 16M -n 1 --verify >"$T/out" 2>&-
st=$?
check "stderr closed: exit 0, --verify finds nothing" [ $st -eq 0 ]
check "stderr closed: CSV line" grep -q '^1.96,clyde-' "$T/out"
check "stderr closed: -d left empty" empty_dir "$T/d"

# --- stdin and all three closed -------------------------------------------
$CLYDE $R -s 0 -n 1 -y p >"$T/out" 2>"$T/err" <&-
st=$?
check "stdin closed at a -y p prompt: exit 3" [ $st -eq 3 ]
check "stdin closed: says so" grep -qx 'clyde: stdin: end of input at the -y p prompt' "$T/err"
check "stdin closed: -d left empty" empty_dir "$T/d"
$CLYDE $R -s 16M -n 1 --verify --table none --csv none --json "$T/j.json" <&- >&- 2>&-
st=$?
check "0, 1 and 2 closed: the run still right" [ $st -eq 0 ]
check "0, 1 and 2 closed: the JSON written" grep -q '"clyde_version"' "$T/j.json"
check "0, 1 and 2 closed: -d left empty" empty_dir "$T/d"
rm -f "$T/j.json"

# --- the JSON file -----------------------------------------------------------
mkdir "$T/ro" && chmod 555 "$T/ro"
if [ "$(id -u)" = 0 ]; then
	# root writes anywhere: a path through a file is unwritable for all.
	: >"$T/plain"
	J="$T/plain/out.json"
else
	J="$T/ro/out.json"
fi
$CLYDE $R -s 16M -n 0 -f --json "$J" >"$T/out" 2>"$T/err"
st=$?
check "--json unwritable: exit 2" [ $st -eq 2 ]
check "--json unwritable: found before any I/O" \
	sh -c "grep -q '^clyde: .*out.json: cannot write the JSON: ' '$T/err' && ! grep -q Writing '$T/err'"
check "--json unwritable: -d left empty" empty_dir "$T/d"
$CLYDE $R -s 0 -n 1 --json /dev/full >"$T/out" 2>"$T/err"
st=$?
failed "--json /dev/full" /dev/full "No space left on device"
# A run that fails leaves no new JSON file, and an old one as it was.
$CLYDE $R -s 0 -n 1 -y p --json "$T/new.json" >"$T/out" 2>"$T/err" </dev/null
check "failed run: no new JSON file" [ ! -e "$T/new.json" ]
echo old >"$T/old.json"
$CLYDE $R -s 0 -n 1 -y p --json "$T/old.json" >"$T/out" 2>"$T/err" </dev/null
check "failed run: the old JSON file as it was" [ "$(cat "$T/old.json")" = old ]
$CLYDE $R -s 16M -n 0 -f --json "$T/old.json" >"$T/out" 2>"$T/err"
check "a run that works replaces it whole" \
	sh -c "head -c 1 '$T/old.json' | grep -q '{' && ! grep -q '^old' '$T/old.json'"
check "JSON runs: -d left empty" empty_dir "$T/d"

# --- -y p reads with bounds --------------------------------------------------
$CLYDE $R -s 0 -n 1 -y p >/dev/null 2>"$T/err" </dev/zero
st=$?
check "-y p from /dev/zero: refused, not spun" [ $st -eq 3 ]
check "-y p from /dev/zero: says why" \
	grep -qx 'clyde: stdin: no newline in the first 4096 bytes of the -y p answer' "$T/err"
check "-y p from /dev/zero: -d left empty" empty_dir "$T/d"
# Answers without a final newline, then the end of the input.
printf 'go\ngo' | $CLYDE $R -s 0 -n 1 -y p >/dev/null 2>"$T/err"
st=$?
check "-y p, last answer without newline accepted, then the end" \
	sh -c "[ $st -eq 3 ] && grep -qx 'clyde: stdin: end of input at the -y p prompt' '$T/err'"
check "-y p at the end of input: -d left empty" empty_dir "$T/d"

# --- other commands -------------------------------------------------------------
$CLYDE --help >/dev/full 2>"$T/err"
st=$?
failed "--help >/dev/full" stdout "No space left on device"
cp tests/golden/conc2.csv196 "$T/r.csv"
$CLYDE report "$T/r.csv" >/dev/full 2>"$T/err"
st=$?
check "clyde report >/dev/full: still an error" \
	sh -c "[ $st -ne 0 ] && grep -q 'No space left on device' '$T/err'"
{ $CLYDE report "$T/r.csv" "$T/r.csv" "$T/r.csv" 2>"$T/err"; echo $? >"$T/st"; } | true
check "clyde report | a reader that left: no death by SIGPIPE" [ "$(cat "$T/st")" -lt 128 ]

# --- messages are safe for a terminal -----------------------------------------
# A newline or an escape sequence in user text reaches stderr escaped, on
# the one line of the message.
D=$(printf 'no\nsuch\033]0;owned\007dir\342\200\256')
$CLYDE -d "$T/$D" $U -r 0 -s 0 -n 1 >"$T/out" 2>"$T/err"
st=$?
check "-d with a newline and escapes: exit 2" [ $st -eq 2 ]
check "-d with a newline and escapes: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
check "-d with a newline and escapes: shown escaped" \
	grep -qF 'no\x0asuch\x1b]0;owned\x07dir\xe2\x80\xae: there is no such directory' "$T/err"
check "-d with a newline and escapes: no control character reaches stderr" \
	sh -c "! LC_ALL=C grep -q \"\$(printf '[\\001-\\010\\013-\\037\\177]')\" '$T/err'"
$CLYDE -d "$T/d" $U -r 0 -s "$(printf '1\033[2J')" >"$T/out" 2>"$T/err"
check "a bad -s with an escape: no escape reaches stderr" \
	sh -c "grep -q '^clyde: -s 1' '$T/err' && ! grep -q \"\$(printf '\033')\" '$T/err'"
