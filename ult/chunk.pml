/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.pml - Spin model of the default pool's slots and chunks
 * (ult/chunk.c: ult_chunk_reserve, ult_chunk_take, ult_chunk_give, grow,
 * release, unlink_chunk, unmap_chunk, maintain_step; ARCHITECTURE.md,
 * "Stacks" and "Models"), checked by Spin from make check (tests/spin.sh).
 *
 * Two VPs each make ROUNDS ULTs of the default shape: a promise
 * (reserve), a slot for it (take, which consumes the promise), a write to
 * the stack (its ULT runs), the slot back (give; a slot in a VP's cache
 * is USED as one in use is). Any of them may instead be one whose stack,
 * of another shape, became the default's: a take with no promise.
 * One maintainer makes MSTEPS steps, each on a chunk of its choice: it
 * gives back the pages of the chunk's free slots with pages (release), or
 * unmaps the chunk if none of its slots is out and the promises do not
 * need its free ones (unlink_chunk, then unmap_chunk; munmap may fail:
 * the chunk is linked back). Which chunk and when is the decay's and the
 * cache budget's choice (MLTP_STACK_DECAY, MLTP_STACK_CACHE): here any,
 * at any time. A reserve that the takeable slots would not cover, and a
 * take with no promise that finds none the promises leave, grow the
 * pool: one chunk of NSLOT slots at a time (the `growing` mark), and the
 * mmap may fail (ENOMEM). NCHUNK chunk records stand for the address
 * space. Left out: chunks of one slot, retired chunks
 * (mltp_set_stack_size), the maintainer's reserve ahead (the same grow;
 * with MLTP_STACK_CACHE, 0 in unmap's and release's limits here), the
 * decay's marks (SEEN is RESIDENT here).
 *
 * Each slot is in one state, a byte in its chunk's record: USED (handed
 * out), RELEASING (free, madvise(MADV_DONTNEED) on it with the lock
 * dropped), CLEAN (free, no pages), RESIDENT (free, with its pages). A
 * slot is takeable if CLEAN or RESIDENT, and pool.free counts the pool's
 * takeable slots: a RELEASING one is no take's. A chunk is on avail iff
 * it is linked and has a takeable slot; a take takes a RESIDENT one
 * first, else a CLEAN one, found in the state bytes, so its index is
 * below NSLOT.
 *
 * The promises stay covered by takeable slots: a reserve grows the pool
 * until promised + 1 <= pool.free; a chunk is unmapped only if pool.free
 * less its slots is still >= promised; release moves at most
 * pool.free - promised of the chunk's RESIDENT slots to RELEASING (the
 * others stay RESIDENT); a take with no promise takes a slot only if
 * pool.free > promised.
 *
 * Every section under the chunks' lock is one atomic step: the lock
 * orders them, and outside it only the checks read what they change
 * (holder[] and mapped[] are the checks' own). The system calls (mmap,
 * madvise, munmap) are steps of their own, the lock dropped.
 *
 * Checked: a take's slot index is below NSLOT and nobody holds the slot;
 * a write goes to a slot of a mapped, linked chunk that is USED and held
 * by the writer (not RELEASING, not unmapped); madvise only on RELEASING
 * slots of a mapped chunk; munmap only of a chunk with no USED or
 * RELEASING slot; one chunk of the pool at most being mapped at a time;
 * promised (promises not yet on a slot) never above pool.free (CLEAN +
 * RESIDENT) at the end of every section under the lock; a take holding
 * a promise finds a chunk on avail (it never grows, so never fails
 * because an mmap failed); no invalid end state (a thread waiting for a
 * mark nobody clears).
 *
 * NOFIX_RELEASING_STATE: the slots as the previous ult/chunk.c kept them
 * (free[] with the released ones first, nfree, nclean, carved, out, and
 * an avail mark): release takes the chunk's resident slots (as many as
 * the limit lets) out of free[], counts them out and drops the lock for
 * madvise with the chunk still on avail; a take from it with no free
 * slot left carves slot carved++, which is NSLOT (a stack past the
 * chunk's end) once every slot was carved. (Spin may stop first at the
 * same release's other fault: a take meanwhile that takes the chunk's
 * last slot takes it off avail, and the released slots come back with it
 * still off: a free slot that no take finds, and a take holding a
 * promise finds no chunk on avail.) NOFIX_GROWING: no growing mark: each
 * thread that finds too few free slots maps a chunk, two at once.
 * NOFIX_RELEASE_LIMIT: release moves every RESIDENT slot of the chunk to
 * RELEASING, as the design had first, and the check of promised against
 * pool.free is off, so that Spin finds what its breach leads to: a take
 * holding a promise whose takeable slots are all RELEASING finds no
 * chunk on avail.
 */

