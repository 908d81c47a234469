package replay_test

import (
	"slices"
	"testing"
)

// TestJSONDiffNamesThePath: the PUT comparison ignores key order and names each difference by
// its path, so that a wrong body fails the replay with where it is wrong.
func TestJSONDiffNamesThePath(t *testing.T) {
	if d := jsonDiff(`{"b":1,"a":{"x":[1,2]}}`, `{"a":{"x":[1,2]},"b":1}`); len(d) != 0 {
		t.Errorf("key order counted: %v", d)
	}
	got := jsonDiff(`{"location":"westus2","properties":{"sku":{"capacity":2},"extra":[]},"tags":{"a":"b"}}`,
		`{"location":"westus2","properties":{"sku":{"capacity":1},"zones":["1"]},"tags":{"a":"b"}}`)
	want := []string{
		`properties.extra: sent [], not in the recording`,
		`properties.sku.capacity: sent 2, recorded 1`,
		`properties.zones: not sent, recorded ["1"]`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
