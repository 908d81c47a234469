package resolver

import (
	"context"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armgen/armgen/pkg/genruntime"
)

func TestInputs(t *testing.T) {
	in := Inputs{"Secret/b": "7", "ConfigMap/a": "12"}
	if s := in.String(); s != "ConfigMap/a=12,Secret/b=7" {
		t.Errorf("String %q", s)
	}
	if got := ParseInputs(in.String()); len(got.Changed(in)) != 0 {
		t.Errorf("a round trip changed %v", got.Changed(in))
	}
	if (Inputs{}).String() != "" || len(ParseInputs("")) != 0 {
		t.Error("no inputs is not the empty string")
	}
	cases := []struct {
		was  string
		want []string
	}{
		{was: "ConfigMap/a=12,Secret/b=7"},
		{was: "ConfigMap/a=12,Secret/b=6", want: []string{"Secret/b"}},
		{was: "ConfigMap/a=12", want: []string{"Secret/b"}},
		{was: "ConfigMap/a=12,Secret/b=7,Secret/c=1", want: []string{"Secret/c"}},
		{was: "", want: []string{"ConfigMap/a", "Secret/b"}},
		{was: "garbled", want: []string{"ConfigMap/a", "Secret/b", "garbled"}},
	}
	for _, c := range cases {
		if got := in.Changed(ParseInputs(c.was)); !slices.Equal(got, c.want) {
			t.Errorf("was %q: changed %v, want %v", c.was, got, c.want)
		}
	}
}

// TestResolveWithInputs: the version of each Secret and ConfigMap read is recorded once, by
// name, whatever keys were read; never a value.
func TestResolveWithInputs(t *testing.T) {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "s"}, Data: map[string][]byte{"p": []byte("hunter2"), "q": []byte("x")}}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "c"}, Data: map[string]string{"t": "tenant"}}
	r := newResolver(t, secret, cm)
	s := struct {
		A, B *genruntime.SecretReference
		C    genruntime.ConfigMapReference
	}{&genruntime.SecretReference{Name: "s", Key: "p"}, &genruntime.SecretReference{Name: "s", Key: "q"}, genruntime.ConfigMapReference{Name: "c", Key: "t"}}
	_, in, err := r.ResolveWithInputs(context.Background(), "ns", &s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(in) != 2 || in["Secret/s"] == "" || in["ConfigMap/c"] == "" {
		t.Errorf("inputs %v", in)
	}
}
