package bench

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"k8s.io/client-go/rest"
)

// APIRequests sorts what the API server served, read from its own metrics
// (apiserver_request_total, apiserver_conversion_webhook_request_total): the load the operator
// puts on the server, which a large fleet waits on.
type APIRequests struct {
	// Writes to the generated kinds (groups ending in azure.com): creates, updates, patches
	// and deletes of the objects themselves; StatusWrites those of their status.
	Writes, StatusWrites int
	// Reads are GETs of the generated kinds (not lists or watches).
	Reads int
	// Events are writes of Events.
	Events int
	// Conversions are calls of the conversion webhook.
	Conversions int
}

// Sub is a less b, counter by counter.
func (a APIRequests) Sub(b APIRequests) APIRequests {
	return APIRequests{
		Writes:       a.Writes - b.Writes,
		StatusWrites: a.StatusWrites - b.StatusWrites,
		Reads:        a.Reads - b.Reads,
		Events:       a.Events - b.Events,
		Conversions:  a.Conversions - b.Conversions,
	}
}

// CountAPIRequests reads the counters of the API server cfg reaches, since it started.
func CountAPIRequests(ctx context.Context, cfg *rest.Config) (APIRequests, error) {
	var out APIRequests
	hc, err := rest.HTTPClientFor(cfg)
	if err != nil {
		return out, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimSuffix(cfg.Host, "/")+"/metrics", nil)
	if err != nil {
		return out, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return out, fmt.Errorf("GET /metrics: %s", resp.Status)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		name, labels, value, ok := parseSample(sc.Text())
		if !ok {
			continue
		}
		switch name {
		case "apiserver_conversion_webhook_request_total":
			out.Conversions += value
		case "apiserver_request_total":
			verb := labels["verb"]
			write := verb == "POST" || verb == "PUT" || verb == "PATCH" || verb == "DELETE" || verb == "APPLY"
			switch {
			case labels["resource"] == "events" && write:
				out.Events += value
			case !strings.HasSuffix(labels["group"], "azure.com"):
			case write && labels["subresource"] == "status":
				out.StatusWrites += value
			case write:
				out.Writes += value
			case verb == "GET":
				out.Reads += value
			}
		}
	}
	return out, sc.Err()
}

// parseSample reads one line of Prometheus' text format: name{label="value",...} number.
func parseSample(line string) (name string, labels map[string]string, value int, ok bool) {
	if line == "" || line[0] == '#' {
		return "", nil, 0, false
	}
	series, num, found := strings.Cut(line, " ")
	if !found {
		return "", nil, 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil {
		return "", nil, 0, false
	}
	name, rest, hasLabels := strings.Cut(series, "{")
	labels = map[string]string{}
	if hasLabels {
		for pair := range strings.SplitSeq(strings.TrimSuffix(rest, "}"), ",") {
			k, val, found := strings.Cut(pair, "=")
			if found {
				labels[k] = strings.Trim(val, `"`)
			}
		}
	}
	return name, labels, int(v), true
}
