package bench

import (
	"maps"
	"os"
	"testing"
	"time"
)

func TestParseSample(t *testing.T) {
	for _, tc := range []struct {
		line   string
		name   string
		labels map[string]string
		value  int
		ok     bool
	}{
		{line: `apiserver_request_total{code="200",group="network.azure.com",subresource="status",verb="PATCH"} 42`, name: "apiserver_request_total",
			labels: map[string]string{"code": "200", "group": "network.azure.com", "subresource": "status", "verb": "PATCH"}, value: 42, ok: true},
		{line: `apiserver_conversion_webhook_request_total{failure_type="",result="success"} 1.5e+03`, name: "apiserver_conversion_webhook_request_total",
			labels: map[string]string{"failure_type": "", "result": "success"}, value: 1500, ok: true},
		{line: `process_open_fds 12`, name: "process_open_fds", labels: map[string]string{}, value: 12, ok: true},
		{line: `# HELP apiserver_request_total Counter`},
		{line: ``},
		{line: `broken{`},
	} {
		name, labels, value, ok := parseSample(tc.line)
		if ok != tc.ok || name != tc.name || value != tc.value || !maps.Equal(labels, tc.labels) {
			t.Errorf("parseSample(%q) = %q %v %d %v; want %q %v %d %v", tc.line, name, labels, value, ok, tc.name, tc.labels, tc.value, tc.ok)
		}
	}
}

func TestProcessCPUTime(t *testing.T) {
	busy := CPUTime()
	for CPUTime()-busy < 50*time.Millisecond {
	}
	d, err := processCPUTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// /proc counts in ticks of 10 ms; rusage more finely.
	if self := CPUTime(); d < 50*time.Millisecond || d > self+clockTick {
		t.Errorf("/proc says %s, rusage %s", d, self)
	}
}
