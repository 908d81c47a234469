package pipeline

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
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
	// AfterStage, when set, is called with the state after each stage (for --debug-stage).
	AfterStage func(id string, s State) error
}

// Check verifies that IDs are unique and every stage's prerequisites run before it.
func (r Runner) Check() error {
	seen := make(map[string]bool)
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
		seen[st.ID] = true
	}
	return nil
}

// Has reports whether a stage with this ID is in the pipeline.
func (r Runner) Has(id string) bool {
	for _, st := range r.Stages {
		if st.ID == id {
			return true
		}
	}
	return false
}

// Run checks the order, then runs every stage, stopping at the first error or cancellation.
func (r Runner) Run(ctx context.Context, s State) (State, error) {
	if err := r.Check(); err != nil {
		return s, err
	}
	for i, st := range r.Stages {
		if err := ctx.Err(); err != nil {
			return s, err
		}
		var before runtime.MemStats
		if r.Observe != nil {
			runtime.ReadMemStats(&before)
		}
		start := time.Now()
		next, err := runStage(ctx, st, s)
		if err != nil {
			return s, fmt.Errorf("%s: %w", st.ID, err)
		}
		s = next
		if r.Observe != nil {
			elapsed := time.Since(start)
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			r.Observe(Report{Stage: st, Index: i, Total: len(r.Stages), Elapsed: elapsed, Allocated: after.TotalAlloc - before.TotalAlloc})
		}
		if r.AfterStage != nil {
			if err := r.AfterStage(st.ID, s); err != nil {
				return s, err
			}
		}
	}
	return s, nil
}

// runStage runs one stage, turning a panic into an error that names the stage: a bug in one
// stage must not take down a whole generation without saying where.
func runStage(ctx context.Context, st Stage, s State) (next State, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error (please report): %v\n%s", r, debug.Stack())
		}
	}()
	return st.Run(ctx, s)
}
