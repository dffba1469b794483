# Checkers Checker: a golfed C answer, a readable reference, and the tests
# that hold them to each other.  `make help` lists the targets.

# cc is make's default; the golf is written for gcc.
ifeq ($(origin CC),default)
CC := gcc
endif
CFLAGS  ?= -std=c11 -O2 -g -Wall -Wextra -pedantic
# The golf is K&R-style C leaning on gcc: its warnings are the point, not news.
GOLF_CFLAGS ?= -O2 -w
BATS    := node_modules/bats/bin/bats

# `make` with no target: build everything and run the table (the main job).
.DEFAULT_GOAL := all

# Where products go.  `make sanitize` builds a second, instrumented tree in
# build/san with these same rules.
BUILD ?= build

REF_LIB := $(BUILD)/board.o $(BUILD)/rules.o $(BUILD)/line.o

.PHONY: all build test bytes clean help
all: build ## build everything, run every cases.tsv row through golf and reference
	@tests/table.sh

build: $(BUILD)/reference $(BUILD)/golf $(BUILD)/golf-ungolfed ## build the reference CLI, the golf and its ungolfed twin

$(BUILD)/%.o: reference/%.c reference/*.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

# The reference CLI also draws and explains (--show, --explain, --moves).
TALK_LIB := $(BUILD)/show.o $(BUILD)/explain.o

$(BUILD)/reference: $(BUILD)/main.o $(TALK_LIB) $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

# The golf and its twin share the driver (protocol in, verdict out).
$(BUILD)/driver.o: golf/driver.c reference/line.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/checkers.o: golf/checkers.c
	@mkdir -p $(@D)
	$(CC) $(GOLF_CFLAGS) -c -o $@ $<

$(BUILD)/ungolfed.o: golf/ungolfed.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/golf: $(BUILD)/driver.o $(BUILD)/checkers.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

$(BUILD)/golf-ungolfed: $(BUILD)/driver.o $(BUILD)/ungolfed.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

# The predicates' header examples as checks (tests/reference_unit.bats).
$(BUILD)/unit: tests/unit.c $(BUILD)/board.o $(BUILD)/rules.o reference/board.h reference/rules.h
	$(CC) $(CFLAGS) -o $@ tests/unit.c $(BUILD)/board.o $(BUILD)/rules.o

# Every program the bats suite runs, beyond `build`: add test drivers here.
TEST_PROGRAMS := $(BUILD)/unit

# ==================== submit: the answer post ====================
# golf/tio.c makes the Try it online permalink offline with zlib's deflate
# (Debian package zlib1g-dev).  The post is remade whenever the golf, its
# footer or its twin changes, so its byte count is always the file's.
$(BUILD)/tio: golf/tio.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -o $@ $< -lz

$(BUILD)/answer.md: golf/answer.sh golf/checkers.c golf/footer.c golf/ungolfed.c $(BUILD)/tio
	TIO=$(BUILD)/tio golf/answer.sh > $@.tmp && mv $@.tmp $@

.PHONY: submit
submit: $(BUILD)/answer.md ## write build/answer.md: the answer post, with its Try it online link
	@echo "$<: $$(head -n 1 $<)"

# tests/submit.bats reads the post as well as the encoder.
TEST_PROGRAMS += $(BUILD)/tio $(BUILD)/answer.md

# ==================== golf tests: compilers, differential, mutants ====================
# The golf must not lean on one compiler or optimiser: tests/golf.bats runs the
# table through each build golf-<compiler>-<level>, linked like build/golf.
GOLF_BUILDS := $(addprefix $(BUILD)/golf-,gcc-O0 gcc-O2 gcc-O3 clang-O0 clang-O2)

$(GOLF_BUILDS:$(BUILD)/golf-%=$(BUILD)/checkers-%.o): $(BUILD)/checkers-%.o: golf/checkers.c
	@mkdir -p $(@D)
	$(word 1,$(subst -, ,$*)) -$(word 2,$(subst -, ,$*)) -w -c -o $@ $<

$(GOLF_BUILDS): $(BUILD)/golf-%: $(BUILD)/driver.o $(BUILD)/checkers-%.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

# Golf against reference in one process (tests/differential.c): the golf at
# -O2 and at -O0, and the ungolfed twin.
DIFF_LIB := $(BUILD)/differential.o $(BUILD)/rules.o $(BUILD)/board.o
DIFF_PROGRAMS := $(BUILD)/differential $(BUILD)/differential-gcc-O0 $(BUILD)/differential-ungolfed
POSITIONS ?= 1000000
SEED ?= 1

$(BUILD)/differential.o: tests/differential.c tests/rows.h reference/rules.h reference/board.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/differential: $(DIFF_LIB) $(BUILD)/checkers.o
$(BUILD)/differential-gcc-O0: $(DIFF_LIB) $(BUILD)/checkers-gcc-O0.o
$(BUILD)/differential-ungolfed: $(DIFF_LIB) $(BUILD)/ungolfed.o
$(DIFF_PROGRAMS):
	$(CC) $(CFLAGS) -o $@ $^

.PHONY: differential mutants
differential: $(DIFF_PROGRAMS) ## golf (-O2, -O0) and twin vs reference on POSITIONS random positions from SEED
	@for p in $^; do echo "== $$p"; $$p $(POSITIONS) $(SEED) || exit 1; done

mutants: $(DIFF_PROGRAMS) $(BUILD)/golf $(BATS) ## plant each tests/mutants.tsv bug in a copy of the golf: all must be caught
	@BUILD=$(abspath $(BUILD)) $(BATS) tests/mutation.bats

# tests/differential.bats and mutation.bats (golf.bats makes GOLF_BUILDS itself,
# so a compiler that rejects the golf shows as a failing test).
TEST_PROGRAMS += $(DIFF_PROGRAMS)

# ==================== verify: golf == reference, everywhere ====================
# tests/verify.c with all five compiler builds of the golf linked in: in each
# build every golf symbol but f is made local and f renamed golf_<cc>_<level>,
# so the builds cannot clash.  `make verify GOLF=file` checks another golf
# source (VERIFY_OUT=dir keeps its build apart; the recorded path rebuilds on a
# change of GOLF).  VERIFY_ARGS passes --quick, --random N, --seed S, --jobs J.
GOLF        := golf/checkers.c
VERIFY_OUT  := $(BUILD)/verify
VERIFY_ARGS :=
VERIFY_GOLFS := $(patsubst %,$(VERIFY_OUT)/golf-%.o,gcc-O0 gcc-O2 gcc-O3 clang-O0 clang-O2)

.PHONY: verify verify-build verify-force
verify: $(VERIFY_OUT)/verify ## golf == reference: exhaustive near the mover, 2e7 random, 5 builds (GOLF=file)
	@$(VERIFY_OUT)/verify $(VERIFY_ARGS)

verify-build: $(VERIFY_OUT)/verify ## build the verify program only (GOLF=file, VERIFY_OUT=dir)

$(VERIFY_OUT)/golf-source: verify-force
	@mkdir -p $(@D)
	@echo '$(abspath $(GOLF))' | cmp -s - $@ || echo '$(abspath $(GOLF))' > $@

$(VERIFY_GOLFS): $(VERIFY_OUT)/golf-%.o: $(GOLF) $(VERIFY_OUT)/golf-source
	$(word 1,$(subst -, ,$*)) -$(word 2,$(subst -, ,$*)) -w -c -x c -o $@.tmp $(GOLF)
	objcopy --keep-global-symbol=f $@.tmp
	objcopy --redefine-sym f=golf_$(subst -,_,$*) $@.tmp $@
	rm -f $@.tmp

$(VERIFY_OUT)/ref-%.o: reference/%.c reference/*.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(VERIFY_OUT)/verify.o: tests/verify.c tests/rows.h reference/rules.h reference/board.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(VERIFY_OUT)/verify: $(VERIFY_OUT)/verify.o $(VERIFY_GOLFS) $(VERIFY_OUT)/ref-rules.o $(VERIFY_OUT)/ref-board.o
	$(CC) $(CFLAGS) -o $@ $^

# tests/verify.bats runs the quick slice.
TEST_PROGRAMS += $(VERIFY_OUT)/verify

# ==================== fuzz: the parser and rules under libFuzzer ====================
# tests/fuzz_line.c feeds any bytes to the parser, the batch loop, the rules
# and everything --show, --explain and --moves print.  libFuzzer is clang's
# (Debian: clang-14 and libclang-rt-14-dev, which it only recommends).  `make fuzz`
# seeds it from cases.tsv (one file per row, and batches of four rows) and the
# curated tests/fuzz/corpus; what it finds on the way stays in build/.  Inputs
# are kept to FUZZ_LEN bytes (several lines, or one long one), and libFuzzer's
# comparison hints (trace-cmp) go only where input bytes are compared, the
# parser: on the rules they cost three times the run time and find nothing.
FUZZ_CC    ?= clang
FUZZ_FLAGS ?= -std=c11 -g -O2 -Wall -Wextra -pedantic -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_NOCMP := -fno-sanitize-coverage=trace-cmp
FUZZ_RUNS  ?= 1000000
FUZZ_TIME  ?= 120
FUZZ_LEN   ?= 256
FUZZ_OBJ   := $(addprefix $(BUILD)/fuzz/,fuzz_line.o board.o rules.o line.o show.o explain.o)

$(BUILD)/fuzz/%.o: reference/%.c reference/*.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(if $(filter line,$*),,$(FUZZ_NOCMP)) -c -o $@ $<

$(BUILD)/fuzz/fuzz_line.o: tests/fuzz_line.c reference/*.h
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -Ireference -c -o $@ $<

$(BUILD)/fuzz_line: $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $^

.PHONY: fuzz
fuzz: $(BUILD)/fuzz_line ## fuzz parser and rules: FUZZ_RUNS (10^6) runs in at most FUZZ_TIME (120) s, 0 crashes
	@rm -rf $(BUILD)/fuzz-seeds && mkdir -p $(BUILD)/fuzz-seeds $(BUILD)/fuzz-corpus
	@grep -v '^#' cases.tsv | awk '{ print > sprintf("$(BUILD)/fuzz-seeds/row-%02d", NR) }'
	@grep -v '^#' cases.tsv | awk '{ print > sprintf("$(BUILD)/fuzz-seeds/batch-%02d", int((NR - 1) / 4)) }'
	@start=$$(date +%s.%N); \
	$< -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_TIME) -max_len=$(FUZZ_LEN) -timeout=10 -close_fd_mask=2 -print_final_stats=1 \
	    -artifact_prefix=$(BUILD)/fuzz- $(BUILD)/fuzz-corpus $(BUILD)/fuzz-seeds tests/fuzz/corpus \
	    > $(BUILD)/fuzz.log 2>&1; status=$$?; \
	secs=$$(awk -v a=$$start -v b=$$(date +%s.%N) 'BEGIN { print b - a }'); \
	runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(BUILD)/fuzz.log); \
	printf 'fuzz: %s executions in %.1f s, exit %d (log: %s)\n' "$${runs:-0}" "$$secs" $$status $(BUILD)/fuzz.log; \
	if [ $$status -ne 0 ]; then tail -n 30 $(BUILD)/fuzz.log; exit 1; fi; \
	[ "$${runs:-0}" -ge $(FUZZ_RUNS) ] || { echo "fuzz: fewer than $(FUZZ_RUNS) executions"; exit 1; }

# tests/fuzz.bats: a short run and the corpus replayed.  Without clang's
# libFuzzer runtime the suite runs without it (the test says it skipped).
FUZZ_RT := $(wildcard $(shell $(FUZZ_CC) -print-resource-dir 2>/dev/null)/lib/*/libclang_rt.fuzzer-*.a)
ifneq ($(FUZZ_RT),)
TEST_PROGRAMS += $(BUILD)/fuzz_line
endif

