package reconciler_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// otherSubscription is one the global credential also reaches in armfake, but no object of
// the tests' namespace names.
const otherSubscription = "00000000-0000-0000-0000-0000000000ff"

// TestTamperedResourceIDIsNeverDeleted: a user who edits an object's resource-id annotation to
// another resource group (in another subscription the global credential reaches, or in its own)
// and then deletes the object gets an Error condition naming the annotation; no DELETE reaches
// the resource the annotation names, nor any other. Restored, the annotation is obeyed again.
func TestTamperedResourceIDIsNeverDeleted(t *testing.T) {
	for name, victim := range map[string]string{
		"other subscription": "/subscriptions/" + otherSubscription + "/resourceGroups/victim",
		"same subscription":  "/subscriptions/" + subscription + "/resourceGroups/victim",
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
			e.createInAzure(victim, "2021-04-01", `{"location":"westus"}`)
			e.settle(rgKind, "rg")
			own := e.tamperThenDelete(rgKind, "rg", victim)
			e.step(rgKind, "rg")
			e.step(rgKind, "rg")
			if n, _ := e.requests("DELETE", ""); n != 0 {
				t.Fatalf("%d DELETEs sent on a tampered annotation's word", n)
			}
			c := e.ready(rgKind, "rg")
			if c.Severity != conditions.ConditionSeverityError || !strings.Contains(c.Message, genruntime.ResourceIDAnnotation) ||
				(c.Reason != "ResourceIDMismatch" && c.Reason != "SubscriptionMismatch") {
				t.Errorf("condition %+v: want an Error naming the annotation", c)
			}
			rg := e.get(rgKind, "rg")
			rg.GetAnnotations()[genruntime.ResourceIDAnnotation] = own
			if err := e.client.Update(context.Background(), rg); err != nil {
				t.Fatal(err)
			}
			e.settle(rgKind, "rg")
			if n, _ := e.requests("DELETE", "/resourceGroups/rg"); n != 1 {
				t.Errorf("%d DELETEs of the object's own group once the annotation is restored, want 1", n)
			}
			if n, _ := e.requests("DELETE", "/resourceGroups/victim"); n != 0 {
				t.Errorf("the victim was deleted")
			}
		})
	}
}

// TestTamperedResourceIDIsNeverPut: an edited resource-id annotation is not obeyed by the
// claim either: no PUT reaches the resource it names, and the condition says why.
func TestTamperedResourceIDIsNeverPut(t *testing.T) {
	victim := "/subscriptions/" + subscription + "/resourceGroups/victim"
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", map[string]string{genruntime.ResourceIDAnnotation: victim}))
	e.createInAzure(victim, "2021-04-01", `{"location":"eastus"}`)
	e.srv.ResetRequests()
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if n, _ := e.requests("PUT", ""); n != 0 {
		t.Fatalf("%d PUTs on a tampered annotation's word", n)
	}
	if c := e.ready(rgKind, "rg"); c.Reason != "ResourceIDMismatch" || c.Severity != conditions.ConditionSeverityError || !strings.Contains(c.Message, victim) {
		t.Errorf("condition %+v", c)
	}
}

// TestDeleteOfAChildWhoseOwnerIsGone: garbage collection deletes a child after its owner's
// object has gone, so its ID can no longer be derived in full: its own type and name, and its
// owner kind's type, are held; an annotation naming another vnet is refused, and the true one
// deleted.
func TestDeleteOfAChildWhoseOwnerIsGone(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", map[string]string{genruntime.ReconcilePolicyAnnotation: "detach-on-delete"}), vnet("vn", "rg"))
	e.settle(rgKind, "rg")
	e.settle(vnetKind, "vn")
	other := "/subscriptions/" + subscription + "/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/other"
	e.createInAzure(other, "2020-11-01", `{"location":"westus","properties":{"addressSpace":{"addressPrefixes":["10.1.0.0/16"]}}}`)
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	own := e.tamperThenDelete(vnetKind, "vn", other)
	e.step(vnetKind, "vn")
	if n, _ := e.requests("DELETE", ""); n != 0 {
		t.Fatalf("%d DELETEs on a tampered annotation's word", n)
	}
	if c := e.ready(vnetKind, "vn"); c.Reason != "ResourceIDMismatch" {
		t.Errorf("condition %+v", c)
	}
	v := e.get(vnetKind, "vn")
	v.GetAnnotations()[genruntime.ResourceIDAnnotation] = own
	if err := e.client.Update(context.Background(), v); err != nil {
		t.Fatal(err)
	}
	e.settle(vnetKind, "vn")
	if n, _ := e.requests("DELETE", "/virtualNetworks/vn"); n != 1 {
		t.Errorf("%d DELETEs of the vnet, want 1", n)
	}
}

