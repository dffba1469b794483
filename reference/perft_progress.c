/* perft_progress.c - progress lines, their rate and the time left. */
#include "perft_progress.h"

void progress_start(progress *pr, FILE *out, bool terminal, double now)
{
    *pr = (progress){out, terminal, now, now + 1.0, 1.0, false};
}

void progress_show(progress *pr, const char *what, size_t done, size_t fresh, size_t total, uint64_t leaves,
                   double now)
{
    if (now < pr->next)
        return;
    if (pr->terminal) {
        pr->next = now + 0.25;
    } else {
        pr->gap = pr->gap * 2 > 60 ? 60 : pr->gap * 2;
        pr->next = now + pr->gap;
    }
    double elapsed = now - pr->start;
    char left[48] = "";
    if (fresh > 0 && done < total)
        snprintf(left, sizeof left, ", about %.0f s left", elapsed / (double)fresh * (double)(total - done));
    fprintf(pr->out, "%s%s: %zu/%zu jobs, %.1f M leaves/s, %.1f s%s%s", pr->terminal ? "\r" : "", what, done, total,
            elapsed > 0 ? (double)leaves / elapsed / 1e6 : 0.0, elapsed, left, pr->terminal ? "  \033[K" : "\n");
    fflush(pr->out);
    pr->shown = true;
}

void progress_end(progress *pr)
{
    if (pr->terminal && pr->shown)
        fputs("\r\033[K", pr->out);
    fflush(pr->out);
}
