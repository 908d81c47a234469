package bench

import (
	"net/http"
	"strings"

	"github.com/armgen/armgen/pkg/armfake"
)

// RequestCounts sorts what armfake received: ARM calls by what they were for, and token
// requests apart, as they are not ARM's load.
type RequestCounts struct {
	// ARM is every request under /subscriptions/: the sum of the others but Token.
	ARM int
	// Puts and Deletes on resources; Gets of resources (after an operation, and at resync).
	Puts, Gets, Deletes int
	// Polls are GETs of long-running operations (operationStatuses, operationResults).
	Polls int
	// Other ARM requests (PATCH, POST, lists).
	Other int
	// Token is everything outside ARM: Entra token and discovery requests.
	Token int
	// Failed are ARM answers of 400 and above, throttling and conflicts included.
	Failed int
}

// CountRequests sorts reqs.
func CountRequests(reqs []armfake.Request) RequestCounts {
	var c RequestCounts
	for _, r := range reqs {
		if !strings.HasPrefix(strings.ToLower(r.Path), "/subscriptions/") {
			c.Token++
			continue
		}
		c.ARM++
		if r.Status >= 400 || r.Status == 0 {
			c.Failed++
		}
		lower := strings.ToLower(r.Path)
		switch {
		case r.Method == http.MethodGet && (strings.Contains(lower, "/operationstatuses/") || strings.Contains(lower, "/operationresults/")):
			c.Polls++
		case r.Method == http.MethodPut:
			c.Puts++
		case r.Method == http.MethodGet:
			c.Gets++
		case r.Method == http.MethodDelete:
			c.Deletes++
		default:
			c.Other++
		}
	}
	return c
}
