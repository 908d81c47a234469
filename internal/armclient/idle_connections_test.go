package armclient

import (
	"context"
	"encoding/pem"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// burstChildEnv marks the process TestDefaultTransportReusesBurstConnections runs itself in.
const burstChildEnv = "ARMCLIENT_BURST_CHILD"

// TestDefaultTransportReusesBurstConnections: a Client built with no Transport (as the operator
// builds it) keeps the connections a burst of concurrent requests opened to an HTTP/1.1
// endpoint, so the next burst dials none: no TLS handshake per request once busy. The client
// trusts the endpoint through SSL_CERT_FILE, read once per process, hence a process of its own.
func TestDefaultTransportReusesBurstConnections(t *testing.T) {
	if os.Getenv(burstChildEnv) == "" {
		srv := burstServer(t)
		caFile := filepath.Join(t.TempDir(), "ca.pem")
		ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
		if err := os.WriteFile(caFile, ca, 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run", "^TestDefaultTransportReusesBurstConnections$", "-test.v")
		cmd.Env = append(os.Environ(), burstChildEnv+"="+srv.URL, "SSL_CERT_FILE="+caFile)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		t.Logf("%s", out)
		return
	}
	endpoint := os.Getenv(burstChildEnv)
	m, err := NewMetrics(prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(staticToken{}, Options{Endpoint: endpoint + "/", Metrics: m})
	if err != nil {
		t.Fatal(err)
	}
	const concurrent = 40
	burst := func() {
		var wg sync.WaitGroup
		for i := range concurrent {
			wg.Go(func() {
				id := "/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg" + string(rune('a'+i%26))
				if err := c.GetByID(context.Background(), id, rgAPI, nil); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	probe := &http.Client{Transport: &http.Transport{}}
	burst()
	before := dialsOf(t, probe, endpoint)
	burst()
	if after := dialsOf(t, probe, endpoint); after != before {
		t.Errorf("the second burst of %d requests opened %d new connections, want 0: the first burst's were closed", concurrent, after-before)
	}
}

// burstServer answers every request after a moment over HTTP/1.1 (as armfake), counting the
// connections it accepts in the /dials answer.
func burstServer(t *testing.T) *httptest.Server {
	var dials atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/dials" {
			_, _ = w.Write([]byte(strconv.FormatInt(dials.Load(), 10)))
			return
		}
		time.Sleep(50 * time.Millisecond) // the burst's requests overlap
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{}`))
	}))
	srv.EnableHTTP2 = false
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			dials.Add(1)
		}
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

// dialsOf asks the burst server how many connections it has accepted, through probe (a client
// of its own, whose one connection is counted once).
func dialsOf(t *testing.T, probe *http.Client, endpoint string) int {
	t.Helper()
	resp, err := probe.Get(endpoint + "/dials")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
