package manager

import (
	"strings"
	"testing"

	"k8s.io/client-go/rest"
)

// TestCRDManagementBadInputFailsAtStart: an unknown --crd-management, or an invalid
// --crd-pattern under auto, stops the start with the value and what is accepted, before the
// cluster is asked anything (the config reaches no server).
func TestCRDManagementBadInputFailsAtStart(t *testing.T) {
	unreachable := &rest.Config{Host: "https://127.0.0.1:1"}
	cases := []struct {
		opts Options
		want []string
	}{
		{Options{CRDManagement: "sometimes"}, []string{`--crd-management "sometimes"`, "auto", "none"}},
		{Options{CRDManagement: CRDManagementAuto, CRDPattern: "network.azure.com"}, []string{`--crd-pattern "network.azure.com"`, "network.azure.com/*", "';'-separated"}},
		{Options{CRDManagement: CRDManagementAuto, CRDPattern: "resources.azure.com/*", AdditionalCRDPattern: "cache.azure.com/*,x"}, []string{"ADDITIONAL_ASO_CRDS", "cache.azure.com/*,x", "separated by ';'"}},
	}
	for _, c := range cases {
		_, err := New(unreachable, c.opts)
		if err == nil {
			t.Errorf("%+v: started", c.opts)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%+v: error %q lacks %q", c.opts, err, w)
			}
		}
	}
}
