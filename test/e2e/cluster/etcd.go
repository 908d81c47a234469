package cluster

import (
	"net"
	"net/url"
	"testing"

	"k8s.io/apiserver/pkg/storage/etcd3/testserver"
)

// startEtcd starts an embedded etcd that stops when tb's cleanups run, and returns its client
// URL. The test config listens on "localhost", which may also mean ::1; the API server is
// given 127.0.0.1 and so is etcd, so that nothing depends on how localhost resolves.
func startEtcd(tb testing.TB) string {
	cfg := testserver.NewTestConfig(tb)
	loopback := func(us []url.URL) []url.URL {
		out := make([]url.URL, len(us))
		for i, u := range us {
			u.Host = net.JoinHostPort("127.0.0.1", u.Port())
			out[i] = u
		}
		return out
	}
	cfg.ListenClientUrls = loopback(cfg.ListenClientUrls)
	cfg.AdvertiseClientUrls = loopback(cfg.AdvertiseClientUrls)
	cfg.ListenPeerUrls = loopback(cfg.ListenPeerUrls)
	cfg.AdvertisePeerUrls = loopback(cfg.AdvertisePeerUrls)
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	client := testserver.RunEtcd(tb, cfg)
	tb.Cleanup(func() { _ = client.Close() })
	return cfg.ListenClientUrls[0].String()
}
