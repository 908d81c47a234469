package reconciler_test

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/prometheus/client_golang/prometheus"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	network "github.com/armgen/armgen/generated/network/v1api20210201/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/armclient"
	"github.com/armgen/armgen/internal/credentials"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/resolver"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

const subscription = "00000000-0000-0000-0000-000000000001"

var (
	rgKind   = resources.GroupVersion.WithKind("ResourceGroup")
	vnetKind = network.GroupVersion.WithKind("VirtualNetwork")
	// routeTableKind is a parent with one embedded child collection (routes).
	routeTableKind = network.GroupVersion.WithKind("RouteTable")
)

// env is a reconciler over a fake cluster, talking to armfake.
type env struct {
	t      *testing.T
	srv    *armfake.Server
	scheme *runtime.Scheme
	client client.Client
	events *record.FakeRecorder
	r      *reconciler.Reconciler
	m      *reconciler.Metrics
	// cache, when set, is what the reconciler reads through, as a manager's cached client;
	// client is then its APIReader, or apiReader when set.
	cache     client.Client
	apiReader client.Reader
	// armOptions, when set, changes the ARM client options of the next restart (a transport
	// that intercepts requests, a shorter timeout).
	armOptions func(*armclient.Options)
	// reconcileTimeout, when set, is the reconcile deadline of the next restart.
	reconcileTimeout time.Duration
	// putModifiers are the kinds' PutModifiers from the next restart on.
	putModifiers map[schema.GroupKind]reconciler.PutModifier
	// kinds are reconciled and resolved from the next restart on, beside the resource group,
	// virtual network and route table.
	kinds []schema.GroupVersionKind
}

func newEnv(t *testing.T, opts armfake.Options, objs ...client.Object) *env {
	t.Helper()
	root := testspecs.Root(t) // armfake needs the swagger of resources and network
	opts.SpecRoot, opts.Groups = root, append(opts.Groups, "resources", "network")
	if opts.RetryAfter == 0 {
		opts.RetryAfter = 5 * time.Millisecond
	}
	e := &env{t: t, srv: armfake.StartTest(t, opts), events: record.NewFakeRecorder(1000)}
	s, err := manager.Scheme()
	if err != nil {
		t.Fatal(err)
	}
	e.scheme = s
	e.client = fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).
		// Every kind has a status subresource in the API server, so here too.
		WithStatusSubresource(append([]client.Object{&resources.ResourceGroup{}, &network.VirtualNetwork{}, &network.RouteTable{}}, objs...)...).Build()
	e.restart()
	return e
}

// restart makes a new reconciler, with nothing in memory: what survives is on the objects.
func (e *env) restart() {
	reads, apiReader := e.client, client.Reader(nil)
	if e.cache != nil {
		reads, apiReader = e.cache, e.client
		if e.apiReader != nil {
			apiReader = e.apiReader
		}
	}
	e.m = reconciler.NewMetrics(prometheus.NewRegistry())
	r, err := newReconciler(e.srv, e.scheme, e.client, reads, apiReader, e.events, e.m, append([]schema.GroupVersionKind{rgKind, vnetKind, routeTableKind}, e.kinds...),
		func(st *settings.Settings, o *armclient.Options, ro *reconciler.Options) {
			ro.PutModifiers = e.putModifiers
			if e.reconcileTimeout > 0 {
				st.ReconcileTimeout = e.reconcileTimeout
			}
			if e.armOptions != nil {
				e.armOptions(o)
			}
		})
	if err != nil {
		e.t.Fatal(err)
	}
	e.r = r
}

// newReconciler is a reconciler of kinds talking to srv with the global credential of
// subscription, reading objects through reads (c for credentials and references) and apiReader
// when not nil, with fast retries and waits; tune, when given, adjusts the settings and the ARM
// client's and the reconciler's options before they are used.
func newReconciler(srv *armfake.Server, scheme *runtime.Scheme, c client.Client, reads client.Client, apiReader client.Reader,
	events record.EventRecorder, m *reconciler.Metrics, kinds []schema.GroupVersionKind,
	tune ...func(*settings.Settings, *armclient.Options, *reconciler.Options)) (*reconciler.Reconciler, error) {
	env := map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": srv.TenantID(),
		"AZURE_CLIENT_ID": "operator", "AZURE_CLIENT_SECRET": "secret",
	}
	st, err := settings.Load(func(k string) string { return env[k] })
	if err != nil {
		return nil, err
	}
	st.ResourceManagerEndpoint, st.AuthorityHost = srv.URL()+"/", srv.AuthorityHost()
	fast := policy.RetryOptions{MaxRetries: 3, RetryDelay: time.Millisecond, MaxRetryDelay: 5 * time.Millisecond}
	armOpts := armclient.Options{Endpoint: st.ResourceManagerEndpoint, Transport: srv.Client(), Retry: fast}
	var extra reconciler.Options
	for _, f := range tune {
		f(&st, &armOpts, &extra)
	}
	return reconciler.New(reads, scheme, reconciler.Options{
		PutModifiers: extra.PutModifiers,
		Settings:     st,
		Clients:      armclient.NewCache(armOpts),
		Credentials:  credentials.NewProvider(c, credentials.Options{AuthorityHost: st.AuthorityHost, Transport: srv.Client(), Getenv: func(k string) string { return env[k] }}),
		Resolver:     resolver.New(c, scheme, kinds),
		Recorder:     events,
		Metrics:      m,
		WaitDelay:    time.Millisecond,
		PollDelay:    time.Millisecond,
		APIReader:    apiReader,
	}), nil
}

