#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-layers: the include edges between src/'s folders, derived from
# the #include lines, checked against the order of src/README.md's table
# (a folder may include its own headers and those of folders above it in
# the table, include/'s by their bare name, and no *_internal.h of another
# folder); include/ includes only include/. Prints "ok NAME" or one
# "FAIL NAME: FILE:LINE: why" per bad edge; exits 1 on any.
cd "$(dirname "$0")/../.." || exit 2
awk '
FNR == 1 { file = FILENAME }
FILENAME == "src/README.md" {
	if (match($0, /^\| [0-9]+ \| `[a-z_]+\/`/)) {
		split($0, f, "`")
		name = f[2]; sub(/\/$/, "", name)
		rank[name] = ++n
	}
	next
}
FNR == 1 {
	dir = file; sub(/\/[^\/]*$/, "", dir)
	folder = (dir == "include") ? "include" : dir
	sub(/^src\//, "", folder)
	if (folder != "include" && !(folder in rank)) {
		printf "FAIL layers: %s: folder %s is not in src/README.md\n", file, folder
		bad++
	}
	files++
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
	where = file ":" FNR
	if (h ~ /\//) {
		to = h; sub(/\/.*/, "", to)
		if (folder == "include") {
			printf "FAIL layers: %s: include/ includes %s (include/ holds only the shared vocabulary)\n", where, h; bad++
		} else if (!(to in rank)) {
			printf "FAIL layers: %s: %s names no folder of src/README.md\n", where, h; bad++
		} else if (to == folder) {
			printf "FAIL layers: %s: %s is in this folder: include it by its bare name\n", where, h; bad++
		} else if (rank[to] > rank[folder]) {
			printf "FAIL layers: %s: %s goes up a layer (%s is %d, %s is %d)\n", where, h, folder, rank[folder], to, rank[to]; bad++
		} else if (h ~ /_internal\.h$/) {
			printf "FAIL layers: %s: %s is internal to %s\n", where, h, to; bad++
		}
		edges++
	} else if (system("test -f " dir "/" h) != 0 && system("test -f include/" h) != 0) {
		printf "FAIL layers: %s: %s is neither in %s nor in include/\n", where, h, dir; bad++
	}
}
END {
	if (n < 2) { print "FAIL layers: no layer table in src/README.md"; exit 1 }
	for (d in rank) if (system("test -d src/" d) != 0) {
		printf "FAIL layers: src/README.md lists %s/, which is not there\n", d; bad++
	}
	if (!bad) printf "ok layers: %d files, %d includes across folders, none goes up\n", files, edges
	exit bad ? 1 : 0
}' src/README.md src/*/*.c src/*/*.h include/*.h
