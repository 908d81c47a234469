package pipeline

import "context"

// Stage is one named, pure step of generation.
//
// A stage declares what it needs: the stages that must run before it (Requires), the state keys
// it reads and the state keys it writes. The runner checks the declarations before running
// anything (every key read is written by an earlier stage or given as input) and while running
// (a stage reads and writes only what it declared, and writes all of it), so the order of the
// stage list can be trusted and a stage can be run on its own in a test.
type Stage struct {
	// ID is short and unique (load-specs); --debug-stage takes it.
	ID string
	// Description says in one line what the stage does.
	Description string
	// Requires lists the stage IDs that must have run earlier in the same pipeline.
	Requires []string
	// Reads and Writes list the names of the state keys the stage reads and writes; see Keys.
	Reads, Writes []string
	// Run computes the next state from the previous one.
	Run func(ctx context.Context, s State) (State, error)
	// Check marks a stage that only inspects the state: it writes no key and returns the state
	// it was given. The runner runs it beside the stages after it, up to the first that
	// Requires it, so that a one-core check does not leave the other cores idle; its error is
	// still the run's error, ahead of any error of a stage after it.
	Check bool
	// Beside marks a stage that writes only side data and leaves the definitions as it found
	// them (an emitter): the runner runs it beside the stages after it, up to the first that
	// Requires it or reads or writes a key it writes, then joins its writes into the state. So
	// emitters whose inputs and outputs are independent share the cores instead of waiting for
	// each other's last, largest item. What the caller sees is as if it ran in its turn: the
	// same state, the first error in stage order, Observe and AfterStage in stage order.
	Beside bool
}

// AnyKey is a state key of any value type.
type AnyKey interface{ Name() string }

// Keys returns the names of keys, for Stage.Reads and Stage.Writes.
func Keys(keys ...AnyKey) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k.Name()
	}
	return out
}
