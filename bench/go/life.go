// SPDX-License-Identifier: LGPL-2.1-or-later
// bench/go/life.go - the life of a goroutine, for mltp_bench's "life of a
// ULT" rows (bench/ops_life.c): N goroutines each count themselves in and
// block on a channel; once all are in, the channel is closed and all are
// waited for. It prints the time per goroutine from the first go statement
// to the end of the wait, and the resident memory per goroutine while all
// are blocked, as "ns_per N bytes_per N". GOMAXPROCS comes from the
// environment. Built by make when configure finds go; nothing else needs it.
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// resident bytes (/proc/self/statm's second field, in pages)
func resident() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	var size, res int64
	if _, err := fmt.Sscan(string(b), &size, &res); err != nil {
		return 0
	}
	return res * int64(os.Getpagesize())
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go-life N")
		os.Exit(2)
	}
	n, err := strconv.Atoi(os.Args[1])
	if err != nil || n < 1 {
		fmt.Fprintln(os.Stderr, "go-life: N must be a positive number")
		os.Exit(2)
	}
	var arrived int64
	release := make(chan struct{})
	var wg sync.WaitGroup
	r0 := resident()
	t0 := time.Now()
	wg.Add(n)
	for i := 0; i < n; i++ {
		go func() {
			atomic.AddInt64(&arrived, 1)
			<-release
			wg.Done()
		}()
	}
	for atomic.LoadInt64(&arrived) < int64(n) {
		runtime.Gosched()
	}
	ta := time.Now()
	r1 := resident()
	pause := time.Since(ta)
	close(release)
	wg.Wait()
	elapsed := time.Since(t0) - pause
	fmt.Printf("ns_per %.1f bytes_per %.1f\n", float64(elapsed.Nanoseconds())/float64(n),
		float64(r1-r0)/float64(n))
}
