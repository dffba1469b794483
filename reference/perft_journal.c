/* perft_journal.c - the journal of a long count: read, checked, appended.
 *
 * A journal's lines are promises about a count that may have run for
 * days, so each is read back only if its check holds and it belongs to
 * this run; anything else refuses the whole file, which is left as it
 * is.  The file is written only once its first line is this count's. */
#define _POSIX_C_SOURCE 200809L /* fileno, fsync, ftruncate, fdopen, O_CLOEXEC */

#include "perft_journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"
#include "perft_count.h"
#include "words.h"

/* How much of a file's name, or of a line, and of a run a message shows. */
enum { JOURNAL_SHOWN = 200, RUN_SHOWN = 100 };

struct perft_journal {
    FILE *file;
    pthread_mutex_t lock;
    perft_run run;
    size_t jobs, resumed, recorded;
    bool *done;
    bool stopped;       /* journal_stop: nothing more is written */
    perft_count *count; /* each job's tree */
    perft_count *paths; /* each job's paths */
    long *line;         /* where the journal gave each job */
    time_t synced;      /* when the file was last synced to the disk */
    char name[SHOW_SIZE(JOURNAL_SHOWN)];
};

/* One line of the journal after its first, a result of a job of j's run:
 * into j; false (err) if it is not one. */
static bool take_line(perft_journal *j, const char *text, size_t len, long line, char err[JOURNAL_ERROR_SIZE])
{
    result_line r;
    char why[LINE_FAULT_SIZE];
    line_fault f = read_result_line(text, len, &r, why);
    if (f != LINE_READ) {
        char q[QUOTE_SIZE] = "";
        if (f == LINE_NOT_ONE)
            quote_text(text, len, q);
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: %s%s%s", j->name, line, q, *q ? ": " : "", why);
        return false;
    }
    if (strcmp(r.run.text, j->run.text) != 0) {
        char was[SHOW_SIZE(RUN_SHOWN)];
        show_text(was, sizeof was, r.run.text, strlen(r.run.text), RUN_SHOWN, SHOW_QUOTED);
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld is of another run: %s, not \"%s\"", j->name, line, was,
                 j->run.text);
        return false;
    }
    size_t i = (size_t)r.id.n - 1;
    if (r.id.of != j->jobs) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: job %" PRIu64 "/%" PRIu64 " is none of this count's %zu jobs",
                 j->name, line, r.id.n, r.id.of, j->jobs);
        return false;
    }
    if (r.paths != j->paths[i]) {
        char here[COUNT_TEXT_SIZE], mine[COUNT_TEXT_SIZE];
        write_count(r.paths, here);
        write_count(j->paths[i], mine);
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: job %zu has %s paths there, %s in this count", j->name,
                 line, i + 1, here, mine);
        return false;
    }
    perft_count tree = r.count == PERFT_COUNT_MAX ? PERFT_COUNT_MAX : r.count / r.paths; /* MAX: did not fit */
    if (r.count != PERFT_COUNT_MAX && r.count % r.paths != 0) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: job %zu's count is no multiple of its paths", j->name,
                 line, i + 1);
        return false;
    }
    if (j->done[i] && j->count[i] != tree) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: job %zu again, with another count than on line %ld",
                 j->name, line, i + 1, j->line[i]);
        return false;
    }
    if (!j->done[i]) {
        j->done[i] = true;
        j->count[i] = tree;
        j->line[i] = line;
        j->resumed++;
    }
    return true;
}

/* Reads the journal's lines after its first; false (err) if one is wrong.
 * *keep: the length of the whole lines read (a cut last line is not). */
static bool read_jobs(perft_journal *j, line_reader *lines, long *keep, FILE *notes, char err[JOURNAL_ERROR_SIZE])
{
    const char *text;
    size_t len;
    while (next_line(lines, &text, &len)) {
        if (lines->too_long) {
            snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: longer than any line of a journal", j->name,
                     lines->number);
            return false;
        }
        if (!lines->ended) {
            fprintf(notes, "reference: journal %s: line %ld was cut short (no newline), as by a crash: dropped, its job counted again\n",
                    j->name, lines->number);
            return true;
        }
        if (!take_line(j, text, len, lines->number, err))
            return false;
        *keep += (long)lines->bytes;
    }
    if (lines->failed)
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", j->name, strerror(errno));
    return !lines->failed;
}

/* The file as a stream to read and append to, if it is a regular file (a
 * FIFO is opened without waiting, to be refused); NULL with err. */
static FILE *open_regular(perft_journal *j, const char *file, char err[JOURNAL_ERROR_SIZE])
{
    int fd = open(file, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0666);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", j->name, strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s is %s, not a regular file: a journal is read back and appended to",
                 j->name, S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" : "no file");
    } else {
        FILE *f = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0 ? fdopen(fd, "r+") : NULL;
        if (f != NULL)
            return f;
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", j->name, strerror(errno));
    }
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* The journal's first line against this count's `head` (with its
 * newline): *keep is where its jobs start, 0 for a journal to start anew
 * (empty, or its first line cut short by a crash as it was written); false
 * (err) if it is another count's, or no journal. */
