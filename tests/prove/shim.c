/* shim.c - the reference's challenge question as a function of two masks,
 * for make prove: black and white hold square n in bit n - 1.  It builds the
 * reference's own board with the reference's own API and asks its own entry
 * point, so the proof runs the reference's compiled code, not a restatement
 * of the rules.  When the reference's board or names change, this is the
 * one place that follows. */
#include "../../reference/rules.h"

int prove_reference(unsigned black, unsigned white, int from, int to);

int prove_reference(unsigned black, unsigned white, int from, int to)
{
    board b = empty_board();
    for (int n = 1; n <= SQUARES; n++)
        b.at[n] = black >> (n - 1) & 1 ? BLACK : white >> (n - 1) & 1 ? WHITE : EMPTY;
    return is_legal(&b, from, to, RULE_CHALLENGE);
}
