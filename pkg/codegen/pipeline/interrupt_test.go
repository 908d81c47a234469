package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// An interrupt that lands between two stages (the stage before it ignored the cancellation, or
// had finished) stops the run before the next one; the error says which, as it does for one
// that lands inside a stage, so the user knows how far the run got.
func TestRunnerNamesTheStageAnInterruptStoppedBefore(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := incr("a")
	run := a.Run
	a.Run = func(ctx context.Context, s State) (State, error) {
		cancel()
		return run(ctx, s)
	}
	r := Runner{Stages: []Stage{a, incr("b", "a")}}
	_, err := r.Run(ctx, With(NewState(), counter, 0))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want the cancellation", err)
	}
	if !strings.Contains(err.Error(), `"b"`) {
		t.Errorf("error %q does not name the stage the run stopped before", err)
	}
}
