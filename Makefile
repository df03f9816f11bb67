# SPDX-License-Identifier: MIT
# clyde - plain Makefile: `make` builds ./clyde, `make test` runs every test.
# clyde goes in bin with its page in section 1: any user may run it (as
# root it insists on -u) and `clyde report` needs no privileges at all.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
# Where bash-completion and zsh look for a command's completion.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
CC ?= cc
CFLAGS ?= -O2 -g
# On whatever CFLAGS says, in every build, the fuzz build too.
REQUIRED_FLAGS := -std=c11 -Wall -Wextra -Wpedantic \
	-D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Iinclude -Isrc -pthread
# Warnings are errors for those who change clyde: `make test` (so CI) and
# `make DEVELOPER=1`. A user's plain `make` with a newer compiler still builds.
ifneq ($(filter test,$(MAKECMDGOALS)),)
override DEVELOPER := 1
endif
ifneq ($(DEVELOPER),)
WERROR := -Werror
endif
override CFLAGS += $(REQUIRED_FLAGS) $(WERROR)
override LDFLAGS += -pthread -lm
ifneq ($(SANITIZE),)
override CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
override LDFLAGS += -fsanitize=$(SANITIZE)
endif
# Each object depends on the headers it includes (the .d files below).
DEPFLAGS := -MMD -MP

# The platform's back-ends are chosen here, by file, never by #ifdef: on
# Linux (uname -s) the *_linux.c files, the sysfs walker and the io_uring
# and AIO engines; anywhere else the portable *_none.c fallbacks.
# `make PLATFORM=none` builds the fallbacks on Linux too (in their own
# BUILD), to see that they still compile.
NATIVE_PLATFORM := $(if $(filter Linux,$(shell uname -s)),linux,none)
PLATFORM ?= $(NATIVE_PLATFORM)
PLATFORM_SRCS_linux := $(wildcard src/*/*_linux.c) src/platform/provenance_sysfs.c \
	src/engine/engine_uring.c src/engine/engine_aio.c
PLATFORM_SRCS_none := $(wildcard src/*/*_none.c)
ifeq ($(filter linux none,$(PLATFORM)),)
$(error PLATFORM=$(PLATFORM): linux or none)
endif

# Objects, test programs and the binary live in BUILD; a sanitizer build
# has its own (build/san-thread, build/san-address-undefined), and so has
# a platform other than this machine's (build/platform-none), so their
# objects never mix with plain ones. ./clyde is a copy of $(BUILD)/clyde.
comma := ,
BUILD ?= build$(if $(filter-out $(NATIVE_PLATFORM),$(PLATFORM)),/platform-$(PLATFORM))$(if \
	$(SANITIZE),/san-$(subst $(comma),-,$(SANITIZE)))
FUZZ_BUILD := $(BUILD)/fuzz

# src/ holds one folder per layer (src/README.md); every .c in them is part
# of the library but the other platform's back-ends, and the MPI
# coordination, which only clyde-mpi links.
SRCS := $(filter-out src/mpi/coord_mpi.c $(PLATFORM_SRCS_linux) $(PLATFORM_SRCS_none), \
	$(wildcard src/*/*.c)) $(PLATFORM_SRCS_$(PLATFORM))
OBJS := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(SRCS))
MAIN_OBJ := $(BUILD)/obj/cli/main.o
LIB_OBJS := $(filter-out $(MAIN_OBJ),$(OBJS))
# Unit tests mirror src/: tests/unit/LAYER/test_NAME.c.
UNIT_SRCS := $(wildcard tests/unit/*/test_*.c)
UNIT_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%.o,$(UNIT_SRCS))
UNIT_BINS := $(UNIT_OBJS:.o=)

.PHONY: all test check-layers install uninstall clean golden bench bench-long bench-marks bench-mpi \
	fuzz fuzzers completions FORCE

all: clyde completions

# Replaced only when the build's binary differs, so that ./clyde is always
# the binary of the build just asked for (plain, SANITIZE=, BUILD=).
clyde: $(BUILD)/clyde FORCE
	@cmp -s $< $@ || { echo "cp $< $@"; cp $< $@.tmp && mv -f $@.tmp $@; }

$(BUILD)/clyde: $(MAIN_OBJ) $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/libclyde.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(OBJS): $(BUILD)/obj/%.o: src/%.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(UNIT_OBJS): $(BUILD)/tests/%.o: tests/unit/%.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -Itests/unit -c -o $@ $<

$(UNIT_BINS): %: %.o $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

# Every object depends on the flags it was built with: FLAGS_TEXT is written
# to the file, so made newer, only when it changes (make DEVELOPER=1 after
# make, say), and everything built with other flags is built again.
$(BUILD)/flags: FLAGS_TEXT = $(CC) $(CFLAGS) $(LDFLAGS)
$(FUZZ_BUILD)/flags: FLAGS_TEXT = $(FUZZ_CC) $(FUZZ_CFLAGS)
$(BUILD)/flags $(FUZZ_BUILD)/flags: FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_TEXT)' | cmp -s - $@ || echo '$(FLAGS_TEXT)' > $@

