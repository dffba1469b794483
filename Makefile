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
# golf uses them and the answer's links carry them (golf/README.md).
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
# (tests/tools/needs: one for_TARGET function each), then does its work in a
# sub-make, so nothing is built before the check has passed or installed
# what was missing.  The messages name the command the user typed
# (MAKE_TYPED, kept by sub-makes).
ifeq ($(MAKE_TYPED),)
MAKE_TYPED := make$(if $(MAKECMDGOALS), $(MAKECMDGOALS))
endif
export MAKE_TYPED
NEEDS = CC="$(CC)" GOLF_MATRIX="$(GOLF_MATRIX)" FUZZ_CC="$(FUZZ_CC)" PROVE_BUILDS="$(PROVE_BUILDS)" SITE_ROOT="$(SITE_ROOT)" PYTHON_CANDIDATES="$(PYTHON_CANDIDATES)" \
    $(if $(filter file default,$(origin PYTHON)),,PYTHON="$(PYTHON)") NEEDS_STAMPS="$(STAMPS)" "tests/tools/needs"
SUBMAKE = $(locked) $(MAKE) --no-print-directory

# `$(SUBMAKE) files FILES="..."` makes FILES (files, or targets such as
# test-programs), and says nothing when they are up to date (make would
# print "is up to date" for each).  Builds of one tree take turns: a
# $(SUBMAKE) runs under its lock, $(BUILD)/.lock (flock), unless its make
# holds it already (BUILD_LOCKED), and so does `make files` typed (or run by
# golf/judge.sh), so two makes at once never build the same output
# together, and the second finds the first's work done.  (The fuzzers run
# in a plain sub-make: they would hold the lock for minutes.)  (An empty
# build_lock, like an empty atomic, puts back the old way:
# tests/concurrency.bats shows it go wrong.)
.PHONY: files
build_lock = flock "$(BUILD)/.lock"
locked = $(if $(build_lock),$(if $(filter $(BUILD),$(BUILD_LOCKED)),,mkdir -p "$(BUILD)" && BUILD_LOCKED="$(BUILD)" $(build_lock)))
ifeq ($(if $(build_lock),$(BUILD_LOCKED),$(BUILD)),$(BUILD))
files: $(FILES) ## make FILES="..." and say nothing when they are up to date (the targets' sub-makes use it)
	@:
else
files: FORCE
	@$(SUBMAKE) files
endif

# $(atomic) COMMAND: COMMAND writes the target ("$@", an argument of its
# own) under a temporary name beside it, renamed onto the target when it
# succeeds (tests/tools/atomic): a make or a judge reading it meanwhile sees
# the old file or the new one, whole; an interrupted or failed command
# leaves nothing half-written, and the next run rebuilds.  Other recipes
# that write in place lose a failed target (.DELETE_ON_ERROR).
atomic = "tests/tools/atomic" "$@"
.DELETE_ON_ERROR:

# ==================== Which golf: GOLF=file ====================
# Every target that builds, judges, measures or posts the golf takes
# GOLF=file (any path, spaces and apostrophes too; relative to the
# checkout) and never writes golf/checkers.c.  golf/checkers.c itself is
# built in $(BUILD) as always; any other file is copied (tests/tools/golf-copy,
# behind a #line that keeps the compiler's messages on the file's own path
# and lines) into a directory of its own, GOLF_DIR, named after the path:
# builds of different candidates never mix.
GOLF := golf/checkers.c
ifeq ($(GOLF),golf/checkers.c)
GOLF_DIR := $(BUILD)
GOLF_SRC := golf/checkers.c
else
GOLF_DIR := $(BUILD)/cand/$(shell p='$(subst ','\'',$(GOLF))'; \
    printf '%s-%s' "$$(printf '%s' "$$(basename "$$p")" | tr -c 'A-Za-z0-9._-' _)" "$$(printf '%s' "$$p" | cksum | cut -d' ' -f1)")
GOLF_SRC := $(GOLF_DIR)/golf.c
$(GOLF_SRC): FORCE
	@"tests/tools/golf-copy" "$(GOLF)" "$@"
endif
# A time limit on every run of a golf in the table, in seconds: a right
# golf answers a row in microseconds.
GOLF_TIME_LIMIT ?= 2

# ==================== The sandbox: every run of a golf ====================
# A golf is candidate code: every run of a golf's program (the table, the
# differential, verify, the judge's and the proof's replays, the UBSan
# runs, the mutants) goes through tests/tools/sandbox (bubblewrap: no
# network, none of the host's files but its libraries, a private /tmp,
# limits on CPU, memory, processes and file size).  Where no sandbox can be
# made (no user namespaces, a plain chroot) a candidate is refused; the
# project's own golf, golf/checkers.c, runs bare there, saying so.
# SANDBOX=off runs every golf bare: for your own candidates only, and the
# verdict says so.  (Only "off" is read from the command line or the
# environment.)
SANDBOX_MODE := $(if $(filter off,$(SANDBOX)),off,$(if $(filter golf/checkers.c,$(GOLF)),own,on))
# In front of a command that runs tests/tools/sandbox.
sandbox_env = SANDBOX="$(SANDBOX_MODE)" SAN="$(SAN)"

# `make` with no target: build, then every cases.tsv row through golf and reference.
.DEFAULT_GOAL := all
.PHONY: all build test bytes clean help judge FORCE
FORCE:

all: ## the main job: build, then run every cases.tsv row through golf, twin and reference (GOLF=file)
	@$(NEEDS) build
	@$(SUBMAKE) files FILES="$(BUILD_PROGRAMS)"
	@$(TABLE_ENV) "tests/tools/table.sh"

# What tests/tools/table.sh needs to know: which golf, built where.
TABLE_ENV = BUILD="$(BUILD)" GOLF="$(GOLF)" GOLF_PROGRAM="$(GOLF_DIR)/golf" \
    GOLF_WARNINGS="$(GOLF_DIR)/checkers.o.warnings" GOLF_TIME_LIMIT="$(GOLF_TIME_LIMIT)" $(sandbox_env)

# The whole verdict on a golf, stopping at the first failure: its bytes,
# the table, 10^6 random positions on every matrix build, the proof.
judge: ## the whole verdict on GOLF=file: bytes, table, differential over the matrix, proof; one closing line
	@$(NEEDS) judge
	@$(JUDGE)
JUDGE_POSITIONS ?= 1000000
JUDGE = MAKE="$(MAKE)" GOLF="$(GOLF)" GOLF_DIR="$(GOLF_DIR)" BUILD="$(BUILD)" \
    GOLF_MATRIX="$(GOLF_MATRIX)" GOLF_TIME_LIMIT="$(GOLF_TIME_LIMIT)" JOBS="$(JOBS)" \
    JUDGE_POSITIONS="$(JUDGE_POSITIONS)" VERIFY_SANDBOX="$(VERIFY_SANDBOX)" $(sandbox_env) "golf/judge.sh"

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

