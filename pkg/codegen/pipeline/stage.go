package pipeline

import "context"

// Stage is one named, pure step of generation.
type Stage struct {
	// ID is short and unique (load-specs); --debug-stage takes it.
	ID string
	// Description says in one line what the stage does.
	Description string
	// Requires lists the stage IDs that must have run earlier in the same pipeline.
	Requires []string
	// Run computes the next state from the previous one.
	Run func(ctx context.Context, s State) (State, error)
}

// MakeStage builds a stage.
func MakeStage(id, description string, run func(context.Context, State) (State, error), requires ...string) Stage {
	return Stage{ID: id, Description: description, Requires: requires, Run: run}
}
