/* SPDX-License-Identifier: MIT */
/*
 * test_knob.c - the portable part of the machine's settings: the
 * scheduler line read both ways, word lists, the mount options clyde
 * varies and how mountinfo's two option lists show each group's state.
 */
#include "check.h"
#include "platform/knob.h"

int main(void)
{
	char out[128];

	knob_scheduler_list("none [mq-deadline] kyber bfq\n", out, sizeof(out));
	CHECK_STR("the offered schedulers, without brackets", out,
		  "none mq-deadline kyber bfq");
	knob_scheduler_selected("none [mq-deadline] kyber bfq\n", out, sizeof(out));
	CHECK_STR("the selected scheduler", out, "mq-deadline");
	knob_scheduler_selected("[none] mq-deadline", out, sizeof(out));
	CHECK_STR("the first one selected", out, "none");
	knob_scheduler_selected("none", out, sizeof(out));
	CHECK_STR("a lone word is itself", out, "none");
	CHECK("a word in a list", knob_in_list("none mq-deadline kyber", "kyber"));
	CHECK("not a prefix of one", !knob_in_list("none mq-deadline", "mq"));
	CHECK("not in an empty list", !knob_in_list("", "none"));
	CHECK_STR("noatime is of the atime group", knob_mount_group("noatime"), "atime");
	CHECK_STR("nodiscard of discard", knob_mount_group("nodiscard"), "discard");
	CHECK_STR("async of sync", knob_mount_group("async"), "sync");
	CHECK("ro is not varied", knob_mount_group("ro") == NULL);
	CHECK("data=writeback is not varied", knob_mount_group("data=writeback") == NULL);
	CHECK_STR("relatime from the mount's options",
		  knob_mount_state("atime", "rw,nosuid,relatime", "rw"), "relatime");
	CHECK_STR("noatime", knob_mount_state("atime", "rw,noatime", "rw"), "noatime");
	CHECK_STR("neither is strictatime",
		  knob_mount_state("atime", "rw,nodev", "rw"), "strictatime");
	CHECK_STR("nodiratime", knob_mount_state("diratime", "rw,noatime,nodiratime", "rw"),
		  "nodiratime");
	CHECK_STR("discard from the superblock's",
		  knob_mount_state("discard", "rw,relatime", "rw,discard,errors=remount-ro"),
		  "discard");
	CHECK_STR("btrfs's discard=async is discard",
		  knob_mount_state("discard", "rw", "rw,ssd,discard=async"), "discard");
	CHECK_STR("no discard shown is nodiscard",
		  knob_mount_state("discard", "rw", "rw,discardx,nodiscard"), "nodiscard");
	CHECK_STR("sync", knob_mount_state("sync", "rw", "rw,sync"), "sync");
	CHECK_STR("async", knob_mount_state("sync", "rw", "rw,dirsync"), "async");
	CHECK_STR("lazytime", knob_mount_state("lazytime", "rw", "rw,lazytime"), "lazytime");
	CHECK_STR("nobarrier", knob_mount_state("barrier", "rw", "rw,nobarrier"), "nobarrier");
	CHECK_STR("barrier=0 is nobarrier",
		  knob_mount_state("barrier", "rw", "rw,barrier=0"), "nobarrier");
	CHECK_STR("barrier by default", knob_mount_state("barrier", "rw", "rw"), "barrier");
	CHECK("an unknown group", knob_mount_state("data", "rw", "rw") == NULL);
	CHECK_STR("the kind of a group", knob_mount_kind("discard", out, sizeof(out)),
		  "mount:discard");
	CHECK_STR("a queue attribute's path",
		  knob_queue_path("sda", "nr_requests", out, sizeof(out)),
		  "/sys/class/block/sda/queue/nr_requests");
	return check_done();
}
