package pipeline

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"
	"weak"
)

// Side data no later stage reads is dropped from the state as soon as the last reader is done,
// unless the caller keeps it; without Release, everything stays.
func TestRunnerReleasesSideDataNoLaterStageReads(t *testing.T) {
	stages := []Stage{incr("a"), double("b"), incr("c")}
	cases := []struct {
		name                 string
		runner               Runner
		wantCounter, wantDbl bool
	}{
		{"release", Runner{Stages: stages, Release: true}, false, false},
		{"release, keeping doubled", Runner{Stages: stages, Release: true, Keep: Keys(doubled)}, false, true},
		{"no release", Runner{Stages: stages}, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var afterB State
			c.runner.AfterStage = func(id string, s State) error {
				if id == "b" {
					afterB = s
				}
				return nil
			}
			s, err := c.runner.Run(context.Background(), With(NewState(), counter, 0))
			if err != nil {
				t.Fatal(err)
			}
			// c reads counter after b: it must still be there when c runs.
			if !Has(afterB, counter) {
				t.Error("counter was dropped before c, which reads it, ran")
			}
			if got := Has(s, counter); got != c.wantCounter {
				t.Errorf("counter in the final state: %v, want %v", got, c.wantCounter)
			}
			if got := Has(s, doubled); got != c.wantDbl {
				t.Errorf("doubled in the final state: %v, want %v", got, c.wantDbl)
			}
		})
	}
}

// payload is side data large enough to matter, made by one stage and read by a check only.
type payload struct{ data [1 << 16]byte }

var payloadKey = NewKey[*payload]("payload")

// A check that has finished holds nothing: side data it read, which the main line released after
// the check's turn, is collectable while the stages after it still run, not only once a stage
// that Requires the check joins it (check-names, finished during create-conversion-graph, kept
// the exports and through them the swagger documents alive until emit-go).
func TestRunnerFinishedCheckHoldsNoReleasedSideData(t *testing.T) {
	var gone weak.Pointer[payload]
	var checked atomic.Bool
	maker := Stage{ID: "make", Writes: Keys(payloadKey), Run: func(_ context.Context, s State) (State, error) {
		p := &payload{}
		gone = weak.Make(p)
		return With(s, payloadKey, p), nil
	}}
	chk := Stage{ID: "chk", Check: true, Reads: Keys(payloadKey), Run: func(_ context.Context, s State) (State, error) {
		_, err := Get(s, payloadKey)
		checked.Store(true)
		return s, err
	}}
	// The main line drops the payload after the first stage past the check's turn; the second
	// waits for the check to finish and the payload to be collected.
	after := Stage{ID: "after", Run: func(_ context.Context, s State) (State, error) { return s, nil }}
	wait := func(id string) Stage {
		return Stage{ID: id, Run: func(_ context.Context, s State) (State, error) {
			deadline := time.Now().Add(5 * time.Second)
			for !checked.Load() || gone.Value() != nil {
				if time.Now().After(deadline) {
					return State{}, errors.New("the payload the finished check read is still held")
				}
				runtime.GC()
				time.Sleep(time.Millisecond)
			}
			return s, nil
		}}
	}
	var reported []string
	afterStage := func(id string, _ State) error {
		reported = append(reported, id)
		return nil
	}
	runners := map[string]Runner{
		"no AfterStage": {Release: true},
		// AfterStage only for the last stage (as gen's staged writes): the check's report, and
		// that of the stage after it, held until the check is joined, keep no state.
		"AfterStage of the last stage": {Release: true, AfterStage: afterStage, AfterStageOf: []string{"last"}},
	}
	for name, r := range runners {
		t.Run(name, func(t *testing.T) {
			checked.Store(false)
			reported = nil
			r.Stages = []Stage{maker, chk, after, wait("last")}
			if _, err := r.Run(context.Background(), NewState()); err != nil {
				t.Fatal(err)
			}
			if r.AfterStage != nil && !slices.Equal(reported, []string{"last"}) {
				t.Errorf("AfterStage called after %v, want after last only", reported)
			}
		})
	}
}

// ReadLater tells a stage whether a stage after it reads a key: only the runner knows the stages
// after one, so a stage run on its own must assume any key is.
func TestReadLaterKnowsTheStagesAfterTheRunningOne(t *testing.T) {
	var got []bool
	ask := func(id string) Stage {
		return Stage{ID: id, Run: func(_ context.Context, s State) (State, error) {
			got = append(got, ReadLater(s, counter))
			return s, nil
		}}
	}
	r := Runner{Stages: []Stage{ask("first"), incr("reader"), ask("after")}}
	if _, err := r.Run(context.Background(), With(NewState(), counter, 0)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []bool{true, false}) {
		t.Errorf("ReadLater before and after the last reader: %v, want [true false]", got)
	}
	if _, err := ask("alone").Run(context.Background(), NewState()); err != nil || !got[len(got)-1] {
		t.Errorf("ReadLater outside a runner: %v (%v), want true", got[len(got)-1], err)
	}
}
