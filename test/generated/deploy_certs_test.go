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
// through a Role, and write the CRDs' caBundle.
func TestDeployConfigOwnCerts(t *testing.T) {
	d := renderConfig(t)
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

// TestDeployConfigCertManager: an overlay of config/ with the config/certmanager component
// has cert-manager issue the certificate: a self-signed Issuer, a Certificate naming the
// Service every CRD converts through and named by every CRD's CA injection annotation, its
// Secret mounted at the manager's --webhook-cert-dir, and the manager told to read files.
func TestDeployConfigCertManager(t *testing.T) {
	d := renderCertManager(t)
	cert := only(t, "Certificates", d.certificates)
	iss := only(t, "Issuers", d.issuers)
	if cert.Spec.IssuerRef.Kind != "Issuer" || cert.Spec.IssuerRef.Name != iss.Metadata.Name || iss.Metadata.Namespace != cert.Metadata.Namespace || iss.Spec.SelfSigned == nil {
		t.Errorf("the Certificate is issued by %+v; the overlay has the self-signed Issuer %s/%s", cert.Spec.IssuerRef, iss.Metadata.Namespace, iss.Metadata.Name)
	}
	wantCA := cert.Metadata.Namespace + "/" + cert.Metadata.Name
	for _, c := range d.crds {
		if got := c.Annotations["cert-manager.io/inject-ca-from"]; got != wantCA {
			t.Errorf("%s: cert-manager.io/inject-ca-from is %q, the Certificate is %s", c.Name, got, wantCA)
		}
		if conv := c.Spec.Conversion; conv != nil && conv.Webhook != nil && conv.Webhook.ClientConfig != nil && conv.Webhook.ClientConfig.Service != nil {
			ref := conv.Webhook.ClientConfig.Service
			if dns := ref.Name + "." + ref.Namespace + ".svc"; !slices.Contains(cert.Spec.DNSNames, dns) {
				t.Errorf("the Certificate's names %v lack %s, which the API server calls for %s", cert.Spec.DNSNames, dns, c.Name)
			}
		}
	}

	dep := only(t, "Deployments", d.deployments)
	pod := dep.Spec.Template.Spec
	mgr := only(t, "containers", pod.Containers)
	if got := flag(t, mgr.Args, "webhook-certs"); got != string(webhookcerts.ModeFiles) {
		t.Errorf("the manager runs with --webhook-certs=%s, want files", got)
	}
	certDir := flag(t, mgr.Args, "webhook-cert-dir")
	mounted := false
	for _, m := range mgr.VolumeMounts {
		for _, v := range pod.Volumes {
			mounted = mounted || (m.Name == v.Name && m.MountPath == certDir && v.Secret != nil && v.Secret.SecretName == cert.Spec.SecretName)
		}
	}
	if !mounted {
		t.Errorf("the Certificate's Secret %s is not mounted at %s", cert.Spec.SecretName, certDir)
	}
	if n := len(only(t, "Deployments", renderConfig(t).deployments).Spec.Template.Spec.Containers[0].Args); len(mgr.Args) != n+2 {
		t.Errorf("the component changes the manager's arguments beyond the two it adds: %v", mgr.Args)
	}
}