# ==================== Sources: each list once ====================
# The reference is every reference/*.c: a new file is built, linked into the
# CLI, the library, the unit tests, the fuzzers and the proof's IR with no
# edit here.  Two lists name the files that are not rules: REF_CLI, the
# command line (main.c, and the table of commands and a file per command
# where there are: only build/reference links them, and the tests that drive
# a command's batch its file), and REF_PERFT, perft's
# engine (its table and threads: the CLI and movegen link it; the rules'
# objects and the proof leave it out); and REF_API, library.c, the C
# library's interface over all of them but the CLI (CK_SRC: make lib).
# Every list of reference objects below is derived from these; the tests
# ask make for them (make -s print-VAR).
REF_SRC    := $(wildcard reference/*.c)
REF_CLI    := $(wildcard reference/main.c reference/command.c reference/cmd_*.c)
REF_PERFT  := $(wildcard reference/perft*.c reference/fastgen.c reference/table.c)
REF_API    := reference/library.c
LIB_SRC    := $(filter-out $(REF_CLI) $(REF_PERFT) $(REF_API),$(REF_SRC))
ENGINE_SRC := $(filter-out $(REF_CLI) $(REF_API),$(REF_SRC))
CK_SRC     := $(ENGINE_SRC) $(REF_API)
# ref_obj DIR,SOURCES: the objects of reference SOURCES, built in DIR.
ref_obj = $(patsubst reference/%.c,$1/%.o,$2)
LIB_OBJ    := $(call ref_obj,$(BUILD),$(LIB_SRC))
ENGINE_OBJ := $(call ref_obj,$(BUILD),$(ENGINE_SRC))
# The question alone: what the golf is compared with (the differential,
# verify), and with the protocol's reader, the line loop and the words it
# shows values with, what the golf's driver links.
RULES_OBJ := $(BUILD)/board.o $(BUILD)/rules.o
REF_LIB   := $(RULES_OBJ) $(BUILD)/line.o $(BUILD)/batch.o $(BUILD)/words.o $(BUILD)/text.o

# ==================== The reference, the golf, its twin ====================

BUILD_PROGRAMS := $(BUILD)/reference $(GOLF_DIR)/golf $(BUILD)/golf-ungolfed

build: ## build the reference CLI, the golf and its ungolfed twin
	@$(NEEDS) build
	@$(SUBMAKE) files FILES="$(BUILD_PROGRAMS)"

$(BUILD)/%.o: reference/%.c reference/*.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

# The reference CLI: every module.
$(BUILD)/reference: $(call ref_obj,$(BUILD),$(REF_SRC))
	$(atomic) $(CC) $(CFLAGS) $(SAN) -pthread -o "$@" $(call q,$^)

# The golf and its twin share the driver (protocol in, verdict out).
$(BUILD)/driver.o: golf/driver.c reference/line.h reference/batch.h reference/board.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

# A golf compile ends with $(golf_quiet): the compiler's warnings on the
# golf (its four-byte character constant draws -Wmultichar, quoting the raw
# bytes) go to a log beside the object, TARGET.warnings (written whole, like
# the object), not to the terminal; an error shows in full, its non-text
# bytes escaped by cat -v.
golf_quiet = 2> "$@.warnings.$$$$"; status=$$?; mv -f "$@.warnings.$$$$" "$@.warnings"; \
    [ $$status -eq 0 ] || { cat -v "$@.warnings" >&2; exit 1; }

# $(call golf_has_f,CC,OBJECT): the golf OBJECT (from $<) defines f, and f
# fits the prototype every driver calls it by; else one line says what f
# must be (not the linker's errors).
# (The matrix's and verify's builds check the name only, golf_names_f: the
# main build, which the table and the judge build first, checks both.)  The
# object refused is removed at once: no other make links it.
golf_has_f = $(golf_names_f); \
    printf '\#include "%s"\nint f(int *, int *, int, int);\n' "$<" | \
    $1 $(GOLF_FLAGS) -fsyntax-only -x c - > /dev/null 2>&1 || \
    { rm -f "$@"; echo "$(GOLF): f has another signature: $(golf_f_must)" >&2; exit 1; }
golf_names_f = @nm -P "$(or $2,$1)" | awk '$$1 == "f" && $$2 == "T" { ok = 1 } END { exit !ok }' || \
    { rm -f "$@"; echo "$(GOLF): defines no function f: $(golf_f_must)" >&2; exit 1; }
golf_f_must = f must be int f(int *b, int *w, int s, int e) (K&R: f(b,w,s,e)int*b,*w;{...}): black and white squares as 0-terminated int lists, start, end; nonzero iff the move is legal

# The golf at GOLF_LEVEL, and at -O0 for the differential.
$(GOLF_DIR)/checkers.o: $(GOLF_SRC) golf/flags $(CC_STAMP)
	$(atomic) $(CC) $(GOLF_LEVEL) $(GOLF_FLAGS) $(SAN) -c -o "$@" "$<" $(golf_quiet)
	$(call golf_has_f,$(CC),$@)

$(GOLF_DIR)/checkers-O0.o: $(GOLF_SRC) golf/flags $(CC_STAMP)
	$(atomic) $(CC) -O0 $(GOLF_FLAGS) $(SAN) -c -o "$@" "$<" $(golf_quiet)
	$(call golf_has_f,$(CC),$@)

$(BUILD)/ungolfed.o: golf/ungolfed.c $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(GOLF_DIR)/golf: $(BUILD)/driver.o $(GOLF_DIR)/checkers.o $(REF_LIB)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

$(BUILD)/golf-ungolfed: $(BUILD)/driver.o $(BUILD)/ungolfed.o $(REF_LIB)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

# The predicates' header examples as checks (tests/reference_unit.bats).
$(BUILD)/unit: tests/oracles/unit.c $(LIB_OBJ) reference/*.h
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" "tests/oracles/unit.c" $(call q,$(LIB_OBJ))

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
$(GOLF_DIR)/golf-$(call golf_id,$1).o: $(GOLF_SRC) golf/flags $(STAMPS)/golf-$(call golf_id,$1)
	$$(atomic) $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(SAN) -c -o "$$@" "$$<" $$(golf_quiet)
	$$(call golf_names_f,$$@)
endef
$(foreach e,$(GOLF_MATRIX),$(eval $(call golf_build,$e)))

$(GOLF_IDS:%=$(GOLF_DIR)/golf-%): $(GOLF_DIR)/golf-%: $(BUILD)/driver.o $(GOLF_DIR)/golf-%.o $(REF_LIB)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

TEST_PROGRAMS += $(GOLF_IDS:%=$(GOLF_DIR)/golf-%)

.PHONY: matrix
matrix: ## build the golf with every GOLF_MATRIX compiler and level (GOLF=file)
	@$(NEEDS) matrix
	@$(SUBMAKE) files FILES="$(GOLF_IDS:%=$(GOLF_DIR)/golf-%)"

# ==================== Differential and mutants ====================
# Golf against reference in one process (tests/oracles/differential.c): the golf at
# GOLF_LEVEL and at -O0, and the ungolfed twin.
DIFF_LIB := $(BUILD)/differential.o $(RULES_OBJ)
DIFF_PROGRAMS := $(GOLF_DIR)/differential $(GOLF_DIR)/differential-O0 $(BUILD)/differential-ungolfed
POSITIONS ?= 1000000
SEED ?= 1

$(BUILD)/differential.o: tests/oracles/differential.c tests/oracles/rows.h reference/rules.h reference/board.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(GOLF_DIR)/differential: $(DIFF_LIB) $(GOLF_DIR)/checkers.o
$(GOLF_DIR)/differential-O0: $(DIFF_LIB) $(GOLF_DIR)/checkers-O0.o
$(BUILD)/differential-ungolfed: $(DIFF_LIB) $(BUILD)/ungolfed.o
$(DIFF_PROGRAMS):
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

.PHONY: differential mutants
differential: ## golf (GOLF_LEVEL, -O0) and twin vs reference on POSITIONS random positions from SEED (GOLF=file)
	@$(NEEDS) differential
	@$(SUBMAKE) files FILES="$(DIFF_PROGRAMS)"
	@for p in $(call q,$(DIFF_PROGRAMS)); do echo "== $$p"; \
	    LIMIT_NAME="$$p" $(sandbox_env) "tests/tools/limit" $(DIFF_TIME_LIMIT) "tests/tools/sandbox" "$$p" $(POSITIONS) $(SEED) || exit 1; done
# The differential's time limit, in seconds: 10^6 positions take about one.
DIFF_TIME_LIMIT ?= 60

mutants: ## plant each tests/fixtures/mutants.tsv bug in a copy of the golf: all must be caught (GOLF=file)
	@$(NEEDS) mutants
	@$(SUBMAKE) files FILES="$(BATS)"
	@$(SUBMAKE) files FILES="$(DIFF_PROGRAMS) $(GOLF_DIR)/golf"
	@$(TEST_ENV) $(sandbox_env) GOLF_SOURCE="$$(cd "$$(dirname "$(GOLF)")" && pwd)/$$(basename "$(GOLF)")" "tests/tools/run" "tests/mutation.bats"

TEST_PROGRAMS += $(DIFF_PROGRAMS)

# ==================== The whole game against an independent generator ====================
# tests/oracles/movegen.c runs the reference's move generator side by side with
# tests/oracles/bitboard.c, a bitboard generator on the golf's ghost-bit layout that
# shares no code with reference/ (tests/movegen.bats; make movegen for the
# full run).  MOVEGEN_POSITIONS random positions compare whole move lists;
# MOVEGEN_TREES random positions compare perft trees node by node to depth
# MOVEGEN_DEPTH.
MOVEGEN_POSITIONS ?= 1000000
MOVEGEN_TREES ?= 20000
MOVEGEN_DEPTH ?= 3

$(BUILD)/movegen: tests/oracles/movegen.c tests/oracles/bitboard.c tests/oracles/bitboard.h $(ENGINE_OBJ) $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -pthread -o "$@" "tests/oracles/movegen.c" "tests/oracles/bitboard.c" $(call q,$(ENGINE_OBJ))

TEST_PROGRAMS += $(BUILD)/movegen

# perft's speed: a benchmark, not a test (tests/tools/bench; BENCH_RUNS, BENCH_DEPTHS).
.PHONY: bench
bench: $(BUILD)/reference ## perft's leaves/s: depths 11 and 13, start and two king positions, alone and with table+threads
	@tests/tools/bench "$(BUILD)/reference"

.PHONY: movegen
movegen: $(BUILD)/movegen ## reference vs bitboard generator: MOVEGEN_POSITIONS move lists, MOVEGEN_TREES perft trees
	@"$(BUILD)/movegen" random $(MOVEGEN_POSITIONS) $(SEED)
	@"$(BUILD)/movegen" tree $(MOVEGEN_TREES) $(SEED) $(MOVEGEN_DEPTH)
	@"$(BUILD)/movegen" start 10 | tail -n 1

# tests/oracles/pdn_replay.c: a second PDN reader on the bitboard generator, for
# tests/pdn.bats to hold `reference pdn`'s verdicts on real game files to.
$(BUILD)/pdn_replay: tests/oracles/pdn_replay.c tests/oracles/bitboard.c tests/oracles/bitboard.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" "tests/oracles/pdn_replay.c" "tests/oracles/bitboard.c"

TEST_PROGRAMS += $(BUILD)/pdn_replay

# ==================== lib: the rules for other C programs ====================
# reference/checkers.h is the library's one header (every name ck_ or CK_),
# reference/library.c its functions over the rules.  The library's objects
# are compiled apart (position-independent, hidden but what the header marks
# CK_API, each function in a section of its own) and linked twice: into one
# object whose only global names are the header's functions (ld -r keeps
# what they reach, objcopy makes the rest local), the archive's one member;
# and into the shared library, soname libcheckers.so.MAJOR (MAJOR.MINOR
# while MAJOR is 0: a 0.x minor may change the interface).  The CLI's
# commands are reached by nothing the header declares, so none is linked in.
# The version is the header's CK_VERSION, written once.
LIB_DIR     := $(BUILD)/lib
LIB_PIC     := $(call ref_obj,$(LIB_DIR)/obj,$(CK_SRC))
LIB_FLAGS   := -fPIC -fvisibility=hidden -ffunction-sections -fdata-sections
LIB_VERSION := $(shell sed -n 's/^\#define CK_VERSION "\(.*\)"$$/\1/p' reference/checkers.h)
LIB_MAJOR   := $(firstword $(subst ., ,$(LIB_VERSION)))
LIB_SONAME  := libcheckers.so.$(if $(filter 0,$(LIB_MAJOR)),$(basename $(LIB_VERSION)),$(LIB_MAJOR))
LIB_SO      := $(LIB_DIR)/libcheckers.so.$(LIB_VERSION)
LIB_FILES   := $(LIB_DIR)/libcheckers.a $(LIB_SO) $(LIB_DIR)/include/checkers.h

.PHONY: lib
lib: ## the rules as a C library: build/lib/libcheckers.a, libcheckers.so and include/checkers.h
	@$(NEEDS) lib
	@$(SUBMAKE) files FILES="$(LIB_FILES)"

$(LIB_DIR)/obj/%.o: reference/%.c reference/*.h $(CC_STAMP)
	@mkdir -p "$(@D)"
	$(atomic) $(CC) $(CFLAGS) $(SAN) $(LIB_FLAGS) -c -o "$@" "$<"

# The names the library exports: the functions checkers.h declares CK_API,
# each with the prefix (else the build stops, naming it).  The shared
# library's version script says the same: these global, all else local.
$(LIB_DIR)/symbols: reference/checkers.h
	@mkdir -p "$(@D)"
	sed -n 's/^CK_API .*[ *]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' "$<" > "$@.tmp"
	@if grep -v '^ck_' "$@.tmp" > "$@.bad"; then \
	    echo "$<: every name of the library starts with ck_, not: $$(tr '\n' ' ' < "$@.bad")" >&2; rm -f "$@.tmp" "$@.bad"; exit 1; fi
	@rm -f "$@.bad" && mv "$@.tmp" "$@"

$(LIB_DIR)/exports.map: $(LIB_DIR)/symbols
	{ echo '{ global:'; sed 's/$$/;/' "$<"; echo 'local: *; };'; } > "$@.tmp.$$$$" && mv -f "$@.tmp.$$$$" "$@"

$(LIB_DIR)/checkers.o: $(LIB_DIR)/symbols $(LIB_PIC)
	$(LD) -r --gc-sections $$(sed 's/^/-u /' "$(LIB_DIR)/symbols") -o "$@.tmp" $(call q,$(LIB_PIC))
	$(atomic) objcopy --keep-global-symbols="$(LIB_DIR)/symbols" "$@.tmp" "$@"
	rm -f "$@.tmp"

$(LIB_DIR)/libcheckers.a: $(LIB_DIR)/checkers.o
	$(atomic) ar rcs "$@" "$<"

$(LIB_SO): $(LIB_PIC) $(LIB_DIR)/exports.map
	$(atomic) $(CC) $(CFLAGS) $(SAN) -shared -pthread -Wl,-soname,$(LIB_SONAME) -Wl,--gc-sections \
	    -Wl,--version-script="$(LIB_DIR)/exports.map" -o "$@" $(call q,$(LIB_PIC))
	ln -sf "$(@F)" "$(@D)/$(LIB_SONAME)"
	ln -sf "$(LIB_SONAME)" "$(@D)/libcheckers.so"

$(LIB_DIR)/include/checkers.h: reference/checkers.h
	@mkdir -p "$(@D)"
	$(atomic) cp "$<" "$@"

# make install, make uninstall (reference/install.sh): GNU's PREFIX, LIBDIR,
# INCLUDEDIR, DESTDIR (and the lowercase prefix, libdir, includedir of
# GNU's coding standards), PKGCONFIGDIR, handed to the script through the
# environment so a path may hold any character.  A relative PREFIX is made
# absolute from the checkout; a relative LIBDIR, INCLUDEDIR or PKGCONFIGDIR
# is under PREFIX.  The pkg-config file names them (not DESTDIR: a staged
# install is moved to PREFIX), escaped as pkg-config reads them.  ldconfig
# runs where it applies (LDCONFIG: which one).
PREFIX       ?= /usr/local
LIBDIR       ?=
INCLUDEDIR   ?=
PKGCONFIGDIR ?=
DESTDIR      ?=
LDCONFIG     ?= ldconfig
.PHONY: install uninstall install-files
install: ## install checkers.h, libcheckers.a, libcheckers.so and checkers.pc: PREFIX (/usr/local), LIBDIR, INCLUDEDIR, PKGCONFIGDIR, DESTDIR
	@$(NEEDS) lib
	@$(SUBMAKE) install-files

install-files uninstall: export CK_PREFIX = $(or $(prefix),$(PREFIX))
install-files uninstall: export CK_LIBDIR = $(or $(libdir),$(LIBDIR))
install-files uninstall: export CK_INCLUDEDIR = $(or $(includedir),$(INCLUDEDIR))
install-files uninstall: export CK_PKGCONFIGDIR = $(PKGCONFIGDIR)
install-files uninstall: export CK_DESTDIR = $(DESTDIR)
install-files uninstall: export CK_LDCONFIG = $(LDCONFIG)
install-files uninstall: export CK_LIB_DIR = $(LIB_DIR)
install-files uninstall: export CK_VERSION = $(LIB_VERSION)
install-files uninstall: export CK_SONAME = $(LIB_SONAME)
install-files: $(LIB_FILES) ## make install without its check of the machine
	@"reference/install.sh" install

uninstall: ## remove what make install installed, saying each, and the directories it made once empty (the same PREFIX...)
	@"reference/install.sh" uninstall

# tests/oracles/lib_example.c, an engine of its own linked with the archive
# (the README's examples run it; tests/library.bats builds it as users do).
$(BUILD)/lib_example: tests/oracles/lib_example.c $(LIB_FILES)
	$(CC) $(CFLAGS) $(SAN) -I"$(LIB_DIR)/include" -o "$@" "tests/oracles/lib_example.c" "$(LIB_DIR)/libcheckers.a" -pthread

TEST_PROGRAMS += $(BUILD)/lib_example $(LIB_FILES)

# ==================== verify: golf == reference, everywhere ====================
# tests/oracles/verify.c linked with every matrix build of the golf: in each build
# every golf symbol but f is made local and f renamed golf_<id>, so the
# builds cannot clash, and builds.c lists them (tests/oracles/golf_builds.h), so
# verify.o does not depend on the matrix.  `make verify GOLF=file` checks
# another golf source (in GOLF_DIR/verify, or VERIFY_OUT=dir; the source is
# copied in, so GOLF may be any path, spaces and all).  VERIFY_ARGS passes
# --quick, --sample N, --random N, --seed S, --jobs J, --stall S, --all.
VERIFY_OUT  := $(GOLF_DIR)/verify
VERIFY_ARGS :=

.PHONY: verify verify-build
verify: ## golf == reference: exhaustive near the mover, 2e7 random, every matrix build (GOLF=file)
	@$(NEEDS) verify
	@$(SUBMAKE) files FILES="$(VERIFY_OUT)/verify"
	@$(sandbox_env) "tests/tools/sandbox" $(VERIFY_SANDBOX) "$(VERIFY_OUT)/verify" $(VERIFY_ARGS)
# verify's workers (up to 16 processes) may run for minutes.
VERIFY_SANDBOX := --procs 64 --cpu 3600

verify-build: ## build the verify program only (GOLF=file, VERIFY_OUT=dir)
	@$(NEEDS) verify
	@+$(SUBMAKE) files FILES="$(VERIFY_OUT)/verify"

# These two are rewritten only when their content changes, like a stamp.
$(VERIFY_OUT)/golf.c: FORCE
	@"tests/tools/golf-copy" "$(GOLF)" "$@"

$(VERIFY_OUT)/builds.c: FORCE
	@mkdir -p "$(@D)"
	@tmp=$$(mktemp "$@.XXXXXX") && { \
	echo '/* Written by the Makefile from GOLF_MATRIX. */'; echo '#include "golf_builds.h"'; \
	printf 'int golf_%s(int *, int *, int, int);\n' $(foreach e,$(GOLF_MATRIX),$(subst -,_,$(call golf_id,$e))); \
	echo 'const golf_build golf_builds[] = {'; \
	printf '    {"%s", golf_%s},\n' $(foreach e,$(GOLF_MATRIX),"$(subst :, ,$e)" $(subst -,_,$(call golf_id,$e))); \
	echo '};'; echo 'const int golf_build_count = $(words $(GOLF_MATRIX));'; } > "$$tmp" && \
	$(keep_if_changed)

