// Package pipeline runs generation as an ordered list of pure stages over an immutable State.
package pipeline

import (
	"fmt"
	"maps"
	"slices"

	"github.com/armgen/armgen/pkg/astmodel"
)

// State is what flows between stages: the type definitions plus named side data. A stage never
// changes the State it is given; the With methods return changed copies.
type State struct {
	definitions astmodel.Definitions
	side        map[string]any
	// running is the stage being run, while the runner runs it; it holds the stage's
	// declarations so that reads and writes can be checked against them.
	running *frame
}

// frame is the runner's record of the stage being run.
type frame struct {
	stage Stage
	wrote map[string]bool
	// readLater, when the runner knows the stages after this one, says whether any of them
	// reads a key; nil when the stage runs on its own (a test), and then every key may be.
	readLater func(key string) bool
}

// ReadLater reports whether a stage after the running one reads k. A stage may drop from what
// it writes whatever only k's readers need once none is left (the exports point into the
// swagger of the corpus, which only its readers follow); run on its own, outside a runner that
// knows the stages after it, every key may be read later.
func ReadLater(s State, k AnyKey) bool {
	if s.running == nil || s.running.readLater == nil {
		return true
	}
	return s.running.readLater(k.Name())
}

// NewState returns an empty state.
func NewState() State { return State{definitions: astmodel.Definitions{}} }

// Definitions returns the type definitions; callers must not change the map.
func (s State) Definitions() astmodel.Definitions { return s.definitions }

// WithDefinitions returns a state holding defs instead.
func (s State) WithDefinitions(defs astmodel.Definitions) State {
	s.definitions = defs
	return s
}

// Key names a piece of side data and fixes its type.
type Key[T any] struct{ name string }

// NewKey declares a side-data key; name shows in state dumps and errors.
func NewKey[T any](name string) Key[T] { return Key[T]{name: name} }

// Name is the key's name.
func (k Key[T]) Name() string { return k.name }

// MissingKeyError is a read of a state key that the state does not hold, or that the reading
// stage did not declare.
type MissingKeyError struct {
	Stage, Key string
	// Undeclared is set when the stage did not list the key in its Reads.
	Undeclared bool
}

func (e *MissingKeyError) Error() string {
	switch {
	case e.Undeclared:
		return fmt.Sprintf("stage %q reads state key %q without declaring it in Reads", e.Stage, e.Key)
	case e.Stage != "":
		return fmt.Sprintf("stage %q reads state key %q, which no earlier stage wrote", e.Stage, e.Key)
	}
	return fmt.Sprintf("state key %q is missing", e.Key)
}

// Get reads side data. A key the state does not hold is an error naming the reading stage and
// the key: a zero value would let a misordered pipeline produce wrong output quietly.
func Get[T any](s State, k Key[T]) (T, error) {
	var zero T
	if f := s.running; f != nil && !slices.Contains(f.stage.Reads, k.name) && !slices.Contains(f.stage.Writes, k.name) {
		return zero, &MissingKeyError{Stage: f.stage.ID, Key: k.name, Undeclared: true}
	}
	v, ok := s.side[k.name]
	if !ok {
		e := &MissingKeyError{Key: k.name}
		if s.running != nil {
			e.Stage = s.running.stage.ID
		}
		return zero, e
	}
	return v.(T), nil
}

// Read is Get for a stage that reads several keys and checks once: it returns the value, or the
// zero value after recording the first error in *err, which the caller must then check.
func Read[T any](s State, k Key[T], err *error) T {
	v, e := Get(s, k)
	if e != nil && *err == nil {
		*err = e
	}
	return v
}

// Has reports whether the state holds k; for readers outside stages, such as a run that stopped
// before the stage that writes k.
func Has[T any](s State, k Key[T]) bool {
	_, ok := s.side[k.name]
	return ok
}

// With returns a state that holds v under k. Inside a stage, writing a key the stage did not
// declare in Writes is a bug in the stage; the runner reports the panic as an error naming it.
func With[T any](s State, k Key[T], v T) State {
	if f := s.running; f != nil {
		if !slices.Contains(f.stage.Writes, k.name) {
			panic(fmt.Sprintf("stage %q writes state key %q without declaring it in Writes", f.stage.ID, k.name))
		}
		f.wrote[k.name] = true
	}
	side := maps.Clone(s.side)
	if side == nil {
		side = make(map[string]any)
	}
	side[k.name] = v
	s.side = side
	return s
}

// release returns a state without the side data done reports as no longer needed.
func (s State) release(done func(key string) bool) State {
	var side map[string]any
	for k := range s.side {
		if done(k) {
			if side == nil {
				side = maps.Clone(s.side)
			}
			delete(side, k)
		}
	}
	if side != nil {
		s.side = side
	}
	return s
}

// SideNames lists the side data present, for dumps.
func (s State) SideNames() []string {
	var names []string
	for n := range s.side {
		names = append(names, n)
	}
	return names
}

// side returns raw side data by name, for dumps.
func (s State) sideValue(name string) any { return s.side[name] }

// adopt returns s with the side data under keys taken from from: the writes of a stage that ran
// beside the main line, joined into it.
func (s State) adopt(from State, keys []string) State {
	if len(keys) == 0 {
		return s
	}
	side := maps.Clone(s.side)
	if side == nil {
		side = make(map[string]any)
	}
	for _, k := range keys {
		if v, ok := from.side[k]; ok {
			side[k] = v
		}
	}
	s.side = side
	return s
}
