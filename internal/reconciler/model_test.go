package reconciler_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-logr/logr/funcr"
	"github.com/prometheus/client_golang/prometheus"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"pgregory.net/rapid"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/internal/testspecs"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

// The model-based test of the reconciler: rapid draws sequences of what users, other
// controllers, the cluster and Azure do to a resource group and a PostgreSQL flexible server in
// it (whose administrator password comes from a Secret), interleaved with single reconciles;
// after each sequence settles, the invariants of docs/operator.md must hold (model_invariants_test.go).
//
// Budget: a fixed seed and a few sequences by default, so that `make test` runs it in well under
// a minute; `make fuzz-operator` passes -rapid.checks, -rapid.steps and -rapid.seed for more.

// modelWithout leaves actions or fault kinds out of the model by name, comma-separated (say
// "tamperAnnotation,operations expire"), to look past a known violation for the next.
var modelWithout = flag.String("model.without", "", "actions or ARM fault kinds the reconciler model leaves out, comma-separated")

// Defaults when the rapid flags are not given: reproducible, and small enough for make test
// (about 15 s here). Under -short rapid itself runs a fifth of the checks.
const (
	modelSeed       = 20251125
	modelChecks     = 30
	modelSteps      = 30
	modelShortSteps = 15

	// modelOperationTime is how long an operation nobody polls runs in armfake; settle's
	// rounds that make no progress wait modelRetryWait, so that a settle outlasts it.
	modelOperationTime = 50 * time.Millisecond
	modelRetryWait     = 5 * time.Millisecond
)

// victimID is the resource group in otherSubscription (one the credential can reach but no object
// names: the operator must never touch it, whatever an annotation says) of sequence seq: one per
// sequence, as a
// DELETE sent to it in one sequence may still be running in the next.
func victimID(seq int) string {
	return fmt.Sprintf("/subscriptions/%s/resourceGroups/victim-%d", otherSubscription, seq)
}

func TestReconcilerModel(t *testing.T) {
	root := testspecs.Root(t) // armfake needs the swagger of resources and dbforpostgresql
	setRapidDefaults(t)
	srv := armfake.StartTest(t, armfake.Options{SpecRoot: root, Groups: []string{"resources", "dbforpostgresql"},
		LROPolls: 2, ForceLRO: true, RetryAfter: 2 * time.Millisecond, Seed: 1,
		// Azure's operations end whether anyone polls them or not: one whose token the
		// operator gave up (a 404 on its URL) must not hold its resource busy forever.
		LROFinishAfter: modelOperationTime})
	scheme, err := manager.Scheme()
	if err != nil {
		t.Fatal(err)
	}
	w := &modelWorld{srv: srv, scheme: scheme}
	start := time.Now()
	// Printed whatever the outcome (a failure ends the test inside rapid.Check).
	defer func() {
		fmt.Printf("reconciler model: %d sequences, %d steps, %d reconciles, %.1f s (seed %s)\n",
			w.sequences, w.steps, w.reconciles, time.Since(start).Seconds(), flag.Lookup("rapid.seed").Value)
	}()
	rapid.Check(t, func(rt *rapid.T) {
		m := w.newModel(rt)
		rt.Repeat(without(m.actions(), *modelWithout))
		m.settle(rt)
		m.checkInvariants(rt)
	})
}

// without drops the named actions (and, through modelFaults, fault kinds).
func without(actions map[string]func(*rapid.T), names string) map[string]func(*rapid.T) {
	for _, n := range strings.Split(names, ",") {
		delete(actions, strings.TrimSpace(n))
	}
	return actions
}

