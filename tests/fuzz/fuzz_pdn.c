/* fuzz_pdn.c - libFuzzer target: any bytes as a PDN file through `reference
 * pdn` (lenient, strict, --notes --plies, --write), as a FEN through
 * read_fen, and as FEN lines through the moves batch.
 *
 * Besides crashes and sanitizer reports it aborts when an output line is not
 * one line of a known kind free of control bytes, when the exit status and the error
 * lines disagree, when --notes or --plies change the verdicts, when a
 * lenient reading refuses what the strict one accepts, when a record written
 * back (--write) does not read again to the same verdict and final position,
 * or when a FEN read leniently does not read back canonically as itself.
 * `make fuzz-pdn` runs it; tests/pdn.bats a short run. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_moves.h"
#include "notation.h"
#include "pdn_answer.h"

static void require(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_pdn: %s\n", what);
        abort();
    }
}

/* run_pdn on text[0..len) with o; the output in *out (malloc'd). */
static int pdn_on(const char *text, size_t len, const pdn_options *o, char **out, size_t *out_len, pdn_totals *t)
{
    FILE *in = fmemopen((void *)text, len ? len : 1, "r");
    require(in != NULL, "fmemopen failed");
    if (len == 0) /* fmemopen of 0 bytes is not portable: read one and drop it */
        fgetc(in);
    FILE *o_f = open_memstream(out, out_len);
    require(o_f != NULL, "open_memstream failed");
    int status = run_pdn(in, "-", o_f, o, t);
    fclose(in);
    require(fclose(o_f) == 0, "writing to memory failed");
    return status;
}

/* The verdict lines of an answer (ply and note lines dropped), each cut to
 * its verdict and what follows the WHO field, appended to a new string. */
static char *verdicts(const char *text, size_t len, bool with_fen_only)
{
    char *v = calloc(len + 1, 1);
    require(v != NULL, "out of memory");
    size_t at = 0;
    for (size_t begin = 0; begin < len;) {
        const char *nl = memchr(text + begin, '\n', len - begin);
        require(nl != NULL, "output that does not end a line");
        size_t n = (size_t)(nl - text) - begin;
        const char *line = text + begin;
        for (size_t i = 0; i < n; i++)
            require((line[i] >= 0x20 && line[i] != 0x7f) || line[i] == '\t' || (unsigned char)line[i] > 0x7f,
                    "output with control bytes"); /* names may be UTF-8 */
        bool kind_ok = !strncmp(line, "legal\t", 6) || !strncmp(line, "illegal\t", 8) ||
                       !strncmp(line, "error\t", 6) || !strncmp(line, "note\t", 5) || !strncmp(line, "ply\t", 4);
        require(kind_ok, "a line of no known kind");
        if (strncmp(line, "note\t", 5) && strncmp(line, "ply\t", 4)) {
            /* verdict, then fields 5.. (past number, line and WHO) */
            const char *p = line;
            int tabs = 0;
            while (p < line + n && tabs < 4)
                tabs += *p++ == '\t';
            size_t vlen = (size_t)(strchr(line, '\t') - line);
            if (!with_fen_only || !strncmp(line, "legal\t", 6)) {
                memcpy(v + at, line, vlen);
                at += vlen;
                v[at++] = ' ';
                size_t rest = (size_t)(line + n - p);
                if (with_fen_only) { /* the final FEN alone */
                    const char *tab = memchr(p, '\t', rest);
                    rest = tab ? (size_t)(tab - p) : rest;
                }
                memcpy(v + at, p, rest);
                at += rest;
                v[at++] = '\n';
            }
        }
        begin += n + 1;
    }
    v[at] = '\0';
    return v;
}

static size_t count_lines(const char *v, const char *prefix)
{
    size_t n = 0, len = strlen(prefix);
    for (const char *p = v; *p; p = strchr(p, '\n') + 1)
        n += !strncmp(p, prefix, len);
    return n;
}

/* The legal lines of an answer without their record's number (a record is
 * known by the line it starts on), each between newlines: "\nlegal\tLINE\t
 * WHO\t...\n...". */
static char *legal_by_line(const char *text, size_t len)
{
    char *v = malloc(len + 2);
    require(v != NULL, "out of memory");
    size_t at = 0;
    v[at++] = '\n';
    for (size_t begin = 0; begin < len;) {
        const char *line = text + begin, *nl = memchr(line, '\n', len - begin);
        size_t n = (size_t)(nl - line);
        const char *number = memchr(line, '\t', n), *rest = number ? memchr(number + 1, '\t', n - (size_t)(number + 1 - line)) : NULL;
        if (!strncmp(line, "legal\t", 6) && rest != NULL) {
            memcpy(v + at, "legal", 5), at += 5;
            memcpy(v + at, rest, (size_t)(line + n - rest)), at += (size_t)(line + n - rest);
            v[at++] = '\n';
        }
        begin += n + 1;
    }
    v[at] = '\0';
    return v;
}

