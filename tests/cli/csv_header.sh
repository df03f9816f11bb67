# SPDX-License-Identifier: MIT
# The header line of -x 2 names every field of the lines under it, in every
# --csv format: Python's csv.DictReader finds each value under its own name
# (no extra field, no missing one) and the named values are the run's.
. tests/cli/lib.sh
plan 16
mkdir "$T/d"

if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" csv_header "python3 not installed"
	exit 0
fi

# dictcheck FILE FORMAT IO FILES: the python verdict on FILE, one line.
dictcheck() {
	python3 - "$@" <<'EOF'
import csv, sys
path, fmt, io, files = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4] == "1"
with open(path, newline="") as f:
    reader = csv.DictReader(f)
    rows = list(reader)
    names = reader.fieldnames or []
problems = []
if len(rows) != 2:
    problems.append("%d rows, want 2" % len(rows))
if len(set(names)) != len(names):
    problems.append("a name appears twice")
for i, row in enumerate(rows):
    if None in row:
        problems.append("row %d: %d values without a name" % (i, len(row[None])))
    missing = [k for k, v in row.items() if k is not None and v is None]
    if missing:
        problems.append("row %d: no value for %s" % (i, ",".join(missing)))
    want = {"name": "testbox"}
    if io:
        want["file_size"] = "4M"
    if files:
        want["num_files"] = "1"
    if fmt != "1.03":
        want["format_version"] = fmt
        want["seed"] = "42"
        want["concurrency"] = "1"
    if fmt == "1.98" and io:
        want["seek_count"] = "8192"
        want["seek_proc_count"] = "5"
    for k, v in want.items():
        if row.get(k) != v:
            problems.append("row %d: %s is %r, want %r" % (i, k, row.get(k), v))
    if io and not row.get("put_block"):
        problems.append("row %d: put_block empty" % i)
    if files and not row.get("seq_create"):
        problems.append("row %d: seq_create empty" % i)
print("; ".join(problems) if problems else "good")
EOF
}

for fmt in 1.96 1.97 1.98 1.03; do
	# -s 0 is where bonnie++ 1.96's own line is a field short; the
	# unit test (test_csv) covers -n 0.
	for shape in both files; do
		case $shape in
		both) args="-s 4M -n 1"; io=1; files=1 ;;
		files) args="-s 0 -n 1"; io=0; files=1 ;;
		esac
		what="csv $fmt header ($shape)"
		# shellcheck disable=SC2086
		$CLYDE -d "$T/d" $U $args -r 0 -f -z 42 -m testbox -x 2 \
			--csv "$fmt" >"$T/out" 2>"$T/err"
		st=$?
		check "$what: exit 0" [ $st -eq 0 ]
		verdict=$(dictcheck "$T/out" "$fmt" $io $files)
		if [ "$verdict" = good ]; then
			ok "$what: DictReader keys every value by its name"
		else
			fail "$what: DictReader keys every value by its name" "$verdict"
		fi
	done
done
