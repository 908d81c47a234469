package consumed

import (
	"testing"

	"github.com/armgen/armgen/pkg/codegen/config"
)

// TestUnconsumedError covers the message for a setting a stage forgot to record.
func TestUnconsumedError(t *testing.T) {
	cfg, err := config.Parse("azure-arm.yaml", []byte("objectModelConfiguration:\n  widgets:\n    2021-01-01:\n      Widget:\n        $export: true\n        host:\n          $isSecret: true\n"))
	if err != nil {
		t.Fatal(err)
	}
	base := "objectModelConfiguration.widgets.2021-01-01.Widget"
	err = Unconsumed(cfg, Settings{base + ".$export": true})
	want := "azure-arm.yaml:7:11: " + base + ".host.$isSecret: no stage used $isSecret, so it has no effect; remove it or check where it is placed"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
	if err := Unconsumed(cfg, Settings{base + ".$export": true, base + ".host.$isSecret": true}); err != nil {
		t.Fatalf("all consumed, got %v", err)
	}
}
