package testsupport

import (
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// ServeConversion starts, until tb's cleanups run, a CRD conversion webhook over HTTPS on
// loopback that converts between the versions of the kinds in scheme as the operator's manager
// will (controller-runtime's handler: every version converts through the hub, the version
// with a Hub method). It returns the URL to put in a CRD and the PEM of the CA that signed the
// server's certificate (its own).
func ServeConversion(tb testing.TB, scheme *runtime.Scheme) (url string, caBundle []byte) {
	url, caBundle, _ = ServeCountedConversion(tb, scheme)
	return url, caBundle
}

// ServeCountedConversion is ServeConversion, also counting the reviews the webhook answers
// (and logging each object to the file ARMGEN_CONVERSION_LOG names, when set).
func ServeCountedConversion(tb testing.TB, scheme *runtime.Scheme) (url string, caBundle []byte, calls *ConversionCalls) {
	calls = &ConversionCalls{}
	calls.logFromEnv(tb)
	mux := http.NewServeMux()
	mux.Handle("/convert", calls.wrap(conversion.NewWebhookHandler(scheme)))
	srv := httptest.NewUnstartedServer(mux)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the API server probing TLS is no news
	// HTTP/2, as the manager's webhook server (controller-runtime's) offers it: the API server
	// then sends its reviews over one connection. Over HTTP/1.1 it opens a connection per review
	// beyond its idle pool, each a TLS handshake, a cost users never pay.
	srv.EnableHTTP2 = true
	srv.StartTLS()
	tb.Cleanup(srv.Close)
	return srv.URL + "/convert", pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), calls
}
