package bench

import (
	"context"
	"fmt"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
)

// ListEveryKind lists the objects of every CRD once, at its storage version, as the operator's
// informers do when it starts. The API server builds what it needs to serve a CRD (per version:
// a storage with its watch cache, validators, structural schemas, field managers) only at the
// first request for it, so a cluster running the operator holds that too, and OpenAPI reads
// alone do not show it.
func ListEveryKind(ctx context.Context, cfg *rest.Config, crds []*apiextv1.CustomResourceDefinition) error {
	dc, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return err
	}
	for _, crd := range crds {
		version := ""
		for _, v := range crd.Spec.Versions {
			if v.Storage && v.Served {
				version = v.Name
			}
		}
		if version == "" {
			return fmt.Errorf("%s: no served storage version to list", crd.Name)
		}
		gvr := schema.GroupVersionResource{Group: crd.Spec.Group, Version: version, Resource: crd.Spec.Names.Plural}
		if _, err := dc.Resource(gvr).List(ctx, metav1.ListOptions{Limit: 1}); err != nil {
			return fmt.Errorf("listing %s: %w", gvr, err)
		}
	}
	return nil
}
