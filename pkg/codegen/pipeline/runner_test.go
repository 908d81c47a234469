package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
)

var counter = NewKey[int]("counter")

func incr(_ context.Context, s State) (State, error) {
	n, _ := Get(s, counter)
	return With(s, counter, n+1), nil
}

func TestRunnerChecksPrerequisites(t *testing.T) {
	cases := []struct {
		name    string
		stages  []Stage
		wantErr string
	}{
		{"ok", []Stage{MakeStage("a", "", incr), MakeStage("b", "", incr, "a")}, ""},
		{"missing", []Stage{MakeStage("b", "", incr, "a")}, `stage "b" needs "a"`},
		{"late", []Stage{MakeStage("b", "", incr, "a"), MakeStage("a", "", incr)}, `stage "b" needs "a"`},
		{"duplicate", []Stage{MakeStage("a", "", incr), MakeStage("a", "", incr)}, `"a" appears twice`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Runner{Stages: c.stages}.Run(context.Background(), NewState())
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("got %v, want %q", err, c.wantErr)
			}
		})
	}
}

func TestStatesAreImmutable(t *testing.T) {
	s0 := With(NewState(), counter, 1)
	s1, err := Runner{Stages: []Stage{MakeStage("a", "", incr)}}.Run(context.Background(), s0)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := Get(s0, counter); n != 1 {
		t.Errorf("input state changed: %d", n)
	}
	if n, _ := Get(s1, counter); n != 2 {
		t.Errorf("output state: %d", n)
	}
}

func TestRunnerStopsAtErrorAndReports(t *testing.T) {
	boom := errors.New("boom")
	var seen []string
	r := Runner{
		Stages: []Stage{
			MakeStage("a", "", incr),
			MakeStage("b", "", func(context.Context, State) (State, error) { return State{}, boom }),
			MakeStage("c", "", incr),
		},
		Observe: func(rep Report) { seen = append(seen, rep.Stage.ID) },
	}
	_, err := r.Run(context.Background(), NewState())
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "b: ") {
		t.Fatalf("error %v", err)
	}
	if strings.Join(seen, ",") != "a" {
		t.Errorf("observed %v", seen)
	}
}
