package genruntime

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

type bagTestStruct struct {
	Name    string            `json:"name"`
	Count   *int              `json:"count,omitempty"`
	Tags    map[string]string `json:"tags,omitempty"`
	Enabled bool              `json:"enabled"`
}

// roundTrip adds value to a fresh bag and pulls it back into a new T, checking the entry is consumed.
func roundTrip[T any](t *testing.T, value T) {
	t.Helper()

	var bag PropertyBag // nil on purpose: storage types start without a bag
	if err := bag.Add("p", value); err != nil {
		t.Fatalf("Add() = %v", err)
	}

	var got T
	found, err := bag.Pull("p", &got)
	if err != nil || !found {
		t.Fatalf("Pull() = %v, %v; want true, nil", found, err)
	}

	if diff := cmp.Diff(value, got); diff != "" {
		t.Errorf("round trip mismatch (-want +got):\n%s", diff)
	}

	if bag.Contains("p") {
		t.Error("Pull() left the entry in the bag")
	}
}

func TestPropertyBagRoundTrip(t *testing.T) {
	t.Parallel()

	three := 3
	t.Run("string", func(t *testing.T) { roundTrip(t, "hello") })
	t.Run("int", func(t *testing.T) { roundTrip(t, 42) })
	t.Run("float", func(t *testing.T) { roundTrip(t, 2.5) })
	t.Run("bool", func(t *testing.T) { roundTrip(t, true) })
	t.Run("slice", func(t *testing.T) { roundTrip(t, []string{"a", "b"}) })
	t.Run("map", func(t *testing.T) { roundTrip(t, map[string]int{"a": 1}) })
	t.Run("nil pointer", func(t *testing.T) { roundTrip[*int](t, nil) })
	t.Run("struct", func(t *testing.T) {
		roundTrip(t, bagTestStruct{Name: "n", Count: &three, Tags: map[string]string{"k": "v"}, Enabled: true})
	})
	t.Run("struct pointer", func(t *testing.T) { roundTrip(t, &bagTestStruct{Name: "n"}) })
}

func TestPropertyBagNilIsReadable(t *testing.T) {
	t.Parallel()

	var bag PropertyBag
	if bag.Contains("p") {
		t.Error("nil bag Contains() = true")
	}

	var target string
	found, err := bag.Pull("p", &target)
	if found || err != nil {
		t.Errorf("nil bag Pull() = %v, %v; want false, nil", found, err)
	}

	bag.Remove("p")
}

func TestPropertyBagPullFailureKeepsEntry(t *testing.T) {
	t.Parallel()

	bag := PropertyBag{"p": `"not a number"`}
	var target int
	if _, err := bag.Pull("p", &target); err == nil {
		t.Fatal("Pull() into wrong type succeeded")
	}

	if !bag.Contains("p") {
		t.Error("failed Pull() dropped the entry")
	}
}

func TestPropertyBagAddUnencodable(t *testing.T) {
	t.Parallel()

	var bag PropertyBag
	if err := bag.Add("p", make(chan int)); err == nil {
		t.Fatal("Add(chan) succeeded")
	}

	if bag.Contains("p") {
		t.Error("failed Add() left an entry")
	}
}

func TestPropertyBagRemove(t *testing.T) {
	t.Parallel()

	bag := PropertyBag{"a": "1", "b": "2"}
	bag.Remove("a")
	if diff := cmp.Diff(PropertyBag{"b": "2"}, bag); diff != "" {
		t.Errorf("Remove() mismatch (-want +got):\n%s", diff)
	}
}

func TestNewPropertyBag(t *testing.T) {
	t.Parallel()

	first := PropertyBag{"a": "1", "b": "1"}
	second := PropertyBag{"b": "2"}
	merged := NewPropertyBag(first, nil, second)

	if diff := cmp.Diff(PropertyBag{"a": "1", "b": "2"}, merged); diff != "" {
		t.Errorf("NewPropertyBag() mismatch (-want +got):\n%s", diff)
	}

	merged["a"] = "changed"
	if first["a"] != "1" {
		t.Error("changing the merged bag changed a source bag")
	}

	if empty := NewPropertyBag(); empty == nil {
		t.Error("NewPropertyBag() = nil, want an empty bag")
	}
}

func TestClonePointer(t *testing.T) {
	t.Parallel()

	if ClonePointer[int](nil) != nil {
		t.Error("ClonePointer(nil) != nil")
	}
	five := 5
	c := ClonePointer(&five)
	if c == &five || *c != 5 {
		t.Errorf("ClonePointer(&5) = %p (%d), original %p", c, *c, &five)
	}
}
