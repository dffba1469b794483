# Checkers Checker: a golfed C answer, a readable reference, and the tests
# that hold them to each other.  `make help` lists the targets.
#
# Paths: make cannot have spaces in a target, so every target is relative to
# the checkout (which may sit anywhere, spaces and all) and BUILD must be one
# word.  Recipes quote every path they hand to the shell.

# ==================== Knobs ====================

# cc is make's default; the project is built with gcc unless told otherwise.
ifeq ($(origin CC),default)
CC := gcc
endif
CFLAGS ?= -std=c11 -O2 -g -Wall -Wextra -pedantic
# The flags the golf needs, written once in golf/flags: every build of the
# golf uses them and the answer's links carry them (README, The golf).
GOLF_FLAGS := $(shell cat golf/flags)
# The level of the golf build the main job and the differential use.
GOLF_LEVEL ?= -O2
# The golf's compiler matrix, compiler:level words: every build must give the
# same answers (tests/golf.bats, make verify, make sanitize).
GOLF_MATRIX ?= gcc:-O0 gcc:-O2 gcc:-O3 clang:-O0 clang:-O2 clang-19:-O0 clang-19:-O2
# libFuzzer comes with clang (make fuzz, tests/fuzz.bats).
FUZZ_CC ?= clang
# Sanitizer flags for every compile and link; `make sanitize` sets them.
SAN ?=
# Where products go.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BATS := node_modules/bats/bin/bats

ifneq ($(words $(BUILD)),1)
$(error BUILD must be one word without spaces, not '$(BUILD)')
endif

# The compilers' and tools' temporary files stay in the build tree too
# (the stamp rule, which runs before any compile, makes the directory).
export TMPDIR := $(if $(filter /%,$(BUILD)),$(BUILD),$(CURDIR)/$(BUILD))/tmp

# q LIST: each word in double quotes, for the shell.
q = $(foreach p,$1,"$p")

# The python3 that `make prove` runs: the first of python3 and Debian's own
# /usr/bin/python3 that can import z3.  Debian's python3-z3 serves the
# latter only; a python3 of pyenv or a venv earlier on PATH does not see it.
# Set PYTHON to choose another.  (Worked out only where it is used.)
PYTHON_CANDIDATES := python3 /usr/bin/python3
PYTHON ?= $(or $(firstword $(foreach p,$(PYTHON_CANDIDATES),$(if $(shell \
    command -v $p > /dev/null 2>&1 && $p -c 'import z3' > /dev/null 2>&1 && echo y),$p))),python3)

# ==================== Needs: every target checks the machine first ====================
# A target that compiles or runs a tool starts with `@$(NEEDS) TARGET`
# (tests/needs: one for_TARGET function each), then does its work in a
# sub-make, so nothing is built before the check has passed or installed
# what was missing.  The messages name the command the user typed
# (MAKE_TYPED, kept by sub-makes).
ifeq ($(MAKE_TYPED),)
MAKE_TYPED := make$(if $(MAKECMDGOALS), $(MAKECMDGOALS))
endif
export MAKE_TYPED
NEEDS = CC="$(CC)" GOLF_MATRIX="$(GOLF_MATRIX)" FUZZ_CC="$(FUZZ_CC)" PROVE_BUILDS="$(PROVE_BUILDS)" PYTHON_CANDIDATES="$(PYTHON_CANDIDATES)" \
    $(if $(filter file default,$(origin PYTHON)),,PYTHON="$(PYTHON)") "tests/needs"
SUBMAKE = $(MAKE) --no-print-directory

# `$(SUBMAKE) files FILES="..."` makes FILES, and says nothing when they are
# up to date (make would print "is up to date" for each).
.PHONY: files
files: $(FILES) ; @:

# `make` with no target: build, then every cases.tsv row through golf and reference.
.DEFAULT_GOAL := all
.PHONY: all build test bytes clean help FORCE
FORCE:

all: ## the main job: build, then run every cases.tsv row through golf, twin and reference
	@$(NEEDS) build
	@$(SUBMAKE) files FILES="$(BUILD_PROGRAMS)"
	@BUILD="$(BUILD)" "tests/table.sh"