$(VERIFY_OUT)/builds.o: $(VERIFY_OUT)/builds.c tests/oracles/golf_builds.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -Itests/oracles -c -o "$@" "$<"

define verify_build
$(VERIFY_OUT)/golf-$(call golf_id,$1).o: $(VERIFY_OUT)/golf.c golf/flags $(STAMPS)/golf-$(call golf_id,$1)
	$(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(SAN) -c -o "$$@.tmp" "$$<" $$(golf_quiet)
	$$(call golf_names_f,$$@.tmp)
	objcopy --keep-global-symbol=f "$$@.tmp"
	$$(atomic) objcopy --redefine-sym f=golf_$(subst -,_,$(call golf_id,$1)) "$$@.tmp" "$$@"
	rm -f "$$@.tmp"
endef
$(foreach e,$(GOLF_MATRIX),$(eval $(call verify_build,$e)))

$(BUILD)/verify.o: tests/oracles/verify.c tests/oracles/golf_builds.h tests/oracles/rows.h reference/rules.h reference/board.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -c -o "$@" "$<"

$(VERIFY_OUT)/verify: $(BUILD)/verify.o $(VERIFY_OUT)/builds.o $(GOLF_IDS:%=$(VERIFY_OUT)/golf-%.o) $(RULES_OBJ)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" $(call q,$^)

TEST_PROGRAMS += $(VERIFY_OUT)/verify

# ==================== prove: golf == reference, by z3 ====================
# tests/prove/ turns the golf's LLVM IR (each clang PROVE_BUILDS entry,
# golf's flags), or its machine code (each gcc entry: tests/prove/x86.py
# reads the object), and the reference's (at PROVE_REF_LEVEL, through
# tests/prove/shim.c)
# into z3 formulas and proves them equal on every valid input (tests/README.md, make
# prove).  Each build's protocol driver is linked from the same IR or object, to
# replay a counterexample.  `make prove GOLF=file` proves another golf
# (PROVE_OUT=dir keeps its build apart; the source is copied in, so GOLF may
# be any path).  PROVE_ARGS passes --starts LIST, --jobs N; `make
# prove-check` tests the model against the compiled programs
# (PROVE_POSITIONS random positions).  The builds proved are, by default,
# every build of the golf's matrix: "proved" covers each build a user makes.
PROVE_BUILDS    ?= $(GOLF_MATRIX) $(SITE_BUILDS)
PROVE_OUT       := $(GOLF_DIR)/prove
PROVE_ARGS      :=
PROVE_POSITIONS ?= 100000
PROVE_REF_CC    := clang-19
PROVE_REF_LEVEL := -O1
PROVE_IDS       := $(foreach e,$(PROVE_BUILDS),$(call golf_id,$e))
# The reference's sources but its CLI and perft (LIB_SRC), and the shim: IR
# only for what the shim calls is ever read.
PROVE_REF_SRC   := $(LIB_SRC)
PROVE_REF_LL    := $(BUILD)/prove-ref/shim.ll $(patsubst reference/%.c,$(BUILD)/prove-ref/%.ll,$(PROVE_REF_SRC))
# ==================== The site's program ====================
# What Attempt This Online runs (the post and its footer: golf/post/):
# one file, /ATO/code.c, the golf, a line feed and the post's footer
# (golf/post/footer.c), compiled and linked by Arch's current gcc with the
# post's flags (golf/flags) and no -O.  Arch configures its gcc with
# --enable-default-pie and --enable-default-ssp (its gcc PKGBUILD), which
# plain `gcc` turns into -fPIE -pie and -fstack-protector-strong; Debian's
# gcc defaults to PIE but not to the protector, so both are given as
# flags, and -O0 too, which is gcc's default.  The compilers are Debian
# unstable's gcc-14, gcc-15 and gcc-16 in a root under the build tree
# (tests/tools/site-root: made once, a few minutes; entered with chroot or
# a user namespace).  A site build is an entry site-gcc-V:-O0 of
# PROVE_BUILDS: the proof lifts the very object its program links, and its
# replays link that object's f (main and the footer's data made local)
# with the protocol driver.
SITE_ROOT   := $(BUILD)/site-root
SITE_GCCS   ?= 14 15 16
SITE_BUILDS := $(foreach v,$(SITE_GCCS),site-gcc-$v:-O0)
SITE_FLAGS  := -O0 -fPIE -pie -fstack-protector-strong
SITE_DIR    := $(GOLF_DIR)/site
site_gcc     = $(patsubst site-%,%,$(call golf_cc,$1))
prove_site   = $(filter site-%,$(call golf_cc,$1))

$(SITE_ROOT).stamp:
	@"tests/tools/site-root" "$(SITE_ROOT)" make

.PHONY: site-root
site-root: ## make the site's compilers once: Debian unstable's gcc-14, gcc-15, gcc-16 in $(BUILD)/site-root (as root, or a user with mmdebstrap)
	@"tests/tools/site-root" "$(SITE_ROOT)" make

# The site's file: the candidate's own bytes (not the #line copy), a line
# feed, the footer, as the site joins them.
$(SITE_DIR)/code.c: $(GOLF_SRC) golf/post/footer.c
	@mkdir -p "$(@D)"
	@{ $(if $(filter golf/checkers.c,$(GOLF_SRC)),cat "$<",tail -n +2 "$<") && printf '\n' && cat "golf/post/footer.c"; } > "$@.tmp" && mv -f "$@.tmp" "$@"

define site_build
$(SITE_DIR)/$1.o: $(SITE_DIR)/code.c golf/flags $(SITE_ROOT).stamp
	"tests/tools/site-root" "$(SITE_ROOT)" build $1 "$$<" "$$@" "$(SITE_DIR)/$1" $$(GOLF_FLAGS) $$(SITE_FLAGS)
# The footer alone, by the same compiler and flags: what the site's footer
# must still be in the site's object (tests/prove/site.py).
$(SITE_DIR)/footer-$1.o: golf/post/footer.c golf/flags $(SITE_ROOT).stamp
	@mkdir -p "$$(@D)"
	"tests/tools/site-root" "$(SITE_ROOT)" build $1 "$$<" "$$@" - $$(GOLF_FLAGS) $$(SITE_FLAGS)
$(SITE_DIR)/$1-f.o: $(SITE_DIR)/$1.o
	objcopy --keep-global-symbol=f "$$<" "$$@"
endef
$(foreach e,$(filter site-%,$(PROVE_BUILDS)),$(eval $(call site_build,$(call site_gcc,$e))))

# -O0 is C's own operations one for one: a broken nsw flag is C's undefined
# behaviour there; optimized IR follows LLVM's poison rules (tests/prove/sym.py).
prove_rule = $(if $(filter -O0,$(call golf_level,$1)),strict,llvm)
# A clang entry is read as its IR (.ll); any other compiler's (gcc's) as the
# machine code of its object (.o), which tests/prove/x86.py reads.  The
# machine code has no poison flags: garbage counts where LLVM's poison does.
prove_ir = $(findstring clang,$(notdir $(call golf_cc,$1)))
# A gcc build's proof reads the matrix's own object, $(GOLF_DIR)/golf-ID.o:
# the very file the judge's programs link (tests/prove/README.md, one object).
prove_src = $(if $(call prove_ir,$1),$(PROVE_OUT)/golf-$(call golf_id,$1).ll,$(if $(call prove_site,$1),$(SITE_DIR)/$(call site_gcc,$1).o,$(GOLF_DIR)/golf-$(call golf_id,$1).o))
PROVE_CMD = $(sandbox_env) "$(PYTHON)" "tests/prove/prove.py" --reference "$(BUILD)/reference" --reference-ll $(call q,$(PROVE_REF_LL)) \
	$(foreach e,$(PROVE_BUILDS),--build "$(call golf_cc,$e) $(call golf_level,$e)" $(if $(call prove_ir,$e),$(call prove_rule,$e),llvm) \
	    "$(call prove_src,$e)" "$(PROVE_OUT)/golf-$(call golf_id,$e)") $(PROVE_TRUST) \
	$(foreach e,$(filter site-%,$(PROVE_BUILDS)),--site "$(call site_gcc,$e)" "$(SITE_DIR)/$(call site_gcc,$e).o" \
	    "$(SITE_DIR)/footer-$(call site_gcc,$e).o" "$(SITE_DIR)/$(call site_gcc,$e)") \
	$(if $(filter site-%,$(PROVE_BUILDS)),--site-root "$(SITE_ROOT)") --timeout $(PROVE_TIMEOUT)
# The time the proof may take, every run's (with or without PROVE_TRUST's
# checks): ten minutes, the bound a right design is held to on two idle
# cores (tests/prove/README.md); past it "unproved: no verdict", naming the
# starts still open.
PROVE_TIMEOUT         ?= 600
# What make prove checks beside the proof (tests/prove/trust.py): f's
# signature against the driver's prototype, the golf objects' external names
# against what they are linked with, the compilers' diagnostics for undefined
# behaviour (PROVE_DIAG_CC), UBSan over PROVE_UBSAN_POSITIONS of the
# differential's positions (each PROVE_UBSAN build).
PROVE_DIAG_CC         ?= gcc clang-19
PROVE_UBSAN           ?= gcc:-O0 gcc:-O2 clang-19:-O0 clang-19:-O2
PROVE_UBSAN_POSITIONS ?= 1000000
PROVE_UBSAN_FLAGS     := -fsanitize=undefined -fno-sanitize-recover=undefined
PROVE_TRUST = --source "$(GOLF)" --source-copy "$(GOLF_SRC)" --log "$(PROVE_OUT)/golf.c.warnings" --driver-source "golf/driver.c" --footer "golf/post/footer.c" \
	--golf-flags="$(GOLF_FLAGS)" --diag-cc $(call q,$(PROVE_DIAG_CC)) \
	--golf-objects $(call q,$(PROVE_GOLF_OBJECTS)) \
	$(foreach e,$(PROVE_UBSAN),--ubsan "$(call golf_cc,$e) $(call golf_level,$e)" "$(PROVE_OUT)/differential-ubsan-$(call golf_id,$e)") \
	--ubsan-positions $(PROVE_UBSAN_POSITIONS)

.PHONY: prove prove-build prove-check
prove: ## golf == reference on every valid input, proved by z3 from clang's IR and gcc's machine code (GOLF=file, PROVE_BUILDS)
	@$(NEEDS) prove
	@$(SUBMAKE) -j$(JOBS) files FILES=prove-build
	@$(PROVE_MAIN_OBJECT)
	@$(MAKE) --no-print-directory prove-run

prove-check: ## the proof's model against the compiled programs on PROVE_POSITIONS random positions
	@$(NEEDS) prove
	@$(SUBMAKE) -j$(JOBS) files FILES=prove-build
	@$(MAKE) --no-print-directory prove-run PROVE_CHECK="$(PROVE_POSITIONS)"

# The proof in a make of its own, after the check above: a make expands a
# recipe whole before it runs its first line, so PYTHON (the first python3
# that imports z3) chosen in the recipe of make prove would be chosen
# before the check installed python3-z3, and the first run after the
# install would fail with a python3 that cannot see it.
PROVE_CHECK :=
prove-run: ## make prove's proof (or PROVE_CHECK=N, the model's check) alone: no check of the machine, no build
	@$(PROVE_CMD) $(if $(PROVE_CHECK),--check $(PROVE_CHECK)) $(PROVE_ARGS)

# Every object of the golf the judge's programs link: each must hold
# exactly f (tests/prove/allow.py).  The main build's, checkers.o, exists
# only when f has the driver's signature (its rule checks it): made here,
# or removed, so that no older one is read (prove.py skips it if absent;
# the signature check beside the proof names the problem).
PROVE_GOLF_OBJECTS = $(foreach e,$(filter-out site-%,$(PROVE_BUILDS)),$(GOLF_DIR)/golf-$(call golf_id,$e).o) $(GOLF_DIR)/checkers.o
PROVE_MAIN_OBJECT = $(SUBMAKE) files FILES="$(GOLF_DIR)/checkers.o" > /dev/null 2>&1 || rm -f "$(GOLF_DIR)/checkers.o"

prove-build: $(PROVE_IDS:%=$(PROVE_OUT)/golf-%) $(foreach e,$(PROVE_BUILDS),$(call prove_src,$e)) $(foreach e,$(filter site-%,$(PROVE_BUILDS)),$(SITE_DIR)/footer-$(call site_gcc,$e).o) $(PROVE_REF_LL) $(BUILD)/reference $(foreach e,$(PROVE_UBSAN),$(PROVE_OUT)/differential-ubsan-$(call golf_id,$e)) ## the IR and objects make prove reads (GOLF=file, PROVE_OUT=dir)

# One object: a build's replays run the driver linked with the matrix's
# object, $(GOLF_DIR)/golf-ID.o, which is what a gcc build's proof reads;
# a clang build's proof reads the IR of the same source, flags and compiler.
define prove_build
ifneq ($(call prove_ir,$1),)
$(STAMPS)/prove-$(call golf_id,$1): export STAMP = $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) -S -emit-llvm
$(PROVE_OUT)/golf-$(call golf_id,$1).ll: $(GOLF_SRC) golf/flags $(STAMPS)/prove-$(call golf_id,$1)
	@mkdir -p "$$(@D)"
	$$(atomic) $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) -S -emit-llvm -o "$$@" "$$<" $$(golf_quiet)
