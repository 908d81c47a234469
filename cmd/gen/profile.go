package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
)

// startProfiles starts the CPU profile and the execution trace and returns a function that stops
// them and writes the heap profile; all are for finding where generation spends its time (go tool
// pprof FILE; go tool trace FILE shows, per stage, when a core sits idle).
func startProfiles(cpuFile, memFile, traceFile string) (func() error, error) {
	var cpu, tr *os.File
	if cpuFile != "" {
		f, err := os.Create(cpuFile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, fmt.Errorf("cpu profile: %w", err)
		}
		cpu = f
	}
	if traceFile != "" {
		f, err := os.Create(traceFile)
		if err == nil {
			err = trace.Start(f)
		}
		if err != nil {
			if cpu != nil {
				pprof.StopCPUProfile()
				cpu.Close()
			}
			if f != nil {
				f.Close()
			}
			return nil, fmt.Errorf("trace: %w", err)
		}
		tr = f
	}
	return func() error {
		if tr != nil {
			trace.Stop()
			if err := tr.Close(); err != nil {
				return err
			}
		}
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return err
			}
		}
		if memFile != "" {
			f, err := os.Create(memFile)
			if err != nil {
				return err
			}
			defer f.Close()
			runtime.GC()
			return pprof.WriteHeapProfile(f)
		}
		return nil
	}, nil
}