/* Is each line of the legal lines `some` among those of `all` (both as
 * legal_by_line gives them)? */
static bool each_among(const char *some, const char *all)
{
    for (const char *p = some + 1; *p; p = strchr(p, '\n') + 1) {
        size_t n = (size_t)(strchr(p, '\n') - p);
        bool found = false;
        for (const char *q = strchr(all, '\n'); q != NULL && !found; q = strchr(q + 1, '\n'))
            found = !strncmp(q + 1, p, n) && q[1 + n] == '\n';
        if (!found)
            return false;
    }
    return true;
}

static void check_pdn(const char *text, size_t len)
{
    pdn_totals t = {0};
    pdn_options plain = {0}, strict = {.strict = true}, extra = {.notes = true, .plies = true},
                write = {.write = true};
    char *a, *b, *c, *w, *again;
    size_t al, bl, cl, wl, againl;
    int status = pdn_on(text, len, &plain, &a, &al, &t);
    char *va = verdicts(a, al, false);
    require(status == (count_lines(va, "error ") > 0 ? 2 : 0), "an exit status that does not match the error lines");
    pdn_on(text, len, &extra, &b, &bl, &t);
    char *vb = verdicts(b, bl, false);
    require(!strcmp(va, vb), "--notes --plies change the verdicts");
    pdn_on(text, len, &strict, &c, &cl, &t);
    char *vc = verdicts(c, cl, false);
    require(count_lines(vc, "legal ") <= count_lines(va, "legal "), "strict accepts more than lenient");
    require(count_lines(vc, "error ") >= count_lines(va, "error "), "strict finds fewer faults than lenient");
    /* Each record strict reads as legal, the default reads so too, known by
     * its first line (strict may number records past a lone trailing comma,
     * a record of its own) */
    char *lc = legal_by_line(c, cl), *la = legal_by_line(a, al);
    require(each_among(lc, la), "a record strict reads as legal the default does not");
    free(lc);
    free(la);
    /* Written back and read again: each record legal before is legal again,
     * at the same final position. */
    pdn_on(text, len, &write, &w, &wl, &t);
    pdn_on(w, wl, &plain, &again, &againl, &t);
    char *v1 = verdicts(a, al, false), *v2 = verdicts(again, againl, false);
    size_t records1 = count_lines(v1, ""), records2 = count_lines(v2, "");
    require(records1 == records2, "--write changed the number of records");
    for (const char *p = v1, *q = v2; *p; p = strchr(p, '\n') + 1, q = strchr(q, '\n') + 1)
        if (!strncmp(p, "legal ", 6)) {
            size_t n = (size_t)(strchr(p, '\n') - p);
            require(!strncmp(p, q, n) && q[n] == '\n', "a legal record written back reads differently");
        }
    free(v1), free(v2), free(va), free(vb), free(vc);
    free(a), free(b), free(c), free(w), free(again);
}

static void check_fen(const char *text, size_t len)
{
    position p, q;
    char err[NOTATION_ERROR_SIZE], note[FEN_NOTE_SIZE], fen[FEN_SIZE];
    if (!read_fen(text, len, 1, false, &p, err, note)) {
        require(memchr(err, '\0', sizeof err) && !strchr(err, '\n') && !strncmp(err, "fen, column ", 12),
                "a FEN fault that is not one line naming its column");
        return;
    }
    require(memchr(note, '\0', sizeof note) && !strchr(note, '\n'), "a FEN note that is not one line");
    write_fen(&p, fen);
    require(read_fen(fen, strlen(fen), 1, true, &q, err, note), "a canonical FEN that does not read");
    require(!memcmp(&p, &q, sizeof p), "a FEN that does not read back as itself");
}

static void check_moves(const char *text, size_t len)
{
    FILE *in = fmemopen((void *)text, len ? len : 1, "r");
    require(in != NULL, "fmemopen failed");
    if (len == 0)
        fgetc(in);
    char *out;
    size_t out_len;
    FILE *o = open_memstream(&out, &out_len);
    require(o != NULL, "open_memstream failed");
    int status = run_moves(in, o, true, false);
    fclose(in);
    require(fclose(o) == 0, "writing to memory failed");
    require(status == 0 || status == 2, "a moves batch that failed");
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    check_pdn(text, size);
    check_fen(text, size);
    check_moves(text, size);
    return 0;
}
