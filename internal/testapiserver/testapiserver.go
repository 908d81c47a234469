// Package testapiserver runs a real Kubernetes API server inside a test process, with nothing
// downloaded: the apiextensions-apiserver (the part of kube-apiserver that serves CRDs and custom
// resources) from its own integration-test fixture, backed by an embedded etcd. Tests install
// CRDs in it and create custom resources exactly as a cluster would take them: the same
// validation, pruning, defaulting and server-side apply.
//
// CRDs with several versions convert by webhook; ServeConversion runs one in the test process
// (controller-runtime's handler over the generated Go types) and points the CRDs at it.
//
// What it is not: it serves no core API (no Namespaces, Secrets, ConfigMaps or Events), no
// admission webhooks and no discovery. Namespaces need not exist. Clients must be told how kinds
// map to resources; Server keeps that mapping for every CRD installed through it (Mapper,
// Resource, Client). Install CRDs before handing out clients: the mapping is not safe to grow
// while it is being read.
//
// Costs, measured with k8s.io v0.34 on 2 cores: the first build of a test binary that imports
// this package takes about 5 minutes (later ones seconds); a server starts in about 1 s and
// uses about 100 MB. Install all CRDs once per test binary (see Main): the first create of a
// custom resource after its CRD is established waits about 2 s.
//
// Build without -trimpath: the fixture finds its serving certificates through its source path.
package testapiserver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextclientset "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/storage/etcd3/testserver"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armgen/armgen/internal/testsupport"
)

// etcdURLEnv is how the fixture learns where etcd listens.
const etcdURLEnv = "KUBE_INTEGRATION_ETCD_URL"

// LogEnv, when set, lets the API server's own log through to stderr (testsupport.LogEnv).
const LogEnv = testsupport.LogEnv

// Server is a running API server and its clients.
type Server struct {
	// Config reaches the server with full rights.
	Config     *rest.Config
	Extensions apiextclientset.Interface
	Dynamic    dynamic.Interface

	mu     sync.Mutex
	mapper *meta.DefaultRESTMapper
	// conversion is where CRDs installed from now on send conversion reviews; see ServeConversion.
	conversion *apiextv1.WebhookClientConfig
	// tb is what Start was given: what the server starts lives as long as it.
	tb testing.TB
	// etcd is the server's own store, which Stored reads past the API server.
	etcd *clientv3.Client
}

// startMu serialises starts: the etcd URL goes to the fixture through the environment.
var startMu sync.Mutex

// Start starts an embedded etcd and an API server using it; both stop when tb's cleanups run.
// tb may be a *testing.T, or for TestMain the stand-in Main passes.
func Start(tb testing.TB) *Server {
	tb.Helper()
	testsupport.SetUpKlog()
	startMu.Lock()
	defer startMu.Unlock()

	cfg := testserver.NewTestConfig(tb)
	etcd := testserver.RunEtcd(tb, cfg)
	tb.Cleanup(func() { _ = etcd.Close() })
	if err := os.Setenv(etcdURLEnv, cfg.ListenClientUrls[0].String()); err != nil {
		tb.Fatal(err)
	}
	// The fixture picks a random key prefix; a known one lets Stored find an object's key.
	stop, config, _, err := fixtures.StartDefaultServer(tb, "--etcd-prefix", storagePrefix)
	if err != nil {
		tb.Fatalf("starting the API server: %v", err)
	}
	tb.Cleanup(stop)
	// The loopback config is rate limited for a server's own use; tests send many requests.
	config = rest.CopyConfig(config)
	config.QPS, config.Burst = -1, 0
	s := &Server{Config: config, mapper: meta.NewDefaultRESTMapper(nil), tb: tb, etcd: etcd.Client}
	if s.Extensions, err = apiextclientset.NewForConfig(config); err != nil {
		tb.Fatal(err)
	}
	if s.Dynamic, err = dynamic.NewForConfig(config); err != nil {
		tb.Fatal(err)
	}
	return s
}

// ServeConversion starts, for the life of the server, a CRD conversion webhook for the kinds of
// scheme (see testsupport.ServeConversion). CRDs installed afterwards that convert by webhook
// are pointed at it, instead of at the in-cluster Service they name, which this server cannot
// reach.
func (s *Server) ServeConversion(scheme *runtime.Scheme) {
	url, ca := testsupport.ServeConversion(s.tb, scheme)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conversion = &apiextv1.WebhookClientConfig{URL: &url, CABundle: ca}
}