# ==================== Toolchain stamps ====================
# Each object depends on the stamp of the compiler and flags that made it:
# $(BUILD)/stamps/cc for everything $(CC) compiles, golf-ID for each matrix
# build.  A stamp holds its flags and the compiler's path and version, and
# is rewritten only when they change, so a change of compiler (another name,
# or another program behind the same name) or of flags rebuilds exactly what
# they made: no object from another compiler is reused.
STAMPS := $(BUILD)/stamps

# In a recipe that wrote the new content to "$$tmp": it replaces the target
# only when it differs, so what depends on the target rebuilds only then.
keep_if_changed = if cmp -s "$$tmp" "$@"; then rm -f "$$tmp"; else mv -f "$$tmp" "$@"; fi

$(STAMPS)/cc: export STAMP = $(CC) $(CFLAGS) | golf $(GOLF_LEVEL) $(GOLF_FLAGS) | san $(SAN)

$(STAMPS)/%: FORCE
	@mkdir -p "$(@D)" "$(TMPDIR)"
	@tmp=$$(mktemp "$@.XXXXXX") && set -- $$STAMP && \
	{ printf '%s\n' "$$STAMP"; command -v "$$1" || echo "$$1: not found"; "$$1" --version 2>&1 | head -n 1; } > "$$tmp" && \
	$(keep_if_changed)

CC_STAMP := $(STAMPS)/cc

# ==================== The reference, the golf, its twin ====================

REF_LIB := $(BUILD)/board.o $(BUILD)/rules.o $(BUILD)/line.o

BUILD_PROGRAMS := $(BUILD)/reference $(BUILD)/golf $(BUILD)/golf-ungolfed

build: ## build the reference CLI, the golf and its ungolfed twin
	@$(NEEDS) build
	@$(SUBMAKE) files FILES="$(BUILD_PROGRAMS)"

