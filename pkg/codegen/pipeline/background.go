package pipeline

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"time"
)

// background holds the stages running beside the main line (checks, and stages marked Beside),
// and the reports of the stages that finished since the first of them started: Observe and
// AfterStage see every stage in stage order, as if each had run in its turn.
type background struct {
	// queue is in stage order: a running (or joined but not yet reported) stage beside the main
	// line, or a main-line stage that finished behind one.
	queue []*entry
}

// entry is one place in the report queue.
type entry struct {
	run *besideRun // nil for a main-line stage
	fin finished
	// before are the stages beside the main line that come before this one in stage order and
	// were joined after it started: its reported state holds what they wrote.
	before []*besideRun
}

// besideRun is one stage running in its goroutine.
type besideRun struct {
	stage  Stage
	index  int
	done   chan struct{}
	out    State
	fin    finished
	err    error
	joined bool
}

// finished is what the runner reports of a stage once it has run.
type finished struct {
	index     int
	stage     Stage
	state     State
	elapsed   time.Duration
	allocated uint64
}

// runsBeside reports whether the runner may run st beside the stages after it.
func runsBeside(st Stage) bool { return st.Check || st.Beside }

// start runs st on s in a goroutine; keepState keeps its state in the report, for AfterStage.
func (b *background) start(ctx context.Context, st Stage, index int, s State, measure, keepState bool, readLater func(string) bool) {
	c := &besideRun{stage: st, index: index, done: make(chan struct{})}
	b.queue = append(b.queue, &entry{run: c})
	go func() {
		defer close(c.done)
		var before runtime.MemStats
		if measure {
			runtime.ReadMemStats(&before)
		}
		start := time.Now()
		out, err := runStage(ctx, st, s, readLater)
		if err == nil && !sameDefinitions(out, s) {
			err = fmt.Errorf("internal error (please report): stage %q runs beside the stages after it but changed the definitions, which they read", st.ID)
		}
		// Until it is joined, a stage run beside the main line holds only what it wrote: the
		// side data it read may be released from the main line long before the join (the
		// exports, and through them the swagger), and must not stay alive here till then.
		c.out = out.release(func(k string) bool { return !slices.Contains(st.Writes, k) })
		c.fin = finished{index: index, stage: st, elapsed: time.Since(start)}
		if keepState {
			c.fin.state = out
		}
		if measure {
			// The allocations of the stages beside it count too: the figure of a stage run
			// beside others is an upper bound.
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			c.fin.allocated = after.TotalAlloc - before.TotalAlloc
		}
		if err != nil {
			c.err = fmt.Errorf("%s: %w", st.ID, err)
		}
	}()
}

// sameDefinitions reports whether two states hold the same definitions map (not an equal one:
// a stage that kept its input's map changed nothing in it, as stages never change the map they
// are given).
func sameDefinitions(a, b State) bool {
	return reflect.ValueOf(a.definitions).UnsafePointer() == reflect.ValueOf(b.definitions).UnsafePointer()
}

// neededBy returns the last running stage that st must wait for: one it requires, one that writes
// a key st reads or writes, or, for a check, any (a check reads the whole state as the stages
// before it left it); nil if none.
func (b *background) neededBy(st Stage) *besideRun {
	var last *besideRun
	for _, e := range b.queue {
		c := e.run
		if c == nil || c.joined {
			continue
		}
		if st.Check || slices.Contains(st.Requires, c.stage.ID) ||
			slices.ContainsFunc(c.stage.Writes, func(k string) bool {
				return slices.Contains(st.Reads, k) || slices.Contains(st.Writes, k)
			}) {
			last = c
		}
	}
	return last
}

// running reports whether any stage still runs beside the main line.
func (b *background) running() bool {
	return slices.ContainsFunc(b.queue, func(e *entry) bool { return e.run != nil && !e.run.joined })
}

// report hands a finished stage to Observe and AfterStage, or queues it behind a stage started
// before it.
func (b *background) report(r Runner, f finished) error {
	if len(b.queue) > 0 {
		b.queue = append(b.queue, &entry{fin: f})
		return nil
	}
	return r.reportStage(f)
}

// join waits for the stages running beside the main line up to and including upto (all of them
// if upto is nil), in stage order, and returns s with what they wrote. The first error in stage
// order wins, as it would have stopped the run before the others. Then the reports queued behind
// the joined stages are made, each state with the writes of the stages before it.
func (b *background) join(r Runner, s State, upto *besideRun) (State, error) {
	for _, e := range b.queue {
		c := e.run
		if c == nil || c.joined {
			continue
		}
		<-c.done
		c.joined = true
		if c.err != nil {
			b.drop()
			return s, c.err
		}
		s = s.adopt(c.out, c.stage.Writes)
		for _, later := range b.queue {
			if index(later) > c.index {
				later.before = append(later.before, c)
			}
		}
		if c == upto {
			break
		}
	}
	for len(b.queue) > 0 {
		e := b.queue[0]
		if e.run != nil && !e.run.joined {
			break
		}
		b.queue = b.queue[1:]
		f := e.fin
		if e.run != nil {
			f = e.run.fin
		}
		if r.wantsState(f.stage.ID) {
			for _, c := range e.before {
				f.state = f.state.adopt(c.out, c.stage.Writes)
			}
		}
		if err := r.reportStage(f); err != nil {
			b.drop()
			return s, err
		}
	}
	return s, nil
}

// index is the stage index of a queue entry.
func index(e *entry) int {
	if e.run != nil {
		return e.run.index
	}
	return e.fin.index
}

// firstError is the error of a run that stopped with err: the first error, in stage order, of
// the stages still running beside it, since they started before the stage that failed.
func (b *background) firstError(err error) error {
	for _, e := range b.queue {
		if c := e.run; c != nil && !c.joined {
			<-c.done
			c.joined = true
			if c.err != nil {
				err = c.err
				break
			}
		}
	}
	b.drop()
	return err
}

// drop waits for every stage still running and forgets the queue.
func (b *background) drop() {
	b.abandon()
	b.queue = nil
}

// abandon waits for the stages still running when Run returns early, so that no stage outlives it.
func (b *background) abandon() {
	for _, e := range b.queue {
		if c := e.run; c != nil && !c.joined {
			<-c.done
			c.joined = true
		}
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
