package reconciler_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	compute "github.com/armgen/armgen/generated/compute/v1api20210301/storage"
	postgres "github.com/armgen/armgen/generated/dbforpostgresql/v1api20210601/storage"
	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/reconciler"
	"github.com/armgen/armgen/pkg/armfake"
	"github.com/armgen/armgen/pkg/genruntime"
)

var serverKind = postgres.GroupVersion.WithKind("FlexibleServer")

func server(name, secret string) *postgres.FlexibleServer {
	s := &postgres.FlexibleServer{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name, Generation: 1}}
	s.Spec.OriginalVersion = "v1api20210601"
	s.Spec.Location = ptr("westus2")
	s.Spec.Owner = &genruntime.KnownResourceReference{Name: "rg"}
	s.Spec.AdministratorLogin = ptr("myAdmin")
	s.Spec.Version = ptr("13")
	if secret != "" {
		s.Spec.AdministratorLoginPassword = &genruntime.SecretReference{Name: secret, Key: "password"}
	}
	return s
}

func password(name, value string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: name}, Data: map[string][]byte{"password": []byte(value)}}
}

// TestInputIndexes: the field indexes hold the Secrets and ConfigMaps a spec reads, and a Secret
// maps to the objects of the kind that read it, in its namespace only.
func TestInputIndexes(t *testing.T) {
	if got := reconciler.SecretNames(server("a", "pg-admin")); !slices.Equal(got, []string{"pg-admin"}) {
		t.Errorf("SecretNames %v", got)
	}
	if got := reconciler.SecretNames(server("b", "")); len(got) != 0 {
		t.Errorf("SecretNames of a spec without secrets %v", got)
	}
	if got := reconciler.ConfigMapNames(server("a", "pg-admin")); len(got) != 0 {
		t.Errorf("ConfigMapNames %v", got)
	}
	if got := reconciler.SecretNames(&corev1.Secret{}); got != nil {
		t.Errorf("SecretNames of a Secret %v", got)
	}
	s, err := manager.Scheme()
	if err != nil {
		t.Fatal(err)
	}
	other := server("c", "pg-admin")
	other.Namespace = "elsewhere"
	c := fake.NewClientBuilder().WithScheme(s).
		WithObjects(server("a", "pg-admin"), server("b", "other"), other, server("d", "")).
		WithIndex(&postgres.FlexibleServer{}, reconciler.SecretsIndex, reconciler.SecretNames).
		Build()
	r := reconciler.New(c, s, reconciler.Options{})
	got := r.UsersOf(context.Background(), serverKind, reconciler.SecretsIndex, password("pg-admin", "x"))
	want := []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: "ns", Name: "a"}}}
	if !slices.Equal(got, want) {
		t.Errorf("users of Secret pg-admin: %v, want %v", got, want)
	}
}

// TestSecretChangeSendsPUT: the password a flexible server reads from a Secret reaches Azure;
// a resync with the Secret unchanged sends no PUT (the GET cannot show the password, so the drift
// check alone cannot tell), a change of the Secret sends one with the new password, and what the
// last PUT was sent with survives a restart. The record on the object holds no value.
func TestSecretChangeSendsPUT(t *testing.T) {
	e := newEnv(t, armfake.Options{LROPolls: -1, Groups: []string{"dbforpostgresql"}})
	e.client = fake.NewClientBuilder().WithScheme(e.scheme).
		WithObjects(group("rg", "", nil), server("pg", "pg-admin"), password("pg-admin", "first-Passw0rd")).
		WithStatusSubresource(&resources.ResourceGroup{}, &postgres.FlexibleServer{}).Build()
	e.restart()
	e.settle(rgKind, "rg")
	e.settle(serverKind, "pg")
	puts := func() []armfake.Request {
		var out []armfake.Request
		for _, q := range e.srv.Requests() {
			if q.Method == "PUT" && strings.HasSuffix(strings.ToLower(q.Path), "/flexibleservers/pg") {
				out = append(out, q)
			}
		}
		return out
	}
	if p := puts(); len(p) != 1 || !strings.Contains(p[0].Body, "first-Passw0rd") {
		t.Fatalf("PUTs %v, want one with the first password", p)
	}
	ann := e.get(serverKind, "pg").GetAnnotations()[genruntime.AppliedInputsAnnotation]
	if !strings.HasPrefix(ann, "Secret/pg-admin=") || strings.Contains(ann, "Passw0rd") {
		t.Errorf("applied inputs %q", ann)
	}

	e.settle(serverKind, "pg")
	if n := len(puts()); n != 1 {
		t.Fatalf("an unchanged resync sent a PUT (%d in all)", n)
	}

	var sec corev1.Secret
	if err := e.client.Get(context.Background(), client.ObjectKey{Namespace: "ns", Name: "pg-admin"}, &sec); err != nil {
		t.Fatal(err)
	}
	sec.Data["password"] = []byte("second-Passw0rd")
	if err := e.client.Update(context.Background(), &sec); err != nil {
		t.Fatal(err)
	}
	e.settle(serverKind, "pg")
	p := puts()
	if len(p) != 2 || !strings.Contains(p[1].Body, "second-Passw0rd") {
		t.Fatalf("after the Secret changed: %d PUTs, want a second with the new password", len(p))
	}
	if !strings.Contains(drain(e), "Secret/pg-admin changed since the last PUT") {
		t.Error("no InputsChanged event")
	}

	e.restart()
	e.settle(serverKind, "pg")
	if n := len(puts()); n != 2 {
		t.Errorf("after a restart: %d PUTs, want still 2", n)
	}
}

// TestSecretMapIsAnInput: the Secret a map of secrets is read from (a VM extension's
// protectedSettings) is in the Secrets index like a Secret read by key, so its rotation
// reconciles the extension.
func TestSecretMapIsAnInput(t *testing.T) {
	ext := &compute.VirtualMachinesExtension{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "ext"}}
	ext.Spec.ProtectedSettings = &genruntime.SecretMapReference{Name: "ext-protected"}
	if got := reconciler.SecretNames(ext); !slices.Equal(got, []string{"ext-protected"}) {
		t.Errorf("SecretNames %v, want [ext-protected]", got)
	}
}
