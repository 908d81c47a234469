package cluster

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/armgen/armgen/internal/testsupport"
)

// ServeConversion serves, until tb's cleanups run, the CRD conversion webhook for the kinds of
// scheme over HTTPS on 127.0.0.1, as the operator's manager will in process, and returns where
// InstallCRDs should point CRDs. The handler is controller-runtime's, converting every version
// through its kind's hub with the generated ConvertTo/ConvertFrom.
func ServeConversion(tb testing.TB, scheme *runtime.Scheme) *WebhookConfig {
	url, ca, calls := testsupport.ServeCountedConversion(tb, scheme)
	return &WebhookConfig{URL: url, CABundle: ca, Calls: calls}
}