endif
$(PROVE_OUT)/golf-$(call golf_id,$1): $(BUILD)/driver.o $(if $(call prove_site,$1),$(SITE_DIR)/$(call site_gcc,$1)-f.o,$(GOLF_DIR)/golf-$(call golf_id,$1).o) $(REF_LIB)
	@mkdir -p "$$(@D)"
	$$(atomic) $$(CC) $$(CFLAGS) $$(SAN) -o "$$@" $$(call q,$$^)
endef
$(foreach e,$(PROVE_BUILDS),$(eval $(call prove_build,$e)))
# A build proved but not in the matrix gets the matrix's rule for its object.
$(foreach e,$(filter-out $(GOLF_MATRIX) site-%,$(PROVE_BUILDS)),$(eval $(call golf_build,$e)))

# The golf with UBSan, in the differential (make prove's UBSan check).
define prove_ubsan
$(STAMPS)/prove-ubsan-$(call golf_id,$1): export STAMP = $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(PROVE_UBSAN_FLAGS)
$(PROVE_OUT)/ubsan-$(call golf_id,$1).o: $(GOLF_SRC) golf/flags $(STAMPS)/prove-ubsan-$(call golf_id,$1)
	@mkdir -p "$$(@D)"
	$$(atomic) $(call golf_cc,$1) $(call golf_level,$1) $$(GOLF_FLAGS) $$(PROVE_UBSAN_FLAGS) -c -o "$$@" "$$<" $$(golf_quiet)
