package testapiserver

import (
	"path"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// storagePrefix is the key prefix the API server stores under in its etcd, which is its alone.
const storagePrefix = "/registry"

// Stored returns the bytes etcd holds for a custom resource, read past the API server: JSON at
// the version it was last written at (the CRD's storage version then), which is how a test sees
// what a write stored. resource is the CRD's group and plural; namespace is empty for
// cluster-scoped kinds.
func (s *Server) Stored(tb testing.TB, resource schema.GroupResource, namespace, name string) []byte {
	tb.Helper()
	key := path.Join(storagePrefix, resource.Group, resource.Resource, namespace, name)
	resp, err := s.etcd.Get(tb.Context(), key)
	if err != nil {
		tb.Fatalf("reading %s from etcd: %v", key, err)
	}
	if len(resp.Kvs) != 1 {
		tb.Fatalf("etcd holds %d values at %s, want 1", len(resp.Kvs), key)
	}
	return resp.Kvs[0].Value
}
