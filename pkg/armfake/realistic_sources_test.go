package armfake

import (
	"regexp"
	"strings"
	"testing"
)

// TestRealisticRowsCiteRecordings: every row of every realistic table names the recording its
// fact was read from, by file and full commit, so a reader can check it.
func TestRealisticRowsCiteRecordings(t *testing.T) {
	commit := regexp.MustCompile(`^[0-9a-f]{40}$`)
	var cited []recording
	for _, r := range locationStyles {
		cited = append(cited, r.source)
	}
	for _, r := range childNames {
		cited = append(cited, r.source)
	}
	for _, r := range idCasings {
		cited = append(cited, r.source)
	}
	for _, r := range overrides {
		cited = append(cited, r.source)
	}
	for _, r := range hiddenInReads {
		cited = append(cited, r.source)
	}
	for _, r := range lroStyles {
		cited = append(cited, r.source)
	}
	for i, r := range cited {
		if !strings.HasPrefix(r.File, "Test") || !strings.HasSuffix(r.File, ".yaml") || !commit.MatchString(r.Commit) {
			t.Errorf("row %d cites %+v: want a recording file and its commit", i, r)
		}
	}
	if len(overrides) < 5 {
		t.Errorf("%d override rows, want the recorded overrides of at least five properties", len(overrides))
	}
}
