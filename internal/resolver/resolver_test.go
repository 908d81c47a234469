package resolver

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	identity "github.com/armgen/armgen/generated/managedidentity/v1api20181130/storage"
	"github.com/armgen/armgen/pkg/genruntime"
	"github.com/armgen/armgen/pkg/genruntime/conditions"
)

// spec stands for a generated spec: references anywhere in it are found.
type spec struct {
	Identity *struct{ Reference *genruntime.ResourceReference }
	Rules    []rule
	Password *genruntime.SecretReference
	Tenant   map[string]genruntime.ConfigMapReference
	Owner    *genruntime.KnownResourceReference
}

type rule struct{ Target genruntime.ResourceReference }

const sub = "00000000-0000-0000-0000-000000000001"

var idRef = genruntime.ResourceReference{Group: "managedidentity.azure.com", Kind: "UserAssignedIdentity", Name: "id1"}

func newResolver(t *testing.T, objs ...client.Object) *Resolver {
	t.Helper()
	s := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	if err := identity.AddToScheme(s); err != nil {
		t.Fatal(err)
	}
	c := fake.NewClientBuilder().WithScheme(s).WithObjects(objs...).Build()
	return New(c, s, []schema.GroupVersionKind{identity.GroupVersion.WithKind("UserAssignedIdentity")})
}

func readyIdentity(id string) *identity.UserAssignedIdentity {
	o := &identity.UserAssignedIdentity{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "id1",
		Annotations: map[string]string{genruntime.ResourceIDAnnotation: id}}}
	o.SetConditions(conditions.Conditions{conditions.NewReady(metav1.ConditionTrue, conditions.ConditionSeverityNone, "Succeeded", "", 1)})
	return o
}

func TestCollect(t *testing.T) {
	arm := genruntime.ResourceReference{ARMID: "/subscriptions/" + sub + "/resourceGroups/rg"}
	s := spec{
		Identity: &struct{ Reference *genruntime.ResourceReference }{&idRef},
		Rules:    []rule{{arm}, {idRef}},
		Password: &genruntime.SecretReference{Name: "s", Key: "p"},
		Tenant:   map[string]genruntime.ConfigMapReference{"a": {Name: "c", Key: "t"}},
		Owner:    &genruntime.KnownResourceReference{Name: "rg"},
	}
	got := Collect(&s)
	want := Found{
		References: []genruntime.ResourceReference{idRef, arm},
		Secrets:    []genruntime.SecretReference{{Name: "s", Key: "p"}},
		ConfigMaps: []genruntime.ConfigMapReference{{Name: "c", Key: "t"}},
		Where:      map[genruntime.ResourceReference]string{idRef: "spec.Identity.Reference", arm: "spec.Rules[0].Target"},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Collect (-want +got):\n%s", d)
	}
}

var errForeign = errors.New("outside the credential's subscription")

// checkSubscription stands for the credential's CheckSubscription.
func checkSubscription(id string) error {
	if !strings.Contains(id, sub) {
		return errForeign
	}
	return nil
}

func TestResolve(t *testing.T) {
	idID := "/subscriptions/" + sub + "/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1"
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s"}, Data: map[string][]byte{"p": []byte("hunter2")}}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "c"}, Data: map[string]string{"t": "tenant"}}
	full := spec{
		Identity: &struct{ Reference *genruntime.ResourceReference }{&idRef},
		Password: &genruntime.SecretReference{Name: "s", Key: "p"},
		Tenant:   map[string]genruntime.ConfigMapReference{"a": {Name: "c", Key: "t"}},
	}
	notReady := readyIdentity(idID)
	notReady.SetConditions(nil)
	cases := []struct {
		name        string
		objs        []client.Object
		spec        spec
		wantReason  string
		wantFatal   bool
		wantForeign bool
	}{
		{name: "everything there", objs: []client.Object{readyIdentity(idID), secret, cm}, spec: full},
		{name: "reference missing", objs: []client.Object{secret, cm}, spec: full, wantReason: ReasonReferenceNotFound},
		{name: "reference not ready", objs: []client.Object{notReady, secret, cm}, spec: full, wantReason: ReasonReferenceNotFound},
		{name: "secret missing", objs: []client.Object{readyIdentity(idID), cm}, spec: full, wantReason: ReasonSecretNotFound},
		{name: "secret key missing", objs: []client.Object{readyIdentity(idID), cm, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s"}}}, spec: full, wantReason: ReasonSecretNotFound},
		{name: "config map missing", objs: []client.Object{readyIdentity(idID), secret}, spec: full, wantReason: ReasonConfigMapNotFound},
		{name: "unknown kind", spec: spec{Rules: []rule{{genruntime.ResourceReference{Group: "x.azure.com", Kind: "Nope", Name: "n"}}}}, wantReason: ReasonReferenceNotFound, wantFatal: true},
		{name: "ARM ID refused by the credential's check", spec: spec{Rules: []rule{{genruntime.ResourceReference{ARMID: "/subscriptions/other/resourceGroups/rg"}}}}, wantForeign: true},
		{name: "ARM ID in the subscription", spec: spec{Rules: []rule{{genruntime.ResourceReference{ARMID: "/subscriptions/" + sub + "/resourceGroups/rg"}}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newResolver(t, c.objs...)
			got, err := r.Resolve(context.Background(), "ns", &c.spec, checkSubscription)
			if c.wantForeign {
				if !errors.Is(err, errForeign) {
					t.Fatalf("got %v, want the check's refusal", err)
				}
				return
			}
			if c.wantReason == "" {
				if err != nil {
					t.Fatal(err)
				}
				if c.spec.Password != nil && (got.ResolvedReferences[idRef] != idID || got.ResolvedSecrets[*c.spec.Password] != "hunter2" ||
					got.ResolvedConfigMaps[genruntime.ConfigMapReference{Name: "c", Key: "t"}] != "tenant") {
					t.Errorf("resolved %+v", got)
				}
				return
			}
			e, ok := AsError(err)
			if !ok || e.Reason != c.wantReason || e.Fatal != c.wantFatal {
				t.Fatalf("got %v (%+v), want reason %s fatal %v", err, e, c.wantReason, c.wantFatal)
			}
			if strings.Contains(e.Message, "hunter2") {
				t.Errorf("the message reveals the secret: %s", e.Message)
			}
		})
	}
}

// TestDotSegmentsInArmIdAreRefused: an armId whose .., . or empty segments (plain or
// percent-encoded) would move the request to another resource once a server resolves them is
// refused before anything is sent, with an Error naming the field, even when the credential's
// check would have let it through.
func TestDotSegmentsInArmIdAreRefused(t *testing.T) {
	rg := "/subscriptions/" + sub + "/resourceGroups/rg"
	for _, id := range []string{
		rg + "/providers/Microsoft.Network/virtualNetworks/vn/../../../../../" + sub + "/resourceGroups/other",
		rg + "/providers/Microsoft.Network/virtualNetworks/%2e%2E",
		rg + "/providers/Microsoft.Network/virtualNetworks/./vn",
		rg + "//providers/Microsoft.Network/virtualNetworks/vn",
	} {
		s := spec{Rules: []rule{{idRef}, {genruntime.ResourceReference{ARMID: id}}}}
		_, err := newResolver(t, readyIdentity(rg+"/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id1")).
			Resolve(context.Background(), "ns", &s, func(string) error { return nil })
		e, ok := AsError(err)
		if !ok || !e.Fatal || !strings.Contains(e.Message, "spec.Rules[1].Target.armId") {
			t.Errorf("armId %q: got %v, want a fatal error naming spec.Rules[1].Target.armId", id, err)
		}
	}
}
