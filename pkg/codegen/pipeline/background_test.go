package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestRunnerRunsACheckBesideTheNextStages: a check stage (one core, writing nothing) runs while
// the stages after it run, up to the first that requires it; before, each stage waited for the
// one before it, and on the whole corpus check-names kept a core idle.
func TestRunnerRunsACheckBesideTheNextStages(t *testing.T) {
	nextStarted := make(chan struct{})
	var order []string
	chk := Stage{ID: "chk", Check: true, Run: func(_ context.Context, s State) (State, error) {
		select {
		case <-nextStarted:
			return s, nil
		case <-time.After(5 * time.Second):
			return s, errors.New("the stage after the check did not start while the check ran")
		}
	}}
	next := Stage{ID: "next", Reads: Keys(counter), Writes: Keys(counter), Run: func(_ context.Context, s State) (State, error) {
		close(nextStarted)
		return With(s, counter, 1), nil
	}}
	user := incr("user", "chk")
	r := Runner{Stages: []Stage{chk, next, user}, Observe: func(rep Report) { order = append(order, rep.Stage.ID) }}
	s, err := r.Run(context.Background(), With(NewState(), counter, 0))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := Get(s, counter); n != 2 {
		t.Errorf("counter %d, want 2", n)
	}
	if got := strings.Join(order, ","); got != "chk,next,user" {
		t.Errorf("reported %s, want the stages in order", got)
	}
}

// TestRunnerCheckErrorComesFirst: when a check fails and a stage after it fails too, the run
// fails with the check's error, as it would had the check run alone in its turn; the stages
// after it are not reported.
func TestRunnerCheckErrorComesFirst(t *testing.T) {
	var reported []string
	chk := Stage{ID: "chk", Check: true, Run: func(_ context.Context, s State) (State, error) {
		time.Sleep(20 * time.Millisecond)
		return s, errors.New("names clash")
	}}
	bad := Stage{ID: "bad", Run: func(_ context.Context, s State) (State, error) { return s, errors.New("pairing failed") }}
	r := Runner{Stages: []Stage{chk, bad, incr("last")}, Observe: func(rep Report) { reported = append(reported, rep.Stage.ID) }}
	_, err := r.Run(context.Background(), With(NewState(), counter, 0))
	if err == nil || err.Error() != "chk: names clash" {
		t.Fatalf("err %v, want the check's", err)
	}
	if len(reported) != 0 {
		t.Errorf("reported %v after a failed check", reported)
	}
}

// TestRunnerRefusesACheckThatWrites: a check runs beside the stages after it, so it must not
// write what they might read.
func TestRunnerRefusesACheckThatWrites(t *testing.T) {
	st := incr("chk")
	st.Check = true
	_, err := Runner{Stages: []Stage{st}}.Run(context.Background(), With(NewState(), counter, 0))
	if err == nil || !strings.Contains(err.Error(), `stage "chk" is a check`) {
		t.Fatalf("err %v, want the check refused", err)
	}
}
