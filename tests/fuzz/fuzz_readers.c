/* fuzz_readers.c - libFuzzer target: every reader of the reference's input
 * that fuzz_line and fuzz_pdn do not feed whole, each given any bytes:
 * the command line (main.c's reading of argv into a request, the command
 * never run), perft's journal (a file), --sum's result lines, --suite's
 * lines, --after's moves, the job ids, job and result lines (their check
 * made to hold too), and the FEN and move readers, strict and lenient, with
 * the movetext reader.  The input's first byte picks the
 * reader (readers[]); the rest is its input.
 *
 * Besides crashes, hangs and sanitizer reports (each reader is handed its
 * text in a block of its exact size) it aborts when a reader's answer is
 * out of its own range: an exit status the command line does not give, a
 * word that is none of argv's, a number option past its maximum; a --sum
 * that says a sum with a failing status or the reverse; a suite line of
 * no entry or a depth out of 0-64; a job id out of 1..of that does not
 * write and read back; a position read that does not write and read back as
 * itself; a message that is not one line.  `make fuzz-readers` runs it,
 * fuzz.bats a short run.
 *
 * main.c is included whole, its main renamed, so that its static reading
 * of the command line can be called without running a command. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream, mkstemp */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define main reference_main
#include "main.c"
#undef main

#include "notation.h"
#include "perft_after.h"
#include "perft.h"
#include "perft_journal.h"
#include "perft_lines.h"
#include "perft_results.h"
#include "perft_suite.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_readers: %s\n", what);
        abort();
    }
}

/* text[0..len) in a block of its own, NUL-terminated (ASan sees past it). */
static char *copy(const uint8_t *text, size_t len)
{
    char *s = malloc(len + 1);
    require(s != NULL, "out of memory");
    memcpy(s, text, len);
    s[len] = '\0';
    return s;
}

/* A message: one line, a string within its size. */
static void one_line(const char *err, size_t size)
{
    require(memchr(err, '\0', size) != NULL && strchr(err, '\n') == NULL, "a message that is not one line");
}

/* A position read: it writes and reads back as itself (strictly). */
static void reads_back(const position *p)
{
    char fen[FEN_SIZE], err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    position back;
    write_fen(p, fen);
    require(read_fen(fen, strlen(fen), 1, true, &back, err, note) && !memcmp(&back, p, sizeof back),
            "a position read does not read back as itself");
}

/* ==================== The command line ==================== */

/* argv from the input: arguments parted by NUL bytes (at most 64). */
static void command_line(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), *argv[66] = {"reference"};
    int argc = 1;
    for (size_t at = 0; at <= size && argc < 65; at += strlen(text + at) + 1)
        argv[argc++] = text + at;
    argv[argc] = NULL;
    int n;
    argument arg[66];
    const char *word[66];
    const command *c = read_line(argc, argv, arg, &n);
    require(c != NULL && n >= 0 && n < argc, "read_line read more arguments than there are");
    request r = {.rule = RULE_CHALLENGE, .word = word, .name = c->name};
    int status = read_arguments(c, arg, n, &r, word);
    require(status == 0 || status == -1 || status == 2, "a command line's status that is none of 0, -1, 2");
    if (status == 0) {
        for (int w = 0; w < r.words; w++) {
            bool given = false;
            for (int i = 1; i < argc; i++)
                given |= r.word[w] == argv[i];
            require(given, "a word that is none of argv's");
        }
        for (int id = 0; id < OPTIONS; id++)
            if (r.given[id] && options[id].kind == NUMBER)
                require(r.number[id] <= options[id].max, "a number option past its maximum");
        require(r.rule == RULE_CHALLENGE || r.rule == RULE_ENGLISH, "a rule out of range");
        if (c == &commands[0])
            misspelt(&r);
    }
    free(text);
}

/* ==================== perft's files and lines ==================== */

/* The journal's file, made once (in TMPDIR, the build tree's under make). */
static char journal_path[4096];

