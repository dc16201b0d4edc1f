// SPDX-License-Identifier: LGPL-2.1-or-later
// bench/go/echo.go - goroutines that talk over socketpairs, for
// mltp_bench's descriptor rows (bench/ops_fd.c): PAIRS pairs at once,
// each a client that writes 4 bytes and reads their echo MSGS times and a
// server that echoes until EOF (one pair: a ping-pong). The sockets are
// the kernel's AF_UNIX socketpair(2), made net.Conns (net.FileConn), so
// a read that would block parks its goroutine in Go's netpoller, as a
// ULT waits in MLTP's poller. It prints the wall time in ns, from the
// first go statement to the end of the wait, and the echoes, as "ns T
// echoed E". GOMAXPROCS comes from the environment. Built by make when
// configure finds go; nothing else needs it.
package main

import (
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

func pair() (net.Conn, net.Conn) {
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "go-echo: socketpair:", err)
		os.Exit(1)
	}
	conn := func(fd int) net.Conn {
		f := os.NewFile(uintptr(fd), "socket")
		c, err := net.FileConn(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "go-echo: FileConn:", err)
			os.Exit(1)
		}
		f.Close()
		return c
	}
	return conn(fds[0]), conn(fds[1])
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "go-echo:", err)
	os.Exit(1)
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: go-echo PAIRS MSGS")
		os.Exit(2)
	}
	pairs, err := strconv.Atoi(os.Args[1])
	msgs, err2 := strconv.Atoi(os.Args[2])
	if err != nil || err2 != nil || pairs < 1 || msgs < 1 {
		fmt.Fprintln(os.Stderr, "go-echo: PAIRS and MSGS must be positive numbers")
		os.Exit(2)
	}
	conns := make([][2]net.Conn, pairs)
	for i := range conns {
		conns[i][0], conns[i][1] = pair()
	}
	var wg sync.WaitGroup
	var echoed int64
	var mu sync.Mutex
	t0 := time.Now()
	wg.Add(2 * pairs)
	for i := 0; i < pairs; i++ {
		go func(c net.Conn) { // server: echo until EOF
			defer wg.Done()
			b := make([]byte, 16)
			for {
				n, err := c.Read(b)
				if err != nil {
					c.Close()
					return
				}
				if _, err := c.Write(b[:n]); err != nil {
					fail(err)
				}
			}
		}(conns[i][1])
		go func(c net.Conn) { // client
			defer wg.Done()
			b := make([]byte, 4)
			for j := 0; j < msgs; j++ {
				if _, err := c.Write([]byte("ping")); err != nil {
					fail(err)
				}
				if _, err := io.ReadFull(c, b); err != nil {
					fail(err)
				}
			}
			mu.Lock()
			echoed += int64(msgs)
			mu.Unlock()
			c.Close()
		}(conns[i][0])
	}
	wg.Wait()
	fmt.Printf("ns %d echoed %d\n", time.Since(t0).Nanoseconds(), echoed)
}
