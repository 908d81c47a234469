package pipeline

import (
	"context"
	"strings"
	"testing"

	"github.com/armgen/armgen/pkg/codegen/workers"
)

// A panic in one of a stage's workers, beside the main line or on it, ends the run with an
// error naming the stage and the worker's panic, not the process.
func TestRunnerNamesAStageWhoseWorkerPanicked(t *testing.T) {
	panicking := func(id string, beside bool) Stage {
		return Stage{ID: id, Beside: beside, Writes: Keys(emittedA), Run: func(ctx context.Context, s State) (State, error) {
			g, _ := workers.WithContext(ctx)
			for i := range 4 {
				g.Go(func() error {
					if i == 2 {
						panic("a bug in one CRD")
					}
					return nil
				})
			}
			return With(s, emittedA, "x"), g.Wait()
		}}
	}
	for _, beside := range []bool{false, true} {
		r := Runner{Stages: []Stage{incr("a"), panicking("emit-x", beside), incr("b", "a")}}
		_, err := r.Run(context.Background(), With(NewState(), counter, 0))
		if err == nil {
			t.Fatalf("beside=%v: no error", beside)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "emit-x: internal error (please report): a bug in one CRD") || !strings.Contains(msg, "worker_panic_test.go") {
			t.Errorf("beside=%v: error %q, want it to name the stage, the panic and the worker's stack", beside, firstLine(msg))
		}
	}
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}
