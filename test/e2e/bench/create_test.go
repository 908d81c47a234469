package bench_test

import (
	"context"
	"errors"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	resources "github.com/armgen/armgen/generated/resources/v1api20210401/storage"
	"github.com/armgen/armgen/test/e2e/bench"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// TestCreateRetriesOverload: a create the API server answers with a timeout (etcd timed out)
// is tried again, and one that in fact went through is not an error; a refusal of the object
// is returned at once.
func TestCreateRetriesOverload(t *testing.T) {
	scheme, err := cluster.NewScheme()
	if err != nil {
		t.Fatal(err)
	}
	gr := schema.GroupResource{Group: resources.GroupVersion.Group, Resource: "resourcegroups"}
	cases := []struct {
		name        string
		answers     []error // the first creates' answers, before the real one
		wantRetries int
		wantErr     bool
	}{
		{"timed out then created", []error{apierrors.NewTimeoutError("etcdserver: request timed out", 1)}, 1, false},
		{"timed out but went through", []error{apierrors.NewTimeoutError("etcdserver: request timed out", 1), apierrors.NewAlreadyExists(gr, "rg")}, 1, false},
		{"refused", []error{apierrors.NewInvalid(schema.GroupKind{Group: gr.Group, Kind: "ResourceGroup"}, "rg", nil)}, 0, true},
		{"already there at first", []error{apierrors.NewAlreadyExists(gr, "rg")}, 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			calls := 0
			c := fake.NewClientBuilder().WithScheme(scheme).WithInterceptorFuncs(interceptor.Funcs{
				Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
					calls++
					if calls <= len(tc.answers) {
						return tc.answers[calls-1]
					}
					return c.Create(ctx, obj, opts...)
				},
			}).Build()
			rg := &resources.ResourceGroup{ObjectMeta: metav1.ObjectMeta{Namespace: "ns", Name: "rg"}}
			retries, err := bench.Create(t.Context(), c, rg)
			if retries != tc.wantRetries || (err != nil) != tc.wantErr {
				t.Errorf("retries %d, err %v; want %d retries, error %v", retries, err, tc.wantRetries, tc.wantErr)
			}
			var status apierrors.APIStatus
			if tc.wantErr && !errors.As(err, &status) {
				t.Errorf("error %v is not the API server's", err)
			}
		})
	}
}
