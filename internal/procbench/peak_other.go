//go:build !linux && !darwin

package main

import "os"

// peakRSS is unknown here.
func peakRSS(*os.ProcessState) uint64 { return 0 }
