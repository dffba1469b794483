/* perft_lines.c - job, result and journal lines: written with their run
 * and check, read back only when both hold. */
#include "perft_lines.h"

#include <inttypes.h>
#include <string.h>

#include "notation.h"
#include "perft_count.h"

/* ==================== Job ids ==================== */

/* A whole number 1..max in text[0..len). */
static bool read_positive(const char *text, size_t len, uint64_t max, uint64_t *n)
{
    perft_count c;
    if (!read_count(text, len, &c) || c == 0 || c > max)
        return false;
    *n = (uint64_t)c;
    return true;
}

bool read_job_id(const char *text, size_t len, job_id *id)
{
    const char *slash = memchr(text, '/', len);
    if (slash == NULL)
        return false;
    size_t left = (size_t)(slash - text);
    return read_positive(text, left, JOB_ID_MAX, &id->n) &&
           read_positive(slash + 1, len - left - 1, JOB_ID_MAX, &id->of) && id->n <= id->of;
}

void write_job_id(job_id id, char out[JOB_ID_SIZE])
{
    snprintf(out, JOB_ID_SIZE, "%" PRIu64 "/%" PRIu64, id.n, id.of);
}

/* ==================== The run and the check ==================== */

perft_run run_of(const fastpos *root, int depth, int plies)
{
    perft_run run = {.depth = depth, .plies = plies};
    position pos = position_of(root);
    char fen[FEN_SIZE];
    write_fen(&pos, fen);
    snprintf(run.text, sizeof run.text, "perft %d %s split %d fastgen %d", depth, fen, plies, FASTGEN_VERSION);
    run.version = FASTGEN_VERSION;
    return run;
}

uint32_t line_crc(const char *text, size_t len)
{
    /* CRC-32, reflected, polynomial 0xEDB88320: the remainder of each
     * nibble (a table of 16, half a byte at a time) */
    static const uint32_t nibble[16] = {0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC, 0x76DC4190, 0x6B6B51F4,
                                        0x4DB26158, 0x5005713C, 0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
                                        0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C};
    uint32_t crc = 0xFFFFFFFFU;
    for (size_t i = 0; i < len; i++) {
        crc ^= (unsigned char)text[i];
        crc = (crc >> 4) ^ nibble[crc & 15];
        crc = (crc >> 4) ^ nibble[crc & 15];
    }
    return ~crc;
}

/* Ends out's line (len bytes so far) with its check and a newline. */
static bool end_line(char out[PERFT_LINE_SIZE], int len)
{
    if (len < 0 || len >= PERFT_LINE_SIZE - 15)
        return false;
    snprintf(out + len, PERFT_LINE_SIZE - (size_t)len, " crc %08" PRIx32 "\n", line_crc(out, (size_t)len));
    return true;
}

bool write_job_line(const job_id *id, const fastpos *p, perft_count paths, const perft_run *run,
                    char out[PERFT_LINE_SIZE])
{
    position pos = position_of(p);
    char fen[FEN_SIZE], id_text[JOB_ID_SIZE], paths_text[COUNT_TEXT_SIZE];
    write_fen(&pos, fen);
    write_job_id(*id, id_text);
    write_count(paths, paths_text);
    return end_line(out, snprintf(out, PERFT_LINE_SIZE, "%s %s %d %s in %s", id_text, fen, run->depth - run->plies,
                                  paths_text, run->text));
}

bool write_result_line(const result_line *r, char out[PERFT_LINE_SIZE])
{
    char id_text[JOB_ID_SIZE], paths[COUNT_TEXT_SIZE], count[COUNT_TEXT_SIZE];
    write_job_id(r->id, id_text);
    write_count(r->paths, paths);
    write_count(r->count, count);
    return end_line(out, snprintf(out, PERFT_LINE_SIZE, "%s perft %d x %s: %s in %s", id_text, r->depth, paths, count,
                                  r->run.text));
}

bool write_journal_head(const perft_run *run, uint64_t jobs, char out[PERFT_LINE_SIZE])
{
    return end_line(out, snprintf(out, PERFT_LINE_SIZE, "# journal of %s, %" PRIu64 " jobs", run->text, jobs));
}

/* ==================== Reading ==================== */

/* A cursor over one line. */
typedef struct {
    const char *at, *end;
} cursor;

static bool take(cursor *c, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(c->end - c->at) < n || memcmp(c->at, word, n) != 0)
        return false;
    c->at += n;
    return true;
}

/* The text up to the next space or the end, at least one byte, all
 * printable (a NUL or a control byte is in no FEN or id, and would make
 * two runs' texts compare equal, or reach a terminal). */
static bool token(cursor *c, const char **from, size_t *len)
{
    *from = c->at;
    while (c->at < c->end && *c->at > ' ' && *c->at < 0x7F)
        c->at++;
    *len = (size_t)(c->at - *from);
    return *len > 0 && (c->at == c->end || *c->at == ' ');
}

/* A number in decimal digits, at most max. */
static bool number(cursor *c, perft_count max, perft_count *n)
{
    const char *from = c->at;
    while (c->at < c->end && *c->at >= '0' && *c->at <= '9')
        c->at++;
    return read_count(from, (size_t)(c->at - from), n) && *n <= max;
}

static int hex_digit(char h)
{
    return h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : -1;
}

/* The line's check: it ends in " crc " and 8 hex digits, the CRC of what
 * comes before; *body is that length. */