#define NVP 2
#define NCHUNK 2                /* chunk records: both in use, mmap fails */
#define NSLOT 2                 /* slots a chunk */
#define ROUNDS 2                /* ULTs each VP makes */
#define MSTEPS 3                /* the maintainer's steps */

/* a slot's state (CLEAN is 0: a new chunk's slots) */
#define CLEAN 0
#define RESIDENT 1
#define USED 2
#define RELEASING 3

/* a chunk record's state */
#define R_NONE 0                /* no chunk: mmap may make one here */
#define R_MAPPING 1             /* grow's mmap, the lock dropped */
#define R_LINKED 2              /* in the pool */
#define R_UNMAPPING 3           /* unlinked, munmap with the lock dropped */

/* what a look under the lock found */
#define A_DONE 0
#define A_WAIT 1                /* another maps a chunk: wait, look again */
#define A_GROW 2                /* map one */
#define A_FAIL 3                /* mmap fails: ENOMEM */

/* the growing mark is set and looked at (NOFIX_GROWING: never) */
#ifdef NOFIX_GROWING
#define MARK 0
#else
#define MARK 1
#endif

byte st[NCHUNK * NSLOT];        /* slot c * NSLOT + s */
byte holder[NCHUNK * NSLOT];    /* the VP that holds it + 1, or 0 */
byte rec[NCHUNK];
bit mapped[NCHUNK];
bit growing;                    /* the default pool's mark */
byte mapping;                   /* chunks of the pool being mapped now */
byte promised;

#ifdef NOFIX_RELEASING_STATE
/* the previous ult/chunk.c's: free[0, nclean) released, [nclean, nfree)
   with pages; slots [0, carved) ever handed out; out: in use or being
   released; on avail (avail_add, avail_remove). st[] is then the
   checks' own record of each slot. */
byte fr[NCHUNK * NSLOT];
byte nfree[NCHUNK], nclean[NCHUNK], carved[NCHUNK], out[NCHUNK];
bit on_avail[NCHUNK];
#define AVAIL(c) (rec[c] == R_LINKED && on_avail[c])
#endif

/* a slot a take may have (a free one, not RELEASING) */
#define TAKEABLE(x) (st[x] == CLEAN || st[x] == RESIDENT)
#ifndef NOFIX_RELEASING_STATE
#define AVAIL(c) (rec[c] == R_LINKED && (TAKEABLE((c) * NSLOT) || TAKEABLE((c) * NSLOT + 1)))
#endif

/* takeable slots of a linked chunk, and of the pool (pool.free; NSLOT 2,
   NCHUNK 2) */
#define CFREE(c) (rec[c] == R_LINKED -> TAKEABLE((c) * NSLOT) + TAKEABLE((c) * NSLOT + 1) : 0)
#define POOL_FREE (CFREE(0) + CFREE(1))
#define BUSY(c) (st[(c) * NSLOT] == USED || st[(c) * NSLOT] == RELEASING || \
                 st[(c) * NSLOT + 1] == USED || st[(c) * NSLOT + 1] == RELEASING)

/* the end of every section under the lock (NOFIX_RELEASE_LIMIT: not
   looked at, so that Spin finds what its breach leads to) */
#ifdef NOFIX_RELEASE_LIMIT
#define UNLOCK skip
#else
#define UNLOCK assert(promised <= POOL_FREE)
#endif

/* release may move one more RESIDENT slot to RELEASING: while the pool
   has takeable slots beyond the promises. Each move takes one off
   POOL_FREE, so this is ult/chunk.c's `over` cut to pool.free - promised
   once at the start (NOFIX_RELEASE_LIMIT: every one) */
#ifdef NOFIX_RELEASE_LIMIT
#define ROOM 1
#else
#define ROOM (promised < POOL_FREE)
#endif

/* grow, under the lock: no chunk while another thread maps one (wait,
   look again: the chunk it maps may be enough); else the mark set, a
   record for the mmap (none left: mmap fails) */
inline grow_look() {
    if
    :: MARK && growing -> act = A_WAIT
    :: else ->
        r = 0;
        do
        :: r < NCHUNK && rec[r] != R_NONE -> r++
        :: else -> break
        od;
        if
        :: r < NCHUNK ->
            rec[r] = R_MAPPING;
            growing = MARK;
            mapping++;
            act = A_GROW
        :: else -> act = A_FAIL
        fi
    fi
}

