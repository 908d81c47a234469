package config

import "testing"

func TestNearest(t *testing.T) {
	settings := []string{"$azureGeneratedSecrets", "$export", "$exportAs", "$isHub", "$renameTo"}
	tests := []struct {
		name       string
		word       string
		candidates []string
		want       string
	}{
		{"transposition counts once", "$exprot", settings, "$export"},
		{"case is ignored", "$EXPORTAS", settings, "$exportAs"},
		{"exact match", "$export", settings, "$export"},
		{"missing letter", "$renamTo", settings, "$renameTo"},
		{"too far", "$colour", settings, ""},
		{"limit is at least 2 for short words", "ab", []string{"xy"}, "xy"},
		{"short words stop at 2", "ab", []string{"xyz"}, ""},
		{"long words allow len/3", "objectModelConfig", []string{"objectModelConfigur"}, "objectModelConfigur"},
		{"long words stop past len/3", "objectModelConfig", []string{"objectModelConfiguration"}, ""},
		{"tie goes to the alphabetically first", "cat", []string{"hat", "bat", "rat"}, "bat"},
		{"closer beats alphabetical", "cart", []string{"bat", "card"}, "card"},
		{"no candidates", "x", nil, ""},
		{"non-ASCII counted by character", "naïve", []string{"naive"}, "naive"},
		{"empty word", "", []string{"ab", "abc"}, "ab"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Nearest(tt.word, tt.candidates); got != tt.want {
				t.Errorf("Nearest(%q, %q) = %q, want %q", tt.word, tt.candidates, got, tt.want)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"abc", "acb", 1},
		{"ca", "abc", 3}, // optimal string alignment: no edits inside a transposition
		{"kitten", "sitting", 3},
	}
	for _, tt := range tests {
		if got := editDistance([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := editDistance([]rune(tt.b), []rune(tt.a)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}
