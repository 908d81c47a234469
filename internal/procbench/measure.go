package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"time"
)

// measure is what one run of a process cost.
type measure struct {
	Wall time.Duration
	CPU  time.Duration // user + system, of the child and of any child it waited for
	Peak uint64        // most resident memory, in bytes (0 where the system does not say)
}

func (m measure) String() string {
	return fmt.Sprintf("wall %.2fs, cpu %.2fs, peak %d MiB", m.Wall.Seconds(), m.CPU.Seconds(), m.Peak>>20)
}

// run starts argv, waits for it to exit and measures it. out receives its stdout and stderr;
// nil keeps them, to be shown only if the run fails.
func run(argv []string, out io.Writer) (measure, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	var kept bytes.Buffer
	if out == nil {
		out = &kept
	}
	cmd.Stdout, cmd.Stderr, cmd.Stdin = out, out, os.Stdin
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		if kept.Len() > 0 {
			os.Stderr.Write(kept.Bytes())
		}
		return measure{}, err
	}
	st := cmd.ProcessState
	return measure{Wall: wall, CPU: st.UserTime() + st.SystemTime(), Peak: peakRSS(st)}, nil
}

// median takes each figure's median on its own, so that one slow run (the machine is shared)
// moves none of them.
func median(ms []measure) measure {
	pick := func(f func(measure) int64) int64 {
		v := make([]int64, len(ms))
		for i, m := range ms {
			v[i] = f(m)
		}
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return measure{
		Wall: time.Duration(pick(func(m measure) int64 { return int64(m.Wall) })),
		CPU:  time.Duration(pick(func(m measure) int64 { return int64(m.CPU) })),
		Peak: uint64(pick(func(m measure) int64 { return int64(m.Peak) })),
	}
}
