# SPDX-License-Identifier: MIT
# clyde - plain Makefile: `make` builds ./clyde, `make test` runs every test.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/sbin
MANDIR ?= $(PREFIX)/share/man
CC ?= cc
CFLAGS ?= -O2 -g
override CFLAGS += -std=c11 -Wall -Wextra -Wpedantic -Werror \
	-D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Iinclude -pthread
override LDFLAGS += -pthread
ifneq ($(SANITIZE),)
override CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
override LDFLAGS += -fsanitize=$(SANITIZE)
endif

BUILD := build
SRCS := $(wildcard src/*.c)
LIB_OBJS := $(patsubst src/%.c,$(BUILD)/%.o,$(filter-out src/main.c,$(SRCS)))
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_BINS := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRCS))

.PHONY: all test install uninstall clean golden bench fuzz

all: clyde

clyde: $(BUILD)/main.o $(BUILD)/libclyde.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/libclyde.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: src/%.c $(wildcard include/*.h) | $(BUILD)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/unit/%.c tests/unit/check.h tests/unit/golden.h $(BUILD)/libclyde.a | $(BUILD)/tests
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libclyde.a $(LDFLAGS)

$(BUILD) $(BUILD)/tests $(BUILD)/bench $(BUILD)/mpi:
	mkdir -p $@

# clyde-mpi: the same program as ranks of an MPI job (include/ranks.h).
# Only the coordination module differs: mpi/coord_mpi.c, compiled with
# MPICC and linked ahead of the library, so that it stands in for the
# library's coord_plain.o. `make` and `make install` never need MPI.
MPICC ?= mpicc
clyde-mpi: $(BUILD)/main.o $(BUILD)/mpi/coord_mpi.o $(BUILD)/libclyde.a
	$(MPICC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(BUILD)/mpi/coord_mpi.o: src/mpi/coord_mpi.c include/coord.h $(BUILD)/flags | $(BUILD)/mpi
	$(MPICC) $(CFLAGS) -c -o $@ $<

# A sanitizer build must not reuse objects of another build: remember the flags.
$(BUILD)/flags: FORCE | $(BUILD)
	@echo '$(CC) $(CFLAGS) $(LDFLAGS)' | cmp -s - $@ || echo '$(CC) $(CFLAGS) $(LDFLAGS)' > $@
$(LIB_OBJS) $(BUILD)/main.o: $(BUILD)/flags
.PHONY: FORCE
FORCE:

# Fuzzing (tests/fuzz). Every build replays the seed corpora and the saved
# crash inputs through each harness (build/replay/NAME, linked with the
# build's own flags and SANITIZE). With clang's libFuzzer, build/fuzz holds
# the real fuzzers (ASan + UBSan); `make test` runs each for a few seconds,
# `make fuzz` for FUZZ_SECONDS each.
FUZZ_HARNESSES := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SHORT_SECONDS ?= 8
export FUZZ_SHORT_SECONDS
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_FLAGS := -std=c11 -g -O1 -fno-omit-frame-pointer -Wall -Wextra \
	-Wpedantic -Werror -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Iinclude -pthread
FUZZ_OBJS := $(patsubst src/%.c,$(FUZZ_BUILD)/obj/%.o,$(filter-out src/main.c,$(SRCS)))
FUZZ_BINS := $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_HARNESSES))
FUZZ_HEADERS := $(wildcard tests/fuzz/*.h)
REPLAY_BINS := $(addprefix $(BUILD)/replay/,$(FUZZ_HARNESSES))

$(BUILD)/replay/%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c $(FUZZ_HEADERS) $(BUILD)/libclyde.a | $(BUILD)/replay
	$(CC) $(CFLAGS) -Itests/fuzz -o $@ tests/fuzz/fuzz_$*.c tests/fuzz/replay.c $(BUILD)/libclyde.a $(LDFLAGS)

$(FUZZ_BUILD)/obj/%.o: src/%.c $(wildcard include/*.h) | $(FUZZ_BUILD)/obj
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FUZZ_BUILD)/libclyde.a: $(FUZZ_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_HEADERS) $(FUZZ_BUILD)/libclyde.a
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_SAN) -fsanitize=fuzzer -Itests/fuzz -o $@ $< $(FUZZ_BUILD)/libclyde.a

$(BUILD)/replay $(FUZZ_BUILD)/obj:
	mkdir -p $@

.PHONY: fuzzers
fuzzers: $(FUZZ_BINS)

fuzz:
	@tests/fuzz/have-libfuzzer.sh $(FUZZ_CC) || { echo "make fuzz needs" \
		"$(FUZZ_CC) with libFuzzer (Debian: clang libclang-rt-dev)"; exit 1; }
	@$(MAKE) --no-print-directory fuzzers
	@tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BUILD)/corpus $(FUZZ_HARNESSES)

# The libFuzzer build is tried only where clang can link a fuzzer; without
# it, or with FUZZ_SHORT_SECONDS=0, tests/cli/fuzz_short.sh says it skipped.
# With MPI installed (mpicc and mpirun), the tests run clyde-mpi too.
test: clyde $(UNIT_BINS) $(REPLAY_BINS)
	@if command -v $(MPICC) >/dev/null 2>&1 && \
	    command -v mpirun >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory clyde-mpi; fi
	@if [ "$(FUZZ_SHORT_SECONDS)" != 0 ] && \
	    tests/fuzz/have-libfuzzer.sh $(FUZZ_CC); then \
		$(MAKE) --no-print-directory fuzzers; fi
	@tests/run.sh

# Rewrite the golden files from the current formatters, for review with git diff.
GOLDEN_TESTS := test_fmt test_json test_report
golden: $(addprefix $(BUILD)/tests/,$(GOLDEN_TESTS))
	for t in $(GOLDEN_TESTS); do CLYDE_GOLDEN_UPDATE=1 $(BUILD)/tests/$$t >/dev/null; done

# clyde against fio and bonnie++ (installed with apt-get when missing) on
# BENCH_DIR; writes bench/results.md. Takes about 8 minutes; not part of test.
BENCH_DIR ?= /var/tmp
BENCH_FLAGS ?=
BENCH_TOOLS := $(addprefix $(BUILD)/bench/,charbench hotpath rusage)
bench: clyde $(BENCH_TOOLS)
	bench/setup.sh
	python3 bench/bench.py --dir '$(BENCH_DIR)' $(BENCH_FLAGS)

$(BUILD)/bench/charbench $(BUILD)/bench/rusage: $(BUILD)/bench/%: bench/%.c $(BUILD)/flags | $(BUILD)/bench
	$(CC) $(CFLAGS) -o $@ $< $(LDFLAGS)

$(BUILD)/bench/hotpath: bench/hotpath.c $(BUILD)/libclyde.a | $(BUILD)/bench
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libclyde.a $(LDFLAGS)

install: clyde
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man8
	install -m 0755 clyde $(DESTDIR)$(BINDIR)/clyde
	install -m 0644 man/clyde.8 $(DESTDIR)$(MANDIR)/man8/clyde.8

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/clyde $(DESTDIR)$(MANDIR)/man8/clyde.8

clean:
	rm -rf $(BUILD) clyde clyde-mpi
