package helmchart

import (
	"strings"
	"testing"
)

// TestOperatorManagedCRDsFollowTheReleaseNamespace: with crdManagement auto (the default) the
// operator writes its own namespace (POD_NAMESPACE) into every CRD's conversion webhook and
// cert-manager annotation, so a release serving the webhook may be in any namespace; only with
// crdManagement none, where the CRDs were installed by someone else and name armgen-system, is
// another namespace refused.
func TestOperatorManagedCRDsFollowTheReleaseNamespace(t *testing.T) {
	ch, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	ops := Release{Name: "armgen", Namespace: "ops"}
	for _, vals := range []map[string]any{nil, {"certManager": map[string]any{"enabled": true}}} {
		out, err := Template(ch, vals, ops)
		if err != nil {
			t.Fatalf("%v in ops: %v", vals, err)
		}
		for _, want := range []string{"--crd-management=auto", "fieldPath: metadata.namespace", "name: armgen-webhook-service\n  namespace: ops"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v in ops: the render lacks %q", vals, want)
			}
		}
	}
	_, err = Template(ch, map[string]any{"crdManagement": "none"}, ops)
	if err == nil || !strings.Contains(err.Error(), `namespace "ops"`) || !strings.Contains(err.Error(), "crdManagement") {
		t.Errorf("crdManagement none in ops: %v, want a refusal naming the namespace and crdManagement", err)
	}
}
