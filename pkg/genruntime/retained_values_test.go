package genruntime

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func parse(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestLostValuesComeBack: what one version could not hold (had, less what came back as kept) is
// put back into what the user wrote through that version (written), member by member, where the
// written object holds nothing in its place.
func TestLostValuesComeBack(t *testing.T) {
	cases := []struct {
		name, had, kept, written, want string
	}{
		{"nothing lost", `{"a":1}`, `{"a":1}`, `{"a":2}`, `{"a":2}`},
		{"a field the version lacks", `{"a":1,"b":2}`, `{"a":1}`, `{"a":5}`, `{"a":5,"b":2}`},
		{"nested", `{"o":{"x":1,"y":2}}`, `{"o":{"x":1}}`, `{"o":{"x":3}}`, `{"o":{"x":3,"y":2}}`},
		{"an object the user removed keeps nothing of it", `{"o":{"x":1,"y":2}}`, `{"o":{"x":1}}`, `{}`, `{}`},
		{"items line up", `{"l":[{"x":1,"y":2},{"x":3,"y":4}]}`, `{"l":[{"x":1},{"x":3}]}`, `{"l":[{"x":1},{"x":9}]}`,
			`{"l":[{"x":1,"y":2},{"x":9,"y":4}]}`},
		{"items added: they no longer line up", `{"l":[{"x":1,"y":2}]}`, `{"l":[{"x":1}]}`, `{"l":[{"x":0},{"x":1}]}`,
			`{"l":[{"x":0},{"x":1}]}`},
		{"a value the version holds differently: the written one wins", `{"a":"1"}`, `{"a":1}`, `{"a":7}`, `{"a":7}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lost, err := lostFrom(parse(t, c.had), parse(t, c.kept))
			if err != nil {
				t.Fatal(err)
			}
			got := parse(t, c.written)
			if lost != nil {
				// Through the annotation's JSON, as the API server hands it back.
				data, err := json.Marshal(lost)
				if err != nil {
					t.Fatal(err)
				}
				var back lostValue
				if err := json.Unmarshal(data, &back); err != nil {
					t.Fatal(err)
				}
				if err := restore(got, &back); err != nil {
					t.Fatal(err)
				}
			}
			if d := cmp.Diff(parse(t, c.want), got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}
