package pipeline

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"
)

// background is the check stage running beside the main line of stages (at most one: a second
// check joins the first before it starts), and the stages that finished since it started, whose
// reports wait so that Observe and AfterStage still see the stages in order.
type background struct {
	running *check
	held    []finished
}

// check is one check stage running in its goroutine. It holds the state it reads only while it
// runs: a check done long before the stage that joins it must not keep side data that the runner
// has released from the main line (the exports, and through them the swagger) alive till then.
type check struct {
	stage Stage
	index int
	done  chan struct{}
	err   error
	rep   finished
}

// finished is what the runner reports of a stage once it has run. state is set only for
// AfterStage, the one reader of it: a report held behind a running check would otherwise keep
// what later stages released.
type finished struct {
	index     int
	stage     Stage
	state     State
	elapsed   time.Duration
	allocated uint64
}

// start runs st on s in a goroutine; keepState keeps s in the report, for AfterStage.
func (b *background) start(ctx context.Context, st Stage, index int, s State, measure, keepState bool) {
	c := &check{stage: st, index: index, done: make(chan struct{})}
	b.running = c
	go func() {
		defer close(c.done)
		var before runtime.MemStats
		if measure {
			runtime.ReadMemStats(&before)
		}
		start := time.Now()
		_, err := runStage(ctx, st, s, nil)
		c.rep = finished{index: index, stage: st, elapsed: time.Since(start)}
		if keepState {
			c.rep.state = s
		}
		if measure {
			// The allocations of the stages beside it count too: a check's figure is an upper
			// bound.
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			c.rep.allocated = after.TotalAlloc - before.TotalAlloc
		}
		if err != nil {
			c.err = fmt.Errorf("%s: %w", st.ID, err)
		}
	}()
}

// neededBy reports whether st must wait for the running check: it requires it, or it is a check
// itself.
func (b *background) neededBy(st Stage) bool {
	return b.running != nil && (st.Check || slices.Contains(st.Requires, b.running.stage.ID))
}

// report hands a finished stage to Observe and AfterStage, or holds it while a check started
// before it still runs.
func (b *background) report(r Runner, f finished) error {
	if b.running != nil {
		b.held = append(b.held, f)
		return nil
	}
	return r.reportStage(f)
}

// join waits for the running check, then reports it and the stages held behind it; its error
// comes first, as it would have stopped the run before them.
func (b *background) join(r Runner) error {
	c := b.running
	if c == nil {
		return nil
	}
	<-c.done
	b.running = nil
	held := b.held
	b.held = nil
	if c.err != nil {
		return c.err
	}
	if err := r.reportStage(c.rep); err != nil {
		return err
	}
	for _, f := range held {
		if err := r.reportStage(f); err != nil {
			return err
		}
	}
	return nil
}

// firstError is the error of a run that stopped with err: the running check's own error if it
// has one, since in stage order it would have come first.
func (b *background) firstError(err error) error {
	if b.running == nil {
		return err
	}
	<-b.running.done
	if b.running.err != nil {
		err = b.running.err
	}
	b.running = nil
	b.held = nil
	return err
}

// abandon waits for a check still running when Run returns early, so that no stage outlives it.
func (b *background) abandon() {
	if b.running != nil {
		<-b.running.done
		b.running = nil
	}
}

// reportStage calls Observe and AfterStage for a stage that has run.
func (r Runner) reportStage(f finished) error {
	if r.Observe != nil {
		r.Observe(Report{Stage: f.stage, Index: f.index, Total: len(r.Stages), Elapsed: f.elapsed, Allocated: f.allocated})
	}
	if r.wantsState(f.stage.ID) {
		return r.AfterStage(f.stage.ID, f.state)
	}
	return nil
}
