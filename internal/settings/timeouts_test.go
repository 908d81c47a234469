package settings

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestTimeoutSettings: ARM_REQUEST_TIMEOUT and RECONCILE_TIMEOUT default to 2m and 5m, take
// any positive duration, and a malformed one (or a reconcile shorter than one request) is a
// start-up error naming the setting, the value and what is allowed.
func TestTimeoutSettings(t *testing.T) {
	s, err := Load(env(map[string]string{ARMRequestTimeoutVar: "45s", ReconcileTimeoutVar: " 10m\n"}))
	if err != nil {
		t.Fatal(err)
	}
	if s.ARMRequestTimeout != 45*time.Second || s.ReconcileTimeout != 10*time.Minute {
		t.Errorf("got %s and %s, want 45s and 10m", s.ARMRequestTimeout, s.ReconcileTimeout)
	}
	d, err := Load(env(nil))
	if err != nil || d.ARMRequestTimeout != 2*time.Minute || d.ReconcileTimeout != 5*time.Minute {
		t.Errorf("defaults %s and %s (%v), want 2m and 5m", d.ARMRequestTimeout, d.ReconcileTimeout, err)
	}
	bad := map[string]struct {
		env  map[string]string
		want []string
	}{
		"request timeout not a duration": {map[string]string{ARMRequestTimeoutVar: "2"}, []string{ARMRequestTimeoutVar, `"2"`, "positive duration"}},
		"request timeout zero":           {map[string]string{ARMRequestTimeoutVar: "0s"}, []string{ARMRequestTimeoutVar, `"0s"`}},
		"reconcile timeout negative":     {map[string]string{ReconcileTimeoutVar: "-5m"}, []string{ReconcileTimeoutVar, `"-5m"`}},
		"reconcile shorter than a request": {map[string]string{ARMRequestTimeoutVar: "3m", ReconcileTimeoutVar: "1m"},
			[]string{ReconcileTimeoutVar, `"1m"`, "at least " + ARMRequestTimeoutVar + " (3m0s)"}},
	}
	for name, c := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := Load(env(c.env))
			var ise *InvalidSettingError
			if !errors.As(err, &ise) {
				t.Fatalf("got %v, want an *InvalidSettingError", err)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %s", err, w)
				}
			}
		})
	}
}
