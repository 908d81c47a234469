package cluster

import (
	"path"
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Stored returns the bytes etcd holds for a custom resource, read past the API server: the
// JSON of its CRD's storage version, whatever version it was written at, which is how a test
// sees what conversion stored. resource is the CRD's group and plural, its key in etcd.
// Built-in kinds are keyed otherwise (mostly without their group), and are not handled.
func (c *Cluster) Stored(tb testing.TB, resource schema.GroupResource, namespace, name string) []byte {
	tb.Helper()
	key := path.Join(c.storagePrefix, resource.Group, resource.Resource, namespace, name)
	resp, err := c.etcd.Get(tb.Context(), key)
	if err != nil {
		tb.Fatalf("reading %s from etcd: %v", key, err)
	}
	if len(resp.Kvs) != 1 {
		tb.Fatalf("etcd holds %d values at %s, want 1", len(resp.Kvs), key)
	}
	return resp.Kvs[0].Value
}
