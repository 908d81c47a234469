// Package pipeline runs generation as an ordered list of pure stages over an immutable State.
package pipeline

import (
	"maps"

	"github.com/armgen/armgen/pkg/astmodel"
)

// State is what flows between stages: the type definitions plus named side data. A stage never
// changes the State it is given; the With methods return changed copies.
type State struct {
	definitions astmodel.Definitions
	side        map[string]any
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

// NewKey declares a side-data key; name shows in state dumps.
func NewKey[T any](name string) Key[T] { return Key[T]{name: name} }

// Name is the key's name.
func (k Key[T]) Name() string { return k.name }

// Get reads side data.
func Get[T any](s State, k Key[T]) (T, bool) {
	v, ok := s.side[k.name]
	if !ok {
		var zero T
		return zero, false
	}
	return v.(T), true
}

// With returns a state that holds v under k.
func With[T any](s State, k Key[T], v T) State {
	side := maps.Clone(s.side)
	if side == nil {
		side = make(map[string]any)
	}
	side[k.name] = v
	s.side = side
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
