package stages

import (
	"strings"
	"testing"
)

// TestEverySettingIsConsumed runs the pipeline on a config that uses every implemented setting
// and checks that each was recorded as consumed by some stage.
func TestEverySettingIsConsumed(t *testing.T) {
	cfg := loadCase(t, "widgets")
	s, err := runTo(cfg, CheckConfigConsumed)
	if err != nil {
		t.Fatal(err)
	}
	consumed := mustGet(t, s, consumedKey)
	names := map[string]bool{}
	for _, st := range cfg.Settings() {
		if !consumed[st.Path] {
			t.Errorf("%s was not consumed", st.Path)
		}
		names[st.Path[strings.LastIndex(st.Path, ".")+1:]] = true
	}
	for _, n := range []string{"$export", "$renameTo", "$isSecret", "$referenceType", "$flatten"} {
		if !names[n] {
			t.Errorf("the widgets case no longer uses %s; this test needs a config that does", n)
		}
	}
}
