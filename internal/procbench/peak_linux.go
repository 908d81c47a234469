package main

import (
	"os"
	"syscall"
)

// peakRSS is the child's maxrss, which Linux counts in KiB.
func peakRSS(st *os.ProcessState) uint64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return uint64(ru.Maxrss) << 10
	}
	return 0
}
