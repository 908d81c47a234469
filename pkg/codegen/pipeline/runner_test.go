package pipeline

import (
	"context"
	"errors"
	"strings"
	"testing"
)

var (
	counter = NewKey[int]("counter")
	doubled = NewKey[int]("doubled")
)

// incr reads and writes counter.
func incr(id string, requires ...string) Stage {
	return Stage{ID: id, Requires: requires, Reads: Keys(counter), Writes: Keys(counter),
		Run: func(_ context.Context, s State) (State, error) {
			n, err := Get(s, counter)
			if err != nil {
				return s, err
			}
			return With(s, counter, n+1), nil
		}}
}

// double reads counter and writes doubled.
func double(id string) Stage {
	return Stage{ID: id, Reads: Keys(counter), Writes: Keys(doubled),
		Run: func(_ context.Context, s State) (State, error) {
			n, err := Get(s, counter)
			if err != nil {
				return s, err
			}
			return With(s, doubled, 2*n), nil
		}}
}

func TestRunnerChecksPrerequisites(t *testing.T) {
	cases := []struct {
		name    string
		stages  []Stage
		wantErr string
	}{
		{"ok", []Stage{incr("a"), incr("b", "a")}, ""},
		{"missing", []Stage{incr("b", "a")}, `stage "b" needs "a"`},
		{"late", []Stage{incr("b", "a"), incr("a")}, `stage "b" needs "a"`},
		{"duplicate", []Stage{incr("a"), incr("a")}, `"a" appears twice`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Runner{Stages: c.stages}.Run(context.Background(), With(NewState(), counter, 0))
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("got %v, want %q", err, c.wantErr)
			}
		})
	}
}

// TestRunnerRefusesAReadNoEarlierStageWrites: the stage list is checked before anything runs,
// and the error names the reading stage, the key and the stage that writes it too late.
func TestRunnerRefusesAReadNoEarlierStageWrites(t *testing.T) {
	halve := Stage{ID: "halve", Reads: Keys(doubled), Writes: Keys(counter), Run: func(_ context.Context, s State) (State, error) {
		t.Fatal("no stage may run when the list is wrong")
		return s, nil
	}}
	cases := []struct {
		name    string
		stages  []Stage
		inputs  []string
		wantErr string
	}{
		{"written later", []Stage{halve, double("double")}, []string{"counter"},
			`stage "halve" reads state key "doubled", which no earlier stage writes (written by "double", which must run before it)`},
		{"written by nobody", []Stage{halve}, []string{"counter"}, `stage "halve" reads state key "doubled", which no earlier stage writes`},
		{"not an input", []Stage{double("double")}, nil, `stage "double" reads state key "counter", which no earlier stage writes`},
		{"in order", []Stage{double("double"), halve}, []string{"counter"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Runner{Stages: c.stages}.Check(c.inputs...)
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("got %v, want %q", err, c.wantErr)
			}
		})
	}
	s := NewState()
	if _, err := (Runner{Stages: []Stage{double("double")}}).Run(context.Background(), s); err == nil || !strings.Contains(err.Error(), `"counter"`) {
		t.Fatalf("Run did not check the list against the initial state: %v", err)
	}
}

// TestStagesAreHeldToTheirDeclarations: an undeclared read is an error naming stage and key,
// never a zero value; an undeclared write and a declared write left out are errors too.
func TestStagesAreHeldToTheirDeclarations(t *testing.T) {
	sneaky := Stage{ID: "sneaky", Writes: Keys(doubled), Run: func(_ context.Context, s State) (State, error) {
		n, err := Get(s, counter)
		if err != nil {
			return s, err
		}
		return With(s, doubled, n), nil
	}}
	scribbler := Stage{ID: "scribbler", Run: func(_ context.Context, s State) (State, error) {
		return With(s, doubled, 1), nil
	}}
	idle := Stage{ID: "idle", Writes: Keys(doubled), Run: func(_ context.Context, s State) (State, error) { return s, nil }}
	cases := []struct {
		stage   Stage
		wantErr string
	}{
		{sneaky, `stage "sneaky" reads state key "counter" without declaring it in Reads`},
		{scribbler, `stage "scribbler" writes state key "doubled" without declaring it in Writes`},
		{idle, `stage "idle" declares it writes state key "doubled" but did not write it`},
	}
	for _, c := range cases {
		t.Run(c.stage.ID, func(t *testing.T) {
			_, err := Runner{Stages: []Stage{c.stage}}.Run(context.Background(), With(NewState(), counter, 3))
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("got %v, want %q", err, c.wantErr)
			}
		})
	}
}

func TestGetOutsideAStage(t *testing.T) {
	_, err := Get(NewState(), counter)
	var mk *MissingKeyError
	if !errors.As(err, &mk) || mk.Key != "counter" {
		t.Fatalf("got %v", err)
	}
	if Has(NewState(), counter) || !Has(With(NewState(), counter, 0), counter) {
		t.Error("Has")
	}
}

func TestStatesAreImmutable(t *testing.T) {
	s0 := With(NewState(), counter, 1)
	s1, err := Runner{Stages: []Stage{incr("a")}}.Run(context.Background(), s0)
	if err != nil {
		t.Fatal(err)
	}
	if n := mustGet(t, s0, counter); n != 1 {
		t.Errorf("input state changed: %d", n)
	}
	if n := mustGet(t, s1, counter); n != 2 {
		t.Errorf("output state: %d", n)
	}
}

func mustGet[T any](t *testing.T, s State, k Key[T]) T {
	t.Helper()
	v, err := Get(s, k)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRunnerStopsAtErrorAndReports(t *testing.T) {
	boom := errors.New("boom")
	var seen []string
	r := Runner{
		Stages: []Stage{
			incr("a"),
			{ID: "b", Run: func(context.Context, State) (State, error) { return State{}, boom }},
			incr("c"),
		},
		Observe: func(rep Report) { seen = append(seen, rep.Stage.ID) },
	}
	_, err := r.Run(context.Background(), With(NewState(), counter, 0))
	if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "b: ") {
		t.Fatalf("error %v", err)
	}
	if strings.Join(seen, ",") != "a" {
		t.Errorf("observed %v", seen)
	}
}

// TestReadKeepsTheFirstError: a stage reading several keys checks once, and hears of the first
// key that was missing, not the last.
func TestReadKeepsTheFirstError(t *testing.T) {
	var err error
	s := With(NewState(), doubled, 4)
	if v := Read(s, counter, &err); v != 0 || err == nil || !strings.Contains(err.Error(), `"counter"`) {
		t.Fatalf("missing counter: %v, %v", v, err)
	}
	if v := Read(s, doubled, &err); v != 4 || !strings.Contains(err.Error(), `"counter"`) {
		t.Fatalf("a later read replaced the first error or lost its value: %v, %v", v, err)
	}
}