// failingNamespaces fails every read of a Namespace, as a throttled or unreachable API server
// would, while fail is set.
type failingNamespaces struct {
	client.Client
	fail bool
}

func (f *failingNamespaces) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	if _, ok := obj.(*corev1.Namespace); ok && f.fail {
		return apierrors.NewTooManyRequests("the API server is throttling", 1)
	}
	return f.Client.Get(ctx, key, obj, opts...)
}

// TestUnreadableNamespacePolicyDeletesNothing: with the namespace at detach-on-delete, a
// deleted object whose namespace cannot be read waits (a Warning, asked again later) instead of
// taking the default manage and sending a DELETE; once the namespace reads again it is
// released without one.
func TestUnreadableNamespacePolicyDeletesNothing(t *testing.T) {
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "ns", Annotations: map[string]string{genruntime.ReconcilePolicyAnnotation: "detach-on-delete"}}}
	e := newEnv(t, armfake.Options{LROPolls: -1}, ns, group("rg", "", nil))
	reads := &failingNamespaces{Client: e.client}
	e.cache = reads
	e.restart()
	e.settle(rgKind, "rg")
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	reads.fail = true
	res := e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if n, _ := e.requests("DELETE", ""); n != 0 {
		t.Fatalf("%d DELETEs with the namespace's policy unread", n)
	}
	if res.RequeueAfter == 0 && !res.Requeue {
		t.Error("not asked again: an unread policy would wait for an edit that never comes")
	}
	if c := e.ready(rgKind, "rg"); c.Status == metav1.ConditionTrue || !strings.Contains(c.Message, "namespace ns") {
		t.Errorf("condition %+v: want one saying the namespace's policy could not be read", c)
	}
	reads.fail = false
	e.settle(rgKind, "rg")
	if n, _ := e.requests("DELETE", ""); n != 0 {
		t.Errorf("%d DELETEs in a detach-on-delete namespace", n)
	}
	o, _ := e.scheme.New(rgKind)
	if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "rg"}, o.(client.Object)); !apierrors.IsNotFound(err) {
		t.Errorf("not released: %v", err)
	}
}

// otherFinalizer is another controller's.
const otherFinalizer = "example.com/keep"

