# SPDX-License-Identifier: MIT
# `clyde report`: every fixture's CSV lines in every format, stdin, mixed
# bonnie++ versions, --summary, bad lines (numbered errors, good lines still
# shown, exit 1), a missing file, an unknown format, binary junk, a 100 KB
# line, and well-formed HTML/SVG.
. tests/cli/lib.sh
# 8 checks for each fixture with 1.98 lines.
plan $((158 + 8 * $(grep -l '^1\.98,' tests/golden/fixtures/*.stdout | wc -l)))
FORMATS="text-1.03 text-1.96 text-2.00 markdown html svg csv-1.98"

# report NAME ARGS...: stdout in $T/out, stderr in $T/err, status in $st.
report() {
	name=$1
	shift
	$CLYDE report "$@" >"$T/out" 2>"$T/err"
	st=$?
}
has_out() { grep -qF -- "$1" "$T/out"; }
# checks NAME 'CONDITION': ok when the shell condition (with && etc.) holds.
checks() {
	if eval "$2"; then ok "$1"; else fail "$1" "$2"; fi
}
has_err() { grep -qxF -- "$1" "$T/err"; }

# Every fixture's CSV lines (real bonnie++ 2.00a output), in every format.
for f in tests/golden/fixtures/*.stdout; do
	grep -q '^1\.98,' "$f" || continue
	base=$(basename "$f" .stdout)
	grep -E '^(1\.98|format_version),' "$f" >"$T/$base.csv"
	cat "$T/$base.csv" >>"$T/all.csv"
	for fmt in $FORMATS; do
		report "$base $fmt" --format "$fmt" "$T/$base.csv"
		checks "fixture $base $fmt: exit 0, output, no message" \
			'[ $st -eq 0 ] && [ -s "$T/out" ] && [ ! -s "$T/err" ]'
	done
	report "$base csv-1.98" --format csv-1.98 "$T/$base.csv"
	grep '^1\.98,' "$T/$base.csv" >"$T/want"
	check "fixture $base: csv-1.98 gives back the same lines" cmp -s "$T/out" "$T/want"
done
check "fixtures found" [ -s "$T/all.csv" ]

# stdin gives what a file gives; so does "-".
report "file" --format markdown "$T/all.csv"
cp "$T/out" "$T/from-file"
$CLYDE report --format markdown <"$T/all.csv" >"$T/out" 2>"$T/err"
check "stdin: exit 0" [ $? -eq 0 ]
check "stdin: same output as a file" cmp -s "$T/out" "$T/from-file"
$CLYDE report --format=markdown - <"$T/all.csv" >"$T/out" 2>"$T/err"
check "'-' and --format=: same output" cmp -s "$T/out" "$T/from-file"
report "default" "$T/all.csv"
check "default format is text-1.03" grep -q '^Machine  *Size K/sec %CP' "$T/out"

# Every version of bonnie++ (doc/formats.md) and clyde's own lines, together.
cat >"$T/mixed.csv" <<'EOF'
name,file_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu
ubuntu,2G,25694,86,34366,20,12165,5,14105,61,26306,4,84.4,0,16,1083,82,+++++,+++,28930,83,1258,91,+++++,+++,3121,78
h103,,,,,,,,,,,,,,4:link,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++
1.96,1.96,ism.comme.ca,1,1307255609,2G,,,,75460,10,81179,11,,,3460452,94,236.8,6,,,,,,,,,,,,,,,,,,,1366ms,1345ms,,56us,569ms,,,,,,
1.96,1.96,h196,1,3,,,,,,,,,,,,,,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,,,,,,,474us,71us,316us,1250us,10us,63us
1.93c,1.93c,old193,1,3,32M,,2443,99,+++++,+++,+++++,+++,3096,99,+++++,+++,+++++,+++,,,,,,,,,,,,,,,,,,4279us,92us,72us,2819us,77us,7845us,,,,,,
1.97,1.97,testhost,3,5,64M,4k,,,+++++,+++,+++++,+++,,,+++++,+++,+++++,+++,2,100,10,,4,2693,96,+++++,+++,+++++,+++,2934,97,+++++,+++,+++++,+++,,1004us,94us,,103us,3514us,693us,68us,567us,598us,105us,371us
format_version,bonnie_version,name,concurrency,seed,file_size,io_chunk_size,putc,putc_cpu,put_block,put_block_cpu,rewrite,rewrite_cpu,getc,getc_cpu,get_block,get_block_cpu,seeks,seeks_cpu,num_files,max_size,min_size,num_dirs,file_chunk_size,seq_create,seq_create_cpu,seq_stat,seq_stat_cpu,seq_del,seq_del_cpu,ran_create,ran_create_cpu,ran_stat,ran_stat_cpu,ran_del,ran_del_cpu,putc_latency,put_block_latency,rewrite_latency,getc_latency,get_block_latency,seeks_latency,seq_create_latency,seq_stat_latency,seq_del_latency,ran_create_latency,ran_stat_latency,ran_del_latency
1.98,2.00a,ANDREW-PC,1,1731170067,63G,,8192,5,6,6,51776,6,22717,6,6,7,40308,4,8475,109,16,,,,,793,6,1765,7,1574,7,827,6,1945,8,1416,6,1445ms,17524us,9356us,1284ms,5950us,408ms,15088us,15053us,18784us,11317us,3377us,12653us
1.96,clyde-0.1.0,Laptop AHCI DL X25-M v1.4 TRIMed,1,42,256M,,521841,63,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,1,,,,,,,,,,,,,,,,,1801us,197us,195us,484us,108us,12073us,,,,,,
1.98,clyde-0.1.0,clyde198,2,9,1G,64k,100,3,900,90,800000,80,700,70,600,60,500000,50,1234.5,40,1,,,,,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,+++++,+++,10us,20us,30us,40us,50us,60us,70us,80us,90us,100us,110us,120us
EOF
machines="ubuntu h103 ism.comme.ca h196 old193 testhost ANDREW-PC clyde198"
for fmt in $FORMATS; do
	report "mixed $fmt" --format "$fmt" "$T/mixed.csv"
	checks "mixed versions $fmt: exit 0, no message" '[ $st -eq 0 ] && [ ! -s "$T/err" ]'
	for m in $machines "Laptop AHCI DL X25-M v1.4 TRIMed"; do
		check "mixed versions $fmt: shows $m" has_out "$m"
	done
done
report "mixed text" --format text-1.03 "$T/mixed.csv"
check "text-1.03: long name not cut, program and version beside it" grep -q '^Laptop AHCI DL X25-M v1.4 TRIMed \[clyde 0\.1\.0\]  *256M 521841  63 +++++ +++' "$T/out"
check "text-1.03: each row says which program" grep -q '^ism\.comme\.ca \[bonnie++ 1\.96, per-char via syscalls\]  *2G ' "$T/out"
check "text-1.03: how many runs" grep -qx '9 runs\.' "$T/out"
check "text-1.03: +++++ stays +++++" grep -q '^ubuntu .*+++++ +++  3121  78$' "$T/out"
report "mixed 1.96" --format text-1.96 "$T/mixed.csv"
check "text-1.96: 1.96's own row" grep -q '^ism.comme.ca \[[^]]*\]  *2G           75460  10 81179  11           3460452  94 236.8   6$' "$T/out"
report "mixed csv" --format csv-1.98 "$T/mixed.csv"
check "csv-1.98: a line per run" [ "$(grep -c '^1\.98,' "$T/out")" -eq 9 ]
check "csv-1.98: 50 fields each" [ "$(awk -F, 'NF != 50' "$T/out" | wc -l)" -eq 0 ]
cp "$T/out" "$T/mixed198.csv"
report "csv again" --format csv-1.98 "$T/mixed198.csv"
check "csv-1.98 of csv-1.98 is the same" cmp -s "$T/out" "$T/mixed198.csv"
if command -v bon_csv2txt >/dev/null 2>&1; then
	bon_csv2txt <"$T/mixed198.csv" >"$T/bon" 2>"$T/bon.err"
	checks "bon_csv2txt reads every converted line" '[ ! -s "$T/bon.err" ] && grep -q old193 "$T/bon"'
else
	skip "bon_csv2txt reads every converted line" "bon_csv2txt not installed"
fi

# HTML and SVG: self-contained, well-formed, names escaped.
printf '%s\n' '1.98,2.00a,<script>x("&")</script>,1,1,64M,,8192,5,,,1000,1,2000,2,,,3000,3,100.0,1,,,,,,,,,,,,,,,,,,,1us,2us,,3us,4us,,,,,,' >>"$T/mixed.csv"
report "html" --format html "$T/mixed.csv"
check "html: exit 0" [ $st -eq 0 ]
check "html: doctype" sh -c "head -1 '$T/out' | grep -qx '<!DOCTYPE html>'"
check "html: no script, nothing fetched" sh -c "! grep -qiE '<script|https?:|<link' '$T/out'"
check "html: name escaped" has_out '&lt;script&gt;x(&quot;&amp;&quot;)&lt;/script&gt;'
check "html: ends the page" sh -c "tail -1 '$T/out' | grep -qx '</html>'"
report "svg" --format svg "$T/mixed.csv"
check "svg: exit 0" [ $st -eq 0 ]
check "svg: no script" sh -c "! grep -qi '<script' '$T/out'"
check "svg: too fast is labelled" has_out 'too fast to measure (+++++)'
if command -v python3 >/dev/null 2>&1; then
	check "svg: parses as XML" python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" "$T/out"
	report "svg fixtures" --format svg "$T/all.csv"
	check "svg of the fixtures parses as XML" python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" "$T/out"
	cat >"$T/balanced.py" <<'PY'
import sys
from html.parser import HTMLParser
VOID = {"meta", "br", "link", "img", "hr", "input"}
class Check(HTMLParser):
    stack = []
    def handle_starttag(self, tag, attrs):
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            sys.exit("unbalanced </%s>" % tag)
c = Check()
c.feed(open(sys.argv[1], encoding="utf-8").read())
c.close()
sys.exit(1 if c.stack else 0)
PY
	report "html mixed" --format html "$T/mixed.csv"
	check "html: every element closed" python3 "$T/balanced.py" "$T/out"
	report "html fixtures" --format html "$T/all.csv"
	check "html of the fixtures: every element closed" python3 "$T/balanced.py" "$T/out"
else
	for c in "svg: parses as XML" "svg of the fixtures parses as XML" \
		"html: every element closed" "html of the fixtures: every element closed"; do
		skip "$c" "no python3"
	done
fi

# --summary: min/median/max rows for each group of runs with the same name
# and test parameters: the fixtures (all "fixturebox", most with other
# parameters) read twice make groups of two runs or more.
grep '^1\.98,' "$T/all.csv" >"$T/one.csv"
lines=$(grep -c '' "$T/one.csv")
report "summary" --summary --format text-2.00 "$T/one.csv" "$T/one.csv"
check "summary: exit 0" [ $st -eq 0 ]
groups=$(sed -n "s/^$((2 * lines)) runs, with min, median and max rows for \([0-9]*\) groups of them; every run: bonnie++ 2\.00a, per-char via syscalls\.\$/\1/p" "$T/out")
check "summary: says how many runs and groups" [ -n "$groups" ]
check "summary: several groups, not one for the name" [ "${groups:-0}" -gt 2 ]
for s in min median max; do
	check "summary: fixturebox ($s) rows" [ "$(grep -c "^fixturebox ($s)" "$T/out")" -ge "${groups:-1}" ]
done
check "summary: says what each group pooled" grep -q '^Note: fixturebox: min, median and max of 2 runs (bonnie++ 2.00a, 512M, ' "$T/out"
check "summary: a group of the two fixtures alike" grep -q '^Note: fixturebox: min, median and max of [46] runs' "$T/out"
for fmt in $FORMATS; do
	report "summary $fmt" --summary --format "$fmt" "$T/one.csv" "$T/one.csv"
	checks "summary $fmt: exit 0 with the median row" '[ $st -eq 0 ] && has_out "fixturebox (median)"'
done
report "summary csv" --summary --format csv-1.98 "$T/one.csv" "$T/one.csv"
check "summary csv-1.98: the notes on stderr" grep -q '^clyde: report: note: fixturebox: min, median and max of 2 runs' "$T/err"
check "summary csv-1.98: runs, then 3 rows a group" [ "$(grep -c '' "$T/out")" -eq $((2 * lines + 3 * groups)) ]
report "no summary" --summary "$T/mixed.csv"
check "summary: single runs get no rows" sh -c "! grep -q '(median)' '$T/out'"
# Like with like: the same name, other copies, program or size are not pooled.
{
	echo '1.98,clyde-0.1.0,box,1,1,1G,,8192,5,,,100000,10,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,'
	echo '1.98,clyde-0.1.0,box,1,2,1G,,8192,5,,,110000,11,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,'
	echo '1.98,clyde-0.1.0,box,2,3,1G,,8192,5,,,900000,90,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,'
	echo '1.98,2.00a,box,1,4,1G,,8192,5,,,500000,50,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,'
	echo '1.98,clyde-0.1.0,box,1,5,2G,,8192,5,,,700000,70,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,'
} >"$T/like.csv"
report "like with like" --summary --format text-1.03 "$T/like.csv"
check "like with like: one group of the two alike runs" [ "$(grep -c '^box .*(median)\|^box (median)' "$T/out")" -eq 1 ]
check "like with like: its median is theirs alone" grep -q '^box (median) \[clyde 0\.1\.0\]  *1G           105000  10 ' "$T/out"
check "like with like: 5 runs counted as 5" grep -q '^5 runs, with min, median and max rows for 1 group of them' "$T/out"
check "like with like: what differs between the box runs" grep -q '^Note: box: its 5 runs differ in program (clyde 0.1.0; bonnie++ 2.00a), size (1G; 2G), chunk (8 KiB chunks; not recorded), copies (1 copy; 2 copies), per-char method (not recorded; per-char via syscalls)\.$' "$T/out"

# Bad lines: each named with its line number; the good lines still shown.
good=$(grep '^1\.98,' "$T/all.csv" | head -1)
{
	echo "$good"
	echo "$good" | sed 's/,[^,]*$//'
	echo "$good" | sed 's/,+++++,+++,+++++,+++,,,/,12a,5,+++++,+++,,,/'
	echo "$good" | sed 's/^1\.98,/1.99,/'
	echo "1.98,2.00a,goodbox${good#1.98,2.00a,fixturebox}"
	echo "just,some,words"
} >"$T/bad.csv"
report "bad lines" --format markdown "$T/bad.csv"
check "bad lines: exit 1" [ $st -eq 1 ]
check "bad lines: too few fields, line 2" has_err "clyde: $T/bad.csv:2: expected 50 fields for format 1.98, got 49"
check "bad lines: letters in a number, line 3" has_err "clyde: $T/bad.csv:3: field 11 (put_block): not a number: '12a'"
check "bad lines: unknown version, line 4" has_err "clyde: $T/bad.csv:4: unknown format version '1.99'"
check "bad lines: not CSV, line 6" has_err "clyde: $T/bad.csv:6: expected 27 fields for format 1.03, got 3"
check "bad lines: one message each" [ "$(wc -l <"$T/err")" -eq 4 ]
checks "bad lines: good lines still shown" 'has_out "| goodbox |" && has_out "| fixturebox |"'
report "bad stdin" <"$T/bad.csv"
check "bad lines on stdin: named stdin" grep -q '^clyde: stdin:2: ' "$T/err"

# A missing file: named, the other files still read.
report "missing" "$T/nonexistent.csv" "$T/one.csv"
check "missing file: exit 1" [ $st -eq 1 ]
check "missing file: message" has_err "clyde: $T/nonexistent.csv: No such file or directory"
check "missing file: other file shown" has_out "fixturebox"

# Usage errors: one line, nothing on stdout.
for args in "--format x" "--format" "--bogus" "-z"; do
	report "usage $args" $args "$T/one.csv"
	checks "usage error '$args': exit 1, one line, no output" \
		'[ $st -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ]'
done
report "unknown format" --format x "$T/one.csv"
check "unknown format message" has_err "clyde: report: unknown format 'x'"
report "help" --help
checks "--help: exit 0, lists every format" '[ $st -eq 0 ] && has_out text-1.96 && has_out csv-1.98 && has_out --summary'
check "clyde --help shows report" sh -c "$CLYDE --help | grep -q '^                    \\[--summary | --compare \\[--baseline name\\] \\[--threshold pct\\]\\]$'"
check "clyde --help: report's file operands under its options" sh -c "$CLYDE --help | grep -q '^                    \\[file \\.\\.\\.\\]$'"

# Binary data: refused at its first tell-tale byte with one line, never
# read to the end (/dev/zero has no end); text with a bad byte on a later
# line is a bad line like any other.
printf '\001\002\377\376junk\000more\n\000\000\n%s\n\377\nname\000,x\n' "$good" >"$T/junk.csv"
report "junk" "$T/junk.csv"
check "binary junk: exit 1" [ $st -eq 1 ]
check "binary junk: one line" [ "$(wc -l <"$T/err")" -eq 1 ]
check "binary junk: the first bad byte" has_err "clyde: $T/junk.csv:1: binary data (byte 0x01 at byte 1), not CSV or JSON; $T/junk.csv is not read further"
timeout 10 $CLYDE report /dev/zero >"$T/out" 2>"$T/err"
st=$?
check "/dev/zero: refused at once, exit 1" [ $st -eq 1 ]
check "/dev/zero: one line" has_err "clyde: /dev/zero:1: binary data (byte 0x00 at byte 1), not CSV or JSON; /dev/zero is not read further"
check "/dev/zero: nothing on stdout" [ ! -s "$T/out" ]
# Random bytes, starting with one no text holds: /dev/urandom alone would
# start with a line that looks like text about once in 40 runs, and such a
# file is read line by line (a later bad byte spoils only its line).
{ printf 'x\002'; head -c 65536 /dev/urandom; } >"$T/random.bin"
timeout 10 $CLYDE report "$T/random.bin" "$T/one.csv" >"$T/out" 2>"$T/err"
st=$?
checks "random bytes: refused in one line, the next file still read" \
	'[ $st -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "^clyde: $T/random.bin:1: binary data (byte 0x02 at byte 2)" "$T/err" && has_out fixturebox'
# Binary data that starts like JSON is still binary data, refused at its
# first impossible byte (JSON never holds a raw control character).
for start in '{' '[' '{"a": "'; do
	printf '%s\001\377' "$start" >"$T/jsonjunk"
	timeout 10 $CLYDE report "$T/jsonjunk" >"$T/out" 2>"$T/err"
	st=$?
	check "binary after '$start': exit 1" [ $st -eq 1 ]
	check "binary after '$start': refused as binary at its first bad byte" \
		grep -q "^clyde: $T/jsonjunk:1: binary data (byte 0x01 at byte $((${#start} + 1)))" "$T/err"
done
head -c 1000000 /dev/zero | cat - >"$T/zeros"
timeout 10 $CLYDE report <"$T/zeros" >"$T/out" 2>"$T/err"
check "zeros on stdin: one line" has_err "clyde: stdin:1: binary data (byte 0x00 at byte 1), not CSV or JSON; stdin is not read further"
{ echo "$good"; printf '\377\n'; echo "$good" | sed 's/fixturebox/second/'; printf 'x\000y\n'; echo "$good"; } >"$T/late.csv"
report "late junk" "$T/late.csv"
check "bad byte on a later line: that line only" has_err "clyde: $T/late.csv:2: binary byte 0xff at byte 1"
check "a NUL on a later line: the rest is not read" has_err "clyde: $T/late.csv:4: binary data (byte 0x00 at byte 2), not CSV or JSON; $T/late.csv is not read further"
checks "late junk: the lines before are shown" '[ $st -eq 1 ] && has_out fixturebox && has_out second && [ "$(wc -l <"$T/err")" -eq 2 ]'
head -c 102400 /dev/zero | tr '\0' 'x' >"$T/long.csv"
printf '\n%s\n' "$good" >>"$T/long.csv"
report "long line" "$T/long.csv"
check "100 KB line: exit 1" [ $st -eq 1 ]
check "100 KB line: line 1 too long" has_err "clyde: $T/long.csv:1: line longer than 65536 bytes"
check "100 KB line: next line shown" has_out "fixturebox"
: >"$T/empty.csv"
report "empty" "$T/empty.csv"
checks "no runs: exit 1 with a message" '[ $st -eq 1 ] && has_err "clyde: report: no results in the input"'