$(BUILD)/%.o: reference/%.c reference/*.h $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

# The reference CLI also draws and explains (--show, --explain, --moves),
# and plays the whole game: the move generator, PDN notation, the game loop.
TALK_LIB := $(BUILD)/show.o $(BUILD)/explain.o
GAME_LIB := $(BUILD)/moves.o $(BUILD)/notation.o $(BUILD)/game.o
PERFT_LIB := $(BUILD)/perft.o $(BUILD)/fastgen.o

$(BUILD)/reference: $(BUILD)/main.o $(PERFT_LIB) $(TALK_LIB) $(GAME_LIB) $(REF_LIB)
	$(CC) $(CFLAGS) $(SAN) -pthread -o "$@" $(call q,$^)

# The golf and its twin share the driver (protocol in, verdict out).
$(BUILD)/driver.o: golf/driver.c reference/line.h $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

# A golf compile ends with $(golf_quiet): the compiler's warnings on the
# golf (its four-byte character constant draws -Wmultichar, quoting the raw
# bytes) go to a log beside the object, TARGET.warnings, not to the
# terminal; an error shows in full, its non-text bytes escaped by cat -v.
golf_quiet = 2> "$@.warnings" || { cat -v "$@.warnings" >&2; exit 1; }

# The golf at GOLF_LEVEL, and at -O0 for the differential.
$(BUILD)/checkers.o: golf/checkers.c golf/flags $(CC_STAMP)
	$(CC) $(GOLF_LEVEL) $(GOLF_FLAGS) $(SAN) -c -o "$@" "$<" $(golf_quiet)

$(BUILD)/checkers-O0.o: golf/checkers.c golf/flags $(CC_STAMP)
	$(CC) -O0 $(GOLF_FLAGS) $(SAN) -c -o "$@" "$<" $(golf_quiet)

$(BUILD)/ungolfed.o: golf/ungolfed.c $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(BUILD)/golf: $(BUILD)/driver.o $(BUILD)/checkers.o $(REF_LIB)
	$(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

$(BUILD)/golf-ungolfed: $(BUILD)/driver.o $(BUILD)/ungolfed.o $(REF_LIB)
	$(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

# The predicates' header examples as checks (tests/reference_unit.bats).
UNIT_LIB := $(BUILD)/board.o $(BUILD)/rules.o $(BUILD)/moves.o $(BUILD)/notation.o $(BUILD)/line.o

$(BUILD)/unit: tests/unit.c $(UNIT_LIB) reference/*.h
	$(CC) $(CFLAGS) $(SAN) -o "$@" "tests/unit.c" $(call q,$(UNIT_LIB))

# Every program the bats suite runs: each section adds its own.
TEST_PROGRAMS := $(BUILD)/reference $(BUILD)/golf $(BUILD)/golf-ungolfed $(BUILD)/unit

# ==================== The golf's compiler matrix ====================
# Entry compiler:level has the id compiler-level (gcc:-O2 -> gcc-O2) and
# gives the object golf-ID.o and the program golf-ID (the driver linked with
# that object; tests/golf.bats runs the table through it).
golf_id = $(subst :,,$1)
golf_cc = $(word 1,$(subst :, ,$1))
golf_level = $(word 2,$(subst :, ,$1))
GOLF_IDS := $(foreach e,$(GOLF_MATRIX),$(call golf_id,$e))

define golf_build
$(STAMPS)/golf-$(call golf_id,$1): export STAMP = $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) | san $$(SAN)
$(BUILD)/golf-$(call golf_id,$1).o: golf/checkers.c golf/flags $(STAMPS)/golf-$(call golf_id,$1)
	$(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(SAN) -c -o "$$@" "golf/checkers.c" $$(golf_quiet)
endef
$(foreach e,$(GOLF_MATRIX),$(eval $(call golf_build,$e)))

$(GOLF_IDS:%=$(BUILD)/golf-%): $(BUILD)/golf-%: $(BUILD)/driver.o $(BUILD)/golf-%.o $(REF_LIB)
	$(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

TEST_PROGRAMS += $(GOLF_IDS:%=$(BUILD)/golf-%)

.PHONY: matrix
matrix: ## build the golf with every GOLF_MATRIX compiler and level
	@$(NEEDS) matrix
	@$(SUBMAKE) files FILES="$(GOLF_IDS:%=$(BUILD)/golf-%)"

# ==================== Differential and mutants ====================
# Golf against reference in one process (tests/differential.c): the golf at
# GOLF_LEVEL and at -O0, and the ungolfed twin.
DIFF_LIB := $(BUILD)/differential.o $(BUILD)/rules.o $(BUILD)/board.o
DIFF_PROGRAMS := $(BUILD)/differential $(BUILD)/differential-O0 $(BUILD)/differential-ungolfed
POSITIONS ?= 1000000
SEED ?= 1

$(BUILD)/differential.o: tests/differential.c tests/rows.h reference/rules.h reference/board.h $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(BUILD)/differential: $(DIFF_LIB) $(BUILD)/checkers.o
$(BUILD)/differential-O0: $(DIFF_LIB) $(BUILD)/checkers-O0.o
$(BUILD)/differential-ungolfed: $(DIFF_LIB) $(BUILD)/ungolfed.o
$(DIFF_PROGRAMS):
	$(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

.PHONY: differential mutants
differential: ## golf (GOLF_LEVEL, -O0) and twin vs reference on POSITIONS random positions from SEED
	@$(NEEDS) differential
	@$(SUBMAKE) files FILES="$(DIFF_PROGRAMS)"
	@for p in $(call q,$(DIFF_PROGRAMS)); do echo "== $$p"; "$$p" $(POSITIONS) $(SEED) || exit 1; done

mutants: ## plant each tests/mutants.tsv bug in a copy of the golf: all must be caught
	@$(NEEDS) mutants
	@$(SUBMAKE) files FILES="$(BATS)"
	@$(SUBMAKE) files FILES="$(DIFF_PROGRAMS) $(BUILD)/golf"
	@$(TEST_ENV) "tests/run" "tests/mutation.bats"

TEST_PROGRAMS += $(DIFF_PROGRAMS)

# ==================== The whole game against an independent generator ====================
# tests/movegen.c runs the reference's move generator side by side with
# tests/bitboard.c, a bitboard generator on the golf's ghost-bit layout that
# shares no code with reference/ (tests/movegen.bats; make movegen for the
# full run).  MOVEGEN_POSITIONS random positions compare whole move lists;
# MOVEGEN_TREES random positions compare perft trees node by node to depth
# MOVEGEN_DEPTH.
MOVEGEN_POSITIONS ?= 1000000
MOVEGEN_TREES ?= 20000
MOVEGEN_DEPTH ?= 3

$(BUILD)/movegen: tests/movegen.c tests/bitboard.c tests/bitboard.h $(PERFT_LIB) $(GAME_LIB) $(BUILD)/show.o $(REF_LIB) $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -pthread -o "$@" "tests/movegen.c" "tests/bitboard.c" $(call q,$(PERFT_LIB) $(GAME_LIB) $(BUILD)/show.o $(REF_LIB))

TEST_PROGRAMS += $(BUILD)/movegen

# perft's speed: a benchmark, not a test (tests/bench; BENCH_RUNS, BENCH_DEPTHS).
.PHONY: bench
bench: $(BUILD)/reference ## perft's leaves/s: depths 11 and 13, start and two king positions, alone and with table+threads
	@tests/bench "$(BUILD)/reference"

.PHONY: movegen
movegen: $(BUILD)/movegen ## reference vs bitboard generator: MOVEGEN_POSITIONS move lists, MOVEGEN_TREES perft trees
	@"$(BUILD)/movegen" random $(MOVEGEN_POSITIONS) $(SEED)
	@"$(BUILD)/movegen" tree $(MOVEGEN_TREES) $(SEED) $(MOVEGEN_DEPTH)
	@"$(BUILD)/movegen" start 10 | tail -n 1

# ==================== verify: golf == reference, everywhere ====================
# tests/verify.c linked with every matrix build of the golf: in each build
# every golf symbol but f is made local and f renamed golf_<id>, so the
# builds cannot clash, and builds.c lists them (tests/golf_builds.h), so
# verify.o does not depend on the matrix.  `make verify GOLF=file` checks
# another golf source (VERIFY_OUT=dir keeps its build apart; the source is
# copied in, so GOLF may be any path, spaces and all).  VERIFY_ARGS passes
# --quick, --sample N, --random N, --seed S, --jobs J.
GOLF        := golf/checkers.c
VERIFY_OUT  := $(BUILD)/verify
VERIFY_ARGS :=

.PHONY: verify verify-build
verify: ## golf == reference: exhaustive near the mover, 2e7 random, every matrix build (GOLF=file)
	@$(NEEDS) verify
	@$(SUBMAKE) files FILES="$(VERIFY_OUT)/verify"
	@"$(VERIFY_OUT)/verify" $(VERIFY_ARGS)

verify-build: ## build the verify program only (GOLF=file, VERIFY_OUT=dir)
	@$(NEEDS) verify
	@$(SUBMAKE) files FILES="$(VERIFY_OUT)/verify"

# These two are rewritten only when their content changes, like a stamp.
$(VERIFY_OUT)/golf.c: FORCE
	@mkdir -p "$(@D)"
	@cmp -s "$(GOLF)" "$@" || cp "$(GOLF)" "$@"

$(VERIFY_OUT)/builds.c: FORCE
	@mkdir -p "$(@D)"
	@tmp=$$(mktemp "$@.XXXXXX") && { \
	echo '/* Written by the Makefile from GOLF_MATRIX. */'; echo '#include "golf_builds.h"'; \
	printf 'int golf_%s(int *, int *, int, int);\n' $(foreach e,$(GOLF_MATRIX),$(subst -,_,$(call golf_id,$e))); \
	echo 'const golf_build golf_builds[] = {'; \
	printf '    {"%s", golf_%s},\n' $(foreach e,$(GOLF_MATRIX),"$(subst :, ,$e)" $(subst -,_,$(call golf_id,$e))); \
	echo '};'; echo 'const int golf_build_count = $(words $(GOLF_MATRIX));'; } > "$$tmp" && \
	$(keep_if_changed)