$(PROVE_OUT)/differential-ubsan-$(call golf_id,$1): $(DIFF_LIB) $(PROVE_OUT)/ubsan-$(call golf_id,$1).o
	$$(atomic) $(call golf_cc,$1) $$(PROVE_UBSAN_FLAGS) -o "$$@" $$(call q,$$^)
endef
$(foreach e,$(PROVE_UBSAN),$(eval $(call prove_ubsan,$e)))

$(STAMPS)/prove-ref: export STAMP = $(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm

$(BUILD)/prove-ref/%.ll: reference/%.c reference/*.h $(STAMPS)/prove-ref
	@mkdir -p "$(@D)"
	$(atomic) $(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm -o "$@" "$<"

$(BUILD)/prove-ref/shim.ll: tests/prove/shim.c reference/*.h $(STAMPS)/prove-ref
	@mkdir -p "$(@D)"
	$(atomic) $(PROVE_REF_CC) $(PROVE_REF_LEVEL) -std=c11 -S -emit-llvm -o "$@" "$<"

# tests/prove.bats runs make prove (and on mutants, with the same reference).
TEST_PROGRAMS += $(foreach e,$(filter-out site-%,$(PROVE_BUILDS)),$(PROVE_OUT)/golf-$(call golf_id,$e)) $(PROVE_REF_LL)

# The instructions the C library's memset and memcpy execute, against the
# proof's allowance (tests/prove/checks/libc_count.c): a PIE that calls
# them through its PLT, bound lazily (-z lazy) as a golf's program is.
# Never with $(SAN): ASan puts its own memset and memcpy in their place.
$(BUILD)/libc_count: tests/prove/checks/libc_count.c tests/prove/checks/stepped.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) -fPIE -pie -Wl,-z,lazy -o "$@" "$<"
TEST_PROGRAMS += $(BUILD)/libc_count

# The instructions libgcc's __popcountdi2 executes, against the proof's
# allowance (tests/prove/checks/libgcc_count.c): a PIE linked by gcc's
# driver as the site's program is, libgcc's routine from its static archive.
$(BUILD)/libgcc_count: tests/prove/checks/libgcc_count.c tests/prove/checks/stepped.h $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) -fPIE -pie -o "$@" "$<"
TEST_PROGRAMS += $(BUILD)/libgcc_count

# ==================== submit: the answer post ====================
# golf/post/permalink.c makes and reads Attempt This Online and Try It Online
# links offline, with zlib's deflate (Debian package zlib1g-dev); the post
# shows a golf that is not printable text as an xxd dump (package xxd).  The post
# is remade whenever the golf, its flags, its footer or its twin changes, so
# its byte count is always the file's.
$(BUILD)/permalink: golf/post/permalink.c $(CC_STAMP)
	$(atomic) $(CC) $(CFLAGS) $(SAN) -o "$@" "$<" -lz

# The post is written to a temporary file in $(BUILD)/tmp and moved in
# whole, or removed: a refused post leaves nothing behind.
$(GOLF_DIR)/answer.md: golf/post/answer.sh $(GOLF_SRC) golf/flags golf/post/footer.c golf/ungolfed.c $(BUILD)/permalink
	@tmp=$$(mktemp "$(TMPDIR)/answer.XXXXXX") && \
	{ PERMALINK="$(BUILD)/permalink" CHECKED="$(SUBMIT_CHECKED)" "golf/post/answer.sh" "$(GOLF)" > "$$tmp" && mv "$$tmp" "$@"; } || \
	{ rm -f "$$tmp"; exit 1; }

# make submit posts only a golf that passes the table, the differential
# over the matrix and the proof (make judge); an earlier post is removed
# first, so no old post stays to look new.  Where the proof's needs are
# missing it refuses, unless SUBMIT_UNPROVED=1: the post then says what
# was checked.
SUBMIT_UNPROVED ?=
SUBMIT_CHECKED  :=
.PHONY: submit
submit: ## judge the golf, then write build/answer.md: the post, with ATO and TIO links that run its bytes (GOLF=file)
	@$(NEEDS) submit
	@$(NEEDS) judge
	@rm -f "$(GOLF_DIR)/answer.md"
	@$(JUDGE); status=$$?; \
	if [ $$status -eq 3 ] && [ -n "$(SUBMIT_UNPROVED)" ]; then \
	    echo "$(MAKE_TYPED): posting unproved (SUBMIT_UNPROVED is set); the post says what was checked"; \
	    $(SUBMAKE) "$(GOLF_DIR)/answer.md" \
	        SUBMIT_CHECKED="$$(cat "$(GOLF_DIR)/judge.checked")" || exit 1; \
	elif [ $$status -ne 0 ]; then \
	    echo "$(MAKE_TYPED): no post: $$(cat "$(GOLF_DIR)/judge.verdict" 2> /dev/null)$$([ $$status -eq 3 ] && echo '; SUBMIT_UNPROVED=1 posts it unproved')" >&2; exit 1; \
	else $(SUBMAKE) "$(GOLF_DIR)/answer.md" || exit 1; fi
	@echo "$(GOLF_DIR)/answer.md: $$(head -n 1 "$(GOLF_DIR)/answer.md")"

TEST_PROGRAMS += $(BUILD)/permalink $(GOLF_DIR)/answer.md

# ==================== fuzz: the parser and rules under libFuzzer ====================
# tests/fuzz/fuzz_line.c feeds any bytes to the parser, the batch loop, the rules
# and everything --show, --explain and --moves print, and to the game's FEN
# and move parsers and its batch (every position checked against the bitboard
# generator).  `make fuzz` seeds it from cases.tsv (one file per row, and
# batches of four rows), from tests/fixtures/games.tsv (one file per game) and the
# curated tests/fuzz/corpus; what it finds stays in $(BUILD).  It makes exactly
# FUZZ_RUNS runs, so it passes or fails on what it finds, never on the
# machine's speed; the time is reported beside.  Inputs may be as long as
# FUZZ_MAX_LEN (1 MiB: no cap that hides a fault of size, such as a line or
# a record past a 4 kB piece; libFuzzer lengthens them as coverage asks),
# and libFuzzer's comparison hints (trace-cmp) go only where input
# bytes are compared, the parsers: on the rules they cost three times the run
# time and find nothing.
FUZZ_FLAGS ?= -std=c11 -g -O2 -Wall -Wextra -pedantic -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_NOCMP := -fno-sanitize-coverage=trace-cmp
FUZZ_RUNS  ?= 1000000
FUZZ_MAX_LEN ?= 1048576
# The library's modules, built for libFuzzer: each fuzzer links them all
# (with the interface, library.c, which the game and moves batches call),
# and the batch loop of the command it drives (cmd_game.c, cmd_moves.c).
FUZZ_LIB   := $(call ref_obj,$(BUILD)/fuzz,$(CK_SRC))
FUZZ_OBJ   := $(BUILD)/fuzz/fuzz_line.o $(FUZZ_LIB) $(BUILD)/fuzz/cmd_game.o $(BUILD)/fuzz/bitboard.o

$(STAMPS)/fuzz: export STAMP = $(FUZZ_CC) $(FUZZ_FLAGS)

$(BUILD)/fuzz/%.o: reference/%.c reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) $(if $(filter line notation,$*),,$(FUZZ_NOCMP)) -c -o "$@" "$<"

$(BUILD)/fuzz/fuzz_line.o: tests/fuzz/fuzz_line.c tests/oracles/bitboard.h reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -Ireference -Itests/oracles -c -o "$@" "$<"

# The bitboard generator, to check every position a fuzz input spells.
$(BUILD)/fuzz/bitboard.o: tests/oracles/bitboard.c tests/oracles/bitboard.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -c -o "$@" "$<"

$(BUILD)/fuzz_line: $(FUZZ_OBJ)
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -o "$@" $(call q,$^)

# fuzz_run NAME,PROGRAM,DIRS,LIMIT,LEAST: the libFuzzer PROGRAM over DIRS
# (its corpus first) until LIMIT (-runs=N, or -max_total_time=S), inputs
# up to FUZZ_MAX_LEN, its log in $(BUILD)/NAME.log and what it finds at
# $(BUILD)/NAME-*; says "NAME: N runs in T s, exit S", and fails on a
# finding or on fewer than LEAST runs.
define fuzz_run
start=$$(date +%s.%N); \
"$2" $4 -max_len=$(FUZZ_MAX_LEN) -timeout=10 -close_fd_mask=2 -print_final_stats=1 \
    -artifact_prefix="$(BUILD)/$1-" $3 > "$(BUILD)/$1.log" 2>&1; status=$$?; \
secs=$$(awk -v a="$$start" -v b="$$(date +%s.%N)" 'BEGIN { print b - a }'); \
runs=$$(sed -n 's/^stat::number_of_executed_units: *//p' "$(BUILD)/$1.log"); \
printf '$1: %s runs in %.1f s, exit %d (log: %s)\n' "$${runs:-0}" "$$secs" $$status "$(BUILD)/$1.log"; \
if [ $$status -ne 0 ]; then tail -n 30 "$(BUILD)/$1.log"; exit 1; fi; \
[ "$${runs:-0}" -ge $5 ] || { echo "$1: stopped after $${runs:-0} runs, fewer than $5"; exit 1; }
endef

# Two fuzz runs at once in one tree take turns (the seeds, the corpus and
# the log whose run count is read are shared).
fuzz_lock = flock "$(BUILD)/.fuzz.lock"

# Each fuzzer's seeds, made afresh in $(BUILD)/NAME-seeds, and its corpus
# (kept) in $(BUILD)/NAME-corpus.
.PHONY: fuzz-seeds fuzz-pdn-seeds fuzz-api-seeds
fuzz-seeds: ## the seeds make fuzz starts from: cases.tsv rows and games (in the build tree)
	@rm -rf "$(BUILD)/fuzz-seeds" && mkdir -p "$(BUILD)/fuzz-seeds" "$(BUILD)/fuzz-corpus"
	@grep -v '^#' cases.tsv | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("row-%03d", NR) }')
	@grep -v '^#' cases.tsv | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("batch-%02d", int((NR - 1) / 4)) }')
	@grep -v '^#' tests/fixtures/games.tsv | cut -f1,2 | (cd "$(BUILD)/fuzz-seeds" && awk '{ print > sprintf("game-%03d", NR) }')

