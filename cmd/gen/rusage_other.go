//go:build !unix

package main

func peakRSS() uint64 { return 0 }
