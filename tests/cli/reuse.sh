# SPDX-License-Identifier: MIT
# A name clyde made, removed behind its back between two tests (at a -y p
# prompt) and made again: as a new file that gets the old file's inode
# number where the filesystem hands one out (ext4 does at once; clyde's
# hold on its I/O file must keep the number from being handed out), or as
# a symlink. clyde leaves both alone (same content, same target), names
# the path, exits 3, and counts exactly what of its own is left: its own
# file is gone, so only the directories that still hold the stranger.
# As root the runs go to an ext4 image of their own, where no other
# program takes a freed inode number first.
. tests/cli/lib.sh
plan 96
hold_engines
trap 'unmount_all; rm -rf "$T"' EXIT
D="$T/d"
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null 2>&1 &&
	truncate -s 64M "$T/ext4.img" && mkfs.ext4 -q -F "$T/ext4.img" >/dev/null 2>&1 &&
	mnt "$T/ext4" -o loop "$T/ext4.img"; then
	D="$T/ext4/d"
fi
mkdir "$D"
echo "not clyde's" >"$T/victim"
W="$D/clyde\.[0-9]+\.[A-Za-z0-9]{6}"
REPLACED="no longer the file clyde made; left alone"

# renew PATH N: remove PATH and make a new file there, with PATH's inode
# number if the filesystem gives it to one of N x 500 new files in the
# same directory (ext4 hands out the lowest free number of the
# directory's group first, so it may take thousands); "same" when it did.
renew() {
	r_dir=$(dirname "$1")
	r_ino=$(stat -c %i "$1")
	rm -f "$1"
	r_got=""
	for b in $(seq "$2"); do
		(cd "$r_dir" && touch $(seq -f ".spare$b.%g" 500) &&
			ls -i $(seq -f ".spare$b.%g" 500)) >"$T/inodes"
		r_got=$(awk -v i="$r_ino" '$1 == i { print $2 }' "$T/inodes")
		[ -n "$r_got" ] && break
	done
	if [ -n "$r_got" ]; then
		echo "a new file" >"$r_dir/$r_got"
		mv "$r_dir/$r_got" "$1"
		echo same
	else
		echo "a new file" >"$1"
	fi
	rm -f "$r_dir"/.spare*
}
# left NAME N: clyde said it left exactly N paths; then they go.
left() {
	if [ "$2" -eq 1 ]; then what="1 path clyde made is left"; else what="$2 paths clyde made are left"; fi
	check "$1: exactly $2 left, and said so" grep -q "($what)\$" "$T/err"
	rm -rf "$D"/*
}

# --- a piece of the I/O file, before each test that opens it again ------------
IO="-s 16M::256 -r 0 -n 0 -f 1"
PROMPTS="0 1 2 3 4 5 12"
for tn in 2 3 4 5 12; do
	RANDOM_IO=""
	[ $tn -eq 12 ] && RANDOM_IO="--random-io --random-depths 1 --random-time 1"
	for how in file symlink; do
		name="f000 made again as a $how before test $tn"
		prompted -d "$D" $U $IO $RANDOM_IO
		answer_until $tn
		w=$(workdir_in "$D")
		if [ $how = file ]; then
			# (An inode number that is freed comes back within a few.)
			got=$(renew "$w/f000" 1)
			check "$name: clyde's hold keeps its inode number from the new file" [ -z "$got" ]
		else
			rm "$w/f000" && ln -s "$T/victim" "$w/f000"
		fi
		answer
		prompted_end
		check "$name: exit 3" [ "$st" -eq 3 ]
		check "$name: says so" grep -Eq "^clyde: $W/f000: open: $REPLACED\$" "$T/err"
		if [ $how = file ]; then
			check "$name: the new file is left alone" [ "$(cat "$w/f000")" = "a new file" ]
		else
			check "$name: the symlink is left alone" [ -L "$w/f000" ]
			check "$name: its target untouched" [ "$(cat "$T/victim")" = "not clyde's" ]
		fi
		# clyde's own f000 is gone: only its directory is left.
		left "$name" 1
	done
done

# --- the shared file of one process's copies (--shared-file), before block input
PROMPTS="1 2 4 5"
for how in file symlink; do
	name="the shared file made again as a $how before test 5"
	prompted -d "$D" $U -s 16M::256 -r 0 -n 0 -f -c 2 --shared-file
	answer_until 5
	w=$(workdir_in "$D")
	if [ $how = file ]; then
		got=$(renew "$w/shared" 1)
		check "$name: clyde's hold keeps its inode number from the new file" [ -z "$got" ]
	else
		rm "$w/shared" && ln -s "$T/victim" "$w/shared"
	fi
	answer
	prompted_end
	check "$name: exit 3" [ "$st" -eq 3 ]
	check "$name: says so" grep -Eq "^clyde: $W/shared: open: $REPLACED\$" "$T/err"
	if [ $how = file ]; then
		check "$name: the new file is left alone" [ "$(cat "$w/shared")" = "a new file" ]
	else
		check "$name: the symlink is left alone" [ -L "$w/shared" ]
	fi
	left "$name" 1
done

# --- a file-test name, before each stat and delete step -------------------------
PROMPTS="6 7 8 9 10 11"
for tn in 7 8 10 11; do
	for how in file symlink; do
		name="a file-test name made again as a $how before test $tn"
		prompted -d "$D" $U -s 0 -r 0 -n 1
		answer_until $tn
		w=$(workdir_in "$D")
		f=$(ls "$w/files" | head -n 1)
		if [ $how = file ]; then
			got=$(renew "$w/files/$f" 24)
		else
			# Moved aside, so that clyde's own file is still there to count.
			mv "$w/files/$f" "$(dirname "$D")/moved" && ln -s "$T/victim" "$w/files/$f"
		fi
		answer
		prompted_end
		check "$name: exit 3" [ "$st" -eq 3 ]
		check "$name: says so" grep -Eq "^clyde: $W/files/$f: $REPLACED\$" "$T/err"
		if [ $how = file ]; then
			check "$name: the new file is left alone" [ "$(cat "$w/files/$f")" = "a new file" ]
			# The files directory and clyde's; with the inode number
			# reused, clyde knows its own file is gone.
			if [ -n "$got" ]; then
				left "$name" 2
			else
				skip "$name: exact count" "the filesystem gave the new file another inode number"
				rm -rf "$D"/*
			fi
		else
			check "$name: the symlink is left alone" [ -L "$w/files/$f" ]
			check "$name: its target untouched" [ "$(cat "$T/victim")" = "not clyde's" ]
			# The file moved aside, the files directory and clyde's.
			left "$name" 3
			rm -f "$(dirname "$D")/moved"
		fi
	done
done
check "-d holds nothing afterwards" empty_dir "$D"