$(VERIFY_OUT)/builds.o: $(VERIFY_OUT)/builds.c tests/golf_builds.h $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -Itests -c -o "$@" "$<"

define verify_build
$(VERIFY_OUT)/golf-$(call golf_id,$1).o: $(VERIFY_OUT)/golf.c golf/flags $(STAMPS)/golf-$(call golf_id,$1)
	$(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(SAN) -c -o "$$@.tmp" "$$<" $$(golf_quiet)
	objcopy --keep-global-symbol=f "$$@.tmp"
	objcopy --redefine-sym f=golf_$(subst -,_,$(call golf_id,$1)) "$$@.tmp" "$$@"
	rm -f "$$@.tmp"
endef
$(foreach e,$(GOLF_MATRIX),$(eval $(call verify_build,$e)))

$(BUILD)/verify.o: tests/verify.c tests/golf_builds.h tests/rows.h reference/rules.h reference/board.h $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(VERIFY_OUT)/verify: $(BUILD)/verify.o $(VERIFY_OUT)/builds.o $(GOLF_IDS:%=$(VERIFY_OUT)/golf-%.o) $(BUILD)/rules.o $(BUILD)/board.o
	$(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

TEST_PROGRAMS += $(VERIFY_OUT)/verify

# ==================== prove: golf == reference, by z3 ====================
# tests/prove/ turns the golf's LLVM IR (each PROVE_BUILDS entry, golf's
# flags) and the reference's (at PROVE_REF_LEVEL, through tests/prove/shim.c)
# into z3 formulas and proves them equal on every valid input (README, make
# prove).  Each build's protocol driver is linked from the same IR, to
# replay a counterexample.  `make prove GOLF=file` proves another golf
# (PROVE_OUT=dir keeps its build apart; the source is copied in, so GOLF may
# be any path).  PROVE_ARGS passes --starts LIST, --jobs N; `make
# prove-check` tests the model against the compiled programs
# (PROVE_POSITIONS random positions).
PROVE_BUILDS    ?= clang-19:-O0 clang-19:-O2
PROVE_OUT       := $(BUILD)/prove
PROVE_ARGS      :=
PROVE_POSITIONS ?= 100000
PROVE_REF_CC    := clang-19
PROVE_REF_LEVEL := -O1
PROVE_IDS       := $(foreach e,$(PROVE_BUILDS),$(call golf_id,$e))
# The reference's sources but its CLI, and the shim: IR only for what the
# shim calls is ever read.
PROVE_REF_SRC   := $(filter-out reference/main.c reference/fastgen.c reference/perft.c,$(wildcard reference/*.c))
PROVE_REF_LL    := $(BUILD)/prove-ref/shim.ll $(patsubst reference/%.c,$(BUILD)/prove-ref/%.ll,$(PROVE_REF_SRC))
# -O0 is C's own operations one for one: a broken nsw flag is C's undefined
# behaviour there; optimized IR follows LLVM's poison rules (tests/prove/sym.py).
prove_rule = $(if $(filter -O0,$(call golf_level,$1)),strict,llvm)
PROVE_CMD = "$(PYTHON)" "tests/prove/prove.py" --reference "$(BUILD)/reference" --reference-ll $(call q,$(PROVE_REF_LL)) \
	$(foreach e,$(PROVE_BUILDS),--build "$(call golf_cc,$e) $(call golf_level,$e)" $(call prove_rule,$e) \
	    "$(PROVE_OUT)/golf-$(call golf_id,$e).ll" "$(PROVE_OUT)/golf-$(call golf_id,$e)")

.PHONY: prove prove-build prove-check
prove: ## golf == reference on every valid input, proved by z3 from clang's IR (GOLF=file, PROVE_BUILDS)
	@$(NEEDS) prove
	@$(SUBMAKE) prove-build
	@$(PROVE_CMD) $(PROVE_ARGS)

prove-check: ## the proof's model against the compiled programs on PROVE_POSITIONS random positions
	@$(NEEDS) prove
	@$(SUBMAKE) prove-build
	@$(PROVE_CMD) --check $(PROVE_POSITIONS) $(PROVE_ARGS)

prove-build: $(PROVE_IDS:%=$(PROVE_OUT)/golf-%) $(PROVE_REF_LL) $(BUILD)/reference ## the IR make prove reads (GOLF=file, PROVE_OUT=dir)

$(PROVE_OUT)/golf.c: FORCE
	@mkdir -p "$(@D)"
	@cmp -s "$(GOLF)" "$@" || cp "$(GOLF)" "$@"

define prove_build
$(STAMPS)/prove-$(call golf_id,$1): export STAMP = $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) -S -emit-llvm
$(PROVE_OUT)/golf-$(call golf_id,$1).ll: $(PROVE_OUT)/golf.c golf/flags $(STAMPS)/prove-$(call golf_id,$1)
	$(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) -S -emit-llvm -o "$$@" "$$<"
$(PROVE_OUT)/golf-$(call golf_id,$1).o: $(PROVE_OUT)/golf-$(call golf_id,$1).ll
	$(call golf_cc,$1) $$(SAN) -c -o "$$@" "$$<"
$(PROVE_OUT)/golf-$(call golf_id,$1): $(BUILD)/driver.o $(PROVE_OUT)/golf-$(call golf_id,$1).o $(REF_LIB)
	$$(CC) $$(CFLAGS) $$(SAN) -o "$$@" $$(call q,$$^)
endef
$(foreach e,$(PROVE_BUILDS),$(eval $(call prove_build,$e)))

$(STAMPS)/prove-ref: export STAMP = $(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm

$(BUILD)/prove-ref/%.ll: reference/%.c reference/*.h $(STAMPS)/prove-ref
	@mkdir -p "$(@D)"
	$(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm -o "$@" "$<"

$(BUILD)/prove-ref/shim.ll: tests/prove/shim.c reference/*.h $(STAMPS)/prove-ref
	@mkdir -p "$(@D)"
	$(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm -o "$@" "$<"

# tests/prove.bats runs make prove (and on mutants, with the same reference).
TEST_PROGRAMS += $(PROVE_IDS:%=$(PROVE_OUT)/golf-%) $(PROVE_REF_LL)

# ==================== submit: the answer post ====================
# golf/permalink.c makes and reads Attempt This Online and Try It Online
# links offline, with zlib's deflate (Debian package zlib1g-dev); the post
# shows a golf that is not printable text as an xxd dump (package xxd).  The post
# is remade whenever the golf, its flags, its footer or its twin changes, so
# its byte count is always the file's.
$(BUILD)/permalink: golf/permalink.c $(CC_STAMP)
	$(CC) $(CFLAGS) $(SAN) -o "$@" "$<" -lz

$(BUILD)/answer.md: golf/answer.sh golf/checkers.c golf/flags golf/footer.c golf/ungolfed.c $(BUILD)/permalink
	PERMALINK="$(BUILD)/permalink" "golf/answer.sh" > "$@.tmp" && mv "$@.tmp" "$@"

.PHONY: submit
submit: ## write build/answer.md: the answer post, with ATO and TIO links that run the golf's own bytes
	@$(NEEDS) submit
	@$(SUBMAKE) "$(BUILD)/answer.md"
	@echo "$(BUILD)/answer.md: $$(head -n 1 "$(BUILD)/answer.md")"

TEST_PROGRAMS += $(BUILD)/permalink $(BUILD)/answer.md

# ==================== fuzz: the parser and rules under libFuzzer ====================
# tests/fuzz_line.c feeds any bytes to the parser, the batch loop, the rules
# and everything --show, --explain and --moves print, and to the game's FEN
# and move parsers and its batch (every position checked against the bitboard
# generator).  `make fuzz` seeds it from cases.tsv (one file per row, and
# batches of four rows), from tests/games.tsv (one file per game) and the
# curated tests/fuzz/corpus; what it finds stays in $(BUILD).  It makes exactly
# FUZZ_RUNS runs, so it passes or fails on what it finds, never on the
# machine's speed; the time is reported beside.  Inputs are kept to FUZZ_LEN
# bytes, and libFuzzer's comparison hints (trace-cmp) go only where input
# bytes are compared, the parsers: on the rules they cost three times the run
# time and find nothing.
FUZZ_FLAGS ?= -std=c11 -g -O2 -Wall -Wextra -pedantic -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_NOCMP := -fno-sanitize-coverage=trace-cmp
FUZZ_RUNS  ?= 1000000
FUZZ_LEN   ?= 256
FUZZ_OBJ   := $(addprefix $(BUILD)/fuzz/,fuzz_line.o board.o rules.o line.o show.o explain.o moves.o notation.o game.o \
                bitboard.o)

$(STAMPS)/fuzz: export STAMP = $(FUZZ_CC) $(FUZZ_FLAGS)

$(BUILD)/fuzz/%.o: reference/%.c reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(FUZZ_CC) $(FUZZ_FLAGS) $(if $(filter line notation,$*),,$(FUZZ_NOCMP)) -c -o "$@" "$<"

$(BUILD)/fuzz/fuzz_line.o: tests/fuzz_line.c tests/bitboard.h reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -Ireference -Itests -c -o "$@" "$<"

# The bitboard generator, to check every position a fuzz input spells.
$(BUILD)/fuzz/bitboard.o: tests/bitboard.c tests/bitboard.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -c -o "$@" "$<"

$(BUILD)/fuzz_line: $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o "$@" $(call q,$^)

.PHONY: fuzz fuzz-run
fuzz: ## fuzz parser and rules: exactly FUZZ_RUNS (10^6) runs, 0 findings; the time is reported
	@$(NEEDS) fuzz
	@$(SUBMAKE) fuzz-run

fuzz-run: $(BUILD)/fuzz_line
	@rm -rf "$(BUILD)/fuzz-seeds" && mkdir -p "$(BUILD)/fuzz-seeds" "$(BUILD)/fuzz-corpus"
	@grep -v '^#' cases.tsv | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("row-%03d", NR) }')
	@grep -v '^#' cases.tsv | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("batch-%02d", int((NR - 1) / 4)) }')
	@grep -v '^#' tests/games.tsv | cut -f1,2 | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("game-%03d", NR) }')
	@start=$$(date +%s.%N); \
	"$<" -runs=$(FUZZ_RUNS) -max_len=$(FUZZ_LEN) -timeout=10 -close_fd_mask=2 -print_final_stats=1 \
	    -artifact_prefix="$(BUILD)/fuzz-" "$(BUILD)/fuzz-corpus" "$(BUILD)/fuzz-seeds" tests/fuzz/corpus \
	    > "$(BUILD)/fuzz.log" 2>&1; status=$$?; \
	secs=$$(awk -v a="$$start" -v b="$$(date +%s.%N)" 'BEGIN { print b - a }'); \
	runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' "$(BUILD)/fuzz.log"); \
	printf 'fuzz: %s runs in %.1f s, exit %d (log: %s)\n' "$${runs:-0}" "$$secs" $$status "$(BUILD)/fuzz.log"; \
	if [ $$status -ne 0 ]; then tail -n 30 "$(BUILD)/fuzz.log"; exit 1; fi; \
	[ "$${runs:-0}" -ge $(FUZZ_RUNS) ] || { echo "fuzz: stopped after $${runs:-0} of $(FUZZ_RUNS) runs"; exit 1; }

TEST_PROGRAMS += $(BUILD)/fuzz_line

# ==================== sanitize and lint: the C under scrutiny ====================
# `make sanitize` runs the whole suite again with every program built with
# AddressSanitizer and UndefinedBehaviorSanitizer in $(BUILD)/san: the
# reference, the driver, every matrix build of the golf (clang's objects
# link against gcc's runtime), verify's builds, and the mutants and link
# programs the tests compile themselves (they add $SAN).  Any finding is
# fatal; ASan and LeakSanitizer reports are also logged to $(BUILD)/san/reports,
# which must stay empty (UBSan reports on the test's stderr).  Valgrind cannot
# run an ASan build, so tests/valgrind.bats is pointed at the plain one.
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_BUILD := $(BUILD)/san
SAN_LOG   := $(SAN_BUILD)/reports

.PHONY: sanitize lint
sanitize: ## the whole suite again, every program and golf build with ASan+UBSan: 0 reports
	@$(NEEDS) sanitize
	@$(SUBMAKE) -j$(JOBS) files FILES="$(BUILD_PROGRAMS)"
	@rm -rf "$(SAN_LOG)" && mkdir -p "$(SAN_LOG)"
	@ASAN_OPTIONS="log_path=\"$(CURDIR)/$(SAN_LOG)/asan\"" UBSAN_OPTIONS=print_stacktrace=1 \
	VALGRIND_BUILD="$(BUILD)" $(MAKE) --no-print-directory BUILD="$(SAN_BUILD)" SAN="$(SAN_FLAGS)" test; status=$$?; \
	reports=$$(find "$(SAN_LOG)" -type f | wc -l); \
	echo "sanitize: suite exit $$status, $$reports sanitizer reports ($(SAN_LOG))"; \
	if [ $$reports -ne 0 ]; then head -n 40 "$(SAN_LOG)"/*; fi; \
	[ $$status -eq 0 ] && [ $$reports -eq 0 ]

# `make lint`: cppcheck and clang-tidy (checks in reference/.clang-tidy) on
# the reference and the unit tests; any finding fails.
LINT_SRC := $(wildcard reference/*.c) tests/unit.c

lint: ## cppcheck and clang-tidy on reference/ and tests/unit.c: 0 findings
	@$(NEEDS) lint
	cppcheck --quiet --std=c11 --enable=warning,style,performance,portability --error-exitcode=1 \
	    --inline-suppr $(call q,$(LINT_SRC))
	@echo "clang-tidy --config-file=reference/.clang-tidy $(LINT_SRC)"; \
	out=$$(clang-tidy --quiet --config-file=reference/.clang-tidy $(call q,$(LINT_SRC)) -- -std=c11 2>&1); status=$$?; \
	printf '%s\n' "$$out" | grep -v -e 'warnings\{0,1\} generated\.$$' -e '^Suppressed [0-9]* warnings' \
	    -e '^Use -header-filter' -e '^Use -system-headers' -e '^$$'; exit $$status
	@echo "lint: cppcheck and clang-tidy clean on $(words $(LINT_SRC)) files"

# ==================== test ====================
# bats-core, pinned in package.json and package-lock.json, called by path
# (README, Testing).  tests/install-bats runs npm ci in bounded time, its
# output in $(BUILD)/npm.log, and says plainly why npm could not reach its
# registry.  npm's cache stays in $(BUILD), like everything else.
$(BATS): package.json package-lock.json
	@NPM_CACHE="$(BUILD)/npm-cache" NPM_LOG="$(BUILD)/npm.log" "tests/install-bats"
	@touch "$@"

.PHONY: test-programs
test-programs: $(TEST_PROGRAMS) $(BATS)

# What the tests need to know of this run.  MAKEFLAGS is emptied: the makes
# the tests run must not inherit this one's -s, -k or -j (nor MAKE_TYPED).
TEST_ENV = BUILD="$(BUILD)" CC="$(CC)" GOLF_MATRIX="$(GOLF_MATRIX)" SAN="$(SAN)" JOBS="$(JOBS)" \
    MAKEFLAGS= MAKE_TYPED=

# Checks and installs what it needs, installs the pinned bats (no test can
# run without it: npm's failure stops here, before any build), builds every
# program (a program that does not build leaves its tests to fail), then
# runs the suite.
test: ## the whole suite: installs what it needs, builds, runs bats (closing line: passed, failed, skipped)
	@$(NEEDS) test
	@$(SUBMAKE) files FILES="$(BATS)"
	@status=0; $(SUBMAKE) -k -j$(JOBS) test-programs || \
	{ status=1; echo "$(MAKE_TYPED): some programs did not build (see above); their tests fail"; }; \
	$(TEST_ENV) "tests/run" || status=1; exit $$status

bytes: ## the golf's size, as the site counts it
	@echo "$$(wc -c < "golf/checkers.c") bytes  golf/checkers.c"

# ==================== fresh: the README's two commands on a new Debian 12 ====================
# tests/fresh debootstraps a Debian 12 minbase root (git, make and
# ca-certificates) in $(BUILD)/fresh, trusting the CA certificates this
# machine trusts, and runs `make` and `make test` there in a clone of this
# checkout's HEAD at a path with a space and an apostrophe: as root, and as
# a user who gets the one message and runs its command as root.  Then it
# removes the root, never through a mount.  Root only; about half an hour.
.PHONY: fresh
fresh: ## make and make test on a new Debian 12 minbase root in build/fresh, as root and as a user (slow; root)
	@$(NEEDS) fresh
	@BUILD="$(BUILD)" "tests/fresh"

# Never through a mount: tests/remove-tree unmounts whatever /proc/self/mounts
# shows under $(BUILD) (make fresh's root), or removes nothing and says so.
clean: ## remove build outputs (unmounts anything mounted under them first, or refuses)
	@"tests/remove-tree" "$(BUILD)"

# `make -s print-VAR` prints a variable's value (the tests ask for some).
print-%: FORCE
	@echo $($*)

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' Makefile | awk -F ':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'
