# SPDX-License-Identifier: MIT
# Every output of a run names its own destination: each pair of outputs
# (--json, clyde mark's --csv, the standard output and error the run
# writes to) that is one file, by one path or two (./F, hard links,
# /dev/stdout), or that asks for stdout twice, and every output that is a
# file the run reads (-Z, clyde report's input), is refused before any
# I/O in one line, exit 1, nothing made. Distinct destinations, and
# character devices such as /dev/null, still run.
. tests/cli/lib.sh
plan 81
hold_engines
mkdir "$T/d"
R="-d $T/d $U -r 0"
case $CLYDE in /*) ;; *) CLYDE=$PWD/$CLYDE ;; esac
cd "$T" || exit 2
echo "old" >F
ln F G
echo 0000 >Z

# refused NAME PATTERN: exit 1, one line, the ERE PATTERN after "clyde: ",
# nothing made in -d, F and G as they were.
refused() {
	check "$1: exit 1" [ "$st" -eq 1 ]
	check "$1: one line" [ "$(grep -c . err)" -eq 1 ]
	check "$1: says why" grep -Eq "^clyde: $2\$" err
	check "$1: nothing made" empty_dir "$T/d"
	check "$1: the file untouched" [ "$(cat F)" = old ]
}
SAME="are the same file; give each its own"

# --- clyde mark: --json, --csv, stdout, stderr ------------------------------------
M="mark -d $T/d $U -s 16M --runs 1 --time 1 --tests SEQ1M-Q1T1:read"
$CLYDE $M --json F --csv F >out 2>err; st=$?
refused "mark --json F --csv F" "--json and --csv both name F; give each its own file"
$CLYDE $M --json F --csv ./F >out 2>err; st=$?
refused "mark --json F --csv ./F" "--json F and --csv \./F $SAME"
$CLYDE $M --json F --csv G >out 2>err; st=$?
refused "mark --json and --csv hard links of one file" "--json F and --csv G $SAME"
$CLYDE $M --json new --csv "$T/d/../new" >out 2>err; st=$?
refused "mark --json and --csv, one file not made yet" "--json new and --csv $T/d/\.\./new $SAME"
check "mark, one file not made yet: not made" [ ! -e new ]
$CLYDE $M --json - --csv - >out 2>err; st=$?
refused "mark --json - --csv -" "--json - and --csv - both write to standard output; give one of them a file"
{ $CLYDE $M --json - --csv /dev/stdout 2>err; echo $? >st; } | cat >out; st=$(cat st)
refused "mark --json - --csv /dev/stdout into a pipe" "--json - and --csv /dev/stdout $SAME"
$CLYDE $M --json F >>F 2>err; st=$?
refused "mark --json F, stdout F" "--json F and standard output $SAME"
$CLYDE $M --csv G >>F 2>err; st=$?
refused "mark --csv G, stdout F (a hard link)" "--csv G and standard output $SAME"
$CLYDE $M --json F 2>>F; st=$?
cp F err
check "mark --json F, stderr F: exit 1" [ "$st" -eq 1 ]
check "mark --json F, stderr F: says why" grep -q "^clyde: --json F and standard error $SAME\$" F
echo old >F
$CLYDE $M --csv F 2>>G; st=$?
check "mark --csv F, stderr G: says why" grep -q "^clyde: --csv F and standard error $SAME\$" F
echo old >F

# --- the classic run: --json, -Z, stdout, stderr -----------------------------------
C="$R -s 16M -n 0 -f"
$CLYDE $C --json F >>F 2>err; st=$?
refused "--json F, stdout F" "--json F and standard output $SAME"
{ $CLYDE $C --json /dev/stdout 2>err; echo $? >st; } | cat >out; st=$(cat st)
refused "--json /dev/stdout into the pipe stdout is" "--json /dev/stdout and standard output $SAME"
$CLYDE $C --json F 2>>G; st=$?
check "--json F, stderr G: says why" grep -q "^clyde: --json F and standard error $SAME\$" F
echo old >F
$CLYDE $C --json F -Z F >out 2>err; st=$?
refused "--json F -Z F" "--json F and -Z F are the same file: clyde would write over what it reads; send the results elsewhere"
$CLYDE $C --json G -Z F >out 2>err; st=$?
refused "--json G -Z F (hard links)" "--json G and -Z F are the same file: clyde would write over what it reads; send the results elsewhere"
$CLYDE $C -Z F >>F 2>err; st=$?
refused "-Z F, stdout F" "-Z F and standard output are the same file: clyde would write over what it reads; send the results elsewhere"

# --- clyde report: its input is not where it writes -------------------------------
printf 'a,b\n' >r.csv
$CLYDE report r.csv >>r.csv 2>err; st=$?
check "report r.csv >>r.csv: exit 1" [ "$st" -eq 1 ]
check "report r.csv >>r.csv: says why" grep -qx "clyde: report: the input r.csv and standard output are the same file: clyde would write over what it reads; send the results elsewhere" err
check "report r.csv >>r.csv: the input untouched" [ "$(cat r.csv)" = "a,b" ]
$CLYDE report <r.csv >>r.csv 2>err; st=$?
check "report <r.csv >>r.csv: says why" grep -qx "clyde: report: standard input and standard output are the same file: clyde would write over what it reads; send the results elsewhere" err

# --- distinct destinations run ------------------------------------------------------
$CLYDE $M --json j.json --csv c.csv >out 2>err; st=$?
check "mark, distinct files: exit 0" [ "$st" -eq 0 ]
check "mark, distinct files: both written" sh -c 'grep -q "{" j.json && grep -q , c.csv'
$CLYDE $M --json - --csv c.csv >out 2>err; st=$?
check "mark --json - --csv FILE: exit 0, the JSON alone on stdout" \
	sh -c "[ $st -eq 0 ] && head -c 1 out | grep -q '{'"
$CLYDE $M --csv - >out 2>err; st=$?
check "mark --csv -: the CSV alone on stdout, the table on stderr" \
	sh -c "[ $st -eq 0 ] && head -n 1 out | grep -q , && grep -q 'MB/s' err && ! grep -q 'MB/s' out"
$CLYDE $M --json /dev/null --csv /dev/null >/dev/null 2>err; st=$?
check "mark, /dev/null for all: exit 0" [ "$st" -eq 0 ]
$CLYDE $C --json - >F 2>err; st=$?
check "--json - with stdout a file: exit 0" sh -c "[ $st -eq 0 ] && head -c 1 F | grep -q '{'"
check "-d empty at the end" empty_dir "$T/d"