static void journal(const uint8_t *data, size_t size)
{
    if (journal_path[0] == '\0') {
        const char *dir = getenv("TMPDIR");
        snprintf(journal_path, sizeof journal_path, "%s/fuzz-journal-XXXXXX", dir && *dir ? dir : "/tmp");
        int fd = mkstemp(journal_path);
        require(fd >= 0, "no journal file");
        close(fd);
    }
    /* the file is the input; the count is perft 8 from the start, as the
     * CLI journals it: its jobs 3 plies on, merged (216 of them) */
    fastpos start = fastpos_start();
    perft_jobs jobs = {.merge = true};
    perft_jobs_add(&jobs, &start, 1);
    for (int ply = 0; ply < 3; ply++)
        require(perft_expand(&jobs), "out of memory");
    perft_count *paths = malloc(jobs.n * sizeof *paths);
    require(paths != NULL, "out of memory");
    for (size_t i = 0; i < jobs.n; i++)
        paths[i] = jobs.at[i].paths;
    perft_run run = run_of(&start, 8, 3);
    FILE *f = fopen(journal_path, "wb");
    require(f != NULL, "the journal file does not open");
    require(fwrite(data, 1, size, f) == size && fclose(f) == 0, "the journal file is not written");
    char err[JOURNAL_ERROR_SIZE], *said = NULL;
    size_t said_len = 0;
    FILE *notes = open_memstream(&said, &said_len);
    require(notes != NULL, "open_memstream failed");
    perft_journal *j = journal_open(journal_path, &run, jobs.n, paths, notes, err);
    require(fclose(notes) == 0, "writing to memory failed");
    require(said_len == 0 || memchr(said, '\n', said_len) == said + said_len - 1, "a note that is not one line");
    free(said);
    if (j == NULL)
        one_line(err, sizeof err);
    else {
        size_t done = 0;
        for (size_t i = 0; i < jobs.n; i++) {
            perft_count count;
            done += journal_done(j, i, &count);
        }
        require(done == journal_resumed(j) && done <= jobs.n, "a journal resumes other jobs than it has done");
        journal_record(j, jobs.n - 1, 7);
        journal_close(j);
    }
    free(paths);
    perft_jobs_free(&jobs);
}

static void results(const uint8_t *data, size_t size)
{
    FILE *in = fmemopen((void *)(size ? (const void *)data : "x"), size ? size : 1, "rb");
    require(in != NULL, "fmemopen failed");
    if (size == 0)
        fgetc(in);
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    require(out != NULL, "open_memstream failed");
    int status = sum_results(in, out);
    fclose(in);
    require(fclose(out) == 0, "writing to memory failed");
    require(status == 0 || status == 2, "a --sum status that is neither 0 nor 2");
    require((status == 0) == (out_len > 5 && !strncmp(out_text, "sum: ", 5) && out_text[out_len - 1] == '\n'),
            "a sum said with a failing status, or none with success");
    free(out_text);
}

static void suite(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), err[NOTATION_ERROR_SIZE];
    suite_line s;
    for (int strict = 0; strict <= 1; strict++) {
        if (read_suite_line(text, size, strict, &s, err)) {
            require(s.n >= 1 && s.n <= SUITE_MAX_COUNTS, "a suite line of no entry, or too many");
            for (int i = 0; i < s.n; i++)
                require(s.at[i].depth >= 0 && s.at[i].depth <= 64, "a suite depth out of 0-64");
            reads_back(&s.pos);
        } else
            one_line(err, sizeof err);
    }
    free(text);
}

static void after(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), err[NOTATION_ERROR_SIZE];
    for (int strict = 0; strict <= 1; strict++) {
        position p = initial_position();
        if (!play_after(&p, text, strict, err))
            one_line(err, sizeof err);
        reads_back(&p);
    }
    free(text);
}

static void job_ids(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), again[JOB_ID_SIZE];
    job_id id, back;
    if (read_job_id(text, size, &id)) {
        require(id.n >= 1 && id.n <= id.of, "a job id out of 1..of");
        write_job_id(id, again);
        require(read_job_id(again, strlen(again), &back) && back.n == id.n && back.of == id.of,
                "a job id that does not read back");
    }
    free(text);
}

