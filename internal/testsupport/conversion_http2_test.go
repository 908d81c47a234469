package testsupport

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"sync"
	"sync/atomic"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilnet "k8s.io/apimachinery/pkg/util/net"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
)

// TestConversionWebhookReusesItsConnection: the API server's webhook client (a transport with
// k8s.io's defaults: HTTP/2 when offered, 25 idle connections per host) sending many reviews at
// once reaches the test webhook over the connection it already has, as it reaches the manager's
// webhook server, which offers HTTP/2. Over HTTP/1.1 every review beyond the idle pool opens a
// connection and pays a TLS handshake (RSA): in the operator benchmark at 1,000 resources 17.6
// of the 196 CPU-s sampled in its process, which no user's cluster spends.
func TestConversionWebhookReusesItsConnection(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := clientgoscheme.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	url, ca, calls := ServeCountedConversion(t, scheme)
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(ca) {
		t.Fatal("the webhook's CA is not PEM")
	}
	transport := utilnet.SetTransportDefaults(&http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}})
	defer transport.CloseIdleConnections()
	client := &http.Client{Transport: transport}

	var dialled atomic.Int64
	trace := &httptrace.ClientTrace{GotConn: func(info httptrace.GotConnInfo) {
		if !info.Reused {
			dialled.Add(1)
		}
	}}
	review := func() error {
		// A review of no object: the webhook answers it (and counts it) like any other.
		body, err := json.Marshal(apiextv1.ConversionReview{
			TypeMeta: metav1.TypeMeta{APIVersion: "apiextensions.k8s.io/v1", Kind: "ConversionReview"},
			Request:  &apiextv1.ConversionRequest{UID: "u", DesiredAPIVersion: "v1"},
		})
		if err != nil {
			return err
		}
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req = req.WithContext(httptrace.WithClientTrace(t.Context(), trace))
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("review answered %s", resp.Status)
		}
		return nil
	}
	// The first review opens the connection.
	if err := review(); err != nil {
		t.Fatal(err)
	}
	dialled.Store(0)
	const concurrent = 64
	var wg sync.WaitGroup
	errs := make(chan error, concurrent)
	for range concurrent {
		wg.Go(func() {
			if err := review(); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if reviews, _ := calls.Counts(); reviews != concurrent+1 {
		t.Errorf("the webhook counted %d reviews, want %d", reviews, concurrent+1)
	}
	if n := dialled.Load(); n != 0 {
		t.Errorf("%d reviews sent at once opened %d connections (a TLS handshake each), want 0: the webhook should serve HTTP/2 as the manager's does", concurrent, n)
	}
}
