// Command devcluster runs a local Kubernetes control plane for trying the operator by hand:
// kube-apiserver and etcd in this process (the test/e2e/cluster harness), the generated CRDs
// installed with their conversion webhook pointed at a controller on 127.0.0.1, and a
// kubeconfig for kubectl and cmd/controller. It runs until interrupted; nothing it stores
// survives it.
//
//	cd test/e2e && go run ./cmd/devcluster
//
// docs/operator.md walks through using it with cmd/armfake and cmd/controller.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/armgen/armgen/internal/testsupport"
	"github.com/armgen/armgen/test/e2e/cluster"
)

// certLifetime outlasts any dev session; the cluster, and the CRDs that trust the
// certificate, are gone when devcluster stops, so a long life exposes nothing.
const certLifetime = 30 * 24 * time.Hour

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "devcluster:", err)
		os.Exit(1)
	}
}

type options struct {
	kubeconfig  string
	certDir     string
	webhookPort int
	crdDir      string
}

func parse(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("devcluster", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: go run ./cmd/devcluster [flags]   (from test/e2e)\n\n"+
			"Runs kube-apiserver and etcd in this process, installs the generated CRDs with their\n"+
			"conversion webhook at https://127.0.0.1:<webhook-port>/convert, writes a kubeconfig,\n"+
			"and serves until Ctrl-C. Everything is gone when it stops.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	fs.StringVar(&o.kubeconfig, "kubeconfig", "armgen-dev.kubeconfig", "kubeconfig file to write for kubectl and the controller (removed on exit)")
	fs.StringVar(&o.certDir, "webhook-cert-dir", "", "directory for the webhook's tls.crt and tls.key, for the controller's --webhook-cert-dir (default: a new temporary directory)")
	fs.IntVar(&o.webhookPort, "webhook-port", 9443, "port on 127.0.0.1 the CRDs send conversions to: the controller's --webhook-port")
	fs.StringVar(&o.crdDir, "crds", "", "folder of CRD YAML to install (default: generated/crds of the checkout, found from the working directory up)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %v", fs.Args())
	}
	if o.webhookPort < 1 || o.webhookPort > 65535 {
		return o, fmt.Errorf("--webhook-port %d is not a port", o.webhookPort)
	}
	return o, nil
}

func run(args []string) error {
	o, err := parse(args)
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	if err != nil {
		return err
	}
	if o.crdDir == "" {
		if o.crdDir, err = findCRDs(); err != nil {
			return err
		}
	}
	if st, err := os.Stat(o.crdDir); err != nil || !st.IsDir() {
		return fmt.Errorf("--crds %s: not a folder of CRD YAML", o.crdDir)
	}
	if o.kubeconfig, err = filepath.Abs(o.kubeconfig); err != nil {
		return err
	}
	// Refuse a kubeconfig that is someone else's before spending seconds on a cluster.
	if err := checkKubeconfig(o.kubeconfig); err != nil {
		return err
	}

	// The harness takes a testing.TB; the stand-in TestMain uses serves a program as well: it
	// keeps the cleanups that stop the API server and etcd, and turns Fatal into an error.
	tb := testsupport.NewMainTB("armgen-devcluster")
	defer tb.RunCleanups()
	if o.certDir == "" {
		o.certDir = tb.TempDir()
	}
	if o.certDir, err = filepath.Abs(o.certDir); err != nil {
		return err
	}
	ca, err := cluster.WriteServingCert(o.certDir, time.Now(), certLifetime)
	if err != nil {
		return err
	}

	start := time.Now()
	fmt.Printf("starting etcd and kube-apiserver, then installing the CRDs of %s ...\n", o.crdDir)
	var c *cluster.Cluster
	hook := &cluster.WebhookConfig{URL: webhookURL(o.webhookPort), CABundle: ca}
	if err := tb.Run(func() {
		c = cluster.Start(tb)
		c.InstallCRDs(tb, o.crdDir, hook)
	}); err != nil {
		return fmt.Errorf("%w:\n%s", err, tb.Logs())
	}
	printTimings(tb.Logs())
	if err := cluster.WriteKubeconfig(o.kubeconfig, c.Config, contextName); err != nil {
		return err
	}
	defer os.Remove(o.kubeconfig) // it holds a token for a server that is about to go

	printReady(o, time.Since(start))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	fmt.Println("\nstopping: the cluster and everything in it go now")
	return nil
}

func webhookURL(port int) string {
	return "https://" + net.JoinHostPort("127.0.0.1", strconv.Itoa(port)) + "/convert"
}

// findCRDs looks for generated/crds from the working directory up, so that the default works
// from test/e2e (where go run is started) and from the checkout's root alike.
func findCRDs() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		candidate := filepath.Join(dir, "generated", "crds")
		if st, err := os.Stat(candidate); err == nil && st.IsDir() {
			return candidate, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no generated/crds in the working directory or above it: pass --crds DIR")
		}
		dir = parent
	}
}

// printTimings prints the harness's own lines (how long etcd, the API server and the CRDs
// took), not the test server's chatter about its fixtures.
func printTimings(logs string) {
	for line := range strings.Lines(logs) {
		if strings.HasPrefix(line, "cluster: ") {
			fmt.Print(line)
		}
	}
}

func printReady(o options, took time.Duration) {
	fmt.Printf(`
armgen dev cluster ready in %s.

  export KUBECONFIG=%s

The CRDs send conversions to %s (CA: %s).
Until a controller serves it, objects can be written only at their storage version: kubectl
apply of a sample fails with "conversion webhook for ... failed: ... connection refused".
Start one from the checkout's root, with the KUBECONFIG above and armfake's environment
(--crd-management none: these CRDs send conversions to the URL above, which the operator's own
CRDs, naming the in-cluster Service, would replace):

  go run ./cmd/controller --crd-management none --webhook-certs files --webhook-cert-dir %s \
    --webhook-port %d --webhook-host 127.0.0.1 --metrics-addr 127.0.0.1:8080 --health-addr 127.0.0.1:8081

There is no kube-controller-manager: deleted namespaces stay Terminating, and nothing
garbage-collects objects whose owner was deleted. Ctrl-C stops the cluster; it keeps nothing.
`, took.Round(100*time.Millisecond), o.kubeconfig, webhookURL(o.webhookPort),
		filepath.Join(o.certDir, cluster.CAFile), o.certDir, o.webhookPort)
}
