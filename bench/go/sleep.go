// SPDX-License-Identifier: LGPL-2.1-or-later
// bench/go/sleep.go - goroutines that sleep, for mltp_bench's "1000 ULTs
// sleeping 100 ms" rows (bench/ops_sleep.c): N goroutines each
// time.Sleep(MS milliseconds), all waited for with a sync.WaitGroup. It
// prints the time from the first go statement to the end of the wait,
// the time the go statements took, when the last sleep began (from the
// first go statement) and how late the sleeps ended (the earliest and the
// latest, past each one's own start plus MS), all in ns, as "ns T create
// C last_start S late_min A late_max B". GOMAXPROCS comes from the
// environment. Built by make when configure finds go; nothing else needs
// it.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go-sleep N MS")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	ms, err2 := strconv.Atoi(os.Args[2])
	if err != nil || err2 != nil || n < 1 || ms < 0 {
		fmt.Fprintln(os.Stderr, "go-sleep: N must be a positive number, MS not negative")
		os.Exit(2)
	}
	d := time.Duration(ms) * time.Millisecond
	late := make([]time.Duration, n)
	start := make([]time.Duration, n)
	var wg sync.WaitGroup
	t0 := time.Now()
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func(i int) {
			a := time.Now()
			start[i] = a.Sub(t0)
			time.Sleep(d)
			late[i] = time.Since(a) - d
			wg.Done()
		}(i)
	}
	created := time.Since(t0)
	wg.Wait()
	elapsed := time.Since(t0)
	lo, hi, last := late[0], late[0], start[0]
	for i, l := range late {
		if l < lo {
			lo = l
		}
		if l > hi {
			hi = l
		}
		if start[i] > last {
			last = start[i]
		}
	}
	fmt.Printf("ns %d create %d last_start %d late_min %d late_max %d\n",
		elapsed.Nanoseconds(), created.Nanoseconds(), last.Nanoseconds(), lo.Nanoseconds(),
		hi.Nanoseconds())
}
