/* perft_journal.c - the journal of a long count: read, checked, appended. */
#define _POSIX_C_SOURCE 200809L /* getline, fileno, fsync, ftruncate */

#include "perft_journal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "perft_count.h"
#include "words.h"

/* How much of a file's name, or of a line, a message shows. */
enum { JOURNAL_SHOWN = 60 };

struct perft_journal {
    FILE *file;
    pthread_mutex_t lock;
    size_t jobs, resumed;
    bool *done;
    perft_count *count;
    time_t synced; /* when the file was last synced to the disk */
};

/* "job N COUNT" for a job of j: its index and count. */
static bool read_job_line(const perft_journal *j, const char *text, size_t len, size_t *i, perft_count *c)
{
    if (len < 4 || memcmp(text, "job ", 4) != 0)
        return false;
    const char *n = text + 4, *space = memchr(n, ' ', len - 4);
    perft_count job;
    if (space == NULL || !read_count(n, (size_t)(space - n), &job) || job == 0 || job > j->jobs)
        return false;
    *i = (size_t)job - 1;
    return read_count(space + 1, (size_t)(text + len - space - 1), c);
}

/* Reads the journal's lines after the key; false (err) if one is wrong.
 * *keep: the length of the whole lines read (a cut last line is not). */
static bool read_jobs(perft_journal *j, FILE *f, const char *path, long *keep, char err[JOURNAL_ERROR_SIZE])
{
    char *text = NULL;
    size_t size = 0;
    ssize_t got;
    for (long line = 2; (got = getline(&text, &size, f)) >= 0; line++) {
        if (text[got - 1] != '\n')
            break; /* cut short by a crash: dropped, written again */
        size_t i;
        perft_count c;
        if (!read_job_line(j, text, (size_t)got - 1, &i, &c)) {
            snprintf(err, JOURNAL_ERROR_SIZE, "journal %s, line %ld: not a job of this count", path, line);
            free(text);
            return false;
        }
        if (!j->done[i])
            j->resumed++;
        j->done[i] = true;
        j->count[i] = c;
        *keep += (long)got;
    }
    free(text);
    return true;
}

perft_journal *journal_open(const char *file, const char *key, size_t jobs, char err[JOURNAL_ERROR_SIZE])
{
    char path[SHOW_SIZE(JOURNAL_SHOWN)]; /* the file's name as messages show it */
    show_text(path, sizeof path, file, strlen(file), JOURNAL_SHOWN, SHOW_UTF8);
    perft_journal *j = calloc(1, sizeof *j);
    if (j != NULL)
        pthread_mutex_init(&j->lock, NULL);
    if (j == NULL || (j->done = calloc(jobs + 1, sizeof *j->done)) == NULL ||
        (j->count = calloc(jobs + 1, sizeof *j->count)) == NULL) {
        snprintf(err, JOURNAL_ERROR_SIZE, "no memory for the journal of %zu jobs", jobs);
        journal_close(j);
        return NULL;
    }
    j->jobs = jobs;
    FILE *f = fopen(file, "r+");
    if (f == NULL && errno == ENOENT)
        f = fopen(file, "w+");
    if (f == NULL) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", path, strerror(errno));
        journal_close(j);
        return NULL;
    }
    j->file = f;
    char *first = NULL;
    size_t size = 0;
    ssize_t got = getline(&first, &size, f);
    long keep = 0;
    bool ok = true;
    if (got <= 0 || first[got - 1] != '\n') { /* new, or cut in its first line: start it */
        keep = 0;
    } else if ((size_t)got - 1 != strlen(key) || memcmp(first, key, (size_t)got - 1) != 0) {
        char was[SHOW_SIZE(JOURNAL_SHOWN)];
        show_text(was, sizeof was, first, (size_t)got - 1, JOURNAL_SHOWN, SHOW_QUOTED);
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s is of another count: %s, not \"%.200s\"", path, was, key);
        ok = false;
    } else {
        keep = (long)got;
        ok = read_jobs(j, f, path, &keep, err);
    }
    free(first);
    if (ok && (fflush(f) != 0 || ftruncate(fileno(f), keep) != 0 || fseek(f, keep, SEEK_SET) != 0)) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", path, strerror(errno));
        ok = false;
    }
    if (ok && keep == 0 && (fprintf(f, "%s\n", key) < 0 || fflush(f) != 0)) {
        snprintf(err, JOURNAL_ERROR_SIZE, "journal %s: %s", path, strerror(errno));
        ok = false;
    }
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

bool journal_record(perft_journal *j, size_t i, perft_count count)
{
    char text[COUNT_TEXT_SIZE];
    write_count(count, text);
    pthread_mutex_lock(&j->lock);
    /* Flushed at once: a killed process loses no finished job.  Synced at
     * most once a second: a sync a job would cost more than short jobs. */
    bool ok = fprintf(j->file, "job %zu %s\n", i + 1, text) > 0 && fflush(j->file) == 0;
    time_t now = time(NULL);
    if (ok && now != j->synced) {
        ok = fsync(fileno(j->file)) == 0;
        j->synced = now;
    }
    pthread_mutex_unlock(&j->lock);
    return ok;
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
    free(j);
}