# Shell completion for bash and zsh, written from the option tables by
# completions/gen.c, linked against the library that holds them.
COMPLETIONS := $(BUILD)/completions/clyde.bash $(BUILD)/completions/_clyde
completions: $(COMPLETIONS)

$(BUILD)/completions/gen.o: completions/gen.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/completions/gen: $(BUILD)/completions/gen.o $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/completions/clyde.bash: $(BUILD)/completions/gen
	$< bash >$@.tmp && mv -f $@.tmp $@

$(BUILD)/completions/_clyde: $(BUILD)/completions/gen
	$< zsh >$@.tmp && mv -f $@.tmp $@

# clyde-mpi: the same program as ranks of an MPI job (src/mpi/ranks.h).
# Only the coordination module differs: src/mpi/coord_mpi.c, compiled with
# MPICC and linked ahead of the library, so that it stands in for the
# library's coord_plain.o. `make` and `make install` never need MPI.
MPICC ?= mpicc
MPI_OBJ := $(BUILD)/obj/mpi/coord_mpi.o
clyde-mpi: $(BUILD)/clyde-mpi FORCE
	@cmp -s $< $@ || { echo "cp $< $@"; cp $< $@.tmp && mv -f $@.tmp $@; }

$(BUILD)/clyde-mpi: $(MAIN_OBJ) $(MPI_OBJ) $(BUILD)/libclyde.a
	$(MPICC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(MPI_OBJ): src/mpi/coord_mpi.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(MPICC) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

# Fuzzing (tests/fuzz). Every build replays the seed corpora and the saved
# crash inputs through each harness ($(BUILD)/replay/NAME, linked with the
# build's own flags and SANITIZE). With clang's libFuzzer, $(BUILD)/fuzz
# holds the real fuzzers (ASan + UBSan); `make test` runs each for a few
# seconds, `make fuzz` for FUZZ_SECONDS each.
FUZZ_HARNESSES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SHORT_SECONDS ?= 8
export FUZZ_SHORT_SECONDS
FUZZ_CFLAGS := $(REQUIRED_FLAGS) $(WERROR) -g -O1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_OBJS := $(patsubst src/%.c,$(FUZZ_BUILD)/obj/%.o,$(filter-out src/cli/main.c,$(SRCS)))
FUZZ_HARNESS_OBJS := $(addprefix $(FUZZ_BUILD)/fuzz_,$(addsuffix .o,$(FUZZ_HARNESSES)))
FUZZ_BINS := $(FUZZ_HARNESS_OBJS:.o=)
REPLAY_OBJS := $(addprefix $(BUILD)/replay/,$(notdir $(FUZZ_HARNESS_OBJS)) replay.o)
REPLAY_BINS := $(addprefix $(BUILD)/replay/,$(FUZZ_HARNESSES))

$(REPLAY_OBJS): $(BUILD)/replay/%.o: tests/fuzz/%.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -Itests/fuzz -c -o $@ $<

$(REPLAY_BINS): $(BUILD)/replay/%: $(BUILD)/replay/fuzz_%.o $(BUILD)/replay/replay.o $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(FUZZ_OBJS): $(FUZZ_BUILD)/obj/%.o: src/%.c $(FUZZ_BUILD)/flags
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/libclyde.a: $(FUZZ_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_HARNESS_OBJS): $(FUZZ_BUILD)/%.o: tests/fuzz/%.c $(FUZZ_BUILD)/flags
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -fsanitize=fuzzer-no-link -Itests/fuzz -c -o $@ $<

$(FUZZ_BINS): %: %.o $(FUZZ_BUILD)/libclyde.a
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ -lm

fuzzers: $(FUZZ_BINS)

fuzz:
	@tests/fuzz/have-libfuzzer.sh $(FUZZ_CC) || { echo "make fuzz needs" \
		"$(FUZZ_CC) with libFuzzer (Debian: clang libclang-rt-dev)"; exit 1; }
	@$(MAKE) --no-print-directory fuzzers
	@FUZZ_BUILD='$(FUZZ_BUILD)' tests/fuzz/run.sh $(FUZZ_SECONDS) \
		$(FUZZ_BUILD)/corpus $(FUZZ_HARNESSES)

# The libFuzzer build is tried only where clang can link a fuzzer; without
# it, or with FUZZ_SHORT_SECONDS=0, tests/cli/fuzz_short.sh says it skipped.
# Everything `make test` builds and runs is built with -Werror. With MPI
# installed (mpicc and mpirun), the tests run clyde-mpi too.
test: clyde $(UNIT_BINS) $(REPLAY_BINS) $(COMPLETIONS)
	@if command -v $(MPICC) >/dev/null 2>&1 && \
	    command -v mpirun >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory DEVELOPER=1 clyde-mpi; fi
	@if [ "$(FUZZ_SHORT_SECONDS)" != 0 ] && \
	    tests/fuzz/have-libfuzzer.sh $(FUZZ_CC); then \
		$(MAKE) --no-print-directory DEVELOPER=1 fuzzers; fi
	@BUILD='$(BUILD)' tests/run.sh

# The layers of src/ (src/README.md): no #include goes up a layer, and no
# two source files use each other (the objects' symbols, with nm).
check-layers: $(LIB_OBJS) $(MAIN_OBJ)
	@tests/tools/check_layers.sh
	@tests/tools/check_cycles.py $(BUILD) $(LIB_OBJS) $(MAIN_OBJ)

# Rewrite the golden files from the current formatters, for review with git diff.
GOLDEN_TESTS := format/test_fmt format/test_json report/test_report \
	report/test_report_compare report/test_compare_render mark/test_mark \
	mark/test_mark_report mark/test_mark_steady
golden: $(addprefix $(BUILD)/tests/,$(GOLDEN_TESTS))
	for t in $(GOLDEN_TESTS); do CLYDE_GOLDEN_UPDATE=1 $(BUILD)/tests/$$t >/dev/null; done

# clyde against fio and bonnie++ (installed with apt-get when missing) on
# BENCH_DIR; writes bench/results.md. Takes about 10 minutes; not part of test.
BENCH_DIR ?= /var/tmp
BENCH_FLAGS ?=
BENCH_OBJS := $(addprefix $(BUILD)/bench/,charbench.o hotpath.o rusage.o)
BENCH_TOOLS := $(BENCH_OBJS:.o=)
bench: clyde $(BENCH_TOOLS)
	bench/setup.sh
	python3 bench/bench.py --dir '$(BENCH_DIR)' \
		--charbench $(BUILD)/bench/charbench --hotpath $(BUILD)/bench/hotpath \
		$(BENCH_FLAGS)

# The large buffered pairs (8 and 16 GiB against bonnie++, with the dirty
# and writeback peaks, balance_dirty_pages throttles, disk reads and DAMON's
# page-cache evictions beside each run):
# writes bench/results-long.md, which make bench copies into results.md.
# Takes about 25 minutes (every run starts after a sync, once the host has
# taken back the memory the run before freed).
bench-long: clyde $(BENCH_TOOLS)
	bench/setup.sh
	python3 bench/bench.py --long --dir '$(BENCH_DIR)' $(BENCH_FLAGS)

# The two clyde mark groups alone, 30 pairs each instead of make bench's 4
# (the >= 30 pairs a row the targets are pooled over, the null beside
# every test; about an hour): writes bench/results-marks.md, which make
# bench copies into results.md.
bench-marks: clyde
	bench/setup.sh
	python3 bench/bench.py --marks --dir '$(BENCH_DIR)' $(BENCH_FLAGS)

# clyde-mpi against fio on a shared filesystem mounted over loopback, 2 and
# 4 ranks (root; about 10 minutes): writes bench/mpi-results.md, which
# make bench copies into bench/results.md.
bench-mpi: clyde-mpi
	python3 bench/mpi.py $(BENCH_MPI_FLAGS)

$(BENCH_OBJS): $(BUILD)/bench/%.o: bench/%.c $(BUILD)/flags
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/bench/charbench $(BUILD)/bench/rusage: %: %.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/bench/hotpath: %: %.o $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

-include $(patsubst %.o,%.d,$(OBJS) $(UNIT_OBJS) $(REPLAY_OBJS) $(FUZZ_OBJS) \
	$(FUZZ_HARNESS_OBJS) $(BENCH_OBJS) $(MPI_OBJ)) $(BUILD)/completions/gen.d

install: clyde $(COMPLETIONS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 0755 clyde $(DESTDIR)$(BINDIR)/clyde
	install -m 0644 man/clyde.1 $(DESTDIR)$(MANDIR)/man1/clyde.1
	install -m 0644 $(BUILD)/completions/clyde.bash $(DESTDIR)$(BASHCOMPDIR)/clyde
	install -m 0644 $(BUILD)/completions/_clyde $(DESTDIR)$(ZSHCOMPDIR)/_clyde

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/clyde $(DESTDIR)$(MANDIR)/man1/clyde.1 \
		$(DESTDIR)$(BASHCOMPDIR)/clyde $(DESTDIR)$(ZSHCOMPDIR)/_clyde

# Every build: the plain one, the sanitizer ones under build/, and BUILD.
clean:
	rm -rf build $(BUILD) clyde clyde.tmp clyde-mpi clyde-mpi.tmp
