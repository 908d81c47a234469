package pipeline

import (
	"context"
	"testing"
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
