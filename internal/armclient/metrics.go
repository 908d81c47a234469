package armclient

import (
	"errors"
	"maps"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	ctrlmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"
)

// Metric names and labels are ASO's, so dashboards built for ASO keep working.
const (
	successfulRequestsName = "azure_successful_requests_total"
	failedRequestsName     = "azure_failed_requests_total"
	requestTimeName        = "azure_requests_time_seconds"

	labelResource     = "resource"
	labelRequestType  = "requestType"
	labelResponseCode = "responseCode"
)

// Metrics records every HTTP request to ARM, retries and polls included. A request that got an
// answer, whatever its status, counts as successful with that status as responseCode (so a
// dashboard can tell 2xx from 429 from 5xx); a request that got no answer (a network error, a
// cancelled context) counts as failed.
type Metrics struct {
	successful *prometheus.CounterVec
	failed     *prometheus.CounterVec
	duration   *prometheus.HistogramVec

	mu       sync.Mutex
	byMethod map[string]int
}

var (
	defaultMetricsOnce sync.Once
	defaultMetrics     *Metrics
	defaultMetricsErr  error
)

// DefaultMetrics are the metrics registered in controller-runtime's registry, which the
// manager serves on its metrics endpoint. They are registered once per process.
func DefaultMetrics() (*Metrics, error) {
	defaultMetricsOnce.Do(func() {
		defaultMetrics, defaultMetricsErr = NewMetrics(ctrlmetrics.Registry)
	})
	return defaultMetrics, defaultMetricsErr
}

// NewMetrics registers the request metrics in reg. Collectors already registered there under
// the same names are reused, so a second call (another test, another client) shares them
// instead of failing.
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{byMethod: map[string]int{}}
	var err error
	if m.successful, err = register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: successfulRequestsName,
		Help: "Requests to Azure Resource Manager that got an answer, by resource type, HTTP method and status.",
	}, []string{labelResource, labelRequestType, labelResponseCode})); err != nil {
		return nil, err
	}
	if m.failed, err = register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: failedRequestsName,
		Help: "Requests to Azure Resource Manager that got no answer, by resource type and HTTP method.",
	}, []string{labelResource, labelRequestType})); err != nil {
		return nil, err
	}
	if m.duration, err = register(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: requestTimeName,
		Help: "Time Azure Resource Manager requests took, by resource type and HTTP method.",
		// ARM answers in tens of milliseconds to tens of seconds.
		Buckets: []float64{0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60},
	}, []string{labelResource, labelRequestType})); err != nil {
		return nil, err
	}
	return m, nil
}

func register[C prometheus.Collector](reg prometheus.Registerer, c C) (C, error) {
	err := reg.Register(c)
	var are prometheus.AlreadyRegisteredError
	if errors.As(err, &are) {
		if existing, ok := are.ExistingCollector.(C); ok {
			return existing, nil
		}
	}
	return c, err
}

// record counts one request; status 0 means it got no answer.
func (m *Metrics) record(resource, method string, status int, took time.Duration) {
	if status == 0 {
		m.failed.WithLabelValues(resource, method).Inc()
	} else {
		m.successful.WithLabelValues(resource, method, strconv.Itoa(status)).Inc()
	}
	m.duration.WithLabelValues(resource, method).Observe(took.Seconds())
	m.mu.Lock()
	m.byMethod[method]++
	m.mu.Unlock()
}

// Stats are the requests recorded through this Metrics value, by HTTP method, answered or not.
// The Prometheus collectors may be shared with other Metrics values; these counts are not, so
// a test can count its own requests.
func (m *Metrics) Stats() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return maps.Clone(m.byMethod)
}