static bool read_head(perft_journal *j, line_reader *lines, const char *head, long *keep,
                      char err[JOURNAL_ERROR_SIZE])
{
    const char *text = "";
    size_t len = 0, head_len = strlen(head) - 1;
    bool read = next_line(lines, &text, &len), whole = read && lines->ended && !lines->too_long;
    *keep = 0;
    if (!read && lines->failed) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", j->name, strerror(errno));
        return false;
    }
    if (!read || (!lines->ended && !lines->too_long && len < head_len && memcmp(text, head, len) == 0))
        return true;
    if (whole && lines->bytes == head_len + 1 && len == head_len && memcmp(text, head, len) == 0) {
        *keep = (long)lines->bytes;
        return true;
    }
    char was[SHOW_SIZE(JOURNAL_SHOWN)];
    show_text(was, sizeof was, text, len, JOURNAL_SHOWN, SHOW_QUOTED);
    snprintf(err, JOURNAL_ERROR_SIZE, "journal %s is of another count%s: %s, not \"%.*s\" (the file is left as it is)",
             j->name,
             lines->too_long ? ", or none (its first line is longer than a journal's)"
             : !lines->ended ? ", or none (its first line has no newline)"
                             : "",
             was, (int)head_len, head);
    return false;
}

perft_journal *journal_open(const char *file, const perft_run *run, size_t jobs, const perft_count *paths,
                            FILE *notes, char err[JOURNAL_ERROR_SIZE])
{
    perft_journal *j = calloc(1, sizeof *j);
    if (j != NULL)
        pthread_mutex_init(&j->lock, NULL);
    if (j == NULL || (j->done = calloc(jobs + 1, sizeof *j->done)) == NULL ||
        (j->count = calloc(jobs + 1, sizeof *j->count)) == NULL ||
        (j->paths = calloc(jobs + 1, sizeof *j->paths)) == NULL || (j->line = calloc(jobs + 1, sizeof *j->line)) == NULL) {
        snprintf(err, JOURNAL_ERROR_SIZE, "no memory for the journal of %zu jobs", jobs);
        journal_close(j);
        return NULL;
    }
    show_text(j->name, sizeof j->name, file, strlen(file), JOURNAL_SHOWN, SHOW_UTF8);
    j->run = *run;
    j->jobs = jobs;
    memcpy(j->paths, paths, jobs * sizeof *paths);
    char head[PERFT_LINE_SIZE];
    long keep = 0;
    line_reader lines = {.max = PERFT_LINE_SIZE - 1}; /* no line of a journal is longer: none held whole */
    bool ok = write_journal_head(run, jobs, head) && (lines.in = j->file = open_regular(j, file, err)) != NULL &&
              read_head(j, &lines, head, &keep, err) && (keep == 0 || read_jobs(j, &lines, &keep, notes, err));
    line_reader_free(&lines);
    /* this count's journal, and only it: cut to its whole lines, or started */
    if (ok && (fflush(j->file) != 0 || ftruncate(fileno(j->file), keep) != 0 || fseek(j->file, keep, SEEK_SET) != 0 ||
               (keep == 0 && (fputs(head, j->file) < 0 || fflush(j->file) != 0)))) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", j->name, strerror(errno));
        ok = false;
    }
    j->recorded = j->resumed;
    if (!ok) {
        journal_close(j);
        return NULL;
    }
    return j;
}

bool journal_done(const perft_journal *j, size_t i, perft_count *count)
{
    if (i >= j->jobs || !j->done[i])
        return false;
    *count = j->count[i];
    return true;
}

size_t journal_resumed(const perft_journal *j) { return j->resumed; }

size_t journal_recorded(perft_journal *j)
{
    pthread_mutex_lock(&j->lock);
    size_t n = j->recorded;
    pthread_mutex_unlock(&j->lock);
    return n;
}

const char *journal_name(const perft_journal *j) { return j->name; }

bool journal_record(perft_journal *j, size_t i, perft_count count)
{
    result_line r = {{i + 1, j->jobs}, j->run.depth - j->run.plies, j->paths[i], perft_times(count, j->paths[i]), j->run};
    char text[PERFT_LINE_SIZE];
    bool ok = write_result_line(&r, text);
    pthread_mutex_lock(&j->lock);
    if (j->stopped) {
        pthread_mutex_unlock(&j->lock);
        return true;
    }
    /* Flushed at once: a killed process loses no finished job.  Synced at
     * most once a second: a sync a job would cost more than short jobs. */
    ok = ok && fputs(text, j->file) >= 0 && fflush(j->file) == 0;
    j->recorded += ok;
    time_t now = time(NULL);
    if (ok && now != j->synced) {
        ok = fsync(fileno(j->file)) == 0;
        j->synced = now;
    }
    pthread_mutex_unlock(&j->lock);
    return ok;
}

void journal_stop(perft_journal *j)
{
    pthread_mutex_lock(&j->lock);
    j->stopped = true;
    fflush(j->file);
    fsync(fileno(j->file));
    pthread_mutex_unlock(&j->lock);
}

void journal_close(perft_journal *j)
{
    if (j == NULL)
        return;
    if (j->file != NULL) {
        fsync(fileno(j->file));
        fclose(j->file);
    }
    pthread_mutex_destroy(&j->lock);
    free(j->done);
    free(j->count);
    free(j->paths);
    free(j->line);
    free(j);
}
