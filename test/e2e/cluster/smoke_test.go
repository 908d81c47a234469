package cluster_test

import (
	"os"
	"testing"
	"time"

	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/google/go-cmp/cmp"

	resources "github.com/armgen/armgen/generated/resources/v1api20200601"
)

// TestClusterServesCoreAndCRDs: the kinds the operator reads and writes besides its own, which
// an apiextensions-only server lacks, are served; and a generated CRD installs and takes the
// ResourceGroup sample as a user would apply it. It installs the one group the sample needs:
// every generated CRD is installed into this same cluster by the operator package's TestMain,
// which fails that package when one does not install, and installing all of them here as well
// cost about a minute of a 2-core CI run, at the same time as the operator package did it.
func TestClusterServesCoreAndCRDs(t *testing.T) {
	ctx := t.Context()
	c := shared.Client
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "smoke"}}
	meta := metav1.ObjectMeta{Name: "smoke", Namespace: ns.Name}
	now := metav1.NewMicroTime(time.Now())
	objs := []client.Object{
		ns,
		&corev1.Secret{ObjectMeta: meta, StringData: map[string]string{"password": "hunter2"}},
		&corev1.ConfigMap{ObjectMeta: meta, Data: map[string]string{"endpoint": "https://example.invalid"}},
		&corev1.Event{
			ObjectMeta:     meta,
			InvolvedObject: corev1.ObjectReference{Kind: "ConfigMap", APIVersion: "v1", Namespace: ns.Name, Name: meta.Name},
			Type:           corev1.EventTypeNormal,
			Reason:         "Smoke",
			Message:        "the cluster records events",
		},
		&coordinationv1.Lease{ObjectMeta: meta, Spec: coordinationv1.LeaseSpec{
			HolderIdentity:       ptr.To("smoke-test"),
			LeaseDurationSeconds: ptr.To[int32](15),
			AcquireTime:          &now,
			RenewTime:            &now,
		}},
	}
	for _, obj := range objs {
		if err := c.Create(ctx, obj); err != nil {
			t.Fatalf("creating %T: %v", obj, err)
		}
		got := obj.DeepCopyObject().(client.Object)
		if err := c.Get(ctx, client.ObjectKeyFromObject(obj), got); err != nil {
			t.Fatalf("reading %T back: %v", obj, err)
		}
	}
	var secret corev1.Secret
	if err := c.Get(ctx, client.ObjectKeyFromObject(objs[1]), &secret); err != nil {
		t.Fatal(err)
	}
	if got := string(secret.Data["password"]); got != "hunter2" {
		t.Errorf("secret data = %q, want the stringData written", got)
	}

	shared.InstallCRDs(t, repoPath("generated", "crds", "resources.azure.com"), hook)

	data, err := os.ReadFile(repoPath("samples", "resources.azure.com", "v1api20200601", "resourcegroup.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var sample resources.ResourceGroup
	if _, _, err := serializer.NewCodecFactory(shared.Scheme).UniversalDeserializer().Decode(data, nil, &sample); err != nil {
		t.Fatalf("decoding the sample: %v", err)
	}
	sample.Namespace = ns.Name
	if err := c.Create(ctx, sample.DeepCopy()); err != nil {
		t.Fatalf("creating the sample: %v", err)
	}
	var got resources.ResourceGroup
	if err := c.Get(ctx, client.ObjectKeyFromObject(&sample), &got); err != nil {
		t.Fatalf("reading the sample back: %v", err)
	}
	if diff := cmp.Diff(sample.Spec, got.Spec); diff != "" {
		t.Errorf("sample spec changed on the way through the server (-sent +read):\n%s", diff)
	}
}
