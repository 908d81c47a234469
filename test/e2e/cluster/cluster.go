package cluster

import (
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/rest"
	kubeapiserver "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
	"k8s.io/kubernetes/test/utils/ktesting"
	"k8s.io/kubernetes/test/utils/ktesting/initoption"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/testsupport"
)

// Cluster is a running kube-apiserver and etcd, and clients for them.
type Cluster struct {
	// Config reaches the API server as cluster administrator (system:masters).
	Config *rest.Config
	// Scheme is NewScheme's; Client uses it.
	Scheme *runtime.Scheme
	// Client is a controller-runtime client over Config. It maps kinds to resources through
	// the server's discovery, so kinds of CRDs installed later are found too.
	Client client.Client

	discovery     discovery.DiscoveryInterface
	etcd          *clientv3.Client
	storagePrefix string
}

// Start starts etcd and kube-apiserver; both stop, and their temp dirs go, when tb's cleanups
// run. tb may be a *testing.T, or in TestMain the stand-in Main passes. Set ARMGEN_APISERVER_LOG
// to see the server's log.
func Start(tb testing.TB) *Cluster {
	tb.Helper()
	testsupport.SetUpKlog()
	start := time.Now()

	// The etcd is this cluster's alone, so the usual key prefix will do.
	storage := storagebackend.NewDefaultConfig("/registry", nil)
	storage.Transport.ServerList = []string{startEtcd(tb)}
	etcdUp := time.Since(start)

	// Without per-test output the server logs through klog, which SetUpKlog silences; with
	// it, every line would go to tb at klog verbosity 5, slowing the server down.
	tCtx := ktesting.Init(tb, initoption.PerTestOutput(false))
	server, err := kubeapiserver.StartTestServer(tCtx, kubeapiserver.NewDefaultTestServerOptions(), nil, storage)
	if err != nil {
		tb.Fatalf("starting kube-apiserver: %v", err)
	}
	tb.Cleanup(server.TearDownFn)
	tb.Logf("cluster: etcd started in %s, kube-apiserver in %s", etcdUp.Round(time.Millisecond), (time.Since(start) - etcdUp).Round(time.Millisecond))

	// The loopback config asks for protobuf, which only built-in kinds speak; a kubeconfig,
	// what the operator is given in a cluster, asks for JSON.
	config := rest.CopyConfig(server.ClientConfig)
	config.ContentType, config.AcceptContentTypes = "", ""
	scheme, err := NewScheme()
	if err != nil {
		tb.Fatal(err)
	}
	c, err := client.New(config, client.Options{Scheme: scheme})
	if err != nil {
		tb.Fatal(err)
	}
	disco, err := discovery.NewDiscoveryClientForConfig(config)
	if err != nil {
		tb.Fatal(err)
	}
	return &Cluster{
		Config:        config,
		Scheme:        scheme,
		Client:        c,
		discovery:     disco,
		etcd:          server.EtcdClient,
		storagePrefix: server.EtcdStoragePrefix,
	}
}