// InstallCRDs creates crds (several at once) and waits until every one is Established, or
// reports those that are not with their conditions. Their kinds are added to the REST mapping.
// CRDs that convert by webhook get the one ServeConversion started; without it, only objects of
// their storage version can be created.
func (s *Server) InstallCRDs(ctx context.Context, crds []*apiextv1.CustomResourceDefinition) error {
	s.mu.Lock()
	hook := s.conversion
	s.mu.Unlock()
	api := s.Extensions.ApiextensionsV1().CustomResourceDefinitions()
	errs := make([]error, len(crds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, crd := range crds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			in := crd.DeepCopy()
			in.ResourceVersion, in.Status = "", apiextv1.CustomResourceDefinitionStatus{}
			if c := in.Spec.Conversion; hook != nil && c != nil && c.Strategy == apiextv1.WebhookConverter && c.Webhook != nil {
				c.Webhook.ClientConfig = hook.DeepCopy()
			}
			if _, err := api.Create(ctx, in, createOptions()); err != nil {
				errs[i] = fmt.Errorf("creating CRD %s: %w", crd.Name, err)
			}
		}()
	}
	wg.Wait()
	var created []*apiextv1.CustomResourceDefinition
	var failed []error
	for i, err := range errs {
		if err != nil {
			failed = append(failed, err)
		} else {
			created = append(created, crds[i])
		}
	}
	if err := s.waitEstablished(ctx, created); err != nil {
		failed = append(failed, err)
	}
	for _, crd := range created {
		s.addMapping(crd)
	}
	return errors.Join(failed...)
}

// waitEstablished polls until every CRD has Established=True, for at most a minute.
func (s *Server) waitEstablished(ctx context.Context, crds []*apiextv1.CustomResourceDefinition) error {
	api := s.Extensions.ApiextensionsV1().CustomResourceDefinitions()
	pending := make(map[string]bool, len(crds))
	for _, c := range crds {
		pending[c.Name] = true
	}
	// Establishing takes longer with every CRD (each builds its schema and handlers), and a
	// shared 2-core machine is slow: a minute, and a second more per CRD.
	timeout := establishTimeout(len(crds))
	deadline := time.Now().Add(timeout)
	for {
		list, err := api.List(ctx, listOptions())
		if err != nil {
			return err
		}
		var notYet []string
		for _, c := range list.Items {
			if pending[c.Name] && !established(&c) {
				notYet = append(notYet, fmt.Sprintf("%s: %s", c.Name, conditions(&c)))
			}
		}
		found := 0
		for _, c := range list.Items {
			if pending[c.Name] {
				found++
			}
		}
		if found == len(pending) && len(notYet) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d CRDs not established after %s:\n  %s", len(notYet)+len(pending)-found, timeout, joinLines(notYet))
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		// Each list carries every schema: asking more often slows the server establishing them.
		case <-time.After(500 * time.Millisecond):
		}
	}
}

func established(c *apiextv1.CustomResourceDefinition) bool {
	for _, cond := range c.Status.Conditions {
		if cond.Type == apiextv1.Established && cond.Status == apiextv1.ConditionTrue {
			return true
		}
	}
	return false
}

func conditions(c *apiextv1.CustomResourceDefinition) string {
	out := ""
	for i, cond := range c.Status.Conditions {
		if i > 0 {
			out += "; "
		}
		out += fmt.Sprintf("%s=%s (%s: %s)", cond.Type, cond.Status, cond.Reason, cond.Message)
	}
	if out == "" {
		return "no conditions yet"
	}
	return out
}

func (s *Server) addMapping(crd *apiextv1.CustomResourceDefinition) {
	s.mu.Lock()
	defer s.mu.Unlock()
	scope := meta.RESTScopeNamespace
	if crd.Spec.Scope == apiextv1.ClusterScoped {
		scope = meta.RESTScopeRoot
	}
	for _, v := range crd.Spec.Versions {
		if !v.Served {
			continue
		}
		gv := schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name}
		s.mapper.AddSpecific(gv.WithKind(crd.Spec.Names.Kind), gv.WithResource(crd.Spec.Names.Plural), gv.WithResource(crd.Spec.Names.Singular), scope)
	}
}

// Mapper maps the kinds of the CRDs installed through InstallCRDs to their resources.
func (s *Server) Mapper() meta.RESTMapper { return s.mapper }

// Resource returns a dynamic client for objects of a kind installed through InstallCRDs, in
// namespace (ignored for cluster-scoped kinds).
func (s *Server) Resource(gvk schema.GroupVersionKind, namespace string) (dynamic.ResourceInterface, error) {
	s.mu.Lock()
	m, err := s.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	s.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%s was not installed through InstallCRDs: %w", gvk, err)
	}
	if m.Scope.Name() == meta.RESTScopeNameRoot {
		return s.Dynamic.Resource(m.Resource), nil
	}
	return s.Dynamic.Resource(m.Resource).Namespace(namespace), nil
}

// Client is a controller-runtime client for the kinds of scheme, mapped through Mapper (the
// server has no discovery for controller-runtime's default mapper to use).
func (s *Server) Client(scheme *runtime.Scheme) (client.Client, error) {
	return client.New(s.Config, client.Options{Scheme: scheme, Mapper: s.mapper})
}

// establishTimeout bounds the wait for n CRDs to become Established.
func establishTimeout(n int) time.Duration {
	return time.Minute + time.Duration(n)*time.Second
}
