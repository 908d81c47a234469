package generated_test

import (
	"fmt"
	"maps"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"

	"github.com/armgen/armgen/internal/crdcheck"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/internal/settings"
)

// deployment is config/ as kustomize renders it, decoded by kind.
type deployment struct {
	crds                []*apiextv1.CustomResourceDefinition
	namespaces          []corev1.Namespace
	deployments         []appsv1.Deployment
	services            []corev1.Service
	serviceAccounts     []corev1.ServiceAccount
	clusterRoles        []rbacv1.ClusterRole
	clusterRoleBindings []rbacv1.ClusterRoleBinding
	roles               []rbacv1.Role
	roleBindings        []rbacv1.RoleBinding
	issuers             []issuer
	certificates        []certificate
}

// cert-manager's kinds, as far as the checks read them (the module does not depend on it).
type issuer struct {
	Metadata struct{ Name, Namespace string }
	Spec     struct {
		SelfSigned *struct{} `json:"selfSigned"`
	}
}

type certificate struct {
	Metadata struct{ Name, Namespace string }
	Spec     struct {
		DNSNames   []string `json:"dnsNames"`
		SecretName string   `json:"secretName"`
		IssuerRef  struct{ Kind, Name string }
	}
}

// rendered holds each folder of config/ rendered once for all tests of the package.
var rendered struct {
	mu sync.Mutex
	d  map[string]*deployment
}

// renderConfig runs kustomize over config/sub (config/ itself for "") as `kubectl apply -k`
// would, with its default load restrictions, and decodes what comes out; an object of a kind no
// check expects fails.
func renderConfig(t *testing.T, sub string) *deployment {
	t.Helper()
	rendered.mu.Lock()
	defer rendered.mu.Unlock()
	if d, ok := rendered.d[sub]; ok {
		return d
	}
	d, err := render(filepath.Join(repoRoot(t), "config", sub))
	if err != nil {
		t.Fatal(err)
	}
	if rendered.d == nil {
		rendered.d = map[string]*deployment{}
	}
	rendered.d[sub] = d
	return d
}

// variants are config/'s folders: the operator's own webhook certificate, and cert-manager's.
var variants = []struct {
	dir         string
	certManager bool
}{{"", false}, {"cert-manager", true}}

func render(dir string) (*deployment, error) {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build %s: %w", dir, err)
	}
	d := &deployment{}
	for _, r := range m.Resources() {
		data, err := r.AsYAML()
		if err != nil {
			return nil, err
		}
		kind := r.GetKind()
		var into any
		switch kind {
		case "CustomResourceDefinition":
			c := &apiextv1.CustomResourceDefinition{}
			d.crds, into = append(d.crds, c), c
		case "Namespace":
			into = appendNew(&d.namespaces)
		case "Deployment":
			into = appendNew(&d.deployments)
		case "Service":
			into = appendNew(&d.services)
		case "ServiceAccount":
			into = appendNew(&d.serviceAccounts)
		case "ClusterRole":
			into = appendNew(&d.clusterRoles)
		case "ClusterRoleBinding":
			into = appendNew(&d.clusterRoleBindings)
		case "Role":
			into = appendNew(&d.roles)
		case "RoleBinding":
			into = appendNew(&d.roleBindings)
		case "Issuer":
			into = appendNew(&d.issuers)
		case "Certificate":
			into = appendNew(&d.certificates)
		default:
			return nil, fmt.Errorf("config renders a %s %s, which no check here looks at", kind, r.GetName())
		}
		if err := yaml.Unmarshal(data, into); err != nil {
			return nil, fmt.Errorf("%s %s: %w", kind, r.GetName(), err)
		}
	}
	return d, nil
}

// appendNew appends a zero value to *list and returns a pointer to it (valid until the next append).
func appendNew[T any](list *[]T) *T {
	*list = append(*list, *new(T))
	return &(*list)[len(*list)-1]
}

func only[T any](t *testing.T, what string, list []T) T {
	t.Helper()
	if len(list) != 1 {
		t.Fatalf("config renders %d %s, want 1", len(list), what)
	}
	return list[0]
}

