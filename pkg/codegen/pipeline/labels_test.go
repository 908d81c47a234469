package pipeline

import (
	"context"
	"runtime/pprof"
	"testing"
)

// TestRunnerLabelsStageGoroutines: a CPU profile of a whole run splits by stage (pprof
// -tagfocus stage=ID) only if each stage runs under its label: the context a stage is given
// carries it, and so (pprof.Do sets the goroutine's labels, which the goroutines it starts
// inherit) do the workers of the parallel emitters, where most of the time goes.
func TestRunnerLabelsStageGoroutines(t *testing.T) {
	var got string
	st := Stage{ID: "labelled", Run: func(ctx context.Context, s State) (State, error) {
		got, _ = pprof.Label(ctx, "stage")
		return s, nil
	}}
	if _, err := (Runner{Stages: []Stage{st}}).Run(context.Background(), NewState()); err != nil {
		t.Fatal(err)
	}
	if got != st.ID {
		t.Fatalf("stage %q ran with label stage=%q, want the stage's id", st.ID, got)
	}
}