fuzz-pdn-seeds: ## the seeds make fuzz-pdn starts from: each record of tests/fixtures/pdn (in the build tree)
	@rm -rf "$(BUILD)/fuzz-pdn-seeds" && mkdir -p "$(BUILD)/fuzz-pdn-seeds" "$(BUILD)/fuzz-pdn-corpus"
	@awk 'BEGIN { RS = "" } { print > sprintf("%s/record-%04d", dir, NR) }' dir="$(BUILD)/fuzz-pdn-seeds" tests/fixtures/pdn/*.pdn

# fuzz_api's: its curated seeds, and each PDN record behind the byte of each
# PDN harness (15-19, fuzz_api.c's table) and a byte 2.
fuzz-api-seeds: ## the seeds make fuzz-api starts from (in the build tree)
	@rm -rf "$(BUILD)/fuzz-api-seeds" && mkdir -p "$(BUILD)/fuzz-api-seeds" "$(BUILD)/fuzz-api-corpus"
	@awk 'BEGIN { RS = "" } { for (h = 15; h <= 19; h++) { f = sprintf("%s/pdn-%d-%04d", dir, h, NR); printf "%c%c%s\n", h, 2, $$0 > f; close(f) } }' \
	    dir="$(BUILD)/fuzz-api-seeds" tests/fixtures/pdn/*.pdn

.PHONY: fuzz fuzz-run
fuzz: ## fuzz parser and rules: exactly FUZZ_RUNS (10^6) runs, 0 findings; the time is reported
	@$(NEEDS) fuzz
	@mkdir -p "$(BUILD)" && $(fuzz_lock) $(MAKE) --no-print-directory fuzz-run

fuzz-run: $(BUILD)/fuzz_line fuzz-seeds ## make fuzz without its check of the machine
	@$(call fuzz_run,fuzz,$<,"$(BUILD)/fuzz-corpus" "$(BUILD)/fuzz-seeds" tests/fuzz/corpus,-runs=$(FUZZ_RUNS),$(FUZZ_RUNS))

TEST_PROGRAMS += $(BUILD)/fuzz_line

# tests/fuzz/fuzz_pdn.c: the PDN reader, the lenient FEN and the moves batch;
# seeded from tests/fixtures/pdn/ (one file each, and each record alone).
FUZZ_PDN_OBJ := $(BUILD)/fuzz/fuzz_pdn.o $(FUZZ_LIB) $(BUILD)/fuzz/command.o $(BUILD)/fuzz/cmd_moves.o

$(BUILD)/fuzz/fuzz_pdn.o: tests/fuzz/fuzz_pdn.c reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_NOCMP) -Ireference -c -o "$@" "$<"

$(BUILD)/fuzz_pdn: $(FUZZ_PDN_OBJ)
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -o "$@" $(call q,$^)

.PHONY: fuzz-pdn fuzz-pdn-run
fuzz-pdn: ## fuzz the PDN reader: exactly FUZZ_RUNS runs, 0 findings; the time is reported
	@$(NEEDS) fuzz
	@mkdir -p "$(BUILD)" && $(fuzz_lock) $(MAKE) --no-print-directory fuzz-pdn-run

fuzz-pdn-run: $(BUILD)/fuzz_pdn fuzz-pdn-seeds ## make fuzz-pdn without its check of the machine
	@$(call fuzz_run,fuzz-pdn,$<,"$(BUILD)/fuzz-pdn-corpus" "$(BUILD)/fuzz-pdn-seeds",-runs=$(FUZZ_RUNS),$(FUZZ_RUNS))

TEST_PROGRAMS += $(BUILD)/fuzz_pdn

# tests/fuzz/fuzz_api.c: every public function of checkers.h, a harness
# each, on hostile structs, NULLs and strings; seeded from
# tests/fuzz/corpus-api (a seed for each harness, and the faults found
# before: n 13, INT_MIN landings, from 40, turn CK_EMPTY, a NULL text...)
# and the PDN records.
FUZZ_API_OBJ := $(BUILD)/fuzz/fuzz_api.o $(FUZZ_LIB)

$(BUILD)/fuzz/fuzz_api.o: tests/fuzz/fuzz_api.c reference/checkers.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -Ireference -c -o "$@" "$<"

$(BUILD)/fuzz_api: $(FUZZ_API_OBJ)
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -o "$@" $(call q,$^)

.PHONY: fuzz-api fuzz-api-run
fuzz-api: ## fuzz every public function of checkers.h: exactly FUZZ_RUNS runs, 0 findings; the time is reported
	@$(NEEDS) fuzz
	@mkdir -p "$(BUILD)" && $(fuzz_lock) $(MAKE) --no-print-directory fuzz-api-run

fuzz-api-run: $(BUILD)/fuzz_api fuzz-api-seeds ## make fuzz-api without its check of the machine
	@$(call fuzz_run,fuzz-api,$<,"$(BUILD)/fuzz-api-corpus" "$(BUILD)/fuzz-api-seeds" tests/fuzz/corpus-api,-runs=$(FUZZ_RUNS),$(FUZZ_RUNS))

TEST_PROGRAMS += $(BUILD)/fuzz_api

# tests/fuzz/fuzz_readers.c: the readers the other fuzzers do not feed
# whole: the command line (main.c, included, its main renamed: it links
# every command but runs none), the journal, --sum, --suite, --after, job
# ids, FEN and moves strict and lenient; seeded from
# tests/fuzz/corpus-readers.
FUZZ_READERS_OBJ := $(BUILD)/fuzz/fuzz_readers.o $(FUZZ_LIB) $(call ref_obj,$(BUILD)/fuzz,$(filter-out reference/main.c,$(REF_CLI)))

$(BUILD)/fuzz/fuzz_readers.o: tests/fuzz/fuzz_readers.c reference/*.c reference/*.h $(STAMPS)/fuzz
	@mkdir -p "$(@D)"
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -Ireference -c -o "$@" "$<"

$(BUILD)/fuzz_readers: $(FUZZ_READERS_OBJ)
	$(atomic) $(FUZZ_CC) $(FUZZ_FLAGS) -o "$@" $(call q,$^)

.PHONY: fuzz-readers fuzz-readers-run fuzz-readers-seeds
fuzz-readers: ## fuzz the command line, journal, --sum, --suite, --after, FEN and move readers: exactly FUZZ_RUNS runs, 0 findings
	@$(NEEDS) fuzz
	@mkdir -p "$(BUILD)" && $(fuzz_lock) $(MAKE) --no-print-directory fuzz-readers-run

fuzz-readers-seeds: ## the corpus folder make fuzz-readers grows (in the build tree)
	@mkdir -p "$(BUILD)/fuzz-readers-seeds" "$(BUILD)/fuzz-readers-corpus"

fuzz-readers-run: $(BUILD)/fuzz_readers fuzz-readers-seeds ## make fuzz-readers without its check of the machine
	@$(call fuzz_run,fuzz-readers,$<,"$(BUILD)/fuzz-readers-corpus" tests/fuzz/corpus-readers,-runs=$(FUZZ_RUNS),$(FUZZ_RUNS))

TEST_PROGRAMS += $(BUILD)/fuzz_readers

# make fuzz-ci, CI's fuzzing (.ci/run): every fuzzer in turn for
# FUZZ_CI_SECONDS seconds, from its seeds and corpus, 0 findings; then the
# public functions of checkers.h that fuzz_api's corpus reaches (libFuzzer's
# -print_coverage), each named with its edges covered, all of them or a
# failure.  A time, not a number of runs: CI's budget is minutes.  It ends
# "fuzz-ci: N passed, N failed", one a fuzzer and one for the API.
FUZZ_CI_SECONDS ?= 120
FUZZ_CI := fuzz:fuzz_line:fuzz-corpus,fuzz-seeds,tests/fuzz/corpus fuzz-pdn:fuzz_pdn:fuzz-pdn-corpus,fuzz-pdn-seeds \
    fuzz-api:fuzz_api:fuzz-api-corpus,fuzz-api-seeds,tests/fuzz/corpus-api \
    fuzz-readers:fuzz_readers:fuzz-readers-corpus,tests/fuzz/corpus-readers

.PHONY: fuzz-ci fuzz-ci-run
fuzz-ci: ## every fuzzer for FUZZ_CI_SECONDS (120) s each, 0 findings, every function of checkers.h reached (CI)
	@$(NEEDS) fuzz
	@mkdir -p "$(BUILD)" && $(fuzz_lock) $(MAKE) --no-print-directory fuzz-ci-run

fuzz-ci-run: $(foreach f,$(FUZZ_CI),$(BUILD)/$(word 2,$(subst :, ,$f)) $(word 1,$(subst :, ,$f))-seeds) ## make fuzz-ci without its check of the machine
	@passed=0 failed=0; \
	$(foreach f,$(FUZZ_CI),$(call fuzz_ci_one,$(subst :, ,$f))) \
	declared=$$(sed -n 's/^CK_API .*[ *]\(ck_[a-z0-9_]*\)(.*/\1/p' reference/checkers.h | sort -u); \
	"$(BUILD)/fuzz_api" -runs=0 -print_coverage=1 -close_fd_mask=2 "$(BUILD)/fuzz-api-corpus" tests/fuzz/corpus-api \
	    > "$(BUILD)/fuzz-api-coverage.log" 2>&1; \
	reached=$$(sed -n 's/^COVERED_FUNC: hits: [0-9]* edges: \([0-9]*\/[0-9]*\) \(ck_[a-z0-9_]*\) .*/\2 \1/p' \
	    "$(BUILD)/fuzz-api-coverage.log" | sort -u); \
	printf '%s\n' "$$reached" | cut -d' ' -f1 > "$(BUILD)/fuzz-api-reached"; \
	missing=$$(printf '%s\n' "$$declared" | grep -vxF -f "$(BUILD)/fuzz-api-reached" | paste -sd' '); \
	echo "fuzz-ci: the public API, $$(printf '%s\n' "$$reached" | grep -c .) of $$(printf '%s\n' "$$declared" | grep -c .) functions reached:"; \
	printf '%s\n' "$$reached" | awk 'NF == 2 { printf "  %-18s %s edges covered\n", $$1, $$2 }'; \
	if [ -n "$$missing" ]; then echo "fuzz-ci: not reached: $$missing"; failed=$$((failed + 1)); else passed=$$((passed + 1)); fi; \
	echo "fuzz-ci: $$passed passed, $$failed failed"; [ $$failed -eq 0 ]