// flag returns the value of --name=value in args.
func flag(t *testing.T, args []string, name string) string {
	t.Helper()
	for _, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
	}
	t.Fatalf("the manager has no --%s: %v", name, args)
	return ""
}

func port(t *testing.T, c corev1.Container, name string) int32 {
	t.Helper()
	for _, p := range c.Ports {
		if p.Name == name {
			return p.ContainerPort
		}
	}
	t.Fatalf("container %s has no port %s", c.Name, name)
	return 0
}

// TestDeployConfigServesEveryCRDsWebhook: config/ installs no CRD (the operator installs those its
// --crd-pattern names), but creates the Service every generated CRD converts through, reaching
// the manager's webhook port; with cert-manager, each CRD's CA injection annotation names the
// Certificate config/cert-manager creates, whose names the API server calls (a CRD of a kind with
// one API version converts through no webhook, and asks for no CA).
func TestDeployConfigServesEveryCRDsWebhook(t *testing.T) {
	onDisk, err := crdcheck.LoadDir(filepath.Join(repoRoot(t), "generated", "crds"))
	if err != nil {
		t.Fatal(err)
	}
	if len(onDisk) == 0 {
		t.Fatal("no CRDs in generated/crds")
	}
	for _, v := range variants {
		t.Run("config/"+v.dir, func(t *testing.T) {
			d := renderConfig(t, v.dir)
			if len(d.crds) != 0 {
				t.Errorf("config installs %d CRDs; the operator installs them", len(d.crds))
			}
			var cert certificate
			if v.certManager {
				cert = only(t, "Certificates", d.certificates)
			} else if len(d.certificates) != 0 || len(d.issuers) != 0 {
				t.Errorf("config without cert-manager has cert-manager objects: %+v %+v", d.certificates, d.issuers)
			}
			mgr := only(t, "Deployments", d.deployments).Spec.Template.Spec.Containers[0]
			webhookPort := flag(t, mgr.Args, "webhook-port")
			checked := map[string]bool{} // each Service once: every CRD names the same one
			for _, c := range onDisk {
				conv := c.Spec.Conversion
				converts := conv != nil && conv.Webhook != nil && conv.Webhook.ClientConfig != nil && conv.Webhook.ClientConfig.Service != nil
				// A CRD of a kind with one API version converts nothing: nothing to inject into.
				injected := c.Annotations["cert-manager.io/inject-ca-from"]
				if want := cert.Metadata.Namespace + "/" + cert.Metadata.Name; v.certManager && converts && injected != want {
					t.Errorf("%s: cert-manager.io/inject-ca-from is %q, the Certificate is %s", c.Name, injected, want)
				}
				if !converts && injected != "" {
					t.Errorf("%s: converts through no webhook, yet asks cert-manager to inject its CA (%q)", c.Name, injected)
				}
				if !converts {
					continue
				}
				ref := conv.Webhook.ClientConfig.Service
				key := ref.Namespace + "/" + ref.Name
				if checked[key] {
					continue
				}
				checked[key] = true
				svc, ok := findService(d.services, ref.Namespace, ref.Name)
				if !ok {
					t.Errorf("%s converts through Service %s/%s, which config does not create", c.Name, ref.Namespace, ref.Name)
					continue
				}
				want := int32(443) // the API server's default when the reference names no port
				if ref.Port != nil {
					want = *ref.Port
				}
				target, ok := servicePort(svc, want)
				if !ok {
					t.Errorf("%s converts through port %d of Service %s, which has no such port", c.Name, want, svc.Name)
				} else if target != webhookPort && (isNumber(target) || fmt.Sprint(port(t, mgr, target)) != webhookPort) {
					t.Errorf("Service %s port %d targets %s, the manager serves webhooks on %s", svc.Name, want, target, webhookPort)
				}
				if !matches(svc.Spec.Selector, only(t, "Deployments", d.deployments).Spec.Template.Labels) {
					t.Errorf("Service %s selects %v, which the manager's pods do not carry", svc.Name, svc.Spec.Selector)
				}
				dns := ref.Name + "." + ref.Namespace + ".svc"
				if v.certManager && !slices.Contains(cert.Spec.DNSNames, dns) {
					t.Errorf("the Certificate's names %v lack %s, which the API server calls", cert.Spec.DNSNames, dns)
				}
			}
			if len(checked) == 0 {
				t.Error("no generated CRD converts through a webhook: nothing was checked")
			}
		})
	}
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func findService(list []corev1.Service, ns, name string) (corev1.Service, bool) {
	for _, s := range list {
		if s.Namespace == ns && s.Name == name {
			return s, true
		}
	}
	return corev1.Service{}, false
}

// servicePort returns the target of a Service's port, as a number or a container port name.
func servicePort(svc corev1.Service, p int32) (string, bool) {
	for _, sp := range svc.Spec.Ports {
		if sp.Port == p {
			return sp.TargetPort.String(), true
		}
	}
	return "", false
}

func matches(selector, labels map[string]string) bool {
	if len(selector) == 0 {
		return false
	}
	for k, v := range selector {
		if labels[k] != v {
			return false
		}
	}
	return true
}

// TestDeployConfigRole: the ClusterRole grants, for exactly the kinds of generated/crds, every
// verb on the kind and what the operator does to its status and finalizers, plus the core objects
// it uses; nothing else. The expected rules are computed from the CRD files, not from the
// generator.
func TestDeployConfigRole(t *testing.T) {
	d := renderConfig(t, "")
	onDisk, err := crdcheck.LoadDir(filepath.Join(repoRoot(t), "generated", "crds"))
	if err != nil {
		t.Fatal(err)
	}
	all := "create,delete,get,list,patch,update,watch"
	read := "get,list,watch"
	want := map[string]string{
		"/secrets":    all,
		"/configmaps": all,
		"/events":     "create,patch",
		"/namespaces": read,
		// Installing and upgrading CRDs (--crd-management=auto) and writing their caBundle.
		"apiextensions.k8s.io/customresourcedefinitions": "create,get,list,patch,watch",
	}
	for _, c := range onDisk {
		gr := c.Spec.Group + "/" + c.Spec.Names.Plural
		want[gr] = all
		want[gr+"/status"] = "get,patch,update"
		want[gr+"/finalizers"] = "update"
	}
	var role *rbacv1.ClusterRole
	for i, r := range d.clusterRoles {
		if r.Name == "armgen-manager-role" {
			role = &d.clusterRoles[i]
		}
	}
	if role == nil {
		t.Fatal("config has no ClusterRole armgen-manager-role")
	}
	if d := cmp.Diff(want, grants(role.Rules)); d != "" {
		t.Errorf("armgen-manager-role grants other than the generated kinds and the core objects (-want +got):\n%s", d)
	}
	// Installing and upgrading CRDs (server-side apply) and writing their caBundle, never deleting one.
	var crdRole *rbacv1.ClusterRole
	for i, r := range d.clusterRoles {
		if r.Name == "armgen-crd-manager-role" {
			crdRole = &d.clusterRoles[i]
		}
	}
	if crdRole == nil {
		t.Fatal("config has no ClusterRole armgen-crd-manager-role")
	}
	wantCRD := map[string]string{"apiextensions.k8s.io/customresourcedefinitions": "create,get,list,patch,update,watch"}
	if d := cmp.Diff(wantCRD, grants(crdRole.Rules)); d != "" {
		t.Errorf("armgen-crd-manager-role grants other than managing CRDs (-want +got):\n%s", d)
	}
	bound := map[string]bool{}
	for _, b := range d.clusterRoleBindings {
		if b.RoleRef.Kind == "ClusterRole" {
			bound[b.RoleRef.Name] = true
		}
	}
	for _, r := range d.clusterRoles {
		if !bound[r.Name] {
			t.Errorf("ClusterRole %s is bound to nothing", r.Name)
		}
	}
}

// grants flattens rules to group/resource -> sorted, comma-joined verbs.
func grants(rules []rbacv1.PolicyRule) map[string]string {
	verbs := map[string]map[string]bool{}
	for _, r := range rules {
		for _, g := range r.APIGroups {
			for _, res := range r.Resources {
				k := g + "/" + res
				if verbs[k] == nil {
					verbs[k] = map[string]bool{}
				}
				for _, v := range r.Verbs {
					verbs[k][v] = true
				}
			}
		}
	}
	out := make(map[string]string, len(verbs))
	for k, vs := range verbs {
		out[k] = strings.Join(slices.Sorted(maps.Keys(vs)), ",")
	}
	return out
}

// TestDeployConfigManager: the Deployment runs as a ServiceAccount bound to the manager role and
// to leader election in its namespace, takes every setting and credential key the operator reads
// from aso-controller-settings (optional), knows its namespace, probes the health port, serves
// its own certificate or the one cert-manager issues from its webhook cert dir, and runs locked
// down; in both folders of config/.
func TestDeployConfigManager(t *testing.T) {
	for _, v := range variants {
		t.Run("config/"+v.dir, func(t *testing.T) { checkManager(t, renderConfig(t, v.dir), v.certManager) })
	}
}

func checkManager(t *testing.T, d *deployment, certManager bool) {
	ns := only(t, "Namespaces", d.namespaces).Name
	dep := only(t, "Deployments", d.deployments)
	if dep.Namespace != ns {
		t.Errorf("the Deployment is in %q, the Namespace is %q", dep.Namespace, ns)
	}
	pod := dep.Spec.Template.Spec
	sa := pod.ServiceAccountName
	if _, ok := findSA(d.serviceAccounts, ns, sa); !ok || sa == "" {
		t.Errorf("the Deployment runs as ServiceAccount %q, which config does not create in %s", sa, ns)
	}
	subject := rbacv1.Subject{Kind: "ServiceAccount", Name: sa, Namespace: ns}
	bound := false
	for _, b := range d.clusterRoleBindings {
		bound = bound || (b.RoleRef.Kind == "ClusterRole" && b.RoleRef.Name == "armgen-manager-role" && slices.Contains(b.Subjects, subject))
	}
	if !bound {
		t.Errorf("no ClusterRoleBinding binds %s/%s to armgen-manager-role", ns, sa)
	}
	leases := false
	for _, b := range d.roleBindings {
		if b.Namespace != ns || b.RoleRef.Kind != "Role" || !slices.Contains(b.Subjects, subject) {
			continue
		}
		for _, r := range d.roles {
			if r.Namespace == ns && r.Name == b.RoleRef.Name {
				g := grants(r.Rules)
				leases = leases || g["coordination.k8s.io/leases"] == "create,delete,get,list,patch,update,watch" && strings.Contains(g["/events"], "create")
			}
		}
	}
	if !leases {
		t.Errorf("no RoleBinding in %s gives %s the leases and events leader election needs", ns, sa)
	}

	mgr := only(t, "containers", pod.Containers)
	env := map[string]corev1.EnvVar{}
	for _, e := range mgr.Env {
		env[e.Name] = e
	}
	for _, name := range []string{
		credentials.SubscriptionIDKey, credentials.TenantIDKey, credentials.ClientIDKey, credentials.ClientSecretKey,
		credentials.ClientCertificateKey, credentials.ClientCertificatePasswordKey, credentials.UseWorkloadIdentityKey,
		settings.ResourceManagerEndpointVar, settings.ResourceManagerAudienceVar, settings.AuthorityHostVar,
		settings.SyncPeriodVar, settings.TargetNamespacesVar, settings.OperatorModeVar, settings.DefaultReconcilePolicyVar,
		settings.MaxConcurrentReconcilesVar, settings.RateLimitModeVar, settings.RateLimitQPSVar,
		settings.RateLimitBucketSizeVar, settings.UserAgentSuffixVar,
	} {
		e, ok := env[name]
		var ref *corev1.SecretKeySelector
		if ok && e.ValueFrom != nil {
			ref = e.ValueFrom.SecretKeyRef
		}
		if ref == nil || ref.Name != credentials.GlobalSecretName || ref.Key != name || ref.Optional == nil || !*ref.Optional {
			t.Errorf("%s is not taken from key %s of Secret %s (optional): %+v", name, name, credentials.GlobalSecretName, e)
		}
	}
	if e := env[settings.PodNamespaceVar]; e.ValueFrom == nil || e.ValueFrom.FieldRef == nil || e.ValueFrom.FieldRef.FieldPath != "metadata.namespace" {
		t.Errorf("%s does not come from the downward API: %+v", settings.PodNamespaceVar, e)
	}

	if !slices.Contains(mgr.Args, "--enable-leader-election") {
		t.Errorf("the manager runs without --enable-leader-election: %v", mgr.Args)
	}
	_, health, err := net.SplitHostPort(flag(t, mgr.Args, "health-addr"))
	if err != nil {
		t.Fatal(err)
	}
	for probe, p := range map[string]*corev1.Probe{"/healthz": mgr.LivenessProbe, "/readyz": mgr.ReadinessProbe} {
		if p == nil || p.HTTPGet == nil || p.HTTPGet.Path != probe {
			t.Errorf("no %s probe: %+v", probe, p)
			continue
		}
		if got := p.HTTPGet.Port.String(); got != health && (isNumber(got) || fmt.Sprint(port(t, mgr, got)) != health) {
			t.Errorf("the %s probe goes to port %s, the health address is :%s", probe, got, health)
		}
	}
	_, metrics, err := net.SplitHostPort(flag(t, mgr.Args, "metrics-addr"))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(port(t, mgr, "metrics")) != metrics {
		t.Errorf("the metrics port is not the metrics address :%s", metrics)
	}

	if !certManager {
		// The operator makes its own certificate and serves it from memory: no cert directory,
		// no volume, nothing written under the read-only root.
		if got := flag(t, mgr.Args, "webhook-certs"); got != "operator" {
			t.Errorf("--webhook-certs=%s without cert-manager, want operator", got)
		}
		for _, a := range mgr.Args {
			if strings.HasPrefix(a, "--webhook-cert-dir") {
				t.Errorf("the manager is given %s, which only --webhook-certs=files reads", a)
			}
		}
		if len(pod.Volumes) > 0 || len(mgr.VolumeMounts) > 0 {
			t.Errorf("the pod mounts %d volumes; the operator's own certificate needs none", len(pod.Volumes))
		}
	} else {
		if got := flag(t, mgr.Args, "webhook-certs"); got != "files" {
			t.Errorf("--webhook-certs=%s with cert-manager, want files", got)
		}
		certDir := flag(t, mgr.Args, "webhook-cert-dir")
		var volume *corev1.Volume
		for _, m := range mgr.VolumeMounts {
			for i, v := range pod.Volumes {
				if m.Name == v.Name && m.MountPath == certDir {
					volume = &pod.Volumes[i]
				}
			}
		}
		cert := only(t, "Certificates", d.certificates)
		if volume == nil || volume.Secret == nil || volume.Secret.SecretName != cert.Spec.SecretName {
			t.Errorf("the Certificate's Secret %s is not mounted at %s", cert.Spec.SecretName, certDir)
		}
		iss := only(t, "Issuers", d.issuers)
		if cert.Spec.IssuerRef.Kind != "Issuer" || cert.Spec.IssuerRef.Name != iss.Metadata.Name || iss.Metadata.Namespace != cert.Metadata.Namespace || iss.Spec.SelfSigned == nil {
			t.Errorf("the Certificate is issued by %+v; config has the self-signed Issuer %s/%s", cert.Spec.IssuerRef, iss.Metadata.Namespace, iss.Metadata.Name)
		}
	}

	sc, psc := mgr.SecurityContext, pod.SecurityContext
	if psc == nil || psc.RunAsNonRoot == nil || !*psc.RunAsNonRoot {
		t.Error("the pod may run as root")
	}
	if sc == nil || sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
		t.Errorf("the manager's root file system is writable or it may escalate: %+v", sc)
	}
	if mgr.Resources.Requests.Memory().IsZero() || mgr.Resources.Limits.Memory().IsZero() {
		t.Errorf("the manager has no memory request or limit: %+v", mgr.Resources)
	}
	if mgr.Image != "armgen-controller:latest" {
		t.Errorf("the manager runs %s", mgr.Image)
	}
}

func findSA(list []corev1.ServiceAccount, ns, name string) (corev1.ServiceAccount, bool) {
	for _, s := range list {
		if s.Namespace == ns && s.Name == name {
			return s, true
		}
	}
	return corev1.ServiceAccount{}, false
}
