/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/steal.pml - Spin model of a nonmonotonic dynamic loop's ranges
 * (omp/work.c: steal_take, steal_from_others; ARCHITECTURE.md, "Range
 * stealing" and "Models").
 *
 * NTHR members start with static shares of NCHUNK chunks, each member's
 * {lo, hi} one word. The owner takes lo with a CAS {lo, hi} -> {lo+1,
 * hi}; a member with none left looks at each other member once and
 * steals the upper half of a range with a CAS on the victim's word
 * {lo, hi} -> {lo, cut}, runs chunk cut, and stores {cut+1, hi} as its
 * own range (nobody else writes an empty range's word but its owner). A
 * member that found nothing in one pass is done.
 *
 * Checked: every chunk runs exactly once, and every member ends.
 * NOFIX_CAS_VICTIM: the thief cuts the victim's range with a plain store
 * after reading it (no CAS): the owner may take a chunk of the stolen half
 * meanwhile, and that chunk runs twice.
 */
#define NTHR 2
#define NCHUNK 5

byte lo[NTHR], hi[NTHR];
byte runs[NCHUNK];

inline run_chunk(k) { runs[k]++ }

proctype member(byte me)
{
    byte v_lo, v_hi, cut, k, other;
    bool got;

    do
    :: /* take from our own range */
        atomic {
            if
            :: lo[me] < hi[me] -> k = lo[me]; lo[me]++; got = true
            :: else -> got = false
            fi
        };
        if
        :: got -> run_chunk(k)
        :: else ->
            /* steal: one pass over the others */
            got = false;
            other = 1;
            do
            :: other < NTHR && !got ->
                k = (me + other) % NTHR;
                v_lo = lo[k]; v_hi = hi[k];
                if
                :: v_lo < v_hi ->
                    if
                    :: v_hi - v_lo == 1 -> cut = v_lo
                    :: else -> cut = v_hi - (v_hi - v_lo) / 2
                    fi;
#ifdef NOFIX_CAS_VICTIM
                    hi[k] = cut; got = true;
#else
                    atomic {
                        if
                        :: lo[k] == v_lo && hi[k] == v_hi -> hi[k] = cut; got = true
                        :: else -> skip     /* changed: look again */
                        fi
                    };
#endif
                    if
                    :: got ->
                        run_chunk(cut);
                        atomic { lo[me] = cut + 1; hi[me] = v_hi }
                    :: else -> skip
                    fi
                :: else -> other++
                fi
            :: else -> break
            od;
            if
            :: !got -> break
            :: else -> skip
            fi
        fi
    od
}

init {
    byte i, q = NCHUNK / NTHR, r = NCHUNK % NTHR, at = 0;
    for (i : 0 .. NTHR - 1) {
        lo[i] = at;
        if
        :: i < r -> at = at + q + 1
        :: else -> at = at + q
        fi;
        hi[i] = at
    }
    atomic {
        for (i : 0 .. NTHR - 1) { run member(i) }
    }
    (_nr_pr == 1);
    for (i : 0 .. NCHUNK - 1) { assert(runs[i] == 1) }
}
