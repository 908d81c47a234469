package reconciler

import (
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

func TestBackoff(t *testing.T) {
	at := func(status metav1.ConditionStatus, ago time.Duration) *attempt {
		rg := &resources.ResourceGroup{}
		if ago >= 0 {
			c := conditions.NewReady(status, conditions.ConditionSeverityWarning, "WaitingForOwner", "", 1)
			c.LastTransitionTime = metav1.NewTime(time.Now().Add(-ago))
			rg.SetConditions(conditions.Conditions{c})
		}
		return &attempt{r: &Reconciler{opts: Options{WaitDelay: time.Second}}, obj: rg}
	}
	cases := []struct {
		name     string
		a        *attempt
		min, max time.Duration
	}{
		{"no condition yet", at("", -1), time.Second, time.Second},
		{"just started waiting", at(metav1.ConditionFalse, 2*time.Second), time.Second, time.Second},
		{"waiting a minute", at(metav1.ConditionFalse, time.Minute), 14 * time.Second, 16 * time.Second},
		{"waiting a day", at(metav1.ConditionFalse, 24*time.Hour), maxWait, maxWait},
		{"ready", at(metav1.ConditionTrue, time.Hour), time.Second, time.Second},
	}
	for _, c := range cases {
		if got := c.a.backoff(); got < c.min || got > c.max {
			t.Errorf("%s: backoff %s, want within [%s, %s]", c.name, got, c.min, c.max)
		}
	}
}
