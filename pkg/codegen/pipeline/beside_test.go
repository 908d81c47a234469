package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/armgen/armgen/pkg/astmodel"
)

var (
	emittedA = NewKey[string]("emitted-a")
	emittedB = NewKey[string]("emitted-b")
)

// emitter writes v under k after waiting for wait (if set), as an emitter stage would.
func emitter(id string, k Key[string], v string, wait <-chan struct{}, started chan<- struct{}) Stage {
	return Stage{ID: id, Beside: true, Writes: Keys(k), Run: func(_ context.Context, s State) (State, error) {
		if started != nil {
			close(started)
		}
		if wait != nil {
			select {
			case <-wait:
			case <-time.After(5 * time.Second):
				return s, errors.New("the other emitter did not run while this one ran")
			}
		}
		return With(s, k, v), nil
	}}
}

// TestRunnerRunsDeclaredIndependentEmittersAtOnce: two emitters whose inputs and outputs are
// independent run at the same time (each waits for the other to have started), their writes end
// in the final state, and they are reported in stage order. Before, the second waited for the
// first to finish, and on the whole corpus emit-rbac and emit-docs waited for emit-crds' last CRD.
func TestRunnerRunsDeclaredIndependentEmittersAtOnce(t *testing.T) {
	aStarted, bStarted := make(chan struct{}), make(chan struct{})
	a := emitter("a", emittedA, "A", bStarted, aStarted)
	b := emitter("b", emittedB, "B", aStarted, bStarted)
	var order []string
	var afterLast State
	r := Runner{Stages: []Stage{a, b, incr("last")},
		Observe: func(rep Report) { order = append(order, rep.Stage.ID) },
		AfterStage: func(id string, s State) error {
			if id == "last" {
				afterLast = s
			}
			return nil
		}}
	s, err := r.Run(context.Background(), With(NewState(), counter, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []State{s, afterLast} {
		if va, _ := Get(st, emittedA); va != "A" {
			t.Errorf("emitted-a %q, want A", va)
		}
		if vb, _ := Get(st, emittedB); vb != "B" {
			t.Errorf("emitted-b %q, want B", vb)
		}
	}
	if got := strings.Join(order, ","); got != "a,b,last" {
		t.Errorf("reported %s, want the stages in order", got)
	}
}

// TestRunnerJoinsABesideStageBeforeItsReader: a stage that reads what a stage beside it writes
// waits for it, and sees its value.
func TestRunnerJoinsABesideStageBeforeItsReader(t *testing.T) {
	slow := Stage{ID: "slow", Beside: true, Writes: Keys(emittedA), Run: func(_ context.Context, s State) (State, error) {
		time.Sleep(20 * time.Millisecond)
		return With(s, emittedA, "A"), nil
	}}
	var seen string
	reader := Stage{ID: "reader", Reads: Keys(emittedA), Writes: Keys(emittedB), Run: func(_ context.Context, s State) (State, error) {
		v, err := Get(s, emittedA)
		seen = v
		return With(s, emittedB, v+"!"), err
	}}
	s, err := Runner{Stages: []Stage{slow, reader, incr("last")}}.Run(context.Background(), With(NewState(), counter, 0))
	if err != nil {
		t.Fatal(err)
	}
	if seen != "A" {
		t.Errorf("the reader saw %q, want the beside stage's A", seen)
	}
	if v, _ := Get(s, emittedB); v != "A!" {
		t.Errorf("emitted-b %q, want A!", v)
	}
}

// TestRunnerBesideErrorComesFirst: an emitter beside the main line fails, and so does a stage
// after it: the run fails with the emitter's error, as in stage order.
func TestRunnerBesideErrorComesFirst(t *testing.T) {
	bad := Stage{ID: "emit", Beside: true, Writes: Keys(emittedA), Run: func(_ context.Context, s State) (State, error) {
		time.Sleep(20 * time.Millisecond)
		return s, errors.New("CRD too large")
	}}
	later := Stage{ID: "later", Run: func(_ context.Context, s State) (State, error) { return s, errors.New("later failed") }}
	_, err := Runner{Stages: []Stage{bad, later, incr("last")}}.Run(context.Background(), With(NewState(), counter, 0))
	if err == nil || err.Error() != "emit: CRD too large" {
		t.Fatalf("err %v, want the beside stage's", err)
	}
}

// TestRunnerRefusesABesideStageThatChangesDefinitions: the stages after a beside stage read the
// definitions it was given; one that replaces them is a bug named by the run's error.
func TestRunnerRefusesABesideStageThatChangesDefinitions(t *testing.T) {
	st := Stage{ID: "emit", Beside: true, Run: func(_ context.Context, s State) (State, error) {
		return s.WithDefinitions(astmodel.Definitions{}), nil
	}}
	_, err := Runner{Stages: []Stage{st, incr("last")}}.Run(context.Background(), With(NewState(), counter, 0))
	if err == nil || !strings.Contains(err.Error(), `stage "emit" runs beside the stages after it but changed the definitions`) {
		t.Fatalf("err %v, want the changed definitions named", err)
	}
}

// TestRunnerReleasesABesideStagesUnreadWrites: with Release, what a beside stage writes and no
// one reads or keeps is dropped once joined, as it would be after its turn; kept keys stay.
func TestRunnerReleasesABesideStagesUnreadWrites(t *testing.T) {
	stages := []Stage{emitter("a", emittedA, "A", nil, nil), emitter("b", emittedB, "B", nil, nil), incr("last")}
	s, err := Runner{Stages: stages, Release: true, Keep: Keys(emittedB)}.Run(context.Background(), With(NewState(), counter, 0))
	if err != nil {
		t.Fatal(err)
	}
	if Has(s, emittedA) {
		t.Error("emitted-a kept though no one reads or keeps it")
	}
	if !Has(s, emittedB) {
		t.Error("emitted-b dropped though the caller keeps it")
	}
}