/* grow, the lock dropped: mmap and guards (this chunk the only one being
   mapped); then under the lock the chunk is linked, all slots CLEAN, and
   the mark cleared. Or mmap (or a guard) fails: the mark cleared, ENOMEM
   (the waiters look again, and may map one). */
inline grow_map() {
    if
    :: atomic { assert(mapping == 1); mapped[r] = 1 };
        atomic {
            rec[r] = R_LINKED;
#ifdef NOFIX_RELEASING_STATE
            nfree[r] = 0; nclean[r] = 0; carved[r] = 0; out[r] = 0;
            on_avail[r] = 1;
#endif
            mapping--;
            growing = 0;
            UNLOCK
        }
    :: atomic {
            rec[r] = R_NONE;
            mapping--;
            growing = 0;
            act = A_FAIL;
            UNLOCK
        }
    fi
}

/* after a look: wait for the mark, or map */
inline after_look() {
    if
    :: act == A_WAIT -> growing == 0
    :: act == A_GROW -> grow_map()
    :: else -> skip
    fi
}

/* a slot of chunk c into s, under the lock (ult_chunk_take's pick) */
inline take_slot() {
#ifdef NOFIX_RELEASING_STATE
    if
    :: nfree[c] > nclean[c] ->          /* one with pages */
        nfree[c]--;
        s = fr[c * NSLOT + nfree[c]]
    :: nfree[c] <= nclean[c] && nclean[c] > 0 ->    /* one released */
        s = fr[c * NSLOT];
        nclean[c]--;
        fr[c * NSLOT] = fr[c * NSLOT + nclean[c]];
        nfree[c]--
    :: nfree[c] <= nclean[c] && nclean[c] == 0 ->   /* one never used */
        s = carved[c];
        carved[c]++
    fi;
    out[c]++;
    if
    :: nfree[c] == 0 && carved[c] == NSLOT -> on_avail[c] = 0
    :: else -> skip
    fi;
    assert(s < NSLOT);
#else
    /* RESIDENT first, else CLEAN: the index is one of the state bytes' */
    s = 0;
    do
    :: s < NSLOT && st[c * NSLOT + s] != RESIDENT -> s++
    :: else -> break
    od;
    if
    :: s == NSLOT ->
        s = 0;
        do
        :: s < NSLOT && st[c * NSLOT + s] != CLEAN -> s++
        :: else -> break
        od
    :: else -> skip
    fi;
    assert(s < NSLOT);
#endif
    assert(st[c * NSLOT + s] == CLEAN || st[c * NSLOT + s] == RESIDENT);
    assert(holder[c * NSLOT + s] == 0);
    st[c * NSLOT + s] = USED;
    holder[c * NSLOT + s] = me + 1
}

proctype vp(byte me) {
    byte round, act, r, c, s;
    bit own;                    /* this take holds no promise */

    do
    :: round == ROUNDS -> break
    :: round < ROUNDS ->
        round++;
        /* a ULT of the default shape (mltp_create: a promise first), or
           one whose stack, of another shape, became the default's (no
           promise: a take of its own) */
        if
        :: own = 0
        :: own = 1
        fi;
        /* ult_chunk_reserve: a promise, the pool grown first when its
           takeable slots would not cover it */
        do
        :: own == 1 -> break
        :: own == 0 ->
           atomic {
            if
            :: promised < POOL_FREE -> promised++; act = A_DONE
            :: else -> grow_look()
            fi;
            UNLOCK
           };
           after_look();
           if
           :: act == A_DONE || act == A_FAIL -> break
           :: else -> skip
           fi
        od;
        if
        :: own == 0 && act == A_FAIL -> goto next      /* mltp_create: ENOMEM */
        :: else -> skip
        fi;
        /* ult_chunk_take: a slot of the lowest chunk on avail. With a
           promise: the promise is covered by a takeable slot, so there is
           one: it never grows (nor fails for an mmap that failed). With
           none: only a slot the promises leave, else grow (which may
           fail: ENOMEM) */
        do
        :: atomic {
            c = 0;
            do
            :: c < NCHUNK && !AVAIL(c) -> c++
            :: else -> break
            od;
            if
            :: own == 0 ->
                assert(c < NCHUNK);
                take_slot();
                promised--;
                act = A_DONE
            :: own == 1 && promised < POOL_FREE ->
                assert(c < NCHUNK);
                take_slot();
                act = A_DONE
            :: own == 1 && promised >= POOL_FREE -> grow_look()
            fi;
            UNLOCK
           };
           after_look();
           if
           :: act == A_DONE || act == A_FAIL -> break
           :: else -> skip
           fi
        od;
        own = 0;
        if
        :: act == A_FAIL -> goto next      /* ENOMEM: no stack for it */
        :: else -> skip
        fi;
        /* the ULT runs on it */
        atomic {
            assert(mapped[c] && rec[c] == R_LINKED && s < NSLOT);
            assert(st[c * NSLOT + s] == USED && holder[c * NSLOT + s] == me + 1)
        };
        /* ult_chunk_give: it keeps its pages */
        atomic {
            holder[c * NSLOT + s] = 0;
            st[c * NSLOT + s] = RESIDENT;
#ifdef NOFIX_RELEASING_STATE
            fr[c * NSLOT + nfree[c]] = s;
            nfree[c]++;
            out[c]--;
            on_avail[c] = 1;
#endif
            UNLOCK
        };
next:
        skip
    od
}

