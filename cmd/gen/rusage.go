//go:build unix

package main

import "syscall"

// peakRSS returns the most memory the process has held, in bytes (0 when unknown).
func peakRSS() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return uint64(ru.Maxrss) * 1024 // Linux reports KiB
}