// TestOtherWritersFinalizersSurviveStaleCopies: another controller adds its finalizer after the
// copy the reconciler reads was cached; neither the claim (adding ours) nor the release
// (removing ours) built from that copy drops it.
func TestOtherWritersFinalizersSurviveStaleCopies(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	cache := &behind{Client: e.client, frozen: map[client.ObjectKey]client.Object{}}
	e.cache = cache
	e.restart()
	key := client.ObjectKey{Namespace: "ns", Name: "rg"}
	addOther := func() {
		t.Helper()
		o := e.get(rgKind, "rg")
		o.SetFinalizers(append(o.GetFinalizers(), otherFinalizer))
		if err := e.client.Update(context.Background(), o); err != nil {
			t.Fatal(err)
		}
	}
	kept := func(when string) {
		t.Helper()
		if !slices.Contains(e.get(rgKind, "rg").GetFinalizers(), otherFinalizer) {
			t.Fatalf("%s: the other controller's finalizer was dropped: %v", when, e.get(rgKind, "rg").GetFinalizers())
		}
	}

	cache.frozen[key] = e.get(rgKind, "rg")
	addOther()
	e.r.Reconcile(context.Background(), rgKind, request("rg"))
	kept("claim")
	delete(cache.frozen, key)
	e.settle(rgKind, "rg")
	kept("settled")
	if f := e.get(rgKind, "rg").GetFinalizers(); !slices.Contains(f, genruntime.Finalizer) {
		t.Fatalf("never claimed: %v", f)
	}

	// Release: the reconciler's copy of the deleted object predates a second finalizer.
	o := e.get(rgKind, "rg")
	o.SetFinalizers([]string{genruntime.Finalizer})
	if err := e.client.Update(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	cache.frozen[key] = e.get(rgKind, "rg")
	o = e.get(rgKind, "rg")
	o.SetFinalizers(append(o.GetFinalizers(), otherFinalizer))
	if err := e.client.Update(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	e.r.Reconcile(context.Background(), rgKind, request("rg"))
	kept("release")
	delete(cache.frozen, key)
	e.settle(rgKind, "rg")
	if f := e.get(rgKind, "rg").GetFinalizers(); !slices.Equal(f, []string{otherFinalizer}) {
		t.Errorf("finalizers after the release %v, want only the other controller's", f)
	}
}

func request(name string) reconcile.Request {
	return reconcile.Request{NamespacedName: types.NamespacedName{Namespace: "ns", Name: name}}
}

// TestOwnerArmIdWithDotSegmentsIsRefused: an owner given by an armId whose .. segments would
// climb out of the resource group it names (into a group of the same subscription, where the
// subscription check cannot see it) is an Error naming spec.owner.armId, and nothing is sent.
func TestOwnerArmIdWithDotSegmentsIsRefused(t *testing.T) {
	v := vnet("vn", "")
	v.Spec.Owner = &genruntime.KnownResourceReference{ARMID: "/subscriptions/" + subscription + "/resourceGroups/rg/../victim"}
	e := newEnv(t, armfake.Options{LROPolls: -1}, v)
	e.step(vnetKind, "vn")
	e.step(vnetKind, "vn")
	if n := len(e.srv.Requests()); n != 0 {
		t.Fatalf("%d requests sent: %v", n, e.srv.Requests())
	}
	if c := e.ready(vnetKind, "vn"); c.Reason != "InvalidResourceID" || c.Severity != conditions.ConditionSeverityError || !strings.Contains(c.Message, "spec.owner.armId") {
		t.Errorf("condition %+v", c)
	}
}

// TestNamespaceCredentialGoneDeletesNothing: a namespace being torn down loses its
// aso-credential before the resources in it; a resource claimed with that credential is not
// deleted with the global one instead: nothing is sent, and the condition names the Secret.
func TestNamespaceCredentialGoneDeletesNothing(t *testing.T) {
	cred := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "aso-credential"}, StringData: map[string]string{
		"AZURE_SUBSCRIPTION_ID": subscription, "AZURE_TENANT_ID": "00000000-0000-0000-0000-0000000000aa",
		"AZURE_CLIENT_ID": "namespace-app", "AZURE_CLIENT_SECRET": "namespace-secret",
	}}
	e := newEnv(t, armfake.Options{LROPolls: -1}, group("rg", "", nil))
	cred.StringData["AZURE_TENANT_ID"] = e.srv.TenantID()
	if err := e.client.Create(context.Background(), cred); err != nil {
		t.Fatal(err)
	}
	e.settle(rgKind, "rg")
	if used := e.get(rgKind, "rg").GetAnnotations()[genruntime.CredentialUsedAnnotation]; used != "ns/aso-credential" {
		t.Fatalf("credential recorded %q, want ns/aso-credential", used)
	}
	if err := e.client.Delete(context.Background(), cred); err != nil {
		t.Fatal(err)
	}
	if err := e.client.Delete(context.Background(), e.get(rgKind, "rg")); err != nil {
		t.Fatal(err)
	}
	e.srv.ResetRequests()
	e.step(rgKind, "rg")
	e.step(rgKind, "rg")
	if n, _ := e.requests("DELETE", ""); n != 0 {
		t.Fatalf("%d DELETEs with the global credential in place of the namespace's", n)
	}
	if c := e.ready(rgKind, "rg"); c.Reason != "CredentialWithdrawn" || !strings.Contains(c.Message, "ns/aso-credential") {
		t.Errorf("condition %+v", c)
	}
}

// tamperThenDelete points the resource-id annotation of the object name at id, as a user who can
// edit the object could, deletes the object and forgets the requests so far; it returns the ID
// the annotation held.
func (e *env) tamperThenDelete(gvk schema.GroupVersionKind, name, id string) string {
	e.t.Helper()
	obj := e.get(gvk, name)
	own := obj.GetAnnotations()[genruntime.ResourceIDAnnotation]
	obj.GetAnnotations()[genruntime.ResourceIDAnnotation] = id
	if err := e.client.Update(context.Background(), obj); err != nil {
		e.t.Fatal(err)
	}
	if err := e.client.Delete(context.Background(), e.get(gvk, name)); err != nil {
		e.t.Fatal(err)
	}
	e.srv.ResetRequests()
	return own
}