static line_fault check_holds(const char *text, size_t len, size_t *body, char why[LINE_FAULT_SIZE])
{
    static const char mark[] = " crc ";
    size_t mark_len = sizeof mark - 1;
    uint32_t written = 0;
    bool ok = len >= mark_len + 8 && memcmp(text + len - 8 - mark_len, mark, mark_len) == 0;
    for (size_t i = len - 8; ok && i < len; i++) {
        int d = hex_digit(text[i]);
        ok = d >= 0;
        written = written << 4 | (uint32_t)(d < 0 ? 0 : d);
    }
    if (!ok) {
        snprintf(why, LINE_FAULT_SIZE, "no check at its end (\" crc \" and 8 hex digits): cut short, or not a line a run writes");
        return LINE_NOT_ONE;
    }
    *body = len - 8 - mark_len;
    uint32_t computed = line_crc(text, *body);
    if (computed != written) {
        snprintf(why, LINE_FAULT_SIZE,
                 "its check fails (crc %08" PRIx32 " written, %08" PRIx32 " computed): a character changed, or the line cut and joined",
                 written, computed);
        return LINE_CHECK_FAILS;
    }
    return LINE_READ;
}

/* " in RUN" to the end of the line: the run. */
static bool read_run(cursor *c, perft_run *run)
{
    perft_count depth, plies, version;
    const char *fen;
    size_t fen_len;
    if (!take(c, " in "))
        return false;
    const char *start = c->at;
    if (!take(c, "perft ") || !number(c, PERFT_MAX_DEPTH, &depth) || !take(c, " ") || !token(c, &fen, &fen_len) ||
        !take(c, " split ") || !number(c, depth, &plies) || !take(c, " fastgen ") ||
        !number(c, UINT32_MAX, &version) || c->at != c->end || (size_t)(c->end - start) >= RUN_TEXT_SIZE)
        return false;
    memcpy(run->text, start, (size_t)(c->end - start));
    run->text[c->end - start] = '\0';
    run->depth = (int)depth;
    run->plies = (int)plies;
    run->version = (long)version;
    return true;
}

/* The line without a '\r' before its newline. */
static size_t trimmed(const char *text, size_t len) { return len > 0 && text[len - 1] == '\r' ? len - 1 : len; }

/* The job's depth against its run's: the run's less its plies. */
static line_fault depth_fits(int depth, const perft_run *run, char why[LINE_FAULT_SIZE])
{
    if (depth == run->depth - run->plies)
        return LINE_READ;
    snprintf(why, LINE_FAULT_SIZE, "a job of perft %d split at %d plies is %d deep, not %d", run->depth, run->plies,
             run->depth - run->plies, depth);
    return LINE_CHECK_FAILS;
}

/* The forms, for a line that is none. */
#define JOB_FORM "not a job: N/OF FEN DEPTH PATHS in perft DEPTH FEN split PLIES fastgen VERSION"
#define RESULT_FORM "not N/OF perft DEPTH x PATHS: COUNT in perft DEPTH FEN split PLIES fastgen VERSION"

/* A line that is not of `form`. */
static line_fault none_of(const char *form, char why[LINE_FAULT_SIZE])
{
    snprintf(why, LINE_FAULT_SIZE, "%s", form);
    return LINE_NOT_ONE;
}

/* A line's check, then its first word, the job's id, read: the cursor
 * after it; LINE_NOT_ONE with `form` if the id is none. */
static line_fault begin_line(const char *text, size_t len, const char *form, cursor *c, job_id *id,
                             char why[LINE_FAULT_SIZE])
{
    size_t body = 0, word_len;
    const char *word;
    line_fault f = check_holds(text, trimmed(text, len), &body, why);
    *c = (cursor){text, text + body};
    if (f == LINE_READ && !(token(c, &word, &word_len) && read_job_id(word, word_len, id)))
        return none_of(form, why);
    return f;
}

line_fault read_job_line(const char *text, size_t len, job_line *j, char why[LINE_FAULT_SIZE])
{
    cursor c;
    perft_count depth;
    line_fault f = begin_line(text, len, JOB_FORM, &c, &j->id, why);
    if (f != LINE_READ)
        return f;
    if (!(take(&c, " ") && token(&c, &j->fen, &j->fen_len) && take(&c, " ") && number(&c, PERFT_MAX_DEPTH, &depth) &&
          take(&c, " ") && number(&c, PERFT_COUNT_MAX, &j->paths) && j->paths > 0 && read_run(&c, &j->run)))
        return none_of(JOB_FORM, why);
    j->fen_at = (size_t)(j->fen - text);
    j->depth = (int)depth;
    if ((f = depth_fits(j->depth, &j->run, why)) != LINE_READ)
        return f;
    if (j->run.version != FASTGEN_VERSION) {
        snprintf(why, LINE_FAULT_SIZE, "a job of fastgen %ld, and this is fastgen %d: split the count again with this one",
                 j->run.version, FASTGEN_VERSION);
        return LINE_CHECK_FAILS;
    }
    return LINE_READ;
}

line_fault read_result_line(const char *text, size_t len, result_line *r, char why[LINE_FAULT_SIZE])
{
    cursor c;
    perft_count depth;
    line_fault f = begin_line(text, len, RESULT_FORM, &c, &r->id, why);
    if (f != LINE_READ)
        return f;
    if (!(take(&c, " perft ") && number(&c, PERFT_MAX_DEPTH, &depth) && take(&c, " x ") &&
          number(&c, PERFT_COUNT_MAX, &r->paths) && r->paths > 0 && take(&c, ": ") &&
          number(&c, PERFT_COUNT_MAX, &r->count) && read_run(&c, &r->run)))
        return none_of(RESULT_FORM, why);
    r->depth = (int)depth;
    return depth_fits(r->depth, &r->run, why);
}
