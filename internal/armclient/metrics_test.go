package armclient

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	ctrlmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
)

// TestDefaultMetrics: the metrics land in controller-runtime's registry under ASO's names, and
// registering again (another client, another call) shares them rather than failing.
func TestDefaultMetrics(t *testing.T) {
	m, err := DefaultMetrics()
	if err != nil {
		t.Fatal(err)
	}
	again, err := NewMetrics(ctrlmetrics.Registry)
	if err != nil {
		t.Fatalf("second registration: %v", err)
	}
	if again.successful != m.successful || again.failed != m.failed || again.duration != m.duration {
		t.Error("a second registration made new collectors")
	}
	m.record("Microsoft.Network/virtualNetworks", "PUT", 201, 1)
	m.record("Microsoft.Network/virtualNetworks", "GET", 0, 1)
	families, err := ctrlmetrics.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"azure_successful_requests_total": {"resource", "requestType", "responseCode"},
		"azure_failed_requests_total":     {"resource", "requestType"},
		"azure_requests_time_seconds":     {"resource", "requestType"},
	}
	for _, f := range families {
		labels, ok := want[f.GetName()]
		if !ok {
			continue
		}
		delete(want, f.GetName())
		var got []string
		for _, l := range f.GetMetric()[0].GetLabel() {
			got = append(got, l.GetName())
		}
		if len(got) != len(labels) {
			t.Errorf("%s labels %v, want %v", f.GetName(), got, labels)
		}
	}
	for name := range want {
		t.Errorf("%s is not in controller-runtime's registry", name)
	}
}

// TestMetricsClash: a collector of the same name but another shape is an error, not a panic.
func TestMetricsClash(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(prometheus.NewCounter(prometheus.CounterOpts{Name: "azure_failed_requests_total", Help: "other"}))
	if _, err := NewMetrics(reg); err == nil {
		t.Error("no error for a clashing collector")
	}
}
