package reconciler

import (
	"errors"
	"sync"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
	ctrlmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
)

// Metrics count the PUTs the reconciler sends and those a resync found it did not need: Azure
// Service Operator re-sends every resource at every sync, so the second figure is what the
// comparison saves.
type Metrics struct {
	puts, avoided *prometheus.CounterVec
	// Counted again here so tests and benchmarks read them without scraping.
	putCount, avoidedCount atomic.Int64
}

var (
	defaultMetrics     *Metrics
	defaultMetricsOnce sync.Once
)

// DefaultMetrics are registered once in controller-runtime's registry, served with its metrics.
func DefaultMetrics() *Metrics {
	defaultMetricsOnce.Do(func() {
		defaultMetrics = NewMetrics(ctrlmetrics.Registry)
	})
	return defaultMetrics
}

// NewMetrics registers the counters in reg (reusing ones already there).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		puts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "armgen_puts_total",
			Help: "PUTs sent to Azure, by resource type.",
		}, []string{"resource"}),
		avoided: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "armgen_resync_puts_avoided_total",
			Help: "Resyncs that found Azure holding the spec and sent no PUT, by resource type.",
		}, []string{"resource"}),
	}
	m.puts = register(reg, m.puts)
	m.avoided = register(reg, m.avoided)
	return m
}

func register(reg prometheus.Registerer, c *prometheus.CounterVec) *prometheus.CounterVec {
	if err := reg.Register(c); err != nil {
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			if existing, ok := are.ExistingCollector.(*prometheus.CounterVec); ok {
				return existing
			}
		}
	}
	return c
}

func (m *Metrics) put(resource string) {
	m.puts.WithLabelValues(resource).Inc()
	m.putCount.Add(1)
}

func (m *Metrics) putAvoided(resource string) {
	m.avoided.WithLabelValues(resource).Inc()
	m.avoidedCount.Add(1)
}

// Counts returns the PUTs sent and the PUTs resyncs avoided since the Metrics were made.
func (m *Metrics) Counts() (puts, avoided int64) {
	return m.putCount.Load(), m.avoidedCount.Load()
}
