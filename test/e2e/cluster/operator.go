package cluster

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/armgen/armgen/internal/manager"
	"github.com/armgen/armgen/internal/settings"
	"github.com/armgen/armgen/internal/webhookcerts"
)

// ServeWebhook runs a manager in webhooks mode, as a deployment with separate webhook and
// watcher pods would: it serves the conversion webhook for every test of a package, while each
// test runs its own watchers. The serving certificate is made here for 127.0.0.1.
func ServeWebhook(tb testing.TB, c *Cluster) *WebhookConfig {
	dir := tb.TempDir()
	caPEM, err := WriteServingCert(dir, time.Now(), time.Hour)
	if err != nil {
		tb.Fatal(err)
	}
	port := freePort(tb)
	op, err := manager.New(c.Config, manager.Options{
		Settings:        settings.Settings{OperatorMode: settings.ModeWebhooks},
		MetricsAddr:     "0",
		HealthAddr:      "0",
		WebhookHost:     "127.0.0.1",
		WebhookPort:     port,
		WebhookCerts:    webhookcerts.ModeFiles,
		WebhookCertDir:  dir,
		SeveralManagers: true,
	})
	if err != nil {
		tb.Fatal(err)
	}
	StartManager(tb, op)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caPEM)
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: pool})
		if err == nil {
			conn.Close()
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("the manager's webhook server did not start on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return &WebhookConfig{URL: "https://" + addr + "/convert", CABundle: caPEM}
}

// StartManager runs op until the returned stop is called (or tb's cleanups run).
func StartManager(tb testing.TB, op *manager.Operator) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := op.Start(ctx); err != nil {
			tb.Errorf("manager: %v", err)
		}
	})
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); wg.Wait() }) }
	tb.Cleanup(stop)
	return stop
}

func freePort(tb testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
