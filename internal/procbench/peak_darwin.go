package main

import (
	"os"
	"syscall"
)

// peakRSS is the child's maxrss, which macOS counts in bytes.
func peakRSS(st *os.ProcessState) uint64 {
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return uint64(ru.Maxrss)
	}
	return 0
}
