/* show.c - the board as a diagram: one character per square, 8 x 8. */
#include "show.h"

#include "rules.h"

/* What to draw on the square n of the challenge's board (NO_SQUARE for a
 * light square).  Its boards hold men; a king would show as its side. */
static char mark(const board *b, int from, int to, int n)
{
    if (n == NO_SQUARE)
        return '.';
    if (n == to)
        return 'X';
    if (n == from)
        return 'O';
    if (side_of(b->at[n]) == BLACK)
        return 'B';
    if (side_of(b->at[n]) == WHITE)
        return 'W';
    return '_';
}

/* The square numbers of one row, after the board's own row. */
static void legend_row(int row, FILE *out)
{
    fputs("   ", out);
    for (int col = 0; col < 8; col++) {
        int n = square_at(row, col);
        if (n == NO_SQUARE)
            fputs("  .", out);
        else
            fprintf(out, " %2d", n);
    }
}

void show_board(const board *b, int from, int to, bool legend, const char *indent, FILE *out)
{
    for (int row = 0; row < 8; row++) {
        fputs(indent, out);
        for (int col = 0; col < 8; col++) {
            if (col > 0)
                putc(' ', out);
            putc(mark(b, from, to, square_at(row, col)), out);
        }
        if (legend)
            legend_row(row, out);
        fputc('\n', out);
    }
}

/* A game's square: b and w men, B and W kings, _ empty. */
static char game_mark(piece p)
{
    if (side_of(p) == BLACK)
        return is_king(p) ? 'B' : 'b';
    if (side_of(p) == WHITE)
        return is_king(p) ? 'W' : 'w';
    return '_';
}

void show_position(const position *pos, const char *indent, FILE *out)
{
    show_numbered_position(pos, false, indent, out);
}

void show_numbered_position(const position *pos, bool legend, const char *indent, FILE *out)
{
    for (int row = 0; row < 8; row++) {
        fputs(indent, out);
        for (int col = 0; col < 8; col++) {
            int n = square_at(row, col);
            if (col > 0)
                putc(' ', out);
            putc(n == NO_SQUARE ? '.' : game_mark(pos->b.at[n]), out);
        }
        if (legend)
            legend_row(row, out);
        fputc('\n', out);
    }
    fprintf(out, "%s%s to move\n", indent, pos->turn == WHITE ? "white" : "black");
}