# fuzz_ci_one NAME PROGRAM DIRS: one fuzzer's turn in fuzz-ci-run (DIRS
# comma-separated, under $(BUILD) but tests/...).
fuzz_ci_one = if ( $(call fuzz_run,$(word 1,$1)-ci,$(BUILD)/$(word 2,$1),$(foreach d,$(subst $(comma), ,$(word 3,$1)),"$(if $(filter tests/%,$d),$d,$(BUILD)/$d)"),-max_total_time=$(FUZZ_CI_SECONDS),1) ); \
    then passed=$$((passed + 1)); else failed=$$((failed + 1)); fi;
comma := ,

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
LINT_SRC := $(REF_SRC) tests/oracles/unit.c

lint: ## cppcheck and clang-tidy on reference/ and tests/oracles/unit.c: 0 findings
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
# (tests/README.md).  tests/tools/install-bats runs npm ci in bounded time, its
# output in $(BUILD)/npm.log, and says plainly why npm could not reach its
# registry.  npm's cache stays in $(BUILD), like everything else.
$(BATS): package.json package-lock.json
	@NPM_CACHE="$(BUILD)/npm-cache" NPM_LOG="$(BUILD)/npm.log" "tests/tools/install-bats"
	@touch "$@"

.PHONY: test-programs
test-programs: $(TEST_PROGRAMS) $(BATS) ## build every program the suite runs, and bats (make test's build step)

