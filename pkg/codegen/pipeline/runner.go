package pipeline

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strings"
	"time"
)

// Report is what the runner observed of one stage.
type Report struct {
	Stage   Stage
	Index   int
	Total   int
	Elapsed time.Duration
	// Allocated is the bytes allocated while the stage ran.
	Allocated uint64
}

// Runner runs stages in order.
type Runner struct {
	Stages []Stage
	// Observe, when set, is called after each stage.
	Observe func(Report)
	// AfterStage, when set, is called with the state after each stage (for --debug-stage), or
	// after those of AfterStageOf alone when that is set.
	AfterStage func(id string, s State) error
	// AfterStageOf, when set, lists the stages AfterStage is called for. The state of a stage
	// reported while a check still runs is held until the check is joined; holding only these
	// keeps what later stages released from staying alive in the reports of the others.
	AfterStageOf []string
	// Release drops, after each stage, the side data no later stage reads, except the keys in
	// Keep (what the caller reads from the final state): the loaded swagger, once the types are
	// built, need not stay in memory through the emitters.
	Release bool
	Keep    []string
}

// Check verifies the stage list before anything runs: IDs are unique, every stage's
// prerequisites run before it, and every key a stage reads is among inputs (the keys of the
// initial state) or written by an earlier stage.
func (r Runner) Check(inputs ...string) error {
	seen := make(map[string]bool)
	// writer names, per key, who provides it: "" for an input.
	writer := make(map[string]string)
	for _, k := range inputs {
		writer[k] = ""
	}
	for _, st := range r.Stages {
		if st.ID == "" || st.Run == nil {
			return fmt.Errorf("pipeline: stage %q has no id or no function", st.ID)
		}
		if seen[st.ID] {
			return fmt.Errorf("pipeline: stage %q appears twice", st.ID)
		}
		for _, req := range st.Requires {
			if !seen[req] {
				return fmt.Errorf("pipeline: stage %q needs %q to run before it", st.ID, req)
			}
		}
		for _, k := range st.Reads {
			if _, ok := writer[k]; !ok {
				return fmt.Errorf("pipeline: stage %q reads state key %q, which no earlier stage writes%s", st.ID, k, laterWriter(r.Stages, st.ID, k))
			}
		}
		if st.Check && len(st.Writes) > 0 {
			return fmt.Errorf("pipeline: stage %q is a check but declares it writes %s; a check only reads", st.ID, strings.Join(st.Writes, ", "))
		}
		for _, k := range st.Writes {
			writer[k] = st.ID
		}
		seen[st.ID] = true
	}
	return nil
}

// laterWriter says which stages write k after the stage that reads it, if any: the usual
// mistake is a stage list in the wrong order.
func laterWriter(stages []Stage, reader, k string) string {
	var ws []string
	for _, st := range stages {
		if st.ID != reader && slices.Contains(st.Writes, k) {
			ws = append(ws, fmt.Sprintf("%q", st.ID))
		}
	}
	if len(ws) == 0 {
		return ""
	}
	return " (written by " + strings.Join(ws, ", ") + ", which must run before it)"
}

// Has reports whether a stage with this ID is in the pipeline.
func (r Runner) Has(id string) bool {
	return slices.ContainsFunc(r.Stages, func(st Stage) bool { return st.ID == id })
}

// Run checks the stage list against the keys s holds, then runs every stage, stopping at the
// first error or cancellation. Check and Beside stages run beside the stages after them (see
// Stage.Check and Stage.Beside);
// what the caller sees is as if each ran in its turn: the same error, and Observe and AfterStage
// called in stage order.
func (r Runner) Run(ctx context.Context, s State) (State, error) {
	if err := r.Check(s.SideNames()...); err != nil {
		return s, err
	}
	lastRead := make(map[string]int)
	for i, st := range r.Stages {
		for _, k := range st.Reads {
			lastRead[k] = i
		}
	}
	release := func(s State, i int) State {
		if !r.Release {
			return s
		}
		return s.release(func(k string) bool {
			last, read := lastRead[k]
			return (!read || last <= i) && !slices.Contains(r.Keep, k)
		})
	}
	var bg background
	defer bg.abandon()
	for i, st := range r.Stages {
		if err := ctx.Err(); err != nil {
			return s, bg.firstError(fmt.Errorf("stopped before stage %q: %w", st.ID, err))
		}
		if c := bg.neededBy(st); c != nil {
			var err error
			if s, err = bg.join(r, s, c); err != nil {
				return s, err
			}
			s = release(s, i-1)
		}
		var before runtime.MemStats
		if r.Observe != nil {
			runtime.ReadMemStats(&before)
		}
		start := time.Now()
		if runsBeside(st) && i < len(r.Stages)-1 {
			bg.start(ctx, st, i, s, r.Observe != nil, r.wantsState(st.ID), func(k string) bool { return lastRead[k] > i })
			continue
		}
		next, err := runStage(ctx, st, s, func(k string) bool { return lastRead[k] > i })
		if err != nil {
			return s, bg.firstError(fmt.Errorf("%s: %w", st.ID, err))
		}
		s = next
		done := finished{index: i, stage: st, elapsed: time.Since(start)}
		if r.wantsState(st.ID) {
			done.state = s
		}
		if r.Observe != nil {
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			done.allocated = after.TotalAlloc - before.TotalAlloc
		}
		if err := bg.report(r, done); err != nil {
			return s, bg.firstError(err)
		}
		s = release(s, i)
	}
	s, err := bg.join(r, s, nil)
	if err != nil {
		return s, err
	}
	return release(s, len(r.Stages)-1), nil
}

// wantsState reports whether AfterStage is called for the stage id.
func (r Runner) wantsState(id string) bool {
	return r.AfterStage != nil && (r.AfterStageOf == nil || slices.Contains(r.AfterStageOf, id))
}

// runStage runs one stage, turning a panic into an error that names the stage: a bug in one
// stage must not take down a whole generation without saying where. It also holds the stage to
// its declarations: everything it declared it writes, it must write.
func runStage(ctx context.Context, st Stage, s State, readLater func(string) bool) (next State, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error (please report): %v\n%s", r, debug.Stack())
		}
	}()
	f := &frame{stage: st, wrote: make(map[string]bool), readLater: readLater}
	s.running = f
	// The stage's label follows every goroutine it starts, so a CPU profile splits by stage
	// (pprof -tagfocus stage=emit-crds) and an execution trace shows each stage as a region.
	defer trace.StartRegion(ctx, st.ID).End()
	pprof.Do(ctx, pprof.Labels("stage", st.ID), func(ctx context.Context) {
		next, err = st.Run(ctx, s)
	})
	next.running = nil
	if err != nil {
		return next, err
	}
	for _, k := range st.Writes {
		if !f.wrote[k] {
			return next, fmt.Errorf("internal error (please report): stage %q declares it writes state key %q but did not write it", st.ID, k)
		}
	}
	return next, nil
}
