package stages

import "testing"

// TestCheckConfigConsumedGolden: widgets uses every setting it holds, so the state passes; a
// setting no stage implements ($azureGeneratedSecrets) fails the run, naming its line.
func TestCheckConfigConsumedGolden(t *testing.T) {
	checkCaseGoldens(t, CheckConfigConsumed, "widgets")
	t.Run("unused-setting", func(t *testing.T) {
		cfg := parseConfig(t, `objectModelConfiguration:
  widgets:
    2021-01-01:
      Widget:
        $export: true
        $azureGeneratedSecrets:
          - primaryKey
`)
		checkStageGolden(t, CheckConfigConsumed, "unused-setting", cfg)
	})
}
