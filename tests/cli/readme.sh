# SPDX-License-Identifier: MIT
# Every command of README.md runs as written, made small (tests/tools/
# readme.py): the build's, the quick look, the examples, clyde where, the
# -x, mark and report ones in order (a report reads what the runs before
# it wrote), clyde-mpi's options through clyde's parser.
. tests/cli/lib.sh
# The checker's own four checks; then one a README command.
plan 4
if ! command -v python3 >/dev/null 2>&1; then
	skips "$PLAN" "readme" "no python3 to read the README"
	exit 0
fi
plan "$(python3 tests/tools/readme.py --count README.md)"
python3 tests/tools/readme.py README.md "$CLYDE" "$T"

# The check fails a README whose commands do not run.
mkdir "$T/bad"
cat >"$T/bad/README.md" <<'MD'
```
make nosuchtarget
./clyde -d /mnt/ssd --no-such-option
```

```
$ clyde report --format markdown missing.csv
| some | output |
```
MD
python3 tests/tools/readme.py "$T/bad/README.md" "$CLYDE" "$T/bad" >"$T/bad.out"
check "readme check fails a make target that is not there" \
	grep -q '^FAIL readme: make nosuchtarget: no target nosuchtarget$' "$T/bad.out"
check "readme check fails an option clyde does not have" \
	grep -q "^FAIL readme: ./clyde -d /mnt/ssd --no-such-option: exit 1 .*unknown option --no-such-option" "$T/bad.out"
check "readme check fails a file no command before it wrote" \
	grep -q '^FAIL readme: clyde report --format markdown missing.csv: exit 1 ' "$T/bad.out"
check "readme check takes output for output" [ "$(wc -l <"$T/bad.out")" -eq 3 ]