/* A job line and a result line (perft_lines.h): as they are, and with
 * their check made to hold, so that the reader past the check is reached
 * too.  Each read must lie within the line, agree with itself, and a
 * result write and read back as itself. */
static void perft_line(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), *checked = malloc(size + 16), why[LINE_FAULT_SIZE], out[PERFT_LINE_SIZE];
    require(checked != NULL, "out of memory");
    memcpy(checked, text, size);
    snprintf(checked + size, 16, " crc %08x", (unsigned)line_crc(text, size));
    const char *line[2] = {text, checked};
    size_t len[2] = {size, size + 13};
    for (int k = 0; k < 2; k++) {
        job_line j;
        if (read_job_line(line[k], len[k], &j, why) == LINE_READ)
            require(j.fen_at + j.fen_len <= len[k] && j.id.n >= 1 && j.id.n <= j.id.of && j.paths > 0 &&
                        j.depth == j.run.depth - j.run.plies && j.run.version == FASTGEN_VERSION,
                    "a job line read out of its line or at odds with itself");
        else
            one_line(why, sizeof why);
        result_line r, back;
        if (read_result_line(line[k], len[k], &r, why) == LINE_READ) {
            require(r.id.n >= 1 && r.id.n <= r.id.of && r.paths > 0 && r.depth == r.run.depth - r.run.plies,
                    "a result line at odds with itself");
            require(write_result_line(&r, out), "a result line read that does not write");
            require(read_result_line(out, strlen(out) - 1, &back, why) == LINE_READ && back.count == r.count &&
                        back.paths == r.paths && back.id.n == r.id.n && back.id.of == r.id.of &&
                        strcmp(back.run.text, r.run.text) == 0,
                    "a result line that does not read back");
        } else
            one_line(why, sizeof why);
    }
    free(checked);
    free(text);
}

/* ==================== Positions and moves ==================== */

static void fen(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE];
    bool read[2];
    for (int strict = 0; strict <= 1; strict++) {
        position p;
        read[strict] = read_fen(text, size, 1, strict, &p, err, note);
        if (read[strict])
            reads_back(&p), one_line(note, sizeof note);
        else
            one_line(err, sizeof err);
    }
    require(read[0] || !read[1], "a FEN read strictly and not leniently");
    free(text);
}

static void moves(const uint8_t *data, size_t size)
{
    char *text = copy(data, size), err[NOTATION_ERROR_SIZE], out[MOVE_TEXT_SIZE];
    written_move m;
    for (int strict = 0; strict <= 1; strict++) {
        if (read_move(text, size, 1, strict, &m, err)) {
            require((m.n >= 2 && m.n <= MAX_JUMPS + 1) || (m.n == 0 && m.splits >= 1 && m.splits <= 2),
                    "a move read of no squares");
            if (m.n > 0) {
                write_written(&m, out);
                require(strlen(out) < MOVE_TEXT_SIZE, "a move written past its text");
            }
        } else
            one_line(err, sizeof err);
        movetext t = {text, size, 0, 1, strict};
        size_t start, len, last = 0, count = 0;
        while (next_move(&t, &m, &start, &len, err)) {
            require(start >= last && start + len <= size && len > 0, "a move of the movetext outside it");
            last = start + len;
            require(++count <= size, "more moves than bytes");
        }
        one_line(err, sizeof err);
    }
    free(text);
}

/* ==================== The table ==================== */

static const struct {
    const char *reader;
    void (*fuzz)(const uint8_t *, size_t);
} readers[] = {
    {"the command line", command_line}, {"a journal", journal}, {"--sum's results", results},
    {"a suite line", suite},            {"--after", after},     {"a job id", job_ids},
    {"a FEN", fen},                     {"moves", moves},       {"a job or result line", perft_line},
};
enum { READERS = sizeof readers / sizeof readers[0] };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    readers[data[0] % READERS].fuzz(data + 1, size - 1);
    return 0;
}
