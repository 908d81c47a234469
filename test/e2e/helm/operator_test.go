package helm_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/helmchart"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestOperatorRunsWithTheRenderedSettings: the operator, started with exactly the settings the
// rendered Deployment gives it (its args, and its environment resolved from the rendered Secret
// aso-controller-settings and the downward API), brings a ResourceGroup to Ready against armfake.
// Only what a test process must change is changed: the listen addresses (free ports) and the
// HTTP transport (armfake's CA).
func TestOperatorRunsWithTheRenderedSettings(t *testing.T) {
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: testspecs.Root(t), RetryAfter: 20 * time.Millisecond})
	ns := "helm-operator"
	ensureNamespace(t, helmchart.DefaultRelease.Namespace)
	ensureNamespace(t, ns)
	objs := render(t, map[string]any{
		"crdPattern":                   "resources.azure.com/*",
		"azureSubscriptionID":          "00000000-0000-0000-0000-000000000000",
		"azureTenantID":                srv.TenantID(),
		"azureClientID":                "operator",
		"azureClientSecret":            "secret",
		"azureResourceManagerEndpoint": srv.URL() + "/",
		"azureResourceManagerAudience": "https://management.azure.com/",
		"azureAuthorityHost":           srv.AuthorityHost(),
		"azureSyncPeriod":              "1h",
		"azureOperatorMode":            "watchers",
		"azureTargetNamespaces":        []any{ns},
	})
	var dep *appsv1.Deployment
	var secret *corev1.Secret
	for _, o := range objs {
		switch o.GetKind() {
		case "Deployment":
			dep = &appsv1.Deployment{}
			convert(t, o, dep)
		case "Secret":
			secret = &corev1.Secret{}
			convert(t, o, secret)
			apply(t, o) // the operator reads its global credential from the Secret itself
		}
	}
	if dep == nil || secret == nil {
		t.Fatalf("the chart renders no Deployment or no Secret: %d objects", len(objs))
	}
	env := containerEnv(t, dep, secret)
	st, err := settings.Load(func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("the rendered environment is refused: %v", err)
	}
	opts := managerOptions(t, dep.Spec.Template.Spec.Containers[0].Args)
	opts.Settings = st
	opts.MetricsAddr, opts.HealthAddr = "0", "0"
	opts.Transport = srv.Client()
	opts.Metrics = reconciler.NewMetrics(prometheus.NewRegistry())
	opts.SeveralManagers = true
	op, err := manager.New(shared.Config, opts)
	if err != nil {
		t.Fatal(err)
	}
	cluster.StartManager(t, op)

	rg := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "resources.azure.com/v1api20200601",
		"kind":       "ResourceGroup",
		"metadata":   map[string]any{"name": "helm-rg", "namespace": ns},
		"spec":       map[string]any{"location": "westus"},
	}}
	if err := shared.Client.Create(context.Background(), rg); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for {
		got := rg.DeepCopy()
		if err := shared.Client.Get(context.Background(), client.ObjectKeyFromObject(rg), got); err != nil {
			t.Fatal(err)
		}
		ready := readyCondition(got)
		if ready["status"] == "True" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the ResourceGroup is not Ready: %v", ready)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if n := len(srv.Requests()); n == 0 {
		t.Error("armfake saw no request")
	}
}

func convert(t *testing.T, u *unstructured.Unstructured, into any) {
	t.Helper()
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, into); err != nil {
		t.Fatalf("%s %s: %v", u.GetKind(), u.GetName(), err)
	}
}

// containerEnv is the manager container's environment as the kubelet would give it: values,
// keys of the rendered Secret (a missing optional key leaves the variable out), and the pod's
// namespace.
func containerEnv(t *testing.T, dep *appsv1.Deployment, secret *corev1.Secret) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, e := range dep.Spec.Template.Spec.Containers[0].Env {
		switch {
		case e.ValueFrom == nil:
			env[e.Name] = e.Value
		case e.ValueFrom.SecretKeyRef != nil:
			ref := e.ValueFrom.SecretKeyRef
			if ref.Name != secret.Name {
				t.Fatalf("%s comes from Secret %s, the chart renders %s", e.Name, ref.Name, secret.Name)
			}
			v, ok := secret.Data[ref.Key]
			if !ok && (ref.Optional == nil || !*ref.Optional) {
				t.Fatalf("%s: key %s is not in the rendered Secret and not optional", e.Name, ref.Key)
			}
			if ok {
				env[e.Name] = string(v)
			}
		case e.ValueFrom.FieldRef != nil && e.ValueFrom.FieldRef.FieldPath == "metadata.namespace":
			env[e.Name] = dep.Namespace
		default:
			t.Fatalf("%s comes from %+v, which this test cannot resolve", e.Name, e.ValueFrom)
		}
	}
	return env
}

// managerOptions reads the rendered args as cmd/controller reads them. The flags are declared
// here for the manager.Options they set; one the test does not know fails, so a flag added to the
// chart is added here too.
func managerOptions(t *testing.T, args []string) manager.Options {
	t.Helper()
	var opts manager.Options
	var webhookCerts, crdManagement string
	fs := flag.NewFlagSet("controller", flag.ContinueOnError)
	fs.StringVar(&opts.CRDPattern, "crd-pattern", "", "")
	fs.StringVar(&opts.MetricsAddr, "metrics-addr", "", "")
	fs.StringVar(&opts.HealthAddr, "health-addr", "", "")
	fs.IntVar(&opts.WebhookPort, "webhook-port", 0, "")
	fs.StringVar(&opts.WebhookCertDir, "webhook-cert-dir", "", "")
	fs.BoolVar(&opts.LeaderElection, "enable-leader-election", false, "")
	fs.StringVar(&webhookCerts, "webhook-certs", "", "")
	fs.StringVar(&crdManagement, "crd-management", "", "")
	if err := fs.Parse(args); err != nil {
		t.Fatalf("the rendered args %v: %v", args, err)
	}
	if fs.NArg() > 0 {
		t.Fatalf("the rendered args end with %v, which the controller takes no arguments for", fs.Args())
	}
	// The operator's CRD installer and certificate component read these; the manager options
	// of this branch do not carry them yet, so the test checks their values only.
	if webhookCerts != "operator" || crdManagement != "auto" {
		t.Errorf("--webhook-certs=%s --crd-management=%s, want operator and auto by default", webhookCerts, crdManagement)
	}
	if opts.CRDPattern != "resources.azure.com/*" || !opts.LeaderElection {
		t.Errorf("the rendered args lose the pattern or leader election: %v", args)
	}
	return opts
}

// readyCondition is the Ready condition of an object read as unstructured.
func readyCondition(u *unstructured.Unstructured) map[string]any {
	conds, _, _ := unstructured.NestedSlice(u.Object, "status", "conditions")
	for _, c := range conds {
		if m, ok := c.(map[string]any); ok && m["type"] == "Ready" {
			return m
		}
	}
	return map[string]any{"status": "(no Ready condition)"}
}
