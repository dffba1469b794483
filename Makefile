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

REF_LIB := build/board.o build/rules.o build/line.o

.PHONY: all build test bytes clean help
all: build ## build everything, run every cases.tsv row through golf and reference
	@tests/table.sh

build: build/reference build/golf build/golf-ungolfed ## build the reference CLI, the golf and its ungolfed twin

build/%.o: reference/%.c reference/*.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

build/reference: build/main.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

# The golf and its twin share the driver (protocol in, verdict out).
build/driver.o: golf/driver.c reference/line.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

build/checkers.o: golf/checkers.c
	@mkdir -p $(@D)
	$(CC) $(GOLF_CFLAGS) -c -o $@ $<

build/ungolfed.o: golf/ungolfed.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

build/golf: build/driver.o build/checkers.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

build/golf-ungolfed: build/driver.o build/ungolfed.o $(REF_LIB)
	$(CC) $(CFLAGS) -o $@ $^

# bats-core, pinned in package.json; called by path (see README, Testing).
$(BATS): package.json
	npm install --no-audit --no-fund
	touch $@

test: build $(BATS) ## run the whole bats suite (installs pinned bats first)
	@tests/run

bytes: ## the golf's size, as the site counts it
	@wc -c < golf/checkers.c | sed 's/$$/ bytes  golf\/checkers.c/'

clean: ## remove build outputs
	rm -rf build

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12