// setRapidDefaults applies the fixed seed and the small budget unless the flags were given.
func setRapidDefaults(t *testing.T) {
	given := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { given[f.Name] = true })
	steps := modelSteps
	if testing.Short() {
		steps = modelShortSteps
	}
	for name, value := range map[string]string{
		"rapid.seed": strconv.Itoa(modelSeed), "rapid.checks": strconv.Itoa(modelChecks), "rapid.steps": strconv.Itoa(steps),
		"rapid.nofailfile": "true", "rapid.shrinktime": "20s",
	} {
		if !given[name] {
			if err := flag.Set(name, value); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// modelWorld is what the sequences share: armfake (each sequence uses names of its own) and the
// scheme, plus the figures.
type modelWorld struct {
	srv    *armfake.Server
	scheme *runtime.Scheme

	sequences, steps, reconciles int
}

// model is one sequence: a fresh cluster (fake client), reconciler, and what the test knows
// the objects should be.
type model struct {
	w      *modelWorld
	seq    int
	client client.Client
	reads  *modelReads
	events *record.FakeRecorder
	logs   *logLines
	r      *reconciler.Reconciler

	objs     []*modelObj
	password string
	// passwords are every value the Secret held: none may leave the process but in a PUT.
	passwords []string
	nsPolicy  string
	edits     int
	// unsettled says why the last settle did not end quiet ("" when it did).
	unsettled string
	// eventLog keeps the Events drained from the recorder so far.
	eventLog []string
}

// modelObj is what the test knows of one object.
type modelObj struct {
	gvk   schema.GroupVersionKind
	name  string
	id    string // the ARM ID its spec and owner give
	owner *modelObj
	gen   int64
	// policy is its own reconcile-policy annotation ("" for none).
	policy string
	// tampered: the resource-id annotation was set to a foreign ID, which the operator must
	// refuse; it must then send nothing on that object's account. (An unknown policy is
	// o.policy, which a valid one set later replaces.)
	tampered bool
	deleting bool
	// mayDelete: the object was deleted while its policy was manage, so a DELETE is allowed.
	mayDelete bool
	// otherFinalizer: another controller added its finalizer.
	otherFinalizer bool
	// rePUTs counts what justifies sending a generation again: a failed operation, a dropped
	// resume token, a policy that went back to manage.
	rePUTs int
}

// GoString keeps rapid's log of drawn objects short.
func (o *modelObj) GoString() string { return o.name }

func (w *modelWorld) newModel(t *rapid.T) *model {
	w.sequences++
	m := &model{w: w, seq: w.sequences, events: record.NewFakeRecorder(100000), logs: &logLines{}, nsPolicy: ""}
	m.password = m.newPassword()
	rgName, dbName := fmt.Sprintf("rg-%d", m.seq), fmt.Sprintf("db-%d", m.seq)
	rgID := "/subscriptions/" + subscription + "/resourceGroups/" + rgName
	rg := &modelObj{gvk: rgKind, name: rgName, id: rgID, gen: 1}
	db := &modelObj{gvk: serverKind, name: dbName, id: rgID + "/providers/Microsoft.DBforPostgreSQL/flexibleServers/" + dbName, owner: rg, gen: 1}
	m.objs = []*modelObj{rg, db}

	group := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: rgName, Generation: 1}}
	group.Spec.Location, group.Spec.OriginalVersion = ptr("westus"), "v1api20210401"
	group.Spec.Tags = genTags(1)
	server := &postgres.FlexibleServer{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: dbName, Generation: 1}}
	server.Spec.OriginalVersion = "v1api20210601"
	server.Spec.Owner = &genruntime.KnownResourceReference{Name: rgName}
	server.Spec.Location = ptr("westus")
	server.Spec.Version = ptr("13")
	server.Spec.AdministratorLogin = ptr("admin1")
	server.Spec.AdministratorLoginPassword = &genruntime.SecretReference{Name: "pw", Key: "password"}
	server.Spec.Sku = &postgres.Sku{Name: ptr("Standard_D4s_v3"), Tier: ptr("GeneralPurpose")}
	server.Spec.Tags = genTags(1)
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "pw"}, Data: map[string][]byte{"password": []byte(m.password)}}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "ns"}}

	m.client = fake.NewClientBuilder().WithScheme(w.scheme).WithObjects(ns, secret, group, server).
		WithStatusSubresource(&resources.ResourceGroup{}, &postgres.FlexibleServer{}).Build()
	m.reads = newModelReads(m.client)
	w.srv.ResetRequests()
	w.srv.ClearFaults()
	w.createInAzure(t, victimID(m.seq), "2021-04-01", `{"location":"westus"}`)
	m.restart(t)
	return m
}

// restart is a new reconciler: nothing in memory survives, only what is on the objects.
func (m *model) restart(t *rapid.T) {
	r, err := newReconciler(m.w.srv, m.w.scheme, m.client, m.reads, m.client, m.events,
		reconciler.NewMetrics(prometheus.NewRegistry()), []schema.GroupVersionKind{rgKind, serverKind})
	if err != nil {
		t.Fatal(err)
	}
	m.r = r
}

func (m *model) newPassword() string {
	m.edits++
	p := fmt.Sprintf("Pw%d-%d-secret!Zq", m.seq, m.edits)
	m.passwords = append(m.passwords, p)
	return p
}

func genTags(gen int64) map[string]string {
	return map[string]string{"generation": strconv.FormatInt(gen, 10)}
}

// reconcile runs one reconcile of o, logging into the model's log.
func (m *model) reconcile(o *modelObj) (reconcile.Result, error) {
	m.w.reconciles++
	logger := funcr.New(func(prefix, args string) { m.logs.add(prefix + " " + args) }, funcr.Options{Verbosity: 10})
	ctx := log.IntoContext(context.Background(), logger)
	return m.r.Reconcile(ctx, o.gvk, reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "ns", Name: o.name}})
}

