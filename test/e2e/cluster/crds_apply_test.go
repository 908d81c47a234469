package cluster

import (
	"context"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// TestApplyTriesAgainAfterServerTimeout: installing the whole corpus's CRDs failed with
// "creating CRD factoriespipelines.datafactory.azure.com: Timeout: request did not complete
// within requested timeout" on a busy machine; the server may have stored the CRD anyway, so
// apply asks again and takes an existing CRD as one to update.
func TestApplyTriesAgainAfterServerTimeout(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := apiextv1.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	creates := 0
	c := fake.NewClientBuilder().WithScheme(scheme).WithInterceptorFuncs(interceptor.Funcs{
		Create: func(ctx context.Context, cl client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			creates++
			if creates == 1 {
				// The server stored it, but answered too late.
				if err := cl.Create(ctx, obj, opts...); err != nil {
					return err
				}
				return apierrors.NewTimeoutError("request did not complete within requested timeout - context deadline exceeded", 0)
			}
			return cl.Create(ctx, obj, opts...)
		},
	}).Build()
	crd := &apiextv1.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "factoriespipelines.datafactory.azure.com"},
		Spec:       apiextv1.CustomResourceDefinitionSpec{Group: "datafactory.azure.com"},
	}
	if err := (&Cluster{Client: c}).apply(t.Context(), crd); err != nil {
		t.Fatal(err)
	}
	if creates != 2 {
		t.Errorf("%d creates, want 2 (the timed-out one, then one that finds it exists)", creates)
	}
	var got apiextv1.CustomResourceDefinition
	if err := c.Get(t.Context(), client.ObjectKey{Name: crd.Name}, &got); err != nil {
		t.Errorf("the CRD is not there: %v", err)
	}
}
