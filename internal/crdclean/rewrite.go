package crdclean

import (
	"context"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/util/retry"
)

// maxListRestarts bounds how often a listing that outlived its continue token starts over.
const maxListRestarts = 3

// objectRef names one object for messages: namespace/name, or name for cluster-scoped kinds.
func objectRef(o *unstructured.Unstructured) string {
	if ns := o.GetNamespace(); ns != "" {
		return ns + "/" + o.GetName()
	}
	return o.GetName()
}

// eachObject calls fn for every object of res in every namespace, a page at a time. A continue
// token that expires (the listing took longer than etcd keeps its revision) starts the listing
// again: fn must be safe to repeat, as a rewrite is.
func eachObject(ctx context.Context, res dynamic.NamespaceableResourceInterface, pageSize int64, fn func(*unstructured.Unstructured) error) error {
	restarts := 0
	opts := metav1.ListOptions{Limit: pageSize}
	for {
		list, err := res.List(ctx, opts)
		if apierrors.IsResourceExpired(err) && restarts < maxListRestarts {
			restarts++
			opts.Continue = ""
			continue
		}
		if err != nil {
			return err
		}
		for i := range list.Items {
			if err := fn(&list.Items[i]); err != nil {
				return err
			}
		}
		if opts.Continue = list.GetContinue(); opts.Continue == "" {
			return nil
		}
	}
}

// rewrite writes obj back unchanged. The API server encodes what it stores at the CRD's storage
// version, so an object stored at an older version is stored anew at the storage version;
// one already at it is left as it is (etcd is not written when the bytes are equal). On a
// conflict the object changed since it was read: it is read again and written again, since the
// other writer's update may have been made before the storage version changed. An object gone
// meanwhile needs nothing. It reports whether the object still existed.
func rewrite(ctx context.Context, res dynamic.NamespaceableResourceInterface, obj *unstructured.Unstructured) (bool, error) {
	client := dynamic.ResourceInterface(res)
	if ns := obj.GetNamespace(); ns != "" {
		client = res.Namespace(ns)
	}
	current := obj
	gone := false
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if current == nil {
			fresh, err := client.Get(ctx, obj.GetName(), metav1.GetOptions{})
			if err != nil {
				return err
			}
			current = fresh
		}
		_, err := client.Update(ctx, current, metav1.UpdateOptions{FieldManager: FieldManager})
		if apierrors.IsConflict(err) {
			current = nil
		}
		return err
	})
	if apierrors.IsNotFound(err) {
		gone, err = true, nil
	}
	if err != nil {
		return false, fmt.Errorf("rewriting %s: %w", objectRef(obj), err)
	}
	return !gone, nil
}
