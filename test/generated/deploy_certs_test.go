package generated_test

import (
	"slices"
	"strings"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"

	"github.com/armgen/armgen/internal/webhookcerts"
)

// TestDeployConfigOwnCerts: config/ as is needs no cert-manager: it creates no cert-manager
// object, runs the operator with its own certificates (no --webhook-certs=files, no cert
// volume), and lets its ServiceAccount keep the Secret armgen-webhook-cert in its namespace
// through a Role, and write the CRDs' caBundle. (config/cert-manager is checked with the rest
// of the Deployment, in TestDeployConfigManager.)
func TestDeployConfigOwnCerts(t *testing.T) {
	d := renderConfig(t, "")
	if len(d.issuers)+len(d.certificates) > 0 {
		t.Errorf("config renders %d Issuers and %d Certificates: the default install must not need cert-manager", len(d.issuers), len(d.certificates))
	}
	dep := only(t, "Deployments", d.deployments)
	pod := dep.Spec.Template.Spec
	mgr := only(t, "containers", pod.Containers)
	for _, a := range mgr.Args {
		if v, ok := strings.CutPrefix(a, "--webhook-certs="); ok && v != string(webhookcerts.ModeOperator) {
			t.Errorf("the manager runs with %s, want the operator's own certificates", a)
		}
	}
	if len(pod.Volumes) > 0 {
		t.Errorf("the pod mounts %d volumes; the operator's own certificate needs none", len(pod.Volumes))
	}

	ns, sa := dep.Namespace, pod.ServiceAccountName
	subject := rbacv1.Subject{Kind: "ServiceAccount", Name: sa, Namespace: ns}
	var secretVerbs []string
	for _, b := range d.roleBindings {
		if b.Namespace != ns || b.RoleRef.Kind != "Role" || !slices.Contains(b.Subjects, subject) {
			continue
		}
		for _, r := range d.roles {
			if r.Namespace != ns || r.Name != b.RoleRef.Name {
				continue
			}
			for _, rule := range r.Rules {
				if slices.Contains(rule.APIGroups, "") && slices.Contains(rule.Resources, "secrets") &&
					(len(rule.ResourceNames) == 0 || slices.Contains(rule.ResourceNames, webhookcerts.DefaultSecretName)) {
					secretVerbs = append(secretVerbs, rule.Verbs...)
				}
			}
		}
	}
	for _, v := range []string{"get", "create", "update"} {
		if !slices.Contains(secretVerbs, v) {
			t.Errorf("no Role in %s lets %s %s the Secret %s (it has %v)", ns, sa, v, webhookcerts.DefaultSecretName, secretVerbs)
		}
	}

	var crdVerbs []string
	for _, b := range d.clusterRoleBindings {
		if b.RoleRef.Kind != "ClusterRole" || !slices.Contains(b.Subjects, subject) {
			continue
		}
		for _, r := range d.clusterRoles {
			if r.Name == b.RoleRef.Name {
				for k, v := range grants(r.Rules) {
					if k == "apiextensions.k8s.io/customresourcedefinitions" {
						crdVerbs = append(crdVerbs, strings.Split(v, ",")...)
					}
				}
			}
		}
	}
	for _, v := range []string{"get", "list", "patch"} {
		if !slices.Contains(crdVerbs, v) {
			t.Errorf("no ClusterRole bound to %s lets it %s CRDs, which writing their caBundle needs (it has %v)", sa, v, crdVerbs)
		}
	}
}
