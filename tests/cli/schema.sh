# SPDX-License-Identifier: MIT
# doc/clyde.schema.json against every kind of JSON clyde writes: every
# golden JSON file (any folder of tests/golden), then real outputs: a run
# with the file tests and random I/O, -x 2's array, clyde report's JSON of
# CSV lines (nulls where CSV says nothing), a mark and clyde report's JSON
# of it, a --vary run's array, and clyde-mpi's run with its ranks where it
# is built. Then the
# schema refuses what is not clyde's JSON (a key missing, a wrong type, an
# unknown key where none may come).
. tests/cli/lib.sh
# Six outputs made here, clyde-mpi's, seven refusals.
plan 14
if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "schema" "no python3"
	exit 0
fi
if ! python3 -c 'import jsonschema' 2>/dev/null; then
	skips "$PLAN" "schema" "no python3 jsonschema module (.ci/run installs python3-jsonschema)"
	exit 0
fi
mkdir "$T/d"
set --
for f in $(find tests/golden -name '*.json' | sort); do
	set -- "$@" "golden ${f#tests/golden/}=$f"
done
# One check a golden JSON file.
plan $#

# made LABEL FILE COMMAND...: COMMAND writes FILE, validated as LABEL; a
# COMMAND that fails is that check's FAIL.
made() {
	label=$1
	file=$2
	shift 2
	if "$@" >"$T/made.out" 2>"$T/made.err"; then
		set_args="$set_args|$label=$file"
	else
		fail "schema: $label" "$(grep '^clyde: ' "$T/made.err" | head -n 1)"
	fi
}
set_args=""
made "a run with file tests and random I/O" "$T/run.json" \
	$CLYDE -d "$T/d" $U -s 16M -r 0 -n 1 --random-io --random-time 1 \
	--random-depths 1,4 --progress never --json "$T/run.json"
made "-x 2's array" "$T/x2.json" \
	$CLYDE -d "$T/d" $U -s 16M -r 0 -n 0 -f -D -x 2 --progress never --json "$T/x2.json"
cp "$T/made.out" "$T/x2.csv"
made "clyde report's JSON of CSV lines" "$T/report.json" \
	sh -c "$CLYDE report --format json '$T/x2.csv' >'$T/report.json'"
made "a mark" "$T/mark.json" \
	$CLYDE mark -d "$T/d" $U -s 16M --runs 1 --time 1 --tests RND4K-Q1T1,SEQ1M-Q1T1:write \
	--progress never --json "$T/mark.json"
made "clyde report's JSON of a mark" "$T/marks.json" \
	sh -c "$CLYDE report --format json '$T/mark.json' >'$T/marks.json'"
made "a --vary run's array" "$T/vary.json" \
	$CLYDE -d "$T/d" $U -s 8M -r 0 -n 0 -f --progress never --vary chunk=8k,64k \
	--table none --csv none --json "$T/vary.json"
IFS='|'
set -- "$@" ${set_args#|}
unset IFS

MPI=${CLYDE_MPI:-./clyde-mpi}
if [ ! -x "$MPI" ] || ! command -v mpirun >/dev/null 2>&1; then
	skip "schema: clyde-mpi's run" "no clyde-mpi or mpirun here"
else
	case $BUILD in
	*san-*) skip "schema: clyde-mpi's run" "mpi.sh runs it under the sanitizers" ;;
	*)
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
		if mpirun --version 2>&1 | grep -q 'Open MPI'; then OVER=--oversubscribe; else OVER=; fi
		if mpirun $OVER -np 2 "$MPI" -d "$T/d" $U -s 16M -r 0 -n 1 -f -q \
			--json "$T/mpi.json" >/dev/null 2>"$T/mpierr"; then
			set -- "$@" "clyde-mpi's run with its ranks=$T/mpi.json"
		else
			fail "schema: clyde-mpi's run" "$(head -n 1 "$T/mpierr")"
		fi
		;;
	esac
fi

# What the schema must refuse, made from the run.
python3 - "$T/run.json" "$T" <<'PY'
import copy, json, sys
run = json.load(open(sys.argv[1]))
def save(name, doc):
    json.dump(doc, open("%s/%s.json" % (sys.argv[2], name), "w"))
d = copy.deepcopy(run); del d["phases"]; save("no-phases", d)
d = copy.deepcopy(run); d["phases"][1]["rate"] = "fast"; save("rate-text", d)
d = copy.deepcopy(run); d["phases"][0]["state"] = "fine"; save("bad-state", d)
d = copy.deepcopy(run); d["provenance"]["filesystem"]["colour"] = "red"; save("unknown-key", d)
d = copy.deepcopy(run); d["phases"] = d["phases"][:11]; save("eleven-phases", d)
# The first test (a phase or a random-I/O test) with limits, with a series.
def first(doc, key):
    return next(t for t in doc["phases"] + doc["random_io"] if t[key])
d = copy.deepcopy(run); first(d, "limits")["limits"]["colour"] = "red"; save("limits-key", d)
d = copy.deepcopy(run); first(d, "series")["series"]["points"][0].pop(); save("short-point", d)
PY
python3 tests/tools/check_schema.py doc/clyde.schema.json "$@" \
	"!a run without phases=$T/no-phases.json" \
	"!a rate as text=$T/rate-text.json" \
	"!a state clyde does not write=$T/bad-state.json" \
	"!a key the provenance does not have=$T/unknown-key.json" \
	"!eleven phases=$T/eleven-phases.json" \
	"!a key the limits do not have=$T/limits-key.json" \
	"!a series point of two figures=$T/short-point.json"