proctype maintainer() {
    byte step, c, j;
    byte idx[NSLOT], n;
    bit ok;

    do
    :: step == MSTEPS -> break
    :: step < MSTEPS ->
        step++;
        if
        :: c = 0
        :: c = 1
        fi;
        if
        :: /* release: the chunk's RESIDENT slots RELEASING, madvise with
              the lock dropped, then CLEAN */
            atomic {
                n = 0;
#ifdef NOFIX_RELEASING_STATE
                if
                :: rec[c] == R_LINKED ->
                    /* out of free[] (from its end: the ones with pages),
                       counted out, still on avail */
                    do
                    :: nfree[c] > nclean[c] && ROOM ->
                        nfree[c]--;
                        idx[n] = fr[c * NSLOT + nfree[c]];
                        st[c * NSLOT + idx[n]] = RELEASING;
                        n++
                    :: else -> break
                    od;
                    out[c] = out[c] + n
                :: else -> skip
                fi;
#else
                j = 0;
                do
                :: rec[c] == R_LINKED && j < NSLOT ->
                    if
                    :: st[c * NSLOT + j] == RESIDENT && ROOM ->
                        st[c * NSLOT + j] = RELEASING;
                        idx[n] = j;
                        n++
                    :: else -> skip
                    fi;
                    j++
                :: else -> break
                od;
#endif
                UNLOCK
            };
            if
            :: n > 0 ->
                atomic {        /* madvise(MADV_DONTNEED) */
                    j = 0;
                    do
                    :: j < n ->
                        assert(mapped[c] && st[c * NSLOT + idx[j]] == RELEASING);
                        j++
                    :: else -> break
                    od
                };
                atomic {
                    j = 0;
                    do
                    :: j < n ->
                        st[c * NSLOT + idx[j]] = CLEAN;
#ifdef NOFIX_RELEASING_STATE
                        fr[c * NSLOT + nfree[c]] = fr[c * NSLOT + nclean[c]];
                        nfree[c]++;
                        fr[c * NSLOT + nclean[c]] = idx[j];
                        nclean[c]++;
#endif
                        j++
                    :: else -> break
                    od;
#ifdef NOFIX_RELEASING_STATE
                    out[c] = out[c] - n;
#endif
                    UNLOCK
                }
            :: else -> skip
            fi
        :: /* unmap: a chunk with no slot out whose free slots the
              promises do not need: unlinked under the lock, munmap
              with it dropped */
            atomic {
#ifdef NOFIX_RELEASING_STATE
                ok = rec[c] == R_LINKED && out[c] == 0 &&
                     POOL_FREE - NSLOT >= promised;
#else
                ok = rec[c] == R_LINKED && !BUSY(c) &&
                     POOL_FREE - NSLOT >= promised;
#endif
                if
                :: ok ->
                    rec[c] = R_UNMAPPING;
#ifdef NOFIX_RELEASING_STATE
                    on_avail[c] = 0;
#endif
                    skip
                :: else -> skip
                fi;
                UNLOCK
            };
            if
            :: ok ->
                if
                :: atomic {     /* munmap */
                    assert(!BUSY(c));
                    mapped[c] = 0;
                    j = 0;
                    do
                    :: j < NSLOT -> st[c * NSLOT + j] = CLEAN; j++
                    :: else -> break
                    od;
                    rec[c] = R_NONE
                   }
                :: atomic {     /* munmap failed: linked back, tried later */
                    rec[c] = R_LINKED;
#ifdef NOFIX_RELEASING_STATE
                    on_avail[c] = 1;
#endif
                    UNLOCK
                   }
                fi
            :: else -> skip
            fi
        fi
    od
}

init {
    atomic {
        run vp(0);
        run vp(1);
        run maintainer()
    }
}
