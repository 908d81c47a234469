package resolver

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/genruntime"
)

// extensionSpec stands for a generated spec holding a map of secrets (a VM extension's
// protectedSettings), nested as the generated one is.
type extensionSpec struct {
	Properties *struct {
		ProtectedSettings *genruntime.SecretMapReference
	}
}

func protectedBy(name string) extensionSpec {
	return extensionSpec{Properties: &struct {
		ProtectedSettings *genruntime.SecretMapReference
	}{&genruntime.SecretMapReference{Name: name}}}
}

// TestResolveSecretMap: a SecretMapReference is resolved to every key of the Secret it names,
// the Secret's version joins the inputs (so a rotation is seen as a change), and a missing Secret
// is a SecretNotFound naming it, never a value.
func TestResolveSecretMap(t *testing.T) {
	ref := genruntime.SecretMapReference{Name: "protected"}
	if got := Collect(&[]extensionSpec{protectedBy("protected"), protectedBy("protected")}).SecretMaps; !cmp.Equal(got, []genruntime.SecretMapReference{ref}) {
		t.Errorf("Collect found secret maps %v, want %v once", got, ref)
	}

	secret := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "protected", ResourceVersion: "7"},
		Data:       map[string][]byte{"storageAccountKey": []byte("hunter2"), "commandToExecute": []byte("sh install.sh")},
	}
	spec := protectedBy("protected")
	got, in, err := newResolver(t, secret).ResolveWithInputs(context.Background(), "ns", &spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"storageAccountKey": "hunter2", "commandToExecute": "sh install.sh"}
	if d := cmp.Diff(want, got.ResolvedSecretMaps[ref]); d != "" {
		t.Errorf("resolved map (-want +got):\n%s", d)
	}
	if in["Secret/protected"] == "" {
		t.Errorf("inputs %v do not record the Secret's version", in)
	}
	v, err := got.SecretMap("protectedSettings", ref)
	if err != nil || v["storageAccountKey"] != "hunter2" {
		t.Errorf("SecretMap = %v, %v", v, err)
	}

	_, err = newResolver(t).Resolve(context.Background(), "ns", &spec, nil)
	e, ok := AsError(err)
	if !ok || e.Reason != ReasonSecretNotFound || !strings.Contains(e.Message, `"protected"`) {
		t.Fatalf("missing Secret: got %v, want %s naming it", err, ReasonSecretNotFound)
	}
	if _, err := (genruntime.ConvertToARMResolvedDetails{}).SecretMap("protectedSettings", ref); err == nil || !strings.Contains(err.Error(), "protectedSettings") {
		t.Errorf("unresolved SecretMap: got %v, want an error naming the property", err)
	}
}
