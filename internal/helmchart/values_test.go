package helmchart

import (
	"strings"
	"testing"
)

// TestBadValuesAreRefusedWithWhatIsAccepted: a value the chart cannot use fails at render (in
// helm install, helm template and armctl export template alike) naming the value, what it held
// and what is accepted, before anything reaches a cluster.
func TestBadValuesAreRefusedWithWhatIsAccepted(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		vals map[string]any
		want []string
	}{
		{"operator mode", map[string]any{"azureOperatorMode": "foo"},
			[]string{"azureOperatorMode", "foo", "watchers", "webhooks", "watchers-and-webhooks"}},
		{"crd pattern without a kind", map[string]any{"crdPattern": "resources.azure.com"},
			[]string{"crdPattern", "resources.azure.com", "does not match pattern"}},
		{"crd pattern with a space inside a name", map[string]any{"crdPattern": "resources.azure.com/Resource Group"},
			[]string{"crdPattern", "Resource Group"}},
		{"sync period", map[string]any{"azureSyncPeriod": "hourly"},
			[]string{"azureSyncPeriod", "hourly"}},
		{"misspelt value", map[string]any{"azureSyncPeriode": "1h"},
			[]string{"azureSyncPeriode", "additional properties"}},
		{"misspelt nested value", map[string]any{"certManager": map[string]any{"enable": true}},
			[]string{"certManager", "enable"}},
		{"multitenant with both halves in one release", map[string]any{"multitenant": map[string]any{"enable": true}, "azureOperatorMode": "watchers-and-webhooks"},
			[]string{"azureOperatorMode", "watchers-and-webhooks", "webhooks", "watchers"}},
		{"target namespace", map[string]any{"azureTargetNamespaces": []any{"Apps"}},
			[]string{"azureTargetNamespaces", "Apps"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Template(ch, tc.vals, DefaultRelease)
			if err == nil {
				t.Fatalf("%v rendered", tc.vals)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error does not say %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestWebhookReleaseOutsideArmgenSystemIsRefused: the generated CRDs send conversions to
// armgen-system, so a release elsewhere that serves them and leaves the CRDs as someone else
// installed them (crdManagement none) fails with where to install it; a
// multitenant tenant, which serves none, may be anywhere.
func TestWebhookReleaseOutsideArmgenSystemIsRefused(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	_, err = Template(ch, map[string]any{"crdManagement": "none"}, Release{Name: "armgen", Namespace: "ops"})
	if err == nil || !strings.Contains(err.Error(), `namespace "ops"`) || !strings.Contains(err.Error(), "--namespace armgen-system") {
		t.Errorf("a release in ops: %v", err)
	}
	tenant := map[string]any{"multitenant": map[string]any{"enable": true}, "azureOperatorMode": "watchers"}
	out, err := Template(ch, tenant, Release{Name: "armgen", Namespace: "tenant-a"})
	if err != nil {
		t.Fatalf("a tenant in tenant-a: %v", err)
	}
	for _, absent := range []string{"kind: ClusterRole\nmetadata", "armgen-webhook-service", "armgen-crd-manager-role"} {
		if strings.Contains(out, absent) {
			t.Errorf("a tenant renders %q, which the cluster release owns", absent)
		}
	}
	for _, present := range []string{"--crd-management=none", "name: armgen-manager-rolebinding-tenant-a"} {
		if !strings.Contains(out, present) {
			t.Errorf("a tenant does not render %q", present)
		}
	}
}