# ==================== sanitize and lint: the C under scrutiny ====================
# `make sanitize` rebuilds every program the suite runs (golf included) in
# build/san with AddressSanitizer and UndefinedBehaviorSanitizer, and runs
# the whole suite against them.  Any finding is fatal (exit 1, which fails
# its test); ASan and LeakSanitizer reports are also logged to
# build/san/reports, which must stay empty (UBSan, linked with ASan, ignores
# log_path and reports on the test's stderr).  Valgrind cannot run an ASan
# build, so tests/valgrind.bats is pointed at the plain one.  Tests that link
# their own programs from build/san objects add $BUILD_LDFLAGS.
SAN_DIR   := build/san
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_LOG   := $(abspath $(SAN_DIR))/reports

.PHONY: sanitize lint
sanitize: build $(BATS) ## the whole suite again, every program built with ASan+UBSan in build/san: 0 reports
	@rm -rf $(SAN_LOG) && mkdir -p $(SAN_LOG)
	@ASAN_OPTIONS=log_path=$(SAN_LOG)/asan UBSAN_OPTIONS=print_stacktrace=1 \
	VALGRIND_BUILD=$(abspath $(BUILD)) BUILD_LDFLAGS="$(SAN_FLAGS)" $(MAKE) --no-print-directory BUILD=$(SAN_DIR) \
	    CFLAGS="$(CFLAGS) $(SAN_FLAGS)" GOLF_CFLAGS="$(GOLF_CFLAGS) $(SAN_FLAGS)" test; status=$$?; \
	reports=$$(find $(SAN_LOG) -type f | wc -l); \
	echo "sanitize: suite exit $$status, $$reports sanitizer reports ($(SAN_LOG))"; \
	if [ $$reports -ne 0 ]; then head -n 40 $(SAN_LOG)/*; fi; \
	[ $$status -eq 0 ] && [ $$reports -eq 0 ]

# `make lint`: cppcheck and clang-tidy (checks in reference/.clang-tidy) on
# the reference and the unit tests; any finding fails.
LINT_SRC := $(wildcard reference/*.c) tests/unit.c

lint: ## cppcheck and clang-tidy on reference/ and tests/unit.c: 0 findings
	cppcheck --quiet --std=c11 --enable=warning,style,performance,portability --error-exitcode=1 \
	    --inline-suppr $(LINT_SRC)
	@echo "clang-tidy --config-file=reference/.clang-tidy $(LINT_SRC)"; \
	out=$$(clang-tidy --quiet --config-file=reference/.clang-tidy $(LINT_SRC) -- -std=c11 2>&1); status=$$?; \
	printf '%s\n' "$$out" | grep -v -e 'warnings\{0,1\} generated\.$$' -e '^Suppressed [0-9]* warnings' \
	    -e '^Use -header-filter' -e '^Use -system-headers' -e '^$$'; exit $$status
	@echo "lint: cppcheck and clang-tidy clean on $(words $(LINT_SRC)) files"

# bats-core, pinned in package.json and package-lock.json; called by path (see
# README, Testing).
$(BATS): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

test: build $(TEST_PROGRAMS) $(BATS) ## run the whole bats suite (installs pinned bats first)
	@BUILD=$(abspath $(BUILD)) tests/run

bytes: ## the golf's size, as the site counts it
	@wc -c < golf/checkers.c | sed 's/$$/ bytes  golf\/checkers.c/'

clean: ## remove build outputs
	rm -rf build

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'
