package bench

import (
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"k8s.io/client-go/rest"
)

// TestReadOpenAPIAsksAgainAfterGatewayTimeout: the first /openapi/v2 after 231 CRDs took longer
// than the API server's 60 s request timeout on a busy machine, and BenchmarkCRDInstall failed
// with "GET .../openapi/v2: 504 Gateway Timeout" although the server went on building it.
func TestReadOpenAPIAsksAgainAfterGatewayTimeout(t *testing.T) {
	var v2Calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/openapi/v2":
			if v2Calls.Add(1) <= 2 {
				http.Error(w, "timeout", http.StatusGatewayTimeout)
				return
			}
			_, _ = w.Write([]byte(`{"swagger":"2.0"}`))
		case "/openapi/v3":
			_, _ = w.Write([]byte(`{"paths":{"apis/a.example/v1":{"serverRelativeURL":"/openapi/v3/apis/a.example/v1"}}}`))
		case "/openapi/v3/apis/a.example/v1":
			_, _ = w.Write([]byte(`{"openapi":"3.0.0"}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	got, err := ReadOpenAPI(t.Context(), &rest.Config{Host: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if v2Calls.Load() != 3 || got.V2Bytes != int64(len(`{"swagger":"2.0"}`)) || got.V3Paths != 1 {
		t.Errorf("v2 asked %d times, read %d bytes, %d v3 paths; want 3, 17, 1", v2Calls.Load(), got.V2Bytes, got.V3Paths)
	}
}

// TestReadOpenAPIGivesUpOnOtherErrors: only the server's timeout is asked again.
func TestReadOpenAPIGivesUpOnOtherErrors(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer srv.Close()
	if _, err := ReadOpenAPI(t.Context(), &rest.Config{Host: srv.URL}); err == nil || calls.Load() != 1 {
		t.Errorf("err %v after %d calls; want a 403 error after 1", err, calls.Load())
	}
}

// TestReadOpenAPIAsksAgainAfterALostConnection: `make bench-apiserver ALL=1` installed 1,337 CRDs
// in 33 minutes and then failed with "GET .../openapi/v2: http2: client connection lost": the
// busy server did not answer the client's health pings in time and the client dropped the
// connection while the server was building the document.
func TestReadOpenAPIAsksAgainAfterALostConnection(t *testing.T) {
	var v2Calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/openapi/v2":
			if v2Calls.Add(1) == 1 {
				conn, _, err := w.(http.Hijacker).Hijack()
				if err != nil {
					t.Error(err)
					return
				}
				_ = conn.(*net.TCPConn).SetLinger(0)
				_ = conn.Close()
				return
			}
			_, _ = w.Write([]byte(`{"swagger":"2.0"}`))
		case "/openapi/v3":
			_, _ = w.Write([]byte(`{"paths":{}}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	got, err := ReadOpenAPI(t.Context(), &rest.Config{Host: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	if v2Calls.Load() != 2 || got.V2Bytes != int64(len(`{"swagger":"2.0"}`)) {
		t.Errorf("v2 asked %d times, read %d bytes; want 2, 17", v2Calls.Load(), got.V2Bytes)
	}
}