// step runs one reconcile.
func (e *env) step(gvk schema.GroupVersionKind, name string) reconcile.Result {
	e.t.Helper()
	res, err := e.r.Reconcile(context.Background(), gvk, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "ns", Name: name}})
	if err != nil {
		e.t.Fatalf("reconciling %s %s: %v", gvk.Kind, name, err)
	}
	return res
}

// settle reconciles until the object asks for nothing sooner than a resync (or is gone).
func (e *env) settle(gvk schema.GroupVersionKind, name string) {
	e.t.Helper()
	for range 50 {
		res := e.step(gvk, name)
		if !res.Requeue && (res.RequeueAfter == 0 || res.RequeueAfter >= time.Hour) {
			return
		}
		time.Sleep(res.RequeueAfter)
	}
	e.t.Fatalf("%s %s did not settle: %v", gvk.Kind, name, e.ready(gvk, name))
}

func (e *env) get(gvk schema.GroupVersionKind, name string) genruntime.ARMMetaObject {
	e.t.Helper()
	o, _ := e.scheme.New(gvk)
	obj := o.(genruntime.ARMMetaObject)
	if err := e.client.Get(context.Background(), types.NamespacedName{Namespace: "ns", Name: name}, obj); err != nil {
		e.t.Fatal(err)
	}
	return obj
}

// newGeneration changes an object as a user's edit would (change, then generation 2; the fake
// client does not count generations) and writes it.
func (e *env) newGeneration(gvk schema.GroupVersionKind, name string, change func(genruntime.ARMMetaObject)) {
	e.t.Helper()
	obj := e.get(gvk, name)
	change(obj)
	obj.SetGeneration(2)
	if err := e.client.Update(context.Background(), obj); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) ready(gvk schema.GroupVersionKind, name string) conditions.Condition {
	c, _ := e.get(gvk, name).GetConditions().Get(conditions.ConditionTypeReady)
	return c
}

// requests counts armfake's requests of method to paths ending in suffix.
func (e *env) requests(method, suffix string) (n int, apiVersions []string) {
	for _, r := range e.srv.Requests() {
		if r.Method == method && strings.HasSuffix(strings.ToLower(r.Path), strings.ToLower(suffix)) {
			n++
			apiVersions = append(apiVersions, r.APIVersion)
		}
	}
	return n, apiVersions
}

func group(name, original string, annotations map[string]string) *resources.ResourceGroup {
	rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name, Generation: 1, Annotations: annotations}}
	rg.Spec.Location = ptr("westus")
	rg.Spec.OriginalVersion = original
	return rg
}

func vnet(name, owner string) *network.VirtualNetwork {
	v := &network.VirtualNetwork{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name, Generation: 1}}
	v.Spec.Location = ptr("westus")
	v.Spec.Owner = &genruntime.KnownResourceReference{Name: owner}
	v.Spec.AddressSpace = &network.AddressSpace{AddressPrefixes: []string{"10.0.0.0/16"}}
	v.Spec.OriginalVersion = "v1api20201101"
	return v
}

func routeTable(name, owner string) *network.RouteTable {
	r := &network.RouteTable{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name, Generation: 1}}
	r.Spec.Location = ptr("westus")
	r.Spec.Owner = &genruntime.KnownResourceReference{Name: owner}
	r.Spec.OriginalVersion = "v1api20201101"
	return r
}

func ptr[T any](v T) *T { return &v }

// createInAzure makes a resource in armfake out of band, as someone else would.
func (e *env) createInAzure(id, apiVersion, body string) {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPut, e.srv.URL()+id+"?api-version="+apiVersion, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		e.t.Fatalf("creating %s in armfake: %s", id, resp.Status)
	}
}

// fieldString reads a string (or *string) field by path, for any generated kind.
func fieldString(obj any, path ...string) string {
	v := reflect.ValueOf(obj)
	for _, name := range path {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return ""
			}
			v = v.Elem()
		}
		v = v.FieldByName(name)
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	return v.String()
}

// drain returns the events recorded so far, one per line.
func drain(e *env) string {
	var b strings.Builder
	for {
		select {
		case ev := <-e.events.Events:
			b.WriteString(ev + "\n")
		default:
			return b.String()
		}
	}
}