# What the tests need to know of this run.  MAKEFLAGS is emptied: the makes
# the tests run must not inherit this one's -s, -k or -j (nor MAKE_TYPED).
TEST_ENV = BUILD="$(BUILD)" CC="$(CC)" GOLF_MATRIX="$(GOLF_MATRIX)" SAN="$(SAN)" JOBS="$(JOBS)" \
    MAKEFLAGS= MAKE_TYPED=

# Checks and installs what it needs, installs the pinned bats (no test can
# run without it: npm's failure stops here, before any build), builds every
# program (a program that does not build leaves its tests to fail), then
# runs the suite.
test: ## the suite but the long tests: installs what it needs, builds, runs bats (closing line: passed, failed, skipped)
	@$(NEEDS) test
	@$(SUBMAKE) files FILES="$(BATS)"
	@status=0; $(SUBMAKE) -k -j$(JOBS) files FILES=test-programs || \
	{ status=1; echo "$(MAKE_TYPED): some programs did not build (see above); their tests fail"; }; \
	$(TEST_ENV) "tests/tools/run" || status=1; exit $$status

# The long tests, apart from make test: the proof's (tests/prove.bats,
# tests/prove_trust.bats: the golf proved on two starts of clang-19 -O2 and
# gcc -O2, the model against the machine, the needles, two planted bugs,
# every candidate of tests/prove/candidates/candidates.tsv) and tests/toolchains.bats
# (a fresh checkout at a path with a space built, verified and submitted
# under other compilers; every C file warning-free under gcc and clang-19)
# and tests/cluster.bats (make test-cluster).
# PROVE_FULL=1: every start of every default build, every row of
# tests/fixtures/mutants.tsv, the slow checks.  (tests/tools/run leaves these
# out of make test.)
LONG_TESTS := tests/prove.bats tests/prove_trust.bats tests/toolchains.bats tests/cluster.bats tests/concurrency.bats
PROVE_FULL ?=
.PHONY: test-long
test-long: ## the long tests, apart from make test: the proof's, toolchains, the cluster (minutes); PROVE_FULL=1 every start, build and mutant
	@$(NEEDS) test
	@$(NEEDS) cluster
	@$(SUBMAKE) files FILES="$(BATS)"
	@status=0; $(SUBMAKE) -k -j$(JOBS) files FILES=test-programs || \
	{ status=1; echo "$(MAKE_TYPED): some programs did not build (see above); their tests fail"; }; \
	$(TEST_ENV) PROVE_FULL="$(PROVE_FULL)" "tests/tools/run" $(LONG_TESTS) || status=1; exit $$status

# perft's split run on a real single-node Slurm (a job array) and through
# GNU parallel over a real ssh (tests/cluster.bats; tests/tools/cluster
# starts and stops the daemons, all their files under $(BUILD)).  Root; part
# of make test-long.
.PHONY: test-cluster
test-cluster: ## perft's jobs on a single-node Slurm (job array) and over ssh with GNU parallel (root, about 2 min)
	@$(NEEDS) cluster
	@$(SUBMAKE) files FILES="$(BATS)"
	@$(SUBMAKE) $(BUILD)/reference
	@$(TEST_ENV) "tests/tools/run" tests/cluster.bats

bytes: ## the golf's size, as the site counts it (GOLF=file)
	@echo "$$(wc -c < "$(GOLF)") bytes  $(GOLF)"

# ==================== fresh: the README's two commands on a new Debian 12 ====================
# tests/tools/fresh debootstraps a Debian 12 minbase root (git, make and
# ca-certificates) in $(BUILD)/fresh, trusting the CA certificates this
# machine trusts, and runs `make` and `make test` there in a clone of this
# checkout's HEAD at a path with a space and an apostrophe: as root, and as
# a user who gets the one message and runs its command as root.  Then it
# removes the root, never through a mount.  Root only; slow (tests/README.md
# has the measured time).
.PHONY: fresh
fresh: ## make and make test on a new Debian 12 minbase root in build/fresh, as root and as a user (slow; root)
	@$(NEEDS) fresh
	@BUILD="$(BUILD)" "tests/tools/fresh"

# Never through a mount: tests/tools/remove-tree unmounts whatever /proc/self/mounts
# shows under $(BUILD) (make fresh's root), or removes nothing and says so.
clean: ## remove build outputs (unmounts anything mounted under them first, or refuses)
	@"tests/tools/site-root" "$(SITE_ROOT)" remove
	@"tests/tools/remove-tree" "$(BUILD)"

# `make -s print-VAR` prints a variable's value (the tests ask for some).
print-%: FORCE ## print a variable, make -s print-VAR: the tests read the Makefile's lists so
	@echo $($*)

help: ## list the targets
	@grep -E '^[a-z%-]+:.*## ' Makefile | awk -F ':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'