// get reads o from the cluster; false when it is gone.
func (m *model) get(t *rapid.T, o *modelObj) (genruntime.ARMMetaObject, bool) {
	obj, err := m.w.scheme.New(o.gvk)
	if err != nil {
		t.Fatal(err)
	}
	a := obj.(genruntime.ARMMetaObject)
	if err := m.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: o.name}, a); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return nil, false
		}
		t.Fatal(err)
	}
	return a, true
}

// change writes a change to o as another writer would: read, change, update, after keeping the
// version before it for stale reads.
func (m *model) change(t *rapid.T, o *modelObj, f func(genruntime.ARMMetaObject)) bool {
	obj, ok := m.get(t, o)
	if !ok {
		return false
	}
	m.reads.remember(obj)
	f(obj)
	if err := m.client.Update(context.Background(), obj); err != nil {
		t.Fatalf("updating %s: %v", o.name, err)
	}
	return true
}

// effectivePolicy is what the operator should apply to o: its own, else the namespace's, else manage.
func (m *model) effectivePolicy(o *modelObj) string {
	switch {
	case o.policy != "":
		return o.policy
	case m.nsPolicy != "":
		return m.nsPolicy
	}
	return string(genruntime.ReconcilePolicyManage)
}

// settle reconciles every object, as the controllers would, until a whole round changes no
// object and sends Azure no write and no poll of an operation: what is left to do then waits for
// the world (an owner, a resource someone else creates) or for a resync. The cache is up to date
// by then. Objects whose owner is gone are deleted, as the garbage collector would.
func (m *model) settle(t *rapid.T) {
	m.reads.stale, m.unsettled = false, ""
	const rounds = 60
	var last string // what the last round did, for the message when settle gives up
	for range rounds {
		before := m.versions(t)
		sent := len(m.w.srv.Requests())
		failing := m.reads.failingNamespaceReads()
		for _, o := range m.objs {
			if _, ok := m.get(t, o); !ok {
				continue
			}
			if o.owner != nil && !o.deleting {
				if _, ok := m.get(t, o.owner); !ok {
					m.delete(t, o)
				}
			}
			_, _ = m.reconcile(o) // an error is a requeue
		}
		// A namespace read the model failed is a transient fault the operator waits out
		// (ReconcilePolicyUnreadable requeues after its backoff): a round that met such a
		// failure is not quiet, or settle would give up before the cache recovers. (Failures
		// still armed but met by no read, as when every object has a policy of its own, wait.)
		failed := failing != m.reads.failingNamespaceReads()
		if m.versions(t) == before && !writesOrPolls(m.w.srv.Requests()[sent:]) && !failed {
			return
		}
		after := m.versions(t)
		last = fmt.Sprintf("versions %s -> %s, requests %v", before, after, requestLines(m.w.srv.Requests()[sent:]))
		if after == before {
			// Only requests, no progress: Azure refused or is still busy (a 409 while an
			// operation runs, a 429). The operator waits its backoff then; so does the model,
			// long enough for armfake's operations to end by time (LROFinishAfter).
			time.Sleep(modelRetryWait)
		}
	}
	var states []string
	for _, o := range m.objs {
		if obj, ok := m.get(t, o); ok {
			states = append(states, o.name+": "+describeReady(obj))
		}
	}
	m.unsettled = fmt.Sprintf("still changing objects or talking to Azure after %d rounds of reconciles: %v; the last round: %s", rounds, states, last)
}

// versions is the resource versions of the objects, to see whether a round changed any.
func (m *model) versions(t *rapid.T) string {
	var b strings.Builder
	for _, o := range m.objs {
		if obj, ok := m.get(t, o); ok {
			b.WriteString(obj.GetResourceVersion())
		}
		b.WriteString("/")
	}
	return b.String()
}

// writesOrPolls: the requests hold a PUT, a DELETE or a poll of an operation.
func writesOrPolls(reqs []armfake.Request) bool {
	for _, q := range reqs {
		p := strings.ToLower(q.Path)
		if q.Method != http.MethodGet || strings.Contains(p, "/operationstatuses/") || strings.Contains(p, "/operationresults/") {
			return true
		}
	}
	return false
}

func (m *model) delete(t *rapid.T, o *modelObj) {
	obj, ok := m.get(t, o)
	if !ok || o.deleting {
		return
	}
	m.reads.remember(obj)
	if err := m.client.Delete(context.Background(), obj); err != nil {
		t.Fatalf("deleting %s: %v", o.name, err)
	}
	o.deleting = true
	if m.effectivePolicy(o) == string(genruntime.ReconcilePolicyManage) && !o.tampered {
		o.mayDelete = true
	}
}

// requestLines are reqs as "METHOD path status", for messages.
func requestLines(reqs []armfake.Request) []string {
	var out []string
	for _, q := range reqs {
		out = append(out, fmt.Sprintf("%s %s %d", q.Method, q.Path, q.Status))
	}
	return out
}
