package genruntime

import "testing"

func TestToEnum(t *testing.T) {
	type colour string
	declared := []colour{"Red", "DarkBlue"}
	for in, want := range map[string]colour{"Red": "Red", "red": "Red", "DARKBLUE": "DarkBlue", "Teal": "Teal", "": ""} {
		if got := ToEnum(in, declared); got != want {
			t.Errorf("ToEnum(%q) = %q, want %q", in, got, want)
		}
	}
}
