package crdmanagement

import (
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/crdowner"
)

func managed(manager string, op metav1.ManagedFieldsOperationType, fields string) metav1.ManagedFieldsEntry {
	return metav1.ManagedFieldsEntry{Manager: manager, Operation: op, APIVersion: "apiextensions.k8s.io/v1", FieldsType: "FieldsV1", FieldsV1: &metav1.FieldsV1{Raw: []byte(fields)}}
}

// TestHandOverTakesKubectlFieldsOnly: the fields of kubectl's managers (client-side apply,
// server-side apply, create) join the operator's apply entry, except a caBundle; the entries of
// the certificate component, another tool and the status subresource stay as they were.
func TestHandOverTakesKubectlFieldsOnly(t *testing.T) {
	const csaFields = `{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}},"f:labels":{"f:app.kubernetes.io/version":{}}},` +
		`"f:spec":{"f:conversion":{"f:webhook":{"f:clientConfig":{"f:caBundle":{},"f:service":{"f:name":{}}}}},"f:versions":{}}}`
	entries := []metav1.ManagedFieldsEntry{
		managed("kubectl-client-side-apply", metav1.ManagedFieldsOperationUpdate, csaFields),
		managed("kubectl", metav1.ManagedFieldsOperationApply, `{"f:spec":{"f:names":{"f:shortNames":{}}}}`),
		managed("armgen-webhook-certs", metav1.ManagedFieldsOperationApply, `{"f:spec":{"f:conversion":{"f:webhook":{"f:clientConfig":{"f:caBundle":{}}}}}}`),
		managed("argocd-controller", metav1.ManagedFieldsOperationUpdate, `{"f:spec":{"f:scope":{}}}`),
		managed(FieldManager, metav1.ManagedFieldsOperationApply, `{"f:spec":{"f:group":{}}}`),
		managed("kube-apiserver", metav1.ManagedFieldsOperationUpdate, `{"f:status":{"f:conditions":{}}}`),
	}
	entries[5].Subresource = "status"
	out, managers, err := handOver(entries, goalWithLabels(), metav1.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(managers, []string{"kubectl-client-side-apply", "kubectl"}) {
		t.Errorf("took over %v, want kubectl-client-side-apply and kubectl", managers)
	}
	var names []string
	var ours string
	for _, e := range out {
		names = append(names, e.Manager)
		if e.Manager == FieldManager {
			ours = string(e.FieldsV1.Raw)
			if e.Operation != metav1.ManagedFieldsOperationApply || e.Subresource != "" {
				t.Errorf("the operator's entry is %s on %q, want Apply on the resource", e.Operation, e.Subresource)
			}
		}
	}
	if want := []string{"armgen-webhook-certs", "argocd-controller", "kube-apiserver", FieldManager}; !slices.Equal(names, want) {
		t.Errorf("managers after %v, want %v", names, want)
	}
	for _, f := range []string{"f:kubectl.kubernetes.io/last-applied-configuration", "f:app.kubernetes.io/version", "f:versions", "f:shortNames", "f:group", `"f:service":{"f:name"`} {
		if !strings.Contains(ours, f) {
			t.Errorf("the operator's fields %s lack %s", ours, f)
		}
	}
	for _, f := range []string{"f:caBundle", "f:scope", "f:status"} {
		if strings.Contains(ours, f) {
			t.Errorf("the operator's fields %s took %s, which is not kubectl's to give", ours, f)
		}
	}

	same, none, err := handOver(out, goalWithLabels(), metav1.Now())
	if err != nil || len(none) != 0 || len(same) != len(out) {
		t.Errorf("a second hand-over took %v (err %v), want nothing", none, err)
	}
}

// goalWithLabels is a goal carrying the labels the operator writes on every CRD.
func goalWithLabels() *apiextv1.CustomResourceDefinition {
	crd := &apiextv1.CustomResourceDefinition{}
	crd.Labels = map[string]string{crdowner.Label: crdowner.Value, VersionLabel: "v1"}
	return crd
}

// TestHandOverKeepsUsersOwnMetadata: labels and annotations a person put on a hand-installed CRD
// (kubectl label, kubectl annotate, or added to the YAML they applied) that the operator does not
// write stay with kubectl's managers: taken over, the operator's next apply, which never sets
// them, would delete them (a backup exclusion, helm's resource-policy keep). The operator's own
// labels and kubectl's last-applied record are still taken; a manager left with only a
// person's metadata is not taken over again at the next start.
func TestHandOverKeepsUsersOwnMetadata(t *testing.T) {
	csa := `{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{},"f:team":{}},` +
		`"f:labels":{".":{},"f:app.kubernetes.io/name":{},"f:app.kubernetes.io/version":{}}},"f:spec":{"f:versions":{}}}`
	entries := []metav1.ManagedFieldsEntry{
		managed("kubectl-client-side-apply", metav1.ManagedFieldsOperationUpdate, csa),
		managed("kubectl-label", metav1.ManagedFieldsOperationUpdate, `{"f:metadata":{"f:labels":{"f:velero.io/exclude-from-backup":{}}}}`),
		managed("kubectl-annotate", metav1.ManagedFieldsOperationUpdate, `{"f:metadata":{"f:annotations":{"f:helm.sh/resource-policy":{}}}}`),
	}
	out, managers, err := handOver(entries, goalWithLabels(), metav1.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(managers, []string{"kubectl-client-side-apply"}) {
		t.Errorf("took over %v, want kubectl-client-side-apply alone", managers)
	}
	owner := map[string]string{}
	for _, e := range out {
		s, err := fieldSet(e)
		if err != nil {
			t.Fatal(err)
		}
		for p := range s.All() {
			if len(p) == 3 {
				owner[*p[2].FieldName] = e.Manager
			}
		}
	}
	for key, want := range map[string]string{
		"velero.io/exclude-from-backup": "kubectl-label", "helm.sh/resource-policy": "kubectl-annotate",
		"team": "kubectl-client-side-apply", crdowner.Label: FieldManager, VersionLabel: FieldManager, lastApplied: FieldManager,
	} {
		if owner[key] != want {
			t.Errorf("%s is owned by %q after the hand-over, want %q", key, owner[key], want)
		}
	}

	same, none, err := handOver(out, goalWithLabels(), metav1.Now())
	if err != nil || len(none) != 0 || len(same) != len(out) {
		t.Errorf("a second hand-over took %v (err %v), want nothing", none, err)
	}
}

func TestByHand(t *testing.T) {
	for m, want := range map[string]bool{
		"kubectl": true, "kubectl-client-side-apply": true, "kubectl-create": true, "kubectl-replace": true, "before-first-apply": true,
		"kubectlx": false, "helm": false, "argocd-controller": false, FieldManager: false, "armgen-webhook-certs": false,
	} {
		if byHand(m) != want {
			t.Errorf("byHand(%q) = %v, want %v", m, !want, want)
		}
	}
}
